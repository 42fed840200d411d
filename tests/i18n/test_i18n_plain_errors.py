"""No user-facing error is raised with a plain English message (docs/i18n.md, "Errors").

Every module of ``core/`` and ``variants/`` is parsed (``ast``); a call of ``BadInput`` or one of its
subclasses (``ConfigError``'s message, ``ProtocolError``'s and ``ActionRefused``'s template, not their stable
code) whose message is a string literal, an f-string, a ``"...".format(...)``, a ``+``/``%`` of strings or
``str(...)`` fails the test, named ``file:line``. A message is fine when it is made by ``bad_input``,
``mark_error``, ``check_message`` or ``phrase`` (a template of a catalogue, said in the user's language), or
is an error or a name passed on. A plain frame around an error (``RecordError(f"{source}: {exc}")``) is fine
when the same function makes it translatable (``framed(error, ...)``, or sets ``error.template``).
What stays English on purpose is :data:`ALLOWED`, each entry with its reason.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from helpers import paths

ROOT = paths.ROOT

MESSAGE_AT = {"BadInput": 0, "ConfigError": 2, "RecordError": 0, "CardError": 0, "PPNError": 0, "LobbyError": 0,
              "ProtocolError": 1, "ActionRefused": 1}
"""The error classes whose message is shown to a user, and the place of the message among the arguments
(``ConfigError(source, key, message)``, ``ProtocolError(code, template, **values)``). ``IllegalActionError``
builds its message from its own template (``ILLEGAL_ACTION``); any other subclass of these found in the
sources is added with its base's place."""

HELPERS = {"_fail": 2, "fail": 2, ".fail": 1}
"""The readers' helpers that put a message into such an error's frame, and the place of the message:
``_fail(error, source, message)`` of ``core/model/parsing.py``, ``fail(where, field, message)`` of the PPN
reader, ``reader.fail(where, message)`` of the scorecard readers (a method, written ``.fail``)."""

ALLOWED: dict[str, str] = {
    # "path:function" or an exact message: the reason it stays English. Internal programmer errors never shown
    # to users are ValueError/RuntimeError/TypeError, not BadInput, so they need no entry here. Kept short:
    # today every user-facing message is a template, the words of another program (pydantic's, the TOML/JSON
    # parser's, the OS's) reaching a line only as a value put in one.
    "core/rules/config.py:format_validation_error":
        "pydantic's own description of a wrong type or range (`Input should be a valid integer`): another "
        "program's words, kept whole (its other cases, an unknown or missing key, are templates)",
    "core/rules/local.py:_check":
        "pluggy's PluginValidationError for a hook whose arguments are wrong: another program's words",
}


def modules() -> list[Path]:
    return sorted([*ROOT.glob("core/**/*.py"), *ROOT.glob("variants/**/*.py")])


def _name(node: ast.expr) -> str | None:
    return node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else None


def error_classes(trees: list[ast.Module]) -> dict[str, int]:
    """:data:`MESSAGE_AT` with every subclass the sources define (a subclass of a subclass too)."""
    found = dict(MESSAGE_AT)
    grew = True
    while grew:
        grew = False
        for tree in trees:
            for node in ast.walk(tree):
                if isinstance(node, ast.ClassDef) and node.name not in found and node.name != "IllegalActionError":
                    for base in node.bases:
                        if _name(base) in found:
                            found[node.name] = found[_name(base)]  # type: ignore[index]
                            grew = True
                            break
    return found


def plain(node: ast.expr | None) -> bool:
    """Whether ``node`` is a message written as plain text rather than a catalogue's template."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp):
        return plain(node.left) or plain(node.right)
    if isinstance(node, ast.IfExp):
        return plain(node.body) or plain(node.orelse)
    if isinstance(node, ast.Call):
        if isinstance(node.func, ast.Attribute) and node.func.attr in ("format", "join"):
            return plain(node.func.value)
        return isinstance(node.func, ast.Name) and node.func.id == "str"
    return False


def _translated_later(function: ast.AST, target: str) -> bool:
    """Whether ``function`` makes the error bound to ``target`` translatable: ``framed(target, ...)`` or
    ``target.template = ...``."""
    for node in ast.walk(function):
        if isinstance(node, ast.Call) and _name(node.func) == "framed" and node.args \
                and _name(node.args[0]) == target:
            return True
        if isinstance(node, ast.Assign):
            for t in node.targets:
                for part in (t.elts if isinstance(t, ast.Tuple) else [t]):
                    if isinstance(part, ast.Attribute) and part.attr == "template" and _name(part.value) == target:
                        return True
    return False


def hits(path: Path, tree: ast.Module, classes: dict[str, int], root: Path = ROOT) -> list[str]:
    rel = path.relative_to(root).as_posix()
    found: list[str] = []
    functions = (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef))
    scopes: list[ast.AST] = [tree, *functions]
    seen: set[int] = set()
    for scope in reversed(scopes):  # the innermost function first, so each call is judged in its own
        plain_names = {t.id for n in ast.walk(scope) if isinstance(n, ast.Assign) and plain(n.value)
                       for t in n.targets if isinstance(t, ast.Name)}
        bound = {id(n.value): t.id for n in ast.walk(scope) if isinstance(n, ast.Assign)
                 for t in n.targets if isinstance(t, ast.Name)}
        for node in ast.walk(scope):
            if not isinstance(node, ast.Call) or id(node) in seen:
                continue
            called = _name(node.func)
            helper = ("." if isinstance(node.func, ast.Attribute) else "") + str(called)
            if called in classes:
                at = classes[called]
            elif helper in HELPERS:
                at = HELPERS[helper]
            else:
                continue
            seen.add(id(node))
            arg = node.args[at] if len(node.args) > at else next(
                (k.value for k in node.keywords if k.arg in ("message", "template")), None)
            bad = plain(arg) or (isinstance(arg, ast.Name) and arg.id in plain_names)
            if not bad or (id(node) in bound and _translated_later(scope, bound[id(node)])):
                continue
            function = getattr(scope, "name", "<module>")
            text = arg.value if isinstance(arg, ast.Constant) else None
            if f"{rel}:{function}" in ALLOWED or (text is not None and text in ALLOWED):
                continue
            found.append(f"{rel}:{node.lineno}: {helper.lstrip('.')}({ast.unparse(arg)[:80]})")  # type: ignore[arg-type]
    return found


def scan(paths: list[Path], root: Path = ROOT) -> list[str]:
    trees = {p: ast.parse(p.read_text(encoding="utf-8"), str(p)) for p in paths}
    classes = error_classes(list(trees.values()))
    return sorted(h for p, t in trees.items() for h in hits(p, t, classes, root))


@pytest.mark.slow
def test_no_user_facing_error_is_plain_english() -> None:
    found = scan(modules())
    assert not found, ("errors raised with a plain message (write bad_input(template, **values) and its "
                       "catalogue entries, docs/i18n.md):\n" + "\n".join(found))


def test_the_guard_catches_each_plain_form(tmp_path: Path) -> None:
    # a module of every form the guard must refuse, and of those it must let through; the scan names each
    # refused one by its line
    source = tmp_path / "core" / "sample.py"
    source.parent.mkdir()
    source.write_text('''
class ShardError(LobbyError):
    pass
def f(x, exc):
    raise BadInput("a plain message")                              # 5
    raise BadInput(f"--shard: got {x!r}")                          # 6
    raise ConfigError("file.toml", "rules.pool", "too small")      # 7
    raise ProtocolError("malformed", "not JSON")                   # 8
    raise ShardError("a subclass of a subclass: " + x)             # 9
    raise RecordError(str(exc))                                    # 10
    message = f"{x}: no"
    raise BadInput(message)                                        # 12
    raise BadInput("{x}: {y}".format(x=x, y=x))                    # 13
    raise bad_input("{x}: fine", x=x)
    raise ConfigError("file.toml", "rules.pool", bad_input("{x}: fine", x=x))
    raise ProtocolError("malformed", mark_error("{x}: fine"), x=x)
    raise BadInput(exc)
    ok = RecordError(f"{x}: {exc}")
    framed(ok, "{source}: {message}", exc, source=x)
    raise ValueError(f"a programmer's error: {x}")
    raise reader.fail("deal[1].dark", f"dark passes are not allowed ({x})")   # 21
    raise reader.fail("deal[1].dark", bad_input("{x}: fine", x=x))
    raise _fail(RecordError, "s.json", "cannot read")              # 23
''', encoding="utf-8")
    found = scan([source], tmp_path)
    assert [h.split(":")[1] for h in found] == ["10", "12", "13", "21", "23", "5", "6", "7", "8", "9"]  # as text
    assert found[5] == "core/sample.py:5: BadInput('a plain message')"
    assert found[3].startswith("core/sample.py:21: fail(f'dark passes")
