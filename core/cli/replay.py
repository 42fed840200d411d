"""``preferans replay SOURCE``: a game watched again in the terminal, deal by deal and trick by trick.

``SOURCE`` is a game saved by ``preferans play --save`` (every card: the whole game is the saver's), or the
invite link of an online table (``http://host:8000/t/ID``): the server then sends what its viewer may see
(``--token``: a seat's view; without one a spectator's; after the match everything; docs/protocol.md,
"Replays")."""

from __future__ import annotations

import argparse
import json
import re
import sys
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from preferans.core.cli.common import add_lang_option, language_of, translator_for
from preferans.core.engine.game import Phase
from preferans.core.formats import render
from preferans.core.formats.replay import ALL, Viewer, deals_of, replay_steps
from preferans.core.formats.report import seat_name
from preferans.core.model.cards import parse_cards
from preferans.core.model.errors import bad_input
from preferans.core.model.i18n import Translator, translator
from preferans.core.rules.config import load_variant, playable_variants
from preferans.core.tools.table import load_session

LINK = re.compile(r"^(https?://[^/]+)/t/([A-Za-z0-9_-]+)(?:/replay)?/?$")


def cmd_replay(args: argparse.Namespace) -> int:
    link = LINK.match(args.source)
    if link is not None:
        first = _fetch(link.group(1), link.group(2), args.deal or 0, args.token)
        name = first["table"]["variant"]
        tr = translator_for(args, load_variant(name)) if name in playable_variants() else translator(language_of(args))
        names = [s["name"] for s in first["table"]["seats"]]
        deals = [args.deal] if args.deal is not None else range(first["deals"])
        for deal in deals:
            data = first if deal == (args.deal or 0) else _fetch(link.group(1), link.group(2), deal, args.token)
            _show(data["steps"], deal, names, tr)
        return 0
    session = load_session(Path(args.source))
    game = session.game
    tr = translator_for(args, game.variant)
    viewer: Viewer = ALL if args.seat is None else args.seat
    if args.seat is not None and not 0 <= args.seat < game.n_players:
        raise bad_input("{key}: expected a seat 0..{last}, got {got}", key="--seat", last=game.n_players - 1,
                        got=args.seat)
    deals = range(deals_of(game)) if args.deal is None else [args.deal]
    for deal in deals:
        if not 0 <= deal < deals_of(game):
            raise bad_input("{key}: expected a deal 0..{last}, got {got}", key="--deal", last=deals_of(game) - 1,
                            got=deal)
        _show(replay_steps(game, deal, viewer), deal, session.names, tr)
    return 0


def _fetch(base: str, table: str, deal: int, token: str | None) -> dict[str, Any]:
    url = f"{base}/api/tables/{table}/replay?deal={deal}" + (f"&token={token}" if token else "")
    try:
        with urllib.request.urlopen(url, timeout=30) as answer:  # noqa: S310 - the link the user gave
            data: dict[str, Any] = json.loads(answer.read())
    except urllib.error.HTTPError as exc:  # the server's one line: no_table, bad_deal, bad_token
        message = json.loads(exc.read() or b"{}").get("message", str(exc))
        raise bad_input("{source}: {message}", source=url, message=message) from None
    except (urllib.error.URLError, OSError, ValueError) as exc:
        raise bad_input("{source}: {message}", source=url, message=str(exc)) from None
    return data


def _show(steps: list[dict[str, Any]], deal: int, names: list[str], tr: Translator) -> None:
    """One deal's steps as lines: the hands seen at the start, each action, each trick and the result."""
    out = sys.stdout
    start = steps[0]["state"]
    out.write(tr.gettext("deal {number} (dealer {player}): ").format(number=deal + 1,
                                                                      player=seat_name(names, start["dealer"])) + "\n")
    for hand, cards in sorted(start["hands"].items()):
        out.write(f"  {seat_name(names, int(hand))}: {render.hand_text(parse_cards(cards), tr)}\n")
    before = start
    for step in steps[1:]:
        state = step["state"]
        actor = seat_name(names, step["seat"])
        phase = Phase(before["phase"])
        hold = phase is Phase.AUCTION and render.is_hold(step["action"], step["seat"],
                                                          [(s, c) for s, c in before.get("calls") or ()])
        out.write("  " + render.narrate(phase, actor, step["action"], tr, hold) + "\n")
        tricks = state["last_trick"] if step["end"] else None
        done = state["tricks"] if not step["end"] else [*before["tricks"], tricks] if tricks else before["tricks"]
        if len(done) > len(before["tricks"]):
            trick = done[-1]
            cards = [(h, parse_cards([c]).bit_length() - 1) for h, c in trick["cards"]]
            who = seat_name(names, trick["winner"]) if trick["winner"] >= 0 else tr.gettext("nobody")
            out.write("  " + tr.gettext("trick {number}: {cards} -> {player}").format(
                number=len(done), cards=render.trick_text(cards, names, tr), player=who) + "\n")
        before = state
    result = steps[-1]["state"]["last_result"] if steps[-1]["end"] else None
    if result is not None:
        out.write("  " + tr.gettext("tricks: {counts}").format(counts=" ".join(str(t) for t in result["tricks"]))
                  + "\n")


def add_parser(sub: Any) -> None:
    s = sub.add_parser("replay", help="watch a saved game or an online table again, deal by deal")
    s.add_argument("source", metavar="SOURCE", help="a game saved by play --save, or a table's invite link "
                   "(http://host:port/t/ID)")
    s.add_argument("--deal", type=int, default=None, metavar="K", help="only deal K (0-based; default: all)")
    s.add_argument("--seat", type=int, default=None, metavar="N",
                   help="a saved game as seat N saw it (default: every card)")
    s.add_argument("--token", default=None, metavar="T", help="an online table as the seat of this token saw it")
    add_lang_option(s)
    s.set_defaults(func=cmd_replay)
