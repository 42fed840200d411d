"""Presets, user configs and the effective rules of a variant.

A variant is a preset TOML file beside its plugin module (``variants/<name>/preset.toml``). A preset may
``extends`` another; the chain is walked to its root with cycle detection, the plugin stack is the chain's
modules (root first) plus any ``plugins`` named along the way, and the ``[rules]`` tables are deep-merged
(tables merge, the child's scalars and lists win). A user config names a ``variant`` and overrides keys in
``[rules]``. The merged table is validated by a frozen pydantic model assembled from the plugins'
``pref_rules_sections`` answers, with unknown keys forbidden. Files only ever *name* installed variants and
plugins; nothing in them is imported by path or executed. A local plugin file (a house rule without a
package) is added only by the caller: ``load_variant(name, plugins=[Path("house.py")])`` or ``--plugin``
(``preferans.core.rules.local``).
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from importlib.resources import files
from pathlib import Path
from types import ModuleType
from typing import Any, cast

import pluggy
import tomli_w
from pydantic import BaseModel, ConfigDict, Field, NonNegativeFloat, ValidationError, create_model

from preferans.core.model.contracts import ContractRegistry, ContractTable
from preferans.core.model.errors import BadInput, ConfigError, bad_input, excerpt, nearest
from preferans.core.model.files import CONFIG_LIMIT
from preferans.core.model.parsing import loads_json, loads_toml, read_text
from preferans.core.rules.local import LocalPlugin, as_local, distinct, is_path_like
from preferans.core.rules.manager import (
    PLUGIN_GROUP,
    VARIANT_GROUP,
    build_manager,
    installed_plugins,
    installed_variants,
    load_module,
)
from preferans.core.rules.sections import RulesSection

DEFAULT_VARIANT = "sochi"


class BotDefaults(RulesSection):
    """``[bots]`` of a preset: how the bots play this variant where their options do not say (a family's
    measured defaults, docs/bots.md; an option on the command line wins, a child's key its parent's)."""

    hard_calls: int | None = Field(default=None, ge=0, le=7, title="the calls the hard bot plays out", description=(
        "which calls the hard bot values by playing the deal out: a sum of 1 (the auction), 2 (the "
        "declaration) and 4 (the defence); not set: all (7)"))
    hard_seen_defence: float | None = Field(default=None, ge=0, le=1, title="how the hard bot's play-outs defend",
                                            description=(
        "in the hard bot's play-outs of a call, the weight of the defence calls made on the cards of the layout "
        "(each defender's best there) against the heuristic bot's: 0 to 1; not set: 0"))
    defend: list[str] | None = Field(default=None, title="the calls that defend", description=(
        "the defence calls that mean 'I defend' (a family's word: whist, follow, play ...); not set: defend, the "
        "core's own"))
    half_defend: str | None = Field(default=None, title="the call that defends for half", description=(
        "a defence call that defends for half the obligation without playing (a half-whist); not set: none"))
    quota: str | None = Field(default=None, title="where the defence's quota is", description=(
        "the dotted [rules] key of a table of the tricks the defenders together must take, by contract level "
        "(e.g. whist.obligation); not set: the bots' rule of thumb, 2 tricks for each defender against the lowest "
        "level and 1 above"))


class ConformanceDefaults(RulesSection):
    """``[conformance]`` of a preset: how the conformance suite's reference player makes the family's calls and
    what its coverage counts of them (docs/conformance.md; a child inherits its parents' and may change one)."""

    weights: dict[str, NonNegativeFloat] = Field(default_factory=dict, title="the reference player's calls",
                                                 description=(
        "how often the suite's reference player makes each call that is not a contract, against 1 for pass "
        "(a defence call: 1.6 makes it more likely than passing); a key ending in '-' weighs every call it "
        "begins; a call not listed weighs 0.1"))
    doubling: list[str] | None = Field(default=None, title="the calls of the doubling chain", description=(
        "the defence's calls that double the game and double it again, lowest first (a key ending in '-' "
        "stands for the numbered levels above them): the levels of the chain the coverage counts; not set: "
        "none"))


class PresetFile(RulesSection):
    """The keys a preset file may have."""

    name: str
    title: str = Field(default="", description=(
        "the variant's name as its players say it, in English (Sochi, Serbian Preferans): what a person reads "
        "where the name is the key (its own, never inherited; the catalogues' context 'variant' translates "
        "it); not set: the name"))
    description: str = ""
    extends: str | None = None
    abstract: bool = Field(default=False, description="a family base that is not played on its own")
    plugins: list[str] = Field(default_factory=list, description="extra plugins (entry-point names)")
    sources: list[str] = Field(default_factory=list)
    capabilities: list[str] = Field(default_factory=list, description=(
        "what the variant has that checks depend on (the conformance suite's words: docs/conformance.md); "
        "a child inherits its parents' and adds its own"))
    accounts: list[str] = Field(default_factory=list, description=(
        "the score sheet's accounts (pool, gora, whists; bula, juha ...) in the order the sheet shows them: the "
        "features of the sheet in a learning environment's observation (docs/env.md); a child inherits its "
        "parents' and adds its own"))
    calls: dict[str, str] = Field(default_factory=dict, description=(
        "what each call that is not a contract means (pass, whist, igra, kontra ...), in players' words, for "
        "the help of a person at the table; a key ending in '-' names a family of calls (kontra-5, kontra-6); "
        "a child inherits its parents' and may reword one"))
    bots: BotDefaults = Field(default_factory=BotDefaults)
    conformance: ConformanceDefaults = Field(default_factory=ConformanceDefaults)
    deviations: dict[str, str] = Field(default_factory=dict, description=(
        "the family's rules this variant changes on purpose: rule IDs of the family's reference or areas "
        "(auction, score ...), each with why; the conformance suite holds the variant to its own golden games "
        "there (docs/conformance.md, 'Declaring a deviation')"))
    rules: dict[str, Any] = Field(default_factory=dict)


class GameConfig(RulesSection):
    """A user's game config: a variant plus overrides."""

    variant: str = DEFAULT_VARIANT
    plugins: list[str] = Field(default_factory=list, description="extra plugins (entry-point names)")
    rules: dict[str, Any] = Field(default_factory=dict)


class RecordConfig(GameConfig):
    """The config of a game record (``Game.to_dict()["config"]``): a game config plus the identity of the
    local plugins the game was played with (:meth:`LocalPlugin.record`), which the reader's caller must
    give again; nothing is loaded from it."""

    local_plugins: list[dict[str, str]] = Field(
        default_factory=list, description='{"file": NAME, "sha256": HEX} or {"module": NAME} per local plugin')


PluginItem = str | Path | ModuleType | LocalPlugin
"""What ``load_variant(plugins=...)`` takes: an installed plugin's entry-point name, a path to a local ``.py``
file (a :class:`~pathlib.Path`, or a string ending in ``.py``), a module object or a :class:`LocalPlugin`."""

def named_plugins(names: Sequence[str], source: str, key: str = "plugins") -> list[str]:
    """The ``plugins`` entries of a config, save file, scorecard or other record: installed plugins'
    names only. An entry that reads as a file path is refused with the reason, before anything is looked
    up: such a file is data a user may have got from someone else, and loading code from it would run it."""
    for entry in names:
        if is_path_like(entry):
            known = ", ".join(installed_plugins()) or "none"
            shown = excerpt(entry, 160)
            raise ConfigError(source, key, bad_input(
                "unknown plugin {name}: a file path, but this file may name only installed plugins (entry points "
                "of group {group}: {known}); local plugin files are loaded only through {option} on the command "
                "line, never from a config, save or record", name=shown, group=PLUGIN_GROUP, known=known,
                option="--plugin"))
    return list(names)


def deep_merge(base: Mapping[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    """Tables merge recursively; scalars and lists from ``over`` win."""
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, Mapping) and isinstance(out.get(key), Mapping):
            out[key] = deep_merge(out[key], value)
        else:
            out[key] = value
    return out


def read_toml(path: str | Path) -> dict[str, Any]:
    p = Path(path)
    return loads_toml(read_text(p, str(p), ConfigError, CONFIG_LIMIT, "a config file"), str(p), ConfigError)


def _loc(loc: Sequence[int | str], prefix: str) -> str:
    parts = [prefix] if prefix else []
    for item in loc:
        parts.append(f"[{item}]" if isinstance(item, int) else str(item))
    return ".".join(parts).replace(".[", "[")


# pydantic's JSON words for what a TOML user calls a table and a list
_PLAIN_WORDS = (("an object", "a table"), ("a valid array", "a list"), ("a valid dictionary", "a table"))


def _plain(message: str) -> str:
    for json_word, toml_word in _PLAIN_WORDS:
        message = message.replace(json_word, toml_word)
    return message


def _shown(value: object, limit: int = 60) -> str:
    return excerpt(value, limit)


def _model_at(model: type[BaseModel], loc: Sequence[int | str]) -> type[BaseModel] | None:
    """The pydantic model that owns the last key of ``loc`` (to list the keys it allows)."""
    current: Any = model
    for item in loc[:-1]:
        if not (isinstance(current, type) and issubclass(current, BaseModel)):
            return None
        info = current.model_fields.get(str(item))
        if info is None:
            return None
        current = info.annotation
    return current if isinstance(current, type) and issubclass(current, BaseModel) else None


def format_validation_error(exc: ValidationError, model: type[BaseModel], source: str, prefix: str) -> ConfigError:
    """The first error of ``exc`` as one line naming the file, the key and what is allowed."""
    errors = exc.errors()
    err = errors[0]
    loc = err["loc"]
    is_table_key = bool(loc) and loc[-1] == "[key]"  # pydantic's marker for a bad key of a table
    if is_table_key:
        loc = loc[:-1]
    key = _loc(loc, prefix)
    msg: str | BadInput
    if is_table_key:
        msg = f"table key {_shown(str(loc[-1]))}: {err['msg']}"
    elif err["type"] == "extra_forbidden":
        owner = _model_at(model, loc)
        allowed = list(owner.model_fields) if owner else []
        name, suggestion = _shown(str(loc[-1])), nearest(str(loc[-1]), allowed)
        if allowed:
            msg = bad_input("unknown key {name}{suggestion} (allowed: {allowed})", name=name,
                            suggestion=suggestion, allowed=", ".join(allowed))
        else:
            msg = bad_input("unknown key {name}{suggestion}", name=name, suggestion=suggestion)
    elif err["type"] == "missing":
        msg = bad_input("required key is missing")
    else:  # pydantic's own words (the type or range wanted) stay English
        msg = f"{_plain(err['msg'])} (got {_shown(err.get('input'))})"
    if len(errors) > 1 and isinstance(msg, BadInput):
        msg = bad_input("{message} (+{more} more)", message=msg, more=len(errors) - 1)
    elif len(errors) > 1:
        msg = f"{msg} (+{len(errors) - 1} more)"
    return ConfigError(source, key, msg)


def validate(model: type[BaseModel], data: Mapping[str, Any], source: str, prefix: str = "") -> Any:
    """Validate ``data`` strictly: a value of the wrong type (``pool = "20"``, ``pool = true``) is an
    error, never silently converted. The data goes through JSON so that table keys, which are always
    strings in TOML, may still name integers (``game_price = { 6 = 2 }``)."""
    try:
        text = json.dumps(data, default=str)
    except (TypeError, ValueError) as exc:
        raise ConfigError(source, prefix, bad_input("not a table of plain values: {reason}", reason=exc)) from None
    try:
        return model.model_validate_json(text, strict=True)
    except ValidationError as exc:
        raise format_validation_error(exc, model, source, prefix) from None


@dataclass(frozen=True)
class PresetLevel:
    name: str
    module: ModuleType
    preset: PresetFile
    source: str


def _read_preset(name: str, where: str, key: str) -> PresetLevel:
    module = load_module(VARIANT_GROUP, name, where, key)
    resource = files(module) / "preset.toml"
    source = f"{name}/preset.toml"
    try:
        data = tomllib.loads(resource.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(source, "", bad_input("variant {name} ships no {file}", name=repr(name),
                                                file="preset.toml")) from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(source, "", bad_input("malformed {kind}: {detail}", kind="TOML", detail=exc)) from None
    preset = validate(PresetFile, data, source)
    if preset.name != name:
        raise ConfigError(source, "name", bad_input("preset says {said} but is installed as {name}",
                                                    said=repr(preset.name), name=repr(name)))
    return PresetLevel(name, module, preset, source)


def resolve_chain(name: str, where: str = "config", key: str = "variant") -> list[PresetLevel]:
    """The preset chain of ``name``, root first. Raises on an unknown name or a cycle."""
    chain: list[PresetLevel] = []
    seen: list[str] = []
    current: str | None = name
    while current is not None:
        if current in seen:
            loop = " extends ".join([*seen, current])
            # name the preset whose `extends` closes the loop
            raise ConfigError(chain[-1].source, "extends", bad_input("circular preset: {loop}", loop=loop))
        seen.append(current)
        level = _read_preset(current, where if not chain else chain[-1].source, key if not chain else "extends")
        chain.append(level)
        current = level.preset.extends
    chain.reverse()
    return chain


def locale_dirs_of(modules: Iterable[ModuleType]) -> list[Path]:
    """The ``locale`` folders beside the ``__init__.py`` of these plugin packages, in their order."""
    dirs = []
    for module in modules:
        file = getattr(module, "__file__", None)
        if file and Path(file).name == "__init__.py" and (Path(file).parent / "locale").is_dir():
            dirs.append(Path(file).parent / "locale")
    return dirs


@dataclass
class Variant:
    """A resolved variant: its preset chain, plugin stack and validated rules.

    ``new_manager()`` builds a fresh plugin manager (one per game: no global state); ``contracts`` is the
    contract table the stack registers.
    """

    name: str
    chain: list[PresetLevel]
    stack: list[ModuleType]
    plugin_names: list[str]
    rules_model: type[BaseModel]
    rules: Any
    overrides: dict[str, Any] = field(default_factory=dict)
    local_plugins: tuple[LocalPlugin, ...] = ()
    """The plugins given by the caller, not installed (``--plugin house.py``); their modules end the stack."""

    @property
    def description(self) -> str:
        return self.chain[-1].preset.description

    @property
    def display_name(self) -> str:
        """The name a person reads, in English: the preset's ``title`` (``Sochi``), else its key (``sochi``);
        :func:`~preferans.core.rules.commented.name_in` says it in a language."""
        return self.chain[-1].preset.title or self.name

    @property
    def sources(self) -> list[str]:
        return [s for level in self.chain for s in level.preset.sources]

    @property
    def capabilities(self) -> frozenset[str]:
        """What the variant declares it has (``capabilities`` in its presets, the chain's together) plus
        the kinds of its contract rows: the conformance suite gates its checks on these words."""
        declared = {c for level in self.chain for c in level.preset.capabilities}
        return frozenset(declared | set(self.contracts.kinds()))

    @property
    def accounts(self) -> tuple[str, ...]:
        """The score sheet's accounts (``accounts`` in the presets: the parents' first, each once)."""
        return tuple(dict.fromkeys(a for level in self.chain for a in level.preset.accounts))

    @property
    def calls(self) -> dict[str, str]:
        """What the calls that are not contracts mean (``calls`` in the presets; a child's wording wins)."""
        return {k: v for level in self.chain for k, v in level.preset.calls.items()}

    @cached_property
    def bot_defaults(self) -> BotDefaults:
        """The bots' defaults for this variant (``[bots]`` in the presets; a child's key wins)."""
        merged: dict[str, Any] = {}
        for level in self.chain:
            merged.update(level.preset.bots.model_dump(exclude_unset=True))
        return BotDefaults(**merged)

    @cached_property
    def conformance_defaults(self) -> ConformanceDefaults:
        """How the conformance suite plays and counts this variant's calls (``[conformance]`` in the presets:
        the weights merged call by call, the parents' first; a child's ``doubling`` replaces its parent's)."""
        weights: dict[str, float] = {}
        doubling: list[str] | None = None
        for level in self.chain:
            own = level.preset.conformance
            weights.update(own.weights)
            if own.doubling is not None:
                doubling = list(own.doubling)
        return ConformanceDefaults(weights=weights, doubling=doubling)

    def new_manager(self) -> pluggy.PluginManager:
        return build_manager(self.stack)

    @cached_property
    def contracts(self) -> ContractTable:
        return build_contracts(self.new_manager(), self.rules)

    def dump_rules(self) -> dict[str, Any]:
        data: dict[str, Any] = self.rules.model_dump(mode="json", exclude_none=True)
        return data

    def to_toml(self) -> str:
        doc: dict[str, Any] = {"variant": self.name}
        if self.plugin_names:
            doc["plugins"] = list(self.plugin_names)
        doc["rules"] = self.dump_rules()
        return tomli_w.dumps(doc)

    def json_schema(self) -> dict[str, Any]:
        return self.rules_model.model_json_schema()

    @property
    def locale_dirs(self) -> list[Path]:
        """The ``locale`` folders of the variant's plugin packages, the child's first and the family's after
        it, where each keeps its catalogues (``locale/<lang>/LC_MESSAGES/<domain>.po``, docs/i18n.md): a
        third-party variant brings its words the same way, by the folder beside its ``__init__.py``."""
        return locale_dirs_of(reversed(self.stack))

    @property
    def match_word(self) -> str:
        """What the variant's players call a match, as an English key (``pulka`` in the Russian family): the
        ``MATCH_WORD`` of the first plugin module of the stack, the child's first, that has one, else
        ``game``; shown through the catalogues' ``match`` context."""
        for module in reversed(self.stack):
            word = getattr(module, "MATCH_WORD", None)
            if isinstance(word, str):
                return word
        return "game"

    @property
    def title(self) -> str:
        """The name, with the local plugins it is played with: ``sochi + house.py``."""
        return " + ".join([self.name, *(p.name for p in self.local_plugins)])

    def config_dict(self) -> dict[str, Any]:
        """The user-config form of this variant (what a saved game records). With local plugins it also has
        ``local_plugins``: their file names and SHA-256 (never a path or code), checked when it is read back
        (:func:`config_from_dict`)."""
        data: dict[str, Any] = {"variant": self.name, "plugins": list(self.plugin_names), "rules": self.overrides}
        if self.local_plugins:
            data["local_plugins"] = [p.record() for p in self.local_plugins]
        return data


def build_contracts(pm: pluggy.PluginManager, rules: Any) -> ContractTable:
    """The contract table the stack registers: ``pref_register_contracts`` called through pluggy like any
    hook. The plain implementations add their own rows (in any order: adds of different names commute);
    a plugin that reads, replaces or removes rows of the plugins below does it in a wrapper, after its
    ``yield``, which pluggy runs once everything below has registered (parent before child)."""
    registry = ContractRegistry()
    pm.hook.pref_register_contracts(contracts=registry, rules=rules)
    return registry.freeze()


_RULES_MODELS: dict[tuple[str, ...], type[BaseModel]] = {}
"""Rules model per plugin stack, so that two loads of one variant give equal (same-class) rules."""


def _rules_model(pm: pluggy.PluginManager) -> type[BaseModel]:
    key = tuple(name for name, _ in pm.list_name_plugin())
    if key not in _RULES_MODELS:
        _RULES_MODELS[key] = _build_rules_model(pm)
    return _RULES_MODELS[key]


def _build_rules_model(pm: pluggy.PluginManager) -> type[BaseModel]:
    """One frozen model from every plugin's ``pref_rules_sections`` answer, called through pluggy.
    pluggy gives the answers in call order (the most specific plugin first, the core last); they are
    merged the other way round, so a later plugin's section replaces an earlier one of the same name
    (and keeps its place among the fields)."""
    fields: dict[str, Any] = {}
    answers = cast(list[dict[str, Any]], pm.hook.pref_rules_sections())
    for answer in reversed(answers):
        for name, spec in answer.items():
            fields[name] = spec if isinstance(spec, tuple) else (spec, ...)
    model: type[BaseModel] = create_model("Rules", __config__=ConfigDict(extra="forbid", frozen=True), **fields)
    return model


def parse_variant_id(text: str, option: str = "--variant") -> tuple[str, dict[str, Any]]:
    """A variant ID as the command line and the conformance suite take it: ``"leningrad(players=4,
    whist.style='gentleman')"`` -> ``("leningrad", {"players": 4, "whist": {"style": "gentleman"}})``.
    Values are TOML values; dotted keys make nested tables. ``option`` names the argument in the error."""
    text = text.strip()
    if "(" not in text:
        return text, {}
    if not text.endswith(")"):
        raise bad_input("{option} {text}: expected {forms}", option=option, text=excerpt(text),
                        forms="NAME or NAME(key=value, ...)")
    name, _, inner = text[:-1].partition("(")
    try:
        overrides = loads_toml("\n".join(_top_level_items(inner)), option, BadInput) if inner.strip() else {}
    except BadInput as exc:
        detail = exc.values.get("message", str(exc)[len(option) + 2:]) if exc.template else str(exc)[len(option) + 2:]
        raise bad_input("{option} {text}: the overrides are not {form} {kind} values: {detail}", option=option,
                        text=excerpt(text), form="key=value", kind="TOML", detail=detail) from None
    return name.strip(), overrides


def _top_level_items(text: str) -> list[str]:
    """``a=1, b=[6, 7], c="x,y"`` -> ``['a=1', ' b=[6, 7]', ' c="x,y"']``: split at the commas outside
    brackets, braces and quoted strings, so a list or a string value may hold commas."""
    items, depth, quote, start = [], 0, "", 0
    for i, ch in enumerate(text):
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        elif ch == "," and depth == 0:
            items.append(text[start:i])
            start = i + 1
    return [*items, text[start:]]


def load_variant(
    name: str = DEFAULT_VARIANT,
    overrides: Mapping[str, Any] | None = None,
    plugins: Sequence[PluginItem] = (),
    source: str = "config",
) -> Variant:
    """Resolve ``name`` with optional ``[rules]`` overrides and extra plugins into a :class:`Variant`.

    Each of ``plugins`` is an installed plugin's entry-point name, a path to a local ``.py`` file (a
    ``Path``, or a string that reads as a path: ``"house.py"``), a module object or a :class:`LocalPlugin`.
    They are registered after the variant's own stack: the installed ones first, then the local ones, each
    in the order given (the order a game record restores). A file is imported under a new private module
    name at every call, so two variants never share a local plugin's state."""
    names: list[str] = []
    local: list[LocalPlugin] = []
    for item in plugins:
        if isinstance(item, str) and not is_path_like(item):
            names.append(item)
        else:
            local.append(as_local(item))
    return _load(name, overrides, names, local, source)


def _load(name: str, overrides: Mapping[str, Any] | None, plugins: Sequence[str], local: Sequence[LocalPlugin],
          source: str) -> Variant:
    chain = resolve_chain(name, source, "variant")
    if chain[-1].preset.abstract:
        playable = ", ".join(playable_variants()) or "none installed"
        raise ConfigError(source, "variant", bad_input(
            "{name} is a family base, not a playable variant (choose one of: {playable})", name=excerpt(name),
            playable=playable))
    stack = [level.module for level in chain]
    plugin_names: list[str] = []
    for level in chain:
        for p in level.preset.plugins:
            stack.append(load_module(PLUGIN_GROUP, p, level.source, "plugins"))
    for p in plugins:
        stack.append(load_module(PLUGIN_GROUP, p, source, "plugins"))
        plugin_names.append(p)
    distinct(local)
    for item in local:
        module = item.module
        if module in stack:
            raise ConfigError(item.label, "", bad_input("{module} is already in the {name} plugin stack",
                                                        module=module.__name__, name=name))
        stack.append(module)
    merged: dict[str, Any] = {}
    for level in chain:
        merged = deep_merge(merged, level.preset.rules)
    pm = build_manager(stack)
    model = _rules_model(pm)
    if overrides:
        # check the user's keys against the model first so the error names the user's file
        merged = deep_merge(merged, overrides)
        rules = validate(model, merged, source, "rules")
    else:
        rules = validate(model, merged, chain[-1].source, "rules")
    _check_quota(chain, rules)
    return Variant(name, chain, stack, plugin_names, model, rules, dict(overrides or {}), tuple(local))


def _check_quota(chain: Sequence[PresetLevel], rules: Any) -> None:
    """Refuse a ``[bots] quota`` that names no table of the rules, at load: misspelt, the bots would silently
    fall back to their rule of thumb."""
    for level in chain:
        key = level.preset.bots.quota
        if key is None:
            continue
        table: object = rules
        for part in key.split("."):
            table = getattr(table, part, None)
        if not isinstance(table, dict):
            raise ConfigError(level.source, "bots.quota", bad_input(
                "{key} is not a table of the rules by contract level (a dotted key of [rules])",
                key=repr(key)))


def load_config(path: str | Path, plugins: Sequence[Path | ModuleType | LocalPlugin] = ()) -> Variant:
    """Load a user's game config file (TOML, or JSON by extension). The file names installed plugins only
    (:func:`named_plugins`); ``plugins`` are local ones the caller adds (``--plugin``)."""
    p = Path(path)
    if p.suffix.lower() == ".json":
        data = loads_json(read_text(p, str(p), ConfigError, CONFIG_LIMIT, "a config file"), str(p), ConfigError)
    else:
        data = read_toml(p)
    _not_another_kind(data, str(p))
    cfg = validate(GameConfig, data, str(p))
    names = named_plugins(cfg.plugins, str(p))
    return _load(cfg.variant, cfg.rules, names, [as_local(x) for x in plugins], str(p))


def _not_another_kind(data: Any, source: str) -> None:
    """A scorecard or a saved game given where a game config is read: say which kind of file it is."""
    if not isinstance(data, Mapping):
        return
    if data.get("format") in ("preferans-save", "preferans-game"):
        raise ConfigError(source, "", bad_input(
            "this is a saved game ({resume}), not a game config ({variant}, {plugins} and {rules}; {init} writes one)",
            resume="preferans play --resume", init="preferans config init",
            variant="variant", plugins="plugins", rules="[rules]"))
    if "players" in data or "deal" in data:
        raise ConfigError(source, "", bad_input(
            "this is a scorecard ({commands}), not a game config ({variant}, {plugins} and {rules}; {init} writes one)",
            commands="preferans score, preferans sheet", init="preferans config init",
            variant="variant", plugins="plugins", rules="[rules]"))


def config_from_dict(data: Mapping[str, Any], source: str,
                     plugins: Sequence[Path | ModuleType | LocalPlugin] = ()) -> Variant:
    """The variant of a game record's config (:meth:`Variant.config_dict`). It names installed plugins
    only; a game played with local plugins records their identity under ``local_plugins``, and ``plugins``
    (given by the caller, e.g. ``--plugin`` again) must be exactly those files, with the same content, in
    the same order, so that the game goes on under the rules it was played with."""
    cfg = validate(RecordConfig, data, source)
    names = named_plugins(cfg.plugins, source)
    local = [as_local(x) for x in plugins]
    check_local_plugins(cfg.local_plugins, local, source)
    return _load(cfg.variant, cfg.rules, names, local, source)


def check_local_plugins(recorded: Sequence[Mapping[str, str]], given: Sequence[LocalPlugin], source: str) -> None:
    """That the local plugins ``given`` are the ones a record says its game was played with (``recorded``,
    :meth:`LocalPlugin.record` each); else a one-line :class:`ConfigError` saying what differs."""
    key = "local_plugins"
    for i, entry in enumerate(recorded):
        if set(entry) not in ({"file", "sha256"}, {"module"}):
            detail = bad_input("expected {file} or {module}, got {got}", file="{file, sha256}", module="{module}",
                               got=_shown(entry))
            raise ConfigError(source, f"{key}[{i}]", detail)
    names = [entry.get("file") or entry.get("module") or "" for entry in recorded]
    if not given and recorded:
        flags = " ".join(f"--plugin {e['file']}" for e in recorded if "file" in e)
        raise ConfigError(source, key, bad_input(
            "the game was played with the local plugin(s) {names}, which a record names but never loads; give them "
            "again ({flags})", names=", ".join(names), flags=flags) if flags else bad_input(
            "the game was played with the local plugin(s) {names}, which a record names but never loads; give them "
            "again (the same module objects)", names=", ".join(names)))
    if given and not recorded:
        shown = ", ".join(p.label for p in given)
        raise ConfigError(source, key, bad_input("the game was played without local plugins, so it cannot go on "
                                                 "with {plugins} (leave it out)", plugins=shown))
    if [p.name for p in given] != names:
        raise ConfigError(source, key, bad_input("the game was played with the local plugin(s) {names} (in this "
                                                 "order), not {given}", names=", ".join(names),
                                                 given=", ".join(p.name for p in given)))
    for entry, plugin in zip(recorded, given, strict=True):
        if "sha256" in entry and entry["sha256"] != plugin.digest:
            raise ConfigError(source, key, bad_input(
                "{plugin} has changed since the game was recorded ({sha} {then} then, {now} now); a game goes on "
                "only under the rules it was played with", plugin=plugin.label, sha="sha256",
                then=entry["sha256"][:12], now=(plugin.digest or "?")[:12]))


def starter_config(variant: Variant, head: Sequence[str] | None = None) -> str:
    """A commented config file: the variant line, then every rule commented out at its preset value.
    ``head`` replaces the two English comment lines at the top (``config init --lang`` passes them
    translated); the keys and values stay as TOML spells them. ``config init`` writes
    :func:`~preferans.core.rules.commented.starter_toml`, this with ``show``'s comments."""
    rules_toml = tomli_w.dumps({"rules": variant.dump_rules()})
    if head is None:
        head = (f"preferans game config. Variant: {variant.name} - {variant.description}",
                "Uncomment and change any rule; unknown keys are rejected. `preferans show "
                f"{variant.name}` prints these values.")
    lines = [*(f"# {line}" for line in head), f'variant = "{variant.name}"', ""]
    table, keep = "", False
    for line in rules_toml.splitlines():
        if line.startswith("["):
            table = line.strip("[]").removeprefix("rules").lstrip(".")
        if line.startswith("[") or not line.strip():
            lines.append(line)
            continue
        if not line[0].isspace() and line != "]":  # a key line; the others continue a multi-line array
            keep = overridden(variant.overrides, table, line.split("=", 1)[0].strip())
        # a value the caller set (config init --rule) is in force, not commented out
        lines.append(line if keep else "# " + line)
    return "\n".join(lines) + "\n"


def overridden(overrides: Mapping[str, Any], table: str, key: str) -> bool:
    node: Any = overrides
    for part in [*(table.split(".") if table else []), key]:
        if not isinstance(node, Mapping) or part not in node:
            return False
        node = node[part]
    return True


def playable_variants() -> list[str]:
    """Installed variants that can be played (not a family base), skipping any that fail to load."""
    out = []
    for name in installed_variants():
        try:
            if not _read_preset(name, "installed variants", name).preset.abstract:
                out.append(name)
        except ConfigError:
            continue
    return out


def unknown_variant_hint(name: str) -> str:
    return nearest(name, list(installed_variants()))
