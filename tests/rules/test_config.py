"""Presets, user configs and their errors.

Expected rule values come from the preset files' sources: russian.md 2.0 (prices 2/4/6/8/10, whist
obligations 6->4, 7->2, 8->1, 9->1) and 2.1 / section 4 (Sochi: pool 20, greedy whist, 1-2-3 raspasovka).
Every error must be one line naming the file, the key and what is allowed.
"""

from __future__ import annotations

import importlib
import json
import sys
import tomllib
import uuid
from collections.abc import Callable, Iterator
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from helpers.fake_install import fake_entry_points
from preferans.core import ConfigError, Game, load_config, load_variant
from preferans.core.rules import manager as plugins
from preferans.core.rules.config import config_from_dict, starter_config

RULE_KEYS = {"players", "max_deals", "pool", "game_price", "ten", "whist", "declarer", "misere", "raspasovka",
             "overflow", "gusarik", "settlement", "talon"}
WHIST_KEYS = ["obligation", "rate", "style", "responsibility", "two_whisters_cap", "high_liability",
              "half_whist_levels", "lone_whister_open", "first_lead_dark", "stalingrad", "return_levels",
              "lone_whister_chooses", "responsibility_base"]


def one_line(exc: BaseException) -> str:
    text = str(exc)
    assert "\n" not in text and "\r" not in text, f"not one line: {text!r}"
    assert "Traceback" not in text
    return text


# ---------------------------------------------------------------------------------------------- fake presets

AddVariant = Callable[..., str]


@pytest.fixture
def fake_variants(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[AddVariant]:
    """``add(name, preset_toml)`` installs a variant ``name`` as if a distribution registered it in the
    ``preferans.variants`` entry-point group: a package under ``tmp_path`` holding the preset."""
    real = plugins._discover
    extra = fake_entry_points(monkeypatch, plugins.VARIANT_GROUP)
    tag = uuid.uuid4().hex[:8]
    monkeypatch.syspath_prepend(str(tmp_path))

    def add(name: str, preset: str) -> str:
        package = f"fake_pref_{tag}_{name}"
        folder = tmp_path / package
        folder.mkdir()
        (folder / "__init__.py").write_text(f'"""Fake variant {name} for the config tests."""\n')
        (folder / "preset.toml").write_text(preset, encoding="utf-8")
        ep = EntryPoint(name=name, value=package, group=plugins.VARIANT_GROUP)
        extra[name] = plugins.Installed(name, package, "fake-dist", ep)
        importlib.invalidate_caches()
        return package

    yield add
    real.cache_clear()
    for item in extra.values():
        sys.modules.pop(item.module, None)


def preset(name: str, extends: str | None = None, body: str = "") -> str:
    head = f'name = "{name}"\ndescription = "test preset {name}"\n'
    if extends:
        head += f'extends = "{extends}"\n'
    return head + body


# ---------------------------------------------------------------------------------------------- extends


def test_extends_merges_tables_and_child_values_win(fake_variants: AddVariant) -> None:
    fake_variants("kid", preset("kid", "sochi", """
[rules]
pool = 10
game_price = { 6 = 3 }

[rules.whist]
style = "gentleman"
half_whist_levels = [6]
"""))
    variant = load_variant("kid")
    assert [level.name for level in variant.chain] == ["russian", "sochi", "kid"]
    assert [m.__name__ for m in variant.stack][:2] == ["preferans.variants.russian", "preferans.variants.sochi"]
    rules = variant.rules
    assert rules.pool == 10  # child beats sochi's 20
    # tables merge: the child's 6 replaces russian's 2, the other prices stay (russian.md 2.0)
    assert rules.game_price == {6: 3, 7: 4, 8: 6, 9: 8, 10: 10}
    assert rules.whist.style == "gentleman"  # child beats sochi's "greedy"
    assert rules.whist.rate == 1  # from sochi, untouched by the child
    assert rules.whist.obligation == {6: 4, 7: 2, 8: 1, 9: 1, 10: 1}  # from russian
    assert rules.whist.half_whist_levels == [6]  # lists are replaced, not appended to
    assert rules.raspasovka.progression == "arithmetic" and rules.raspasovka.amnesty is True
    assert variant.description == "test preset kid"
    assert Game(variant, seed=1).rules.pool == 10


def test_bots_defaults_are_inherited_and_overridden(fake_variants: AddVariant) -> None:
    fake_variants("kid", preset("kid", "sochi", "[bots]\nhard_calls = 2\n"))
    fake_variants("grandkid", preset("grandkid", "kid", "[rules]\npool = 10\n"))
    fake_variants("rebel", preset("rebel", "kid", "[bots]\nhard_calls = 5\n"))
    assert load_variant("sochi").bot_defaults.hard_calls == 3  # the russian family's: auction 1 + declaration 2
    assert load_variant("nachgehen").bot_defaults.hard_seen_defence is None  # set nowhere in its stack: 0
    assert load_variant("grandkid").bot_defaults.hard_calls == 2  # the parent's
    assert load_variant("rebel").bot_defaults.hard_calls == 5  # the child's wins
    assert load_variant("serbian").bot_defaults.hard_seen_defence == 0.5  # from the balkan family's preset
    assert load_variant("rostov").bot_defaults.hard_seen_defence == 0.5  # russian's, through sochi
    assert load_variant("illustrated").bot_defaults.hard_seen_defence is None  # no Austrian preset says


def test_conformance_defaults_are_inherited_call_by_call(fake_variants: AddVariant) -> None:
    # docs/config.md [conformance]: the weights merge call by call, the parents' first; doubling is replaced
    fake_variants("kid", preset("kid", "serbian", '[conformance]\ndoubling = ["kontra"]\n'
                                                 "[conformance.weights]\nkontra = 0.5\nhouse- = 2\n"))
    balkan = load_variant("serbian").conformance_defaults
    assert balkan.weights["follow"] == 1.4 and balkan.weights["kontra"] == 0.12  # the Balkan family's presets
    assert balkan.doubling == ["kontra", "rekontra", "subkontra", "mortkontra", "kontra-"]
    kid = load_variant("kid").conformance_defaults
    assert kid.weights == {**balkan.weights, "kontra": 0.5, "house-": 2.0} and kid.doubling == ["kontra"]
    # Nachgehen: the Austrian family's calls, Illustrated's kontra and its own "I lie" and take-over
    nach = load_variant("nachgehen").conformance_defaults
    assert {"play", "mein", "kontra", "rekontra", "lie", "take"} <= set(nach.weights)
    assert nach.doubling == ["kontra", "rekontra"]  # Illustrated's
    assert load_variant("sochi").conformance_defaults.doubling is None  # no doubling chain in the Russian family
    assert load_variant("classic").conformance_defaults.weights["dark-"] == 0.04  # on top of the Russian weights


def test_grandchild_override_chain(fake_variants: AddVariant) -> None:
    fake_variants("kid", preset("kid", "sochi", "[rules]\npool = 10\n"))
    fake_variants("grandkid", preset("grandkid", "kid", "[rules.misere]\nprice = 12\n"))
    rules = load_variant("grandkid").rules
    assert rules.pool == 10 and rules.misere.price == 12
    assert rules.misere.penalty_per_trick == 10  # sochi's value survives two levels down


@pytest.mark.parametrize(
    ("presets", "start", "where", "loop"),
    [
        ({"loop_a": "loop_b", "loop_b": "loop_a"}, "loop_a", "loop_b/preset.toml: extends",
         "loop_a extends loop_b extends loop_a"),
        ({"selfish": "selfish"}, "selfish", "selfish/preset.toml: extends", "selfish extends selfish"),
        ({"c1": "c2", "c2": "c3", "c3": "c2"}, "c1", "c3/preset.toml: extends", "c1 extends c2 extends c3 extends c2"),
    ],
)
def test_extends_cycle_is_detected(fake_variants: AddVariant, presets: dict[str, str], start: str, where: str,
                                   loop: str) -> None:
    for name, parent in presets.items():
        fake_variants(name, preset(name, parent))
    with pytest.raises(ConfigError) as info:
        load_variant(start)
    text = one_line(info.value)
    assert text.startswith(where)
    assert "circular" in text and loop in text


def test_extends_unknown_parent_names_the_preset(fake_variants: AddVariant) -> None:
    fake_variants("orphan", preset("orphan", "sochii"))
    with pytest.raises(ConfigError) as info:
        load_variant("orphan")
    text = one_line(info.value)
    assert text.startswith("orphan/preset.toml: extends: ")
    assert "'sochii'" in text and "did you mean 'sochi'" in text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('name = "odd"\nextend = "sochi"\n', ["odd/preset.toml: extend: ", "did you mean 'extends'"]),
        ('name = "odd"\nextends = "sochi\n', ["odd/preset.toml: ", "malformed TOML"]),
        ('name = "other"\nextends = "sochi"\n', ["odd/preset.toml: name: ", "'other'", "'odd'"]),
        ('name = "odd"\nextends = "sochi"\n[rules]\npool = "lots"\n', ["odd/preset.toml: rules.pool: ", "integer"]),
        ('name = "odd"\nextends = "sochi"\nplugins = ["nope"]\n', ["odd/preset.toml: plugins: ", "'nope'"]),
        ('name = "odd"\nextends = "sochi"\n[bots]\nhard_calls = 8\n', ["odd/preset.toml: bots.hard_calls: ", "7"]),
        ('name = "odd"\nextends = "sochi"\n[bots]\nhard = 3\n', ["odd/preset.toml: bots.hard: "]),
        ('name = "odd"\nextends = "sochi"\n[bots]\nhard_seen_defence = 2\n',
         ["odd/preset.toml: bots.hard_seen_defence: ", "1"]),
        # a misspelt quota would leave the bots on their rule of thumb without a word: refused at load
        ('name = "odd"\nextends = "sochi"\n[bots]\nquota = "whist.obligaton"\n',
         ["odd/preset.toml: bots.quota: ", "'whist.obligaton'", "a dotted key of [rules]"]),
        ('name = "odd"\nextends = "sochi"\n[bots]\nquota = "pool"\n', ["odd/preset.toml: bots.quota: ", "'pool'"]),
        # a weight is how often a call is made: never below none
        ('name = "odd"\nextends = "sochi"\n[conformance.weights]\nwhist = -1\n',
         ["odd/preset.toml: conformance.weights.whist: ", "0"]),
    ],
)
def test_bad_preset_names_its_file_and_key(fake_variants: AddVariant, text: str, expected: list[str]) -> None:
    fake_variants("odd", text)
    with pytest.raises(ConfigError) as info:
        load_variant("odd")
    message = one_line(info.value)
    for fragment in expected:
        assert fragment in message
    assert message.startswith(expected[0])


# ---------------------------------------------------------------------------------------------- preset values


def test_sochi_preset_values() -> None:
    rules = load_variant("sochi").rules
    assert rules.players == 3
    assert rules.pool == 20  # russian.md 4, Sochi column
    assert rules.game_price == {6: 2, 7: 4, 8: 6, 9: 8, 10: 10}  # price = 2 * (level - 5)
    assert rules.whist.obligation == {6: 4, 7: 2, 8: 1, 9: 1, 10: 1}
    assert rules.whist.half_whist_levels == [6, 7]
    assert rules.whist.style == "greedy"
    assert rules.ten == "checked"
    assert rules.misere.price == 10


def test_abstract_base_is_not_playable(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as info:
        load_variant("russian")
    text = one_line(info.value)
    assert "family base" in text and "sochi" in text and "variant" in text
    path = tmp_path / "base.toml"
    path.write_text('variant = "russian"\n')
    with pytest.raises(ConfigError) as info:
        load_config(path)
    assert one_line(info.value).startswith(f"{path}: variant: ")


# ---------------------------------------------------------------------------------------------- user configs


def write(tmp_path: Path, text: str, name: str = "game.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_unknown_variant_suggests_the_nearest_name(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as info:
        load_variant("sochii")
    text = one_line(info.value)
    assert "variant" in text and "'sochii'" in text and "did you mean 'sochi'" in text
    path = write(tmp_path, 'variant = "sochii"\n')
    with pytest.raises(ConfigError) as info:
        load_config(path)
    text = one_line(info.value)
    assert text.startswith(f"{path}: variant: ")
    assert "did you mean 'sochi'" in text
    assert info.value.source == str(path) and info.value.key == "variant"


BAD_CONFIGS = [
    # (file body, key path named in the message, other words the message must hold)
    ('variant = "sochi"\nvarient = "x"\n', "varient", ["unknown key", "did you mean 'variant'",
                                                       "allowed: variant, plugins, rules"]),
    ('variant = "sochi"\n[rules]\npol = 10\n', "rules.pol", ["did you mean 'pool'", "allowed:", "pool", "whist"]),
    ('variant = "sochi"\n[rules.whist]\nstile = "greedy"\n', "rules.whist.stile",
     ["did you mean 'style'", "allowed: " + ", ".join(WHIST_KEYS)]),
    ('variant = "sochi"\n[rules.raspasovka]\nprogresion = "none"\n', "rules.raspasovka.progresion",
     ["did you mean 'progression'"]),
    # wrong types
    ('variant = "sochi"\n[rules]\npool = "twenty"\n', "rules.pool", ["integer", "'twenty'"]),
    ('variant = "sochi"\n[rules]\npool = "20"\n', "rules.pool", ["integer"]),
    ('variant = "sochi"\n[rules]\npool = true\n', "rules.pool", ["integer"]),
    ('variant = "sochi"\n[rules]\npool = 12.5\n', "rules.pool", ["integer"]),
    ('variant = "sochi"\n[rules]\npool = 0\n', "rules.pool", ["greater than or equal to 1"]),
    ('variant = "sochi"\n[rules]\nwhist = 3\n', "rules.whist", ["table"]),
    ('variant = "sochi"\n[rules]\nten = "maybe"\n', "rules.ten", ["'checked'", "'whisted'"]),
    ('variant = "sochi"\n[rules.whist]\nhalf_whist_levels = "6"\n', "rules.whist.half_whist_levels", ["list"]),
    ('variant = "sochi"\n[rules]\ngame_price = { six = 2 }\n', "rules.game_price.six", ["integer"]),
    ('variant = "sochi"\n[rules]\nplayers = 5\n', "rules.players", ["less than or equal to 4"]),
    ('variant = 5\n', "variant", ["string"]),
    ('variant = "sochi"\nrules = 3\n', "rules", ["table"]),
    ('variant = "sochi"\nplugins = "x"\n', "plugins", ["list"]),
    ('variant = "sochi"\n[rules]\npool = """\nmany\nlines\n"""\n', "rules.pool", ["integer"]),
]


@pytest.mark.parametrize(("body", "key", "words"), BAD_CONFIGS)
def test_bad_config_is_one_line_naming_file_and_key(tmp_path: Path, body: str, key: str, words: list[str]) -> None:
    path = write(tmp_path, body)
    with pytest.raises(ConfigError) as info:
        load_config(path)
    text = one_line(info.value)
    assert text.startswith(f"{path}: {key}: "), text
    for word in words:
        assert word in text, text


def test_unknown_nested_key_through_overrides() -> None:
    with pytest.raises(ConfigError) as info:
        load_variant("sochi", {"whist": {"stile": "greedy"}}, source="cli")
    text = one_line(info.value)
    assert text.startswith("cli: rules.whist.stile: unknown key 'stile'; did you mean 'style'?")
    for key in WHIST_KEYS:
        assert key in text


@pytest.mark.parametrize(
    ("name", "body", "words"),
    [
        ("broken.toml", 'variant = "sochi"\n[rules]\npool = [1\n', ["malformed TOML"]),
        ("broken2.toml", 'variant = "sochi"\n[rules]\n[rules]\n', ["malformed TOML"]),
        ("broken3.toml", 'variant = sochi\n', ["malformed TOML"]),
        ("broken.json", '{"variant": "sochi", "rules": {"pool": 10}', ["malformed JSON"]),
    ],
)
def test_malformed_file(tmp_path: Path, name: str, body: str, words: list[str]) -> None:
    path = write(tmp_path, body, name)
    with pytest.raises(ConfigError) as info:
        load_config(path)
    text = one_line(info.value)
    assert text.startswith(f"{path}: ")
    for word in words:
        assert word in text


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.toml"
    with pytest.raises(ConfigError) as info:
        load_config(path)
    assert one_line(info.value) == f"{path}: file not found"


def test_overrides_change_rules(tmp_path: Path) -> None:
    base = load_variant("sochi").rules
    variant = load_variant("sochi", {"pool": 10, "whist": {"style": "gentleman"}, "raspasovka": {"amnesty": False}})
    assert variant.rules.pool == 10 and base.pool == 20
    assert variant.rules.whist.style == "gentleman"
    assert variant.rules.whist.rate == base.whist.rate == 1  # siblings of an overridden key stay
    assert variant.rules.raspasovka.amnesty is False
    assert variant.rules.raspasovka.progression_cap == base.raspasovka.progression_cap == 3
    path = write(tmp_path, 'variant = "sochi"\n[rules]\npool = 30\nplayers = 4\n[rules.whist]\nstyle = "gentleman"\n')
    from_file = load_config(path)
    assert from_file.rules.pool == 30 and from_file.rules.players == 4
    assert from_file.rules.whist.style == "gentleman"
    assert from_file.config_dict() == {"variant": "sochi", "plugins": [],
                                       "rules": {"pool": 30, "players": 4, "whist": {"style": "gentleman"}}}
    json_path = write(tmp_path, json.dumps({"variant": "sochi", "rules": {"pool": 15}}), "game.json")
    assert load_config(json_path).rules.pool == 15


def test_config_from_dict_names_its_source() -> None:
    assert config_from_dict({"variant": "sochi", "rules": {"pool": 12}}, "saved game").rules.pool == 12
    with pytest.raises(ConfigError) as info:
        config_from_dict({"variant": "sochi", "rules": {"pool": "x"}}, "saved game: config")
    assert one_line(info.value).startswith("saved game: config: rules.pool: ")


def test_default_variant_is_sochi(tmp_path: Path) -> None:
    assert load_config(write(tmp_path, "[rules]\npool = 10\n")).name == "sochi"


# ---------------------------------------------------------------------------------------------- dump and schema


@pytest.mark.parametrize("overrides", [{}, {"pool": 10, "players": 4, "whist": {"style": "gentleman"}},
                                       {"max_deals": 5, "game_price": {6: 3}}])
def test_effective_rules_dump_to_toml_and_load_back(tmp_path: Path, overrides: dict[str, object]) -> None:
    variant = load_variant("sochi", overrides)
    text = variant.to_toml()
    doc = tomllib.loads(text)
    assert doc["variant"] == "sochi"
    assert set(doc["rules"]) >= RULE_KEYS - {"max_deals"}  # every rule is written out
    assert doc["rules"]["pool"] == variant.rules.pool
    again = load_config(write(tmp_path, text))
    assert again.rules.model_dump() == variant.rules.model_dump()
    assert again.rules == variant.rules
    assert again.to_toml() == text


def test_starter_config_loads_as_the_preset(tmp_path: Path) -> None:
    variant = load_variant("sochi")
    text = starter_config(variant)
    assert 'variant = "sochi"' in text
    assert "# pool = 20" in text
    assert load_config(write(tmp_path, text)).rules.model_dump() == variant.rules.model_dump()


def test_json_schema_export() -> None:
    schema = json.loads(json.dumps(load_variant("sochi").json_schema()))
    assert schema["type"] == "object"
    assert set(schema["properties"]) == RULE_KEYS
    assert schema.get("additionalProperties") is False  # unknown keys are forbidden
    whist = schema["$defs"]["WhistRules"]
    assert set(whist["properties"]) == set(WHIST_KEYS)
    assert set(whist["properties"]["style"]["enum"]) == {"greedy", "gentleman"}
    assert whist.get("additionalProperties") is False


# ---------------------------------------------------------------------------------------------- safety


def test_unknown_plugin_is_rejected_and_nothing_is_imported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    marker = tmp_path / "imported.txt"
    module = f"evil_plugin_{uuid.uuid4().hex[:8]}"
    (tmp_path / f"{module}.py").write_text(f"open({str(marker)!r}, 'w').write('imported')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    names = [module, f"./{module}.py", str(tmp_path / f"{module}.py"), "os", "preferans.variants.sochi"]
    for name in names:
        path = write(tmp_path, f'variant = "sochi"\nplugins = [{json.dumps(name)}]\n')
        with pytest.raises(ConfigError) as info:
            load_config(path)
        text = one_line(info.value)
        assert text.startswith(f"{path}: plugins: unknown plugin ")
        path = write(tmp_path, f"variant = {json.dumps(name)}\n")
        with pytest.raises(ConfigError) as info:
            load_config(path)
        assert one_line(info.value).startswith(f"{path}: variant: unknown variant ")
    with pytest.raises(ConfigError):
        load_variant("sochi", plugins=[module])
    assert not marker.exists()
    assert module not in sys.modules


def test_config_init_has_shows_comments_and_inline_lists(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # issue 32: the starter config explains each key as `show` does, a list stays on one line, and
    # `config check` accepts what `config init` wrote (a --rule value in force, the rest commented out)
    from preferans.core.cli import main

    assert main(["config", "init", "sochi", "--rule", "pool=30"]) == 0
    lines = capsys.readouterr().out.splitlines()
    at = lines.index("# half_whist_levels = [6, 7]")
    assert lines[at - 1] == "# levels on which the second defender may half-whist"
    assert lines[lines.index("pool = 30") - 1] == "# the pool target: the match ends when every pool reaches it"
    assert "# game_price = { 6 = 2, 7 = 4, 8 = 6, 9 = 8, 10 = 10 }" in lines
    assert not any(line.strip() in ("#     6,", "# ]") for line in lines)
    path = tmp_path / "game.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["config", "check", str(path)]) == 0
    assert capsys.readouterr().out == f"{path}: ok (variant sochi)\n"
    assert load_config(path).rules.pool == 30
