"""The lake tests' Dask cluster: ``soko lake build``'s own LocalCluster of two worker processes of one thread,
started once per test process."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def client():
    from dask.distributed import Client

    from soko_analytics.lake.cluster import local_cluster

    with local_cluster(2) as cluster, Client(cluster) as made:
        yield made
