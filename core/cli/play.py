"""``preferans play``: a pulka among bots, or with a person at one seat; ``--save``/``--resume``."""

from __future__ import annotations

import argparse
import os
import secrets
import sys
from pathlib import Path
from typing import Any, TextIO

from preferans.core.ai.bots import resync
from preferans.core.ai.registry import BOTS, make_bot
from preferans.core.cli.common import (
    add_lang_option,
    add_plugin_option,
    add_sheet_layout_option,
    add_variant_options,
    dump_json,
    local_plugins,
    note_slow_solver,
    parse_bots,
    seed_value,
    translator_for,
    variant_from,
)
from preferans.core.cli.hints import hint_line
from preferans.core.engine.game import Game, Phase
from preferans.core.formats import render, talk
from preferans.core.formats.atomic import check_writable
from preferans.core.formats.report import match_report, seat_name
from preferans.core.formats.saves import DEFAULT_NAMES, Session
from preferans.core.model.errors import IllegalActionError, bad_input, check_names, excerpt, nearest
from preferans.core.rules.commented import name_in
from preferans.core.tools.table import can_claim, claim_lead, claim_tricks, load_session

MATCH_CAP = 2000
"""A bot pulka that runs past this many deals is stopped and reported unfinished (random bots rarely
close their pools)."""


def _parse_names(text: str | None, n: int) -> list[str]:
    if text is None:
        return list(DEFAULT_NAMES[:n])
    return check_names([t.strip() for t in text.split(",")], "--names", n)


def _parse_human(text: str | None, names: list[str]) -> int | None:
    if text is None:
        return None
    t = text.strip()
    if t.lstrip("-").isascii() and t.lstrip("-").isdigit() and len(t) < 10:
        seat = int(t)
        if 0 <= seat < len(names):
            return seat
        raise bad_input("--human: seat {seat} does not exist (seats 0..{last}: {names})", seat=seat,
                        last=len(names) - 1, names=", ".join(names))
    for i, name in enumerate(names):
        if name.lower() == t.lower():
            return i
    raise bad_input("--human: no player {name}{nearest} (a seat 0..{last} or one of: {names})", name=excerpt(t),
                    nearest=nearest(t, names), last=len(names) - 1, names=", ".join(names))


def random_seed() -> int:
    """The seed of a game started without ``--seed``: six digits from the system's randomness, short enough
    to type again (``--seed N`` replays the game)."""
    return secrets.randbelow(1_000_000)


def _new_session(args: argparse.Namespace) -> Session:
    variant = variant_from(args)
    n = variant.rules.players
    seed = random_seed() if args.seed is None else args.seed
    names = _parse_names(args.names, n)
    human = _parse_human(args.human, names)
    bots = parse_bots(args.bots, n, human)
    save = Path(args.save) if args.save else None
    return Session(Game(variant, seed), names, bots, human, save)


class _Stop(Exception):
    """The human ended the session (end of input, Ctrl-C or ``quit``)."""


YES = ("y", "yes")


class _Table:
    """The terminal of the human player: prints the situation and reads choices.

    ``saved``: the game is kept in a file, so quitting loses nothing and is not asked twice. A claim once
    accepted is played out to the end of its deal (``claimed`` is that deal's number); one declined is not
    offered again in that deal."""

    def __init__(self, out: render.Printer, stdin: TextIO, saved: bool = False, hints: bool = False) -> None:
        self.out = out
        self.hints = hints  # --hints: the hard bot's top moves before each choice (core/cli/hints.py)
        self.stdin = stdin
        self.saved = saved
        self.claimed: int | None = None
        self.declined: int | None = None
        self.discard_total: dict[tuple[int, int], int] = {}

    def ask(self, prompt: str) -> str:
        if self.out.stream is sys.stdout and self.stdin is sys.stdin and self.stdin.isatty():
            return input(prompt)  # line editing on a terminal
        self.out.stream.write(prompt)
        self.out.stream.flush()
        try:
            line = self.stdin.readline()
        except OSError as exc:  # standard input a folder, a device that fails
            raise bad_input("{option}: cannot read the moves from standard input: {reason}", option="--human",
                            reason=exc.strerror or type(exc).__name__) from None
        if not line:
            raise EOFError
        self.out.line(line.rstrip("\n"))  # echo scripted input so the transcript reads like a session
        return line

    def confirm(self, prompt: str) -> bool:
        """A yes/no question, no by default; the end of input is a no."""
        try:
            return self.ask(prompt + " [y/N] ").strip().lower() in YES  # y/N typed as written, any language
        except EOFError:
            return False

    def _quit(self) -> None:
        """``q``: stop; an unsaved game asks first (the end of input or Ctrl-C there stops too)."""
        if self.saved:
            raise _Stop
        try:
            answer = self.ask(self.out.tr.gettext("quit without saving?") + " [y/N] ").strip().lower()
        except (EOFError, KeyboardInterrupt):
            raise _Stop from None
        if answer in YES:
            raise _Stop

    def _auto(self, game: Game, seat: int, names: list[str], card: str, why: str) -> None:
        """Play ``card`` for the human without asking, and say so with the trick it goes to."""
        tr = self.out.tr
        play = game.deal.play
        assert play is not None
        hand = play.to_play
        trick = render.trick_text(play.trick, names, tr)
        said = tr.gettext("you play {card} ({why})") if hand == seat else tr.gettext(
            "you play {card} from {player}'s hand ({why})")
        game.apply(card)
        before = f"{trick}; " if trick else ""
        reason = tr.pgettext("auto", "claim") if why == "claim" else tr.pgettext("auto", "forced")
        self.out.line(before + said.format(card=render.card_label(card, tr), player=seat_name(names, hand),
                                           why=reason))

    def human_turn(self, game: Game, seat: int, names: list[str]) -> None:
        """Show the situation, read a choice and apply it; re-ask on anything illegal. A forced card, and
        every card of an accepted claim, is played without asking."""
        tr = self.out.tr
        legal = game.legal_actions()
        deal = game.deal
        if game.phase is Phase.PLAY:
            play = deal.play
            assert play is not None
            if self.claimed == deal.number:
                # the claimer wins every trick, so leads every one; a hand he also plays only follows
                card = legal[0] if play.trick else claim_lead(game)
                self._auto(game, seat, names, card, "claim")
                return
            if len(legal) == 1:
                self._auto(game, seat, names, legal[0], "forced")
                return
        elif len(legal) == 1:  # an only call (the Austrian "quiet" with no premium to announce): made for him
            game.apply(legal[0])
            self.out.line(tr.gettext("you call {call} (forced: your only choice)").format(call=tr.call(legal[0])))
            return
        # a claim for his own hand only (not for a hand he plays for another, whose tricks are not his)
        claim = game.phase is Phase.PLAY and deal.play is not None and deal.play.to_play == seat and can_claim(game)
        self.out.line()
        self.out.lines(render.situation(game, seat, names, tr))
        total = 0
        if game.phase is Phase.DISCARD:  # the count of the step: remembered from its first card
            start = deal.to_discard + (0 if deal.discarded_by else deal.discard.bit_count())
            total = self.discard_total.setdefault((deal.number, len(deal.discarded_by)), start)
        self.out.lines(talk.step_lines(game, seat, total, tr))
        if claim and self.declined != deal.number:
            n = claim_tricks(game)
            if self.confirm(tr.ngettext("every trick left is yours whatever the others hold: claim the rest "
                                        "({n} trick)?", "every trick left is yours whatever the others hold: "
                                        "claim the rest ({n} tricks)?", n).format(n=n)):
                self.claimed = deal.number
                self._auto(game, seat, names, claim_lead(game), "claim")
                return
            self.declined = deal.number
        keys = render.menu_keys(legal)
        # a number that holds another seat's bid is shown (and may be typed) by the word of a hold
        held = render.holds(legal, seat, deal.calls) if game.phase is Phase.AUCTION else set()
        self.out.line(tr.gettext("your choices:"))
        self.out.lines(render.choices(legal, game.phase, keys=keys, tr=tr, held=held))
        if self.hints:
            self.out.line(hint_line(game, seat, tr))
        span = f"{keys[0]}-{keys[-1]}" if len(keys) > 1 else keys[0]
        typed = render.typed_words(legal, game.phase, tr, held)
        while True:
            try:
                text = self.ask(tr.gettext("{player}, choose {span} or type it ({help} help, {sheet}, {quit} quit): ")
                                .format(player=names[seat], span=span, help="?", sheet="sheet", quit="q")).strip()
            except (EOFError, KeyboardInterrupt):
                raise _Stop from None
            if not text:
                continue
            word = text.lower()
            if text in legal:
                action = text
            elif word in keys:
                action = legal[keys.index(word)]
            elif word in typed:  # the word the menu shows, in the table's language
                action = typed[word]
            elif text.isdigit() and keys[0].isdigit():
                self.out.line(tr.gettext("no choice {text}: enter a number from 1 to {last}").format(
                    text=text, last=len(legal)))
                continue
            elif word in ("q", "quit", "exit"):
                self._quit()
                continue
            elif word in ("?", "h", "help"):
                self.out.lines(render.situation(game, seat, names, tr))
                self.out.lines(render.choices(legal, game.phase, keys=keys, tr=tr, held=held))
                self.out.lines(talk.call_help(game, legal, keys, tr))
                continue
            elif word in ("sheet", "?s"):  # after the deals played: not the ante already in for this one
                render.print_sheet(self.out, game.match.posted(), names)
                continue
            elif word == "claim":
                if not claim:
                    self.out.line(tr.gettext("no claim now: every trick left must be surely yours, and you on lead"))
                    continue
                self.claimed = deal.number
                self._auto(game, seat, names, claim_lead(game), "claim")
                return
            else:
                action = text  # a call or a card as typed (TH, A♠, PASS); a number, when the menu is lettered
            try:
                game.apply(action)  # canonicalises aliases (TH, A♠, PASS); state unchanged if illegal
            except IllegalActionError:  # said in the table's words: the menu's key span and its choices
                self.out.line(tr.gettext("not allowed now: {action} (choose {span}, or type a choice as the menu "
                                         "shows it)").format(action=excerpt(text), span=span))
                continue
            return


def _play_loop(session: Session, out: render.Printer, ui: _Table | None, quiet: bool) -> tuple[bool, str]:
    """Run the game until it ends, the cap is reached or the human stops. Returns (stopped, reason)."""
    game, names, human = session.game, session.names, session.human
    tr = out.tr
    players = session.players
    interactive = human is not None
    told = -1  # the last deal whose sitting-out dealer was told so
    while not game.is_terminal:
        if ui is not None and human is not None and told != game.deal.number and human not in game.deal.active:
            told = game.deal.number  # four players: the dealer sits this deal out and is never asked in it
            ui.out.line(tr.gettext("deal {number}: you deal and sit out; the other three play it").format(
                number=game.deal.number + 1))
        if not interactive and len(game.results) >= MATCH_CAP:
            return True, tr.gettext("stopped after {cap} deals (the match cap): the match is not finished").format(
                cap=MATCH_CAP)
        seat = game.current_player
        deal, phase = game.deal, game.phase
        done = len(game.results)
        tricks = len(deal.play.completed) if deal.play is not None else 0
        hand = deal.play.to_play if (deal.play is not None and phase is Phase.PLAY) else seat
        if seat == human:
            assert ui is not None
            ui.human_turn(game, seat, names)
        else:
            bot = players[seat]
            assert bot is not None
            action = bot.choose(game, seat)
            hold = phase is Phase.AUCTION and render.is_hold(action, seat, deal.calls)
            game.apply(action)
            if ui is not None:
                actor = names[seat] if hand == seat else tr.gettext("{player} (for {hand})").format(
                    player=names[seat], hand=seat_name(names, hand))
                ui.out.line(render.narrate(phase, actor, action, tr, hold))
        if ui is not None and deal.play is not None and len(deal.play.completed) > tricks:
            winner, cards = deal.play.completed[-1]
            who = seat_name(names, winner) if winner >= 0 else tr.gettext("nobody")
            ui.out.line(tr.gettext("trick {number}: {cards} -> {player}").format(
                number=len(deal.play.completed), cards=render.trick_text(cards, names, tr), player=who))
        if interactive:
            session.save_now()
        if len(game.results) > done:
            number = len(game.results)
            if not quiet:
                out.line(render.deal_line(number, game.results[-1], game.deal_entries[-1], names, out.tr))
            if ui is not None:  # the deal in words, and the sheet unless the final one follows
                ui.out.line(tr.gettext("deal {number} result: {words}").format(
                    number=number, words=talk.deal_words(game.results[-1], names, tr)))
                if not game.is_terminal:  # the deals played, without the next deal's ante already written
                    render.print_sheet(ui.out, game.match.posted(), names)
            if not interactive:
                session.save_now()
    return False, ""


def _check_save(session: Session, args: argparse.Namespace) -> None:
    """The file of ``--save`` (or the resumed save) can be written, and a file already there is overwritten
    only with ``--force`` (or when it is the game being resumed): the one-line error comes before the game."""
    if session.save is None:
        return
    check_writable(session.save)
    if not args.save or args.force or not os.path.exists(session.save):
        return
    if args.resume:
        try:
            if os.path.samefile(args.resume, session.save):
                return
        except OSError:
            pass
    raise bad_input("{path}: file exists; use --force to overwrite it", path=session.save)


def cmd_play(args: argparse.Namespace) -> int:
    if args.resume:
        clash = [opt for opt, value in (("--config", args.config), ("--variant", args.variant),
                                        ("--seed", args.seed), ("--human", args.human), ("--bots", args.bots),
                                        ("--names", args.names), ("--rule", args.rule or None))
                 if value is not None]
        if clash:
            raise bad_input("--resume: {options} cannot be changed in a saved game (it keeps its variant, seed, "
                            "players and bots)", options=", ".join(clash))
        # the local plugins of the game, which the save names but never loads: given again with --plugin
        session = load_session(Path(args.resume), local_plugins(args))
        if args.save:
            session.save = Path(args.save)
    else:
        session = _new_session(args)
    if args.hints and session.human is None:
        raise bad_input("{option}: hints are for the human player: use it with {needs}", option="--hints",
                        needs="--human SEAT")
    _check_save(session, args)  # before the first line: a bad --save is the only thing said
    if session.human is not None and sys.stdin is None:
        raise bad_input("{option}: cannot read the moves: standard input is closed", option="--human")
    game = session.game
    session.players = [None if s == session.human else make_bot(b, game.seed, s)
                       for s, b in enumerate(session.bots)]
    if args.resume:
        resync(game, session.players)  # a random bot continues with the choices it would have made
    # with --json, stdout carries only the result object; the table talk goes to stderr
    stream = sys.stderr if args.json else sys.stdout
    tr = translator_for(args, game.variant, stream)  # the calls with the suit symbols stream can write
    note_slow_solver([*session.bots, *(["hard"] if args.hints else [])], tr)  # the hints are the hard bot's
    out = render.Printer(stream, tr=tr, sheet_layout=args.sheet_layout)
    ui = (_Table(out, sys.stdin, saved=session.save is not None, hints=args.hints)
          if session.human is not None else None)
    names = session.names
    if args.resume:
        out.line(tr.gettext("resumed {file}: deal {deal}, after {actions} actions").format(
            file=args.resume, deal=len(game.results) + 1, actions=len(game.history)))
    else:
        who = ", ".join(f"{n} ({b})" for n, b in zip(names, session.bots, strict=True))
        if not args.json:
            out.line(tr.gettext("{variant} {match}, seed {seed}: {players}").format(
                variant=name_in(game.variant, tr), match=tr.term("match", game.variant.match_word), seed=game.seed,
                players=who))
        if args.seed is None:  # a seed drawn at random: say how to play this game again (stderr with --json)
            out.line(tr.gettext("seed {seed} (replay with --seed {seed})").format(seed=game.seed))
    session.save_now()
    stopped, reason = False, ""
    try:
        stopped, reason = _play_loop(session, out, ui, quiet=bool(args.json))
    except (_Stop, KeyboardInterrupt) as exc:
        where = tr.ngettext("deal {deal}, after {actions} action", "deal {deal}, after {actions} actions",
                            len(game.history)).format(deal=len(game.results) + 1, actions=len(game.history))
        if session.save is not None:
            session.save_now()
            again = "".join(f" --plugin {path}" for path in args.plugin)  # the save names them, never loads them
            out.line("\n" + tr.gettext("stopped at {where}; saved to {file} (continue with: {command})").format(
                where=where, file=session.save, command=f"preferans play --resume {session.save}{again}"))
        else:
            out.line("\n" + tr.gettext("stopped at {where}; not saved (use {option} to keep a game)").format(
                where=where, option="--save FILE"))
        return 0 if (isinstance(exc, _Stop) or ui is not None) else 130
    finished = game.is_terminal
    if reason:
        out.line(reason)
    if args.json:
        dump_json(match_report(game.match, names, finished))
        return 0
    out.line()
    ok = render.print_result(out, game.match.posted(), names, finished)
    if session.save is not None:
        out.line(tr.gettext("saved to {file}").format(file=session.save))
    return 0 if ok else 1


def add_parser(sub: Any) -> None:
    s = sub.add_parser("play", help="play a match (bots, or you with --human)")
    add_variant_options(s)
    s.add_argument("--seed", type=seed_value, help="seed of the shuffle: a whole number 0 or more (default: a "
                                                   "random one, printed so that the game can be replayed)")
    s.add_argument("--human", metavar="SEAT", help="play yourself: seat number from 0, or a player name")
    s.add_argument("--bots", metavar="NAMES",
                   help=f"{' or '.join(BOTS)}, one for all or a comma list per seat")
    s.add_argument("--names", metavar="A,B,C", help="player names in seating order")
    s.add_argument("--hints", action="store_true",
                   help="with --human: before each of your choices, the hard bot's best moves (docs/bots.md)")
    s.add_argument("--save", metavar="FILE", help="keep the replayable game in FILE (rewritten as it goes)")
    s.add_argument("--resume", metavar="FILE", help="continue a game saved with --save (and the same --plugin files)")
    s.add_argument("--force", action="store_true", help="with --save: overwrite a file that is already there")
    add_plugin_option(s)
    s.add_argument("--json", action="store_true", help="print only the result object as JSON")
    add_sheet_layout_option(s)
    add_lang_option(s)
    s.set_defaults(func=cmd_play)
