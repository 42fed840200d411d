"""The mutation self-test: broken house rules, each of which the suite must fail.

A *mutation* is one deliberate rule error written as a one-file house rule, exactly what a club would give
``preferans conformance --plugin house.py``: a hook wrapper that changes the family's answer (must-follow off,
the talon given to the wrong seat), or a ``tryfirst`` implementation that calls the family's own hook with a
changed value (the whist quota, the raspasovka price) or a changed deal. It imports only
``preferans.core.plugin`` and, where it calls a family hook, the family's own modules. The variant's rules
values stay as published, so the checks hold it to the published game.

The files belong to the variants' conformance kits: for every installed variant whose package has a
``conformance`` module, the files ``mutations/*.py`` beside it (data, not a package; read with
:mod:`importlib.resources`). Each file starts with a header of comment lines::

    # variant: sochi                        the variant ID it runs against (rule overrides allowed)
    # area: score                           one of AREAS, or a capability of the variant
    # breaks: the whist quota of a six (4 -> 3)

:func:`run_mutation` loads the variant as the suite's ``--preferans-plugin`` fixture does (the file read by
:meth:`LocalPlugin.read`, the variant by ``load_variant`` with the ID's overrides) and runs the suite's checks
(the test functions of ``conformance.py``, with the fixtures' values of a ``--plugin`` run) cheapest first,
stopping at the first that fails: that check *caught* the mutation. ``preferans conformance --self-test``
prints every mutation with its catcher and the score (caught/all); ``tests/testing/test_mutations.py`` keeps every
mutation caught.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from functools import cache
from importlib.resources import as_file, files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import pytest

from preferans.core.model.errors import bad_input
from preferans.core.rules.config import Variant, load_variant, parse_variant_id
from preferans.core.rules.local import LocalPlugin
from preferans.core.rules.manager import installed_variants

from . import conformance

KIT = "conformance"
"""The module of a variant's package that holds its conformance kit."""
FOLDER = "mutations"
"""The folder of the kit that holds its mutation files (``*.py``)."""
HEADER = ("variant", "area", "breaks")
"""The header keys every mutation file states, in comment lines at its top (``# area: score``)."""
AREAS = ("auction", "declaration", "defence", "play", "visibility", "dealer", "score", "pot", "four-players",
         "match_end", "determinism")
"""What a mutation may break: the areas the self-test covers (docs/conformance.md); a mutation may also name a
capability of its variant (:func:`capabilities`: the Balkan ``kontra``, a contract kind)."""

FIRST = [
    # cheap and exact first, so the self-test is quick; then the random checks; the slow ones last
    "test_loading_preset_resolves", "test_loading_hooks_match_specs", "test_loading_rules_roundtrip_toml",
    "test_loading_deviations_declared", "test_play_perft_matches_family", "test_scoring_matches_golden_deals",
    "test_golden_playthroughs_replay", "test_play_rules_match_reference",
    "test_simulation_one_actor_with_legal_actions", "test_simulation_cards_conserved",
    "test_money_settlement_exact_and_zero_sum", "test_money_pot_balances_every_deal",
    "test_rules_match_family_reference",
]
LAST = ["test_determinism_across_processes", "test_simulation_match_ends"]


@dataclass(frozen=True)
class Mutation:
    """One broken rule: the house-rule file ``path``, run against the variant ID ``variant``; ``what`` it
    breaks, in its ``area``. ``name`` is the file's stem; ``kit`` the package whose kit ships it."""

    name: str
    variant: str
    what: str
    path: Path | None = None
    area: str = ""
    kit: str = ""

    @property
    def label(self) -> str:
        """How the self-test names it: the family folder and the file (``russian/quota_sochi.py``)."""
        if self.kit:
            return f"{family_of(self.kit)}/{self.name}.py"
        return self.path.name if isinstance(self.path, Path) else self.name

    @classmethod
    def read(cls, path: Path | Traversable, kit: str = "") -> Mutation:
        """The mutation of a file, from its header; a missing or unknown header key is a one-line error. A
        file of a zipped kit has no path of its own (``path`` is ``None``: :func:`self_test` copies it)."""
        header: dict[str, str] = {}
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.startswith("#"):
                break
            key, sep, value = line[1:].partition(":")
            if sep and key.strip() in HEADER:
                header[key.strip()] = value.strip()
        missing = [k for k in HEADER if not header.get(k)]
        if missing:
            # a kit's own file: the path and the header key as written, the rest in the user's language
            raise bad_input("{path}: the header says no {key} (a comment line '# {key}: ...' at the top)",
                            path=path, key=missing[0])
        if header["area"] not in AREAS and header["area"] not in capabilities(header["variant"]):
            raise bad_input("{path}: area {area} is not one of {areas}", path=path, area=header["area"],
                            areas=", ".join([*AREAS, *capabilities(header["variant"])]))
        stem = path.name.removesuffix(".py")
        return cls(stem, header["variant"], header["breaks"], path if isinstance(path, Path) else None,
                   header["area"], kit)


@cache
def capabilities(variant: str) -> tuple[str, ...]:
    """The capabilities of the variant ID ``variant`` (its presets' ``capabilities`` and its contract kinds,
    :attr:`~preferans.core.rules.config.Variant.capabilities`), sorted: areas a mutation of it may name."""
    return tuple(sorted(load_variant(*parse_variant_id(variant)).capabilities))


# ---------------------------------------------------------------- discovery


def family_of(kit: str) -> str:
    """The package a kit belongs to, by its last name: ``preferans.variants.russian.conformance`` -> ``russian``."""
    return kit.removesuffix(f".{KIT}").rsplit(".", 1)[-1]


def kits() -> list[str]:
    """The conformance kits of the installed variants (``<package>.conformance``), each once, by name."""
    out: list[str] = []
    for installed in installed_variants().values():
        name = f"{installed.module}.{KIT}"
        if name in out:
            continue
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name is not None and name.startswith(exc.name):
                continue  # the variant ships no kit
            raise
        out.append(name)
    return sorted(out)


def _files(kit: str) -> list[Traversable]:
    folder = files(kit) / FOLDER
    if not folder.is_dir():
        return []
    return sorted((t for t in folder.iterdir() if t.name.endswith(".py") and t.is_file()), key=lambda t: t.name)


@cache
def _discovered() -> tuple[tuple[str, str], ...]:
    return tuple((kit, item.name) for kit in kits() for item in _files(kit))


def discover(only: Iterable[str] = ()) -> Iterator[tuple[str, Traversable]]:
    """Every mutation file of the installed kits, ``(kit, file)``; with ``only``, those whose name (the
    stem, or ``family/stem``) contains one of its words."""
    words = list(only)
    for kit, name in _discovered():
        stem = name.removesuffix(".py")
        if words and not any(w in stem or w in f"{family_of(kit)}/{stem}" for w in words):
            continue
        yield kit, files(kit) / FOLDER / name


def mutations(only: Iterable[str] = ()) -> list[Mutation]:
    """The mutations of the installed kits, from their headers (``only``: see :func:`discover`)."""
    return [Mutation.read(item, kit) for kit, item in discover(only)]


# ---------------------------------------------------------------- running


@dataclass
class Outcome:
    mutation: Mutation
    caught_by: str | None
    why: str
    seconds: float

    @property
    def caught(self) -> bool:
        return self.caught_by is not None


def _checks() -> list[tuple[str, Callable[..., Any]]]:
    names = list(conformance.__all__)
    order = [n for n in FIRST if n in names] + [n for n in names if n not in FIRST and n not in LAST] + [
        n for n in LAST if n in names]
    return [(n, getattr(conformance, n)) for n in order]


def loaded(ident: str, path: Path) -> Variant:
    """The variant ``ident`` with the house rule ``path``, as the ``preferans_loaded`` fixture loads it under
    ``--preferans-plugin`` (the file read and imported afresh)."""
    name, overrides = parse_variant_id(ident, "--preferans-variant")
    local = LocalPlugin.read(path, "--plugin")
    return load_variant(name, overrides or None, [local], source=f"--preferans-variant {ident}")


def run_mutation(mutation: Mutation, deals: int = 6, seed: int = 0) -> Outcome:
    """Run the suite's checks on the variant with the mutation's file until one fails: the fixture values
    of ``--preferans-variant ID --preferans-plugin FILE``, nothing else."""
    start = time.perf_counter()
    assert mutation.path is not None, "a mutation without its file"
    path = Path(mutation.path)
    name = parse_variant_id(mutation.variant, "--preferans-variant")[0]
    values: dict[str, Any] = {
        "preferans_seed": seed, "preferans_deals": deals, "preferans_variant_name": name,
        "preferans_variant": mutation.variant, "preferans_plugins": [str(path)],
        # pytest's fixture that the walking checks record their coverage with: not needed here
        "record_property": lambda name, value: None,
    }
    # a file that is missing or does not import is a usage error (as pytest_configure makes it), not a catch
    _ = LocalPlugin.read(path, "--plugin").module
    for check, test in _checks():
        params = list(inspect.signature(test).parameters)
        known = {*values, "preferans_loaded"}
        if any(p not in known for p in params):
            continue  # a check with a fixture this runner does not know
        try:
            # the fixture's variant: read and loaded afresh for every check, as pytest does
            args = {p: loaded(mutation.variant, path) if p == "preferans_loaded" else values[p] for p in params}
            test(**args)
        except pytest.skip.Exception:
            continue
        except (AssertionError, pytest.fail.Exception) as exc:
            return Outcome(mutation, check, _first_line(str(exc)) or "failed", time.perf_counter() - start)
        except Exception as exc:  # noqa: BLE001 - a broken rule may crash the check: pytest fails it too
            return Outcome(mutation, check, _first_line(f"{type(exc).__name__}: {exc}"),
                           time.perf_counter() - start)
    return Outcome(mutation, None, "every check passed", time.perf_counter() - start)


def _first_line(text: str) -> str:
    return text.splitlines()[0] if text else ""


def self_test(deals: int = 6, seed: int = 0, only: Iterable[str] = (), jobs: int = 1) -> Iterator[Outcome]:
    """Run every mutation of the installed kits (``only``: those whose name contains one of its words), in
    ``jobs`` processes (each mutation on its own, so the outcomes are those of one process, in the same
    order)."""
    found = [(Mutation.read(item, kit), item) for kit, item in discover(only)]
    if jobs > 1 and all(m.path is not None for m, _ in found):
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        # spawned workers: a fresh interpreter each, nothing inherited from this one (a test run's state)
        with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
            yield from pool.map(run_mutation, [m for m, _ in found], [deals] * len(found), [seed] * len(found))
        return
    for mutation_, item in found:
        with ExitStack() as stack:
            if mutation_.path is None:  # a zipped kit: run a copy of the file
                mutation_ = dataclasses.replace(mutation_, path=Path(stack.enter_context(as_file(item))))
            yield run_mutation(mutation_, deals, seed)
