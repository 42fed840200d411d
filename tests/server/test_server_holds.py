"""A Balkan hold at the online table (docs/protocol.md "Labels"): a number that repeats another seat's bid (the
earlier seat keeps it) is sent as the number and shown by the word of a hold, as the terminal shows it: the
frames' ``labels.calls`` (the auction's words, in order) and ``labels.holds`` (the legal actions that would hold,
for the bidding box), and the replay's ``labels``.

The expected words are the Balkan catalogue's hand-written entries (variants/balkan/locale/<lang>/
LC_MESSAGES/preferans-balkan.po, context ``call``): ``mine`` is ``moje`` in Serbian, ``моя`` in Russian,
``meins`` in German; ``pass`` is ``dalje``, ``пас``, ``weiter``; a bid that is a number stays the number.
"""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from helpers.server_client import Seat, drain_info, join, new_table  # noqa: E402


def test_a_hold_is_labelled_moje_in_the_frames_and_the_replay(client: TestClient) -> None:
    # the Serbian variant, seed 5, first dealer seat 2: seat 0 is the first hand and speaks first (pass, 2,
    # igra). Seat 0 bids 2, seat 1 bids 3, seat 2 passes; seat 0, the earlier hand, may now repeat 3 and keep
    # it (a hold), or pass
    table_id = new_table(client, variant="serbian", seed=5, first_dealer=2, settings={"lang": "sr"})
    tokens = [join(client, table_id, s) for s in range(3)]
    seats = [Seat(client, table_id, tokens[0]), Seat(client, table_id, tokens[1], lang="ru"),
             Seat(client, table_id, tokens[2], lang="en")]
    drain_info(seats)

    def say(seat: int, action: str) -> None:
        seats[seat].send(type="action", action=action)
        for s in seats:
            s.update()

    for seat, action in ((0, "2"), (1, "3"), (2, "pass")):
        say(seat, action)
    frame = seats[0].frames[-1]
    assert frame["state"]["legal"] == ["pass", "3"]
    assert frame["labels"]["holds"] == {"3": "moje"}  # the button of 3 says moje, and still sends "3"
    assert frame["labels"]["actions"]["3"] == "3"  # seat 1's bid of 3 stays a 3
    assert frame["labels"]["calls"] == ["2", "3", "dalje"]  # no hold yet
    assert seats[1].frames[-1]["labels"]["holds"] == {}  # not seat 1's turn: nothing to hold

    say(0, "3")
    # seat 0's 3 repeats seat 1's 3: a hold; seat 1 may now pass or bid 4, neither a hold
    assert seats[0].state["calls"] == [[0, "2"], [1, "3"], [2, "pass"], [0, "3"]]  # the record keeps the number
    assert seats[0].frames[-1]["labels"]["calls"] == ["2", "3", "dalje", "moje"]
    assert seats[1].frames[-1]["labels"]["calls"] == ["2", "3", "пас", "моя"]
    assert seats[2].frames[-1]["labels"]["calls"] == ["2", "3", "pass", "mine"]
    assert seats[1].state["legal"] == ["pass", "4"] and seats[1].frames[-1]["labels"]["holds"] == {}
    say(1, "pass")  # the auction is over: seat 0 keeps 3 and discards; the auction's words stay
    assert seats[0].state["phase"] == "discard"
    assert seats[0].frames[-1]["labels"]["calls"] == ["2", "3", "dalje", "moje", "dalje"]

    # the replay of the deal, as seat 0 saw it, in Serbian and in German: the auction's words the same way
    replay = client.get(f"/api/tables/{table_id}/replay", params={"deal": 0, "token": seats[0].token}).json()
    assert replay["lang"] == "sr"  # the table's language, no other asked for
    assert replay["labels"]["calls"] == ["2", "3", "dalje", "moje", "dalje"]
    assert [step["action"] for step in replay["steps"][1:6]] == ["2", "3", "pass", "3", "pass"]
    assert replay["labels"]["actions"]["pass"] == "dalje" and replay["labels"]["actions"]["3"] == "3"
    german = client.get(f"/api/tables/{table_id}/replay",
                        params={"deal": 0, "token": seats[0].token, "lang": "de"}).json()
    assert german["lang"] == "de" and german["labels"]["calls"] == ["2", "3", "weiter", "meins", "weiter"]
