//! The replayer (being ported from soko_analytics/replay).
