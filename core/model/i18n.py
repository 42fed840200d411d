"""The players' language: message catalogues read at run time with the standard library (docs/i18n.md).

A :class:`Translator` is one language's words for one variant: the catalogues of the variant's own plugin
modules first (the child's, then its family's: each ``<package>/locale/<lang>/LC_MESSAGES/*.po``), then the
core's (``core/locale``). It is passed explicitly (a printer, a sheet view holds one); there is no global
language, only a cache of catalogues read. English is the language the messages are written in, so the
English translator translates nothing and the default output is unchanged.

The ``.po`` files in the repository are the only copy: each is read at first use by the small reader below
(plain stdlib), turned into the bytes of a ``.mo`` file in memory and given to :class:`gettext.GNUTranslations`,
which brings plural forms (the ``Plural-Forms`` expression of each header) and message contexts. Nothing is
compiled at install, so an editable install, a wheel and a source tree behave the same. Babel (in the
``test`` extra) only extracts the messages and checks the catalogues (``tests/i18n/test_i18n.py``).
"""

from __future__ import annotations

import ast
import gettext
import os
import re
import struct
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from io import BytesIO
from pathlib import Path

from preferans.core.model.errors import bad_input, excerpt

LANGUAGES = ("en", "ru", "uk", "sr", "sr-Cyrl", "hr", "sl", "de")
"""The languages shipped: English (the messages as written), Russian, Ukrainian, Serbian in Latin and in
Cyrillic script, Croatian, Slovenian and German."""
FOLDERS = {"sr-Cyrl": "sr@cyrillic"}
"""A language's folder under ``locale/`` when it differs from its code (gettext's name of the script)."""
CORE_LOCALE = Path(__file__).resolve().parent.parent / "locale"
"""The core's own catalogues (domain ``preferans``)."""
ENV_KEYS = ("LC_ALL", "LC_MESSAGES", "LANG")
"""The environment variables that choose the language when ``--lang`` is not given, first set wins."""



def mark_term(context: str, word: str) -> tuple[str, str]:
    """A word looked up by its context at run time, marked for the extraction of the catalogues."""
    return context, word


TERMS = (
    mark_term("suit", "S"), mark_term("suit", "C"), mark_term("suit", "D"), mark_term("suit", "H"),
    mark_term("suit", "NT"),
    mark_term("rank", "J"), mark_term("rank", "Q"), mark_term("rank", "K"), mark_term("rank", "A"),
    mark_term("match", "game"),
)
"""The core's words looked up from data: a suit in a contract's name (``6H``; ``NT`` no trumps), the
letters of the court cards, and the word for a match of a family that names none (``Variant.match_word``)."""

_CONTRACT = re.compile(r"(\d+)(NT|S|C|D|H)")


def language(text: str, option: str = "--lang") -> str:
    """A language code as typed (``ru``, ``ru_RU.UTF-8``, ``sr-Latn``, ``sr@cyrillic``, ``de-AT``) as one of
    :data:`LANGUAGES`; anything else is a one-line error naming ``option`` and the languages allowed."""
    found = _match(text)
    if found is None:
        raise bad_input("{key}: {value} is not a language of preferans (one of: {languages})", key=option,
                        value=excerpt(text), languages=", ".join(LANGUAGES))
    return found


def _match(text: str) -> str | None:
    t = text.strip().replace("-", "_")
    base, _, modifier = t.partition("@")
    base = base.split(".")[0]  # ru_RU.UTF-8: the encoding says nothing of the language
    parts = base.split("_")
    lang = parts[0].lower()
    rest = [p.lower() for p in parts[1:]]
    if lang in ("c", "posix"):
        return "en"
    if lang == "sr":
        if modifier.lower() == "cyrillic" or "cyrl" in rest:
            return "sr-Cyrl"
        if modifier.lower() == "latin" or "latn" in rest or not rest:
            return "sr"  # `--lang sr` and `sr-Latn`: the Latin script
        return "sr-Cyrl"  # sr_RS without a modifier: glibc's locale of that name writes Cyrillic
    return lang if lang in LANGUAGES else None


def from_environment(env: Mapping[str, str] | None = None) -> str:
    """The language of the environment (``LC_ALL``, then ``LC_MESSAGES``, then ``LANG``); English when none
    is set or the first set names a language preferans does not speak."""
    env = os.environ if env is None else env
    for key in ENV_KEYS:
        value = env.get(key, "")
        if value:
            return _match(value) or "en"
    return "en"


# ---------------------------------------------------------------- the .po reader


Key = tuple[str | None, str, str | None]
"""A message: its context, its id and its plural id."""


def read_po(text: str, source: str = "catalogue") -> tuple[str, dict[Key, tuple[str, ...]]]:
    """A ``.po`` file as its header and its messages (each the tuple of its ``msgstr`` forms). Fuzzy and
    untranslated entries are left out, so they show in English; a malformed line is a ``ValueError``
    naming the file and the line."""
    header = ""
    messages: dict[Key, tuple[str, ...]] = {}
    entry: dict[str, str] = {}
    fuzzy = False
    field = ""

    def flush() -> None:
        nonlocal header, fuzzy
        if "msgid" in entry:
            forms = tuple(entry[k] for k in sorted((k for k in entry if k.startswith("msgstr")), key=_form))
            if entry["msgid"] == "" and "msgctxt" not in entry:
                header = forms[0] if forms else ""
            elif not fuzzy and forms and all(forms):
                messages[(entry.get("msgctxt"), entry["msgid"], entry.get("msgid_plural"))] = forms
        entry.clear()
        fuzzy = False

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if line.startswith("#,") and "fuzzy" in line:  # the flag of the entry that follows
                if "msgid" in entry:
                    flush()
                fuzzy = True
            continue
        if line.startswith('"'):
            if not field:
                raise ValueError(f"{source}:{number}: a string with no keyword before it")
            entry[field] += _string(line, source, number)
            continue
        keyword, _, rest = line.partition(" ")
        if keyword in ("msgctxt", "msgid") and (keyword == "msgctxt" or "msgctxt" not in entry or "msgid" in entry):
            if "msgid" in entry:
                flush()
        if not re.fullmatch(r"msgctxt|msgid|msgid_plural|msgstr(\[\d\])?", keyword):
            raise ValueError(f"{source}:{number}: {excerpt(keyword)} is not a keyword of a .po file")
        field = keyword
        entry[field] = _string(rest.strip(), source, number)
    flush()
    return header, messages


def _form(key: str) -> int:
    return int(key[7:-1]) if key.startswith("msgstr[") else 0


def _string(token: str, source: str, number: int) -> str:
    if not (len(token) >= 2 and token[0] == token[-1] == '"'):
        raise ValueError(f"{source}:{number}: expected a quoted string, not {excerpt(token)}")
    try:
        value = ast.literal_eval(token)
    except (SyntaxError, ValueError):
        raise ValueError(f"{source}:{number}: a malformed string {excerpt(token)}") from None
    if not isinstance(value, str):
        raise ValueError(f"{source}:{number}: a malformed string {excerpt(token)}")
    return value


def mo_bytes(header: str, messages: Mapping[Key, Sequence[str]]) -> bytes:
    """The catalogue as the bytes of a GNU ``.mo`` file (the layout of CPython's Tools/i18n/msgfmt.py)."""
    pairs: list[tuple[bytes, bytes]] = [(b"", header.encode())]
    for (context, msgid, plural), forms in messages.items():
        name = (f"{context}\x04" if context is not None else "") + msgid + (f"\0{plural}" if plural else "")
        pairs.append((name.encode(), "\0".join(forms).encode()))
    pairs.sort()
    ids = strs = b""
    offsets = []
    for key, value in pairs:
        offsets.append((len(ids), len(key), len(strs), len(value)))
        ids += key + b"\0"
        strs += value + b"\0"
    n = len(pairs)
    keystart = 7 * 4 + 16 * n
    valuestart = keystart + len(ids)
    koffsets: list[int] = []
    voffsets: list[int] = []
    for o1, l1, o2, l2 in offsets:
        koffsets += [l1, o1 + keystart]
        voffsets += [l2, o2 + valuestart]
    out = struct.pack("Iiiiiii", 0x950412DE, 0, n, 7 * 4, 7 * 4 + n * 8, 0, 0)
    return out + struct.pack(f"{2 * n}i", *koffsets) + struct.pack(f"{2 * n}i", *voffsets) + ids + strs


@cache
def _mo(path: Path) -> bytes:
    header, messages = read_po(path.read_text(encoding="utf-8"), str(path))
    return mo_bytes(header, messages)


@cache
def _ids(path: Path) -> tuple[Key, ...]:
    return tuple(read_po(path.read_text(encoding="utf-8"), str(path))[1])


def catalogue_files(locale_dir: Path, lang: str) -> list[Path]:
    """The ``.po`` files of ``lang`` under one ``locale`` folder, by name."""
    folder = locale_dir / FOLDERS.get(lang, lang) / "LC_MESSAGES"
    return sorted(folder.glob("*.po")) if folder.is_dir() else []


# ---------------------------------------------------------------- the translator


class Translator:
    """One language's words: ``gettext``, ``ngettext``, ``pgettext`` (a message in a context: ``call``,
    ``account``, ``contract``, ``suit``, ``rank``) and ``npgettext``, looked up in the catalogues in order
    (the variant's before the core's); a message no catalogue has stays as written (English)."""

    def __init__(self, lang: str = "en", files: Sequence[Path] = ()) -> None:
        self.lang = lang
        self._files = tuple(files)
        self._chain: gettext.NullTranslations = gettext.NullTranslations()
        layers = [gettext.GNUTranslations(BytesIO(_mo(f))) for f in files]  # each translator its own objects
        for layer, behind in zip(layers, layers[1:], strict=False):
            layer.add_fallback(behind)  # what one catalogue lacks, the next is asked
        if layers:
            self._chain = layers[0]

    def gettext(self, message: str) -> str:
        return self._chain.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._chain.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        return self._chain.pgettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self._chain.npgettext(context, singular, plural, n)

    def ids(self, context: str) -> list[str]:
        """The message ids of ``context`` in this translator's catalogues, each once (none in English): the
        templates of a family's deal notes (``note``), which are matched against a note's English text."""
        return list(dict.fromkeys(key[1] for f in self._files for key in _ids(f) if key[0] == context))

    def term(self, context: str, word: str) -> str:
        """A word of the game (an account, a call) in this language: ``pgettext`` by another name, for the
        words that come from data (a ledger's account names) rather than from a literal in the code."""
        return self.pgettext(context, word)

    def contract(self, name: str) -> str:
        """A contract's name as written here: the catalogues' ``contract`` entry (``misere`` -> ``мизер``),
        else a level and suit (``6H``) with the suit as this language writes it (``6♥`` in Russian)."""
        shown = self.pgettext("contract", name)
        if shown != name:
            return shown
        m = _CONTRACT.fullmatch(name)
        if m is None:
            return name
        return m.group(1) + self.pgettext("suit", m.group(2))

    def call(self, action: str) -> str:
        """An action of the auction or the defence as shown here: a contract's name (:meth:`contract`) or a
        ``call`` term (``pass`` -> ``пас``); unchanged when no catalogue names it (and always in English)."""
        shown = self.contract(action)
        return shown if shown != action else self.pgettext("call", action)

    def card(self, rank: str, suit_symbol: str) -> str:
        """A card as players write it here: the rank's letter (``J`` -> ``В``) and the suit's symbol."""
        return self.pgettext("rank", rank) + suit_symbol


ENGLISH = Translator()
"""The messages as written: translates nothing."""


def translator(lang: str, locale_dirs: Iterable[Path] = ()) -> Translator:
    """The translator of ``lang`` (one of :data:`LANGUAGES`) over the catalogues of ``locale_dirs`` (the
    variant's, the first asked first) and then the core's."""
    if lang == "en":
        return ENGLISH
    return _translator(lang, tuple(locale_dirs))


@cache
def _translator(lang: str, dirs: tuple[Path, ...]) -> Translator:
    return Translator(lang, [f for d in (*dirs, CORE_LOCALE) for f in catalogue_files(d, lang)])
