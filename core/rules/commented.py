"""The effective rules as TOML with a comment above every key and table (``preferans show``, ``config init``).

Each comment is the ``title`` of the rules model's field, one short line, looked up in the catalogues
under the context ``rule`` with the English title as its id: the plugin that declares the field keeps its
translation in its own domain (the core's ``players``, the Russian family's ``pool``), so the translator of
the variant (``translator(lang, variant.locale_dirs)``) finds it. A field without a title (a third-party
plugin's) is commented with its description, in English, or not at all. The keys and values are the ones
``Variant.to_toml`` writes, each on one line: a table of plain values (``game_price``, ``whist.obligation``)
is written inline, ``{ 6 = 2, 7 = 4 }``, so that its key has its comment too, and a list as ``[6, 7]``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import tomli_w
from pydantic import BaseModel
from pydantic.fields import FieldInfo

from preferans.core.model.i18n import LANGUAGES, Translator, translator
from preferans.core.rules.config import Variant, overridden

Path = tuple[str, ...]
"""A key's place under ``[rules]``: ``("whist", "style")``."""


def description_in(variant: Variant, tr: Translator) -> str:
    """The variant's one-line description in the translator's language: its catalogues' entry of context
    ``description`` (each family's ``terms.py`` lists them), else the preset's English."""
    shown = tr.pgettext("description", variant.name)
    return variant.description if shown == variant.name else shown


def name_in(variant: Variant, tr: Translator) -> str:
    """The variant's name as a person reads it, in the translator's language, with the local plugins it is
    played with (``Сочи + house.py``): its catalogues' entry of context ``variant`` (each family's
    ``terms.py`` lists them), else the preset's English ``title``, else its key. Records, ``--json`` and the
    places where a key is typed keep the key (``variant.name``)."""
    return " + ".join([name_said(variant.name, variant.display_name, tr), *(p.name for p in variant.local_plugins)])


def names_of(variant: Variant) -> dict[str, str]:
    """The variant's name in every language (:func:`name_in`), by language code: what the browser page shows,
    switching language without asking again."""
    return {lang: name_in(variant, translator(lang, variant.locale_dirs)) for lang in LANGUAGES}


def name_said(key: str, title: str, tr: Translator) -> str:
    """A variant's name in ``tr``'s language from its key and its preset's English ``title`` (the key when
    it has none): the entry of context ``variant`` whose id is the key, in the catalogues ``tr`` reads."""
    shown = tr.pgettext("variant", key)
    return (title or key) if shown == key else shown


def _line(key: str, value: Any) -> str:
    """``key = value`` as tomli_w writes it, without the final newline."""
    return tomli_w.dumps({key: value}).rstrip("\n")


def _key(key: str) -> str:
    """A key as TOML spells it: bare when it may be, quoted otherwise."""
    return _line(key, 0).rsplit(" = ", 1)[0]


def _inline(value: Any) -> str:
    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{_key(k)} = {_inline(v)}" for k, v in value.items()) + " }" if value else "{}"
    if isinstance(value, list):
        return "[" + ", ".join(_inline(v) for v in value) + "]"
    return _line("x", value).split(" = ", 1)[1]


def _submodel(info: FieldInfo | None) -> type[BaseModel] | None:
    annotation = info.annotation if info is not None else None
    return annotation if isinstance(annotation, type) and issubclass(annotation, BaseModel) else None


def _comment(info: FieldInfo | None, tr: Translator) -> list[str]:
    """The field's title in the language; without one (a third-party plugin's field), the first line of its
    description or, for a table, of its model's docstring, in English."""
    if info is None:
        return []
    if info.title:
        return ["# " + tr.pgettext("rule", info.title)]
    sub = _submodel(info)
    text = info.description or (sub.__doc__ if sub is not None else None) or ""
    return [f"# {text.strip().splitlines()[0]}"] if text.strip() else []


def _table(out: list[str], path: Path, model: type[BaseModel], data: Mapping[str, Any], tr: Translator,
           keep: Callable[[Path], bool]) -> None:
    """The keys of one table (plain values and inline tables first, as TOML needs), then its sub-tables."""
    fields = model.model_fields
    tables = []
    for key, value in data.items():
        info = fields.get(key)
        sub = _submodel(info)
        if sub is not None and isinstance(value, Mapping):
            tables.append((key, sub, value, info))
            continue
        out.extend(_comment(info, tr))
        line = f"{_key(key)} = {_inline(value)}"
        out.append(line if keep((*path, key)) else f"# {line}")
    for key, sub, value, info in tables:
        out.append("")
        out.extend(_comment(info, tr))
        out.append("[" + ".".join(_key(part) for part in ("rules", *path, key)) + "]")
        _table(out, (*path, key), sub, value, tr, keep)


def commented_toml(variant: Variant, tr: Translator, head: Sequence[str] | None = None,
                   keep: Callable[[Path], bool] = lambda path: True) -> str:
    """The variant's effective rules, ``variant.to_toml()``'s keys and values, each key and table with its
    comment in ``tr``'s language. ``head`` are the comment lines at the top (by default the variant's name
    and description); a key for which ``keep`` is false is written commented out (``config init``)."""
    if head is None:
        head = (f"{variant.name} - {description_in(variant, tr)}",)
    # the messages are outside f-strings, where the extraction (tests/i18n/test_i18n.py) can read them
    out = [f"# {line}" for line in head]
    out += ["# " + tr.pgettext("rule", "the variant these rules are of"), _line("variant", variant.name)]
    if variant.plugin_names:
        out += ["# " + tr.pgettext("rule", "extra plugins, by name"), _line("plugins", list(variant.plugin_names))]
    out += ["", "# " + tr.pgettext("rule", "the rules of the game"), "[rules]"]
    _table(out, (), variant.rules_model, variant.dump_rules(), tr, keep)
    return "\n".join(out) + "\n"


def starter_toml(variant: Variant, tr: Translator, head: Sequence[str]) -> str:
    """The starting config of ``config init``: :func:`commented_toml` with ``head`` on top and every rule
    commented out at its preset value, but for those the caller set (``--rule``), which are in force. Each
    key keeps ``show``'s comment and its value on one line, so that uncommenting a line is enough."""
    return commented_toml(variant, tr, head,
                          keep=lambda path: overridden(variant.overrides, ".".join(path[:-1]), path[-1]))
