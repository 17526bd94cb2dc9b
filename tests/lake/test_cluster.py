"""How a build is split and run: its files into tasks, and the local cluster's workers of one thread each."""

from __future__ import annotations

import os

import polars as pl
from dask.distributed import Client

from soko_analytics.lake.build import group, task_bytes
from soko_analytics.lake.cluster import local_cluster
from soko_analytics.store.reading import Task

MB = 1_000_000


def files(*sizes: int) -> list[tuple[Task, int, int]]:
    return [(Task(f"f{i}", f"f{i}", i + 1), size, 0) for i, size in enumerate(sizes)]


def names(groups: list[list[Task]]) -> list[list[str]]:
    return [[task.name for task in tasks] for tasks in groups]


def test_a_group_ends_at_the_file_boundary_nearest_its_size():
    # 3 + 3 = 6 is 1 short of 7, 3 + 3 + 3 = 9 is 2 past: the third file starts the next group
    assert names(group(files(3, 3, 3, 3), 7)) == [["f0", "f1"], ["f2", "f3"]]
    # 3 + 3 = 6 reaches 5 (1 past it, where 3 was 2 short): the group ends there
    assert names(group(files(3, 3, 3, 3), 5)) == [["f0", "f1"], ["f2", "f3"]]
    # a file larger than a task is a task of its own; 1 + 1 + 1 is 7 short of 10, adding the 9 takes it 2 past
    assert names(group(files(20, 1, 1, 1, 9), 10)) == [["f0"], ["f1", "f2", "f3", "f4"]]


def test_the_benchmarks_twenty_files_make_a_task_each_on_two_workers():
    # 20 files of 7.6 MB over 2 workers: 152 MB / 16 tasks = 9.5 MB a task; a second file would take a task 5.7 MB
    # past that, where one is 1.9 MB short, so each file is a task (before: 7 tasks of 3, 3, 3, 3, 3, 3 and 2 files)
    sizes = [7_600_000] * 20
    size = task_bytes(sum(sizes), 2)
    assert size == 9_500_000
    assert [len(tasks) for tasks in group(files(*sizes), size)] == [1] * 20


def test_the_local_clusters_workers_run_polars_on_one_thread(client):
    pools = client.run(pl.thread_pool_size)
    assert len(pools) == 2
    assert set(pools.values()) == {1}


def test_starting_a_local_cluster_leaves_this_processs_environment_as_it_was(monkeypatch):
    # Dask sets its pre-spawn variables in the process that starts the workers; the build's own process (and what
    # it starts later) keeps its Polars pool and environment
    monkeypatch.delenv("POLARS_MAX_THREADS", raising=False)
    with local_cluster(1) as cluster, Client(cluster) as client:
        assert "POLARS_MAX_THREADS" not in os.environ
        assert set(client.run(pl.thread_pool_size).values()) == {1}
