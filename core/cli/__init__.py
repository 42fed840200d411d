"""The ``preferans`` command line.

Subcommands: ``variants``, ``show``, ``schema``, ``config init|check``, ``play``, ``simulate``, ``arena``,
``score``, ``sheet``, ``solve``, ``analyse``, ``conformance``, ``new-variant`` and ``ppn import|export``
(docs/cli.md). Exit codes: 0 success, 2 bad input (one line on stderr naming the file, key or action, never a
traceback), 1 internal error (set ``PREFERANS_DEBUG=1`` for the traceback). Files are written atomically
(a temporary file in the same folder, then ``os.replace``), so an interrupted write never leaves half a
file behind.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn, TextIO

from preferans.core.ai.bots import resync
from preferans.core.ai.registry import BOTS, check_bot, make_bot
from preferans.core.engine.game import Game, Phase
from preferans.core.formats import render
from preferans.core.formats.report import match_report, seat_name
from preferans.core.formats.saves import (
    DEFAULT_NAMES,
    HUMAN,
    SAVE_FORMAT,
    SAVE_VERSION,
    Session,
    write_atomic,
)
from preferans.core.formats.saves import (
    load_session as read_session,
)
from preferans.core.model.errors import BadInput, IllegalActionError, nearest
from preferans.core.model.views import DealResult
from preferans.core.rules.config import (
    DEFAULT_VARIANT,
    Variant,
    config_from_dict,
    load_config,
    load_variant,
    parse_variant_id,
    resolve_chain,
    starter_config,
)
from preferans.core.rules.manager import installed_variants
from preferans.core.tools.parallel import check_jobs, derive_seed, progress_bar, run_units

MATCH_CAP = 2000
"""A bot pulka that runs past this many deals is stopped and reported unfinished (random bots rarely
close their pools)."""


class _Parser(argparse.ArgumentParser):
    """argparse with a one-line error (the usage is one ``--help`` away)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


# ---------------------------------------------------------------- small helpers



def load_session(path: Path) -> Session:
    """A save file, with every seat's bot name checked against the bot registry."""
    return read_session(path, check_bot)

def _variant_from(args: argparse.Namespace) -> Variant:
    if getattr(args, "config", None):
        return load_config(args.config)
    return load_variant(getattr(args, "variant", None) or DEFAULT_VARIANT, source="command line")


def _dump_json(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2))


# ---------------------------------------------------------------- variants, show, schema, config


def cmd_variants(args: argparse.Namespace) -> int:
    found = []
    for name, inst in installed_variants().items():
        item: dict[str, Any] = {"name": name, "distribution": inst.distribution, "module": inst.module}
        try:
            preset = resolve_chain(name, "installed variants", name)[-1].preset
            item.update(description=preset.description, abstract=preset.abstract, extends=preset.extends)
        except BadInput as exc:  # a broken third-party variant must not hide the others
            item.update(description=f"(cannot be loaded: {exc})", abstract=False, extends=None)
        found.append(item)
    if args.json:
        _dump_json(found)
        return 0
    rows = [[v["name"], v["distribution"], ("(family base) " if v["abstract"] else "") + v["description"]]
            for v in found]
    out = render.Printer(sys.stdout)
    out.table("" if not out.rich else "Installed variants", ["variant", "distribution", "description"], rows,
              align="lll")
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    sys.stdout.write(load_variant(args.variant, source="command line").to_toml())
    return 0


def cmd_schema(args: argparse.Namespace) -> int:
    _dump_json(load_variant(args.variant, source="command line").json_schema())
    return 0


def cmd_config_init(args: argparse.Namespace) -> int:
    text = starter_config(load_variant(args.variant, source="command line"))
    if not args.output or args.output == "-":
        sys.stdout.write(text)
        return 0
    path = Path(args.output)
    if path.exists() and not args.force:
        raise BadInput(f"{path}: file exists; use --force to overwrite it")
    write_atomic(path, text)
    print(f"wrote {path} (variant {args.variant})")
    return 0


def cmd_config_check(args: argparse.Namespace) -> int:
    variant = load_config(args.file)
    print(f"{args.file}: ok (variant {variant.name})")
    return 0


# ---------------------------------------------------------------- play


def _parse_names(text: str | None, n: int) -> list[str]:
    if text is None:
        return list(DEFAULT_NAMES[:n])
    names = [t.strip() for t in text.split(",")]
    if len(names) != n or any(not x for x in names) or len({x.lower() for x in names}) != n:
        raise BadInput(f"--names: expected {n} different non-empty names separated by commas, got {text!r}")
    return names


def _parse_human(text: str | None, names: list[str]) -> int | None:
    if text is None:
        return None
    t = text.strip()
    if t.lstrip("-").isdigit():
        seat = int(t)
        if 0 <= seat < len(names):
            return seat
        raise BadInput(f"--human: seat {seat} does not exist (seats 0..{len(names) - 1}: {', '.join(names)})")
    for i, name in enumerate(names):
        if name.lower() == t.lower():
            return i
    raise BadInput(f"--human: no player {t!r}{nearest(t, names)} (a seat 0..{len(names) - 1} or one of: "
                   f"{', '.join(names)})")


def _parse_bots(text: str | None, n: int, human: int | None) -> list[str]:
    """One bot name for every seat, or a comma list per seat (without the human's seat, or with it)."""
    given = [t.strip().lower() for t in (text or "heuristic").split(",")]
    others = [s for s in range(n) if s != human]
    if len(given) == 1:
        per_seat = {s: given[0] for s in others}
    elif len(given) == n:
        per_seat = {s: given[s] for s in others}
    elif human is not None and len(given) == len(others):
        per_seat = dict(zip(others, given, strict=True))
    else:
        want = f"1 or {n}" + (f" or {len(others)}" if human is not None else "")
        raise BadInput(f"--bots: expected {want} bot names separated by commas, got {len(given)} ({text!r})")
    for seat, name in per_seat.items():
        make_bot(name, 0, seat, where="--bots")  # validates the name
    return [HUMAN if s == human else per_seat[s] for s in range(n)]


def _new_session(args: argparse.Namespace) -> Session:
    variant = _variant_from(args)
    n = variant.rules.players
    seed = 1 if args.seed is None else args.seed
    names = _parse_names(args.names, n)
    human = _parse_human(args.human, names)
    bots = _parse_bots(args.bots, n, human)
    save = Path(args.save) if args.save else None
    return Session(Game(variant, seed), names, bots, human, save)


class _Stop(Exception):
    """The human ended the session (end of input, Ctrl-C or ``quit``)."""


class _Table:
    """The terminal of the human player: prints the situation and reads choices."""

    def __init__(self, out: render.Printer, stdin: TextIO) -> None:
        self.out = out
        self.stdin = stdin

    def ask(self, prompt: str) -> str:
        if self.out.stream is sys.stdout and self.stdin is sys.stdin and self.stdin.isatty():
            return input(prompt)  # line editing on a terminal
        self.out.stream.write(prompt)
        self.out.stream.flush()
        line = self.stdin.readline()
        if not line:
            raise EOFError
        self.out.line(line.rstrip("\n"))  # echo scripted input so the transcript reads like a session
        return line

    def human_turn(self, game: Game, seat: int, names: list[str]) -> None:
        """Show the situation, read a choice and apply it; re-ask on anything illegal."""
        legal = game.legal_actions()
        self.out.line()
        self.out.lines(render.situation(game, seat, names))
        self.out.line("your choices:")
        self.out.lines(render.choices(legal, game.phase))
        while True:
            try:
                text = self.ask(f"{names[seat]}, choose 1-{len(legal)} or type it (? help, q quit): ").strip()
            except (EOFError, KeyboardInterrupt):
                raise _Stop from None
            if not text:
                continue
            if text.lower() in ("q", "quit", "exit"):
                raise _Stop
            if text in ("?", "h", "help"):
                self.out.lines(render.situation(game, seat, names))
                self.out.lines(render.choices(legal, game.phase))
                self.out.line("type a number, or the action itself (pass, whist, 7H, misere); "
                              + render.SUIT_HELP)
                continue
            action = text
            if text.isdigit():
                k = int(text)
                if not 1 <= k <= len(legal):
                    self.out.line(f"no choice {k}: enter a number from 1 to {len(legal)}")
                    continue
                action = legal[k - 1]
            try:
                game.apply(action)  # canonicalises aliases (TH, A♠, PASS); state unchanged if illegal
            except IllegalActionError as exc:
                self.out.line(f"not allowed: {exc}")
                continue
            return


def _play_loop(session: Session, out: render.Printer, ui: _Table | None, quiet: bool) -> tuple[bool, str]:
    """Run the game until it ends, the cap is reached or the human stops. Returns (stopped, reason)."""
    game, names, human = session.game, session.names, session.human
    players = session.players
    interactive = human is not None
    while not game.is_terminal:
        if not interactive and len(game.results) >= MATCH_CAP:
            return True, f"stopped after {MATCH_CAP} deals (the match cap): the pulka is unfinished"
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
            game.apply(action)
            if ui is not None:
                actor = names[seat] if hand == seat else f"{names[seat]} (for {seat_name(names, hand)})"
                ui.out.line(render.narrate(phase, actor, action))
        if ui is not None and deal.play is not None and len(deal.play.completed) > tricks:
            winner, cards = deal.play.completed[-1]
            who = seat_name(names, winner) if winner >= 0 else "nobody"
            ui.out.line(f"trick {len(deal.play.completed)}: {render.trick_text(cards, names)} -> {who}")
        if interactive:
            session.save_now()
        if len(game.results) > done:
            number = len(game.results)
            if not quiet:
                out.line(render.deal_line(number, game.results[-1], game.deal_entries[-1], names))
            if not interactive:
                session.save_now()
    return False, ""


def cmd_play(args: argparse.Namespace) -> int:
    if args.resume:
        clash = [opt for opt, value in (("--config", args.config), ("--variant", args.variant),
                                        ("--seed", args.seed), ("--human", args.human), ("--bots", args.bots),
                                        ("--names", args.names)) if value is not None]
        if clash:
            raise BadInput(f"--resume: {', '.join(clash)} cannot be changed in a saved game "
                           "(it keeps its variant, seed, players and bots)")
        session = load_session(Path(args.resume))
        if args.save:
            session.save = Path(args.save)
    else:
        session = _new_session(args)
    game = session.game
    session.players = [None if s == session.human else make_bot(b, game.seed, s)
                       for s, b in enumerate(session.bots)]
    if args.resume:
        resync(game, session.players)  # a random bot continues with the choices it would have made
    # with --json, stdout carries only the result object; the table talk goes to stderr
    out = render.Printer(sys.stderr if args.json else sys.stdout)
    ui = _Table(out, sys.stdin) if session.human is not None else None
    names = session.names
    if args.resume:
        out.line(f"resumed {args.resume}: deal {len(game.results) + 1}, after {len(game.history)} actions")
    elif not args.json:
        who = ", ".join(f"{n} ({b})" for n, b in zip(names, session.bots, strict=True))
        out.line(f"{game.variant.name} pulka, seed {game.seed}: {who}")
    session.save_now()
    stopped, reason = False, ""
    try:
        stopped, reason = _play_loop(session, out, ui, quiet=bool(args.json))
    except (_Stop, KeyboardInterrupt) as exc:
        where = f"deal {len(game.results) + 1}, after {len(game.history)} actions"
        if session.save is not None:
            session.save_now()
            out.line(f"\nstopped at {where}; saved to {session.save} "
                     f"(continue with: preferans play --resume {session.save})")
        else:
            out.line(f"\nstopped at {where}; not saved (use --save FILE to keep a game)")
        return 0 if (isinstance(exc, _Stop) or ui is not None) else 130
    finished = game.is_terminal
    if reason:
        out.line(reason)
    if args.json:
        _dump_json(match_report(game.match, names, finished))
        return 0
    out.line()
    ok = render.print_result(out, game.match, names, finished)
    if session.save is not None:
        out.line(f"saved to {session.save}")
    return 0 if ok else 1


# ---------------------------------------------------------------- simulate


@dataclass
class Tally:
    """Counts over simulated deals."""

    deals: int = 0
    distribution: Counter[str] = field(default_factory=Counter)
    declared: Counter[str] = field(default_factory=Counter)
    played: int = 0
    made: int = 0

    def add(self, r: DealResult) -> None:
        self.deals += 1
        if r.kind != "contract" or r.contract is None or r.declarer is None:
            self.distribution["raspasovka" if r.played and r.kind == "all_pass" else "not played"] += 1
            return
        self.declared[r.contract.name] += 1
        if not r.played:
            self.distribution["not played"] += 1  # both defenders passed (or half-whisted): no cards
            return
        self.distribution[r.contract.name] += 1
        self.played += 1
        taken, spec = r.tricks[r.declarer], r.contract
        if spec.goal == "none":
            self.made += taken == 0
        elif spec.goal == "all":
            self.made += taken == 10
        else:
            self.made += taken >= spec.target

    def merge(self, other: Tally) -> None:
        self.deals += other.deals
        self.distribution.update(other.distribution)
        self.declared.update(other.declared)
        self.played += other.played
        self.made += other.made


SIMULATE_BLOCK = 250
"""Deals per work unit of ``simulate`` (fixed, whatever ``--jobs``: the results depend on it)."""


@dataclass(frozen=True)
class SimulateBlock:
    """Block ``index`` of a run: ``deals`` deals (picklable: the variant travels as its config)."""

    config: dict[str, Any]
    bots: tuple[str, ...]
    seed: int
    index: int
    deals: int


def simulate_block(block: SimulateBlock, variant: Variant | None = None,
                   progress: Callable[[int], object] | None = None) -> tuple[Tally, int, int]:
    """Play the block's deals; its match k has seed ``derive_seed(S, index, k)`` and a new match starts
    when one ends (the last is stopped when the block is full). Returns the tally, the matches started
    and the matches finished."""
    variant = variant if variant is not None else config_from_dict(block.config, "simulate")
    tally = Tally()
    matches = finished = 0
    while tally.deals < block.deals:
        game = Game(variant, derive_seed(block.seed, block.index, matches))
        players = [make_bot(b, game.seed, s) for s, b in enumerate(block.bots)]
        matches += 1
        results = game.results
        while not game.is_terminal and tally.deals < block.deals:
            before = len(results)
            seat = game.current_player
            game.apply(players[seat].choose(game, seat))
            if len(results) > before:
                tally.add(results[-1])
                if progress is not None:
                    progress(1)
        finished += game.is_terminal
    return tally, matches, finished


def simulate(variant: Variant, deals: int, seed: int, bots: list[str],
             progress: Callable[[int], object] | None = None, *, jobs: int = 1,
             scheduler: str | None = None) -> tuple[Tally, int, int]:
    """Play ``deals`` deals in blocks of :data:`SIMULATE_BLOCK` (see :func:`simulate_block`), here, in
    ``jobs`` processes or on a Dask scheduler; the blocks are combined in order, so any ``jobs`` gives the
    same result. Returns the tally, the matches started and the matches finished."""
    config = variant.config_dict()
    units = [SimulateBlock(config, tuple(bots), seed, c, min(SIMULATE_BLOCK, deals - a))
             for c, a in enumerate(range(0, deals, SIMULATE_BLOCK))]
    if jobs == 1 and scheduler is None:  # in this process: the progress bar moves deal by deal
        parts = [simulate_block(u, variant, progress) for u in units]
    else:
        done = None if progress is None else (lambda part: progress(part[0].deals))
        parts = run_units(simulate_block, units, jobs=jobs, scheduler=scheduler, done=done)
    tally = Tally()
    matches = finished = 0
    for part, started, closed in parts:
        tally.merge(part)
        matches += started
        finished += closed
    return tally, matches, finished


def cmd_simulate(args: argparse.Namespace) -> int:
    variant = _variant_from(args)
    if args.deals < 1:
        raise BadInput(f"--deals: must be at least 1, got {args.deals}")
    check_jobs(args.jobs)
    bots = _parse_bots(args.bots, variant.rules.players, None)
    start = time.perf_counter()
    with progress_bar("simulating", args.deals) as advance:  # on stderr, so it never mixes with --json
        tally, matches, finished = simulate(variant, args.deals, args.seed, bots, advance, jobs=args.jobs,
                                            scheduler=args.scheduler)
    seconds = time.perf_counter() - start
    per_second = tally.deals / seconds if seconds > 0 else 0.0
    order = [s.name for s in variant.contracts if s.biddable] + ["raspasovka", "not played"]
    keys = sorted(tally.distribution, key=lambda k: (order.index(k) if k in order else len(order), k))
    rate = tally.made / tally.played if tally.played else None
    if args.json:
        _dump_json({
            "variant": variant.name, "bots": bots, "seed": args.seed, "deals": tally.deals,
            "matches": matches, "finished_matches": finished, "seconds": round(seconds, 3),
            "deals_per_second": round(per_second, 1),
            "distribution": {k: tally.distribution[k] for k in keys},
            "declared": {k: tally.declared[k] for k in order if tally.declared[k]},
            "declarer": {"played": tally.played, "made": tally.made,
                         "success_rate": None if rate is None else round(rate, 4)},
        })
        return 0
    out = render.Printer(sys.stdout)
    out.line(f"simulated {tally.deals} deals of {variant.name} ({', '.join(bots)}), seed {args.seed}: "
             f"{matches} matches, {finished} finished")
    out.line(f"speed: {per_second:.1f} deals/s ({seconds:.2f} s)")
    dist = tally.distribution
    rows = [[k, str(dist[k]), f"{100 * dist[k] / tally.deals:.1f}%"] for k in keys]
    out.table("Contract distribution", ["contract", "deals", "share"], rows)
    if rate is None:
        out.line("declarer success: no contract was played")
    else:
        out.line(f"declarer success: {tally.made} of {tally.played} played contracts made "
                 f"({100 * rate:.1f}%)")
    return 0


# ---------------------------------------------------------------- score


def cmd_score(args: argparse.Namespace) -> int:
    from preferans.core.formats.scorecard import score_file  # lazily: only this command reads scorecards

    card = score_file(args.file)
    if args.json:
        _dump_json(match_report(card.match, card.names, card.finished))
        return 0
    out = render.Printer(sys.stdout)
    for i, (r, entries) in enumerate(zip(card.match.results, card.match.deal_entries, strict=True), 1):
        out.line(render.deal_line(i, r, entries, card.names))
    out.line()
    return 0 if render.print_result(out, card.match, card.names, card.finished) else 1


# ---------------------------------------------------------------- sheet


def cmd_sheet(args: argparse.Namespace) -> int:
    from preferans.core.formats import sheet  # lazily: only this command draws sheets

    source = sheet.load(args.file)
    match, names = source.match, source.names
    if args.svg and not sheet.is_pulka(match):
        raise BadInput(f"sheet: --svg: the drawn sheet is the Russian pulka (pool, mountain, whists); "
                       f"{match.variant.name} has none: run without --svg for its own sheet")
    if args.svg:
        state = "finished" if source.finished else "unfinished"
        title = f"{match.variant.name}: {', '.join(names)}"
        write_atomic(Path(args.svg), sheet.svg(match, names, source.finished, title))
        print(f"wrote {args.svg}: the {state} pulka after {len(match.results)} deals")
        return 0
    out = render.Printer(sys.stdout)
    out.lines(sheet.text_lines(match, names))
    out.line()
    return 0 if render.print_result(out, match, names, source.finished) else 1


# ---------------------------------------------------------------- conformance, new-variant


def cmd_conformance(args: argparse.Namespace) -> int:
    try:
        from preferans.core.testing.runner import run  # lazily: needs pytest (the [test] extra)
    except ImportError as exc:
        raise BadInput(f"conformance: needs pytest ({exc}); install preferans[test]") from None
    for ident in args.variants:  # a malformed ID, an unknown name or key is a one-line error, exit 2
        name, overrides = parse_variant_id(ident, "conformance")
        load_variant(name, overrides or None, source=f"conformance {ident}")
    reports, errors = run(list(args.variants), args.deals, args.seed, verbose=args.verbose)
    out = render.Printer(sys.stdout)
    rows = [[r.name, str(r.passed), str(r.failed), str(r.skipped), "ok" if r.ok else "FAILED"] for r in reports]
    out.line()
    out.table("" if not out.rich else "Conformance", ["variant", "passed", "failed", "skipped", "result"], rows,
              align="lrrrl")
    for r in reports:
        for check, why in r.failures.items():
            out.line(f"{r.name}: {check}: {why}")
    for err in errors:
        out.line(f"collection error: {err}")
    return 0 if reports and all(r.ok for r in reports) and not errors else 1


def cmd_new_variant(args: argparse.Namespace) -> int:
    from preferans.core.tools.scaffold import new_variant

    root = new_variant(args.name, args.extends, args.output, args.description or "")
    print(f"wrote {root}: pip install {root} && preferans conformance {args.name}")
    return 0


# ---------------------------------------------------------------- ppn


def cmd_ppn_import(args: argparse.Namespace) -> int:
    from preferans.core.formats import ppn, ppn_game  # lazily: only these commands read PPN

    doc = ppn.read_file(args.file)
    imported = ppn_game.import_game(doc, args.file, variant=args.variant, check=not args.no_check)
    game = imported.game
    data = {"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": game.to_dict(), "names": imported.names,
            "bots": imported.bots, "human": imported.human}
    text = json.dumps(data, ensure_ascii=False) + "\n"  # exactly what play --save writes
    if not args.output or args.output == "-":
        sys.stdout.write(text)
        return 0
    write_atomic(Path(args.output), text)
    state = "finished" if game.is_terminal else f"unfinished: preferans play --resume {args.output} continues it"
    print(f"wrote {args.output}: {len(game.results)} deals of {game.variant.name} ({state})")
    return 0


def cmd_ppn_export(args: argparse.Namespace) -> int:
    from preferans.core.formats import ppn, ppn_game

    path = Path(args.log)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        data = None  # load_session names the problem
    if isinstance(data, dict) and data.get("format") == "preferans-game":
        game = Game.from_dict(data, source=str(path))
        names, bots, human = list(DEFAULT_NAMES[:game.n_players]), None, None
    else:
        session = load_session(path)
        game, names, bots, human = session.game, session.names, session.bots, session.human
    doc, pending = ppn_game.export_game(game, names, bots, human, source=str(path))
    if pending:
        print(f"preferans: note: deal {len(game.results) + 1} is in progress ({pending} actions) and is not "
              "exported: PPN records whole deals", file=sys.stderr)
    text = ppn.write_json(doc) if args.json else ppn.write_line(doc)
    if not args.output or args.output == "-":
        sys.stdout.write(text)
        return 0
    write_atomic(Path(args.output), text)
    print(f"wrote {args.output}: {len(doc.records)} deals in PPN ({'JSON' if args.json else 'line'} form)")
    return 0


# ---------------------------------------------------------------- solve, analyse (the double-dummy solver)


def cmd_solve(args: argparse.Namespace) -> int:
    from preferans.core.tools.solve import cmd_solve as run  # lazily: only these commands load the solver

    return run(args)


def cmd_analyse(args: argparse.Namespace) -> int:
    from preferans.core.tools.analysis import cmd_analyse as run

    return run(args)


# ---------------------------------------------------------------- arena


def cmd_arena(args: argparse.Namespace) -> int:
    from preferans.core.tools.arena import run_command  # lazily: only this command loads the arena

    return run_command(args)


# ---------------------------------------------------------------- parser and main


def _add_scale_out(s: argparse.ArgumentParser) -> None:
    """``--jobs`` and ``--scheduler`` of simulate and arena (the same result for any of them)."""
    where = s.add_mutually_exclusive_group()
    where.add_argument("--jobs", type=int, default=1, metavar="J",
                       help="local worker processes (default 1: this process); the result does not depend on it")
    where.add_argument("--scheduler", metavar="ADDRESS",
                       help="run on the Dask cluster at ADDRESS (needs the dask extra)")


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="preferans", description="Preferans in its regional variants: play, simulate, score.")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    s = sub.add_parser("variants", help="list the installed variants")
    s.add_argument("--json", action="store_true", help="print a JSON list")
    s.set_defaults(func=cmd_variants)

    s = sub.add_parser("show", help="print the effective rules of a variant as TOML")
    s.add_argument("variant")
    s.set_defaults(func=cmd_show)

    s = sub.add_parser("schema", help="print the JSON schema of a variant's [rules]")
    s.add_argument("variant")
    s.set_defaults(func=cmd_schema)

    s = sub.add_parser("config", help="write or check a game config file")
    csub = s.add_subparsers(dest="config_command", required=True, metavar="init|check")
    c = csub.add_parser("init", help="write a commented starting config")
    c.add_argument("variant")
    c.add_argument("-o", "--output", help="file to write (default: print it)")
    c.add_argument("--force", action="store_true", help="overwrite an existing file")
    c.set_defaults(func=cmd_config_init)
    c = csub.add_parser("check", help="validate a config file")
    c.add_argument("file")
    c.set_defaults(func=cmd_config_check)

    s = sub.add_parser("play", help="play a pulka (bots, or you with --human)")
    which = s.add_mutually_exclusive_group()
    which.add_argument("--config", metavar="FILE", help="game config (TOML or JSON)")
    which.add_argument("--variant", metavar="NAME",
                       help=f"variant with its preset rules (default {DEFAULT_VARIANT})")
    s.add_argument("--seed", type=int, help="seed of the deal (default 1)")
    s.add_argument("--human", metavar="SEAT", help="play yourself: seat number from 0, or a player name")
    s.add_argument("--bots", metavar="NAMES",
                   help=f"{' or '.join(BOTS)}, one for all or a comma list per seat")
    s.add_argument("--names", metavar="A,B,C", help="player names in seating order")
    s.add_argument("--save", metavar="FILE", help="keep the replayable game in FILE (rewritten as it goes)")
    s.add_argument("--resume", metavar="FILE", help="continue a game saved with --save")
    s.add_argument("--json", action="store_true", help="print only the result object as JSON")
    s.set_defaults(func=cmd_play)

    s = sub.add_parser("simulate", help="play many deals bot against bot and print statistics")
    which = s.add_mutually_exclusive_group()
    which.add_argument("--config", metavar="FILE")
    which.add_argument("--variant", metavar="NAME", help=f"default {DEFAULT_VARIANT}")
    s.add_argument("--deals", type=int, required=True)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--bots", metavar="NAMES", help="as for play (default heuristic)")
    s.add_argument("--json", action="store_true")
    _add_scale_out(s)
    s.set_defaults(func=cmd_simulate)

    s = sub.add_parser("arena", help="compare bots in duplicate format: the same deals with the seats rotated")
    which = s.add_mutually_exclusive_group()
    which.add_argument("--config", metavar="FILE", help="game config (TOML or JSON)")
    which.add_argument("--variant", metavar="V",
                       help=f"NAME or NAME(key=value, ...), e.g. 'sochi(players=4)' (default {DEFAULT_VARIANT})")
    s.add_argument("--bots", metavar="B1,B2,B3", required=True,
                   help=f"one bot per seat ({', '.join(BOTS)}); a name may repeat")
    s.add_argument("--deals", type=int, required=True, metavar="N", help="deals, each played once per rotation")
    s.add_argument("--seed", type=int, default=1, help="run seed (default 1)")
    s.add_argument("--json", action="store_true", help="print a JSON object")
    _add_scale_out(s)
    s.set_defaults(func=cmd_arena)

    s = sub.add_parser("score", help="score a scorecard of a game played at a real table")
    s.add_argument("file")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_score)

    s = sub.add_parser("sheet", help="the pulka sheet of a scorecard or a saved game, as text or SVG")
    s.add_argument("file", help="a scorecard (TOML or JSON) or a game saved with play --save")
    s.add_argument("--svg", metavar="OUT", help="draw the sheet as players know it into this SVG file")
    s.set_defaults(func=cmd_sheet)

    s = sub.add_parser("conformance", help="run the conformance suite against installed variants")
    s.add_argument("variants", nargs="*", metavar="VARIANT", help="default: every playable variant")
    s.add_argument("--deals", type=int, default=30, help="deals per random-simulation check (default 30)")
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("-v", "--verbose", action="store_true", help="show pytest's own report")
    s.set_defaults(func=cmd_conformance)

    s = sub.add_parser("new-variant", help="write a ready-to-install plugin package for a new variant")
    s.add_argument("name")
    s.add_argument("--extends", default=DEFAULT_VARIANT, metavar="PARENT", help=f"default {DEFAULT_VARIANT}")
    s.add_argument("-o", "--output", default=".", metavar="DIR", help="the package is written to DIR/NAME")
    s.add_argument("--description", help="one line for `preferans variants`")
    s.set_defaults(func=cmd_new_variant)

    s = sub.add_parser("ppn", help="read and write Portable Preferans Notation (the Balkan family)")
    psub = s.add_subparsers(dest="ppn_command", required=True, metavar="import|export")
    c = psub.add_parser("import", help="replay a PPN file into a game log (the play --save format)")
    c.add_argument("file", help="PPN: the line form, the JSON form or the 2019 line form")
    c.add_argument("-o", "--output", metavar="LOG", help="the game log to write (default: print it)")
    c.add_argument("--variant", metavar="NAME",
                   help="a Balkan-family variant (default: the file's Variant tag, else balkan)")
    c.add_argument("--no-check", action="store_true",
                   help="do not compare value, refa, summary and Result with what the rules write")
    c.set_defaults(func=cmd_ppn_import)
    c = psub.add_parser("export", help="write a game log as PPN")
    c.add_argument("log", help="a game log written by play --save (or ppn import)")
    c.add_argument("-o", "--output", metavar="FILE", help="the PPN file to write (default: print it)")
    c.add_argument("--json", action="store_true", help="the JSON form instead of the line form")
    c.set_defaults(func=cmd_ppn_export)

    s = sub.add_parser("solve", help="double-dummy tricks of a deal: one contract, or a table of every contract")
    s.add_argument("deal", metavar="DEAL", help="'first hand | second hand | dealer | talon', a .ppn file or record")
    s.add_argument("--variant", metavar="NAME", help=f"default {DEFAULT_VARIANT} (a PPN deal: its Variant tag)")
    s.add_argument("--contract", metavar="C", help="a contract of the variant's table (needs --declarer)")
    s.add_argument("--declarer", metavar="SEAT", help="0/first, 1/second, 2/dealer; without --contract: his row")
    s.add_argument("--leader", metavar="SEAT", help="who leads the first trick (default: the variant's rule)")
    s.add_argument("--json", action="store_true", help="print a JSON object")
    s.set_defaults(func=cmd_solve)

    s = sub.add_parser("analyse", help="mark each card of a saved game that cost tricks against double-dummy play")
    s.add_argument("log", metavar="LOG", help="a game saved with play --save (or ppn import), or a PPN file")
    s.add_argument("--deals", type=int, metavar="N", help="analyse only the first N deals")
    s.add_argument("--json", action="store_true", help="print a JSON object")
    s.set_defaults(func=cmd_analyse)
    return p


def _one_line(text: str) -> str:
    return " ".join(text.split())


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit code (0 ok, 2 bad input, 1 internal error)."""
    try:
        args = build_parser().parse_args(argv)
        return int(args.func(args))
    except SystemExit as exc:  # argparse: --help (0) and usage errors (2)
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    except BadInput as exc:
        print(f"preferans: {_one_line(str(exc))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("preferans: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # the reader went away (e.g. `preferans play | head`): not an error; silence the final flush
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except Exception as exc:
        if os.environ.get("PREFERANS_DEBUG"):
            traceback.print_exc()
        print(f"preferans: internal error: {type(exc).__name__}: {_one_line(str(exc))} "
              "(set PREFERANS_DEBUG=1 for the traceback)", file=sys.stderr)
        return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
