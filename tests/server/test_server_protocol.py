"""The table protocol (docs/protocol.md) through Starlette's test client: joining, playing, refusals that change
nothing, tokens rotated on every rejoin, snapshots after a gap, spectators, bad messages, and the labels of
each seat's actions in its language."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from helpers.server_client import Seat, close_all, drain_info, join, live, new_table  # noqa: E402
from preferans.core.server.app import create_app  # noqa: E402
from preferans.core.server.protocol import MAX_MESSAGE_BYTES  # noqa: E402


def three(client: TestClient, seed: int = 5) -> tuple[str, list[Seat]]:
    """A Sochi table of three people, each seat joined and connected."""
    table_id = new_table(client, variant="sochi", seed=seed)
    tokens = [join(client, table_id, s) for s in range(3)]
    seats = [Seat(client, table_id, t) for t in tokens]
    drain_info(seats)
    return table_id, seats


def to_act(seats: list[Seat]) -> Seat:
    turn = seats[0].state["to_act"]
    return next(s for s in seats if s.seat == turn)


def play(seats: list[Seat], k: int) -> None:
    """``k`` actions, each the first legal one of the seat to act; every seat gets each event."""
    for _ in range(k):
        mover = to_act(seats)
        mover.send(type="action", action=mover.state["legal"][0])
        for s in seats:
            s.recv_type("update")


def test_join_and_play_numbers_every_event_and_sends_it_to_every_seat(client: TestClient) -> None:
    table_id, seats = three(client)
    assert [s.seat for s in seats] == [0, 1, 2]
    # Sochi deals from seat 0 (first_dealer 0); the first hand, seat 1, speaks first
    assert seats[0].state["phase"] == "auction" and seats[0].state["to_act"] == 1
    assert seats[1].state["legal"] and seats[0].state["legal"] == [] == seats[2].state["legal"]
    for s in seats:  # each sees its own ten cards and no other hand
        assert list(s.state["hands"]) == [str(s.seat)] and len(s.state["hands"][str(s.seat)]) == 10
    mover = to_act(seats)
    mover.send(type="action", action="pass")
    start = seats[0].n  # the deal's start and the three hands dealt are events too
    updates = [s.recv_type("update") for s in seats]
    assert [u["n"] for u in updates] == [start + 1] * 3
    call = {"number": start, "deal": 0, "seat": 1, "kind": "call", "action": "pass"}
    assert all(u["events"] == [call] for u in updates)
    play(seats, 5)
    table = live(client, table_id)
    assert [s.n for s in seats] == [table.n] * 3 and len(table.game.history) == 6
    # every seat got the same numbers; a hand dealt is blanked for all but its holder
    assert seats[0].snapshot["n"] == start


def test_illegal_and_out_of_turn_actions_are_errors_and_change_nothing(client: TestClient) -> None:
    table_id, seats = three(client)
    play(seats, 1)
    table = live(client, table_id)
    before = (table.n, list(table.game.history), table.observation(0))
    mover = to_act(seats)
    mover.send(type="action", action="11S")  # no such bid
    err = mover.recv_type("error")
    assert err["code"] == "illegal" and "11S" in err["message"]
    other = next(s for s in seats if s is not mover)
    other.send(type="action", action="pass")  # a legal call, but not this seat's turn
    err = other.recv_type("error")
    assert err["code"] == "not_your_turn"
    mover.send(type="action", action="pass", at=0)  # meant after event 0; the table is at event 1
    assert mover.recv_type("error")["code"] == "stale"
    seats[0].send(type="sync", since=table.n)
    snap = seats[0].recv_type("snapshot")
    assert (table.n, table.game.history, snap["state"]) == before
    assert snap["events"] == []


def test_a_rejoin_rotates_the_token_and_the_old_one_is_refused(client: TestClient) -> None:
    table_id = new_table(client, variant="sochi", seed=1, bots=[None, "heuristic", "heuristic"])
    first = join(client, table_id, 0)
    a = Seat(client, table_id, first)
    assert a.token is not None and a.token != first
    second = a.token
    a.close()
    with client.websocket_connect("/ws") as ws:
        ws.send_json({"type": "hello", "table": table_id, "token": first})
        assert ws.receive_json()["code"] == "bad_token"
    b = Seat(client, table_id, second)
    assert b.seat == 0 and b.token not in (first, second)
    b.close()


def test_an_unconfirmed_new_token_keeps_the_old_one_good(client: TestClient) -> None:
    # the welcome may be lost with the connection: until the client confirms (token_ack) or uses the new
    # token, the old one still holds the seat, so a player is never locked out by a dropped reply
    table_id = new_table(client, variant="sochi", seed=1, bots=[None, "heuristic", "heuristic"])
    first = join(client, table_id, 0)
    a = Seat(client, table_id, first, confirm=False)
    a.close()
    b = Seat(client, table_id, first)
    assert b.seat == 0
    b.close()


def test_a_client_back_after_a_gap_gets_a_snapshot_and_the_events_it_missed(client: TestClient) -> None:
    table_id, seats = three(client)
    play(seats, 2)
    gone = next(s for s in seats if s.seat != seats[0].state["to_act"])  # it misses at least one action
    seen, token = gone.n, gone.token
    gone.close()
    rest = [s for s in seats if s is not gone]
    drain_info(rest)
    while rest[0].state["to_act"] != gone.seat:
        play(rest, 1)
    back = Seat(client, table_id, token, since=seen)
    table = live(client, table_id)
    assert back.n == table.n > seen
    missed = back.snapshot["events"]
    assert [e["number"] for e in missed] == list(range(seen, table.n))
    calls = [e["action"] for e in missed if e["kind"] in ("call", "discard", "declare", "defence", "card")]
    assert calls == table.game.history[-len(calls):]
    assert back.state["legal"] == table.game.legal_actions()  # it is to act, and is shown its choices


def test_a_spectator_sees_no_hand(client: TestClient) -> None:
    table_id, seats = three(client)
    watcher = Seat(client, table_id, None)
    assert watcher.seat is None and watcher.token is None
    assert watcher.state["hands"] == {} and watcher.state["legal"] == []
    assert watcher.state["hand_counts"] == {"0": 10, "1": 10, "2": 10}
    watcher.send(type="action", action="pass")
    assert watcher.recv_type("error")["code"] == "spectator"
    play(seats, 1)
    update = watcher.recv_type("update")
    assert update["state"]["hands"] == {}


@pytest.mark.parametrize(("raw", "code"), [
    ("x" * (MAX_MESSAGE_BYTES + 1), "too_large"),
    ("{not json", "malformed"),
    ("[1, 2]", "malformed"),
    (json.dumps({"type": "action"}), "malformed"),  # missing key action
    (json.dumps({"type": "action", "action": 7}), "malformed"),  # not text
    (json.dumps({"type": "ack", "n": -1}), "malformed"),
    (json.dumps({"type": "ping", "extra": 1}), "malformed"),
    (json.dumps({"type": "teleport"}), "unknown_type"),
    (json.dumps({"kind": "ping"}), "malformed"),  # no type: a missing key
])
def test_bad_messages_are_answered_with_an_error_and_the_socket_goes_on(client: TestClient, raw: str,
                                                                        code: str) -> None:
    table_id, seats = three(client)
    seats[0].ws.send_text(raw)
    err = seats[0].recv_type("error")
    assert err["code"] == code and err["message"]
    play(seats, 1)  # still playing
    assert len(live(client, table_id).game.history) == 1


def test_before_hello_only_hello_is_taken(client: TestClient) -> None:
    with client.websocket_connect("/ws") as ws:
        ws.send_json({"type": "action", "action": "pass"})
        assert ws.receive_json()["code"] == "hello_first"
        ws.send_json({"type": "hello", "table": "nope"})
        assert ws.receive_json()["code"] == "no_table"


def test_the_rate_limit_refuses_a_flood(client: TestClient) -> None:
    table_id, seats = three(client)
    for _ in range(60):  # the bucket holds 40 (BURST); 60 at once overflow it
        seats[0].send(type="ping")
    kinds = [seats[0].recv()["type"] for _ in range(60)]
    assert "rate_limited" in [f.get("code") for f in seats[0].frames if f["type"] == "error"]
    # the bucket of 40 (BURST) had already paid for hello, token_ack and a ping: 37 pass, a few more as it
    # refills at 20 a second during the flood, and every other one is refused
    assert 37 <= kinds.count("pong") <= 45 and kinds.count("error") == 60 - kinds.count("pong")


def test_the_lobby_refuses_bad_tables_in_one_line(client: TestClient) -> None:
    r = client.post("/api/tables", json={"variant": "nosuch"})
    assert r.status_code == 400 and "nosuch" in r.json()["message"] and "\n" not in r.json()["message"]
    r = client.post("/api/tables", json={"variant": "sochi", "bots": ["genius", None, None]})
    assert r.status_code == 400 and "genius" in r.json()["message"]
    r = client.post("/api/tables", json={"variant": "sochi", "rules": {"pool": "ten"}})
    assert r.status_code == 400 and "pool" in r.json()["message"]
    table_id = new_table(client, variant="sochi", bots=[None, "heuristic", "random"])
    r = client.post(f"/api/tables/{table_id}/join", json={"seat": 1})
    assert r.status_code == 400 and "bot" in r.json()["message"]
    join(client, table_id, 0)
    r = client.post(f"/api/tables/{table_id}/join", json={"seat": 0})
    assert r.status_code == 409


def test_rules_overrides_and_bots_of_every_kind(client: TestClient) -> None:
    table_id = new_table(client, variant="leningrad", rules={"pool": 10}, bots=["random", "heuristic", None])
    table = live(client, table_id)
    assert table.game.rules.pool == 10
    assert [s.bot for s in table.seats] == ["random", "heuristic", None]


def test_a_variant_installed_after_the_server_started_is_offered_and_played(
        client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib
    import sys
    import uuid
    from importlib.metadata import EntryPoint

    from helpers.fake_install import fake_entry_points
    from preferans.core.rules import manager

    # a distribution installed now registers the variant "kid", Sochi with a pool of 10
    extra = fake_entry_points(monkeypatch, manager.VARIANT_GROUP)
    package = f"fake_pref_server_{uuid.uuid4().hex[:8]}"
    (tmp_path / package).mkdir()
    (tmp_path / package / "__init__.py").write_text('"""A fake third-party variant."""\n')
    (tmp_path / package / "preset.toml").write_text('name = "kid"\ndescription = "a third-party Sochi"\n'
                                                    'extends = "sochi"\n[rules]\npool = 10\n')
    monkeypatch.syspath_prepend(str(tmp_path))
    extra["kid"] = manager.Installed("kid", package, "kid-dist", EntryPoint("kid", package, manager.VARIANT_GROUP))
    importlib.invalidate_caches()
    try:
        offered = {v["name"]: v for v in client.get("/api/variants").json()["variants"]}
        assert offered["kid"]["description"] == "a third-party Sochi"
        table_id = new_table(client, variant="kid", bots=[None, "heuristic", "heuristic"], seed=2)
        seat = Seat(client, table_id, join(client, table_id, 0))
        assert live(client, table_id).game.rules.pool == 10
        while seat.state["to_act"] != 0:
            seat.recv_type("update")
        seat.send(type="action", action=seat.state["legal"][0])
        assert seat.recv_type("update")["events"][0]["seat"] == 0
    finally:
        sys.modules.pop(package, None)


@pytest.mark.slow
def test_a_dropped_player_is_waited_for_then_a_bot_takes_over_until_he_is_back(client: TestClient) -> None:
    # takeover 0: the watcher (every second) gives the seat to the take-over bot as soon as it sees him gone
    table_id = new_table(client, variant="sochi", seed=3, bots=[None, "heuristic", "heuristic"],
                         settings={"takeover": 0})
    token = join(client, table_id, 0)
    anna = Seat(client, table_id, token)
    watcher = Seat(client, table_id, None)
    while anna.state["to_act"] != 0:
        anna.recv_type("update")
    table = live(client, table_id)
    acted = len(table.game.history)
    anna.close()
    while True:  # a bot plays seat 0 now
        update = watcher.recv_type("update")
        if any(e["seat"] == 0 and e["kind"] in ("call", "card", "defence", "declare", "discard")
               for e in update["events"]):
            break
    assert len(table.game.history) > acted and table.seats[0].taken_over
    back = Seat(client, table_id, anna.token)  # he is back: the seat is his again
    assert back.seat == 0 and not table.seats[0].taken_over


def test_a_restarted_server_resumes_the_table_from_its_log(tmp_path: Path) -> None:
    db = tmp_path / "resume.sqlite3"
    with TestClient(create_app(db)) as first:
        table_id, seats = three(first)
        play(seats, 4)
        history = list(live(first, table_id).game.history)
        token = seats[0].token
        close_all(first)
    with TestClient(create_app(db)) as second:
        table = live(second, table_id)
        assert table.game.history == history and len(history) == 4
        again = Seat(second, table_id, token)
        assert again.seat == 0 and again.n == table.n
        close_all(second)


# ---------------------------------------------------------------- the seat's language


# The labels below are the catalogues' hand-written translations (variants/russian/locale/ru: "pass" is пас,
# "misere" мизер; core/locale/ru: the suits ♠ ♣ ♦ ♥ and no trumps БК; variants/balkan/locale/sr: "pass" is
# dalje), not the output of the code under test.
SOCHI_RU = {"pass": "пас", "6S": "6♠", "6C": "6♣", "6D": "6♦", "6H": "6♥", "6NT": "6БК", "misere": "мизер",
            "10NT": "10БК"}


def test_labels_come_in_the_seat_language_and_the_actions_stay_english(client: TestClient) -> None:
    # a Russian table (settings.lang), first dealer seat 2: seat 0 is the first hand and speaks first
    table_id = new_table(client, variant="sochi", seed=5, first_dealer=2, settings={"lang": "ru"})
    tokens = [join(client, table_id, s) for s in range(3)]
    ru = Seat(client, table_id, tokens[0])  # names no language: the table's
    en = Seat(client, table_id, tokens[1], lang="en")
    seats = [ru, en, Seat(client, table_id, tokens[2], lang="sr-Cyrl")]
    drain_info(seats)
    assert (ru.snapshot["lang"], en.snapshot["lang"], seats[2].snapshot["lang"]) == ("ru", "en", "sr-Cyrl")
    assert ru.state["to_act"] == 0 and ru.state["legal"][:2] == ["pass", "6S"]  # the keys stay English
    shown = ru.snapshot["labels"]["actions"]
    assert set(shown) == set(ru.state["legal"])  # a label for every legal action
    assert {a: shown[a] for a in SOCHI_RU} == SOCHI_RU
    assert en.snapshot["labels"]["actions"] == {}  # seat 1 has nothing to do yet, no call was made
    # the label is not an action: the table takes the English key only, and nothing changes
    ru.send(type="action", action="пас")
    err = ru.recv_type("error")
    assert err["code"] == "illegal" and len(live(client, table_id).game.history) == 0
    ru.send(type="action", action="pass")
    got = [s.update() for s in seats]
    assert all(u["events"][0]["action"] == "pass" and u["state"]["calls"] == [[0, "pass"]] for u in got)
    assert got[0]["labels"]["actions"] == {"pass": "пас"}  # the call made, in Russian
    assert got[1]["labels"]["actions"]["pass"] == "pass" and got[1]["labels"]["actions"]["6S"] == "6S"
    assert got[2]["labels"]["actions"]["pass"] == "пас"  # the Russian family's word, in Serbian Cyrillic too
    # seat 1 switches to Russian (a locale name is taken): a fresh snapshot, labelled in it, nothing played
    en.send(type="lang", lang="ru_RU.UTF-8")
    snap = en.recv_type("snapshot")
    assert snap["lang"] == "ru" and snap["n"] == ru.n and snap["labels"]["actions"]["pass"] == "пас"
    assert snap["labels"]["actions"]["misere"] == "мизер" and snap["state"]["legal"][0] == "pass"


def test_a_russian_table_draws_its_sheet_in_russian(client: TestClient) -> None:
    # the pulka drawn for a ru seat has the family's word for the hill, "гора" (the hand-written entry of
    # variants/russian/locale/ru), and an English seat's the key "gora"
    table_id = new_table(client, variant="sochi", seed=5, first_dealer=2, settings={"lang": "ru"})
    tokens = [join(client, table_id, s) for s in range(3)]
    ru = Seat(client, table_id, tokens[0])
    en = Seat(client, table_id, tokens[1], lang="en")
    seats = [ru, en, Seat(client, table_id, tokens[2])]
    drain_info(seats)
    assert "гора" in ru.snapshot["sheet"]["svg"] and "гора" not in en.snapshot["sheet"]["svg"]


def test_a_serbian_table_labels_its_calls_in_serbian(client: TestClient) -> None:
    table_id = new_table(client, variant="serbian", seed=5, first_dealer=2, settings={"lang": "sr"})
    seat = Seat(client, table_id, join(client, table_id, 0))
    # the first hand's calls: pass, the first bid 2, igra (variants/balkan/locale/sr: dalje, igra)
    assert seat.state["legal"] == ["pass", "2", "igra"]
    assert seat.snapshot["labels"]["actions"] == {"pass": "dalje", "2": "2", "igra": "igra"}
    assert client.get(f"/api/tables/{table_id}").json()["settings"]["lang"] == "sr"


def test_an_unknown_language_is_refused_naming_the_allowed_ones(client: TestClient) -> None:
    allowed = "(one of: en, ru, uk, sr, sr-Cyrl, hr, sl, de)"
    table_id, seats = three(client)
    seats[0].send(type="lang", lang="fr")
    err = seats[0].recv_type("error")
    assert err["code"] == "bad_lang" and err["message"] == f"lang: 'fr' is not a language of preferans {allowed}"
    play(seats, 1)  # still playing, still in English
    assert seats[0].frames[-1]["labels"]["actions"] == {"pass": "pass"}
    with client.websocket_connect("/ws") as ws:  # a hello naming no language of ours joins nothing
        ws.send_json({"type": "hello", "table": table_id, "lang": "xx"})
        err = ws.receive_json()
        assert err["code"] == "bad_lang" and err["message"].startswith("hello.lang: 'xx' is not a language")
        ws.send_json({"type": "hello", "table": table_id, "lang": "de"})  # the socket goes on
        assert ws.receive_json()["type"] == "welcome" and ws.receive_json()["lang"] == "de"
    r = client.post("/api/tables", json={"variant": "sochi", "settings": {"lang": "klingon"}})
    assert r.status_code == 400 and r.json()["message"] == \
        f"settings.lang: 'klingon' is not a language of preferans {allowed}"
    r = client.get("/i18n/fr.json")
    assert r.status_code == 404 and r.json()["code"] == "bad_lang" and allowed in r.json()["message"]


def test_the_page_catalogue_is_served_as_json(client: TestClient) -> None:
    # the hand-written entries of core/locale/<lang>/LC_MESSAGES/preferans-page.po
    ru = client.get("/i18n/ru.json").json()
    assert ru["lang"] == "ru" and ru["messages"]["your turn"] == "ваш ход" and ru["ranks"]["A"] == "Т"
    sr = client.get("/i18n/sr.json").json()
    assert sr["messages"]["New table"] == "Novi sto" and sr["messages"]["Seat {n}"] == "Mesto {n}"
    en = client.get("/i18n/en.json").json()
    assert en["messages"]["your turn"] == "your turn" and en["ranks"] == {"J": "J", "Q": "Q", "K": "K", "A": "A"}


def test_an_error_comes_in_the_connection_language_and_its_code_stays_english(client: TestClient) -> None:
    """The server's own error messages (core/server/app.py) in the connection's language, the domain
    preferans-errors; the code a client tests stays English. The ru and de texts are copied from the
    catalogues (unchecked)."""
    table_id = new_table(client, variant="sochi", seed=5, first_dealer=2, settings={"lang": "ru"})
    ru, de, en = (Seat(client, table_id, None), Seat(client, table_id, None, lang="de"),
                  Seat(client, table_id, None, lang="en"))
    said = {}
    for name, watcher in (("ru", ru), ("de", de), ("en", en)):
        watcher.send(type="action", action="pass")  # a spectator's action
        err = watcher.recv_type("error")
        assert err["code"] == "spectator"
        said[name] = err["message"]
    assert said == {"ru": "зритель не ходит", "de": "ein Zuschauer spielt nicht mit", "en": "a spectator does not act"}
