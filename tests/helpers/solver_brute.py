"""The independent reference for the solver tests: plain minimax over every legal card, no pruning."""

from __future__ import annotations

from preferans.core.engine.play import TrickPlay


def minimax(play: TrickPlay, declarer: int, maximise: bool, memo: dict[tuple[object, ...], int] | None = None) -> int:
    """The declarer's final tricks by exhaustive search (the declarer's side maximises in a game, minimises in
    misère). ``memo`` remembers each whole position (hands, trick, tricks won and played, hand to play:
    everything the rest of the play depends on), so 6-card endings stay quick; pass one dict to share it."""
    if play.finished:
        return play.tricks_won[declarer]
    if memo is None:
        memo = {}
    key = (tuple(play.hands), tuple(play.trick), tuple(play.tricks_won), play.tricks_done, play.to_play)
    if key in memo:
        return memo[key]
    values = []
    legal = play.legal_mask()
    while legal:
        low = legal & -legal
        legal ^= low
        child = play.copy()
        child.play(low.bit_length() - 1)
        values.append(minimax(child, declarer, maximise, memo))
    value = max(values) if (play.to_play == declarer) == maximise else min(values)
    memo[key] = value
    return value


def deal_hands(pack: list[int], active: tuple[int, ...], n_cards: int, n_seats: int) -> list[int]:
    """Hands as masks: ``n_cards`` cards of ``pack`` in turn to each active seat, the other seats empty."""
    hands = [0] * n_seats
    for i, seat in enumerate(active):
        for card in pack[i * n_cards:(i + 1) * n_cards]:
            hands[seat] |= 1 << card
    return hands
