"""``soko lake build --hero`` on re-runs, against ``soko import --hero`` of the same files in the same order.

The store is the oracle: after each run, every hand's ``hero`` and the count of hands stored before whose hero
changed are the store's; where a run's heroes are simple enough, they are also worked from the hands' own text
(the first of the names seated at the table, none where none is).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from soko_analytics import api
from soko_analytics.lake import LakeSummary, build
from soko_analytics.store.db import Store
from soko_analytics.store.lake import MANIFEST, Manifest


def hands_of(text: str) -> list[str]:
    """The hands of a simulated text (they are separated by a blank line)."""
    return [h.strip() + "\n" for h in text.strip().split("\n\n") if h.strip()]


def seated(paths: list[Path]) -> dict[str, list[str]]:
    """Each hand's id and the players at its table, in seat order, read from the files' text."""
    tables = {}
    for path in paths:
        for hand in hands_of(path.read_text(encoding="utf-8")):
            hand_id = re.search(r"Hand #(\d+):", hand)
            assert hand_id is not None
            tables[hand_id.group(1)] = re.findall(r"^Seat \d+: (.+?) \(", hand, flags=re.MULTILINE)
    return tables


def by_hand(tables: dict[str, list[str]], heroes: tuple[str, ...]) -> dict[str, str | None]:
    """Each hand's hero worked by hand: the first of ``heroes`` seated at its table, None where none is."""
    return {hand_id: next((name for name in heroes if name in players), None) for hand_id, players in tables.items()}


def heroes_of(db: Path) -> dict[str, str | None]:
    with Store(db, read_only=True) as store:
        return dict(store.query("SELECT hand_id, hero FROM hands").iter_rows())


def on_disk_is_listed(out: Path) -> bool:
    """Whether the lake's folder holds exactly the parts its manifest lists (the replaced ones deleted)."""
    listed = json.loads((out / MANIFEST).read_text(encoding="utf-8"))["parts"]
    on_disk = [str(part.relative_to(out)) for part in out.rglob("*.parquet")]
    return sorted(on_disk) == sorted(part for parts in listed.values() for part in parts) and \
        not list(out.rglob(".*.tmp")) and not (out / "_staging").exists()


class Both:
    """A lake and a store given the same runs."""

    def __init__(self, folder: Path, client) -> None:
        self.out, self.db, self.client = folder / "lake", folder / "store.duckdb", client

    def run(self, paths: list[Path], heroes: tuple[str, ...] = ()) -> LakeSummary:
        """The run on both; the lake's summary once its heroes and count are checked against the store's."""
        lake = build(paths, self.out, client=self.client, heroes=heroes)
        store = api.import_paths(self.db, paths, heroes=heroes)
        assert (lake.stored, lake.skipped_files) == (store.stored, store.skipped_files)
        assert lake.renamed == store.renamed
        assert heroes_of(self.out) == heroes_of(self.db)
        assert on_disk_is_listed(self.out)
        return lake


@pytest.fixture()
def files(tmp_path):
    """Two files of hold'em (a.txt, and b.txt: copies of two of a.txt's hands and new ones) and one of Sökö, in
    another partition of the lake."""
    a = hands_of(api.simulate_text("holdem", hands=12, seed=3))
    (tmp_path / "a.txt").write_text("\n".join(a), encoding="utf-8")
    (tmp_path / "b.txt").write_text("\n".join([a[2], a[7], *hands_of(api.simulate_text("holdem", hands=4, seed=8))]),
                                    encoding="utf-8")
    (tmp_path / "c.txt").write_text(api.simulate_text("soko-casino", hands=6, seed=5), encoding="utf-8")
    return [tmp_path / name for name in ("a.txt", "b.txt", "c.txt")]


def test_a_rerun_with_hero_renames_the_hands_stored_before_as_the_store_does(tmp_path, client, files):
    a, b, c = files
    both = Both(tmp_path, client)
    tables = seated([a, c])
    assert set(by_hand(tables, ("Sanna",)).values()) == {"Sanna", None}  # she sits at some tables, not all
    assert both.run([a, c]).renamed == 0
    with Store(both.out, read_only=True) as lake:
        parts = len(lake.manifest.parts["hands"])
    assert parts == 2  # hold'em and Sökö: two partitions

    skipped = both.run([a, c], ("Sanna",))  # every file skipped: every hand stored before takes the new rule
    assert skipped.skipped_files == 2 and skipped.renamed == len(tables)  # each was the player dealt in, or none
    assert heroes_of(both.out) == by_hand(tables, ("Sanna",))
    assert skipped.line().endswith(f"; the hero of {len(tables)} hands stored before changed (--hero)")

    before = by_hand(tables, ("Sanna",))
    after = by_hand(tables, ("Liisa", "Sanna"))  # Liisa first where she sits
    second = both.run([a, c], ("Liisa", "Sanna"))
    assert second.renamed == sum(before[h] != after[h] for h in tables) > 0
    assert heroes_of(both.out) == after

    copies = both.run([b], ("Aino",))  # a.txt not given: only its two hands read again in b.txt are renamed
    assert (copies.stored, copies.duplicate) == (4, 2)
    new_tables = seated([b])
    assert copies.renamed == sum(after[h] != by_hand(new_tables, ("Aino",))[h] for h in new_tables if h in tables)
    assert heroes_of(both.out) == {**after, **by_hand(new_tables, ("Aino",))}

    a.write_text(a.read_text(encoding="utf-8") + "\n" + hands_of(api.simulate_text("holdem", hands=1, seed=9))[0],
                 encoding="utf-8")  # a changed file: read again whole, its hands stored before are duplicates
    grown = both.run([a, b, c], ("Eero",))
    assert (grown.stored, grown.skipped_files) == (1, 2) and grown.renamed > 0


class Killed(Exception):
    """A build's driver stopped at a chosen point, as a kill would stop it."""


@pytest.mark.parametrize("when", ["before the manifest", "after the manifest"])
def test_a_build_killed_midway_through_its_renames_is_finished_by_the_next(tmp_path, client, files, monkeypatch,
                                                                          when):
    a, _, c = files
    both = Both(tmp_path, client)
    both.run([a, c])
    unnamed = heroes_of(both.out)
    save = Manifest.save

    def killed(manifest: Manifest, folder: Path) -> None:
        if when == "after the manifest":
            save(manifest, folder)
        raise Killed

    monkeypatch.setattr(Manifest, "save", killed)
    with pytest.raises(Killed):
        build([a, c], both.out, client=client, heroes=("Sanna",))
    monkeypatch.undo()
    assert (both.out / "_staging").is_dir()  # the mark of a build begun, never finished
    hands = sorted(str(part.relative_to(both.out)) for part in (both.out / "hands").rglob("*.parquet"))
    assert len(hands) == 4  # each partition's old part and the one written again
    tables = seated([a, c])
    # The lake reads its old parts, or its new ones, whole:
    assert heroes_of(both.out) == (unnamed if when == "before the manifest" else by_hand(tables, ("Sanna",)))
    if when == "after the manifest":  # the build is whole but for deleting the old parts: the store's run too
        api.import_paths(both.db, [a, c], heroes=("Sanna",))
    finished = both.run([a, c], ("Sanna",))
    assert heroes_of(both.out) == by_hand(tables, ("Sanna",))
    assert finished.renamed == (len(tables) if when == "before the manifest" else 0)
