"""The docs describe the code as it is.

- docs/hooks.md has one ``## pref_x(arg, ...)`` section per hookspec, with the spec's exact argument names,
  its kind (firstresult or collecting), whether the core has a default and which built-in plugins implement
  it; it documents no hook that does not exist; every hookspec has a docstring.
- Every installed variant of this package that is not abstract has docs/variants/<name>.md.
- docs/variants/sochi.md lists every key of the effective Sochi rules with the value the presets give it.
- docs/cli.md names every command and option of the real parser.
- Relative links in the docs point to files that exist; the README's test command is what CI runs.
- No user-facing file cites a section of research notes users do not have (``russian.md 2.1``) or the
  private numbering of the source texts (``seed 003``); links into docs/rules/ name a section it has.
"""

from __future__ import annotations

import argparse
import inspect
import re
from pathlib import Path
from typing import Any

import pytest

from helpers import paths
from helpers.docs_keys import check_row, flat_keys, key_rows, lookup
from preferans.core.cli import build_parser
from preferans.core.rules import defaults, hookspecs
from preferans.core.rules.config import load_variant, resolve_chain
from preferans.core.rules.manager import installed_variants

ROOT = paths.ROOT
DOCS = ROOT / "docs"
HOOKS_MD = DOCS / "hooks.md"
SPEC_ATTR = hookspecs.PROJECT + "_spec"  # pluggy marks each spec function with this attribute
HEADING = re.compile(r"^## (pref_\w*)\((.*)\)[ \t]*$", re.MULTILINE)


def _specs() -> dict[str, Any]:
    return {name: fn for name, fn in vars(hookspecs).items()
            if name.startswith("pref_") and hasattr(fn, SPEC_ATTR)}


SPECS = _specs()


def _hook_sections() -> dict[str, tuple[list[str], str]]:
    """``{hook: (argument names in the heading, section text)}``; a duplicate heading is an error."""
    text = HOOKS_MD.read_text(encoding="utf-8")
    matches = list(HEADING.finditer(text))
    sections: dict[str, tuple[list[str], str]] = {}
    for i, m in enumerate(matches):
        name = m.group(1)
        assert name not in sections, f"docs/hooks.md documents {name} twice"
        args = [a.strip() for a in m.group(2).split(",") if a.strip()]
        end = matches[i + 1].start() if i + 1 < len(matches) else len(text)
        sections[name] = (args, text[m.end():end])
    return sections


def _field(section: str, label: str) -> str:
    """The text of the bullet ``- **label:** ...`` in a hook section (first line only)."""
    m = re.search(r"^- \*\*" + re.escape(label) + r":\*\*(.*)$", section, re.MULTILINE)
    assert m, f"no '- **{label}:**' line"
    return m.group(1).strip()


def test_the_spec_module_has_hooks() -> None:
    # guards the attribute-based discovery above: if pluggy renamed the marker, every test would pass empty
    assert "pref_score_deal" in SPECS and len(SPECS) >= 10


@pytest.mark.parametrize("name", sorted(SPECS))
def test_hookspec_has_a_docstring(name: str) -> None:
    doc = inspect.getdoc(SPECS[name])
    assert doc and len(doc.split()) >= 5, f"{name} in core/rules/hookspecs.py has no docstring"


@pytest.mark.parametrize("name", sorted(SPECS))
def test_hook_is_documented_with_its_arguments(name: str) -> None:
    sections = _hook_sections()
    assert name in sections, f"docs/hooks.md has no '## {name}(...)' section"
    expected = list(inspect.signature(SPECS[name]).parameters)
    assert sections[name][0] == expected, f"docs/hooks.md: {name}{tuple(sections[name][0])} but the spec is {expected}"


def test_docs_name_no_hook_that_does_not_exist() -> None:
    unknown = sorted(set(_hook_sections()) - set(SPECS))
    assert not unknown, f"docs/hooks.md documents hooks that core/rules/hookspecs.py does not define: {unknown}"


@pytest.mark.parametrize("name", sorted(SPECS))
def test_hook_kind_and_core_default_are_stated(name: str) -> None:
    section = _hook_sections()[name][1]
    firstresult = getattr(SPECS[name], SPEC_ATTR)["firstresult"]
    kind = _field(section, "Kind")
    assert kind.startswith("firstresult" if firstresult else "collecting"), f"{name}: kind says {kind!r}"
    default = _field(section, "Core default")
    has_default = hasattr(defaults, name)
    assert default.startswith("none") != has_default, (
        f"{name}: core/rules/defaults.py {'has' if has_default else 'has no'} implementation "
        f"but the doc says {default!r}")


def _is_abstract(name: str) -> bool:
    return bool(resolve_chain(name)[-1].preset.abstract)


BUILT_IN = "preferans.variants."


def _built_in_implementers(hook: str) -> set[str]:
    """Short names of the built-in plugin modules (``russian``) implementing ``hook`` in any playable
    built-in variant's stack. Third-party variants installed beside this package do not count."""
    found: set[str] = set()
    for name, inst in installed_variants().items():
        if not inst.module.startswith(BUILT_IN) or _is_abstract(name):
            continue
        pm = load_variant(name).new_manager()
        for impl in getattr(pm.hook, hook).get_hookimpls():
            if impl.plugin_name.startswith(BUILT_IN):
                found.add(impl.plugin_name[len(BUILT_IN):])
    return found


@pytest.mark.parametrize("name", sorted(SPECS))
def test_hook_names_the_built_in_plugins_that_implement_it(name: str) -> None:
    section = _hook_sections()[name][1]
    built_in = _field(section, "Built-in")
    implementers = sorted(_built_in_implementers(name))
    if not implementers:
        assert built_in.startswith("none"), f"{name}: no built-in plugin implements it, the doc says {built_in!r}"
    for plugin in implementers:
        assert f"`{plugin}`" in built_in, f"{name}: {plugin} implements it but 'Built-in' does not name it"


@pytest.mark.parametrize("name", sorted(installed_variants()))
def test_every_playable_variant_has_a_page(name: str) -> None:
    if not installed_variants()[name].module.startswith(BUILT_IN):
        pytest.skip(f"{name} comes from another distribution; its docs live there")
    if _is_abstract(name):
        pytest.skip(f"{name} is an abstract family base")
    assert (DOCS / "variants" / f"{name}.md").is_file(), f"docs/variants/{name}.md is missing"


SOCHI = load_variant("sochi")
SOCHI_KEYS = flat_keys(SOCHI.rules_model)


def test_sochi_has_the_keys_the_page_expects() -> None:
    assert {"pool", "whist.style", "raspasovka.amnesty", "settlement.gora_point"} <= set(SOCHI_KEYS)


@pytest.mark.parametrize("key", SOCHI_KEYS)
def test_sochi_page_gives_every_rule_key_with_its_value(key: str) -> None:
    """The key table of docs/variants/sochi.md: ``| `key` | `value` | ...`` with the value the presets give."""
    rows = key_rows((DOCS / "variants" / "sochi.md").read_text(encoding="utf-8"))
    check_row("docs/variants/sochi.md", rows, key, lookup(SOCHI.rules.model_dump(mode="json"), key))


DOC_FILES = sorted([*DOCS.rglob("*.md"), ROOT / "README.md", ROOT / "CONTRIBUTING.md"])
LINK = re.compile(r"\]\(([^)\s]+)\)")


@pytest.mark.parametrize("path", DOC_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_relative_links_point_to_files(path: Path) -> None:
    broken = []
    for target in LINK.findall(path.read_text(encoding="utf-8")):
        if "://" in target or target.startswith(("#", "mailto:")):
            continue
        if not (path.parent / target.split("#")[0]).exists():
            broken.append(target)
    assert not broken, f"{path.relative_to(ROOT)}: links to missing files: {broken}"


def test_readme_test_command_is_what_ci_runs() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    command = "pip install -e '.[test]' && pytest"
    assert command in readme and command in ci


def _commands(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()) -> list[tuple[str, argparse.ArgumentParser]]:
    """``[("config init", parser), ...]``: every leaf command of the CLI with its parser, and every command
    that also runs on its own besides its subcommands (``arena`` and ``arena report``)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            alone = [(" ".join(path), parser)] if path and parser.get_default("func") is not None else []
            return alone + [leaf for name, sub in action.choices.items() for leaf in _commands(sub, (*path, name))]
    return [(" ".join(path), parser)]


COMMANDS = _commands(build_parser())


def test_the_cli_has_commands() -> None:
    assert {"play", "config init", "score"} <= {name for name, _ in COMMANDS}


@pytest.mark.parametrize("command", COMMANDS, ids=[name for name, _ in COMMANDS])
def test_cli_doc_names_every_command_and_option(command: tuple[str, argparse.ArgumentParser]) -> None:
    name, parser = command
    text = (DOCS / "cli.md").read_text(encoding="utf-8")
    assert f"preferans {name}" in text, f"docs/cli.md does not show `preferans {name}`"
    for action in parser._actions:
        options = [o for o in action.option_strings if o not in ("-h", "--help")]
        if options:
            longest = max(options, key=len)
            assert re.search(re.escape(longest) + r"\b", text), f"docs/cli.md: `{name}` option {longest} is missing"


# ---------------------------------------------------------------- Russian variant pages: every key with its value


@pytest.mark.parametrize("variant_name", ["leningrad", "rostov", "classic"])
def test_russian_variant_page_gives_every_key_with_its_value(variant_name: str) -> None:
    """The "Every key" table of docs/variants/<variant>.md gives every key with the value the presets give."""
    variant = load_variant(variant_name)
    text = (ROOT / "docs" / "variants" / f"{variant_name}.md").read_text("utf-8")
    rows = key_rows(text.split("## Every key", 1)[1])
    values = variant.rules.model_dump(mode="json")
    for key in flat_keys(variant.rules_model):
        check_row(f"docs/variants/{variant_name}.md", rows, key, lookup(values, key))


@pytest.mark.slow
def test_no_file_points_outside_the_project() -> None:
    # the docs stand alone: a user of the project has no folder of rules sources beside it
    root = paths.ROOT
    outside = "../" + "shared"  # split so that this test does not find itself
    found = [str(p.relative_to(root)) for p in root.rglob("*")
             if p.is_file() and p.suffix in {".md", ".py", ".toml", ".txt", ".c"}
             and not {".git", ".venv", "build", "src"} & set(p.relative_to(root).parts)
             and outside in p.read_text(encoding="utf-8", errors="replace")]
    assert not found, f"these files point at {outside}, which users do not have: {found}"


# ---------------------------------------------------------------- rule numbers resolve in docs/rules/

RULE_ID = re.compile(r"\b((?:[A-Z]{2,5}-){1,2})(\d{2})((?:/\d{2})*)(?:\.\.(\d{2}))?\b")
"""A rule number as the docs cite it (``RUS-RASP-08``, ``GAP-BAL-16``, ``ISS-08``, ``EX-02``), and the short
forms of a pair (``BAL-SCORE-14/15``) and of a run (``NACH-01..05``)."""
NOT_RULES = {"UTF-16"}  # ID-shaped words that are no rule
RULES = DOCS / "rules"
ANCHOR = re.compile(r'<a id="([A-Z0-9-]+)"></a>')


def _cited(path: Path) -> set[str]:
    found = set()
    for m in RULE_ID.finditer(path.read_text(encoding="utf-8")):
        numbers = [m.group(2), *m.group(3).split("/")[1:]]
        if m.group(4):
            numbers += [f"{k:02d}" for k in range(int(m.group(2)), int(m.group(4)) + 1)]
        found.update(m.group(1) + number for number in numbers)
    return found - NOT_RULES


CITING = sorted({*DOCS.rglob("*.md"), ROOT / "README.md", ROOT / "CONTRIBUTING.md", *ROOT.glob("examples/*.toml"),
                 *(ROOT / "variants").rglob("*.toml"), *(ROOT / "variants").rglob("*.py"),
                 *(ROOT / "core").rglob("*.py")})
"""Where a user meets rule numbers: the docs, the examples, the presets (their comments and descriptions),
and the code's docstrings, comments and messages."""


def test_the_rules_reference_defines_rules() -> None:
    defined = {m for page in RULES.glob("*.md") for m in ANCHOR.findall(page.read_text(encoding="utf-8"))}
    assert {"RUS-RASP-08", "BAL-KON-06", "GAP-RUS-03", "ISS-08", "EX-02"} <= defined
    assert sorted(p.name for p in RULES.glob("*.md")) == ["austrian.md", "balkan.md", "index.md", "russian.md"]


@pytest.mark.parametrize("path", CITING, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_rule_number_is_defined_in_docs_rules(path: Path) -> None:
    defined: dict[str, list[str]] = {}
    for page in RULES.glob("*.md"):
        for anchor in ANCHOR.findall(page.read_text(encoding="utf-8")):
            defined.setdefault(anchor, []).append(page.name)
    twice = {k: v for k, v in defined.items() if len(v) > 1}
    assert not twice, f"docs/rules/ defines these rule numbers more than once: {twice}"
    missing = sorted(_cited(path) - set(defined))
    assert not missing, (f"{path.relative_to(ROOT)} cites rule numbers that docs/rules/ does not define "
                         f"(add <a id=\"...\"></a> entries there): {missing}")


def test_the_rule_check_finds_a_number_nobody_defined(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("as RUS-RASP-08 says, BAL-SCORE-14/15, NACH-02..04, not UTF-16; see ZZZ-QQ-99\n",
                    encoding="utf-8")
    assert _cited(page) == {"RUS-RASP-08", "BAL-SCORE-14", "BAL-SCORE-15", "NACH-02", "NACH-03", "NACH-04",
                            "ZZZ-QQ-99"}


# ---------------------------------------------------------------- no citations of notes users do not have

NOTE_CITATION = re.compile(r"(?<![\w/.-])(?<!\]\()(?:russian|balkan|austrian)\.md,?\s+(?:section\s+|§\s*)?\d")
"""A rules family's file name followed by a section number (``russian.md 2.1``, ``balkan.md 2.13``,
``austrian.md 6, open point 3``, ``balkan.md section 5``): a section of research notes a user of the project
does not have. A link to the project's own pages (``../rules/balkan.md#...``, ``docs/variants/balkan.md``) is
preceded by ``/`` or ``](`` and is not one."""
PRIVATE_NAMES = re.compile(r"rules[- ]digest|(?<![-\w])(?:seeds?|sources?) 00[0-4]\b", re.IGNORECASE)
"""The private analysis the rule numbers were first collected in, and its numbering of the source texts
(``seed 003``): the docs name the texts themselves (the Code, the pagat page, the Balkan chapter)."""

USER_FACING = sorted({*DOCS.rglob("*.md"), ROOT / "README.md", ROOT / "CONTRIBUTING.md",
                      *(p for p in (ROOT / "examples").glob("*") if p.is_file()),
                      *(ROOT / "variants").rglob("*.toml"), *(ROOT / "variants").rglob("*.py"),
                      *(ROOT / "core").rglob("*.py"), *(ROOT / "core").rglob("*.toml")})
"""What a user reads: the docs, the examples, the presets and playthroughs, and the code's docstrings,
comments, help texts and messages."""


def _note_citations(text: str) -> list[str]:
    return [m.group(0) for m in NOTE_CITATION.finditer(text)] + [m.group(0) for m in PRIVATE_NAMES.finditer(text)]


@pytest.mark.parametrize("path", USER_FACING, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_citation_of_the_research_notes(path: Path) -> None:
    found = _note_citations(path.read_text(encoding="utf-8"))
    assert not found, (f"{path.relative_to(ROOT)} cites sections of notes users do not have: {found}; name the "
                       "source itself, or link the docs/rules/ page that says it (e.g. rules/russian.md#prices-sochi)")


def test_the_note_check_finds_citations_and_spares_links() -> None:
    text = ("(russian.md 2.1) russian.md 4: balkan.md 2.13 austrian.md 6, open point 3; balkan.md section 5\n"
            "russian.md\n2.0; see [the list](../rules/russian.md#where-the-sources-disagree),\n"
            "[Balkan](balkan.md) 2 players, docs/variants/balkan.md 3 keys, rules/austrian.md#payoff 1\n")
    assert _note_citations(text) == ["russian.md 2", "russian.md 4", "balkan.md 2", "austrian.md 6",
                                     "balkan.md section 5", "russian.md\n2"]
    assert _note_citations("see rules-digest.md 12.3 (seed 003); sources 000-002; --seed 003 is a seed") == [
        "rules-digest", "seed 003", "sources 000"]


def test_the_rules_reference_compares_the_sources() -> None:
    # the sections the docs, presets and code link to instead of the notes
    anchors = {page.stem: set(re.findall(r'<a id="([a-z0-9-]+)"></a>', page.read_text(encoding="utf-8")))
               for page in RULES.glob("*.md")}
    assert {"prices-common", "prices-sochi", "prices-leningrad", "prices-rostov", "prices-classic",
            "player-counts", "where-the-sources-disagree", "conventions", "overflow",
            *(f"dispute-{n}" for n in range(1, 10))} <= anchors["russian"]
    assert {"sources-compared", "where-the-sources-disagree", "columns"} <= anchors["balkan"]
    assert {"payoff", "pot-methods", "illustrated", "nachgehen", "open-points",
            *(f"open-point-{n}" for n in range(1, 10))} <= anchors["austrian"]
    index = (RULES / "index.md").read_text(encoding="utf-8")
    assert "rules notes" not in index and "digest" not in index


LINK_TARGET = re.compile(r"\]\(([^)\s]*?rules/(russian|balkan|austrian)\.md)#([\w-]+)\)")


@pytest.mark.parametrize("path", DOC_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_links_to_the_rules_reference_name_a_section_it_has(path: Path) -> None:
    anchors = {page.stem: set(re.findall(r'<a id="([\w-]+)"></a>', page.read_text(encoding="utf-8")))
               | {_heading_anchor(h) for h in re.findall(r"^#+ (.+)$", page.read_text(encoding="utf-8"), re.M)}
               for page in RULES.glob("*.md")}
    broken = [f"{m[1]}#{m[3]}" for m in LINK_TARGET.finditer(path.read_text(encoding="utf-8"))
              if m[3] not in anchors[m[2]]]
    assert not broken, f"{path.relative_to(ROOT)}: links to sections docs/rules/ does not have: {broken}"


def _heading_anchor(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
