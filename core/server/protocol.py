"""The messages of the table protocol (docs/protocol.md) and their checks.

A client message is one JSON object of at most :data:`MAX_MESSAGE_BYTES` with a ``type``; anything else (too
long, not JSON, not an object, an unknown type, a missing or mistyped field) is answered with an ``error``
message naming what was wrong and what is allowed, and changes nothing. Each connection may send
:data:`RATE` messages a second on average, in bursts of up to :data:`BURST`.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from preferans.core.model.error_texts import mark_error
from preferans.core.model.errors import BadInput
from preferans.core.model.parsing import too_deep

MAX_MESSAGE_BYTES = 4096
MAX_DEPTH = 8
"""Arrays and objects nested deeper than this are refused before parsing: no message nests at all, and the
parser's own limit is Python's recursion limit, whose error would end the connection instead of answering."""
RATE = 20.0
BURST = 40.0
MAX_ACTION_CHARS = 32

# type -> {field: (python type, required)}
CLIENT_MESSAGES: dict[str, dict[str, tuple[type | tuple[type, ...], bool]]] = {
    "hello": {"table": (str, True), "token": (str, False), "since": (int, False), "lang": (str, False),
              "name": (str, False)},
    "token_ack": {},
    "action": {"action": (str, True), "at": (int, False)},
    "ack": {"n": (int, True)},
    "sync": {"since": (int, True)},
    "lang": {"lang": (str, True)},
    "hint": {},
    "claim": {"tricks": (int, False)},
    "claim_answer": {"accept": (bool, True)},
    "chat": {"text": (str, True)},
    "ping": {},
}
MAX_CHAT = 200
"""Characters of a chat line kept (a longer one is cut)."""
CHAT_RATE = 0.5
CHAT_BURST = 5.0
"""Each connection's chat lines: one every two seconds on average, five at once."""


class ProtocolError(BadInput):
    """A message the server does not take; ``code`` is the error message's ``code``. The message is a
    catalogue template (``preferans-errors``) and its values, so it is said in the connection's language."""

    def __init__(self, code: str, template: str, **values: object) -> None:
        super().__init__(template.format(**values))
        self.code = code
        self.template, self.values = template, dict(values)


@dataclass
class Message:
    type: str
    fields: dict[str, Any]

    def get(self, key: str, default: Any = None) -> Any:
        return self.fields.get(key, default)


def parse(raw: str | bytes) -> Message:
    """The client message in ``raw``, or :class:`ProtocolError` saying why it is not one."""
    size = len(raw.encode() if isinstance(raw, str) else raw)
    if size > MAX_MESSAGE_BYTES:
        raise ProtocolError("too_large", mark_error("message of {size} bytes; at most {limit} are read"),
                            size=size, limit=MAX_MESSAGE_BYTES)
    if too_deep(raw if isinstance(raw, str) else raw.decode("utf-8", "replace"), MAX_DEPTH):
        raise ProtocolError("malformed", mark_error("malformed {kind}: nested deeper than {limit} levels"),
                            kind="JSON", limit=MAX_DEPTH)
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError) as exc:  # the parser's reason is its own words, English
        raise ProtocolError("malformed", mark_error("not JSON: {reason}"), reason=str(exc)[:80]) from None
    except RecursionError:  # not reached under the depth check; kept so that no input ends the socket
        raise ProtocolError("malformed", mark_error("malformed {kind}: nested too deep"), kind="JSON") from None
    if not isinstance(data, dict):
        raise ProtocolError("malformed", mark_error("expected a JSON object with a {type}, got {got}"),
                            type='"type"', got=type(data).__name__)
    # a missing or mistyped "type" is a malformed message (docs/protocol.md); only a string that names no
    # message type is unknown_type
    if "type" not in data:
        raise ProtocolError("malformed", mark_error("{kind}: missing key {key}"), kind="message", key="'type'")
    kind = data["type"]
    if not isinstance(kind, str):
        raise ProtocolError("malformed", mark_error("{field}: expected text, got {got}"), field="type",
                            got=json.dumps(kind)[:40])
    spec = CLIENT_MESSAGES.get(kind)
    if spec is None:
        raise ProtocolError("unknown_type", mark_error("type {type} is not a message type (allowed: {allowed})"),
                            type=json.dumps(kind)[:40], allowed=", ".join(CLIENT_MESSAGES))
    fields: dict[str, Any] = {}
    for key, value in data.items():
        if key == "type":
            continue
        shown = json.dumps(key)[:40]
        if key not in spec and spec:
            raise ProtocolError("malformed", mark_error("{kind}: unknown key {key} (allowed: {allowed})"),
                                kind=kind, key=shown, allowed=", ".join(spec))
        if key not in spec:
            raise ProtocolError("malformed", mark_error("{kind}: unknown key {key} (allowed: no other keys)"),
                                kind=kind, key=shown)
        want = spec[key][0]
        got = json.dumps(value)[:40]
        if want is bool:
            if not isinstance(value, bool):
                raise ProtocolError("malformed", mark_error("{field}: expected true or false, got {got}"),
                                    field=f"{kind}.{key}", got=got)
        elif not isinstance(value, want) or isinstance(value, bool):
            if want is int:
                raise ProtocolError("malformed", mark_error("{field}: expected a whole number, got {got}"),
                                    field=f"{kind}.{key}", got=got)
            raise ProtocolError("malformed", mark_error("{field}: expected text, got {got}"),
                                field=f"{kind}.{key}", got=got)
        if isinstance(value, int) and value < 0:
            raise ProtocolError("malformed", mark_error("{field}: expected a number 0 or more, got {got}"),
                                field=f"{kind}.{key}", got=value)
        fields[key] = value
    for key, (_, required) in spec.items():
        if required and key not in fields:
            raise ProtocolError("malformed", mark_error("{kind}: missing key {key}"), kind=kind, key=repr(key))
    if kind == "chat":
        text = "".join(c for c in fields["text"] if c.isprintable() or c == " ").strip()[:MAX_CHAT]
        if not text:
            raise ProtocolError("malformed", mark_error("{field}: expected 1..{limit} characters"),
                                field="chat.text", limit=MAX_CHAT)
        fields["text"] = text
    if kind == "hello" and "name" in fields:
        name = fields["name"].strip()
        if not 0 < len(name) <= 24 or not name.isprintable():
            raise ProtocolError("malformed", mark_error("{field}: expected 1..{limit} characters"),
                                field="hello.name", limit=24)
        fields["name"] = name
    action = fields.get("action")
    if isinstance(action, str) and len(action) > MAX_ACTION_CHARS:
        raise ProtocolError("malformed", mark_error("{field}: at most {limit} characters"), field="action",
                            limit=MAX_ACTION_CHARS)
    return Message(kind, fields)


class RateLimit:
    """A token bucket: ``rate`` messages a second, ``burst`` at once."""

    def __init__(self, rate: float = RATE, burst: float = BURST) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.last = time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


# ---------------------------------------------------------------- server messages


def error(code: str, message: str) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message}
