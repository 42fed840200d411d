"""The engine against its family's reference, deal by deal: legal calls, dealer, visibility, the sheet.

A family ships an independent statement of its rules (:class:`preferans.core.model.kit.Reference`, found
as ``REFERENCE`` in the nearest ``<package>.conformance`` module of the variant's preset chain). The check
walks games of the reference policy (:func:`.checks.walk`'s player, exploring what it has not reached) and
compares, at every step, what the engine does with what the reference derives from the variant's rule
values. The first difference fails, naming the rule ID, the deal and the step; a difference in an area or
rule the plugins declare as a deviation (:mod:`.deviations`) is recorded and passed over.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from preferans.core.engine.game import Game, Phase
from preferans.core.model.kit import Legal, Moment, Reference
from preferans.core.model.views import Amount, Entry, LedgerView, MatchView, apply_entries
from preferans.core.rules.config import Variant
from preferans.core.testing.messages import (
    check_message,  # absolute: one note book, whatever name pytest imports this module by
)

from . import scenarios
from .checks import walk
from .coverage import Coverage
from .policy import ReferencePolicy

KIT_MODULE = "conformance"
"""The submodule of a variant's package that holds its conformance kit (``REFERENCE``, golden data)."""


def kit_modules(variant: Variant) -> list[Any]:
    """The ``<package>.conformance`` modules of the variant's preset chain that exist, child first."""
    found = []
    for level in reversed(variant.chain):
        name = f"{level.module.__name__}.{KIT_MODULE}"
        try:
            found.append(importlib.import_module(name))
        except ModuleNotFoundError as exc:
            if exc.name != name:  # the kit exists but imports something missing: that is its own failure
                raise
    return found


def reference_of(variant: Variant) -> Reference | None:
    """The family reference the variant is held to: the nearest ``REFERENCE`` of its chain's kits, or ``None``."""
    for module in kit_modules(variant):
        ref = getattr(module, "REFERENCE", None)
        if isinstance(ref, Reference):
            return ref
    return None


@dataclass
class Difference:
    """One step where the engine and the reference disagree."""

    area: str
    rule: str
    deal: int
    what: str


@dataclass
class Comparison:
    """What a comparison saw: the steps compared by area, and the differences passed over as declared."""

    compared: dict[str, int] = field(default_factory=dict)
    declared: list[Difference] = field(default_factory=list)

    def count(self, area: str) -> None:
        self.compared[area] = self.compared.get(area, 0) + 1


def _sums(entries: Iterable[Entry]) -> dict[tuple[str, int, int | None], Amount]:
    totals: dict[tuple[str, int, int | None], Amount] = {}
    apply_entries(totals, entries)
    return {k: v for k, v in totals.items() if v != 0}


def _shown(calls: Iterable[str]) -> str:
    return ", ".join(sorted(calls)) or check_message("nothing")


class _Judge:
    """Compares one game's steps, raising at the first undeclared difference."""

    def __init__(self, variant: Variant, ref: Reference, declared: frozenset[str], seed: int,
                 result: Comparison) -> None:
        self.variant, self.ref, self.rules = variant, ref, variant.rules
        self.declared, self.seed, self.result = declared, seed, result
        self.run = check_message("the walk")  # which run of the check a failure comes from
        self.match_seed = seed

    def watching(self, game: Game) -> None:
        self.match_seed = game.seed

    def differ(self, area: str, rule: str, deal: int, what: str) -> None:
        diff = Difference(area, rule, deal, what)
        if area in self.declared or rule in self.declared:
            self.result.declared.append(diff)
            return
        raise AssertionError(check_message(
            "{variant}, seed {seed}, {run} (match seed {match}), deal {deal}: {area} differs from the rules "
            "({rule}): {what}", variant=self.variant.name, seed=self.seed, run=self.run, match=self.match_seed,
            deal=deal + 1, area=area, rule=rule, what=what))

    # -- before an action

    def before(self, game: Game) -> None:
        self.watching(game)
        deal = game.deal
        if not deal.calls and deal.phase is Phase.AUCTION:
            self.deal_start(game)
        phase = deal.phase
        seat = game.current_player
        legal: Legal | None = None
        area = phase.value
        if phase is Phase.AUCTION:
            legal = self.ref.auction_legal(game._auction_view(), seat, self.rules)
        elif phase is Phase.DECLARE:
            legal, area = self.ref.declaration_legal(game._declaration_view(), self.rules), "declaration"
        elif phase is Phase.DEFENCE:
            legal = self.ref.defence_legal(game._defence_view(), seat, self.rules)
        if legal is not None:
            self.result.count(area)
            self.calls(game, area, seat, legal)
        self.visibility(game)

    def calls(self, game: Game, area: str, seat: int, legal: Legal) -> None:
        engine = set(game.legal_actions())
        extra, missing = sorted(engine - legal.calls), sorted(legal.calls - engine)
        if not extra and not missing:
            return
        said = " ".join(f"{s}:{c}" for s, c in self._said(game))
        if extra:
            self.differ(area, legal.rule_of(extra[0]), game.deal.number, check_message(
                "seat {seat} to call after [{said}]: the engine offers {calls}, which the rules do not allow (the "
                "rules allow {allowed})", seat=seat, said=said, calls=_shown(extra), allowed=_shown(legal.calls)))
        else:
            self.differ(area, legal.rule_of(missing[0]), game.deal.number, check_message(
                "seat {seat} to call after [{said}]: the engine does not offer {calls}, which the rules allow (it "
                "offers {offered})", seat=seat, said=said, calls=_shown(missing), offered=_shown(engine)))

    @staticmethod
    def _said(game: Game) -> list[tuple[int, str]]:
        deal = game.deal
        return [*deal.calls, *deal.declaration_calls, *deal.defence_calls]

    def deal_start(self, game: Game) -> None:
        deal, rules, n = game.deal, self.rules, game.n_players
        out = self.ref.sitting_out(deal.dealer, n, rules)
        if out is not None:
            self.result.count("dealer")
            engine_out = frozenset(s for s in range(n) if s not in deal.active)
            if engine_out != out[0]:
                self.differ("dealer", out[1], deal.number, check_message(
                    "dealer {dealer}: seats {engine} sit out, the rules say {ref}", dealer=deal.dealer,
                    engine=sorted(engine_out), ref=sorted(out[0])))
        first = self.ref.first_speaker(deal.dealer, n, rules)
        if first is not None and first[0] != game.current_player:
            self.differ("auction", first[1], deal.number, check_message(
                "dealer {dealer}: seat {engine} speaks first, the rules say seat {ref}", dealer=deal.dealer,
                engine=game.current_player, ref=first[0]))

    def moment(self, game: Game) -> Moment:
        deal = game.deal
        return Moment(
            phase=deal.phase.value, dealer=deal.dealer, n_players=game.n_players, active=deal.active,
            auction=tuple(deal.calls), declarer=deal.declarer, bid=deal.bid,
            declaration=tuple(deal.declaration_calls), contract=None if deal.contract is None else deal.contract.name,
            defence=tuple(deal.defence_calls), cards_played=_cards_played(game), all_pass=deal.all_pass,
            history=tuple(game.results))

    def visibility(self, game: Game) -> None:
        moment: Moment | None = None
        for seat in range(game.n_players):
            if game.deal.phase is Phase.OVER:
                return
            if moment is None:
                moment = self.moment(game)
            seen = self.ref.visible(moment, seat, self.rules)
            if seen is None:
                continue
            self.result.count("visibility")
            cards = game.seen_cards(seat)
            hands = frozenset(h for h, mask in cards.hands.items() if h != seat and mask)
            expected = frozenset(h for h in seen.hands if game.deal.hands[h])  # an empty hand shows nothing
            if hands != expected:
                self.differ("visibility", seen.rule, game.deal.number, check_message(
                    "in the {phase} after {cards} cards, seat {seat} sees the hands of seats {engine}, the rules "
                    "say {ref}", phase=moment.phase, cards=moment.cards_played, seat=seat, engine=sorted(hands),
                    ref=sorted(expected)))
            if bool(cards.talon) != seen.talon:
                where = {"phase": moment.phase, "cards": moment.cards_played, "seat": seat}
                self.differ("visibility", seen.rule, game.deal.number, check_message(
                    "in the {phase} after {cards} cards, seat {seat} sees the talon, against the rules", **where)
                    if cards.talon else check_message(
                    "in the {phase} after {cards} cards, seat {seat} does not see the talon, against the rules",
                    **where))

    # -- after a deal

    def deal_scored(self, game: Game, index: int) -> None:
        results = game.results
        before_totals: dict[tuple[str, int, int | None], Amount] = {}
        for entries in game.deal_entries[:index]:
            apply_entries(before_totals, entries)
        before = MatchView(game.n_players, tuple(results[:index]),
                           LedgerView(MappingProxyType(before_totals), game.n_players))
        result = results[index]
        played = self.ref.deal_played(result, before, self.rules)
        if played is not None:
            self.result.count("play")
            if played[0] != result.played:
                area = "auction" if result.kind == "all_pass" else "defence"
                self.differ(area, played[1], index, (
                    check_message("the engine plays the cards of this deal, the rules do not") if result.played else
                    check_message("the engine does not play the cards of this deal, the rules do")))
        expected = self.ref.deal_entries(result, before, self.rules)
        if expected is not None:
            self.result.count("score")
            self.entries(index, game.deal_entries[index], expected)
        after_totals = dict(before_totals)
        apply_entries(after_totals, game.deal_entries[index])
        after = MatchView(game.n_players, tuple(results[:index + 1]),
                          LedgerView(MappingProxyType(after_totals), game.n_players))
        over = self.ref.match_over(after, self.rules)
        engine_over = game.is_terminal  # called right after the step that scored deal ``index``
        if over is not None:
            self.result.count("match_end")
            if over[0] != engine_over:
                self.differ("match_end", over[1], index,
                            check_message("after this deal the engine ends the match, the rules go on")
                            if engine_over else
                            check_message("after this deal the engine goes on with the match, the rules end it"))
        if not engine_over:
            nxt = self.ref.next_dealer(after, self.rules)
            dealer = game.deal.dealer
            if nxt is not None:
                self.result.count("dealer")
                if nxt[0] != dealer:
                    self.differ("dealer", nxt[1], index + 1, check_message(
                        "seat {engine} deals, the rules say seat {ref}", engine=dealer, ref=nxt[0]))

    def entries(self, index: int, engine: list[Entry], expected: list[Entry]) -> None:
        got, want = _sums(engine), _sums(expected)
        if got == want:
            return
        keys = sorted(set(got) | set(want), key=lambda k: (k[0], k[1], -1 if k[2] is None else k[2]))
        key = next(k for k in keys if got.get(k, 0) != want.get(k, 0))
        rules = [e.note for e in expected if (e.account, e.seat, e.other) == key and e.note]
        values = {"account": key[0], "seat": key[1], "engine": got.get(key, 0), "ref": want.get(key, 0)}
        self.differ("score", rules[0] if rules else self.ref.family or "score", index, check_message(
            "{account} of seat {seat}: the engine writes {engine}, the rules {ref}", **values) if key[2] is None
            else check_message("{account} (on seat {other}) of seat {seat}: the engine writes {engine}, the rules "
                               "{ref}", other=key[2], **values))


def _cards_played(game: Game) -> int:
    """Cards the players have played in this deal (the talon cards that lead tricks not counted)."""
    play = game.deal.play
    if play is None:
        return 0
    played = bin(play.played).count("1")
    talon = play.talon_cards[:min(play.rules.talon_leads, len(play.talon_cards))]
    return played - sum(1 for c in talon if play.played >> c & 1)


FULL_MATCH_CAP = 600
"""A whole match compared with the reference stops here (the match-end check says whether it ends at all)."""


def check_matches_reference(variant: Variant, seed: int, deals: int, coverage: Coverage | None = None,
                            declared: Iterable[str] = (), matches: int = 3) -> Comparison:
    """Walk ``deals`` deals of the reference policy and compare every step with the family's reference; then
    play ``matches`` whole matches (the policy without exploration, as a table plays) to their end, compared
    the same way, so that what depends on a long history (a closed pool, the end of the game) is reached.

    Raises ``AssertionError`` at the first difference that no item of
    ``declared`` (areas or rule IDs) covers; returns what was compared and what was passed over."""
    ref = reference_of(variant)
    result = Comparison()
    if ref is None:
        return result
    judge = _Judge(variant, ref, frozenset(declared), seed, result)
    cov = coverage if coverage is not None else Coverage.of(variant.contracts)
    last: tuple[Game, int] | None = None  # the game of the step before, and its deals scored then
    for game in walk(variant, seed, deals, cov):
        if last is not None and len(last[0].results) > last[1]:
            judge.deal_scored(last[0], last[1])  # the step before ended a deal (and perhaps its match)
        judge.before(game)
        last = (game, len(game.results))
    if last is not None and len(last[0].results) > last[1]:
        judge.deal_scored(last[0], last[1])
    rng = random.Random(seed)
    judge.run = check_message("the all-pass series and the eager auctions")
    scenarios.targeted_runs(variant, seed, cov, judge)
    judge.run = check_message("a whole match")
    for k in range(matches):
        game = Game(variant, seed=rng.getrandbits(32))
        plain = ReferencePolicy(seed + k)
        while not game.is_terminal and len(game.results) < FULL_MATCH_CAP:
            judge.before(game)
            scored = len(game.results)
            game.apply(plain.choose(game))
            if len(game.results) > scored:
                judge.deal_scored(game, scored)
    return result
