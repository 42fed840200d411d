"""``preferans new-variant``: write a ready-to-install plugin package for a new variant.

The package has a ``pyproject.toml`` registering the variant in the ``preferans.variants`` entry-point group,
a plugin module with one commented example hook, a preset that extends the parent, the parent's golden
playthroughs (re-labelled; they still hold because the new variant starts equal to its parent), its own words
in Russian and German (``locale/<lang>/LC_MESSAGES/preferans-NAME.po``: its description and a sample term,
found by ``Variant.locale_dirs`` and asked before the family's; docs/i18n.md), and a test file that runs the
conformance suite. Freshly generated, it installs with pip and passes the suite.
"""

from __future__ import annotations

import errno
import re
import unicodedata
from pathlib import Path

import tomli_w

from preferans.core.formats.atomic import write_atomic
from preferans.core.model.errors import bad_input
from preferans.core.rules.config import resolve_chain
from preferans.core.testing.playthrough import playthrough_files

NAME_RE = re.compile(r"^[a-z][a-z0-9_]*$")

PYPROJECT = '''\
[build-system]
requires = ["setuptools>=64"]
build-backend = "setuptools.build_meta"

[project]
name = "preferans-{name}"
version = "0.1.0"
description = {description_toml}
requires-python = ">=3.11"
dependencies = ["preferans"]

[project.optional-dependencies]
test = ["pytest"]

[project.entry-points."preferans.variants"]
{name} = "{module}"

[tool.setuptools]
packages = ["{module}"]

[tool.setuptools.package-data]
"{module}" = ["preset.toml", "playthroughs/*.toml", "locale/*/LC_MESSAGES/*.po"]

[tool.pytest.ini_options]
addopts = "--preferans-variant={name}"
'''

MODULE = '''\
"""{name}: {description_doc}

A preferans variant plugin. It extends ``{parent}``; implement here only the hooks whose answer differs
from the parent's (see docs/hooks.md of preferans for every hook), and put numbers in preset.toml.
"""

from __future__ import annotations

# Import from preferans.core.plugin, the plugin API, and your family's rules class.
#
# from collections.abc import Generator
#
# from preferans.core.plugin import DefenceView, hookimpl
# from preferans.variants.russian.rules import RussianRules   # your family's rules class: every key typed
#
#
# @hookimpl
# def pref_defence_legal(view: DefenceView, seat: int, rules: RussianRules) -> list[str] | None:
#     """Example: six spades must always be whisted (Stalingrad). Return None to keep the parent's rule."""
#     if view.contract.name == "6S":
#         return ["whist"]
#     return None
#
#
# @hookimpl(wrapper=True)
# def pref_defence_legal(view: DefenceView, seat: int, rules: RussianRules) -> Generator[None, list[str], list[str]]:
#     """Or refine the parent's answer: take it from ``yield`` and return the changed list."""
#     legal = yield
#     return [call for call in legal if call != "half"]   # e.g. no half-whist at this club
'''

PRESET = '''\
name = "{name}"
description = {description_toml}
extends = "{parent}"
sources = ["house rules: describe where each changed value comes from"]

[rules]
# Override any rule of {parent} here; `preferans show {parent}` lists them all. For example:
# pool = 10

# What a hook of yours changes of the family's rules on purpose: a rule ID of the family's rules page or an
# area (auction, declaration, defence, play, visibility, dealer, score, match_end), each with why. The
# conformance suite holds the variant to the family everywhere else (docs/conformance.md). For example:
# [deviations]
# defence = "Stalingrad: six spades must be whisted by both defenders"
'''

TEST = '''\
"""Run the preferans conformance suite against this variant (pyproject selects it with
--preferans-variant)."""

from preferans.core.testing.conformance import *  # noqa: F401,F403
'''

README = '''\
# preferans-{name}

{description}

    pip install -e .                # in this folder (from elsewhere: pip install -e path/to/{name})
    preferans conformance {name}
    preferans play --variant {name}
    preferans play --variant {name} --lang ru     # its own words first, then its family's

Extends `{parent}`. Change `{module}/preset.toml` for numbers and `{module}/__init__.py` for rules that
need code; re-record and hand-check the playthroughs in `{module}/playthroughs/` when results change.
The install is editable (`-e`): Python reads the preset and the module from this folder, so an edit takes
effect at the next `preferans` command without reinstalling. Reinstall only after changing
`pyproject.toml` (the entry point, the name).

Its words: `{module}/locale/<lang>/LC_MESSAGES/preferans-{name}.po` (here `ru` and `de`; English is the
text the code and the presets are written in). Each entry is a word of the game under its context (`call`,
`contract`, `account`, `unit`, `description`); an entry here comes before the family's, so one line
rewords one term and leaves the rest. Add a language with a folder of its code (`uk`, `sr`, `sr@cyrillic`,
`hr`, `sl`) and its own `Plural-Forms` header; an entry marked `#, fuzzy` or left empty is not used.
'''


CATALOGUE = '''\
# {language} words of the variant {name} (domain preferans-{name}); see docs/i18n.md of preferans.
# unchecked: written by new-variant; replace with "checked by NAME, DATE" once a speaker has read it.
msgid ""
msgstr ""
"Project-Id-Version: preferans-{name}\\n"
"Language: {lang}\\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Content-Transfer-Encoding: 8bit\\n"
"Plural-Forms: {plural}\\n"

# `preferans variants --lang {lang}` shows this instead of the preset's description
{description_entry}

# a sample term: the variant's own word for a pass (the family's is asked for any word not here);
# change it, or delete the entry to keep the family's
msgctxt "call"
msgid "pass"
msgstr "{pass_word}"
'''

LANGUAGES = {
    "ru": ("Russian", "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
                      "(n%100<10 || n%100>=20) ? 1 : 2);", "Домашние правила поверх {parent}", "пасую"),
    "de": ("German", "nplurals=2; plural=(n != 1);", "Hausregeln auf der Grundlage von {parent}", "ich passe"),
}
"""The languages a new variant starts with: the name, the plural rule, the default description and the sample
word for a pass in each."""


def _catalogue(lang: str, values: dict[str, str], own_description: bool) -> str:
    language, plural, default, pass_word = LANGUAGES[lang]
    if own_description:  # the author's own text: kept fuzzy (unused) until someone translates it
        entry = (f'#, fuzzy\nmsgctxt "description"\nmsgid {_po_string(values["name"])}\n'
                 f'msgstr {_po_string(values["description"])}')
    else:
        entry = (f'msgctxt "description"\nmsgid {_po_string(values["name"])}\n'
                 f'msgstr {_po_string(default.format(parent=values["parent"]))}')
    return CATALOGUE.format(language=language, name=values["name"], lang=lang, plural=plural,
                            description_entry=entry, pass_word=pass_word)


def _po_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def new_variant(name: str, parent: str, out_dir: str, description: str = "") -> Path:
    """Write the package into ``out_dir/name`` and return its path."""
    if not NAME_RE.match(name):
        raise bad_input("{command}: {arg}: {name} is not a valid name (lowercase letters, digits, _; starting with "
                        "a letter)", command="new-variant", arg="NAME", name=repr(name))
    resolve_chain(parent, "new-variant", "--extends")  # the parent must be installed
    root = Path(out_dir) / name
    _one_line(description)
    try:
        if root.exists() and any(root.iterdir()):
            raise bad_input("{command}: {option}: {path} exists and is not empty", command="new-variant", option="-o",
                            path=root)
    except OSError as exc:
        raise bad_input("{command}: {option}: {path}: {reason}", command="new-variant", option="-o", path=root,
                        reason=_reason(exc)) from None
    module = f"preferans_{name}"
    given = description
    description = description or f"House rules on top of {parent}"
    values = {"name": name, "parent": parent, "module": module, "description": description,
              "description_toml": _toml_string(_one_line(description)),
              "description_doc": _docstring_text(description)}
    files = {Path("pyproject.toml"): PYPROJECT.format(**values), Path("README.md"): README.format(**values),
             Path(module, "__init__.py"): MODULE.format(**values),
             Path(module, "preset.toml"): PRESET.format(**values), Path("tests", "test_conformance.py"): TEST}
    for lang in LANGUAGES:
        files[Path(module, "locale", lang, "LC_MESSAGES", f"preferans-{name}.po")] = _catalogue(
            lang, values, own_description=bool(given))
    for source, item in playthrough_files(parent):
        text = item.read_text(encoding="utf-8")
        text = re.sub(r'^variant = ".*"$', f'variant = "{name}"', text, count=1, flags=re.M)
        header = f"# Copied from {source}; re-check every number by hand once {name} changes a rule.\n"
        files[Path(module, "playthroughs", item.name)] = header + text
    folders = [root / module / "playthroughs", root / "tests",
               *(root / module / "locale" / lang / "LC_MESSAGES" for lang in LANGUAGES)]
    for folder in folders:
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise bad_input("{command}: {option}: cannot make the folder {path}: {reason}", command="new-variant",
                            option="-o", path=folder, reason=_reason(exc)) from None
    for relative, text in files.items():
        write_atomic(root / relative, text)
    return root


def _one_line(description: str) -> str:
    """``--description`` is the one line ``preferans variants`` shows: no newline, tab or other control
    character (which would also break out of the TOML string and the module's docstring)."""
    for ch in description:
        if unicodedata.category(ch) == "Cc":
            raise bad_input("{command}: {option}: {char} is not allowed: the description is one line of text, "
                            "without newlines or other control characters", command="new-variant",
                            option="--description", char=repr(ch))
    return description


def _toml_string(text: str) -> str:
    """``text`` as a TOML basic string, quotes and backslashes escaped (by tomli-w)."""
    return tomli_w.dumps({"x": text}).split("=", 1)[1].strip()


def _docstring_text(text: str) -> str:
    """``text`` inside the module's ``\"\"\"`` docstring: backslashes and quotes escaped, so it reads back
    as written and never closes the docstring."""
    return text.replace("\\", "\\\\").replace('"', '\\"')


def _reason(exc: OSError) -> str:
    if exc.errno == errno.ENAMETOOLONG:
        return "the name is too long"
    if exc.errno in (errno.ENOTDIR, errno.EEXIST):
        return "a file is in the way (a folder is needed)"
    return exc.strerror or type(exc).__name__
