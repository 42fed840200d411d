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

MAX_MESSAGE_BYTES = 4096
RATE = 20.0
BURST = 40.0
MAX_ACTION_CHARS = 32

# type -> {field: (python type, required)}
CLIENT_MESSAGES: dict[str, dict[str, tuple[type | tuple[type, ...], bool]]] = {
    "hello": {"table": (str, True), "token": (str, False), "since": (int, False), "lang": (str, False)},
    "token_ack": {},
    "action": {"action": (str, True), "at": (int, False)},
    "ack": {"n": (int, True)},
    "sync": {"since": (int, True)},
    "lang": {"lang": (str, True)},
    "hint": {},
    "ping": {},
}


class ProtocolError(Exception):
    """A message the server does not take; ``code`` is the error message's ``code``."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


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
        raise ProtocolError("too_large", f"message of {size} bytes; at most {MAX_MESSAGE_BYTES} are read")
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError) as exc:
        raise ProtocolError("malformed", f"not JSON: {str(exc)[:80]}") from None
    if not isinstance(data, dict):
        raise ProtocolError("malformed", f"expected a JSON object with a \"type\", got {type(data).__name__}")
    kind = data.get("type")
    spec = CLIENT_MESSAGES.get(kind) if isinstance(kind, str) else None
    if spec is None:
        shown = json.dumps(kind)[:40]
        raise ProtocolError("unknown_type", f"type {shown} is not a message type "
                                            f"(allowed: {', '.join(CLIENT_MESSAGES)})")
    fields: dict[str, Any] = {}
    for key, value in data.items():
        if key == "type":
            continue
        if key not in spec:
            allowed = ", ".join(spec) or "no other keys"
            raise ProtocolError("malformed", f"{kind}: unknown key {json.dumps(key)[:40]} (allowed: {allowed})")
        want = spec[key][0]
        if not isinstance(value, want) or isinstance(value, bool):
            raise ProtocolError("malformed", f"{kind}.{key}: expected {_type_name(want)}, got {json.dumps(value)[:40]}")
        if isinstance(value, int) and value < 0:
            raise ProtocolError("malformed", f"{kind}.{key}: expected a number 0 or more, got {value}")
        fields[key] = value
    for key, (_, required) in spec.items():
        if required and key not in fields:
            raise ProtocolError("malformed", f"{kind}: missing key {key!r}")
    action = fields.get("action")
    if isinstance(action, str) and len(action) > MAX_ACTION_CHARS:
        raise ProtocolError("malformed", f"action: at most {MAX_ACTION_CHARS} characters")
    return Message(kind, fields)  # type: ignore[arg-type]


def _type_name(want: type | tuple[type, ...]) -> str:
    return {str: "text", int: "a whole number"}.get(want, str(want)) if isinstance(want, type) else "a value"


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
