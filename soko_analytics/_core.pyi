"""Type stub of the compiled core (the Rust crate in core/): see soko_analytics/native.py and core/src/py/."""

from typing import Any

__version__: str
ADDED_MONEY: tuple[str, ...]
IN_POT_FROM_START: tuple[str, ...]

def __getattr__(name: str) -> Any: ...
