//! (being ported: see the module of the same concern in soko_analytics/)
