"""``soko lake build``: hand-history files into a lake, the work split into tasks run on a Dask cluster.

The driver (this module) walks the paths as ``soko import`` does (:func:`~soko_analytics.parsers.iter_files`),
leaves out the files the lake's manifest lists with the same name, size and content hash, gives each other file
the next import id, and groups the files, in their order, into tasks of about :func:`task_bytes` bytes. Each task
runs in a worker (:mod:`.task`) and stages its parts; the driver decides which copy of each hand is stored
(:func:`.compact.decide`), the workers compact each partition's staged parts into its final part, and the driver
writes the quarantine's new records and, last, the manifest, renamed into place whole: until then nothing of the
build is read. With ``--hero``, the hands stored before that the store would rename (those of the files skipped,
those read again) take their hero too, their parts written again (:mod:`.heroes`). A build killed midway (or a
worker killed during a task: Dask runs the task again elsewhere) leaves staged and unlisted parts, which the next
build deletes before it starts; its files are not in the manifest, so that build reads them again, writing the
same part names.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import polars as pl

from ..errors import phrase
from ..model.counts import plural
from ..model.hand import composed
from ..parsers import Quarantined, iter_files
from ..store.db import LATEST
from ..store.lake import LAKE_TABLES, MANIFEST, Manifest
from ..store.reading import Task
from ..store.rows import SCHEMAS, Batch, file_hash
from ..store.writing import FileResult, ImportSummary
from . import records
from .cluster import LakeError, cluster, distributed, run_all, workers_of
from .compact import Compacted, Compaction, compact_partition, decide
from .heroes import Rewrite, rewrite_part, rewrites
from .layout import PARTITION, STAGING, content_name, write_part
from .task import TaskResult, TaskSpec, run_task

MIN_TASK = 1 << 20
MAX_TASK = 64 << 20
TASKS_PER_WORKER = 8
"""A build's bytes are split into about this many tasks per worker, each of :data:`MIN_TASK` to :data:`MAX_TASK`
bytes: the workers take the tasks in turn as they finish, and the last task runs while the other workers may have
nothing left, so the tasks are small beside a worker's share (with 4 a worker, 100,000 hands in 20 files of 7.6 MB
made 7 tasks of 3 files, and one worker ran the seventh alone: 1.5 s of 9.5)."""


@dataclass
class LakeSummary(ImportSummary):
    """What a build did: each file's result (the counts are the import's), the hands stored before whose hero
    ``--hero`` changed (``renamed``), the workers, the tasks, the time."""

    workers: int = 0
    tasks: int = 0

    def line(self) -> str:
        hands = self.stored + self.duplicate + self.quarantined
        rate = hands / self.seconds if self.seconds else 0
        failed = f", {self.failed_files} not readable" if self.failed_files else ""
        return (f"{plural(len(self.files), 'file')} ({self.skipped_files} unchanged, skipped{failed}): "
                f"{plural(self.stored, 'hand')} stored, {self.duplicate} duplicates, {self.quarantined} quarantined; "
                f"{plural(self.tasks, 'task')} on {plural(self.workers, 'worker')}; {self.seconds:.1f} s, "
                f"{rate:,.0f} hands/s{self.renamed_note()}")


def task_bytes(total: int, workers: int) -> int:
    """The bytes of a task (see :data:`TASKS_PER_WORKER`)."""
    return max(MIN_TASK, min(MAX_TASK, total // max(1, workers * TASKS_PER_WORKER)))


def group(files: list[tuple[Task, int, int]], size: int) -> list[list[Task]]:
    """Files (task, bytes, mtime in ns), in their order, into groups of about ``size`` bytes: a group ends at the
    file boundary nearest ``size`` (a file that would take it further past ``size`` than it is short starts the
    next group), or at ``size``."""
    groups: list[list[Task]] = []
    current: list[Task] = []
    held = 0
    for task, nbytes, _ in files:
        if current and held + nbytes - size > size - held:
            groups.append(current)
            current, held = [], 0
        current.append(task)
        held += nbytes
        if held >= size:
            groups.append(current)
            current, held = [], 0
    if current:
        groups.append(current)
    return groups


def build(paths: Iterable[str | Path], out: str | Path, workers: int = 2, scheduler: str | None = None,
          heroes: Iterable[str] = (), with_audit: bool = True, client: Any = None,
          size: int | None = None) -> LakeSummary:
    """Build the files of ``paths`` into the lake at ``out`` (see the module text); ``workers``: a local cluster's
    processes, ``scheduler``: an existing cluster's address instead; ``client``: a Dask client to use as it is;
    ``size``: the bytes of a task (default :func:`task_bytes`)."""
    started = time.perf_counter()
    if client is None:
        distributed()  # Dask missing: say what to install before anything is read or made
    lake = Path(out)
    if lake.exists() and not (lake / MANIFEST).exists() and not _unfinished(lake):
        raise LakeError(phrase("not a lake (it has no manifest, and it is not an empty folder): --out names a new "
                               "or empty folder, or a lake ({manifest} in it)", manifest=MANIFEST), path=str(lake))
    try:
        lake.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise LakeError(phrase("cannot make the lake's folder: {error}", error=str(err.strerror or err)),
                        path=str(lake)) from None
    manifest = Manifest.load(lake)
    if manifest.files and manifest.schema != LATEST:
        raise LakeError(phrase("the lake was built with store schema {schema}, this soko_analytics writes {latest}: "
                               "build a new lake", schema=manifest.schema, latest=LATEST), path=str(lake))
    summary = LakeSummary()
    walked = iter_files(paths)
    summary.problems = [item for item in walked if isinstance(item, Quarantined)]
    found = [item for item in walked if isinstance(item, Path)]
    todo = _changed(found, manifest, summary)
    first_id = manifest.next_import_id
    tasks = [(Task(str(path), str(path), first_id + i), nbytes, mtime) for i, (path, nbytes, mtime) in enumerate(todo)]
    _begin(lake, manifest)
    heroes = tuple(composed(name) for name in heroes)
    with cluster(workers, scheduler, client) as dask:
        summary.workers = workers_of(dask)
        groups = group(tasks, size or task_bytes(sum(n for _, n, _ in tasks), summary.workers))
        facts = {task.import_id: (nbytes, mtime) for task, nbytes, mtime in tasks}
        specs = [TaskSpec(content_name(*(f"{t.name}\0{t.import_id}\0{facts[t.import_id]}" for t in files)),
                          tuple(files), str(lake), heroes, with_audit) for files in groups]
        summary.tasks = len(specs)
        results: list[TaskResult] = run_all(dask, run_task, specs)
        run = content_name(*(spec.name for spec in specs))
        keys = pl.concat([r.keys for r in results], how="vertical_relaxed") if results else None
        kept, dropped = decide(keys, _stored_keys(lake, manifest)) if keys is not None else (None, None)
        merges, renames = _compactions(results, dropped, lake, run)
        compacted: list[Compacted] = [table for tables in [*run_all(dask, compact_partition, merges),
                                                            *map(compact_partition, renames)] for table in tables]
        renaming = _renaming(lake, manifest, summary, heroes, dropped)
        summary.renamed = sum(run_all(dask, rewrite_part, renaming))
    incoming = [r.quarantine for r in results] + [c.conflicts for c in compacted] + [_problems(summary, first_id)]
    records_in = pl.concat(incoming, how="vertical_relaxed")
    reread = pl.DataFrame([(i, info.path) for r in results for i, info in r.infos.items()],
                          schema={"import_id": pl.Int32, "path": pl.String}, orient="row")
    replaced: list[str] = []
    new_records = _write_quarantine(lake, manifest, records_in, kept, reread, run, replaced)
    _tally(summary, results, kept, dropped, new_records, _known(records_in, new_records), manifest)
    for c in compacted:
        if c.final is not None and c.final not in manifest.parts[c.table]:
            manifest.parts[c.table].append(c.final)
    for job in renaming:
        manifest.parts["hands"][manifest.parts["hands"].index(job.part)] = job.fresh
        replaced.append(job.part)
    manifest.next_import_id = first_id + len(tasks)
    manifest.runs += 1
    manifest.schema = LATEST
    manifest.save(lake)
    for part in replaced:
        (lake / part).unlink(missing_ok=True)
    shutil.rmtree(lake / STAGING, ignore_errors=True)  # last: the build is whole
    summary.seconds = time.perf_counter() - started
    return summary


def _unfinished(lake: Path) -> bool:
    """Whether ``lake`` is an empty folder, or one holding only what a first build killed before its manifest left
    (the tables' folders, the staged parts)."""
    return lake.is_dir() and all(entry.name in {*LAKE_TABLES, STAGING, f".{MANIFEST}.tmp"} for entry in lake.iterdir())


def _changed(found: list[Path], manifest: Manifest, summary: LakeSummary) -> list[tuple[Path, int, int]]:
    """The files not in the lake as they are (same name, size and content hash), with their bytes and time (0 and 0
    for a file that cannot be read: its task fails it, with why); the others are results skipped."""
    known: dict[tuple[str, int], set[str]] = {}
    for record in manifest.files:
        known.setdefault((record["path"], int(record["size"])), set()).add(record["content_hash"])
    todo = []
    for path in found:
        try:
            stat = path.stat()
            hashes = known.get((str(path), stat.st_size))
            if hashes and file_hash(path) in hashes:
                summary.files.append(FileResult(str(path), skipped=True, size=stat.st_size))
                continue
            todo.append((path, stat.st_size, stat.st_mtime_ns))
        except OSError:
            todo.append((path, 0, 0))
    return todo


def _begin(lake: Path, manifest: Manifest) -> None:
    """Mark a build begun: its :data:`STAGING` folder, made before anything is written and deleted when the build is
    whole. Found at the start, it says an earlier build did not finish: what it left is swept first."""
    if (lake / STAGING).exists():
        _sweep(lake, manifest)
    (lake / STAGING).mkdir()


def _sweep(lake: Path, manifest: Manifest) -> None:
    """Delete what no reader of the lake reads: staged parts and parts the manifest does not list (left by a build
    killed midway: its final parts, the quarantine parts it wrote or replaced, the hands parts it wrote again for
    ``--hero`` or replaced)."""
    shutil.rmtree(lake / STAGING, ignore_errors=True)
    for table in LAKE_TABLES:
        listed = set(manifest.parts.get(table, []))
        for path in (lake / table).glob("**/*.parquet") if (lake / table).is_dir() else ():
            if str(path.relative_to(lake)) not in listed:
                path.unlink(missing_ok=True)
        for path in (lake / table).glob("**/.*.tmp") if (lake / table).is_dir() else ():
            path.unlink(missing_ok=True)


def _stored_keys(lake: Path, manifest: Manifest) -> pl.DataFrame:
    """The key and content hash of every hand in the lake."""
    files = [str(lake / part) for part in manifest.parts["hands"]]
    if not files:
        return pl.DataFrame(schema={"hand_key": pl.Int64, "content_hash": pl.String})
    return pl.scan_parquet(files).select("hand_key", "content_hash").collect()


def _compactions(results: list[TaskResult], dropped: pl.DataFrame | None, lake: Path,
                 run: str) -> tuple[list[Compaction], list[Compaction]]:
    """One compaction per partition the tasks staged, with each table's staged parts and the copies to drop there:
    those that merge parts (run by the workers), and those that only rename each table's one staged part into place
    (run by the driver: a rename is no work to send to a worker, and the driver has it at once)."""
    staged: dict[str, dict[str, list[str]]] = {}
    for result in results:
        for table, folder, path in result.parts:
            staged.setdefault(folder, {}).setdefault(table, []).append(path)
    none = pl.DataFrame(schema={"hand_key": pl.Int64, "import_id": pl.Int32, "conflict": pl.Boolean})
    by_folder: dict[str, pl.DataFrame] = {}
    if dropped is not None and len(dropped):
        for (folder,), rows in dropped.group_by([PARTITION]):
            by_folder[str(folder)] = rows.select("hand_key", pl.col("import_id").cast(pl.Int32), "conflict")
    jobs = [Compaction(folder, {table: tuple(paths) for table, paths in tables.items()},
                       by_folder.get(folder, none), str(lake), run) for folder, tables in sorted(staged.items())]
    return [job for job in jobs if not job.renames], [job for job in jobs if job.renames]


def _renaming(lake: Path, manifest: Manifest, summary: LakeSummary, heroes: tuple[str, ...],
              dropped: pl.DataFrame | None) -> list[Rewrite]:
    """The ``hands`` parts to write again for ``--hero`` (:mod:`.heroes`): those of the hands the files skipped as
    unchanged stored (by the import ids the manifest gives their names) and of the hands read again as duplicates
    (the copies dropped, not as conflicts), as the store renames them."""
    if not heroes:
        return []
    skipped = {f.path for f in summary.files if f.skipped}
    ids = [int(record["import_id"]) for record in manifest.files if record["path"] in skipped]
    same = dropped.filter(~pl.col("conflict"))["hand_key"] if dropped is not None else pl.Series([], dtype=pl.Int64)
    return rewrites(lake, manifest.parts, heroes, ids, same)


def _problems(summary: LakeSummary, import_id: int) -> pl.DataFrame:
    """The folder walk's problems (sub-folders that cannot be read, broken links) as quarantine records."""
    batch = Batch()
    for problem in summary.problems:
        batch.add_quarantine(problem, import_id)
    return batch.quarantine_frame()


def _write_quarantine(lake: Path, manifest: Manifest, incoming: pl.DataFrame, kept: pl.DataFrame | None,
                      files: pl.DataFrame, run: str, replaced: list[str]) -> pl.DataFrame:
    """Add the build's new quarantine records as the run's part, and rewrite the earlier parts some of whose records
    a hand stored now resolves, or a file read again (``files``) no longer gives (the parts replaced added to
    ``replaced``, deleted once the manifest no longer lists them); the records added."""
    stored = kept.select("hand_id", "import_id") if kept is not None else pl.DataFrame()
    earlier = {part: pl.read_parquet(lake / part) for part in manifest.parts["quarantine"]}
    known = pl.concat(list(earlier.values()), how="vertical_relaxed") if earlier else \
        pl.DataFrame(schema=SCHEMAS["quarantine"])
    new = records.resolved(records.added(incoming, known), stored)
    for part, rows in earlier.items():
        mended = records.reread(records.resolved(rows, stored), incoming, files)
        if not mended.equals(rows):
            fresh = f"{Path(part).parent}/part-{run}.parquet"
            write_part(mended, "quarantine", lake / fresh)
            manifest.parts["quarantine"][manifest.parts["quarantine"].index(part)] = fresh
            replaced.append(part)
    if len(new):
        part = f"quarantine/run={manifest.runs + 1}/part-{run}.parquet"
        write_part(new, "quarantine", lake / part)
        manifest.parts["quarantine"].append(part)
    return new


def _known(incoming: pl.DataFrame, added: pl.DataFrame) -> dict[int, int]:
    """Per import id, the quarantine records of hands read that were not added, their text being open already: hands
    "already in the store" as the store counts them."""
    def of_hands(frame: pl.DataFrame) -> dict[int, int]:
        rows = frame.filter(pl.col("hand_id").is_not_null())
        return dict(rows.group_by("import_id").len().iter_rows()) if len(rows) else {}

    read, kept = of_hands(incoming), of_hands(added)
    return {import_id: n - kept.get(import_id, 0) for import_id, n in read.items() if n > kept.get(import_id, 0)}


def _tally(summary: LakeSummary, results: list[TaskResult], kept: pl.DataFrame | None, dropped: pl.DataFrame | None,
           new_records: pl.DataFrame, known: dict[int, int], manifest: Manifest) -> None:
    """Each file's result, and the manifest's record of each file read whole."""
    def counts(frame: pl.DataFrame | None) -> dict[int, int]:
        return dict(frame.group_by("import_id").len().iter_rows()) if frame is not None and len(frame) else {}

    stored = counts(kept)
    same = counts(dropped.filter(~pl.col("conflict")) if dropped is not None else None)
    quarantined = counts(new_records)
    now = datetime.now().isoformat()
    for result in results:
        for import_id, info in sorted(result.infos.items()):
            file = FileResult(info.path, size=info.size, format=info.format, error=info.failed,
                              stored=stored.get(import_id, 0),
                              duplicate=same.get(import_id, 0) + result.same_in_file.get(import_id, 0)
                              + known.get(import_id, 0),
                              quarantined=quarantined.get(import_id, 0))
            summary.files.append(file)
            if info.failed is None:
                manifest.files.append({
                    "import_id": import_id, "run_id": manifest.runs + 1, "path": info.path, "size": info.size,
                    "mtime": info.mtime.isoformat(), "content_hash": info.content_hash, "format": info.format,
                    "hands_stored": file.stored, "hands_duplicate": file.duplicate,
                    "hands_quarantined": file.quarantined, "started_at": now,
                    "duration_ms": int(result.seconds * 1000)})
