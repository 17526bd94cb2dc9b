"""The Dask cluster a build runs on: a local one of ``--workers N`` processes, or an existing one (``--scheduler``).

The only module of soko_analytics that imports Dask (an optional extra: ``pip install 'soko_analytics[dask]'``).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from ..errors import SokoError, phrase

INSTALL = "pip install 'soko_analytics[dask]'"


WORKER_THREADS = 1
"""A local worker's threads: the core's reader is one thread, and one process a worker keeps the GIL out of the way."""
WORKER_ENV = {"POLARS_MAX_THREADS": str(WORKER_THREADS)}
"""A local worker's environment: its Polars pool of the worker's threads too. A pool per core in each worker
process would make ``cores × workers`` threads, and one worker alone would use every core: it must be set before
the worker process starts (Polars sizes its pool when it is first imported, which a spawned process does before
Dask's ``env`` is applied), so it goes in as ``distributed.nanny.pre-spawn-environ``."""


class LakeError(SokoError):
    """A lake cannot be built: Dask missing, a scheduler out of reach, a folder that is not a lake."""


def distributed() -> Any:
    """``dask.distributed``, or a LakeError saying what to install."""
    try:
        import dask.distributed as module
    except ImportError:
        raise LakeError(phrase("soko lake build needs Dask, which is not installed: {install}",
                                   install=INSTALL)) from None
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
            raise LakeError(phrase("cannot reach the Dask scheduler at {scheduler}: {error}", scheduler=scheduler,
                                   error=str(err))) from None
        with made:
            yield made
        return
    with local_cluster(workers) as local, dask.Client(local) as made:
        yield made


@contextmanager
def local_cluster(workers: int) -> Iterator[Any]:
    """A Dask LocalCluster of ``workers`` processes of :data:`WORKER_THREADS` threads, with :data:`WORKER_ENV`
    (this process's own environment left as it was: Dask sets the pre-spawn variables here before each start)."""
    module = distributed()
    import dask

    kept = {name: os.environ.get(name) for name in WORKER_ENV}
    settings = {f"distributed.nanny.pre-spawn-environ.{name}": value for name, value in WORKER_ENV.items()}
    try:
        with dask.config.set(settings):
            local = module.LocalCluster(n_workers=workers, threads_per_worker=WORKER_THREADS, processes=True,
                                      dashboard_address=":0")
    finally:
        for name, value in kept.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
    with local:
        yield local


def workers_of(client: Any) -> int:
    """How many workers the cluster has."""
    return max(1, len(client.scheduler_info().get("workers", {})))


def run_all(client: Any, function: Callable[[Any], Any], items: Sequence[Any]) -> list[Any]:
    """``function`` over ``items`` on the cluster, each once (``pure=False``: never taken from an earlier result),
    the results in the order of ``items``."""
    if not items:
        return []
    return list(client.gather(client.map(function, list(items), pure=False)))
