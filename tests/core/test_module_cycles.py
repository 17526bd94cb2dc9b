"""No cycle between the core's modules (issue 39): the graph of `crate::` / `super::` / `self::` paths between the
modules of ``core/src`` has no cycle, at the top level nor among the children of any folder.

The granularity. A module is a file (``a.rs``, ``a/b.rs``), a folder's ``mod.rs`` (the folder itself) or an inline
``mod name { … }``. A path used in module ``M`` that names module ``T`` (the longest prefix of the path that is a
module; a re-export is not followed) is an edge ``M → T``. Edges between a module and one of its own descendants
(a folder's ``mod.rs`` and its children, ``super::*`` in a child) are the folder's own business and are left out;
any other edge is drawn between the two siblings under the modules' deepest common folder: ``read::bovada::lines →
read::values`` is ``read::bovada → read::values``, ``split::scan → read::header`` is ``split → read``. So a cycle
is reported among the top-level modules and among the children of every folder. Code under ``#[cfg(test)]`` (an
inline ``mod tests`` or a file declared so) is left out: a test may reach across.
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "core" / "src"

_LEXEME = re.compile(r"""
    (?P<comment>//[^\n]*|/\*(?:.|\n)*?\*/)
  | (?P<string>b?r(?P<hashes>\#*)"(?:.|\n)*?"(?P=hashes)|b?"(?:\\.|[^"\\])*")
  | (?P<char>b?'(?:\\(?:x[0-9a-fA-F]{2}|u\{[0-9a-fA-F]+\}|.)|[^\\'\n])')
  | (?P<cfg_test>\#\[cfg\(test\)\])
  | (?P<mod>\bmod\s+(?P<name>[A-Za-z_]\w*)\s*\{)
  | (?P<path>\b(?:crate|super|self)(?:\s*::\s*(?:\{|[A-Za-z_]\w*))+)
  | (?P<open>\{)
  | (?P<close>\})
""", re.VERBOSE)
"""What the scan of a file looks at: comments and literals (skipped), ``#[cfg(test)]``, an inline module's start,
a path from ``crate``/``super``/``self``, and braces (to know where an inline module ends)."""
_SEGMENT = re.compile(r"[A-Za-z_]\w*")


def module_of(path: Path) -> tuple[str, ...]:
    """The module a file holds: ``lib.rs`` the crate, ``a/mod.rs`` and ``a.rs`` the module ``a``."""
    parts = path.relative_to(SRC).with_suffix("").parts
    if parts[-1] in ("mod", "lib"):
        parts = parts[:-1]
    return parts


def use_tree(text: str, start: int) -> tuple[list[list[str]], int]:
    """The paths of a use tree or path starting at ``text[start]`` (``a::{b, c::d as e}`` → ``a::b``, ``a::c::d``),
    and where it ends."""
    paths: list[list[str]] = []

    def skip_space(i: int) -> int:
        while i < len(text) and text[i].isspace():
            i += 1
        return i

    def walk(i: int, prefix: list[str]) -> int:
        segments = list(prefix)
        while i < len(text):
            if text[i].isspace() or text.startswith("::", i):
                i += 1 if text[i].isspace() else 2
            elif text[i] == "{" and (not segments or text[i - 1] == ":" or text[i - 2:i] == ": "):
                i += 1
                while (i := skip_space(i)) < len(text) and text[i] != "}":
                    i = skip_space(walk(i, segments))
                    i += text[i] == ","
                return i + 1
            elif text[i] == "*":
                i += 1
            elif (word := _SEGMENT.match(text, i)) and (not segments or text[i - 2:i] == "::" or segments == prefix):
                segments.append(word.group())
                i = word.end()
                if not text.startswith("::", skip_space(i)):
                    break
                i = skip_space(i)
            else:
                break
        paths.append(segments)
        alias = _SEGMENT.match(text, skip_space(i))
        if alias and alias.group() == "as":  # `x as y`: y is a local name
            i = _SEGMENT.match(text, skip_space(alias.end())).end()  # type: ignore[union-attr]
        return i

    end = walk(start, [])
    return paths, end


def edges(modules: set[tuple[str, ...]]) -> dict[tuple[tuple[str, ...], tuple[str, ...]], str]:
    """Every edge ``module → module it names``, with the first place (``file:line``) that names it."""
    found: dict[tuple[tuple[str, ...], tuple[str, ...]], str] = {}
    left_out = files_of_tests()
    for file in sorted(set(SRC.rglob("*.rs")) - left_out):
        text = file.read_text(encoding="utf-8")
        stack: list[tuple[tuple[str, ...], int, bool]] = [(module_of(file), 0, False)]
        depth, test_next, at = 0, False, 0
        while lexeme := _LEXEME.search(text, at):
            at = lexeme.end()
            here, _, in_test = stack[-1]
            if lexeme.group("comment") or lexeme.group("string") or lexeme.group("char"):
                continue
            if lexeme.group("cfg_test"):
                test_next = True
                continue
            if lexeme.group("mod"):
                depth += 1
                stack.append(((*here, lexeme.group("name")), depth, in_test or test_next))
                modules.add(stack[-1][0])
            elif lexeme.group("open"):
                depth += 1
            elif lexeme.group("close"):
                if stack[-1][1] == depth and len(stack) > 1:
                    stack.pop()
                depth -= 1
            elif lexeme.group("path"):
                paths, at = use_tree(text, lexeme.start())
                line = text.count("\n", 0, lexeme.start()) + 1
                for path in paths if not in_test else ():
                    target = resolve(here, path, modules)
                    if target is not None and target != here:
                        found.setdefault((here, target), f"{file.relative_to(SRC)}:{line}")
            test_next = False
    return found


def resolve(here: tuple[str, ...], path: list[str], modules: set[tuple[str, ...]]) -> tuple[str, ...] | None:
    """The module a path from ``here`` names: the longest prefix of it that is a module."""
    base: tuple[str, ...] = ()
    rest = list(path)
    if rest and rest[0] == "crate":
        rest.pop(0)
    elif rest and rest[0] in ("self", "super"):
        base = here
        while rest and rest[0] in ("self", "super"):
            if rest.pop(0) == "super":
                base = base[:-1]
    else:
        return None
    full = (*base, *rest)
    for cut in range(len(full), -1, -1):
        if full[:cut] in modules:
            return full[:cut]
    return None


def sibling_edge(a: tuple[str, ...], b: tuple[str, ...]) -> tuple[str, str] | None:
    """The edge ``a → b`` drawn between the siblings under their deepest common folder; None when one holds the
    other."""
    k = 0
    while k < min(len(a), len(b)) and a[k] == b[k]:
        k += 1
    if k == len(a) or k == len(b):
        return None
    return "::".join(a[: k + 1]), "::".join(b[: k + 1])


_TEST_FILE = re.compile(r"#\[cfg\(test\)\]\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;")
"""A module of tests in a file of its own (``#[cfg(test)] mod fixtures;``)."""


def all_modules() -> set[tuple[str, ...]]:
    """The modules of the files; inline modules are added as the scan meets them."""
    return {module_of(file) for file in SRC.rglob("*.rs")}


def files_of_tests() -> set[Path]:
    """The files that hold modules of tests (and what is under them)."""
    tests = {(*module_of(file), name) for file in SRC.rglob("*.rs")
             for name in _TEST_FILE.findall(file.read_text(encoding="utf-8"))}
    return {file for file in SRC.rglob("*.rs") if any(module_of(file)[: len(t)] == t for t in tests)}


def cycles(graph: dict[str, set[str]]) -> list[tuple[list[str], list[str]]]:
    """Each strongly connected component of more than one node (Tarjan's algorithm), with a shortest cycle
    through its first node."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    components: list[list[str]] = []

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                components.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            strong(v)
    return [(component, one_cycle(graph, set(component), component[0])) for component in components]


def one_cycle(graph: dict[str, set[str]], component: set[str], start: str) -> list[str]:
    """A shortest path from ``start`` back to itself inside its component (breadth first)."""
    previous: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for v in frontier:
            for w in sorted(graph[v] & component):
                if w == start:
                    path = [v]
                    while path[-1] != start:
                        path.append(previous[path[-1]])
                    return [start, *reversed(path[:-1]), start] if v != start else [start, start]
                if w not in previous:
                    previous[w] = v
                    following.append(w)
        frontier = following
    raise AssertionError(f"{start} is in no cycle")


def module_graph() -> tuple[dict[str, set[str]], dict[tuple[str, str], str]]:
    """The sibling graph of the core's modules, and where each of its edges comes from."""
    modules = all_modules()
    graph: dict[str, set[str]] = defaultdict(set)
    where: dict[tuple[str, str], str] = {}
    for (a, b), place in sorted(edges(modules).items(), key=lambda item: item[1]):
        edge = sibling_edge(a, b)
        if edge is not None:
            graph[edge[0]].add(edge[1])
            graph[edge[1]]
            where.setdefault(edge, f"{place} ({'::'.join(a)} → {'::'.join(b)})")
    return graph, where


def test_no_cycle_between_the_cores_modules():
    graph, where = module_graph()
    found = cycles(graph)
    described = [f"  {', '.join(component)}: e.g. " + " → ".join(cycle) + "\n"
                 + "\n".join(f"      {where[(a, b)]}" for a, b in zip(cycle, cycle[1:])) for component, cycle in found]
    assert not found, "cycles between the core's modules:\n" + "\n".join(described)


def test_the_lint_sees_the_edges_it_is_about():
    # Known edges of today's core, each checked by reading the named line: a graph that lost them would pass the
    # cycle test for nothing.
    graph, _ = module_graph()
    assert "read" in graph["pipeline"]  # pipeline.rs: `use crate::read::...`
    assert "replay::pots" in graph["replay::settle"]  # settle.rs: `use super::pots::...`
    assert "eval" in graph["facts"]  # facts/equity.rs: `use crate::eval::Evaluator`


def test_a_cycle_is_found_and_named():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [(["a", "b", "c"], ["a", "b", "c", "a"])]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_paths_resolve_to_modules_and_edges_to_siblings():
    modules = {(), ("read",), ("read", "values"), ("read", "bovada"), ("read", "bovada", "lines"), ("split",)}
    here = ("read", "bovada", "lines")
    assert resolve(here, ["super", "super", "values", "parse_amount"], modules) == ("read", "values")
    assert resolve(here, ["crate", "split", "Piece"], modules) == ("split",)
    assert resolve(here, ["super", "Stakes"], modules) == ("read", "bovada")
    assert sibling_edge(here, ("read", "values")) == ("read::bovada", "read::values")
    assert sibling_edge(here, ("read", "bovada")) is None
    assert sibling_edge(("split",), ("read", "values")) == ("split", "read")
    assert use_tree("crate::{a::{b, c as d}, e::*};", 0) == (
        [["crate", "a", "b"], ["crate", "a", "c"], ["crate", "e"]], 29)
    assert use_tree("super::pots::award(x)", 0) == ([["super", "pots", "award"]], 18)
