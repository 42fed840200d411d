"""The docs site: a rule is two links from the index to the code that implements it, and the pages read as docs.

- docs/index.md's "Find a rule" names the twelve rules of the project's checklist; each links to the "Where it
  is implemented" section of a variant page, whose row of that rule links to the code: an anchor of a code page
  (docs/reference/code/, rendered by mkdocstrings with the source) named after the function, which exists.
- Every variant page ends with that section; every function of every row exists, and every preset key it
  names is a key of the page's variant.
- mkdocs.yml's nav lists every page of docs/ (the strict build, ``mkdocs build --strict``, which CI runs,
  checks the rest: broken links and anchors, pages left out).
- The docs carry no issue numbers, dates or commit hashes in their prose.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from helpers import paths
from helpers.docs_keys import flat_keys
from preferans.core import load_variant

ROOT = paths.ROOT
DOCS = ROOT / "docs"
INDEX = DOCS / "index.md"
SECTION = "## Where it is implemented"
LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")
CODE_LINK = re.compile(r"\[`([\w.]+):([\w.]+)`\]\((\.\./reference/code/[\w-]+\.md)#([\w.]+)\)")

RULES = ["the Sochi quota for a 7 (the whist obligation)", "Leningrad's failed contract", "the Balkan refe",
         "the Balkan kontra factor", "the Austrian pot on a failed game", "Plauderer", "Nachgehen",
         "the raspasovka exit", "misère scoring", "the four-player dealer", "must-follow", "Classic's bombs"]
"""The twelve rules that must each be two links from the index to their code."""


def _section(text: str, heading: str) -> str:
    """The text of the section under ``heading`` (a ``## `` line), up to the next ``## `` heading."""
    assert heading + "\n" in text, f"no section {heading!r}"
    body = text.split(heading + "\n", 1)[1]
    return body.split("\n## ", 1)[0]


def _rows(section: str) -> dict[str, list[str]]:
    """``{first cell: [the other cells]}`` of the Markdown table rows in ``section`` (header rows included)."""
    rows = {}
    for line in section.splitlines():
        if line.startswith("| ") and not line.startswith("|---"):
            cells = [c.strip() for c in line.strip().strip("|").split(" | ")]
            rows[cells[0]] = cells[1:]
    return rows


def _code(page: Path, code_link: re.Match[str]) -> object:
    """The function a code link names, after checking that the link's anchor is that function and that the
    code page renders its module (a ``::: module`` line)."""
    module, name, target, anchor = code_link.groups()
    assert anchor == f"{module}.{name}", f"{page.name}: {code_link.group(0)}: the anchor is not {module}.{name}"
    code_page = (page.parent / target).resolve()
    assert code_page.is_file(), f"{page.name}: {target} does not exist"
    rendered = re.findall(r"^::: ([\w.]+)$", code_page.read_text(encoding="utf-8"), re.MULTILINE)
    assert any(anchor == r or anchor.startswith(r + ".") for r in rendered), (
        f"{code_page.name} renders none of {anchor}'s modules ({rendered})")
    obj: object = importlib.import_module(module)
    for part in name.split("."):
        assert hasattr(obj, part), f"{page.name}: {module}:{name} does not exist"
        obj = getattr(obj, part)
    assert callable(obj), f"{page.name}: {module}:{name} is not a function"
    return obj


FIND = _rows(_section(INDEX.read_text(encoding="utf-8"), "## Find a rule"))


def test_the_index_names_the_twelve_rules() -> None:
    assert [rule for rule in FIND if rule != "rule"] == RULES


@pytest.mark.parametrize("rule", RULES)
def test_a_rule_is_two_links_from_the_index_to_its_code(rule: str) -> None:
    # link 1: the index to the variant page's section
    (label, target), = LINK.findall(FIND[rule][0])
    path, anchor = target.split("#")
    assert anchor == "where-it-is-implemented", f"{rule}: {target} is not a 'Where it is implemented' section"
    page = DOCS / path
    section = _section(page.read_text(encoding="utf-8"), SECTION)
    rows = _rows(section)
    assert label in rows, f"{rule}: {path} has no row {label!r} in its 'Where it is implemented' table"
    # link 2: the row to the code
    links = list(CODE_LINK.finditer(rows[label][1]))
    assert links, f"{rule}: the row {label!r} of {path} links to no code"
    for link in links:
        _code(page, link)


VARIANT_PAGES = sorted((DOCS / "variants").glob("*.md"))
FAMILY_PAGES = {"gusarik": ["sochi", "leningrad", "rostov", "classic"],
                "four-players": ["sochi", "leningrad", "rostov", "classic"]}
"""Pages of a convention that every variant of the family plays: their keys are those of its variants."""


@pytest.mark.parametrize("page", VARIANT_PAGES, ids=lambda p: p.stem)
def test_every_variant_page_ends_with_where_each_rule_is_implemented(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    assert text.count("\n## ") and text.rsplit("\n## ", 1)[1].startswith(SECTION[3:] + "\n"), (
        f"{page.name}: the last section is not '{SECTION}'")
    rows = {label: cells for label, cells in _rows(_section(text, SECTION)).items() if label != "rule"}
    assert rows, f"{page.name}: the 'Where it is implemented' table has no rows"
    names = FAMILY_PAGES.get(page.stem, [page.stem])
    keys = {key for name in names for key in flat_keys(load_variant(name).rules_model)}
    for label, (key_cell, code_cell) in rows.items():
        unknown = [k for k in re.findall(r"`([\w.]+)`", key_cell) if k not in keys]
        assert not unknown, f"{page.name}: {label!r} names keys its variant does not have: {unknown}"
        links = list(CODE_LINK.finditer(code_cell))
        assert links, f"{page.name}: {label!r} links to no code"
        for link in links:
            _code(page, link)


def test_the_nav_lists_every_page() -> None:
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8").split("\nnav:\n", 1)[1]
    listed = set(re.findall(r"^\s+- (?:[^:\n]+: )?([\w/.-]+\.md)$", nav, re.MULTILINE))
    pages = {p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md")}
    assert pages <= listed, f"mkdocs.yml's nav leaves out {sorted(pages - listed)}"
    taken_in = {"contributing.md", "changelog.md"}  # the root's CONTRIBUTING.md and CHANGELOG.md (mkdocs_hooks.py)
    assert listed - pages == taken_in, f"the nav lists pages that do not exist: {sorted(listed - pages - taken_in)}"


def _prose(text: str) -> str:
    """The text without its code blocks (``` fences, and blocks indented four spaces after a blank line)."""
    out, fence, indented, blank = [], False, False, True
    for line in text.splitlines():
        if line.startswith("```"):
            fence = not fence
        elif fence:
            pass
        elif line.startswith("    ") and (blank or indented):
            indented = True
        else:
            indented = indented and not line.strip()
            out.append(line)
        blank = not line.strip()
    return "\n".join(out)


HASH = re.compile(r"\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,40}\b")
DATE = re.compile(r"\b20\d\d-\d\d(?:-\d\d)?\b")
ISSUE = re.compile(r"\bissues?\b", re.IGNORECASE)


@pytest.mark.parametrize("page", sorted(DOCS.rglob("*.md")), ids=lambda p: str(p.relative_to(DOCS)))
def test_the_docs_read_as_docs(page: Path) -> None:
    """No lab notebook: no commit hashes, dates or issue numbers in the prose of a page (a seed or a digest in
    a command or its output is not prose)."""
    prose = _prose(page.read_text(encoding="utf-8"))
    found = HASH.findall(prose) + DATE.findall(prose) + ISSUE.findall(prose)
    assert not found, f"docs/{page.relative_to(DOCS)}: {found}"


def test_the_prose_check_finds_what_it_looks_for() -> None:
    text = "at commit a9fcc20, 2026-12-03, as the issue asks\n\n    preferans play --seed 20261205 # 77d11d6\n"
    prose = _prose(text)
    assert HASH.findall(prose) == ["a9fcc20"] and DATE.findall(prose) == ["2026-12-03"]
    assert ISSUE.findall(prose) == ["issue"]


REFERENCE_BLOCKS = [(page, block) for page in sorted((DOCS / "reference").rglob("*.md"))
                    for block in re.findall(r"```python\n(.*?)```", page.read_text(encoding="utf-8"), re.DOTALL)]


def test_the_reference_pages_have_examples() -> None:
    assert any(page.name == "api.md" for page, _ in REFERENCE_BLOCKS)


@pytest.mark.parametrize(("page", "block"), REFERENCE_BLOCKS, ids=lambda v: v.name if isinstance(v, Path) else "")
def test_a_python_example_of_the_reference_runs(page: Path, block: str, capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(block, str(page), "exec"), {"__name__": "example"})
    # the api.md example plays a whole Sochi pulka and prints its settlement: whole whists summing to 0
    settlement = capsys.readouterr().out.strip().splitlines()[-1]
    assert sum(int(v) for v in re.findall(r"-?\d+", settlement)) == 0, settlement
