"""Writes testdata/specs.json (run from the repository root: `python core/src/read/testdata/specs.py >
core/src/read/testdata/specs.json`): every rules text the site corpus, these hand-written logs and the PokerStars
header table read to, with its spec as `native.spec_json` gives it, for the readers' equality harness
(`read/equal.rs`), which has no Python to ask."""
import json
import sys
from pathlib import Path

from soko_analytics.model.hand import Hand
from soko_analytics.native import spec_json
from soko_analytics.parsers import read_path

rules = set()
roots = [Path("../shared/corpus/sites"), Path("core/src/read/testdata")]
for root in roots:
    for path in sorted(root.rglob("*")):
        if not path.is_file() or path.suffix == ".json":
            continue
        try:
            for record in read_path(path):
                if isinstance(record, Hand):
                    rules.add(record.rules)
        except Exception as err:  # noqa: BLE001
            print("skip", path, err, file=sys.stderr)
# every game the PokerStars header table names, so a port reading a game no corpus hand has still finds its spec
import re
games = Path("core/src/read/pokerstars.rs").read_text()
table = games[games.index("pub const GAMES"):games.index("/// Profiles that play fixed limit")]
rules.update(re.findall(r'"([a-z0-9-]+(?:; [a-z_=;\s]+)?)",?\s*\)', table))
specs = {r: json.loads(spec_json(r)) for r in sorted(rules)}
print(json.dumps(specs, sort_keys=True, separators=(",", ":")))
print(len(specs), sorted(specs), file=sys.stderr)
