"""Type stub of the compiled core (the Rust crate in core/): see soko_analytics/native.py and core/src/py/."""

from typing import Any

__version__: str

def __getattr__(name: str) -> Any: ...
