"""The core names no family (docs/architecture.md, "No family in the core"): the engine's layers have no
family's word in a name or a one-word string, and the bots hold no family's call as a string. Docstrings,
comments and longer texts (help, field descriptions) may name the built-in families as examples."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from helpers.paths import ROOT

FAMILY = re.compile(r"bula|\brefe\b|refe_|juha|supa\b|pulka|gora\b|kassa|whist|kontra|raspas|mis[eè]re|betl|bettel"
                    r"|\bigra\b", re.I)
"""Words of one family's rules or sheet: the Russian pulka, gora, whist, raspasovka and misère, the Balkan
bula, refe, juha, kontra, betl and igra, the Austrian Kassa and Bettel."""

ENGINE = ("model", "rules", "engine")
"""The layers that know phases, cards, tricks and the sheet: names and short strings."""
BOTS = ("ai",)
"""The bots: short strings only (their names may say misère or raspasovka, the kinds of deal they search)."""
OPTIONS = {"whist_margin"}
"""pimc's option names, which users type (``pimc:whist_margin=0.5``: the margin it wants to defend)."""


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
    found = []
    for path in sorted((ROOT / "core" / layer).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = _docstrings(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
                text = node.value
                if " " not in text.strip() and FAMILY.search(text) and text not in OPTIONS:  # a call, a key, a class
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {text!r}")
            elif names and isinstance(node, (ast.Name, ast.Attribute, ast.arg, ast.FunctionDef, ast.ClassDef)):
                name = getattr(node, "id", None) or getattr(node, "attr", None) or getattr(node, "arg", None) or \
                    getattr(node, "name", "")
                if FAMILY.search(name):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {name}")
    return found


def test_the_engine_layers_name_no_family() -> None:
    assert [f for layer in ENGINE for f in findings(layer, names=True)] == []


def test_the_bots_hold_no_familys_call() -> None:
    assert [f for layer in BOTS for f in findings(layer, names=False)] == []


def test_the_check_finds_what_it_looks_for(tmp_path: Path) -> None:
    # the old bots' tuple of every family's defence word, a Balkan CSS class and a field named for whists
    tree = ast.parse('DEFEND = ("whist", "follow")\nCSS = "text.bula{font-weight:bold}"\nx.whisters = 1\n')
    strings = [n.value for n in ast.walk(tree)
               if isinstance(n, ast.Constant) and isinstance(n.value, str) and FAMILY.search(n.value)]
    assert sorted(strings) == ["text.bula{font-weight:bold}", "whist"]
    assert any(isinstance(n, ast.Attribute) and FAMILY.search(n.attr) for n in ast.walk(tree))
