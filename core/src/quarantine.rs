//! What `quarantine.kind` says: why a hand or a file was not stored. Python's
//! `store/rows.py` `QUARANTINE_KINDS` is read from here (`soko_analytics/_vocab.py`).

crate::vocabulary! {
    /// Why a hand or a file was not stored (`quarantine.kind`).
    pub enum QuarantineKind {
        /// A game we do not replay.
        Unsupported = "unsupported",
        /// A hand the log does not finish.
        Incomplete = "incomplete",
        /// Text that breaks its format (or text that is not a hand).
        Malformed = "malformed",
        /// A hand whose id is stored with different content.
        Conflict = "conflict",
        /// A file that cannot be read.
        Unreadable = "unreadable",
        /// A hand or a compressed member over its size limit.
        TooLarge = "too_large",
        /// A bug of ours met on this hand.
        Internal = "internal",
        /// A stored hand whose rows were in a damaged Parquet part and whose text no longer reads
        /// (`soko repair`).
        Damaged = "damaged",
    }
}
