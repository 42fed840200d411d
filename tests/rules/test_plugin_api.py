"""The plugin API stays narrow and typed: ``preferans.core.plugin`` exports at most 30 names and loads neither the
bots, the tools nor the compiled solver; no hook in ``variants/`` takes ``rules: Any``; the rules class a hook
is typed with matches the model it gets at run time; and mypy catches a misspelt rule key."""

from __future__ import annotations

import importlib
import inspect
import json
import subprocess
import sys
import textwrap
import typing
from pathlib import Path

import pytest
from pydantic import BaseModel

import preferans.core.plugin
import preferans.variants
from helpers import paths
from preferans.core import load_variant
from preferans.core.rules.config import playable_variants
from preferans.core.rules.sections import CoreRules

ROOT = paths.ROOT
VARIANTS = Path(preferans.variants.__file__).parent
PLUGIN_MODULES = ("preferans.core.plugin", "preferans.core.plugin.cards", "preferans.core.plugin.errors",
                  "preferans.core.plugin.sheet", "preferans.core.plugin.kit")
"""The modules a game hook, a sheet or a conformance kit imports; only ``preferans.core.plugin.cli`` (a family's
records and commands) may load the bots and the tools."""


def test_the_plugin_module_exports_at_most_30_names() -> None:
    names = preferans.core.plugin.__all__
    assert len(names) <= 30, names
    assert len(set(names)) == len(names)
    missing = [n for n in names if not hasattr(preferans.core.plugin, n)]
    assert missing == []


@pytest.mark.parametrize("module", [*PLUGIN_MODULES, "preferans.core.plugin.cli"])
def test_every_plugin_module_exports_what_it_lists(module: str) -> None:
    mod = importlib.import_module(module)
    assert [n for n in mod.__all__ if not hasattr(mod, n)] == []


@pytest.mark.slow
@pytest.mark.subprocess
def test_importing_the_plugin_api_loads_no_bots_tools_or_solver() -> None:
    """In a fresh interpreter: the game hooks' module and the sheet's, the cards', the errors' and the kit's
    beside it import nothing of ``preferans.core.ai`` (the bots and the C solver ``_dds``) or
    ``preferans.core.tools``; the CLI module does (it is the control: the check would see them)."""
    code = textwrap.dedent("""
        import importlib, json, sys
        modules = json.loads(sys.argv[1])
        for name in modules:
            importlib.import_module(name)
        print(json.dumps(sorted(m for m in sys.modules if m.startswith(("preferans.core.ai", "preferans.core.tools"))
                                or m.endswith("_dds"))))
    """)

    def loaded(modules: list[str]) -> list[str]:
        out = subprocess.run([sys.executable, "-c", code, json.dumps(modules)], capture_output=True, text=True,
                             check=True, cwd=ROOT)
        return list(json.loads(out.stdout))

    assert loaded(list(PLUGIN_MODULES)) == []
    assert loaded(["preferans.core.plugin"]) == []
    with_cli = loaded(["preferans.core.plugin.cli"])
    assert "preferans.core.ai.registry" in with_cli and "preferans.core.tools.table" in with_cli


def test_no_hook_in_variants_takes_untyped_rules() -> None:
    found = [f"{path.relative_to(VARIANTS)}:{i}" for path in sorted(VARIANTS.rglob("*.py"))
             for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if "rules: Any" in line]
    assert found == []


def _rules_classes(name: str) -> set[type[BaseModel]]:
    """The rules classes the hooks of a variant's stack type ``rules`` with (the core's own: ``CoreRules``)."""
    variant = load_variant(name)
    pm = variant.new_manager()
    found: set[type[BaseModel]] = set()
    for caller in vars(pm.hook).values():
        for impl in getattr(caller, "get_hookimpls", list)():
            if "rules" not in impl.argnames:
                continue
            hint = typing.get_type_hints(impl.function).get("rules")
            if isinstance(hint, type) and issubclass(hint, CoreRules):
                found.add(hint)
    return found


@pytest.mark.parametrize("name", playable_variants())
def test_the_rules_class_a_hook_is_typed_with_is_what_it_gets(name: str) -> None:
    """The one cast of the plugin API (``core/rules/sections.py``): a hook typed ``rules: RussianRules`` gets
    the model built from all the plugins' sections. It has every field of that class, with the same type and
    the same constraints, so reading a key the class declares never fails at run time."""
    variant = load_variant(name)
    model = variant.rules_model
    classes = _rules_classes(name)
    assert any(c is not CoreRules for c in classes), f"{name}: no hook typed with its family's rules class"
    # the most derived class (the variant's own) has each field exactly; a base may have a wider range (the core
    # allows 2 to 4 players, the Austrian family 3 or 4): the same type, so reading it is as safe
    derived = [c for c in classes if not any(o is not c and issubclass(o, c) for o in classes)]
    assert len(derived) == 1, f"{name}: hooks typed with unrelated rules classes {derived}"
    for cls in classes:
        for key, info in cls.model_fields.items():
            assert key in model.model_fields, f"{name}: {cls.__name__}.{key} is not in the rules model"
            got = model.model_fields[key]
            assert got.annotation == info.annotation, f"{name}: {cls.__name__}.{key}"
            if cls is derived[0]:
                assert got.metadata == info.metadata, f"{name}: {cls.__name__}.{key}"


def test_a_family_rules_class_declares_fields_only() -> None:
    """The run-time model is not an instance of the family's class, so a method or property on the class
    would type-check and fail: only the fields (and the inherited ``sections``) may be there."""
    classes = {c for name in playable_variants() for c in _rules_classes(name)}
    assert len(classes) >= 6  # the core's, Russian, Classic, Balkan, Austrian, Illustrated, Nachgehen
    for cls in classes:
        extra = [key for key, value in vars(cls).items() if not key.startswith("_") and (
            inspect.isfunction(value) or isinstance(value, (property, classmethod, staticmethod)))]
        assert extra == [] or (cls is CoreRules and extra == ["sections"]), (cls.__name__, extra)


SNIPPET = '''\
from preferans.core.plugin import MatchView, hookimpl
from preferans.variants.russian.rules import RussianRules


@hookimpl
def pref_match_over(match: MatchView, rules: RussianRules) -> bool | None:
    return all(p >= rules.pool for p in match.ledger.column("pool")) or None


@hookimpl
def pref_match_over_misspelt(match: MatchView, rules: RussianRules) -> bool | None:
    return all(p >= rules.pol for p in match.ledger.column("pool")) or None


def quota(rules: RussianRules) -> None:
    print(rules.whist.obligation[6], rules.whist.rat)
'''


@pytest.mark.slow
@pytest.mark.subprocess
def test_mypy_catches_a_misspelt_rule_key(tmp_path: Path) -> None:
    """A hook typed with its family's rules class: mypy --strict (the project's settings) passes the right keys
    and names the misspelt ones, a top-level key and a key of a section, with the key it meant."""
    pytest.importorskip("mypy")
    snippet = tmp_path / "house_rule.py"
    snippet.write_text(SNIPPET, encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
                          "--cache-dir", str(tmp_path / "cache"), "--no-error-summary", str(snippet)],
                         capture_output=True, text=True, cwd=ROOT)
    errors = [line.split(": error: ")[1] for line in out.stdout.splitlines() if ": error: " in line]
    lines = [int(line.split(":")[1]) for line in out.stdout.splitlines() if ": error: " in line]
    assert errors == ['"RussianRules" has no attribute "pol"; maybe "pool"?  [attr-defined]',
                      '"WhistRules" has no attribute "rat"; maybe "rate"?  [attr-defined]'], out.stdout
    assert lines == [12, 16]  # the two misspelt lines; the right keys (lines 7 and 16) pass
