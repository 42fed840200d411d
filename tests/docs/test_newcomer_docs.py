"""What a newcomer reads first holds as written: the install before the conformance suite, the long pimc
arena, CONTRIBUTING's "Adding a variant" and the tutorial's re-record command."""

from __future__ import annotations

import re
import shlex
import tomllib
from pathlib import Path

import pytest

from helpers import paths
from preferans.core.cli import main
from preferans.core.rules.config import playable_variants
from preferans.core.testing import playthrough

ROOT = paths.ROOT


def _text(name: str) -> str:
    return (ROOT / name).read_text(encoding="utf-8")


def _commands(block: str) -> list[list[str]]:
    """The ``preferans ...`` commands of a text's indented code lines, a ``\\`` line joined to the next."""
    lines = [line.strip() for line in block.replace("\\\n", " ").splitlines()]
    return [shlex.split(line, comments=True) for line in lines if line.startswith("preferans ")]


def test_conformance_has_its_own_extra_named_before_the_suite_runs() -> None:
    meta = tomllib.loads(_text("pyproject.toml"))
    assert meta["project"]["optional-dependencies"]["conformance"] == ["pytest>=8"]
    # README: the conformance command of "Write a variant" comes with the install that brings pytest
    readme = _text("README.md")
    first = readme.index("(`preferans conformance mine`")
    assert "pip install -e '.[conformance]'" in readme[first:first + 200]
    # the tutorial: said before the first `preferans conformance` it shows (step 2, after the install)
    tutorial = _text("docs/writing-a-variant.md")
    assert tutorial.index("pip install 'preferans[conformance]'") < tutorial.index("    preferans conformance")


def test_the_readme_warns_that_the_pimc_arena_is_long() -> None:
    readme = _text("README.md")
    command = "preferans arena --variant sochi --bots pimc,heuristic,heuristic --deals 2000 --seed 2026 --jobs 2\n"
    after = readme[readme.index(command) + len(command):].lstrip("\n").split("\n\n")[0]
    assert after.startswith("The second one is long:") and "10 to 20 minutes" in after


def _adding_a_variant() -> str:
    text = _text("CONTRIBUTING.md")
    return text[text.index("## Adding a variant"):text.index("## Adding a house rule")]


def test_contributing_walks_through_a_variant_that_does_not_exist_yet() -> None:
    section = _adding_a_variant()
    preset = tomllib.loads(re.search(r"```toml\n(.*?)```", section, re.S).group(1).replace("\n   ", "\n"))  # type: ignore[union-attr]
    assert preset["name"] == "club" and "club" not in playable_variants()
    assert preset["extends"] in playable_variants()
    # its code imports only from the plugin API and the family's rules class, as the lines below it say
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)  # type: ignore[union-attr]
    assert re.findall(r"^\s*(?:from|import) (\S+)", code, re.M) == ["preferans.core.plugin",
                                                                      "preferans.variants.russian.rules"]


def test_contributings_record_commands_cover_every_contract_kind(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """Run as written, with the parent for ``club``, which is not installed."""
    section = _adding_a_variant()
    records = [c for c in _commands(section) if c[1:3] == ["playthrough", "record"]]
    assert len(records) == 4
    kinds: set[str] = set()
    for argv in records:
        assert argv[3] == "club"
        out = tmp_path / Path(argv[argv.index("-o") + 1]).name
        args = [*argv[1:], "-o", str(out)]
        args[2] = "leningrad"  # its parent: the same contract kinds
        assert main(args) == 0, capsys.readouterr().err
        kinds |= playthrough.contract_kinds(playthrough.load(out))
    # the Russian family's four kinds: the suit game, no-trump, misère and the raspasovka
    assert kinds == {"suit", "notrump", "misere", "raspasovka"}


def test_the_tutorials_re_record_overwrites_and_says_the_comments_go(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    tutorial = _text("docs/writing-a-variant.md")
    step = tutorial[tutorial.index("## 5. Re-check the golden games"):tutorial.index("## 6.")]
    [record] = [c for c in _commands(step) if c[1:3] == ["playthrough", "record"]]
    assert "--force" in record and "without the\ncomments at its top" in step
    # in the package's folder as new-variant wrote it; sochi stands for houserules, installed only by pip
    monkeypatch.chdir(tmp_path)
    assert main(["new-variant", "houserules", "--extends", "sochi"]) == 0
    monkeypatch.chdir(tmp_path / "houserules")
    target = Path(record[record.index("-o") + 1])
    assert target.is_file()  # the copied playthrough is there: without --force the recorder refuses
    record[3] = "sochi"
    assert main(record[1:]) == 0, capsys.readouterr().err
    assert target.read_text(encoding="utf-8").startswith('variant = "sochi"\n')
    # and the description the preset changes in step 3 is in the two catalogues, which the step names
    assert 'msgctxt "description"' in (target.parent.parent / "locale" / "ru" / "LC_MESSAGES"
                                       / "preferans-houserules.po").read_text(encoding="utf-8")
    assert "translate the new one there too" in tutorial
