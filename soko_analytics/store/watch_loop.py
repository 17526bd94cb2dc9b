"""The loop of ``soko watch``: which files of the watched folders to take, and when (issue 36).

The folders are walked once at the start (a restarted watch catches up with what arrived meanwhile: each file
is read from its stored offset), then each change the file system reports (``watchfiles``, an optional
dependency: ``pip install soko_analytics[watch]``) or, without it, each ``interval`` of polling, is taken by
:class:`.watch.Watcher`. A file with a hand still open is looked at again every ``interval`` until it has been
quiet for the settle time. In a folder a file is taken by the rule ``soko import`` walks folders by: a hand
history's suffix, or a hand history's header in its first bytes (hidden entries skipped).
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from ..parsers import HAND_HISTORY_SUFFIXES, sniff
from .db import Store
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
            for name in sorted(files):
                path = Path(root) / name
                if name.startswith("."):
                    continue
                if name.lower().endswith(HAND_HISTORY_SUFFIXES):
                    found.append(path)
                    continue
                try:
                    size = path.stat().st_size
                except OSError:
                    continue
                if passed.get(path) == size:
                    continue
                if size and sniff(path) is not None:
                    passed.pop(path, None)
                    found.append(path)
                else:
                    passed[path] = size
    return found


def _changes(folders: list[Path], interval: float, stop: threading.Event, polling: bool) -> Iterator[bool]:
    """Yields True after a change the file system reported, False after each quiet ``interval`` (every
    interval when polling), until ``stop`` is set."""
    if not polling:
        try:
            import watchfiles
        except ImportError:
            polling = True
    if polling:
        while not stop.wait(interval):
            yield False
        return
    for changes in watchfiles.watch(*folders, stop_event=stop, rust_timeout=max(1, int(interval * 1000)),
                                    yield_on_timeout=True, debounce=50, step=20):
        yield bool(changes)


def watch(store: Store, folders: Iterable[Path], heroes: Iterable[str] = (), interval: float = INTERVAL,
          settle: float = SETTLE, on_event: Callable[[Event], None] | None = None,
          stop: threading.Event | None = None, polling: bool = False) -> WatchSummary:
    """Import the hands of ``folders`` as they are written until ``stop`` is set or Ctrl-C; what was stored."""
    folders = list(folders)
    stop = stop or threading.Event()
    watcher = Watcher(store, heroes, settle, on_event)
    passed: dict[Path, int] = {}
    started = time.monotonic()
    try:
        watcher.poll(watcher.pending(hand_files(folders, passed)))  # catch up with what arrived meanwhile
        for _ in _changes(folders, interval, stop, polling):
            watcher.poll(watcher.pending(hand_files(folders, passed)))
    except KeyboardInterrupt:
        pass  # Ctrl-C: every hand taken is committed, and its offset with it
    finally:
        watcher.close()
    watcher.summary.seconds = time.monotonic() - started
    return watcher.summary
