"""The loop of ``soko watch``: which files of the watched folders to take, and when (issue 36).

The folders are walked once at the start (a restarted watch catches up with what arrived meanwhile: each file
is read from its stored offset). Then the files the file system reports changed (``watchfiles``, an optional
dependency: ``pip install soko_analytics[watch]``) are taken by :class:`.watch.Watcher`; without it (or with
``polling``) the folders are walked each ``interval`` and the files changed since last seen are taken. A file
with a hand still open is looked at again every ``interval`` until it has been quiet for the settle time. In a
folder a file is taken by the rule ``soko import`` walks folders by: a hand history's suffix, or a hand
history's header in its first bytes (hidden entries skipped).
"""

from __future__ import annotations

import importlib.util
import os
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from ..parsers import HAND_HISTORY_SUFFIXES, sniff
from .db import Interrupted, Store
from .duck import interrupted
from .watch import SETTLE, Event, Watcher, WatchSummary

INTERVAL = 0.5
"""Seconds between looks at the folders when polling, and at files with a hand still open."""


def hand_files(folders: Iterable[Path], passed: dict[Path, int]) -> list[Path]:
    """The hand-history files under ``folders`` (sorted; hidden entries skipped); ``passed``: the files found not
    to be hand histories by their first bytes, with their size then, sniffed again only when it changes."""
    found: list[Path] = []
    for folder in folders:
        if folder.is_file():
            found.append(folder)
            continue
        for root, dirs, files in os.walk(folder):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            found.extend(path for name in sorted(files) if is_hand_file(path := Path(root) / name, passed))
    return found


def is_hand_file(path: Path, passed: dict[Path, int]) -> bool:
    """Whether a file in a watched folder is a hand history, by the rule of :func:`hand_files`."""
    if path.name.startswith("."):
        return False
    if path.name.lower().endswith(HAND_HISTORY_SUFFIXES):
        return path.is_file()
    try:
        size = path.stat().st_size
    except OSError:
        return False
    if passed.get(path) == size:
        return False
    if size and sniff(path) is not None:
        passed.pop(path, None)
        return True
    passed[path] = size
    return False


def watch_mode(polling: bool) -> str:
    """``notified`` when the file system's notifications can be had (the ``watchfiles`` package) and polling is
    not asked for; ``polling`` otherwise."""
    return "polling" if polling or importlib.util.find_spec("watchfiles") is None else "notified"


def _changes(folders: list[Path], interval: float, stop: threading.Event, mode: str
             ) -> Iterator[set[Path] | None]:
    """Yields the paths the file system reports changed, or None after each quiet ``interval`` (each interval
    when polling), until ``stop`` is set."""
    if mode == "polling":
        while not stop.wait(interval):
            yield None
        return
    import watchfiles

    for changes in watchfiles.watch(*folders, stop_event=stop, rust_timeout=max(1, int(interval * 1000)),
                                    yield_on_timeout=True, debounce=50, step=20):
        yield {Path(path) for _, path in changes} if changes else None


def watch(store: Store, folders: Iterable[Path], heroes: Iterable[str] = (), interval: float = INTERVAL,
          settle: float = SETTLE, on_event: Callable[[Event], None] | None = None,
          stop: threading.Event | None = None, polling: bool = False) -> WatchSummary:
    """Import the hands of ``folders`` as they are written until ``stop`` is set or Ctrl-C; what was stored.

    Ctrl-C ends it cleanly wherever it lands: between takes, or inside one (an import, a DuckDB query), where the
    take stops at its last committed chunk and its offsets are not written: the next watch reads those bytes
    again and finds their hands stored."""
    folders = [Path(os.path.abspath(folder)) for folder in folders]  # the names the file system reports
    stop = stop or threading.Event()
    watcher = Watcher(store, heroes, settle, on_event)
    watcher.summary.mode = mode = watch_mode(polling)
    polling = mode == "polling"
    passed: dict[Path, int] = {}
    started = time.monotonic()
    try:
        watcher.poll(watcher.pending(hand_files(folders, passed)))  # catch up with what arrived meanwhile
        for changed in _changes(folders, interval, stop, mode):
            if changed is None and polling:
                todo = watcher.pending(hand_files(folders, passed))
            else:  # the files the system named, and those with a hand still open
                named = sorted(path for path in changed or () if is_hand_file(path, passed))
                todo = named + sorted(watcher.open - set(named))
            watcher.poll(todo)
    except (KeyboardInterrupt, Interrupted):
        pass  # Ctrl-C: see the docstring
    except Exception as err:
        if not interrupted(err):
            raise
    finally:
        watcher.close()
    watcher.summary.seconds = time.monotonic() - started
    return watcher.summary
