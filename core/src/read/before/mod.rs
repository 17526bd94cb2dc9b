//! main's partypoker and 888poker readers (before issue 39's speed work on them), kept while the
//! faster readers are proven to read every corpus hand and damaged copy alike ([`super::equal`]);
//! they go once proven.

#![allow(dead_code, clippy::too_many_lines)]

pub mod pacific;
pub mod party;
