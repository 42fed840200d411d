"""Plugins that are not installed: a local ``.py`` file, or a module object a program already imported.

A house rule is often a few lines; it need not be a package with an entry point. ``load_variant(name,
plugins=[Path("house.py")])`` (or ``preferans play --plugin house.py``) imports the file under a private
module name of its own, new at every load, so two variants loaded from the same file share no state and
nothing is registered anywhere but in the game's own plugin manager.

Only a caller names a local plugin: the command line (``--plugin``) or a program. A config, a save file, a
scorecard or any other record may name installed plugins only (:func:`is_path_like` entries are refused by
the readers), since such a file is data a user may have got from someone else and loading code from it
would run that code. A game record keeps just the *identity* of its local plugins (:meth:`LocalPlugin.record`:
the file name and the SHA-256 of its bytes), which a reader checks against the plugins its caller gives.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import importlib.util
import inspect
import itertools
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType, TracebackType
from typing import Any

import pluggy

from preferans.core.model.errors import ConfigError, bad_input, nearest
from preferans.core.model.files import CONFIG_LIMIT, read_bounded
from preferans.core.rules import hookspecs

_COUNTER = itertools.count(1)
_HOOKS = sorted(n for n, f in inspect.getmembers(hookspecs, inspect.isfunction) if n.startswith("pref_"))
_MARK = f"{hookspecs.PROJECT}_impl"  # the attribute pluggy's HookimplMarker sets on a marked function


def is_path_like(text: str) -> bool:
    """Whether a plugin entry reads as a file path rather than an entry-point name (``house.py``,
    ``./rules/x``, ``C:\\x``, ``~/x``): what a config or a record must never name."""
    t = text.strip()
    return t.lower().endswith((".py", ".pyw", ".pyc")) or "/" in t or "\\" in t or t.startswith((".", "~"))


class LocalPlugin:
    """A plugin module given by the caller: a local ``.py`` file (:meth:`read`) or an imported module
    (:meth:`of_module`).

    A file is read once; its bytes travel with the object (to worker processes too) and are executed, on
    first use of :attr:`module`, as a fresh module named ``_preferans_local_<n>_<stem>``. Passing the same
    object again reuses that module; reading the file again gives a new one.
    """

    def __init__(self, name: str, label: str, *, path: str | None = None, data: bytes | None = None,
                 module: ModuleType | None = None) -> None:
        self.name = name
        """The file name (``house.py``) or the module's import name: what a game record keeps."""
        self.label = label
        """How error lines name it: ``--plugin rules/house.py`` from the command line, else the path."""
        self.path = path
        self.data = data
        self.digest = hashlib.sha256(data).hexdigest() if data is not None else None
        self._module = module

    @classmethod
    def read(cls, path: str | Path, where: str = "") -> LocalPlugin:
        """Read a local plugin file; ``where`` (``"--plugin"``) prefixes its name in the error lines."""
        p = Path(path)
        label = f"{where} {path}" if where else str(path)
        if p.suffix != ".py":  # exactly: HOUSE.PY is no module name Python's import machinery takes
            raise ConfigError(label, "", bad_input("not a {py} file (a local plugin is one Python file; installed "
                                                   "plugins are named in a config's {plugins} list)", py=".py",
                                                   plugins="plugins"))
        try:
            data = read_bounded(p, CONFIG_LIMIT, "a local plugin")
        except FileNotFoundError:
            raise ConfigError(label, "", bad_input("file not found")) from None
        except IsADirectoryError:
            raise ConfigError(label, "", bad_input("is a folder, not a {py} file", py=".py")) from None
        except OSError as exc:
            raise ConfigError(label, "", bad_input("cannot read: {reason}", reason=exc.strerror)) from None
        return cls(p.name, label, path=str(p.resolve()), data=data)

    @classmethod
    def of_module(cls, module: ModuleType) -> LocalPlugin:
        """An already imported module object, used as it is."""
        return cls(module.__name__, f"module {module.__name__}", module=module)

    @property
    def is_file(self) -> bool:
        return self.data is not None

    @property
    def module(self) -> ModuleType:
        """The plugin module: for a file, executed (and checked against the hook specs) on first use."""
        if self._module is None:
            self._module = self._execute() if self.is_file else self._import()
        return self._module

    def record(self) -> dict[str, str]:
        """What a game record keeps of this plugin: never a path or code, only what identifies it."""
        if self.is_file:
            assert self.digest is not None
            return {"file": self.name, "sha256": self.digest}
        return {"module": self.name}

    def __repr__(self) -> str:
        return f"LocalPlugin({self.label!r})"

    def __getstate__(self) -> dict[str, Any]:
        # the module stays behind: a worker process executes the bytes (or imports the module) itself
        return {**self.__dict__, "_module": None}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)

    # ---------------------------------------------------------------- loading

    def _import(self) -> ModuleType:
        try:
            return importlib.import_module(self.name)
        except Exception as exc:  # noqa: BLE001 - a module object that cannot be found again by name
            error = f"{type(exc).__name__}: {exc}"
            raise bad_input("{label}: cannot be imported by name in this process: {error}", label=self.label,
                            error=error) from None

    def _execute(self) -> ModuleType:
        assert self.data is not None and self.path is not None
        stem = re.sub(r"\W", "_", Path(self.name).stem) or "plugin"
        name = f"_preferans_local_{next(_COUNTER)}_{stem}"
        spec = importlib.util.spec_from_file_location(name, self.path)
        assert spec is not None  # a .py path always has a spec
        module = importlib.util.module_from_spec(spec)
        try:
            # compiled from the bytes read (and hashed) once, never inheriting this module's __future__ flags
            code = compile(self.data, self.path, "exec", dont_inherit=True)
        except SyntaxError as exc:
            raise ConfigError(self.label, "", bad_input("line {line}: syntax error: {reason}", line=exc.lineno,
                                                        reason=exc.msg)) from None
        except ValueError as exc:  # null bytes
            raise ConfigError(self.label, "", bad_input("not Python source: {reason}", reason=exc)) from None
        except (RecursionError, MemoryError) as exc:  # an expression nested too deep for the compiler
            error = f"{type(exc).__name__}: {exc}".rstrip(": ")
            raise ConfigError(self.label, "", bad_input("cannot be compiled: nested too deeply ({error})",
                                                        error=error)) from None
        sys.modules[name] = module  # while it runs: dataclasses and pydantic look their module up there
        try:
            exec(code, module.__dict__)
        except (Exception, SystemExit) as exc:  # sys.exit() in a plugin is its failure, not the command's end
            del sys.modules[name]
            line = _line_in(exc.__traceback__, self.path)
            error = f"{type(exc).__name__}: {exc}"
            detail = (bad_input("cannot be imported (line {line}): {error}", line=line, error=error) if line else
                      bad_input("cannot be imported: {error}", error=error))
            raise ConfigError(self.label, "", detail) from None
        self._check(module)
        self._guard(module)
        return module

    def _guard(self, module: ModuleType) -> None:
        """Each plain hook of the file, in place, through :func:`_guarded`: an exception it raises (a
        ``sys.exit()`` too) is one line naming the file and the hook, not an internal error (or a silent end)."""
        for attr in _HOOKS:
            fn = getattr(module, attr, None)
            opts = getattr(fn, _MARK, None)
            if inspect.isfunction(fn) and isinstance(opts, dict) and not opts.get("wrapper") \
                    and not opts.get("hookwrapper"):
                setattr(module, attr, _guarded(fn, attr, self.label))

    def _check(self, module: ModuleType) -> None:
        """Every ``pref_`` function is a known hook marked ``@hookimpl`` with the spec's argument names, and
        there is at least one: pluggy would ignore an unmarked one and reject a misspelt one later, naming
        the private module instead of the file."""
        marked = 0
        for attr, value in list(vars(module).items()):
            if not inspect.isroutine(value):
                continue
            is_mine = inspect.isfunction(value) and value.__module__ == module.__name__
            if getattr(value, _MARK, None) is not None:
                marked += 1
                if attr not in _HOOKS:
                    raise ConfigError(self.label, "", bad_input(
                        "{name} is marked {mark} but is not a hook{suggestion} ({doc} lists them)", name=attr,
                        mark="@hookimpl", suggestion=nearest(attr, _HOOKS), doc="docs/hooks.md"))
                keyword_only = _keyword_only(value)
                if keyword_only:
                    fixed = f"def {attr}({', '.join(_arguments(getattr(hookspecs, attr)))})"
                    raise ConfigError(self.label, "", bad_input(
                        "{name}: {names} is keyword-only, but a hook is given its arguments by position (write "
                        "{fixed})", name=attr, names=", ".join(keyword_only), fixed=fixed))
                takes, given = _arguments(getattr(hookspecs, attr)), _arguments(value)
                unknown = [a for a in given if a not in takes]
                if unknown:
                    call = f"{attr}({', '.join(given)})"
                    raise ConfigError(self.label, "", bad_input(
                        "{call}: {unknown} is not an argument of this hook (it takes: {takes})",
                        call=call, unknown=", ".join(map(repr, unknown)),
                        takes=", ".join(takes)))
            elif is_mine and attr in _HOOKS:
                raise ConfigError(self.label, "", bad_input(
                    "{name} is not marked {mark}, so it would never be called ({fix})", name=attr, mark="@hookimpl",
                    fix="from preferans.core.plugin import hookimpl"))
        if not marked:
            raise ConfigError(self.label, "", bad_input(
                "defines no hook: a local plugin needs at least one {hook} ({doc} lists them)",
                hook="@hookimpl def pref_...(...)", doc="docs/hooks.md"))
        pm = pluggy.PluginManager(hookspecs.PROJECT)
        pm.add_hookspecs(hookspecs)
        try:
            pm.register(module, name=module.__name__)
            pm.check_pending()
        except pluggy.PluginValidationError as exc:
            text = " ".join(str(exc).replace(repr(module), self.name).replace(repr(module.__name__), self.name)
                            .split())
            raise ConfigError(self.label, "", text) from None


def _arguments(fn: Any) -> list[str]:
    """The arguments pluggy passes by name: the parameters without a default value."""
    try:
        params = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        return []
    return [p.name for p in params if p.default is p.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]


def _keyword_only(fn: Any) -> list[str]:
    """The keyword-only parameters without a default value, which pluggy never passes."""
    try:
        params = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        return []
    return [p.name for p in params if p.kind is p.KEYWORD_ONLY and p.default is p.empty]


def _guarded(fn: Any, hook: str, label: str) -> Any:
    """``fn`` (a local plugin's plain hook) with what it raises said as one line naming ``label`` and ``hook``:
    the core's own errors pass as they are (a reader's one-line error, a :class:`NoRuleError`)."""
    from preferans.core.model.errors import PreferansError

    @functools.wraps(fn)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except PreferansError:
            raise
        except (Exception, SystemExit) as exc:
            line = _line_in(exc.__traceback__, fn.__code__.co_filename)
            error = excerpt_error(exc)
            raise ConfigError(label, "", bad_input("{hook} raised {error} (line {line})", hook=hook, error=error,
                                                   line=line or "?")) from None

    return guarded


def excerpt_error(exc: BaseException) -> str:
    """``Type: message`` of an exception, on one short line."""
    text = " ".join(f"{type(exc).__name__}: {exc}".split()).rstrip(":")
    return text if len(text) <= 120 else text[:117] + "..."


def distinct(plugins: Sequence[LocalPlugin]) -> None:
    """Refuse a file given twice (``--plugin house.py --plugin ./house.py``): its hooks would be applied twice."""
    seen: set[str] = set()
    for plugin in plugins:
        if plugin.path is None:
            continue
        if plugin.path in seen:
            raise ConfigError(plugin.label, "", bad_input("given twice: a plugin file is applied once, so name it "
                                                          "once"))
        seen.add(plugin.path)


def _line_in(tb: TracebackType | None, filename: str) -> int | None:
    """The line of the innermost frame of ``filename`` in a traceback."""
    line = None
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == filename:
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


def as_local(item: object, where: str = "") -> LocalPlugin:
    """A plugin given by a caller (a path, a ``.py`` string, a module or a :class:`LocalPlugin`) as a
    :class:`LocalPlugin`."""
    if isinstance(item, LocalPlugin):
        return item
    if isinstance(item, ModuleType):
        return LocalPlugin.of_module(item)
    if isinstance(item, (str, Path)):
        return LocalPlugin.read(item, where)
    raise bad_input("{key}: expected an installed plugin's name, a path to a {py} file or a module, got {item}",
                    key="plugins", py=".py", item=repr(item))
