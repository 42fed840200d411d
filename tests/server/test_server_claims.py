"""Claims over the WebSocket (docs/protocol.md, "Claims"): a claim every seat asked accepts is played out as the
claim said, a refused one is not made again at the same moment, a card played withdraws it, the refusals of
bad claims and answers, the bots' answers by the solver, and a waiting claim kept through a restart.

The tables are Sochi tables of three people driven to a game of six: the first hand bids 6S, the others pass,
the declarer discards and names 6S, both defenders whist (so each plays his own hand, closed)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from helpers.server_client import Seat, close_all, drain_info, join, live, new_table  # noqa: E402
from preferans.core.ai.solver import solve  # noqa: E402
from preferans.core.engine.game import Game  # noqa: E402
from preferans.core.model.cards import NO_TRUMP, names_of  # noqa: E402
from preferans.core.server.app import create_app  # noqa: E402

SEED = 3


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    # the tests act as fast as the server answers: far above a person's message rate
    with TestClient(create_app(tmp_path / "t.sqlite3", rate=1e6, burst=1e6)) as c:
        yield c
        close_all(c)


def choose(state: dict[str, Any]) -> str:
    """A game of six is played: the first to speak bids 6 (the lowest game), the others pass; the declarer
    names the lowest contract, every defender whists; a discard or a card is the first legal one."""
    legal: list[str] = state["legal"]
    if state["phase"] == "auction":
        six = [a for a in legal if a.startswith("6")]
        bid = any(call != "pass" for _, call in state["calls"])
        return six[0] if six and not bid else "pass"
    if state["phase"] == "defence" and "whist" in legal:
        return "whist"
    return legal[0]


def three(client: TestClient, seed: int = SEED) -> tuple[str, list[Seat]]:
    table_id = new_table(client, variant="sochi", seed=seed, names=["Anna", "Boris", "Vera"])
    seats = [Seat(client, table_id, join(client, table_id, s)) for s in range(3)]
    drain_info(seats)
    return table_id, seats


def nxt(seat: Seat) -> dict[str, Any]:
    """The next frame but the ``table`` notices (seats coming and going)."""
    while True:
        frame = seat.recv()
        if frame["type"] != "table":
            return frame


def step(seats: list[Seat]) -> None:
    """The seat to act acts (:func:`choose`); every seat gets the update."""
    mover = seats[seats[0].state["to_act"]]
    mover.send(type="action", action=choose(mover.state), at=mover.n)
    for s in seats:
        assert nxt(s)["type"] == "update"


def to_play(seats: list[Seat], tricks: int = 0) -> None:
    """Act until the play, ``tricks`` tricks done and the next one not begun."""
    while not (seats[0].state["phase"] == "play" and len(seats[0].state["tricks"]) == tricks
               and not seats[0].state["trick"]):
        step(seats)


def on_lead(client: TestClient, table_id: str, seats: list[Seat]) -> tuple[Seat, list[Seat], Game]:
    """The seat on lead, the other two, and the server's game."""
    game = live(client, table_id).game
    claimer = seats[game.current_player]
    return claimer, [s for s in seats if s is not claimer], game


def test_a_claim_every_seat_asked_accepts_ends_the_deal_as_claimed(client: TestClient) -> None:
    table_id, seats = three(client)
    to_play(seats, tricks=1)
    claimer, others, game = on_lead(client, table_id, seats)
    state = seats[0].state
    # a game of six both defenders whisted: each of the three hands is played by its own seat
    assert state["contract"] == "6S" and sorted(state["defending"]) == sorted({0, 1, 2} - {state["declarer"]})
    play = game.deal.play
    assert play is not None
    hand = play.to_play
    won, cards = play.tricks_won[hand], names_of(play.hands[hand])
    assert len(cards) == 9  # one trick of ten played: nine tricks left
    # the double-dummy value is what the claimer's side takes against best play: a play giving exactly that
    # many exists (the others may take the rest)
    tricks = solve(play.copy(), hand) - won
    assert 0 <= tricks <= 9
    claimer.send(type="claim", tricks=tricks)
    for s in seats:
        frame = nxt(s)
        assert frame["type"] == "claim"
        claim = frame["claim"]
        assert sorted(claim["cards"]) == sorted(cards)  # the claimer's hand, exactly: shown to every seat
        assert (claim["seat"], claim["hand"], claim["tricks"], claim["left"]) == (claimer.seat, hand, tricks, 9)
        # asked: the seats that play the other hands, the two whisters, and nobody has answered yet
        assert claim["answers"] == {str(o.seat): None for o in others}
    first, second = others
    first.send(type="claim_answer", accept=True)
    for s in seats:
        frame = nxt(s)
        assert frame["type"] == "claim"
        assert frame["claim"]["answers"] == {str(first.seat): True, str(second.seat): None}
    second.send(type="claim_answer", accept=True)
    updates = []
    for s in seats:
        frame = nxt(s)
        assert frame["type"] == "claim" and frame["claim"]["answers"] == {str(first.seat): True,
                                                                           str(second.seat): True}
        end = nxt(s)
        assert end["type"] == "claim_end" and end["outcome"] == "accepted" and end["id"] == frame["claim"]["id"]
        # the split: the claimer's hand takes what it claimed, the three hands the nine tricks left between them
        assert end["split"][str(hand)] == tricks and sum(end["split"].values()) == 9
        update = nxt(s)
        assert update["type"] == "update"
        updates.append(update)
    events = updates[0]["events"]
    # the claimer's nine cards are played from his hand, as the seats' card actions
    assert sorted(e["action"] for e in events if e["kind"] == "card" and e["hand"] == hand) == sorted(cards)
    assert sum(e["kind"] == "card" for e in events) == 27  # nine tricks of three cards
    end_event = next(e for e in events if e["kind"] == "deal_end")
    assert end_event["data"]["tricks"][hand] == won + tricks
    assert live(client, table_id).game.results[-1].tricks[hand] == won + tricks
    assert seats[0].state["deal"] == 1  # the next deal is dealt


def claim_all(claimer: Seat, seats: list[Seat]) -> dict[str, Any]:
    """The claimer claims every trick left; the ``claim`` frame each seat gets (the same)."""
    claimer.send(type="claim")
    frames = [nxt(s) for s in seats]
    assert all(f["type"] == "claim" for f in frames), frames
    claim: dict[str, Any] = frames[0]["claim"]
    assert all(f["claim"] == claim for f in frames)
    return claim


def test_a_refused_claim_is_not_made_again_at_that_moment_and_the_claimer_plays_on(client: TestClient) -> None:
    table_id, seats = three(client)
    to_play(seats)
    claimer, (refuser, silent), game = on_lead(client, table_id, seats)
    at = claimer.n
    claim = claim_all(claimer, seats)
    assert claim["tricks"] == claim["left"] == 10  # no tricks named: all of them
    refuser.send(type="claim_answer", accept=False)
    for s in seats:
        frame = nxt(s)
        assert frame["type"] == "claim" and frame["claim"]["answers"][str(refuser.seat)] is False
        end = nxt(s)
        assert end == {"type": "claim_end", "id": claim["id"], "outcome": "refused"}
    claimer.send(type="claim")  # the same claim at the same moment
    assert nxt(claimer)["code"] == "no_claim"
    claimer.send(type="claim", tricks=3)  # another count, still this moment: refused too
    assert nxt(claimer)["code"] == "no_claim"
    silent.send(type="claim_answer", accept=True)  # the claim is over: nothing waits for an answer
    assert nxt(silent)["code"] == "no_claim"
    assert claimer.n == at and live(client, table_id).n == at  # nothing happened at the table
    card = claimer.state["legal"][0]
    claimer.send(type="action", action=card, at=at)
    for s in seats:
        update = nxt(s)
        assert update["type"] == "update" and update["events"][0]["action"] == card


def test_a_card_played_while_the_claim_waits_withdraws_it(client: TestClient) -> None:
    table_id, seats = three(client)
    to_play(seats)
    claimer, (asked, _), _ = on_lead(client, table_id, seats)
    claim = claim_all(claimer, seats)
    card = claimer.state["legal"][-1]
    claimer.send(type="action", action=card, at=claimer.n)
    for s in seats:
        assert nxt(s) == {"type": "claim_end", "id": claim["id"], "outcome": "withdrawn"}
        update = nxt(s)
        assert update["type"] == "update" and update["events"][0]["action"] == card
    asked.send(type="claim_answer", accept=True)
    assert nxt(asked)["code"] == "no_claim"


def test_claims_and_answers_that_are_refused(client: TestClient) -> None:
    table_id, seats = three(client)
    auction = seats[seats[0].state["to_act"]]
    auction.send(type="claim")  # the auction: nobody is on lead
    assert nxt(auction)["code"] == "no_claim"
    seats[0].send(type="claim_answer", accept=True)  # no claim at all
    assert nxt(seats[0])["code"] == "no_claim"
    seats[0].send(type="claim_answer", accept="yes")  # accept is true or false
    assert nxt(seats[0])["code"] == "malformed"
    to_play(seats, tricks=1)
    spectator = Seat(client, table_id, None)
    drain_info(seats)
    spectator.send(type="claim")  # at a lead, but a spectator plays no hand
    assert nxt(spectator)["code"] == "spectator"
    claimer, (other, third), _ = on_lead(client, table_id, seats)
    other.send(type="claim")  # a seat not on lead
    assert nxt(other)["code"] == "no_claim"
    claimer.send(type="claim", tricks=10)  # one trick is played: nine are left
    err = nxt(claimer)
    assert err["code"] == "bad_claim" and "0..9" in err["message"]
    claim = claim_all(claimer, [*seats, spectator])
    claimer.send(type="claim", tricks=1)  # a claim already waits
    assert nxt(claimer)["code"] == "no_claim"
    claimer.send(type="claim_answer", accept=True)  # the claimer is not asked
    assert nxt(claimer)["code"] == "no_claim"
    spectator.send(type="claim_answer", accept=True)  # nor is a spectator
    assert nxt(spectator)["code"] == "no_claim"
    other.send(type="claim_answer", accept=True)
    for s in [*seats, spectator]:
        assert nxt(s)["claim"]["answers"] == {str(other.seat): True, str(third.seat): None}
    other.send(type="claim_answer", accept=False)  # an asked seat that has answered
    assert nxt(other)["code"] == "no_claim"
    assert live(client, table_id).claim is not None and live(client, table_id).claim["id"] == claim["id"]


# ---------------------------------------------------------------- the bots' answers


def unseen(game: Game, hand: int, seat: int) -> int:
    """The cards not played, not in ``hand`` (shown by the claim) and not in ``seat``'s own discard: where the
    others' cards may be, in any layout ``seat`` may imagine (another seat's discard among them)."""
    deal = game.deal
    play = deal.play
    assert play is not None
    gone = play.played | sum(1 << c for _, c in play.trick) | play.hands[hand]
    if seat in deal.discarded_by:
        gone |= deal.discard
    return ((1 << 32) - 1) & ~gone


def higher(card: int, cards: int) -> bool:
    """Whether ``cards`` hold a card of ``card``'s suit above it (suit ``c >> 3``, rank ``c & 7``)."""
    return any(cards >> c & 1 for c in range((card & ~7) + (card & 7) + 1, (card & ~7) + 8))


def all_masters(game: Game, hand: int, seat: int) -> bool:
    """As ``seat`` may know it: every card of ``hand`` is above every card of its suit that may lie elsewhere,
    and no trump may lie elsewhere: led one by one, each takes its trick, in every layout ``seat`` imagines."""
    deal = game.deal
    play = deal.play
    assert play is not None and deal.contract is not None
    rest = unseen(game, hand, seat)
    trump = deal.contract.trump
    if trump != NO_TRUMP and rest & (0xFF << (8 * trump)):
        return False
    return not any(higher(c, rest) for c in range(32) if play.hands[hand] >> c & 1)


def beaten_by(game: Game, hand: int, seat: int) -> bool:
    """A hand ``seat`` plays holds a card above the claimer's highest of its suit: the first time the
    claimer leads that suit (he must, to take every trick) the seat takes the trick, in every layout."""
    deal = game.deal
    play = deal.play
    assert play is not None
    own = sum(play.hands[h] for h in play.order if deal.controllers[h] == seat and h != hand)
    for suit in range(4):
        mine = play.hands[hand] >> (8 * suit) & 0xFF
        if mine and own >> (8 * suit) & 0xFF >= 1 << mine.bit_length():
            return True
    return False


def spades(state: dict[str, Any]) -> str:
    """Anna's play: with five spades or more she bids spades (the lowest such bid) and names them, keeps them
    in the discard and leads them from the top; she whists the bots' games; else her highest card."""
    legal: list[str] = state["legal"]
    mine = state["hands"][str(state["seat"])]
    phase = state["phase"]
    if phase == "auction":
        bids = [a for a in legal if a.endswith("S") and a[:-1].isdigit()]
        return bids[0] if bids and sum(c.endswith("S") for c in mine) >= 5 else "pass"
    if phase == "discard":
        others = [c for c in legal if not c.endswith("S")]
        return (others or legal)[0]
    if phase == "defence":
        return "whist" if "whist" in legal else legal[0]
    if phase == "play" and not state["trick"]:
        trumps = [c for c in legal if c.endswith("S")]
        if trumps and state["contract"].endswith("S"):
            return trumps[-1]
    return legal[-1]


def bot_claim(client: TestClient, want: str, seed: int) -> None:
    """Anna (seat 0) plays with two heuristic bots; at her first lead in a game (the bots' contract, which she
    whists) where her claim of every trick is sure (``want`` ``accepted``) or sure to fail against a bot
    (``refused``), she claims them all."""
    table_id = new_table(client, variant="sochi", seed=seed, bots=[None, "heuristic", "heuristic"])
    anna = Seat(client, table_id, join(client, table_id, 0))
    while True:
        frame = nxt(anna)
        assert frame["type"] != "error", frame
        if frame["type"] != "update" or anna.state["to_act"] != 0:
            continue
        assert anna.state["deal"] < 12, "no such lead in twelve deals"
        game = live(client, table_id).game
        deal, play = game.deal, game.deal.play
        if (anna.state["phase"] == "play" and not anna.state["trick"] and not deal.all_pass and play is not None
                and deal.contract is not None and deal.contract.goal == "tricks"):
            hand = play.to_play
            left = 10 - play.tricks_done
            bots = {deal.controllers[h] for h in play.order if h != hand} - {0}
            sure = all(all_masters(game, hand, b) for b in bots)
            fails = any(beaten_by(game, hand, b) for b in bots)
            if (want == "accepted" and sure and left >= 2) or (want == "refused" and fails):
                won = play.tricks_won[hand]
                anna.send(type="claim")
                claim = nxt(anna)["claim"]
                assert claim["answers"] == {str(b): None for b in sorted(bots)}
                while (frame := nxt(anna))["type"] == "claim":
                    pass
                assert frame["type"] == "claim_end" and frame["outcome"] == want, frame
                if want == "accepted":
                    update = nxt(anna)
                    end = next(e for e in update["events"] if e["kind"] == "deal_end")
                    assert end["data"]["tricks"][hand] == won + left  # every trick left went to her hand
                else:  # she plays on
                    assert anna.state["to_act"] == 0 and live(client, table_id).game.deal.play is play
                return
        anna.send(type="action", action=spades(anna.state), at=anna.n)


def test_the_bots_accept_a_claim_of_masters(client: TestClient) -> None:
    # seed 96: a local game played the same way (the heuristic bots and Anna's policy) reaches such a lead in
    # its first deal (the bots' 10NT, three tricks left); the test finds the lead itself at the table
    bot_claim(client, "accepted", 96)


def test_the_bots_refuse_a_claim_a_bot_can_beat(client: TestClient) -> None:
    bot_claim(client, "refused", SEED)


# ---------------------------------------------------------------- a restart


def test_a_waiting_claim_is_sent_again_after_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"
    with TestClient(create_app(db)) as first:
        table_id, seats = three(first)
        to_play(seats)
        claimer, (yes, later), _ = on_lead(first, table_id, seats)
        claim = claim_all(claimer, seats)
        yes.send(type="claim_answer", accept=True)
        for s in seats:
            said = nxt(s)["claim"]
        tokens = [s.token for s in seats]
        close_all(first)
    with TestClient(create_app(db)) as second:
        again = [Seat(second, table_id, t) for t in tokens]
        for s in again:
            kept = s.snapshot["claim"]
            assert kept is not None
            assert (kept["id"], kept["seat"], kept["tricks"], sorted(kept["cards"])) == \
                (claim["id"], claim["seat"], claim["tricks"], sorted(claim["cards"]))
            assert kept["answers"] == said["answers"] == {str(yes.seat): True, str(later.seat): None}
        drain_info(again)
        again[later.seat].send(type="claim_answer", accept=False)  # the claim is still open to its answer
        for s in again:
            assert nxt(s)["type"] == "claim"
            assert nxt(s) == {"type": "claim_end", "id": claim["id"], "outcome": "refused"}
        close_all(second)


def test_every_claim_frame_is_written_before_it_is_sent(client: TestClient) -> None:
    # "A claim is written to the database before it is sent, and so is each answer": each claim frame, as it
    # leaves, must be what the database holds (a server killed right after would send it again)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    unwritten: list[dict[str, Any]] = []
    sending = hub.send_all

    async def checked(table: Any, message: dict[str, Any]) -> None:
        if message["type"] == "claim":
            row = next(c for c in hub.store.claims(table.id) if c["id"] == message["claim"]["id"])
            if row["answers"] != message["claim"]["answers"]:
                unwritten.append(message["claim"])
        await sending(table, message)

    hub.send_all = checked
    table_id, seats = three(client)
    to_play(seats)
    claimer, (yes, no), _ = on_lead(client, table_id, seats)
    claim_all(claimer, seats)
    yes.send(type="claim_answer", accept=True)
    for s in seats:
        assert nxt(s)["type"] == "claim"
    no.send(type="claim_answer", accept=False)
    for s in seats:
        assert nxt(s)["claim"]["answers"] == {str(yes.seat): True, str(no.seat): False}
        assert nxt(s)["outcome"] == "refused"
    assert unwritten == []
