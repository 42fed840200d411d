"""The bot registry: bot names (as the command line, save files and PPN records write them) to factories.

Kept apart from the bots themselves so that :mod:`preferans.core.ai.pimc` can build on the heuristic bot
without an import circle.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from preferans.core.ai.bots import HeuristicBot, RandomBot
from preferans.core.engine.player import Bot
from preferans.core.model.errors import bad_input, nearest

BotFactory = Callable[[int, int], Bot]


def _random(game_seed: int, seat: int) -> Bot:
    # a generator per seat, seeded from the game's seed: reproducible, independent of the global RNG
    return RandomBot(random.Random(game_seed * 1_000_003 + seat))


def _heuristic(game_seed: int, seat: int) -> Bot:
    return HeuristicBot()


def _pimc(game_seed: int, seat: int) -> Bot:
    from preferans.core.ai.pimc import make_pimc  # imported when asked for: the solver loads with it

    return make_pimc(game_seed, seat)


def _pimc_with(game_seed: int, seat: int, options: str, where: str, trusted: bool) -> Bot:
    from preferans.core.ai.pimc import make_pimc

    return make_pimc(game_seed, seat, options, where, trusted)


def _level(level: str) -> BotFactory:
    def factory(game_seed: int, seat: int) -> Bot:
        from preferans.core.ai.levels import make_level  # the solver loads with it

        bot: Bot = make_level(level, game_seed, seat)
        return bot

    return factory


def _level_with(level: str) -> Callable[[int, int, str, str, bool], Bot]:
    def factory(game_seed: int, seat: int, options: str, where: str, trusted: bool) -> Bot:
        from preferans.core.ai.levels import make_level

        bot: Bot = make_level(level, game_seed, seat, options, where, trusted)
        return bot

    return factory


BOTS: dict[str, BotFactory] = {"easy": _level("easy"), "normal": _level("normal"), "hard": _level("hard"),
                               "random": _random, "heuristic": _heuristic, "pimc": _pimc}
"""Bot name -> factory(game_seed, seat). The levels for people come first (``easy``, ``normal``, ``hard``:
:mod:`preferans.core.ai.levels`, docs/bots.md "Levels"), so a menu that lists the registry offers them first."""

BOT_OPTIONS: dict[str, Callable[[int, int, str, str, bool], Bot]] = {
    "pimc": _pimc_with, "normal": _level_with("normal"), "hard": _level_with("hard")}
"""Bots that take options after the name, ``NAME:KEY=VALUE:KEY=VALUE`` (``pimc:samples=40``): name ->
factory(game_seed, seat, options, where, trusted). See docs/bots.md."""


def make_bot(name: str, game_seed: int, seat: int, where: str = "bots", trusted: bool = False) -> Bot:
    """A new bot by registry name; an unknown name is :class:`BadInput` naming ``where``.

    A name is untrusted unless ``trusted``: options that set the bot's effort are capped (``pimc``'s
    :data:`~preferans.core.ai.pimc.CAPS`, docs/bots.md), and a value above a cap is :class:`BadInput`
    naming ``where``, the option and the cap. The command line, save files and PPN records all get the same
    caps, so a game saved with any ``--bots`` accepted can be resumed; a program that means a larger budget
    passes ``trusted=True``."""
    base, sep, options = name.strip().partition(":")
    if sep:
        with_options = BOT_OPTIONS.get(base.lower())
        if with_options is None:
            raise bad_input("{where}: bot {name} takes no options (bots with options: {allowed})", where=where,
                            name=repr(base), allowed=", ".join(BOT_OPTIONS))
        return with_options(game_seed, seat, options, where, trusted)
    factory = BOTS.get(name.strip().lower())
    if factory is None:
        raise bad_input("{where}: unknown bot {name}{suggestion} (choose from: {allowed})", where=where,
                        name=repr(name), suggestion=nearest(name, list(BOTS)), allowed=", ".join(BOTS))
    return factory(game_seed, seat)


def check_bot(name: str, where: str) -> None:
    """Raise :class:`BadInput` naming ``where`` unless ``name`` is a registered bot (options included) whose
    options are within their caps: the check for a name read from a file (a save, a PPN record), which is
    untrusted input like any other value in it."""
    make_bot(name, 0, 0, where, trusted=False)
