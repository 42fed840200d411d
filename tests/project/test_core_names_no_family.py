"""The core names no family (docs/architecture.md, "No family in the core"): no module of ``core/`` (the
engine's layers, the bots, the formats, the tools, the conformance suite, the server, the command line and
the plugin API) has a family's word in a name or a one-word string. Docstrings, comments and longer texts
(help, field descriptions, messages) may name the built-in families as examples; what a call or a contract
means the core reads from what the variant declares."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from helpers.paths import ROOT

FAMILY = re.compile(r"bula|\brefe\b|refe_|juha|supa\b|pulka|gora\b|kassa|whist|kontra|raspas|mis[eè]re|betl|bettel"
                    r"|\bigra\b", re.I)
"""Words of one family's rules or sheet: the Russian pulka, gora, whist, raspasovka and misère, the Balkan
bula, refe, juha, kontra, betl and igra, the Austrian Kassa and Bettel."""

CORE = ROOT / "core"
LAYERS = tuple(sorted(p.name for p in CORE.iterdir() if (p / "__init__.py").is_file()))
"""Every subpackage of the core: the engine's layers (model, rules, engine), the bots (ai), and above them the
formats, the conformance suite (testing), the tools, the server, the command line and the plugin API."""
OPTIONS = {"whist_margin"}
"""Option names users type: pimc's ``defend_margin`` under its former name, still accepted
(``pimc:whist_margin=0.5``, core/ai/pimc.py ``OPTION_ALIASES``)."""


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string constants that document: a module's, class's or function's first statement, a
    string statement after an assignment (an attribute's docstring), and the names ``__all__`` lists."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            out.update(id(n) for n in ast.walk(node.value) if isinstance(n, ast.Constant))
        body = getattr(node, "body", None)
        if not isinstance(body, list):
            continue
        for i, stmt in enumerate(body):
            if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) and (
                    i == 0 or isinstance(body[i - 1], (ast.Assign, ast.AnnAssign))):
                out.add(id(stmt.value))
    return out


def findings(layer: str, names: bool) -> list[str]:
    """Each name (with ``names``) and one-word string with a family's word in the modules of ``core/<layer>``
    (``""``: the modules of ``core/`` itself, not its subpackages), as ``path:line: word``."""
    folder = CORE / layer
    return _findings(sorted(folder.rglob("*.py") if layer else folder.glob("*.py")), names)


def _findings(paths: list[Path], names: bool) -> list[str]:
    found = []
    for path in paths:
        where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = _docstrings(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
                text = node.value
                if " " not in text.strip() and FAMILY.search(text) and text not in OPTIONS:  # a call, a key, a class
                    found.append(f"{where}:{node.lineno}: {text!r}")
            elif names and isinstance(node, (ast.Name, ast.Attribute, ast.arg, ast.FunctionDef, ast.ClassDef)):
                name = getattr(node, "id", None) or getattr(node, "attr", None) or getattr(node, "arg", None) or \
                    getattr(node, "name", "")
                if FAMILY.search(name):
                    found.append(f"{where}:{node.lineno}: {name}")
            elif names and isinstance(node, (ast.Import, ast.ImportFrom)):  # a module's name, and what it is bound to
                module = getattr(node, "module", None) or ""
                words = [module, *(w for a in node.names for w in (a.name, a.asname or ""))]
                found += [f"{where}:{node.lineno}: {w}" for w in words if FAMILY.search(w)]
    return found


@pytest.mark.parametrize("layer", ["", *LAYERS])
def test_the_core_names_no_family(layer: str) -> None:
    assert findings(layer, names=True) == []


def test_every_subpackage_of_the_core_is_read() -> None:
    assert set(LAYERS) == {"ai", "cli", "engine", "formats", "model", "plugin", "rules", "server", "testing", "tools"}
    assert [p.name for p in CORE.glob("*.py")] == ["__init__.py"]  # and the module of core/ itself


def test_the_check_finds_what_it_looks_for(tmp_path: Path) -> None:
    # the old bots' tuple of every family's defence word, a Balkan CSS class and a field named for whists
    tree = ast.parse('DEFEND = ("whist", "follow")\nCSS = "text.bula{font-weight:bold}"\nx.whisters = 1\n')
    strings = [n.value for n in ast.walk(tree)
               if isinstance(n, ast.Constant) and isinstance(n.value, str) and FAMILY.search(n.value)]
    assert sorted(strings) == ["text.bula{font-weight:bold}", "whist"]
    assert any(isinstance(n, ast.Attribute) and FAMILY.search(n.attr) for n in ast.walk(tree))
    # the old tools and bots: a module imported by a family's name, a contract told by its kind, a function
    # named for misère; the docstring and the comment may say raspasovka, the pimc option's former name is typed
    old = tmp_path / "old.py"
    old.write_text('"""Skips the raspasovka row."""\n'
                   'from preferans.core.ai import misere, raspasovka as r  # raspasovka\n'
                   'rows = [s for s in table if s.kind != "raspasovka"]\ndef misere_risk(hand): return 0\n'
                   'ALIASES = {"whist_margin": "defend_margin"}\n', encoding="utf-8")
    assert sorted(_findings([old], names=True)) == ["old.py:2: misere", "old.py:2: raspasovka",
                                                    "old.py:3: 'raspasovka'", "old.py:4: misere_risk"]
