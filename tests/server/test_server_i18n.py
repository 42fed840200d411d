"""The server's words in the language of the request or the connection (docs/protocol.md#languages): the
lobby's refusals over HTTP (by ``?lang=``, ``Accept-Language`` or the table's language), the refusals of the
socket (an action out of turn, an illegal one, a malformed message, a stale token, an unknown table), the
variants' descriptions and the notes of a deal's entries; the ``code`` a client tests stays English.

Every expected line is the hand-written entry of a catalogue (all marked unchecked), filled in here by hand:
core/locale/<lang>/LC_MESSAGES/preferans-errors.po for the refusals, the family's
variants/<family>/locale/<lang>/LC_MESSAGES/preferans-<family>.po for the descriptions and the notes.
"""

from __future__ import annotations

import random

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from helpers.server_client import Seat, drain_info, join, new_table  # noqa: E402
from preferans.core.engine.game import Game  # noqa: E402
from preferans.core.model.i18n import ENGLISH, translator  # noqa: E402
from preferans.core.rules.config import load_variant  # noqa: E402
from preferans.core.server.labels import accepted, note_label  # noqa: E402

# ---------------------------------------------------------------- HTTP


def test_a_lobby_refusal_in_russian_by_accept_language_or_the_lang_parameter(client: TestClient) -> None:
    # "{key}: expected a whole number 0 or more, got {got}" in ru: "{key}: ожидалось целое число не меньше 0,
    # получено: {got}"; the key and the value as typed
    ru = "seed: ожидалось целое число не меньше 0, получено: -1"
    r = client.post("/api/tables", json={"seed": -1}, headers={"accept-language": "ru-RU,ru;q=0.9,en;q=0.8"})
    assert (r.status_code, r.json()) == (400, {"type": "error", "code": "bad_table", "message": ru})
    r = client.post("/api/tables?lang=ru", json={"seed": -1})
    assert r.json()["message"] == ru
    r = client.post("/api/tables", json={"seed": -1})  # no language asked for: English, as before
    assert r.json()["message"] == "seed: expected a whole number 0 or more, got -1"
    # a weight puts German before Russian; a language preferans does not speak is passed over
    r = client.post("/api/tables", json={"seed": -1}, headers={"accept-language": "fr, ru;q=0.5, de;q=0.8"})
    assert r.json()["message"] == "seed: erwartet eine ganze Zahl ab 0, erhalten: -1"
    # the body that is no JSON, in Serbian Cyrillic: "telo zahteva nije JSON" letter by letter
    r = client.post("/api/tables?lang=sr-Cyrl", content=b"{not json")
    assert (r.status_code, r.json()["code"], r.json()["message"]) == (400, "malformed", "тело захтева није ЈСОН")


def test_a_refusal_of_the_rules_is_said_in_the_language_too(client: TestClient) -> None:
    # an unknown key of the request: "unknown key {key} (allowed: {allowed})" in uk, the keys as typed
    r = client.post("/api/tables", json={"varaint": "sochi"}, headers={"accept-language": "uk"})
    assert r.json()["message"] == ("невідомий ключ 'varaint' (дозволені: bots, first_dealer, names, rules, seed, "
                                   "settings, sit, variant)")
    # a table language preferans does not speak, in German: "{key}: {value} ist keine Sprache von preferans
    # (eine von: {languages})"
    r = client.post("/api/tables?lang=de", json={"settings": {"lang": "klingon"}})
    assert r.json()["message"] == ("settings.lang: 'klingon' ist keine Sprache von preferans (eine von: en, ru, uk, "
                                   "sr, sr-Cyrl, hr, sl, de)")
    r = client.post("/api/tables?lang=xx", json={})  # the language asked for is itself the mistake: English
    assert (r.status_code, r.json()["code"]) == (400, "bad_lang")
    assert r.json()["message"] == ("lang: 'xx' is not a language of preferans (one of: en, ru, uk, sr, sr-Cyrl, hr, "
                                   "sl, de)")


def test_a_table_answers_in_its_own_language_unless_the_request_names_one(client: TestClient) -> None:
    table_id = new_table(client, variant="sochi", seed=3, settings={"lang": "sr"})
    join(client, table_id, 0)
    r = client.post(f"/api/tables/{table_id}/join", json={"seat": 0})
    # "seat {seat} is taken": sr "mesto {seat} je zauzeto", de "Platz {seat} ist besetzt"
    assert (r.status_code, r.json()["code"], r.json()["message"]) == (409, "seat_taken", "mesto 0 je zauzeto")
    r = client.post(f"/api/tables/{table_id}/join", json={"seat": 0}, headers={"accept-language": "de-AT"})
    assert r.json()["message"] == "Platz 0 ist besetzt"
    r = client.post(f"/api/tables/{table_id}/join", json={"seat": 7, "name": "Ana"})
    assert r.json()["message"] == "seat: očekivano je mesto od 0 do 2, dobijeno: 7"
    # no such table: "no table {table}", ru "нет стола {table}"
    r = client.get("/api/tables/nosuch", headers={"accept-language": "ru"})
    assert (r.status_code, r.json()["code"], r.json()["message"]) == (404, "no_table", "нет стола 'nosuch'")


def test_the_variants_come_described_in_the_language_and_in_every_one(client: TestClient) -> None:
    # the description entry of sochi, variants/russian/locale/de and ru
    de = "Russisches Preferans, Sotschi: gieriger verantwortlicher Whist, Raspassy 1-2-3 mit Amnestie, Pulja 20"
    ru = "Преферанс, Сочи: жадный ответственный вист, распасы 1-2-3 с амнистией, пуля 20"
    found = {v["name"]: v for v in client.get("/api/variants", headers={"accept-language": "de"}).json()["variants"]}
    assert found["sochi"]["description"] == de
    assert found["sochi"]["descriptions"]["de"] == de and found["sochi"]["descriptions"]["ru"] == ru
    english = load_variant("sochi").description  # the preset's own English
    assert found["sochi"]["descriptions"]["en"] == english
    plain = {v["name"]: v for v in client.get("/api/variants").json()["variants"]}
    assert plain["sochi"]["description"] == english


def test_accept_language_by_weight_and_order() -> None:
    assert accepted("ru-RU,ru;q=0.9,en;q=0.8") == "ru"
    assert accepted("en;q=0.2, sr-Cyrl-RS;q=0.7") == "sr-Cyrl"
    assert accepted("sr-Latn, de") == "sr"
    assert accepted("fr-CH, fr;q=0.9, *;q=0.5") is None
    assert accepted("de;q=0, uk") == "uk"  # q=0: not acceptable
    assert accepted("de;q=zz, hr") == "hr"  # a malformed weight: that tag is passed over
    assert accepted("") is None


# ---------------------------------------------------------------- the socket


def three(client: TestClient, lang: str) -> tuple[str, list[Seat]]:
    # first dealer seat 2: seat 0 is the first hand and speaks first
    table_id = new_table(client, variant="sochi", seed=5, first_dealer=2, settings={"lang": lang})
    seats = [Seat(client, table_id, join(client, table_id, s)) for s in range(3)]
    drain_info(seats)
    return table_id, seats


def test_an_action_out_of_turn_and_an_illegal_one_in_serbian(client: TestClient) -> None:
    table_id, seats = three(client, "sr")
    assert seats[0].state["to_act"] == 0
    seats[1].send(type="action", action="pass")
    err = seats[1].recv_type("error")
    # "it is seat {turn}'s turn, not seat {seat}'s": sr "na potezu je mesto {turn}, a ne mesto {seat}"
    assert (err["code"], err["message"]) == ("not_your_turn", "na potezu je mesto 0, a ne mesto 1")
    seats[0].send(type="action", action="11S")
    err = seats[0].recv_type("error")
    # ILLEGAL_ACTION in sr: "potez {action} sada nije dozvoljen (faza {phase}); dozvoljeni: {legal}", the
    # action, the phase and the legal actions as their English keys: Sochi's opening calls, pass, six spades
    # up to eight no trumps, misere, nine spades up to ten no trumps
    legal = ", ".join(["pass"] + [f"{n}{s}" for n in (6, 7, 8) for s in ("S", "C", "D", "H", "NT")] + ["misere"]
                      + [f"{n}{s}" for n in (9, 10) for s in ("S", "C", "D", "H", "NT")])
    assert err["code"] == "illegal"
    assert err["message"] == f"potez '11S' sada nije dozvoljen (faza auction); dozvoljeni: {legal}"
    seats[0].send(type="lang", lang="de")  # the same refusal after a switch to German
    seats[0].recv_type("snapshot")
    seats[1].send(type="action", action="pass")
    assert seats[1].recv_type("error")["message"] == "na potezu je mesto 0, a ne mesto 1"  # seat 1 kept Serbian
    seats[0].send(type="action", action="whist", at=seats[0].n)
    # ILLEGAL_ACTION in de: "der Zug {action} ist jetzt nicht erlaubt (Phase {phase}); erlaubt: {legal}"
    assert seats[0].recv_type("error")["message"] == \
        f"der Zug 'whist' ist jetzt nicht erlaubt (Phase auction); erlaubt: {legal}"
    assert table_id


def test_a_malformed_message_and_a_stale_token_in_the_connection_language(client: TestClient) -> None:
    table_id, seats = three(client, "uk")
    seats[0].send(type="ping", extra=1)
    err = seats[0].recv_type("error")
    # "{kind}: unknown key {key} (allowed: no other keys)" in uk: "{kind}: невідомий ключ {key} (інших ключів немає)"
    assert (err["code"], err["message"]) == ("malformed", 'ping: невідомий ключ "extra" (інших ключів немає)')
    seats[0].send(type="ack", n="five")
    # "{field}: expected a whole number, got {got}": uk "{field}: очікувалося ціле число, отримано: {got}"
    assert seats[0].recv_type("error")["message"] == 'ack.n: очікувалося ціле число, отримано: "five"'
    with client.websocket_connect("/ws") as ws:  # a token no seat holds, at a table shown in Ukrainian
        ws.send_json({"type": "hello", "table": table_id, "token": "not-a-token"})
        err = ws.receive_json()
        assert err["code"] == "bad_token"
        assert err["message"] == ("цей токен не дає місця за цим столом (токен змінюється при кожному вході: "
                                  "використайте останній отриманий)")
    with client.websocket_connect("/ws") as ws:  # no such table: the hello's own language
        ws.send_json({"type": "hello", "table": "nosuch", "lang": "hr"})
        assert ws.receive_json() == {"type": "error", "code": "no_table", "message": "nema stola 'nosuch'"}


# ---------------------------------------------------------------- the notes of a deal's entries


def test_notes_are_said_from_the_family_templates() -> None:
    sochi = translator("ru", load_variant("sochi").locale_dirs)
    # the Russian family's entries: "raspasovka {tricks} trick(s), amnesty {amnesty}" -> "распасы, взяток:
    # {tricks}, амнистия {amnesty}"; "{note} (half, partner)" -> "{note} (половина, партнёр)" around
    # "misère, {tricks} trick(s)" -> "мизер, взяток: {tricks}"; "set by {tricks}" -> "без {tricks}"
    assert note_label(sochi, "raspasovka 4 trick(s), amnesty 3") == "распасы, взяток: 4, амнистия 3"
    assert note_label(sochi, "misère, 2 trick(s) (half, partner)") == "мизер, взяток: 2 (половина, партнёр)"
    assert note_label(sochi, "set by 2") == "без 2"
    assert note_label(sochi, "game made x2") == "игра сыграна ×2"  # classic's doubled deal
    assert note_label(sochi, "set by two") == "set by two"  # {tricks} is a number: no template fits, English
    assert note_label(sochi, "a note no family writes") == "a note no family writes"
    serbian = translator("sr", load_variant("serbian").locale_dirs)
    # "{note}, cut to end the game" -> "{note}, skraćeno do kraja igre" around "made under {call}" ->
    # "prošao, {call}", the call in the family's words (rekontra)
    assert note_label(serbian, "made under rekontra, cut to end the game") == "prošao, rekontra, skraćeno do kraja igre"
    assert note_label(ENGLISH, "raspasovka 4 trick(s), amnesty 3") == "raspasovka 4 trick(s), amnesty 3"


def test_the_last_deal_notes_come_labelled_in_the_connection_language(client: TestClient) -> None:
    # three heuristic bots, pool 2, seed 3: the match ends with deal 3, Anna's (seat 0) six of clubs made with
    # Boris whisting alone and short by 2 (Vera took the defence's 2 tricks), Anna's full pool's 2 overflowing
    # to Boris as her aid; its entries' notes are below (the engine's English, kept in the state); the labels
    # say them in Russian
    table_id = new_table(client, variant="sochi", seed=3, rules={"pool": 2}, bots=["heuristic"] * 3)
    watcher = Seat(client, table_id, None, lang="ru")
    while not watcher.state["over"]:
        watcher.update()
    frame = watcher.frames[-1]
    notes = [e["note"] for e in frame["state"]["last_result"]["entries"]]
    assert notes == ["game made", "whists", "whister short by 2", "overflow", "aid from seat 0", "aid"]
    assert frame["labels"]["notes"] == {"game made": "игра сыграна", "whists": "висты",
                                        "whister short by 2": "вистующий недобрал: 2", "overflow": "перебор",
                                        "aid from seat 0": "помощь от места 0", "aid": "помощь"}


@pytest.mark.parametrize("name", ["sochi", "classic", "leningrad", "slovenian", "serbian", "illustrated", "styrian"])
def test_every_note_a_game_writes_has_its_translation(name: str) -> None:
    # random legal play of a few matches (cut short): every note the family's scoring writes must be said in
    # Russian (no Russian note is its English), so a note added to a family without its template fails here
    variant = load_variant(name)
    tr = translator("ru", variant.locale_dirs)
    notes: set[str] = set()
    for seed in range(3):
        game, rng = Game(variant, seed, 0), random.Random(seed)
        for _ in range(700):
            if game.is_terminal:
                break
            game.apply(rng.choice(game.legal_actions()))
            result = game.observation(None).to_dict().get("last_result") or {}
            notes |= {e["note"] for e in result.get("entries") or () if e.get("note")}
    assert notes, name
    assert sorted(n for n in notes if note_label(tr, n) == n) == []
