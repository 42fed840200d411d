"""The Balkan help texts name a call by the word the player's own menu shows for it.

The English messages of the Balkan family quote the Serbian call words (``no bid, final (dalje)``, ``follow and
invite ... (zovem)``), as the family's players say them. A Russian, Ukrainian or German player's menu shows
that call in his language (the catalogue's ``call`` entries: Russian ``пас`` ``иду`` ``зову`` ``моя``), so
there the help quotes that word and never the Serbian one, which his menu does not show.

The words below are copied by hand from variants/balkan/locale/<lang>/LC_MESSAGES/preferans-balkan.po
(context ``call``) and docs/glossary/balkan.md.
"""

from __future__ import annotations

import re

import pytest

from helpers import paths

pofile = pytest.importorskip("babel.messages.pofile")

LOCALE = paths.ROOT / "variants" / "balkan" / "locale"

SERBIAN = {"pass": "dalje", "follow": "dođem", "invite": "zovem", "mine": "moje", "no-kontra": "bez kontre"}
"""The Serbian words of the family's calls that the other languages say otherwise (kontra, igra are shared)."""

MENU = {
    "ru": {"pass": "пас", "follow": "иду", "invite": "зову", "mine": "моя", "no-kontra": "без контры"},
    "uk": {"pass": "пас", "follow": "іду", "invite": "кличу", "mine": "моя", "no-kontra": "без контри"},
    "de": {"pass": "weiter", "follow": "gehe mit", "invite": "rufe", "mine": "meins", "no-kontra": "keine Kontra"},
}
"""What the menu shows for each of those calls, in each language."""


def _messages(lang: str) -> list[tuple[str | None, str, str]]:
    with (LOCALE / lang / "LC_MESSAGES" / "preferans-balkan.po").open("rb") as f:
        catalogue = pofile.read_po(f)
    out = []
    for m in catalogue:
        if not m.id or not m.string:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        out += [(m.context, ids[0], text) for text in strings]
    return out


@pytest.mark.parametrize("lang", sorted(MENU))
def test_the_menu_words_are_the_catalogues_calls(lang: str) -> None:
    calls = {english: text for context, english, text in _messages(lang) if context == "call"}
    assert {key: calls[key] for key in MENU[lang]} == MENU[lang]


@pytest.mark.parametrize("lang", sorted(MENU))
def test_no_message_quotes_a_serbian_call_word(lang: str) -> None:
    wrong = [f"{english!r}: {text!r} says {word!r}" for _context, english, text in _messages(lang)
             for word in SERBIAN.values() if re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text, re.IGNORECASE)]
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("lang", sorted(MENU))
def test_a_quoted_call_is_quoted_by_the_menus_word(lang: str) -> None:
    # where the English quotes a Serbian call in parentheses, "(dalje)" or "(moje)", the translation quotes the
    # menu's word for that call, in parentheses, in guillemets or not: Russian "(пас)", "(«моя»)"
    quoted = 0
    for _context, english, text in _messages(lang):
        for call, word in SERBIAN.items():
            if f"({word})" in english:
                quoted += 1
                shown = MENU[lang][call]
                assert re.search(rf"\(«?{re.escape(shown)}»?\)", text), f"{english!r}: {text!r} lacks ({shown})"
    # the messages that quote one: pass twice (the auction's help, and the bid's), follow, invite, mine
    assert quoted == 5
