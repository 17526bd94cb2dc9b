"""``soko_analytics/_core.pyi`` held against the compiled module it types (issue 39).

The stub is read with ``ast`` (never imported) and the module with ``inspect``: the same public names, each of the
same kind (class, function, constant); each function's and method's parameters with the names, kinds, order and
defaults of the runtime's ``__text_signature__`` (which PyO3 writes from the Rust); each class with the same bases,
the same methods (``__iter__``, ``__next__``, ``__len__`` included), the same getters (as properties) and a
constructor exactly where the runtime has one, with its parameters. The types themselves are mypy's to use; what
this test holds is that every name mypy checks a call against is the runtime's. mypy's ``stubtest`` reads the
same two independently and must agree.

The last tests feed the comparison a stub edited as a change to the core would leave it (a member the stub lacks,
a parameter renamed, a default changed, a getter typed as a method), so the check is shown to fail on each.
"""

from __future__ import annotations

import ast
import inspect
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

import soko_analytics
from soko_analytics import _core

STUB = Path(soko_analytics.__file__).parent / "_core.pyi"
NO_DEFAULT = inspect.Parameter.empty
Params = list[tuple[str, str, tuple[str, object]]]


def _default(value: object) -> tuple[str, object]:
    """A default with its type, so that ``True`` and ``1`` (equal in Python) differ."""
    return (type(value).__name__, value)


def _runtime_params(obj: Callable[..., object], method: bool) -> Params | None:
    """``(name, kind, default)`` of each parameter of a runtime callable (a method's ``self`` left out), or None
    when the runtime gives no signature."""
    try:
        params = list(inspect.signature(obj).parameters.values())
    except (TypeError, ValueError):
        return None
    if method:
        params = params[1:]
    return [(p.name, p.kind.name, _default(p.default)) for p in params]


def _stub_params(fn: ast.FunctionDef, method: bool) -> Params:
    """``(name, kind, default)`` of each parameter of a stub function (a method's ``self``/``cls`` left out)."""
    a = fn.args
    positional = a.posonlyargs + a.args
    defaults: list[object] = [NO_DEFAULT] * (len(positional) - len(a.defaults))
    defaults += [ast.literal_eval(d) for d in a.defaults]
    out: Params = []
    for i, (arg, default) in enumerate(zip(positional, defaults)):
        kind = "POSITIONAL_ONLY" if i < len(a.posonlyargs) else "POSITIONAL_OR_KEYWORD"
        out.append((arg.arg, kind, _default(default)))
    if a.vararg:
        out.append((a.vararg.arg, "VAR_POSITIONAL", _default(NO_DEFAULT)))
    for arg, d in zip(a.kwonlyargs, a.kw_defaults):
        out.append((arg.arg, "KEYWORD_ONLY", _default(NO_DEFAULT if d is None else ast.literal_eval(d))))
    if a.kwarg:
        out.append((a.kwarg.arg, "VAR_KEYWORD", _default(NO_DEFAULT)))
    return out[1:] if method else out


def _is_alias(node: ast.stmt) -> bool:
    """A stub's own type alias (``_Chunk: TypeAlias = ...``): a name for its readers, not a member of the module."""
    return isinstance(node, ast.AnnAssign) and isinstance(node.annotation, ast.Name) \
        and node.annotation.id == "TypeAlias"


def _stub_members(tree: ast.Module) -> dict[str, ast.stmt]:
    """The stub's top-level members by name, its type aliases and dunders (``__version__``) left out."""
    out: dict[str, ast.stmt] = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            out[node.name] = node
        elif isinstance(node, ast.AnnAssign) and not _is_alias(node) and isinstance(node.target, ast.Name):
            out[node.target.id] = node
        elif isinstance(node, ast.Assign):
            out.update({t.id: node for t in node.targets if isinstance(t, ast.Name)})
    return {name: node for name, node in out.items() if not name.startswith("__")}


def _kind(obj: object) -> str:
    return "class" if inspect.isclass(obj) else "function" if callable(obj) else "constant"


def _stub_kind(node: ast.stmt) -> str:
    return "class" if isinstance(node, ast.ClassDef) else "function" if isinstance(node, ast.FunctionDef) \
        else "constant"


CONSTRUCTORS = ("__new__", "__init__")


def _runtime_class(cls: type) -> dict[str, str]:
    """A runtime class's own members by name: ``property`` (a getter), ``method`` (a method, or a protocol slot
    such as ``__iter__``)."""
    out = {}
    for name, value in vars(cls).items():
        if name in CONSTRUCTORS:
            continue
        if name.startswith("__"):
            if callable(value):
                out[name] = "method"
        elif inspect.isgetsetdescriptor(value) or inspect.ismemberdescriptor(value):
            out[name] = "property"
        elif callable(value):
            out[name] = "method"
    return out


def _decorators(fn: ast.FunctionDef) -> set[str]:
    return {d.id for d in fn.decorator_list if isinstance(d, ast.Name)}


def _class_differences(name: str, cls: type, node: ast.ClassDef) -> list[str]:
    found = []
    bases = [b.__name__ for b in cls.__bases__ if b is not object]
    stub_bases = [ast.unparse(b) for b in node.bases]
    if stub_bases != bases:
        found.append(f"{name}: bases {stub_bases} in the stub, {bases} at runtime")
    methods = {n.name: n for n in node.body if isinstance(n, ast.FunctionDef)}
    stub = {m: "property" if "property" in _decorators(fn) else "method"
            for m, fn in methods.items() if m not in CONSTRUCTORS}
    runtime = _runtime_class(cls)
    for member in sorted(set(stub) | set(runtime)):
        if member not in stub:
            found.append(f"{name}.{member}: at runtime, missing from the stub")
        elif member not in runtime:
            found.append(f"{name}.{member}: in the stub, not at runtime")
        elif stub[member] != runtime[member]:
            found.append(f"{name}.{member}: a {stub[member]} in the stub, a {runtime[member]} at runtime")
        elif runtime[member] == "method":
            found += _param_differences(f"{name}.{member}", getattr(cls, member), methods[member], method=True)
    constructors = [methods[c] for c in CONSTRUCTORS if c in methods]
    if "__new__" not in vars(cls):
        if constructors:
            found.append(f"{name}: a constructor in the stub, none of its own at runtime")
    elif len(constructors) != 1:
        found.append(f"{name}: a constructor at runtime, {len(constructors)} in the stub")
    else:
        found += _param_differences(f"{name}()", cls, constructors[0], method=True, runtime_method=False)
    return found


def _param_differences(where: str, obj: Callable[..., object], fn: ast.FunctionDef, method: bool,
                       runtime_method: bool | None = None) -> list[str]:
    runtime = _runtime_params(obj, method if runtime_method is None else runtime_method)
    if runtime is None:
        return [f"{where}: no signature at runtime to hold the stub's to"]
    stub = _stub_params(fn, method)
    return [] if stub == runtime else [f"{where}: parameters {_shown(stub)} in the stub, {_shown(runtime)} at runtime"]


def _shown(params: Params) -> str:
    """Parameters as a signature reads them: ``(a, /, b, *, count=3)``."""
    out: list[str] = []
    for i, (name, kind, (_, default)) in enumerate(params):
        if kind == "KEYWORD_ONLY" and (i == 0 or params[i - 1][1] not in ("KEYWORD_ONLY", "VAR_POSITIONAL")):
            out.append("*")
        star = {"VAR_POSITIONAL": "*", "VAR_KEYWORD": "**"}.get(kind, "")
        out.append(star + (name if default is NO_DEFAULT else f"{name}={default!r}"))
        if kind == "POSITIONAL_ONLY" and (i + 1 == len(params) or params[i + 1][1] != "POSITIONAL_ONLY"):
            out.append("/")
    return f"({', '.join(out)})"


def differences(stub_text: str, module: ModuleType) -> list[str]:
    """Where a stub's text and a module disagree, one line each (none when they agree)."""
    stub = _stub_members(ast.parse(stub_text))
    runtime = {n: getattr(module, n) for n in dir(module) if not n.startswith("__")}
    found = []
    for name in sorted(set(stub) | set(runtime)):
        if name not in stub:
            found.append(f"{name}: at runtime, missing from the stub")
            continue
        if name not in runtime:
            found.append(f"{name}: in the stub, not at runtime")
            continue
        node, obj = stub[name], runtime[name]
        if _stub_kind(node) != _kind(obj):
            found.append(f"{name}: a {_stub_kind(node)} in the stub, a {_kind(obj)} at runtime")
        elif isinstance(node, ast.ClassDef):
            found += _class_differences(name, obj, node)
        elif isinstance(node, ast.FunctionDef):
            found += _param_differences(name, obj, node, method=False)
    return found


@pytest.fixture(scope="module")
def stub_text() -> str:
    return STUB.read_text(encoding="utf-8")


def test_the_stub_is_the_module(stub_text: str) -> None:
    found = differences(stub_text, _core)
    assert not found, "\n".join(found)


def test_stubtest_agrees() -> None:
    """mypy's own stub checker, an independent reading of the same module: besides the signatures, that each class
    the core does not let Python subclass is ``@final`` and that ``__all__`` is the module's."""
    done = subprocess.run([sys.executable, "-m", "mypy.stubtest", "soko_analytics._core"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_stub_has_no_fallback(stub_text: str) -> None:
    """A ``__getattr__`` would type every name the stub lacks as ``Any``, and mypy would check no call to it."""
    assert "__getattr__" not in {n.name for n in ast.parse(stub_text).body if isinstance(n, ast.FunctionDef)}


def test_the_comparison_sees_every_member() -> None:
    """The members compared are the module's own: 45, and 35 methods and getters of its classes, when this test was
    written."""
    names = [n for n in dir(_core) if not n.startswith("__")]
    assert len(names) >= 45
    methods = [m for n in names if inspect.isclass(c := getattr(_core, n)) for m in _runtime_class(c)]
    assert len(methods) >= 35


def _edited(stub_text: str, old: str, new: str) -> str:
    assert stub_text.count(old) == 1, old
    return stub_text.replace(old, new)


@pytest.mark.parametrize("old, new, expected", [
    # A function added to the core without the stub.
    ("def parse_count(path: str, format: str) -> tuple[int, int]: ...\n", "",
     "parse_count: at runtime, missing from the stub"),
    # A class added to the core without the stub.
    ("class Splitter:\n", "class _Gone:\n", "Splitter: at runtime, missing from the stub"),
    # A member the core no longer has.
    ("def decode(data: bytes) -> str: ...\n", "def decode(data: bytes) -> str: ...\ndef encode(text: str) -> bytes: ...\n",
     "encode: in the stub, not at runtime"),
    # A parameter renamed, of a function, a method and a constructor.
    ("def audit(hand_json: str, spec_json: str, ledger", "def audit(hand: str, spec_json: str, ledger",
     "audit: parameters"),
    ("def stack(self, player: str)", "def stack(self, name: str)", "PlayTable.stack: parameters"),
    ("cls, rules: str, stakes_json: str", "cls, rules: str, stakes: str", "PlayTable(): parameters"),
    # Parameters reordered, a default changed, a default missing, a parameter made keyword-only.
    ("def evaluate(name: str, cards: Sequence[int])", "def evaluate(cards: Sequence[int], name: str)",
     "evaluate: parameters"),
    ("path: str, format: str, fault_hand: str | None = None", "path: str, format: str, fault_hand: str | None = 'x'",
     "read_pieces: parameters"),
    ("def audit_hands(hands_json: Sequence[str], ledger: bool = False)",
     "def audit_hands(hands_json: Sequence[str], ledger: bool)", "audit_hands: parameters"),
    ("def quarantine_drift(format: str | None, raw: str,", "def quarantine_drift(format: str | None, *, raw: str,",
     "quarantine_drift: parameters"),
    # A method missing, a getter typed as a method, a protocol slot missing.
    ("    def count(self) -> tuple[int, int, int]: ...\n", "", "ReplayBatch.count: at runtime, missing from the stub"),
    ("    @property\n    def bytes_read(self) -> int: ...\n", "    def bytes_read(self) -> int: ...\n",
     "TextStream.bytes_read: a method in the stub, a property at runtime"),
    ("    def __len__(self) -> int: ...\n", "", "ReplayBatch.__len__: at runtime, missing from the stub"),
    # A constructor for a class the core makes only itself, a base lost.
    ("class Member:\n", "class Member:\n    def __new__(cls) -> Member: ...\n",
     "Member: a constructor in the stub, none of its own at runtime"),
    ("class PotError(ValueError):", "class PotError(Exception):", "PotError: bases"),
])
def test_the_comparison_fails_on_a_drift(stub_text: str, old: str, new: str, expected: str) -> None:
    found = differences(_edited(stub_text, old, new), _core)
    assert any(line.startswith(expected) for line in found), found
