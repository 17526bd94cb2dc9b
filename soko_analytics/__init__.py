"""soko_analytics: hand-history analysis for Sökö, Texas Hold'em and Seven Card Stud."""

__version__ = "0.1.0"
