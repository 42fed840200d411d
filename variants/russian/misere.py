"""Misère extras of the Russian family: the half-and-half misère with the dealer and the layout notes.

Мизер пополам (RUS-MIS-09, four players): the misère declarer may invite the dealer, who sits out "on the
talon", to share it. The declarer says ``invite`` (or ``misere`` to play alone) as soon as the auction is
won; the dealer looks at the cards and answers ``agree`` or ``refuse``. Then the talon is shown and taken,
two cards discarded and misère played as usual; formally the declarer is still the player who was dealt
the cards. The result is written half each (``scoring.half_and_half``). Only with
``misere.half_and_half = true`` and four players; otherwise the core's declaration answers.
"""

from __future__ import annotations

from preferans.core.plugin import DeclarationStep, DeclarationView, Declared, Discard, Next, PlayView, TakeTalon
from preferans.variants.russian.rules import RussianRules

from .gusarik import dummy_of

INVITE, AGREE, REFUSE = "invite", "agree", "refuse"


def _shared_misere_possible(view: DeclarationView, rules: RussianRules) -> bool:
    return (bool(rules.misere.half_and_half) and view.match.n_players == 4 and view.bid.kind == "misere"
            and view.dealer is not None and view.dealer != view.declarer)


def declaration_step(view: DeclarationView, rules: RussianRules) -> DeclarationStep | None:
    """Invite (or not), the dealer's answer, then talon, discard and misère; ``None`` when it does not
    apply (the core's sequence)."""
    if not _shared_misere_possible(view, rules):
        return None
    assert view.dealer is not None
    calls = view.calls
    if not calls:
        return Next(view.declarer)
    if calls[0][1] == INVITE and len(calls) == 1:
        return Next(view.dealer)
    if not view.talon_taken:
        return TakeTalon(view.declarer)
    if not view.discarded_by:
        return Discard(view.declarer, 2)
    return Declared(view.declarer, view.bid.name)


def declaration_legal(view: DeclarationView, rules: RussianRules) -> list[str] | None:
    if not _shared_misere_possible(view, rules):
        return None
    if view.to_act == view.dealer:
        return [AGREE, REFUSE]
    return [view.bid.name, INVITE]  # play alone, or invite the dealer


def note_takers(view: PlayView) -> tuple[int, ...]:
    """RUS-MIS-08: in misère, and only in misère, the defenders may write down the layout."""
    dummy = dummy_of(view.match)
    return tuple(s for s in view.active if s not in (view.declarer, dummy))
