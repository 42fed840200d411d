"""A variant's ``[rules]`` as a flat form for the lobby (``GET /api/variants/NAME/schema``): one field per
rule, nested tables as dotted keys, each with the preset's value as its default, so a page can draw a widget
per rule without reading JSON Schema itself."""

from __future__ import annotations

from typing import Any

from preferans.core.model.i18n import ENGLISH, Translator
from preferans.core.rules.commented import description_in, name_in
from preferans.core.rules.config import Variant

SCALARS = ("integer", "number", "boolean", "string")
SUB = ": "
"""Between a table's title and a key of it (``pool points of a made game, by level: 7``)."""


def rules_form(variant: Variant, tr: Translator = ENGLISH) -> dict[str, Any]:
    """``{"name", "title", "description", "players", "fields": [...]}`` of ``variant`` (docs/protocol.md): the
    variant's name as a person reads it (``title``) and each rule's title in ``tr``'s language as ``preferans
    show`` writes them (the descriptions stay the presets' English)."""
    schema = variant.json_schema()
    fields: list[dict[str, Any]] = []
    _walk(schema, schema.get("properties", {}), variant.dump_rules(), "", fields)
    for field in fields:
        sub = field.pop("sub", None)
        field["title"] = tr.pgettext("rule", field["title"]) + ("" if sub is None else f"{SUB}{sub}")
    return {"name": variant.name, "title": name_in(variant, tr), "description": description_in(variant, tr),
            "players": variant.rules.players, "fields": fields}


def _resolve(schema: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/$defs/"):
        target: dict[str, Any] = schema["$defs"][ref.removeprefix("#/$defs/")]
        return {**target, **{k: v for k, v in node.items() if k != "$ref"}}
    return node


def _walk(schema: dict[str, Any], properties: dict[str, Any], values: dict[str, Any], prefix: str,
          out: list[dict[str, Any]]) -> None:
    for name, raw in properties.items():
        node = _resolve(schema, raw)
        key = prefix + name
        value = values.get(name)
        if node.get("type") == "object" and "properties" in node:
            _walk(schema, node["properties"], value if isinstance(value, dict) else {}, key + ".", out)
        elif node.get("type") == "object" and isinstance(node.get("additionalProperties"), dict):
            # a table by level (``game_price``): one field per key the preset has
            item = node["additionalProperties"]
            for sub, sub_value in (value or {}).items():
                field = _field(f"{key}.{sub}", {**item, "title": node.get("title", name),
                                                "description": node.get("description", "")}, sub_value)
                out.append({**field, "sub": sub})
        else:
            out.append(_field(key, node, value))


def _field(key: str, node: dict[str, Any], value: Any) -> dict[str, Any]:
    nullable = False
    if "anyOf" in node:  # ``int | None``: the type that is not null, and whether empty is allowed
        options = [o for o in node["anyOf"] if o.get("type") != "null"]
        nullable = len(options) < len(node["anyOf"])
        node = {**node, **(options[0] if options else {})}
    kind = node.get("type", "string")
    field: dict[str, Any] = {"key": key, "title": node.get("title", key), "description": node.get("description", ""),
                             "type": kind if kind in SCALARS else "array" if kind == "array" else "string",
                             "default": value, "nullable": nullable}
    if field["type"] == "array":
        field["items"] = node.get("items", {}).get("type", "integer")
    for extra in ("enum", "minimum", "maximum"):
        if extra in node:
            field[extra] = node[extra]
    return field
