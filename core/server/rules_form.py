"""A variant's ``[rules]`` as a flat form for the lobby (``GET /api/variants/NAME/schema``): one field per
rule, nested tables as dotted keys, each with the preset's value as its default, so a page can draw a widget
per rule without reading JSON Schema itself."""

from __future__ import annotations

from typing import Any

from preferans.core.rules.config import Variant

SCALARS = ("integer", "number", "boolean", "string")


def rules_form(variant: Variant) -> dict[str, Any]:
    """``{"name", "description", "players", "fields": [...]}`` of ``variant`` (docs/protocol.md)."""
    schema = variant.json_schema()
    fields: list[dict[str, Any]] = []
    _walk(schema, schema.get("properties", {}), variant.dump_rules(), "", fields)
    return {"name": variant.name, "description": variant.description, "players": variant.rules.players,
            "fields": fields}


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
                out.append(_field(f"{key}.{sub}", {**item, "title": f"{node.get('title', name)}: {sub}",
                                                   "description": node.get("description", "")}, sub_value))
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
