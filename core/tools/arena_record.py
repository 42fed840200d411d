"""The arena's record (``preferans arena --record FILE``) and the report of records (``preferans arena report``).

A duplicate arena that tells two search bots apart plays thousands of deals: hours of CPU, more than one
session or machine. A record makes the run resumable and shareable. It is a JSON Lines file:

* line 1, the **header**: the format and its version, the variant (its name and its config, local plugins
  with their SHA-256), the bots, the seed, the deal set, the shard, the package's version and a
  **fingerprint** of the code that decides the plays (:func:`fingerprint`), and whether the variant is
  zero-sum (a pot variant is not: the pot holds the rest), so that a row of a zero-sum run that does not sum
  to 0 is refused;
* then one line per finished deal, in the order they finished: ``{"deal": i, "values": [[...], ...]}``,
  ``values[r][e]`` entry ``e``'s exact settlement in rotation ``r`` as a Fraction string (``"-5"``,
  ``"10/3"``), and ``"stream"``, the deal's place in the seed stream, for a deal set other than ``all``.

Run again with the same FILE and the same run (the header must match field for field; a field that differs
is one line naming the file and the field), the deals in it are taken from it, not played, and the new ones
are appended, each flushed and synced to the disk as its work unit finishes: a crash loses at most the
units in flight. A last line cut short by a crash is ignored and written over (the one file the core
appends to rather than writes atomically, :mod:`..formats.atomic`: rewriting a record of thousands of deals
after every deal would cost more and more). Two runs never write one record at once (an exclusive lock).
``--shard K/M`` runs keep one record each; :func:`merge` puts the records of one run together (the same
header but for the shard, no deal twice).
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from types import ModuleType, TracebackType
from typing import IO, Any

import preferans.core.ai as ai_package
import preferans.core.engine as engine_package
import preferans.core.rules as rules_package
from preferans.core.engine.match import Match
from preferans.core.model.error_texts import mark_error
from preferans.core.model.errors import BadInput, bad_input, phrase, shown_path
from preferans.core.model.files import SAVE_LIMIT, read_bounded
from preferans.core.model.parsing import strict_json
from preferans.core.rules import defaults
from preferans.core.rules.config import Variant
from preferans.core.tools import deal_sets
from preferans.core.tools.arena import DealPlays, Shard, parse_shard

FORMAT = "preferans-arena-record"
VERSION = 1
HEADER_FIELDS = ("format", "version", "variant", "config", "bots", "seed", "deal_set", "shard", "package",
                 "fingerprint", "zero_sum")
"""The header's fields, in the order a mismatch is looked for (the first one that differs is named)."""

SOURCES = (".py", ".c", ".toml")
"""The files of the fingerprint: the code and the presets (the numbers of the rules)."""
NOT_PLAY = frozenset({"__pycache__", "playthroughs", "scenarios", "locale"})
"""Folders that do not decide a play: recorded games, scenarios for tests, the message catalogues."""


def fingerprint(variant: Variant) -> str:
    """SHA-256 over the code that decides the bots' plays of ``variant``: the bots and the solver
    (``core/ai/``, the compiled solver's C source included), the engine, the rules and hooks, the deal sets'
    search, and the variant's own plugins (each module of its stack: a package's folder, code and presets,
    or a module's file), its parents' with them. Each file counts by its path and its bytes, in path order, so
    a record cannot silently mix two versions of a bot or of a rule; another family's files do not count,
    so tuning one family (a ``[bots]`` default in its preset) leaves the records of the others valid."""
    roots = [folder_of(p.__file__) for p in (ai_package, engine_package, rules_package)]
    files = [f for root in roots for f in _sources(root)]
    files.append(Path(str(deal_sets.__file__)).resolve())
    files += [f for module in variant.stack for f in _module_sources(module)]
    top = roots[1].parent.parent  # above core/ and variants/
    digest = hashlib.sha256()
    for path in sorted(dict.fromkeys(files), key=lambda f: _name(f, top)):
        digest.update(_name(path, top).encode("utf-8") + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def _module_sources(module: ModuleType) -> list[Path]:
    """The files of a plugin module of a variant's stack: its package's folder, or its own file."""
    file = Path(str(module.__file__)).resolve()
    return _sources(file.parent) if file.name == "__init__.py" else [file]


def folder_of(file: str | None) -> Path:
    return Path(str(file)).resolve().parent


def _sources(root: Path) -> list[Path]:
    return [f for f in root.rglob("*") if f.suffix in SOURCES and f.is_file()
            and not NOT_PLAY & set(f.relative_to(root).parts[:-1])]


def _name(path: Path, top: Path) -> str:
    try:
        return path.relative_to(top).as_posix()
    except ValueError:  # pragma: no cover - a package installed apart from the others
        return path.as_posix()


def package_version() -> str:
    try:
        return version("preferans")
    except PackageNotFoundError:  # pragma: no cover - a source tree never installed
        return "unknown"


def zero_sum(variant: Variant) -> bool:
    """Whether the variant's settlements sum to 0 (no variant hook replaces the core's zero-sum check): a pot
    variant's do not, the pot holds the rest."""
    return all(impl.plugin is defaults for impl in variant.new_manager().hook.pref_settlement_check.get_hookimpls())


def header(variant: Variant, bots: Sequence[str], seed: int, deal_set: str, shard: Shard) -> dict[str, Any]:
    """The header of a record of this run (:data:`HEADER_FIELDS`)."""
    return {"format": FORMAT, "version": VERSION, "variant": variant.name, "config": variant.config_dict(),
            "bots": list(bots), "seed": seed, "deal_set": deal_set, "shard": str(shard), "package": package_version(),
            "fingerprint": fingerprint(variant), "zero_sum": zero_sum(variant),
            "unit": Match(variant).settlement().unit}  # the settlement's unit, for the report (derived, not compared)


def deal_line(plays: DealPlays) -> str:
    data: dict[str, Any] = {"deal": plays.index}
    if plays.stream is not None:
        data["stream"] = plays.stream
    data["values"] = [[str(v) for v in row] for row in plays.values]
    return json.dumps(data, separators=(",", ":")) + "\n"


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


def difference(old: Any, new: Any, path: str) -> str | None:
    """The dotted path of the first place where ``old`` and ``new`` differ (``config.rules.whist.style``),
    or ``None`` when they are equal."""
    if isinstance(old, dict) and isinstance(new, dict):
        for key in [*old, *(k for k in new if k not in old)]:
            if key not in old or key not in new:
                return f"{path}.{key}"
            inner = difference(old[key], new[key], f"{path}.{key}")
            if inner:
                return inner
        return None
    return None if old == new else path


_EXACT = mark_error("{where}: {key} must be exact numbers as strings ({examples})")
_EXAMPLES = '"-5", "10/3"'
_CANNOT_WRITE = mark_error("{path}: {option}: cannot write: {reason}")


def _field_at(data: Any, path: str) -> Any:
    for key in path.split("."):
        data = data.get(key) if isinstance(data, dict) else None
    return data


def check_same(source: str, have: Mapping[str, Any], want: Mapping[str, Any], fields: Iterable[str],
               other: str | None = None) -> None:
    """:class:`BadInput` naming ``source`` and the first of ``fields`` in which the headers differ."""
    for name in fields:
        where = difference(have.get(name), want.get(name), name)
        if where is not None:
            values = {"source": source, "field": where, "have": _short(_field_at(have, where)),
                      "want": _short(_field_at(want, where))}
            if other is None:
                raise bad_input("{source}: the record's {field} is {have}, this run's {want}: a record holds one run "
                                "(start another file)", **values)
            raise bad_input("{source}: the record's {field} is {have}, {other}'s {want}: a record holds one run "
                            "(start another file)", other=other, **values)


# ---------------------------------------------------------------- reading


def _parse_deal(text: str, where: str, players: int, head: Mapping[str, Any]) -> DealPlays:
    try:
        data = strict_json(text)
    except ValueError as exc:
        raise bad_input("{where}: not a JSON object: {reason}", where=where, reason=str(exc)) from None
    if not isinstance(data, dict) or set(data) - {"deal", "stream", "values"}:
        raise bad_input("{where}: expected an object with the keys {deal}, {values} (and {stream})", where=where,
                        deal="deal", values="values", stream="stream")
    index, stream, values = data.get("deal"), data.get("stream"), data.get("values")
    if not isinstance(index, int) or isinstance(index, bool) or index < 0:
        raise bad_input("{where}: {key} must be a whole number from 0, got {got}", where=where, key="deal",
                        got=_short(index))
    wants_stream = head.get("deal_set") != deal_sets.ALL
    if wants_stream != (stream is not None) or (
            stream is not None and (not isinstance(stream, int) or isinstance(stream, bool) or stream < 0)):
        values = {"where": where, "key": "stream", "deal_set": head.get("deal_set"), "got": _short(stream)}
        if wants_stream:
            raise bad_input("{where}: {key} must be a whole number from 0 in a record of the deal set {deal_set}, "
                            "got {got}", **values)
        raise bad_input("{where}: {key} must be absent in a record of the deal set {deal_set}, got {got}", **values)
    if not (isinstance(values, list) and len(values) == players
            and all(isinstance(row, list) and len(row) == players for row in values)):
        raise bad_input("{where}: {key} must be {players} rows (one per rotation) of {players} values", where=where,
                        key="values", players=players)
    try:
        rows = tuple(tuple(Fraction(v) for v in row if isinstance(v, str)) for row in values)
    except (ValueError, ZeroDivisionError):
        raise bad_input(_EXACT, where=where, key="values", examples=_EXAMPLES) from None
    if any(len(row) != players for row in rows):
        raise bad_input(_EXACT, where=where, key="values", examples=_EXAMPLES)
    for r, row in enumerate(rows):
        if head.get("zero_sum") and sum(row) != 0:  # a row that does not was not written by a run
            raise bad_input("{where}: {key}[{row}] sums to {total}, not 0 (a settlement sums to 0)", where=where,
                            key="values", row=r, total=str(sum(row)))
    return DealPlays(index, rows, stream)


def _reason(exc: OSError | ValueError) -> str:
    """Why a record cannot be opened, in the system's words (a NUL in the name has none)."""
    if isinstance(exc, OSError):
        return exc.strerror or type(exc).__name__
    return "the file name holds a NUL character"


def read_record(path: Path) -> tuple[dict[str, Any] | None, dict[int, DealPlays], int]:
    """``(header, deals by index, the length of the whole lines)``. A last line without its newline (a
    write cut short) is left out; ``header`` is ``None`` when not even the first line is whole."""
    try:
        raw = read_bounded(path, SAVE_LIMIT, "an arena record") if path.exists() else b""
    except (OSError, ValueError) as exc:
        raise bad_input("{path}: cannot read: {reason}", path=shown_path(path), reason=_reason(exc)) from None
    end = raw.rfind(b"\n") + 1  # whole lines only
    try:
        lines = raw[:end].decode("utf-8").split("\n")[:-1]
    except UnicodeDecodeError as exc:
        raise bad_input("{path}: not {utf8} text ({reason} at byte {byte})", path=shown_path(path), utf8="UTF-8",
                        reason=exc.reason, byte=exc.start) from None
    if not lines:
        return None, {}, 0
    try:
        head = strict_json(lines[0])
    except ValueError:
        head = None
    if not isinstance(head, dict) or head.get("format") != FORMAT:
        raise bad_input("{path}: line 1: not an arena record (expected the header of {format})", path=shown_path(path),
                        format=FORMAT)
    if head.get("version") != VERSION:
        raise bad_input("{path}: line 1: arena record version {got}; this preferans reads version {version}",
                        path=shown_path(path), got=_short(head.get("version")), version=VERSION)
    bots = head.get("bots")
    if not isinstance(bots, list) or not bots or not all(isinstance(b, str) for b in bots):
        raise bad_input("{path}: line 1: {key} must be a list of bot names", path=shown_path(path), key="bots")
    seed = head.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise bad_input("{path}: line 1: {key} must be a whole number, got {got}", path=shown_path(path), key="seed",
                        got=_short(seed))
    deal_set = head.get("deal_set")
    if not isinstance(deal_set, str) or not deal_set or not isinstance(head.get("config"), dict):
        raise bad_input("{path}: line 1: {key} must be a deal set's name and {config} an object", path=shown_path(path),
                        key="deal_set", config="config")
    if not isinstance(head.get("zero_sum"), bool):
        raise bad_input("{path}: line 1: {key} must be true or false, got {got}", path=shown_path(path),
                        key="zero_sum", got=_short(head.get("zero_sum")))
    shard = _shard_of(head, path)
    deals: dict[int, DealPlays] = {}
    for number, text in enumerate(lines[1:], start=2):
        where = phrase("{path}: line {number}", path=shown_path(path), number=number)
        plays = _parse_deal(text, where, len(bots), head)
        if plays.index in deals:
            raise bad_input("{path}: line {number}: deal {deal} is recorded twice", path=shown_path(path),
                            number=number, deal=plays.index)
        if not shard.has(plays.index):
            raise bad_input("{path}: line {number}: deal {deal} is not of the record's shard {shard}",
                            path=shown_path(path), number=number, deal=plays.index, shard=str(shard))
        deals[plays.index] = plays
    return head, deals, end


def _shard_of(head: Mapping[str, Any], path: Path) -> Shard:
    try:
        return parse_shard(str(head.get("shard")))
    except BadInput:
        raise bad_input("{path}: line 1: {key} must be {form}, got {got}", path=shown_path(path), key="shard",
                        form="K/M", got=_short(head.get("shard"))) from None


# ---------------------------------------------------------------- writing


class ArenaRecord:
    """A record opened for a run (``with ArenaRecord(path, header) as record``): the deals it has
    (:meth:`recorded`), and new ones appended (:meth:`write`). Implements the arena's ``Recorder``."""

    def __init__(self, path: Path, head: dict[str, Any]) -> None:
        self.path = path
        self.header = head
        self._file: IO[bytes] | None = None
        self._deals: dict[int, DealPlays] = {}
        self.resumed = 0
        """How many deals the file had when it was opened."""

    def __enter__(self) -> ArenaRecord:
        path = self.path
        try:
            if path.exists() and not path.is_file():
                raise bad_input("{path}: {option}: not a regular file", path=shown_path(path), option="--record")
            # appends only, held open (and locked) for the run; closed in __exit__
            handle = self._file = open(path, "a+b")  # noqa: SIM115
        except (OSError, ValueError) as exc:  # a name too long, a folder one cannot enter, a NUL in the name
            raise bad_input(_CANNOT_WRITE, path=shown_path(path), option="--record", reason=_reason(exc)) from None
        try:
            _lock(handle, path)  # before reading: what is read is what this run goes on from
            have, deals, end = read_record(path)
            if have is not None:
                check_same(shown_path(path), have, self.header, HEADER_FIELDS)
            handle.truncate(end)  # a torn last line goes (all of a header line cut short)
            if have is None:  # a new record: its header, synced before any deal
                self._append(json.dumps(self.header, ensure_ascii=False, separators=(",", ":")) + "\n")
        except BaseException:
            self._close()
            raise
        self._deals = deals
        self.resumed = len(deals)
        return self

    def _append(self, line: str) -> None:
        assert self._file is not None, "write() outside the with block"
        try:
            self._file.write(line.encode("utf-8"))
            self._file.flush()
            os.fsync(self._file.fileno())  # the line survives a crash of the machine
        except OSError as exc:
            raise bad_input(_CANNOT_WRITE, path=shown_path(self.path), option="--record", reason=exc.strerror) from None

    def _close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self._close()

    def recorded(self) -> Mapping[int, DealPlays]:
        return self._deals

    def write(self, plays: Sequence[DealPlays]) -> None:
        for deal in plays:
            self._append(deal_line(deal))
            self._deals[deal.index] = deal


def _lock(handle: IO[bytes], path: Path) -> None:
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not on Unix: no lock
        return
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        raise bad_input("{path}: {option}: another arena run is writing this record", path=shown_path(path),
                        option="--record") from None


# ---------------------------------------------------------------- merging


def merge(paths: Sequence[Path]) -> tuple[dict[str, Any], list[DealPlays], list[str]]:
    """The header, the deals (by index) and the shards of the records ``paths`` of one run: the same header
    but for the shard, no deal in two of them. Any other difference is one line naming the file and the
    field."""
    if not paths:
        raise bad_input("{command}: name at least one record", command="arena report")
    first: dict[str, Any] | None = None
    owner: dict[int, Path] = {}
    deals: dict[int, DealPlays] = {}
    shards: list[str] = []
    for path in paths:
        try:
            if not path.is_file():
                if not path.exists():
                    raise bad_input("{path}: no such record", path=shown_path(path))
                raise bad_input("{path}: not a regular file", path=shown_path(path))
        except (OSError, ValueError) as exc:  # a name too long, a folder one cannot enter, a NUL in the name
            raise bad_input("{path}: cannot read: {reason}", path=shown_path(path), reason=_reason(exc)) from None
        head, found, _ = read_record(path)
        if head is None:
            raise bad_input("{path}: not an arena record: the file has no whole header line", path=shown_path(path))
        shards.append(str(head.get("shard")))
        if first is None:
            first = head
        else:
            check_same(shown_path(path), head, first, [f for f in HEADER_FIELDS if f != "shard"], shown_path(paths[0]))
        for index, plays in found.items():
            if index in owner:
                raise bad_input("{path}: deal {deal} is also in {other}: the records overlap (the same shard twice?)",
                                path=shown_path(path), deal=index, other=str(owner[index]))
            owner[index] = path
            deals[index] = plays
    assert first is not None
    return first, [deals[i] for i in sorted(deals)], shards
