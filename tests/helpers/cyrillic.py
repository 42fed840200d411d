"""Serbian Latin written in Cyrillic letters: how the sr@cyrillic catalogues are made from the sr ones
(tests/i18n/test_i18n.py checks every catalogue, tests/i18n/test_glossary.py the glossary's words)."""

from __future__ import annotations

import re

_CYR = dict(zip("abcčćdđefghijklmnoprsštuvzž", "абцчћдђефгхијклмнопрсштувзж", strict=True))
_DIGRAPHS = {"lj": "љ", "nj": "њ", "dž": "џ"}


def cyrillic(text: str) -> str:
    """Serbian Latin in Cyrillic letters, letter by letter (lj, nj, dž are one letter each); placeholders
    (``{player}``), options (``--seed``), a config file's table names (``[rules]``) and the sheet's mark
    ``v`` stay as they are."""
    out = []
    for token in re.split(r"(\{[^}]*\}|--\w+|\[[a-z_]+\]|(?<![\w])v(?![\w]))", text):
        if re.fullmatch(r"\{[^}]*\}|--\w+|\[[a-z_]+\]|v", token):  # the separators themselves, not a text after "---"
            out.append(token)
            continue
        i, word = 0, ""
        while i < len(token):
            pair = token[i:i + 2]
            if pair.lower() in _DIGRAPHS:
                letter = _DIGRAPHS[pair.lower()]
                word += letter.upper() if pair[0].isupper() else letter
                i += 2
                continue
            ch = token[i]
            letter = _CYR.get(ch.lower(), ch)
            word += letter.upper() if ch.isupper() else letter
            i += 1
        out.append(word)
    return "".join(out)
