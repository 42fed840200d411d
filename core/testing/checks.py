"""The conformance checks as plain functions: each raises ``AssertionError`` saying what is wrong.

``conformance.py`` wraps every check in a named pytest test; ``preferans conformance`` runs that module.
The random part walks games with a random player seeded by the suite (never the global RNG).
"""

from __future__ import annotations

import hashlib
import inspect
import json
import random
import tomllib
from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

from preferans.core.engine.game import Game, Phase
from preferans.core.model.cards import CARD_NAMES, FULL_PACK, NO_TRUMP, SUITS, names_of
from preferans.core.model.errors import IllegalActionError
from preferans.core.model.views import AuctionView, Defended, MatchView, PlayView
from preferans.core.rules import defaults, hookspecs
from preferans.core.rules.config import Variant, load_variant, resolve_chain
from preferans.core.rules.manager import build_manager
from preferans.core.testing.messages import (
    check_message,  # absolute: one note book, whatever name pytest imports this module by
)

from . import reference
from .coverage import Coverage
from .coverage import step as play_step
from .policy import ReferencePolicy

MATCH_DEAL_CAP = 5000
"""A match of random players that has not ended after this many deals counts as never ending."""

# ---------------------------------------------------------------- helpers


def capabilities(variant: Variant) -> set[str]:
    """What the resolved variant declares (``Variant.capabilities``: its presets' ``capabilities`` and its
    contract kinds), for gating checks; a variant not played for a ``pot`` settles zero-sum among the
    players (``zero_sum_settlement``)."""
    caps = set(variant.capabilities)
    if "pot" not in caps:
        caps.add("zero_sum_settlement")
    return caps


EXPLORE_ROWS = 1.0
"""How often the walk's player bids or names the cheapest contract row nobody has reached yet when one is legal
(every new call that is not a row is taken at once too): every rule is tried in the first deals, and the rest
of the walk is realistic."""


def walk(variant: Variant, seed: int, deals: int, coverage: Coverage | None = None) -> Iterator[Game]:
    """Yield the game before every action of ``deals`` deals (new matches as needed) played by the reference
    policy (:mod:`.policy`) seeded with ``seed``, exploring what it has not reached yet; what the games
    reached is recorded in ``coverage`` (the walk is the same with or without it)."""
    cov = coverage if coverage is not None else Coverage.of(variant.contracts)
    policy = ReferencePolicy(seed, explore=EXPLORE_ROWS, explore_calls=1.0, novel=cov.novel)
    rng = random.Random(seed)
    game = Game(variant, seed=seed)
    done = 0
    while done < deals:
        if game.is_terminal:
            game = Game(variant, seed=rng.getrandbits(32))
            cov.match_started()
        yield game
        done += play_step(game, policy, cov)


def fingerprint(game: Game) -> tuple[Any, ...]:
    """Everything observable about a state; two states with equal fingerprints are the same state."""
    deal = game.deal
    play = deal.play
    return (
        game.to_json(), game.phase, game.current_player, tuple(game.legal_actions()), tuple(deal.hands),
        deal.discard, deal.talon_taken, tuple(deal.calls), tuple(deal.defence_calls),
        None if play is None else (tuple(play.trick), tuple(play.tricks_won), play.tricks_done),
        tuple(sorted(game.match.totals.items(), key=repr)), len(game.results), game.rng.getstate(),
    )


def _random_continuation(game: Game, steps: int, seed: int) -> list[str]:
    policy = ReferencePolicy(seed)
    out = []
    for _ in range(steps):
        if game.is_terminal:
            break
        action = policy.choose(game)
        game.apply(action)
        out.append(action)
    return out


# ---------------------------------------------------------------- loading


def check_preset_resolves(name: str) -> None:
    variant = load_variant(name)
    chain = resolve_chain(name)
    assert chain[-1].name == name, check_message("preset chain of {name} ends at {end}", name=name, end=chain[-1].name)
    assert variant.contracts.biddable(), check_message("{name} registers no biddable contract", name=name)


def check_hookimpls_match_specs(variant: Variant) -> None:
    pm = build_manager(variant.stack)  # pluggy validates argument names and unknown hooks here
    specs = {n for n, f in inspect.getmembers(hookspecs, inspect.isfunction) if n.startswith("pref_")}
    for module in variant.stack:
        for fname, func in inspect.getmembers(module, inspect.isfunction):
            if fname.startswith("pref_") and func.__module__ == module.__name__:
                assert fname in specs, check_message("{hook} is not a hook (known: {known})",
                                                     hook=module.__name__ + "." + fname, known=sorted(specs))
                impls = [i for i in getattr(pm.hook, fname).get_hookimpls() if i.plugin is module]
                assert impls, check_message("{hook} is not marked {mark}, so it is never called",
                                             hook=module.__name__ + "." + fname, mark="@hookimpl")
    for spec_name in specs:
        caller = getattr(pm.hook, spec_name)
        if caller.spec and caller.spec.opts.get("firstresult"):
            core = [i for i in caller.get_hookimpls() if i.plugin is defaults]
            assert len(core) == 1, check_message("{hook} has {n} core defaults, expected exactly 1", hook=spec_name,
                                                n=len(core))


def check_rules_roundtrip(variant: Variant) -> None:
    dumped = tomllib.loads(variant.to_toml())
    # the TOML names installed plugins only: the local ones (--plugin) are given again, as the same modules
    again = load_variant(dumped["variant"], dumped["rules"], [*dumped.get("plugins", []), *variant.local_plugins])
    assert again.rules == variant.rules, check_message("rules dumped to {kind} do not load back to an equal model",
                                                              kind="TOML")
    json.dumps(variant.json_schema())


# ---------------------------------------------------------------- random simulation


def check_one_actor_with_legal_actions(variant: Variant, seed: int, deals: int,
                                       coverage: Coverage | None = None) -> None:
    for game in walk(variant, seed, deals, coverage):
        seat = game.current_player
        assert 0 <= seat < game.n_players, check_message("{name} {seat} out of range in phase {phase}",
                                                         name="current_player", seat=seat, phase=game.phase)
        legal = game.legal_actions()
        assert legal, check_message("no legal action for seat {seat} in phase {phase}", seat=seat, phase=game.phase)
        assert len(set(legal)) == len(legal), check_message("duplicate legal actions {legal}", legal=legal)
        if game.phase is Phase.PLAY:
            assert game.deal.play is not None
            hand = game.deal.play.to_play
            owner = game.deal.controllers[hand]
            assert owner == seat, check_message("hand {hand} is played by {owner}, but {name} is {seat}", hand=hand,
                                                   owner=owner, name="current_player", seat=seat)


def check_every_legal_action_applies(variant: Variant, seed: int, deals: int, coverage: Coverage | None = None) -> None:
    for step, game in enumerate(walk(variant, seed, deals, coverage)):
        if step % 5:
            continue
        for action in game.legal_actions():
            game.clone().apply(action)


def check_illegal_action_rejected(variant: Variant, seed: int, deals: int, coverage: Coverage | None = None) -> None:
    # the calls that defend (the variant's [bots] defend: whist, follow, play; the core's own) are tried
    # wherever they are not legal, as a bid, a card and the contract rows are
    defend = variant.bot_defaults.defend or ["defend"]
    pool = ["not-an-action", "pass", *defend, *CARD_NAMES, *(c.name for c in variant.contracts)]
    for step, game in enumerate(walk(variant, seed, deals, coverage)):
        if step % 3:
            continue
        legal = set(game.legal_actions())
        illegal = [a for a in pool if a not in legal][:: 7]
        before = fingerprint(game)
        for action in illegal:
            try:
                game.apply(action)
            except IllegalActionError:
                pass
            else:
                raise AssertionError(check_message("illegal action {action} accepted in phase {phase}",
                                                   action=repr(action), phase=before[1]))
            assert fingerprint(game) == before, check_message("rejected action {action} changed the state",
                                                              action=repr(action))


def _count_cards(game: Game) -> tuple[int, int]:
    """Cards in hands, talon, discard and on the table, recounted from the trick records."""
    deal = game.deal
    parts = [*deal.hands, deal.discard]
    # talon cards that only lead tricks (raspasovka) stay counted as the talon
    talon_cards = set() if deal.talon_taken else set(deal.talon_cards)
    if not deal.talon_taken:
        parts.append(deal.talon)
    if deal.play is not None:
        for _, trick in deal.play.completed:
            parts.append(sum(1 << c for _, c in trick if c not in talon_cards))
        parts.append(sum(1 << c for _, c in deal.play.trick if c not in talon_cards))
    union = count = 0
    for p in parts:
        union |= p
        count += p.bit_count()
    return union, count


def check_cards_conserved(variant: Variant, seed: int, deals: int, coverage: Coverage | None = None) -> None:
    for game in walk(variant, seed, deals, coverage):
        union, count = _count_cards(game)
        assert union == FULL_PACK and count == 32, (
            check_message("{count} cards accounted for in phase {phase} (expected the 32 of the pack once each)",
                          count=count, phase=game.phase))


def check_tricks_per_deal(variant: Variant, seed: int, deals: int, coverage: Coverage | None = None) -> None:
    previous: tuple[Game, int, Any] | None = None
    for game in walk(variant, seed, deals, coverage):
        if previous is not None and previous[0] is game and len(game.results) > previous[1]:
            play = previous[2].play  # the deal that just ended
            if play is not None:
                rules = play.rules
                stops = rules.stop_declarer_at is not None or rules.stop_defence_at is not None
                assert play.finished, check_message("a deal was scored before its play finished")
                assert len(play.completed) == 10 or (stops and len(play.completed) < 10), (
                    check_message("a deal ended after {n} tricks without an early-stop rule", n=len(play.completed)))
                assert sum(play.tricks_won) <= len(play.completed), check_message("more tricks won than played")
        previous = (game, len(game.results), game.deal)


def check_match_ends(variant: Variant, seed: int) -> None:
    policy = ReferencePolicy(seed)
    game = Game(variant, seed=seed)
    while not game.is_terminal:
        game.apply(policy.choose(game))
        assert len(game.results) <= MATCH_DEAL_CAP, check_message("the match has not ended after {n} deals",
                                                                                 n=MATCH_DEAL_CAP)


# ---------------------------------------------------------------- play rules against the reference


def check_play_matches_reference(variant: Variant, seed: int, deals: int, coverage: Coverage | None = None) -> None:
    for game in walk(variant, seed, deals, coverage):
        play = game.deal.play
        if game.phase is not Phase.PLAY or play is None:
            continue
        spec = game.deal.contract
        assert spec is not None
        no_trump = spec.goal == "none" or spec.trump == NO_TRUMP  # taking no trick is played without trumps
        trump = None if no_trump else SUITS[spec.trump]
        hand = names_of(game.deal.hands[play.to_play])
        trick = [CARD_NAMES[c] for _, c in play.trick]
        led = SUITS[play.led_suit] if play.led_suit >= 0 else None
        expected = reference.legal_cards(hand, trick, led, trump, spec.must_beat, spec.must_trump,
                                         spec.must_overtrump)
        got = set(game.legal_actions())
        if got != expected:
            declarer = game.deal.declarer
            values = {"contract": spec.name, "seat": play.to_play, "hand": hand, "trick": trick, "got": sorted(got),
                      "expected": sorted(expected)}
            raise AssertionError(
                check_message("{contract}, seat {seat} to play: hand {hand}, trick {trick}: the engine allows {got}, "
                              "the rules allow {expected}", **values) if declarer is None else
                check_message("{contract}, seat {seat} (declarer) to play: hand {hand}, trick {trick}: the engine "
                              "allows {got}, the rules allow {expected}", **values) if play.to_play == declarer else
                check_message("{contract}, seat {seat} (defender) to play: hand {hand}, trick {trick}: the engine "
                              "allows {got}, the rules allow {expected}", **values))


# ---------------------------------------------------------------- money


def _exact(x: object) -> bool:
    return isinstance(x, int | Fraction) and not isinstance(x, bool)


def after_each_deal(variant: Variant, seed: int, deals: int,
                    coverage: Coverage | None = None) -> Iterator[tuple[Game, int]]:
    """Yield ``(game, n)`` once after each deal of random play, ``n`` being the deals of that match so far."""
    seen = 0
    current = None
    for game in walk(variant, seed, deals, coverage):
        if game is not current:  # walk starts a new match when one ends
            current, seen = game, 0
        if len(game.results) != seen:
            seen = len(game.results)
            yield game, seen


def check_settlement_exact_and_zero_sum(variant: Variant, seed: int, deals: int, zero_sum: bool,
                                        coverage: Coverage | None = None) -> None:
    for game, seen in after_each_deal(variant, seed, deals, coverage):
        for entry in game.deal_entries[-1]:
            assert _exact(entry.amount), check_message("entry {entry} is not an exact amount ({int} or {fraction})",
                                                     entry=entry, int="int", fraction="Fraction")
        s = game.settlement()
        assert all(_exact(x) for x in s.exact), check_message("settlement {amounts} is not exact", amounts=s.exact)
        assert all(isinstance(x, int) for x in s.rounded), check_message("rounded settlement {amounts} is not integers",
                                                                                   amounts=s.rounded)
        if zero_sum:
            assert sum(s.exact) == 0, check_message("exact settlement sums to {total} after deal {deal}",
                                                         total=sum(s.exact), deal=seen)
            assert sum(s.rounded) == 0, check_message("rounded settlement sums to {total} after deal {deal}",
                                                           total=sum(s.rounded), deal=seen)


POT = "pot"


def check_pot_balances(variant: Variant, seed: int, deals: int, coverage: Coverage | None = None) -> None:
    """A variant played for a pot (capability ``pot``): every deal balances, i.e. the entries it wrote (the
    players' accounts and the ``pot`` account, antes included) sum to 0; the pot never holds less than
    nothing; and the settlement, the players' net money, plus the remainder it reports apart
    (``details["pot"]``) is 0."""
    for game, seen in after_each_deal(variant, seed, deals, coverage):
        changes = sum((e.amount for e in game.deal_entries[-1]), Fraction(0))
        assert changes == 0, check_message(
            "deal {deal}: the players' changes plus the pot's change sum to {total}, not 0", deal=seen, total=changes)
        pot = sum(game.ledger.column(POT), Fraction(0))
        assert pot >= 0, check_message("after deal {deal} the pot holds {pot}", deal=seen, pot=pot)
        s = game.settlement()
        assert POT in s.details, check_message("the settlement of a pot variant must report the pot apart ({key})",
                                               key="details['pot']")
        raw = s.details[POT]
        assert isinstance(raw, int | Fraction), check_message(
            "the pot {pot} is not an exact amount ({int} or {fraction})", pot=repr(raw), int="int", fraction="Fraction")
        left = Fraction(raw)
        total = sum(s.exact, Fraction(0))
        assert total + left == 0, check_message(
            "after deal {deal}: the settlement ({total}) plus the pot ({pot}) is not 0", deal=seen, total=total,
            pot=left)


# ---------------------------------------------------------------- determinism


def _play_record(variant: Variant, seed: int, deals: int, disturb: bool,
                 coverage: Coverage | None = None) -> list[Any]:
    record = []
    for step, game in enumerate(walk(variant, seed, deals, coverage)):
        if disturb:
            random.seed(step * 7919)
            random.random()
        record.append((game.current_player, tuple(game.legal_actions()), len(game.results)))
    return record


def check_same_seed_same_game(variant: Variant, seed: int, deals: int, coverage: Coverage | None = None) -> None:
    first = _play_record(variant, seed, deals, disturb=False, coverage=coverage)
    second = _play_record(variant, seed, deals, disturb=True)
    assert first == second, check_message("the same seed gave a different game when the global random was disturbed")


def game_digest(variant: Variant, seed: int, deals: int) -> str:
    """A digest of a walked game: who acts, the legal actions in their order, and each deal's sheet entries."""
    h = hashlib.sha256()
    scored = 0
    for game in walk(variant, seed, deals):
        h.update(repr((game.current_player, game.legal_actions())).encode())
        if len(game.results) != scored:
            scored = len(game.results)
            rows = sorted((e.account, e.seat, -1 if e.other is None else e.other, str(e.amount))
                          for e in game.deal_entries[-1])
            h.update(repr(rows).encode())
    return h.hexdigest()


def digest_main(argv: list[str] | None = None) -> None:
    """``python -c 'from preferans.core.testing.checks import digest_main; digest_main()' ID SEED DEALS [PLUGIN ...]``:
    print :func:`game_digest` of a variant ID (with rule overrides) and local plugin files."""
    import sys

    from preferans.core.rules.config import parse_variant_id

    ident, seed, deals, *plugins = sys.argv[1:] if argv is None else argv
    name, overrides = parse_variant_id(ident, "digest")
    try:
        variant = load_variant(name, overrides or None, [Path(p) for p in plugins])
    except Exception as exc:  # noqa: BLE001 - said to the parent, which decides
        print(f"{NOT_LOADED} {type(exc).__name__}: {exc}")
        return
    print(game_digest(variant, int(seed), int(deals)))


NOT_LOADED = "not-loaded:"
"""What the second interpreter prints when it cannot load the variant (registered in the first one only)."""


HASH_SEEDS = ("1", "2")
"""The ``PYTHONHASHSEED`` values of the two interpreters that must play the same game."""


def check_same_game_across_processes(ident: str, plugins: list[str], seed: int, deals: int) -> str | None:
    """Two interpreters with different string hashing play the same game from the same seed. Returns why it
    could not be compared (the variant is registered in this process only, not where a new interpreter
    looks), or ``None``."""
    import os
    import subprocess
    import sys

    code = "from preferans.core.testing.checks import digest_main; digest_main()"
    # the new interpreters look where this one does (a variant installed into a side folder too), and run
    # side by side
    path = os.pathsep.join(p for p in sys.path if p)
    runs = [subprocess.Popen([sys.executable, "-c", code, ident, str(seed), str(deals), *plugins],
                             env={**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": path},
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for hash_seed in HASH_SEEDS]
    try:
        done = [run.communicate(timeout=600) for run in runs]
    finally:
        for run in runs:
            if run.poll() is None:  # a timeout: stop the other too
                run.kill()
                run.wait()
    digests = []
    for run, (out, err) in zip(runs, done, strict=True):
        assert run.returncode == 0, check_message("the second interpreter failed: {error}",
                                                  error=(err.strip().splitlines() or ["?"])[-1])
        digests.append(out.strip())
        if digests[-1].startswith(NOT_LOADED):
            return digests[-1].removeprefix(NOT_LOADED).strip()
    assert digests[0] == digests[1], check_message(
        "the same seed gave a different game in two interpreters ({variable} {a} and {b}): the order of a set "
        "or of a dict keyed by hashes decides something", variable="PYTHONHASHSEED", a=HASH_SEEDS[0], b=HASH_SEEDS[1])
    return None


def check_clone_json_replay(variant: Variant, seed: int, deals: int, coverage: Coverage | None = None) -> None:
    for step, game in enumerate(walk(variant, seed, deals, coverage)):
        if step % 37:
            continue
        original = fingerprint(game)
        copies = {
            "clone": game.clone(),
            "from_json": Game.from_json(game.to_json(), plugins=variant.local_plugins),
            "replay": Game.replay(variant, game.seed, list(game.history), game.first_dealer),
        }
        for how, other in copies.items():
            assert fingerprint(other) == original, check_message(
                "{how} does not reproduce the state at step {step}", how=how, step=step)
        reference_game = game.clone()
        actions = _random_continuation(reference_game, 6, step)
        for how, other in copies.items():
            for action in actions:
                other.apply(action)
            assert fingerprint(other) == fingerprint(reference_game), check_message(
                "{how} diverges after the same actions", how=how)


# ---------------------------------------------------------------- hooks are pure


def check_hooks_leave_arguments_unchanged(variant: Variant, seed: int, deals: int,
                                          coverage: Coverage | None = None) -> None:
    """Hooks get frozen views and must return values: calling them must not change their arguments or the
    rules. Checked by calling the decision hooks again on each state and comparing snapshots."""
    pm = variant.new_manager()
    rules_before = repr(variant.rules.model_dump())
    for game in walk(variant, seed, deals, coverage):
        if game.phase is Phase.AUCTION:
            view: Any = game._auction_view()
            calls = [("pref_auction_legal", {"view": view, "seat": game.current_player}),
                     ("pref_auction_step", {"view": view})]
        elif game.phase is Phase.DEFENCE:
            view = game._defence_view()
            calls = [("pref_defence_legal", {"view": view, "seat": game.current_player}),
                     ("pref_defence_step", {"view": view})]
        else:
            continue
        snapshot = repr(view)
        for hook, kwargs in calls:
            getattr(pm.hook, hook)(rules=variant.rules, **kwargs)
            assert repr(view) == snapshot, check_message("{hook} changed the view it was given", hook=hook)
        assert repr(variant.rules.model_dump()) == rules_before, check_message("a hook changed the rules")
    assert repr(variant.rules.model_dump()) == rules_before, check_message("a hook changed the rules")


# ---------------------------------------------------------------- inheritance


def _hooks_of(module: Any) -> set[str]:
    return {n for n, _ in inspect.getmembers(module, inspect.isfunction) if n.startswith("pref_")}


def check_inherits_parent(variant: Variant, seed: int, deals: int, coverage: Coverage | None = None) -> list[str]:
    """For each hook the child's own module leaves alone, the parent's stack (with the child's rules)
    must answer the same on the same states. Returns the hooks compared."""
    if len(variant.chain) < 2:
        return []
    child_pm = variant.new_manager()
    parent_pm = build_manager(variant.stack[: len(variant.chain) - 1])
    # the child's own hooks: its module's, and those of the plugins added after the chain (a house rule)
    own = set().union(*(_hooks_of(m) for m in [variant.chain[-1].module, *variant.stack[len(variant.chain):]]))
    compared = [h for h in ("pref_auction_legal", "pref_auction_step", "pref_defence_legal",
                            "pref_defence_step", "pref_declaration_legal") if h not in own]
    calls: dict[str, Callable[[Game], dict[str, Any] | None]] = {
        "pref_auction_legal": lambda g: {"view": g._auction_view(), "seat": g.current_player}
        if g.phase is Phase.AUCTION else None,
        "pref_auction_step": lambda g: {"view": g._auction_view()} if g.phase is Phase.AUCTION else None,
        "pref_defence_legal": lambda g: {"view": g._defence_view(), "seat": g.current_player}
        if g.phase is Phase.DEFENCE else None,
        "pref_defence_step": lambda g: {"view": g._defence_view()} if g.phase is Phase.DEFENCE else None,
        "pref_declaration_legal": lambda g: {"view": g._declaration_view()} if g.phase is Phase.DECLARE else None,
    }
    score_compared = "pref_score_deal" not in own
    previous: tuple[Game, int, Any] | None = None
    for game in walk(variant, seed, deals, coverage):
        for hook in compared:
            kwargs = calls[hook](game)
            if kwargs is None:
                continue
            mine = getattr(child_pm.hook, hook)(rules=variant.rules, **kwargs)
            theirs = getattr(parent_pm.hook, hook)(rules=variant.rules, **kwargs)
            assert mine == theirs, check_message("{hook}: child answers {mine}, parent {theirs}", hook=hook,
                                                     mine=repr(mine), theirs=repr(theirs))
        if score_compared and previous is not None and previous[0] is game and len(game.results) > previous[1]:
            result, before = game.results[-1], previous[2]
            mine = child_pm.hook.pref_score_deal(result=result, match=before, rules=variant.rules)
            theirs = parent_pm.hook.pref_score_deal(result=result, match=before, rules=variant.rules)
            assert mine == theirs, check_message("{hook}: child writes {mine}, parent {theirs}", hook="pref_score_deal",
                                                     mine=repr(mine), theirs=repr(theirs))
        previous = (game, len(game.results), game.match_view())
    return compared + (["pref_score_deal"] if score_compared else [])


# ---------------------------------------------------------------- what a plugin changes


HOOK_AREAS: dict[str, str] = {
    "pref_auction_legal": "auction", "pref_auction_step": "auction", "pref_all_pass": "auction",
    "pref_declaration_legal": "declaration", "pref_declaration_step": "declaration",
    "pref_defence_legal": "defence", "pref_defence_step": "defence", "pref_play_rules": "play",
    "pref_before_deal": "score", "pref_score_deal": "score", "pref_after_score": "score", "pref_settle": "score",
    "pref_next_dealer": "dealer", "pref_match_over": "match_end",
}
"""The area (:data:`preferans.core.model.kit.AREAS`) each compared hook decides; the play rules decide what a
seat sees too, so a declared ``visibility`` covers them as well."""


def plugin_modules(variant: Variant, kit_package: str | None) -> list[Any]:
    """The modules of the variant's stack that its family's reference does not state: the levels of the chain
    shipped by another distribution than the reference's (a variant package), the extra plugins and the
    local files (a house rule). ``kit_package`` is the top-level package of the module holding the reference."""
    own = [level.module for level in variant.chain
           if kit_package is None or level.module.__name__.split(".")[0] != kit_package]
    return [*own, *variant.stack[len(variant.chain):]]


def check_plugins_change_only_declared(variant: Variant, seed: int, deals: int, kit_package: str | None,
                                       declared_areas: frozenset[str], coverage: Coverage | None = None) -> list[str]:
    """The variant's stack without its plugins (:func:`plugin_modules`) answers every hook the same on the
    same states, but for the hooks of the areas the plugins declare as deviations. Returns the hooks compared."""
    own = plugin_modules(variant, kit_package)
    if not own:
        return []
    full_pm = variant.new_manager()
    base_pm = build_manager([m for m in variant.stack if m not in own])
    hooks = {h for h, area in HOOK_AREAS.items()
             if area not in declared_areas and not (h == "pref_play_rules" and "visibility" in declared_areas)}
    rules = variant.rules

    def same(hook: str, **kwargs: Any) -> None:
        if hook not in hooks:
            return
        mine = getattr(full_pm.hook, hook)(rules=rules, **kwargs)
        theirs = getattr(base_pm.hook, hook)(rules=rules, **kwargs)
        if mine != theirs:
            names = ", ".join(getattr(m, "__file__", None) and Path(m.__file__).name or m.__name__ for m in own)
            raise AssertionError(check_message(
                "{hook} ({area}): with {plugins} the answer is {mine}, the family's is {theirs}; a plugin that "
                "changes this on purpose declares it (a deviation, {doc})", hook=hook, area=HOOK_AREAS[hook],
                plugins=names, mine=repr(mine)[:300], theirs=repr(theirs)[:300], doc="docs/conformance.md"))

    previous: tuple[Game, int, MatchView] | None = None
    for game in walk(variant, seed, deals, coverage):
        deal = game.deal
        if previous is not None and previous[0] is game and len(game.results) > previous[1]:
            result, before = game.results[-1], previous[2]
            same("pref_score_deal", result=result, match=before)
            if result.kind == "all_pass":
                bidders = tuple(s for s in result.active if s not in game.ownerless)
                same("pref_all_pass", view=AuctionView(before, result.dealer, bidders, result.auction, game.contracts))
            after = game.match_view()
            same("pref_match_over", match=after)
            same("pref_settle", match=after)
            if not game.is_terminal:
                same("pref_next_dealer", match=after, result=result)
        if deal.phase is Phase.AUCTION:
            view = game._auction_view()
            same("pref_auction_legal", view=view, seat=game.current_player)
            same("pref_auction_step", view=view)
            if not deal.calls:
                same("pref_before_deal", match=game.match_view(), dealer=deal.dealer)
        elif deal.phase in (Phase.DECLARE, Phase.DISCARD):
            dview = game._declaration_view()
            same("pref_declaration_step", view=dview)
            if deal.phase is Phase.DECLARE:
                same("pref_declaration_legal", view=dview)
        elif deal.phase is Phase.DEFENCE:
            fview = game._defence_view()
            same("pref_defence_legal", view=fview, seat=game.current_player)
            same("pref_defence_step", view=fview)
        elif deal.phase is Phase.PLAY and deal.play is not None and not deal.play.played and deal.contract is not None:
            defended = deal.defended or Defended(defending=(), played=True)
            pview = PlayView(game.match_view(), deal.dealer, deal.active, deal.declarer, deal.contract, defended,
                             deal.first_hand)
            same("pref_play_rules", view=pview)
        previous = (game, len(game.results), game.match_view())
    return sorted(hooks)
