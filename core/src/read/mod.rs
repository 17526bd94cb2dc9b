//! The hand reader (being ported from soko_analytics/parsers).
