//! The compiled core of soko_analytics, exposed to Python as `soko_analytics._core`.
//!
//! Modules by concern: `cards` and `model` (the hand as a log tells it), `source` and `split`
//! (bytes to text to one piece per hand), `read` (a reader per format family), `spec` (game
//! specs and profiles, handed over from Python as data), `eval` (hand values), `replay` (betting,
//! pots, showdown, findings), `facts` (per-player rows), `rows` (the store's tables as Arrow batches), `timestamp` (the canonical
//! form's date-times as microseconds), and the Python bindings in `py`.

pub mod canonical;
pub mod cards;
pub mod eval;
pub mod facts;
pub mod formats;
pub mod keys;
pub mod ledger;
pub mod model;
pub mod money;
pub mod pipeline;
pub mod prizes;
mod py;
pub mod quarantine;
pub mod read;
pub mod replay;
pub mod rows;
pub mod rules;
pub mod said;
pub mod source;
pub mod spec;
pub mod split;
pub mod texts;
pub mod timestamp;
pub mod vocab;

pub use py::_core;
