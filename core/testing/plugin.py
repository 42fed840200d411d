"""pytest plugin (entry point ``pytest11``): options and parametrisation for the conformance suite.

Imports nothing from the game at start-up; variants are looked up only when a test asks for
``preferans_variant``. Options:

``--preferans-variant ID``    run the suite for this variant (repeatable; default: every playable one);
                              an ID is a name with optional rule overrides: ``leningrad(players=4)``,
                              ``sochi(pool=10, whist.style="gentleman")`` (values are TOML values)
``--preferans-plugin PATH``   a local plugin file (a house rule, ``house.py``) added to every variant checked
                              (repeatable); the golden playthroughs, recorded without it, are skipped
``--preferans-deals N``       deals per random-simulation check (default 30)
``--preferans-seed S``        seed of the random part (default 0)
"""

from __future__ import annotations

from typing import Any

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("preferans", "preferans conformance suite")
    group.addoption("--preferans-variant", action="append", default=[], metavar="NAME",
                    help="variant to check (repeatable); default: every installed playable variant")
    group.addoption("--preferans-plugin", action="append", default=[], metavar="PATH",
                    help="a local plugin file (.py) added to every variant checked (repeatable)")
    group.addoption("--preferans-deals", type=int, default=30, metavar="N",
                    help="deals per random-simulation check (default 30)")
    group.addoption("--preferans-seed", type=int, default=0, metavar="S", help="seed of the random part")


def pytest_configure(config: pytest.Config) -> None:
    """A local plugin file that is missing or does not import is a usage error, before any test runs."""
    paths = config.getoption("preferans_plugin", None) or []
    if not paths:
        return
    from preferans.core.model.errors import BadInput
    from preferans.core.rules.local import LocalPlugin

    for path in paths:
        try:
            _ = LocalPlugin.read(path, "--preferans-plugin").module
        except BadInput as exc:
            raise pytest.UsageError(str(exc)) from None


def parse_variant_id(text: str) -> tuple[str, dict[str, Any]]:
    """:func:`preferans.core.rules.config.parse_variant_id`, a malformed ID being a pytest usage error."""
    from preferans.core.model.errors import BadInput
    from preferans.core.rules.config import parse_variant_id as parse

    try:
        return parse(text, "--preferans-variant")
    except BadInput as exc:
        raise pytest.UsageError(str(exc)) from None


def playable_variants() -> list[str]:
    from preferans.core.rules.config import resolve_chain
    from preferans.core.rules.manager import installed_variants

    names = []
    for name in installed_variants():
        try:
            abstract = resolve_chain(name)[-1].preset.abstract
        except Exception:  # noqa: BLE001 - a broken variant is still checked (and fails its loading check)
            abstract = False
        if not abstract:
            names.append(name)
    return names


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "preferans_variant" in metafunc.fixturenames:
        names = metafunc.config.getoption("preferans_variant") or playable_variants()
        metafunc.parametrize("preferans_variant", names, ids=names)


@pytest.fixture
def preferans_deals(request: pytest.FixtureRequest) -> int:
    return int(request.config.getoption("preferans_deals"))


@pytest.fixture
def preferans_seed(request: pytest.FixtureRequest) -> int:
    return int(request.config.getoption("preferans_seed"))


@pytest.fixture
def preferans_plugins(request: pytest.FixtureRequest) -> list[str]:
    """The local plugin files of ``--preferans-plugin``, as given."""
    return list(request.config.getoption("preferans_plugin"))


@pytest.fixture
def preferans_variant_name(preferans_variant: str) -> str:
    """The variant's installed name (the ID without its rule overrides)."""
    return parse_variant_id(preferans_variant)[0]


@pytest.fixture
def preferans_loaded(preferans_variant: str, preferans_plugins: list[str]) -> Any:
    """The resolved :class:`~preferans.core.rules.config.Variant`, with the ID's rule overrides and the
    local plugins of ``--preferans-plugin`` (each file imported afresh for every test)."""
    from preferans.core.rules.config import load_variant
    from preferans.core.rules.local import LocalPlugin

    name, overrides = parse_variant_id(preferans_variant)
    local = [LocalPlugin.read(p, "--preferans-plugin") for p in preferans_plugins]
    return load_variant(name, overrides or None, local, source=f"--preferans-variant {preferans_variant}")
