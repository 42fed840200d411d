"""Each language's glossary (docs/glossary/<lang>.md) is what its catalogues say.

A page's table lists the game's words of the language: the English term as the messages (msgid) say it, the
word chosen for it (`word`: one or more stems separated by ` / `, any ending; `—` for a word no message
needs to say, such as a pronoun, of which only the rejected forms are checked), the variants rejected (`not`,
stems separated by `, `; a stem written with a capital is matched as written, one in lower case in any case),
what it means and where the word comes from. Every catalogue of the language (the
core's `core/locale/<lang>/LC_MESSAGES/*.po` and each family's `variants/*/locale/<lang>/LC_MESSAGES/*.po`)
is read: where a message's English contains the term (a whole word, any case, outside its `{placeholders}`
and `--options`; in the context given, when the `context` column names one), its translation must use the
chosen word and none of the rejected ones (the placeholders and options, kept in English, left out).
`sr@cyrillic` follows the Serbian page, each word transliterated. The section "Not yet followed" of a page
lists what this does not check yet (a catalogue's domain, a term and, when only one message is meant, the
message), each with the reason.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from helpers import paths
from helpers.cyrillic import cyrillic

pofile = pytest.importorskip("babel.messages.pofile")

ROOT = paths.ROOT
GLOSSARY = ROOT / "docs" / "glossary"
PAGES = {"ru": "ru", "uk": "uk", "sr": "sr", "sr@cyrillic": "sr", "hr": "hr", "sl": "sl", "de": "de"}
"""The catalogue folder of each language and the glossary page it follows."""


def _rows(text: str, heading: str | None) -> list[dict[str, str]]:
    """The rows of the first table after ``heading`` (the first table of the page when None), by column."""
    lines = text.splitlines()
    start = 0
    if heading is not None:
        found = [i for i, line in enumerate(lines) if line.strip() == heading]
        if not found:
            return []
        start = found[0]
    table = []
    for line in lines[start:]:
        if line.startswith("|"):
            table.append(line)
        elif table:
            break
    if not table:
        return []
    head = [cell.strip() for cell in table[0].strip("|").split("|")]
    return [dict(zip(head, (cell.strip() for cell in row.strip().strip("|").split("|")), strict=True))
            for row in table[2:]]


def _bare(cell: str) -> str:
    return cell.replace("`", "").strip()


def _stems(cell: str, sep: str) -> list[str]:
    return [_bare(part) for part in cell.split(sep) if _bare(part)]


def _page(page: str) -> tuple[list[dict[str, str]], set[tuple[str, str, str]]]:
    text = (GLOSSARY / f"{page}.md").read_text(encoding="utf-8")
    terms = _rows(text, None)
    skipped = {(_bare(r["catalogue"]), _bare(r["English"]), _bare(r.get("message", "")))
               for r in _rows(text, "## Not yet followed")}
    return terms, skipped


def _catalogues(lang: str) -> list[Path]:
    return sorted([*(ROOT / "core" / "locale" / lang / "LC_MESSAGES").glob("*.po"),
                   *(ROOT / "variants").glob(f"*/locale/{lang}/LC_MESSAGES/*.po")])


def _plain(text: str) -> str:
    """``text`` without what stays English in every language: its ``{placeholders}`` and ``--options``."""
    return re.sub(r"\{[^{}]*\}|--[\w-]+", " ", text)


def _said(stem: str, text: str) -> bool:
    """``stem`` begins a word of ``text``: in any case when it is written in lower case, as written when it
    begins with a capital (German ``Sie``, the polite you, is not ``sie``)."""
    flags = 0 if stem[:1].isupper() else re.IGNORECASE
    return re.search(r"(?<!\w)" + re.escape(stem), text, flags) is not None


@pytest.mark.parametrize("page", sorted(set(PAGES.values())))
def test_each_page_is_a_table_of_terms_with_their_sources(page: str) -> None:
    terms, _ = _page(page)
    assert terms, f"docs/glossary/{page}.md: no table of terms"
    for row in terms:
        assert set(row) >= {"English", "word", "not", "meaning", "source"}, f"{page}: columns {sorted(row)}"
        assert _bare(row["English"]) and (_stems(row["word"], " / ") or _bare(row["word"]) == "—"), f"{page}: {row}"
        assert row["meaning"] and row["source"], f"{page}: {row['English']}: a meaning and a source"
        for rejected in _stems(row["not"], ","):
            assert all(not _said(rejected, word) for word in _stems(row["word"], " / ")), \
                f"{page}: {row['English']}: the word {row['word']} is itself rejected ({rejected})"


@pytest.mark.parametrize("lang", sorted(PAGES))
def test_every_catalogue_follows_its_glossary(lang: str) -> None:
    terms, skipped = _page(PAGES[lang])
    script = cyrillic if lang == "sr@cyrillic" else (lambda word: word)
    wrong = []
    for path in _catalogues(lang):
        domain = path.stem
        with path.open("rb") as f:
            catalogue = pofile.read_po(f)
        for message in catalogue:
            if not message.id or not message.string:
                continue
            english = " ".join(message.id) if isinstance(message.id, tuple) else message.id
            said = message.string if isinstance(message.string, tuple) else (message.string,)
            plain, shown = _plain(english), [_plain(text) for text in said]
            first = message.id[0] if isinstance(message.id, tuple) else message.id
            for row in terms:
                term, context = _bare(row["English"]), _bare(row.get("context", ""))
                if context and message.context != context:
                    continue
                if {(domain, term, ""), (domain, term, first)} & skipped or \
                        not re.search(r"(?<!\w)" + re.escape(term) + r"(?!\w)", plain, re.IGNORECASE):
                    continue
                words = [script(w) for w in _stems(row["word"], " / ") if w != "—"]
                rejected = [script(w) for w in _stems(row["not"], ",")]
                for text in shown:
                    if words and not any(_said(w, text) for w in words):
                        wrong.append(f"{path.relative_to(ROOT)}: {english!r}: {text!r} lacks {' / '.join(words)} "
                                     f"({term})")
                    wrong += [f"{path.relative_to(ROOT)}: {english!r}: {text!r} says {r!r}, not {term}'s word"
                              for r in rejected if _said(r, text)]
    assert not wrong, "\n".join(wrong[:40]) + (f"\n... {len(wrong)} in all" if len(wrong) > 40 else "")
