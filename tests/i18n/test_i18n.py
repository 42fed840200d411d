"""The players' languages (docs/i18n.md): the catalogues are complete and fresh, plural forms are right for
each language, the language is chosen by --lang or the environment, and `preferans play` speaks it.

The extraction runs Babel's Python extractor over the modules converted to translator calls (CORE_FILES and
each family's folder); a message found there and missing from a language's catalogue (or translated fuzzy or
empty), or a catalogue entry no longer in the code (stale), fails the test.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from pydantic import create_model
from pydantic.fields import FieldInfo

from helpers import paths
from helpers.cyrillic import cyrillic
from preferans.core.model import i18n
from preferans.core.model.errors import BadInput

babel_extract = pytest.importorskip("babel.messages.extract")
babel_pofile = pytest.importorskip("babel.messages.pofile")

ROOT = paths.ROOT
DATA = paths.DATA / "i18n"
KEYWORDS = {"gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "npgettext": ((1, "c"), 2, 3),
            "mark_term": ((1, "c"), 2), "bad_input": None, "mark_error": None, "check_message": None,
            "phrase": None}
MORE_CORE_FILES = ("core/cli/serve.py", "core/server/serve.py")
"""More of the core's domain: serve's errors (the port, the web extra, the database file)."""
MORE_ERROR_FILES = ("core/rules/local.py", "core/rules/checked.py", "core/ai/registry.py", "core/ai/pimc.py",
                    "core/ai/solver.py", "core/ai/levels.py", "core/tools/scaffold.py", "core/tools/parallel.py",
                    "core/tools/arena.py",
                    "core/tools/analysis.py", "core/tools/arena_record.py", "core/tools/deal_sets.py")
"""More of the domain ``preferans-errors``: the local plugins' errors, the bots' and their options', the tools'
options, the arena's records and deal sets."""
READER_FILES = ("core/model/cards.py", "core/formats/saves.py", "core/formats/sheet.py", "core/formats/atomic.py")
"""More modules of the domain ``preferans-errors`` (with ``ERROR_FILES``): a card that is not a card, a saved
game's and a sheet source's errors, a file that cannot be written."""
CORE_FILES = ("core/model/i18n.py", "core/model/paper.py", "core/formats/render.py", "core/cli/play.py",
              "core/formats/talk.py", "core/cli/variants.py", "core/cli/simulate.py", "core/cli/sheet.py",
              "core/model/picture.py", "core/model/errors.py", "core/cli/common.py", "core/cli/__init__.py",
              "core/cli/solve.py", "core/tools/solve.py", "core/cli/analyse.py", "core/cli/arena.py",
              "core/cli/hints.py", "core/cli/config.py",
              "core/cli/conformance.py", "core/cli/playthrough.py", "core/rules/commented.py")
"""The core's modules whose output is translated (docs/i18n.md lists them)."""
ERROR_FILES = ("core/model/error_texts.py", "core/model/parsing.py", "core/rules/config.py", "core/rules/manager.py",
               "core/engine/game.py", "core/formats/scorecard.py", "core/server/app.py", "core/server/lobby.py",
               "core/server/protocol.py", "core/server/table.py", "core/server/labels.py")
"""The modules whose errors (``bad_input`` templates, ``mark_error``) are the domain ``preferans-errors``: the
errors of configs, presets, files, scorecards and saved games, the refusal of an illegal action, and the
server's refusals (the lobby's, the protocol's, the table's)."""
DOMAINS = {
    "preferans": (ROOT / "core" / "locale", [ROOT / f for f in CORE_FILES + MORE_CORE_FILES]),
    # the family's modules, and its shipped child classic's errors of the dark field, said from the family's
    "preferans-russian": (ROOT / "variants/russian/locale",
                          [*sorted((ROOT / "variants/russian").glob("*.py")), ROOT / "variants/classic/scoring.py"]),
    "preferans-balkan": (ROOT / "variants/balkan/locale", sorted((ROOT / "variants/balkan").glob("*.py"))),
    "preferans-austrian": (ROOT / "variants/austrian/locale", sorted((ROOT / "variants/austrian").glob("*.py"))),
    "preferans-page": (ROOT / "core" / "locale", [ROOT / "core/server/words.py"]),  # the browser page's words
    "preferans-errors": (ROOT / "core" / "locale",  # the errors
                         [ROOT / f for f in (*ERROR_FILES, *MORE_ERROR_FILES, *READER_FILES)]),
    # the conformance suite's failure and skip messages (check_message), as `preferans conformance` says them
    "preferans-conformance": (ROOT / "core" / "locale", sorted((ROOT / "core/testing").glob("*.py"))),
}
THREE = "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"
PLURAL_FORMS = {
    "ru": THREE, "uk": THREE, "sr": THREE, "sr-Cyrl": THREE, "hr": THREE,
    "sl": "nplurals=4; plural=(n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2 : 3);",
    "de": "nplurals=2; plural=(n != 1);",
}
"""The plural rules of the languages (the CLDR/gettext rules): Russian, Ukrainian, Serbian and Croatian have
a form for 1, 21, 101 (one), one for 2-4, 22-24 (few) and one for the rest; Slovenian one for 1, 101, one for
2, 102, one for 3-4, 103-104 and one for the rest; German two, as English."""
TRANSLATED = [lang for lang in i18n.LANGUAGES if lang != "en"]

Key = tuple[str | None, str, str | None]


def extracted(files: list[Path]) -> set[Key]:
    found: set[Key] = set()
    for path in files:
        for _line, message, _comments, context in babel_extract.extract_from_file(
                "python", str(path), keywords=KEYWORDS):
            if isinstance(message, tuple):
                found.add((context, message[0], message[1]))
            else:
                found.add((context, message, None))
    return found


def preset_meanings(family: str) -> set[Key]:
    """The ``[calls]`` texts of the family's presets and its shipped children's (the help of the table looks
    each up under the context ``meaning``, the English text as its id)."""
    from importlib.resources import files

    from preferans.core.rules.config import resolve_chain
    from preferans.core.rules.manager import installed_variants

    found: set[Key] = set()
    for name, inst in installed_variants().items():
        chain = resolve_chain(name)
        if inst.distribution != "preferans" or chain[0].name != family:
            continue
        for level in chain:
            data = tomllib.loads((files(level.module) / "preset.toml").read_text(encoding="utf-8"))
            found |= {("meaning", text, None) for text in data.get("calls", {}).values()}
    return found


def model_fields(module: object) -> list[tuple[str, FieldInfo]]:
    """Every field of the ``[rules]`` sections a plugin module declares (``pref_rules_sections``), the
    fields of its tables included, as ``(dotted key, field)``."""
    from pydantic import BaseModel

    found: list[tuple[str, FieldInfo]] = []

    def walk(prefix: str, fields: dict[str, FieldInfo]) -> None:
        for name, info in fields.items():
            found.append((prefix + name, info))
            sub = info.annotation
            if isinstance(sub, type) and issubclass(sub, BaseModel):
                walk(f"{prefix}{name}.", sub.model_fields)

    sections = getattr(module, "pref_rules_sections", None)
    if sections is None:
        return found
    spec = {k: (v if isinstance(v, tuple) else (v, ...)) for k, v in sections().items()}
    walk("", create_model("Sections", **spec).model_fields)
    return found


def rules_modules(domain: str) -> list[object]:
    """The plugin modules whose rules fields a domain describes: the core's defaults, or the family's and its
    shipped children's (classic in the Russian family's, illustrated and nachgehen in the Austrian's)."""
    from preferans.core.rules import defaults
    from preferans.core.rules.config import resolve_chain
    from preferans.core.rules.manager import installed_variants

    if domain == "preferans":
        return [defaults]
    family = domain.removeprefix("preferans-")  # none for the page's and the errors' domains
    modules: list[object] = []
    for name, inst in installed_variants().items():
        chain = resolve_chain(name)
        if inst.distribution == "preferans" and chain[0].name == family:
            modules += [level.module for level in chain if level.module not in modules]
    return modules


def rule_titles(domain: str) -> set[Key]:
    """The titles of the rules fields a domain's modules declare: the comments of ``preferans show``, looked
    up under the context ``rule`` with the English title as the id."""
    return {("rule", info.title, None) for m in rules_modules(domain) for _key, info in model_fields(m)
            if info.title}


def expected(domain: str) -> set[Key]:
    """The messages a domain's catalogues must hold: what its files use (and the titles of its rules
    fields; for a family, its presets' ``[calls]`` texts too), less (for a family) what the core's catalogue
    already translates."""
    ids = extracted(DOMAINS[domain][1]) | rule_titles(domain)
    if domain == "preferans":
        return ids
    return (ids | preset_meanings(domain.removeprefix("preferans-"))) - expected("preferans")


def po_path(domain: str, lang: str) -> Path:
    return DOMAINS[domain][0] / i18n.FOLDERS.get(lang, lang) / "LC_MESSAGES" / f"{domain}.po"


def read_babel(path: Path):  # type: ignore[no-untyped-def]
    with path.open("rb") as f:
        return babel_pofile.read_po(f)


@pytest.mark.slow
def test_extraction_finds_the_converted_messages() -> None:
    # a sample of each domain, so that an extraction that silently finds nothing cannot pass the tests below
    assert (None, "Settlement ({unit})", None) in expected("preferans")
    assert (None, "illegal action {action} in phase {phase}; allowed: {legal}", None) in expected("preferans-errors")
    assert (None, "unknown key {name}{suggestion} (allowed: {allowed})", None) in expected("preferans-errors")
    assert ("suit", "NT", None) in expected("preferans")
    assert ("call", "half", None) in expected("preferans-russian")
    assert (None, "under the hat: {players}", None) in expected("preferans-balkan")
    assert ("contract", "bettel", None) in expected("preferans-austrian")
    assert (None, "ok", None) not in expected("preferans-austrian")  # the core translates it
    assert ("meaning", "the dealer does not share the misère", None) in expected("preferans-russian")
    assert ("meaning", "take over: pick up the discards, discard two of your own and name at least the minimum "
            "contract", None) in expected("preferans-austrian")  # nachgehen's, a child of the family
    # the comments of `preferans show`: the rules fields' titles, each in the domain of its plugin
    assert ("rule", "stop the match after this many deals", None) in expected("preferans")
    assert ("rule", "the rules of the game", None) in expected("preferans")
    assert ("rule", "greedy or gentleman whist", None) in expected("preferans-russian")
    assert ("rule", "each bomb multiplies by this", None) in expected("preferans-russian")  # classic's
    assert ("rule", "supe per bula point", None) in expected("preferans-balkan")
    assert ("rule", "the lowest contract a take-over may name", None) in expected("preferans-austrian")  # nachgehen's
    assert ("rule", "players at the table", None) not in expected("preferans-balkan")  # the core translates it


@pytest.mark.parametrize("domain", ["preferans", "preferans-russian", "preferans-balkan", "preferans-austrian"])
def test_every_rules_field_has_a_title(domain: str) -> None:
    # the title is the comment `preferans show` writes above the key, in the language: a new field without one
    # would be shown in English (its description), so it fails here; with one, the catalogues must follow
    untitled = [key for m in rules_modules(domain) for key, info in model_fields(m) if not info.title]
    assert not untitled, f"{domain}: rules fields without a title: {untitled}"
    long = [info.title for m in rules_modules(domain) for _key, info in model_fields(m)
            if info.title and ("\n" in info.title or len(info.title) > 80)]
    assert not long, f"{domain}: a title is one short line: {long}"


@pytest.mark.slow
@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("domain", sorted(DOMAINS))
def test_catalogue_complete_and_fresh(domain: str, lang: str) -> None:
    path = po_path(domain, lang)
    assert path.is_file(), f"{path} is missing"
    catalog = read_babel(path)
    header = path.read_text(encoding="utf-8")
    assert f"Plural-Forms: {PLURAL_FORMS[lang]}" in header
    assert "unchecked" in header or "checked by" in header  # who read it, or that nobody has yet
    have: set[Key] = set()
    for m in catalog:
        if not m.id:
            continue
        key = (m.context, m.id[0], m.id[1]) if m.pluralizable else (m.context, m.id, None)
        have.add(key)
        forms = list(m.string) if m.pluralizable else [m.string]
        assert not m.fuzzy, f"{path}: {key} is fuzzy"
        assert all(forms), f"{path}: {key} is untranslated"
        if m.pluralizable:
            assert len(forms) == int(PLURAL_FORMS[lang].split("=")[1].split(";")[0]), f"{path}: {key} forms"
        wanted = set(re.findall(r"\{[^}]*\}", key[1]))
        for form in forms:
            assert set(re.findall(r"\{[^}]*\}", form)) == wanted, f"{path}: {key}: the placeholders differ"
    need = expected(domain)
    assert not need - have, f"{path}: untranslated: {sorted(need - have, key=str)}"
    assert not have - need, f"{path}: stale (no longer in the code): {sorted(have - need, key=str)}"


@pytest.mark.parametrize("domain", sorted(DOMAINS))
def test_own_reader_agrees_with_babel(domain: str) -> None:
    for lang in TRANSLATED:
        path = po_path(domain, lang)
        _header, ours = i18n.read_po(path.read_text(encoding="utf-8"), str(path))
        theirs = {((m.context, m.id[0], m.id[1]) if m.pluralizable else (m.context, m.id, None)):
                  (tuple(m.string) if m.pluralizable else (m.string,)) for m in read_babel(path) if m.id}
        assert ours == theirs


# ---------------------------------------------------------------- plural forms

# the form each language's rule picks for 1, 2, 5, 21, 101, 102 (by the rules in PLURAL_FORMS' docstring)
PICKS = {
    "en": (0, 1, 1, 1, 1, 1), "de": (0, 1, 1, 1, 1, 1),
    "ru": (0, 1, 2, 0, 0, 1), "uk": (0, 1, 2, 0, 0, 1), "sr": (0, 1, 2, 0, 0, 1), "sr-Cyrl": (0, 1, 2, 0, 0, 1),
    "hr": (0, 1, 2, 0, 0, 1),
    "sl": (0, 1, 3, 3, 0, 1),  # 5 and 21 "other"; 101 ends in 01 (one), 102 in 02 (two)
}


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_ngettext_picks_the_right_form(lang: str, tmp_path: Path) -> None:
    # each language's own header (as shipped) over a message whose forms are named by their index
    rule = PLURAL_FORMS.get(lang, "nplurals=2; plural=(n != 1);")
    count = int(rule.split("=")[1].split(";")[0])
    forms = "".join(f'msgstr[{i}] "f{i}"\n' for i in range(count))
    folder = tmp_path / i18n.FOLDERS.get(lang, lang) / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "test.po").write_text(
        f'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Plural-Forms: {rule}\\n"\n\n'
        f'msgid "one"\nmsgid_plural "many"\n{forms}', encoding="utf-8")
    tr = i18n.Translator(lang, i18n.catalogue_files(tmp_path, lang))
    picked = tuple(int(tr.ngettext("one", "many", n)[1]) if lang != "en" else (0 if n == 1 else 1)
                   for n in (1, 2, 5, 21, 101, 102))
    assert picked == PICKS[lang]


def test_russian_sheet_title_declines() -> None:
    tr = i18n.translator("ru")
    title = "Score sheet after {n} deal ({state})", "Score sheet after {n} deals ({state})"
    # после одной сдачи, двух сдач, пяти сдач, двадцати одной сдачи: genitive singular for 1 and 21
    assert [tr.ngettext(*title, n).format(n=n, state="пока") for n in (1, 2, 21)] == [
        "Счёт после 1 сдачи (пока)", "Счёт после 2 сдач (пока)", "Счёт после 21 сдачи (пока)"]
    sl = i18n.translator("sl")  # po enem deljenju, po dveh/petih deljenjih (locative singular, dual, plural)
    assert sl.ngettext(*title, 1).format(n=1, state="x") == "Stanje po 1 deljenju (x)"
    assert sl.ngettext(*title, 2).format(n=2, state="x") == "Stanje po 2 deljenjih (x)"


# ---------------------------------------------------------------- choosing the language


@pytest.mark.parametrize(("text", "lang"), [
    ("ru", "ru"), ("ru_RU.UTF-8", "ru"), ("de-AT", "de"), ("de_DE@euro", "de"), ("sr", "sr"), ("sr-Latn", "sr"),
    ("sr_RS@latin", "sr"), ("sr-Cyrl", "sr-Cyrl"), ("sr@cyrillic", "sr-Cyrl"), ("sr_RS", "sr-Cyrl"),
    ("C", "en"), ("POSIX", "en"), ("en_GB.UTF-8", "en"), ("sl_SI", "sl"), ("hr", "hr"), ("uk_UA", "uk"),
])
def test_language_codes(text: str, lang: str) -> None:
    assert i18n.language(text) == lang


def test_unknown_language_is_a_one_line_error() -> None:
    with pytest.raises(BadInput, match=r"--lang: 'fr' is not a language of preferans \(one of: en, ru"):
        i18n.language("fr")


def test_environment_order() -> None:
    assert i18n.from_environment({}) == "en"
    assert i18n.from_environment({"LANG": "de_AT.UTF-8"}) == "de"
    assert i18n.from_environment({"LC_ALL": "", "LC_MESSAGES": "ru_RU.UTF-8", "LANG": "de_AT.UTF-8"}) == "ru"
    assert i18n.from_environment({"LC_ALL": "sl_SI.UTF-8", "LANG": "de_AT.UTF-8"}) == "sl"
    assert i18n.from_environment({"LC_ALL": "fr_FR.UTF-8", "LANG": "de_AT.UTF-8"}) == "en"  # not spoken: English


def test_english_translates_nothing_and_family_words_come_first() -> None:
    from preferans.core.rules.config import load_variant

    assert i18n.translator("en").pgettext("call", "pass") == "pass"
    russian = i18n.translator("ru", load_variant("leningrad").locale_dirs)
    serbian = i18n.translator("sr", load_variant("serbian").locale_dirs)
    austrian = i18n.translator("de", load_variant("illustrated").locale_dirs)
    assert (russian.pgettext("call", "pass"), serbian.pgettext("call", "pass"),
            austrian.pgettext("call", "pass")) == ("пас", "dalje", "passe")
    assert russian.contract("6H") == "6♥" and russian.contract("8NT") == "8БК"  # as Russian players write them
    assert russian.contract("misere") == "мизер" and serbian.contract("hearts") == "herc"
    assert austrian.contract("bettel") == "Bettel" and austrian.contract("hearts-hand") == "Préférence"
    assert (russian.card("J", "♠"), i18n.translator("de").card("J", "♠")) == ("В♠", "B♠")


def test_every_word_of_each_family_is_a_term() -> None:
    # every contract a family's variants name and every call of their [calls] tables (the keys of the
    # records) is in the family's TERMS, or written by level and suit (6H), or a number (a Balkan bid)
    from preferans.core.rules.config import load_variant
    from preferans.variants.austrian.terms import TERMS as AUSTRIAN
    from preferans.variants.balkan.terms import TERMS as BALKAN
    from preferans.variants.russian.terms import TERMS as RUSSIAN

    families = {"russian": (RUSSIAN, ("sochi", "leningrad", "rostov")), "balkan": (BALKAN, ("serbian", "slovenian")),
                "austrian": (AUSTRIAN, ("austrian", "illustrated", "nachgehen", "styrian"))}
    for _family, (terms, variants) in families.items():
        for name in variants:
            variant = load_variant(name)
            for row in variant.contracts:
                assert row.name.isdigit() or re.fullmatch(r"\d+(NT|S|C|D|H)", row.name) or \
                    ("contract", row.name) in terms, f"{name}: contract {row.name}"
            for call in variant.calls:
                assert call.endswith("-") or call.startswith("dark-") or "@" in call or ("call", call) in terms, \
                    f"{name}: {call}"  # pass@defence: a meaning by step, not a call


# ---------------------------------------------------------------- Serbian in two scripts


@pytest.mark.parametrize("domain", sorted(DOMAINS))
def test_serbian_cyrillic_is_the_latin_transliterated(domain: str) -> None:
    latin = i18n.read_po(po_path(domain, "sr").read_text(encoding="utf-8"))[1]
    cyr = i18n.read_po(po_path(domain, "sr-Cyrl").read_text(encoding="utf-8"))[1]
    assert cyr == {k: tuple(cyrillic(f) for f in v) for k, v in latin.items()}
    assert cyrillic("Ljubav, njiva, džak {player} --seed 5 v") == "Љубав, њива, џак {player} --seed 5 v"
    assert cyrillic("--- deljenje {number} ---") == "--- дељење {number} ---"  # a rule of dashes is no option


# ---------------------------------------------------------------- a player's name and a gendered verb

PERSON = r"\{(?:name|player|players|who|winner|declarer|dealer)\}"
"""The placeholders that stand for a player (or players): a name a woman may have as well as a man."""
PAST = {  # the auxiliary of the past tense, and the masculine singular l-participle (a woman: -la)
    "sr": (r"je|nije", r"\w+[aeiu]o"), "sr-Cyrl": (r"је|није", r"\w+[аеиу]о"),
    "hr": (r"je|nije", r"\w+[aeiu]o"), "sl": (r"je|ni", r"\w+[aeiou]l"),
}
"""Serbian and Croatian say he played ``je igrao``, she played ``je igrala``; Slovenian ``je igral`` and ``je
igrala``: the masculine form after a name is wrong for Anna and Vera."""
NOT_PAST = r"(?!(?:kao|као)(?!\w))"
"""A word ending as a participle that is none: ``kao`` (as, like: ``instaliran je kao {name}``)."""


def masculine_after_name(lang: str, text: str) -> list[str]:
    """The places of ``text`` where a player's placeholder takes a masculine past form: ``{name} je (prvi)
    rekao``, ``je {player} uzeo``, ``igrao {name}``."""
    aux, part = PAST[lang]
    found = re.findall(rf"{PERSON}\s+(?:{aux})\s+(?:\w+\s+)?{part}(?!\w)", text)
    found += re.findall(rf"(?<!\w)(?:{aux})\s+{PERSON}\s+{part}(?!\w)", text)
    found += re.findall(rf"(?<!\w){NOT_PAST}{part}\s+{PERSON}", text)
    return found


def test_the_gender_pattern_finds_what_it_must() -> None:
    # the texts said before: "Anna je rekao dalje" is a man's verb for a woman (as "Anna выиграл" in Russian)
    for lang, text in [("sr", "{name} je rekao dalje; kontru može da kaže samo onaj ko je došao"),
                       ("sr", "nije moguće: {name} je prvi rekao kontru"), ("sr", "nije moguće: {name} nije došao"),
                       ("sr", "{given} (igra), ali je {player} uzeo talon"),
                       ("sr", "Deljenje {n}: {contract}, igrao {name}"),
                       ("sr-Cyrl", cyrillic("{players} je delio ovo deljenje i nije igrao")),
                       ("hr", "{name} je dijelio ovo dijeljenje i nije igrao"),
                       ("sl", "{name} je rekel naprej"), ("sl", "a {player} je vzel talon"),
                       ("sl", "{name} je zmagal na licitaciji: {bid}")]:
        assert masculine_after_name(lang, text), (lang, text)
    # what they say now (a present tense, a noun, the call after a colon), and a generic "onaj ko je došao"
    for lang, text in [("sr", "{name}: dalje; kontru može da kaže samo onaj ko je došao"),
                       ("sr", "nije moguće: prvu kontru daje {name}"), ("sr", "licitacija: {name}, {bid}"),
                       ("sr", "{name} nije označen sa {mark}, pa nikad ne bi bio pozvan ({fix})"),
                       ("sl", "vstopna točka {name} mora navesti modul, ne {got}"),
                       ("sr", "Vidiš ono što je video igrač {name}."),
                       ("hr", "u predlošku piše {said}, a instaliran je kao {name}")]:
        assert not masculine_after_name(lang, text), (lang, text)


@pytest.mark.parametrize("lang", sorted(PAST))
def test_no_masculine_past_after_a_players_name(lang: str) -> None:
    # each message that names a player says what he or she did without a man's past form: as the Russian
    # catalogues say "торговля за {player}" for "{player} won the auction", a present tense, a noun or the
    # call after a colon ("{name}: dalje"), so that Anna and Vera read right
    wrong = []
    for domain in sorted(DOMAINS):
        for key, forms in i18n.read_po(po_path(domain, lang).read_text(encoding="utf-8"))[1].items():
            wrong += [f"{domain}: {key[1]!r}: {form!r}" for form in forms if masculine_after_name(lang, form)]
    assert not wrong, "\n".join(wrong)


# ---------------------------------------------------------------- preferans play in three languages


def _play(*args: str) -> list[str]:
    run = subprocess.run([sys.executable, "-m", "preferans.core.cli", "play", *args], capture_output=True,
                         text=True, encoding="utf-8", env={"PATH": "/usr/bin:/bin", "PYTHONIOENCODING": "utf-8"},
                         check=False)
    assert run.returncode == 0, run.stderr
    return run.stdout.splitlines()


def _golden(name: str) -> list[str]:
    lines = (DATA / name).read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("# unchecked:") or lines[0].startswith("# checked by")
    return [line for line in lines if not line.startswith("#")]


@pytest.mark.subprocess
@pytest.mark.parametrize(("variant", "lang", "golden", "head"), [
    ("leningrad", "ru", "leningrad-ru.txt", 2), ("serbian", "sr", "serbian-sr.txt", 3),
    ("illustrated", "de", "illustrated-de.txt", 2),
])
def test_play_speaks_the_language(variant: str, lang: str, golden: str, head: int) -> None:
    out = _play("--variant", variant, "--lang", lang, "--seed", "1")
    want = _golden(golden)
    # the title and the first deal (after the sheet's opening, a Balkan sheet's starting bula), as the golden
    # file says them
    assert out[:head] == want[:head]
    # the sheet, the settlement and its check at the end: their words as the golden file says them; the
    # numbers are the bots' game (they change when a bot does), so they and the columns' spacing are not
    # compared, only where a number stands
    assert [_words(line) for line in out[-len(want) + head:]] == [_words(line) for line in want[head:]]


def _words(line: str) -> str:
    """``line`` with every number (``+677``, ``-1324/3``, ``60``) as ``#`` and its spaces collapsed."""
    return " ".join(re.sub(r"[+-]?\d+(?:/\d+)?", "#", line).split())


@pytest.mark.slow
@pytest.mark.subprocess
def test_environment_language_and_english_default() -> None:
    english = _play("--variant", "leningrad", "--seed", "1")
    # the call with the suit symbol the hands use (6H is hearts), as in every language's deal line
    assert english[1].startswith("deal   1  dealer Anna: Anna 6♥ (Boris pass, Vera whist);")
    run = subprocess.run([sys.executable, "-m", "preferans.core.cli", "play", "--variant", "leningrad", "--seed",
                          "1"], capture_output=True, text=True, encoding="utf-8", check=False,
                         env={"PATH": "/usr/bin:/bin", "LANG": "ru_RU.UTF-8", "PYTHONIOENCODING": "utf-8"})
    assert run.stdout.splitlines()[1].startswith("сдача   1  сдаёт Anna: Anna 6♥ (Boris пас, Vera вист);")
    bad = subprocess.run([sys.executable, "-m", "preferans.core.cli", "play", "--lang", "fr"], capture_output=True,
                         text=True, check=False)
    assert bad.returncode == 2 and bad.stderr.startswith("preferans: --lang: 'fr' is not a language")
    assert len(bad.stderr.splitlines()) == 1


# ---------------------------------------------------------------- the browser page's catalogue


def test_the_page_uses_exactly_the_words_of_its_catalogue() -> None:
    # every t("...") of the page's scripts and data-i18n="..." of index.html is a message of core/server/words.py, and
    # every message there is used: a label added to the page without its catalogue entry (or left behind
    # when the page stops showing it) fails here, and test_catalogue_complete_and_fresh then asks for its
    # translations
    from preferans.core.server.words import PAGE

    static = ROOT / "core" / "server" / "static"
    script = "\n".join(path.read_text(encoding="utf-8") for path in sorted(static.glob("*.js")))
    html = (static / "index.html").read_text(encoding="utf-8")
    used = set(re.findall(r'\bt\("((?:[^"\\]|\\.)*)"', script))
    used |= set(re.findall(r'tel\("[a-z]+", "((?:[^"\\]|\\.)*)"', script))
    used |= set(re.findall(r'taria\("((?:[^"\\]|\\.)*)"', script))  # an aria-label
    used |= set(re.findall(r'\b(?:line)\("([A-Z][a-z]+)"', script))  # the auction box's headings
    used |= set(re.findall(r'data-i18n(?:-aria-label)?="([^"]*)"', html))
    used |= {"auction", "discard", "declare", "defence", "play", "over"}  # t(s.phase): the engine's phases
    words = {msgid for context, msgid in PAGE if context == "page"}
    assert len(words) == len(PAGE)
    assert used - words == set(), "the page shows words its catalogue lacks"
    assert words - used == set(), "the catalogue has words the page no longer shows"


def test_the_page_catalogue_is_served_translated() -> None:
    # the hand-written Russian and Serbian entries of preferans-page.po, as the server hands them to the page
    from preferans.core.server.labels import page_catalogue

    ru = page_catalogue(i18n.translator("ru"))
    assert ru["messages"]["your turn"] == "ваш ход" and ru["messages"]["talon"] == "прикуп"
    assert ru["ranks"] == {"J": "В", "Q": "Д", "K": "К", "A": "Т"}
    sr = page_catalogue(i18n.translator("sr-Cyrl"))
    assert sr["messages"]["your turn"] == "ти си на потезу" and sr["lang"] == "sr-Cyrl"
    assert [lang["code"] for lang in ru["languages"]] == list(i18n.LANGUAGES)
    english = page_catalogue(i18n.translator("en"))["messages"]
    assert all(english[k] == k for k in english)  # English is the messages as written
