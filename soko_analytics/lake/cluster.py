"""The Dask cluster a build runs on: a local one of ``--workers N`` processes, or an existing one (``--scheduler``).

The only module of soko_analytics that imports Dask (an optional extra: ``pip install 'soko_analytics[dask]'``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from ..errors import SokoError

INSTALL = "pip install 'soko_analytics[dask]'"


WORKER_ENV = {"POLARS_MAX_THREADS": "1"}
"""A local worker's environment: one thread for Polars too (a pool per core in each worker process would make
``cores × workers`` threads write the parts)."""


class LakeError(SokoError):
    """A lake cannot be built: Dask missing, a scheduler out of reach, a folder that is not a lake."""


def distributed() -> Any:
    """``dask.distributed``, or a LakeError saying what to install."""
    try:
        import dask.distributed as module
    except ImportError:
        raise LakeError(f"soko lake build needs Dask, which is not installed: {INSTALL}") from None
    return module


@contextmanager
def cluster(workers: int, scheduler: str | None = None, client: Any = None) -> Iterator[Any]:
    """A Dask client: ``client`` as given, else one of the scheduler at ``scheduler``, else of a local cluster of
    ``workers`` processes of one thread each (the core's reader is one thread; a process each keeps the GIL out of
    the way)."""
    if client is not None:
        yield client
        return
    dask = distributed()
    if scheduler:
        try:
            made = dask.Client(scheduler, timeout="20s")
        except (OSError, TimeoutError) as err:
            raise LakeError(f"cannot reach the Dask scheduler at {scheduler}: {err}") from None
        with made:
            yield made
        return
    with dask.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0",
                           env=WORKER_ENV) as local, dask.Client(local) as made:
        yield made


def workers_of(client: Any) -> int:
    """How many workers the cluster has."""
    return max(1, len(client.scheduler_info().get("workers", {})))


def run_all(client: Any, function: Callable[[Any], Any], items: Sequence[Any]) -> list[Any]:
    """``function`` over ``items`` on the cluster, each once (``pure=False``: never taken from an earlier result),
    the results in the order of ``items``."""
    if not items:
        return []
    return list(client.gather(client.map(function, list(items), pure=False)))
