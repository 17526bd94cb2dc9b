"""The lake tests' Dask cluster: a LocalCluster of two worker processes of one thread, started once per test process."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def client():
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster, \
            distributed.Client(cluster) as made:
        yield made
