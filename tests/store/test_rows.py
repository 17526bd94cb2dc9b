"""Rows of the store from every PokerStars hand of the shared corpus, checked against the DDL and the logs.

The rows are the compiled core's (``Batch.to_frames``: ``_core.hand_batch`` of the hands the Python
reader read). The expected columns and types are read from the schemas/*.sql files here, independently
of the code; money is checked against each log's own summary; keys, positions and labels against values
worked by hand; the frames are loaded into a DuckDB made from the DDL file, which is the final judge of
whether the types fit.
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
from collections import Counter
from functools import cache
from pathlib import Path

import duckdb
import polars as pl
import pytest

from soko_analytics.errors import SokoError
from soko_analytics.model.canonical import compared_json
from soko_analytics.model.hand import FORCED, Hand, Stakes
from soko_analytics.parsers import Quarantined, get_format, read_path, read_text
from soko_analytics.replay.audit import audit
from soko_analytics.rules.profiles import GAMES, PROFILES
from soko_analytics.sim.session import simulate
from soko_analytics.store.rows import BATCH_TABLES, ArrowStream, Batch
from tests.flows import added_money

from ..conftest import require_corpus

ROOT = Path(__file__).resolve().parents[2]
DDLS = sorted((ROOT / "schemas").glob("*.sql"))
CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "pokerstars"

# Logs whose own figures do not add up (the parser reads them as written; see tests/parsers).
KNOWN_BAD_SUMS = {
    "1003659126": "HM1 export: 'Total pot $12.35' is the pot after rake",
    "30702949": "Run It Once: a call of more than the raise; the pot total follows the log",
    "34011543": "Run It Once: a re-raise printed net of the raiser's own bet",
    "31260881": "Run It Once: a re-raise printed net of the raiser's own bet",
    "36197946": "Run It Once STP: the collect lines pay more than the summary's total pot less rake",
}
CASH_OUT_FILE = "2025-NL-6max-USD-0.05-0.10.cashout.txt"

# DuckDB type of the DDL → the Polars dtype a frame must have (written here, not imported).
DDL_TO_POLARS = {
    "BIGINT": pl.Int64, "INTEGER": pl.Int32, "SMALLINT": pl.Int16, "TINYINT": pl.Int8, "VARCHAR": pl.String,
    "BOOLEAN": pl.Boolean, "TIMESTAMP": pl.Datetime("us"), "DOUBLE": pl.Float64, "VARCHAR[]": pl.List(pl.String),
    "BIGINT[]": pl.List(pl.Int64),
}


def hand_key_of(site: str, hand_id: str) -> int:
    """``hands.hand_key`` as soko_analytics/schemas/README.md describes it: the first 8 bytes of blake2b-512
    over ``site NUL hand_id``, big-endian, masked to 63 bits."""
    digest = hashlib.blake2b(f"{site}\x00{hand_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big") & (2**63 - 1)


def ddl_columns() -> dict[str, list[tuple[str, str]]]:
    """Table → [(column, type)] in the order of the DDL file."""
    tables: dict[str, list[tuple[str, str]]] = {}
    text = "\n".join(p.read_text() for p in DDLS)
    for m in re.finditer(r"CREATE TABLE (?:IF NOT EXISTS )?(\w+) \((.*?)\n\);", text, re.DOTALL):
        columns = []
        for line in m.group(2).splitlines():
            words = line.strip().rstrip(",").split()
            if words and words[0] not in ("PRIMARY", "UNIQUE"):
                columns.append((words[0], words[1]))
        tables[m.group(1)] = columns
    for m in re.finditer(r"ALTER TABLE (\w+) ADD COLUMN (\w+) ([\w\[\]]+)", text):
        tables[m.group(1)].append((m.group(2), m.group(3)))
    return tables


# -- the corpus, read once -------------------------------------------------------------------


@cache
def corpus_results() -> tuple[list[Hand], list[Quarantined]]:
    """The corpus's hands, each once (two files copy a hand of another: the store keeps one), and its
    quarantine records."""
    hands: dict[tuple[str, str], Hand] = {}
    quarantined: list[Quarantined] = []
    for path in sorted(CORPUS.rglob("*.txt")):
        for h in read_path(path, "pokerstars"):
            if isinstance(h, Hand):
                hands.setdefault((h.site, h.hand_id), h)
            else:
                quarantined.append(h)
    return list(hands.values()), quarantined


@pytest.fixture(scope="module")
def corpus_hands() -> list[Hand]:
    require_corpus()
    return corpus_results()[0]


@pytest.fixture(scope="module")
def built(corpus_hands) -> tuple[Batch, dict[str, pl.DataFrame]]:
    batch = Batch()
    for hand in corpus_hands:
        batch.add_hand(hand)
    for q in corpus_results()[1]:
        batch.add_quarantine(q, 7, "unsupported" if q.unsupported else "incomplete")
    return batch, batch.to_frames()


@pytest.fixture(scope="module")
def frames(built) -> dict[str, pl.DataFrame]:
    return built[1]


def by_hand(frame: pl.DataFrame, key: int) -> pl.DataFrame:
    return frame.filter(pl.col("hand_key") == key)


def rows_of(hands: list[Hand]) -> dict[str, pl.DataFrame]:
    """The core's rows of some hands, unaudited."""
    batch = Batch()
    for hand in hands:
        batch.add_hand(hand)
    return batch.to_frames(with_audit=False)


# -- shape -----------------------------------------------------------------------------------


def test_frames_have_exactly_the_ddl_columns_and_types(frames):
    ddl = ddl_columns()
    assert set(frames) == set(BATCH_TABLES) and set(BATCH_TABLES) <= set(ddl)
    for table, frame in frames.items():
        assert frame.columns == [name for name, _ in ddl[table]], table
        assert frame.dtypes == [DDL_TO_POLARS[kind] for _, kind in ddl[table]], table


def test_one_hands_row_per_hand_with_unique_keys(built, corpus_hands):
    batch, frames = built
    hands = frames["hands"]
    assert len(batch) == hands.height == len(corpus_hands) >= 720
    assert hands["hand_key"].n_unique() == hands.height
    assert hands.select(pl.struct("site", "hand_id").n_unique()).item() == hands.height
    assert hands["hand_key"].min() >= 0
    assert hands["content_hash"].n_unique() == hands.height
    assert hands["audited"].all() and hands["audit_ok"].null_count() == 0
    assert (hands["import_id"] == 0).all() and (hands["format"] == "pokerstars").all()
    assert set(hands["game"]) == {"holdem", "stud7", "stud7-hilo", "omaha", "omaha-hilo", "omaha5", "omaha5-hilo",
                                  "omaha6", "razz", "draw5", "single-draw27", "triple-draw27", "badugi", "short-deck",
                                  "courchevel", "courchevel-hilo"}
    assert set(hands["structure"]) == {"no_limit", "fixed_limit", "pot_limit"}
    assert hands["source_file"].str.ends_with(".txt").all() and (hands["source_line"] >= 1).all()
    for table in ("seats", "actions", "cards"):
        keys = frames[table].group_by("hand_key").len()
        assert keys.height == hands.height, table
    assert (frames["actions"].group_by("hand_key").agg(pl.col("seq").max() + 1 == pl.len())["seq"]).all()


def test_without_the_audit_there_are_no_pots_or_findings(built):
    frames = built[0].to_frames(with_audit=False)
    hands = frames["hands"]
    assert hands.height == built[1]["hands"].height
    assert not hands["audited"].any() and hands["audit_ok"].null_count() == hands.height
    assert frames["pots"].is_empty() and frames["findings"].is_empty()
    assert frames["seats"].equals(built[1]["seats"]) and frames["actions"].equals(built[1]["actions"])


def test_hand_key_is_stable_and_63_bit(frames, corpus_hands):
    hands = frames["hands"]
    assert hands["hand_key"].to_list() == [hand_key_of(*row) for row in hands.select("site", "hand_id").rows()]
    assert hands.filter(pl.col("hand_id") == "257180854570")["hand_key"].item() == 3542748997892466021
    hand = corpus_hands[0]
    keys = rows_of([hand, dataclasses.replace(hand, site="Full Tilt")])["hands"]["hand_key"].to_list()
    assert keys == [hand_key_of(hand.site, hand.hand_id), hand_key_of("Full Tilt", hand.hand_id)]
    assert keys[0] != keys[1]  # the same hand id on another site


# -- money -----------------------------------------------------------------------------------


def seat_sums(frames) -> pl.DataFrame:
    sums = frames["seats"].group_by("hand_key").agg(
        pl.col("net").sum(), pl.col("put_in").sum(), pl.col("collected").sum(), pl.col("cash_out").sum())
    return frames["hands"].join(sums, on="hand_key")


def test_money_is_conserved_per_hand(frames, corpus_hands):
    """net = collected + cash_out - put_in, so Σnet + rake = cash-outs (site money) + STP (site money), less
    a pot the site keeps ("pot not awarded as player cashed out")."""
    added = {hand_key_of(h.site, h.hand_id): added_money(h) for h in corpus_hands}
    rows = seat_sums(frames).filter(~pl.col("hand_id").is_in(list(KNOWN_BAD_SUMS)))
    checked = 0
    columns = ("hand_key", "net", "rake", "cash_out", "collected", "total_pot")
    for key, net, rake, cash_out, collected, total in rows.select(*columns).iter_rows():
        kept = total - rake if cash_out and not collected else 0
        assert net + rake + kept == cash_out + added[key], key
        checked += 1
    assert checked >= 840
    # the cash-out logs: one hold'em, two 6 Card Omaha, one 6+ Hold'em
    assert rows.filter(pl.col("cash_out") > 0).height == 4


def test_put_in_adds_up_to_the_total_pot(frames, corpus_hands):
    added = {hand_key_of(h.site, h.hand_id): added_money(h) for h in corpus_hands}
    assert sum(1 for v in added.values() if v) == 2  # the STP hands (one a known bad sum)
    rows = seat_sums(frames).filter(~pl.col("hand_id").is_in(list(KNOWN_BAD_SUMS)))
    for key, put_in, total in rows.select("hand_key", "put_in", "total_pot").iter_rows():
        assert put_in == total - added[key], key


def test_the_cash_out_hand(frames):
    hand = frames["hands"].filter(pl.col("source_file").str.ends_with(CASH_OUT_FILE))
    seats = by_hand(frames["seats"], hand["hand_key"].item())
    player3 = seats.filter(pl.col("player") == "Player3").row(0, named=True)
    assert (player3["put_in"], player3["collected"], player3["cash_out"], player3["net"]) == (1353, 0, 2277, 924)
    assert hand["stakes"].item() == "0.05/0.10 USD" and hand["decimals"].item() == 2


# -- actions ---------------------------------------------------------------------------------


def test_pot_before_starts_at_zero_and_grows_until_the_first_uncalled(frames):
    """Logs without an ``Uncalled bet`` line get the excess back after the last bet, as the ledger reads them."""
    forced = [str(k) for k in FORCED]
    bets = [*forced, "fold", "check", "call", "bet", "raise", "complete", "small_and_big_blind"]
    checked = 0
    for (key,), rows in frames["actions"].group_by("hand_key"):
        rows = rows.sort("seq")
        first_post = rows.filter(pl.col("kind").is_in(forced)).head(1)
        assert first_post["pot_before"].item() == 0, key
        uncalled = rows.filter(pl.col("kind") == "uncalled")
        end = rows.filter(pl.col("kind").is_in(bets))["seq"].max() if uncalled.is_empty() else uncalled["seq"].min()
        assert rows.filter(pl.col("seq") <= end)["pot_before"].diff().drop_nulls().min() >= 0, key
        checked += 1
    assert checked >= 720


def test_the_pot_at_the_first_collect_is_the_logs_total_pot(frames, corpus_hands):
    """Independent of the ledger: the log's summary ``Total pot`` (less site money, STP)."""
    added = {hand_key_of(h.site, h.hand_id): added_money(h) for h in corpus_hands}
    first = frames["actions"].filter(pl.col("kind") == "collect").group_by("hand_key").agg(pl.col("pot_before").first())
    rows = first.join(frames["hands"], on="hand_key").filter(~pl.col("hand_id").is_in(list(KNOWN_BAD_SUMS)))
    assert rows.height >= 720
    for key, pot, total in rows.select("hand_key", "pot_before", "total_pot").iter_rows():
        assert pot == total - added[key], key


def test_a_call_adds_what_there_was_to_call(frames):
    """Independent of the pot arithmetic: a call that is not all-in is exactly to_call.

    Except where a second small blind is posted (a player coming in posts a dead small blind): the
    ledger counts every small blind toward the street, so that hand's to_call is off by the dead chip.
    """
    dead = frames["actions"].filter(pl.col("kind") == "small_blind").group_by("hand_key").len().filter(
        pl.col("len") > 1)["hand_key"]
    calls = frames["actions"].join(frames["hands"].select("hand_key", "hand_id"), on="hand_key").filter(
        (pl.col("kind") == "call") & ~pl.col("all_in") & ~pl.col("hand_id").is_in(list(KNOWN_BAD_SUMS))
        & ~pl.col("hand_key").is_in(dead.to_list()))
    assert calls.height > 1500 and len(dead) == 1
    assert calls.filter(pl.col("amount") != pl.col("to_call")).is_empty()
    others = frames["actions"].filter(pl.col("kind").is_in(["ante", "small_blind", "big_blind", "collect", "show"]))
    assert (others["to_call"] == 0).all()


def test_the_cash_out_hand_action_by_action(frames):
    key = frames["hands"].filter(pl.col("source_file").str.ends_with(CASH_OUT_FILE))["hand_key"].item()
    rows = by_hand(frames["actions"], key).sort("seq")
    assert rows.select("player", "kind", "pot_before", "to_call").head(9).rows() == [
        ("Hero", "small_blind", 0, 0), ("Player5", "big_blind", 5, 0), ("Player6", "fold", 15, 10),
        ("Player1", "raise", 15, 10), ("Player2", "fold", 45, 30), ("Player3", "raise", 45, 30),
        ("Hero", "fold", 135, 85), ("Player5", "fold", 135, 80), ("Player1", "call", 135, 60),
    ]
    assert rows["street_name"].to_list()[9:] == ["FLOP"] * 2 + ["TURN"] * 6 + ["showdown"] * 4
    show = rows.filter(pl.col("kind") == "show").row(0, named=True)
    assert (show["cards"], show["text"], show["source_line"]) == ("Qs Js", "a full house, Queens full of Aces", 32)
    assert rows.filter(pl.col("kind") == "uncalled")["pot_before"].item() == 195 + 186 + 1496 + 1170
    assert rows.filter(pl.col("kind") == "collect")["pot_before"].item() == 2721  # the log's total pot


# -- seats, cards ----------------------------------------------------------------------------


def test_positions_of_a_six_max_hand(frames):
    """Seat #3 is the button; Hero (seat 4) posts the small blind, Player5 the big; Player6 acts first."""
    key = frames["hands"].filter(pl.col("source_file").str.ends_with(CASH_OUT_FILE))["hand_key"].item()
    seats = by_hand(frames["seats"], key).sort("seat")
    assert dict(seats.select("player", "position").rows()) == {
        "Player3": "BTN", "Hero": "SB", "Player5": "BB", "Player6": "UTG", "Player1": "MP", "Player2": "CO"}
    hero = seats.filter(pl.col("is_hero")).row(0, named=True)
    assert (hero["player"], hero["hole_cards"], hero["shown_cards"]) == ("Hero", "9s 6s", None)
    assert seats.filter(pl.col("player") == "Player1")["shown_cards"].item() == "Qs Js"
    assert seats["is_hero"].sum() == 1


def test_positions_with_a_dead_button_or_no_small_blind(frames):
    """PokerBros: the button seat (2) is empty, seat 3 posts the small blind. The 'no sb' MTT hand: the
    button (Dealer, seat 9) is followed by the big blind, nobody posts a small blind."""
    def positions(hand_id: str) -> dict[str, str]:
        key = frames["hands"].filter(pl.col("hand_id") == hand_id)["hand_key"].item()
        return dict(by_hand(frames["seats"], key).select("player", "position").rows())

    assert positions("1616183514566") == {"1081005": "SB", "1236927": "BB", "793547": "UTG", "1084145": "MP",
                                          "1087383": "CO"}
    assert positions("3210674180") == {"Dealer": "BTN", "Big Blind": "BB", "HOOP": "UTG", "UTGplus1": "MP",
                                       "UTGplus2": "CO"}


def test_positions_heads_up_and_nine_handed(frames):
    """Heads-up, the button posts the small blind and is BTN, the other BB (hand 35602851942). Nine-handed
    (hand 14402833808, button seat 7): SB, BB, then UTG, UTG+1, UTG+2, MP, HJ and CO back to the button."""
    def positions(hand_id: str) -> list[str]:
        key = frames["hands"].filter(pl.col("hand_id") == hand_id)["hand_key"].item()
        return by_hand(frames["seats"], key).sort("seat")["position"].to_list()

    assert positions("35602851942") == ["BTN", "BB"]  # seats 2 and 4
    assert positions("14402833808") == ["UTG", "UTG+1", "UTG+2", "MP", "HJ", "CO", "BTN", "SB", "BB"]  # seats 1-9


def test_every_player_dealt_in_has_a_position_of_his_own(frames):
    """Over every hold'em hand with a button: one label per player dealt in, none twice, nobody else labelled."""
    hands = frames["hands"].filter((pl.col("game") == "holdem") & pl.col("button").is_not_null())
    seats = frames["seats"].filter(pl.col("hand_key").is_in(hands["hand_key"].to_list()))
    assert (seats["dealt_in"] == seats["position"].is_not_null()).all()
    per_hand = seats.filter(pl.col("dealt_in")).group_by("hand_key").agg(
        pl.len().alias("n"), pl.col("position").n_unique().alias("labels"))
    assert per_hand.height == hands.height > 700 and (per_hand["n"] == per_hand["labels"]).all()
    assert set(per_hand["n"]) >= {2, 6, 9, 10}


def test_blinds_sit_where_the_positions_say(frames):
    """Over every hold'em hand with one small and one big blind posted, three or more players in."""
    posts = frames["actions"].filter(pl.col("kind").is_in(["small_blind", "big_blind"]))
    single = posts.group_by("hand_key").agg(pl.col("kind").sort()).filter(
        pl.col("kind") == pl.lit(["big_blind", "small_blind"]))
    hands = frames["hands"].filter((pl.col("game") == "holdem") & (pl.col("players_dealt") >= 3))
    keys = set(single["hand_key"]) & set(hands["hand_key"])
    labelled = posts.filter(pl.col("hand_key").is_in(list(keys))).join(
        frames["seats"], on=["hand_key", "player"]).select("kind", "position")
    wrong = labelled.filter((pl.col("kind") == "small_blind") != (pl.col("position") == "SB"))
    assert len(keys) > 600 and wrong.height <= 5, wrong


def test_stud_has_no_positions_and_deals_down_and_up_cards(frames):
    stud = frames["hands"].filter(pl.col("game") == "stud7")
    assert stud.height == 11 and stud["button"].null_count() == 11
    seats = frames["seats"].filter(pl.col("hand_key").is_in(stud["hand_key"].to_list()))
    assert seats["position"].null_count() == seats.height
    cards = frames["cards"].filter(pl.col("hand_key").is_in(stud["hand_key"].to_list()))
    assert cards.filter(pl.col("up"))["known"].all()
    assert cards.filter(pl.col("player").is_null()).is_empty()
    assert set(frames["actions"].filter(pl.col("hand_key").is_in(stud["hand_key"].to_list()))["street_name"]) >= {
        "3rd STREET", "4th STREET", "RIVER", "showdown"}


def test_cards_rows_follow_the_deals(frames, corpus_hands):
    counts = Counter({hand_key_of(h.site, h.hand_id): sum(len(d.cards) for d in h.deals) for h in corpus_hands})
    per_hand = dict(frames["cards"].group_by("hand_key").len().rows())
    assert per_hand == counts
    assert frames["cards"].filter(pl.col("known") != pl.col("card").is_not_null()).is_empty()
    board = frames["cards"].filter(pl.col("player").is_null())
    assert (board["up"]).all() and set(board["street"]) == {0, 1, 2, 3}  # 0: Courchevel's first board card


def test_seats_dealt_in_matches_players_dealt(frames):
    dealt = frames["seats"].group_by("hand_key").agg(pl.col("dealt_in").sum().alias("n"))
    joined = frames["hands"].join(dealt, on="hand_key")
    assert (joined["n"] == joined["players_dealt"]).all()
    assert frames["seats"].group_by("hand_key").agg(pl.col("is_hero").sum())["is_hero"].max() == 1


# -- audit, quarantine ------------------------------------------------------------------------


def test_pots_and_findings_come_from_the_audit(frames, corpus_hands):
    """The core's audit against the Python one (replay.audit) on a hand with side pots."""
    audited = frames["hands"].filter(pl.col("audited"))
    pots = frames["pots"]
    assert set(pots["hand_key"]) <= set(audited["hand_key"]) and pots.height >= audited.height
    assert (pots["winners"].list.len() == pots["shares"].list.len()).all()
    assert (pots["eligible"].list.len() >= 1).all()
    hand = next(h for h in corpus_hands if h.hand_id not in KNOWN_BAD_SUMS and len(audit(h).pots) > 1)
    result = audit(hand)
    rows = by_hand(pots, hand_key_of(hand.site, hand.hand_id)).sort("pot_index")
    assert rows.select("amount", "eligible", "winners", "shares").rows() == [
        (p.amount, list(p.eligible), list(p.winners), list(p.winners.values())) for p in result.pots]
    findings = frames["findings"]
    if not findings.is_empty():
        assert set(findings["severity"]) <= {"error", "warning", "info"}
    not_ok = audited.filter(~pl.col("audit_ok"))["hand_key"]
    assert set(not_ok) <= set(findings.filter(pl.col("severity") == "error")["hand_key"])


def test_pot_lists_keep_empty_lists_and_odd_names():
    """A pot nobody can be shown to win has no winners; a name with a control character still round-trips.

    The cash-out log with Player1 renamed ``a\\x1fb``: as written, he shows the winning full house; with
    both hands unshown (the show lines dropped, the summary saying "collected" and "mucked"), nobody is
    shown to win."""
    text = (CORPUS / "cash" / "Flop" / CASH_OUT_FILE).read_text().replace("Player1", "a\x1fb")
    unshown = "".join(line for line in text.splitlines(keepends=True) if ": shows [" not in line).replace(
        "showed [Qs Js] and won ($25.96) with a full house, Queens full of Aces", "collected ($25.96)").replace(
        "showed [Th Tc] and lost with a full house, Tens full of Aces", "mucked")
    batch = Batch()
    for log in (text, unshown):
        (hand,) = read_text(log, "renamed.txt")
        batch.add_hand(hand)
    frames = batch.to_frames()
    assert frames["pots"].select("amount", "eligible", "winners", "shares").rows() == [
        (2596, ["a\x1fb", "Player3"], ["a\x1fb"], [2596]), (2596, ["a\x1fb", "Player3"], [], [])]
    assert frames["hands"]["audit_ok"].to_list() == [True, True]


def test_an_empty_batch_has_typed_empty_frames():
    frames = Batch().to_frames()
    ddl = ddl_columns()
    assert all(f.height == 0 and f.dtypes == [DDL_TO_POLARS[k] for _, k in ddl[t]] for t, f in frames.items())


def test_quarantine_rows(frames, corpus_hands):
    q = frames["quarantine"]
    _, quarantined = corpus_results()
    assert q.height == len(quarantined) > 0
    assert set(q["kind"]) == {"incomplete"}  # every game of the corpus is read
    assert q["content_hash"].to_list() == [hashlib.blake2b(x.raw.encode(), digest_size=16).hexdigest()
                                           for x in quarantined]
    with pytest.raises(SokoError, match="unknown quarantine kind"):
        Batch().add_quarantine(quarantined[0], 1, "weird")


# -- content hash ------------------------------------------------------------------------------


def test_content_hash_follows_the_content_not_the_source(corpus_hands):
    path = CORPUS / "cash" / "Flop" / CASH_OUT_FILE
    first, again = next(read_path(path, "pokerstars")), next(read_path(path, "pokerstars"))
    moved = dataclasses.replace(first, source=None, raw="", action_lines=())
    changed = list(first.actions)
    changed[3] = changed[3]._replace(amount=changed[3].amount + 1)
    hashes = rows_of([first, again, moved, dataclasses.replace(first, actions=tuple(changed))])["hands"]["content_hash"]
    assert hashes[0] == hashes[1] == hashes[2] != hashes[3]


def _renamed(hand: Hand, names: dict[str, str]) -> Hand:
    """The hand with its players renamed everywhere."""
    return dataclasses.replace(
        hand, seats=tuple(s._replace(name=names.get(s.name, s.name)) for s in hand.seats),
        deals=tuple(d._replace(player=names.get(d.player, d.player) if d.player else d.player) for d in hand.deals),
        actions=tuple(a._replace(player=names.get(a.player, a.player)) for a in hand.actions))


def test_content_hash_is_blake2b_of_the_documented_canonical_form(corpus_hands):
    """``hands.content_hash`` is blake2b-128 of ``hand-v2 NUL`` and ``canonical.compared_json`` (Python's own
    ``json`` and ``hashlib``, not the core): every corpus and sample hand, simulated hands of every profile, and
    names that JSON must escape (quotes, backslashes, control characters, non-ASCII)."""
    samples = Path(__file__).resolve().parents[2] / "soko_analytics" / "sample_data"
    hands = list(corpus_hands)
    hands += [h for p in sorted(samples.glob("*.txt")) for h in read_path(p) if isinstance(h, Hand)]
    hands += [h for profile in PROFILES for h in simulate(profile, 40, players=6, seed=5)]
    odd = ['a"b', "back\\slash", "tab\tnew\nline\r", "bell\x07 \x1f \x7f", "Sökö ♠ 😀", "/slash/"]
    for i, hand in enumerate(hands[:len(odd) * 10:10]):
        hands.append(_renamed(hand, {hand.seats[0].name: odd[i], hand.seats[-1].name: odd[-1 - i]}))
    want = [hashlib.blake2b(b"hand-v2\0" + compared_json(h).encode(), digest_size=16).hexdigest() for h in hands]
    assert len(hands) > 1_500
    assert rows_of(hands)["hands"]["content_hash"].to_list() == want


def test_content_hash_survives_writing_and_reading_back(corpus_hands):
    hands = corpus_hands[::7]
    backs = []
    for hand in hands:
        (back,) = get_format("pokerstars").parse(get_format("pokerstars").write([hand]), "written.txt")
        assert back == hand, hand.hand_id
        backs.append(back)
    assert len(hands) > 100
    assert rows_of(backs)["hands"]["content_hash"].to_list() == rows_of(hands)["hands"]["content_hash"].to_list()


# -- labels ------------------------------------------------------------------------------------


def test_stakes_labels(corpus_hands):
    """``hands.stakes`` of one hand under other stakes (unaudited: the label is all that is read)."""
    labels = {
        Stakes(2, "USD", "$", small_blind=1, big_blind=2): "0.01/0.02 USD",
        Stakes(2, "USD", "$", ante=1, bring_in=2, small_bet=4, big_bet=8): "0.04/0.08 ante 0.01 USD",
        Stakes(0, ante=5, min_bet=10, max_bet=100): "10-100 ante 5",
        Stakes(2, "USD", "$", small_blind=25, big_blind=50, cap=1000): "0.25/0.50 cap 10.00 USD",
        Stakes(0, small_blind=10, big_blind=20, small_bet=20, big_bet=40): "20/40",
        Stakes(0, ante=5): "ante 5",
    }
    hands = [dataclasses.replace(corpus_hands[0], stakes=stakes) for stakes in labels]
    assert rows_of(hands)["hands"]["stakes"].to_list() == list(labels.values())


def test_every_profile_has_a_game():
    assert set(GAMES) == set(PROFILES)
    assert GAMES["soko-casino"] == GAMES["soko-finnish"] == "soko"


# -- DuckDB ------------------------------------------------------------------------------------


def test_frames_load_into_a_duckdb_made_from_the_ddl(frames):
    con = duckdb.connect()
    for ddl_file in DDLS:
        con.execute(ddl_file.read_text())
    ddl = ddl_columns()
    for table, frame in frames.items():
        source = ArrowStream(frame)  # noqa: F841 (read by DuckDB's replacement scan; no pyarrow needed)
        types = [row[1] for row in con.execute("DESCRIBE SELECT * FROM source").fetchall()]
        assert types == [kind for _, kind in ddl[table]], table  # the frame's types are the DDL's, no cast
        con.execute(f"INSERT INTO {table} SELECT * FROM source")
        assert con.execute(f"SELECT count(*) FROM {table}").fetchone()[0] == frame.height, table
    net = dict(con.execute("SELECT player, sum(net) FROM seats GROUP BY player").fetchall())
    expected = dict(frames["seats"].group_by("player").agg(pl.col("net").sum()).rows())
    assert net == expected
    assert con.execute("SELECT count(*) FROM hands WHERE start_utc IS NOT NULL").fetchone()[0] > 700
