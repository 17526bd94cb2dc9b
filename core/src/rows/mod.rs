//! Hands as rows of the store's tables, gathered column by column into Arrow batches
//! (`soko_analytics/store/rows.py` `SCHEMAS` gives their Polars schemas).

pub mod audit;
pub mod columns;
pub mod hand;
pub mod players;
pub mod tables;
pub mod tourney;
