"""Layers import downward only (STYLE.md §1), and heavy libraries stay in their layer."""

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "soko_analytics"

# Lower number = lower layer. A module may import its own layer or lower ones.
LAYERS = {
    "errors": 0,
    "model": 1,
    "i18n": 1,
    "rules": 2,
    "replay": 3,
    "parsers": 3,
    "native": 3,
    "_core": 0,
    "_vocab": 0,
    "_vocab_write": 0,
    "store": 4,
    "sim": 4,
    "lake": 4,
    "stats": 5,
    "reports": 6,
    "api": 7,
    "cli": 8,
}
# Third-party libraries only these layers may import.
OWNERS = {"typer": {"cli"}, "rich": {"cli"}, "duckdb": {"store"}, "dask": {"lake"}, "distributed": {"lake"}, "plotly": {"reports"},
          "babel": {"i18n"}}


def _layer(parts: tuple[str, ...]) -> str:
    top = parts[0]
    if top == "__main__":
        return "cli"
    if top == "__init__":
        return "api"  # the package's own namespace is the facade (soko_analytics.open)
    return top


def _modules():
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).with_suffix("")
        yield path, rel.parts


def _imports(path: Path, parts: tuple[str, ...]):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = list(parts[: len(parts) - node.level])
                target = ".".join(["soko_analytics", *base] + ([node.module] if node.module else []))
                if node.module is None:
                    for alias in node.names:
                        yield f"{target}.{alias.name}"
                    continue
                yield target
            else:
                yield node.module or ""


@pytest.mark.parametrize("path, parts", list(_modules()), ids=lambda x: "/".join(x) if isinstance(x, tuple) else "")
def test_imports_go_downward(path, parts):
    own = _layer(parts)
    assert own in LAYERS, f"{path}: add its folder to LAYERS"
    for name in _imports(path, parts):
        root = name.split(".")[0]
        if root == "soko_analytics":
            rest = name.split(".")[1:]
            if not rest:
                continue
            target = _layer(tuple(rest))
            assert LAYERS[target] <= LAYERS[own], f"{path} ({own}) imports {name} ({target}), a higher layer"
        elif root in OWNERS:
            assert own in OWNERS[root], f"{path} imports {root}, which only {sorted(OWNERS[root])} may"
