"""Bot options read from a file are capped like any other untrusted value (issue 17): a save file naming
``pimc:samples=100000000`` would make ``play --resume`` think for ever, so it is refused at once with one line
naming the file, the seat, the option and the cap (docs/bots.md, "Options and budget")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers import paths
from preferans.core.ai import pimc
from preferans.core.ai.pimc import CAPS, PimcBot
from preferans.core.ai.registry import check_bot, make_bot
from preferans.core.cli import main
from preferans.core.model.errors import BadInput
from preferans.variants.balkan import ppn, ppn_game
from preferans.variants.balkan.ppn import PPNError

SAMPLE = paths.DATA / "ppn" / "balkan_sample.ppn"


def save_file(tmp_path: Path, bot: str) -> str:
    """A saved Sochi game of one deal (``max_deals = 1``), nothing played yet, ``bot`` at seat 1."""
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"format": "preferans-save", "version": 1, "names": ["A", "B", "C"],
                                "bots": ["heuristic", bot, "heuristic"], "human": None,
                                "game": {"format": "preferans-game", "version": 1, "seed": 1,
                                         "config": {"variant": "sochi", "rules": {"max_deals": 1}},
                                         "actions": []}}), encoding="utf-8")
    return str(path)


@pytest.fixture
def no_thinking(monkeypatch: pytest.MonkeyPatch) -> None:
    """A pimc bot that is asked anything fails the test: a refused file must be refused before play."""
    def think(self: PimcBot, *args: object) -> str:
        raise AssertionError("the pimc bot was asked to decide")

    monkeypatch.setattr(PimcBot, "choose", think)


def test_a_save_above_the_cap_is_refused_before_any_decision(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, no_thinking: None) -> None:
    path = save_file(tmp_path, "pimc:samples=100000000:time=0.5")
    code = main(["play", "--resume", path])
    out, err = capsys.readouterr()
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 1 and "Traceback" not in err, err
    assert path in lines[0] and "bots[1]" in lines[0] and "samples" in lines[0], lines[0]
    assert f"cap of {CAPS['samples']}" in lines[0], lines[0]
    assert "resumed" not in out  # nothing was played


@pytest.mark.parametrize("option", ["nodes=999999999999", "time=3600", "time=inf", "tries=1000000",
                                    "min_samples=5000"])
def test_every_effort_option_is_capped_in_a_file(option: str) -> None:
    with pytest.raises(BadInput, match=r"^g\.json: bots\[1\]: pimc option \w+: .* is above the cap of "):
        check_bot(f"pimc:{option}", "g.json: bots[1]")


def test_a_save_within_the_cap_is_accepted(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    # the cap itself is allowed and the bot is made with it (one node and one try keep the deal quick)
    at_cap = f"pimc:samples={CAPS['samples']}:nodes=1:min_samples=1:tries=1:time=10"
    check_bot(at_cap, "g.json: bots[1]")
    made: list[pimc.PimcOptions] = []
    real = PimcBot.__init__

    def record(self: PimcBot, options: pimc.PimcOptions | None = None) -> None:
        made.append(options or pimc.PimcOptions())
        real(self, options)

    monkeypatch.setattr(PimcBot, "__init__", record)
    path = save_file(tmp_path, at_cap)
    assert main(["play", "--resume", path]) == 0, capsys.readouterr().err
    assert made and made[0].samples == CAPS["samples"] and made[0].nodes == 1


def test_the_command_line_has_the_same_caps(capsys: pytest.CaptureFixture[str], no_thinking: None) -> None:
    # a game saved with any --bots the command line accepts can be resumed (docs/bots.md)
    code = main(["play", "--bots", "pimc:samples=100000000"])
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1 and "--bots: pimc option samples" in err, err


def test_a_program_may_lift_the_caps() -> None:
    bot = make_bot("pimc:samples=100000000", 1, 0, trusted=True)
    assert isinstance(bot, PimcBot) and bot.options.samples == 100_000_000


def test_a_ppn_record_above_the_cap_is_refused() -> None:
    text = SAMPLE.read_text(encoding="utf-8").replace(
        "[Refe 1]", "[Refe 1]\n[Bots heuristic,pimc:samples=100000000,random]")
    with pytest.raises(PPNError) as info:
        ppn_game.import_game(ppn.parse(text, "bad.ppn"), "bad.ppn")
    message = str(info.value)
    assert "\n" not in message and message.startswith("bad.ppn: tag Bots: pimc option samples")
    assert f"cap of {CAPS['samples']}" in message, message


def _raspasovka_position() -> tuple[object, int]:
    """A Sochi raspasovka at its first card (seed 4: everybody passes), the seat to play."""
    from preferans.core import Game, load_variant
    from preferans.core.ai.bots import HeuristicBot
    from preferans.core.ai.levels import obs_is_all_pass
    from preferans.core.engine.game import Phase

    game = Game(load_variant("sochi"), seed=4)
    heuristic = HeuristicBot()
    while game.phase is not Phase.PLAY:
        game.apply(heuristic.choose(game, game.current_player))
    assert obs_is_all_pass(game)
    return game, game.current_player


def test_the_caps_bound_the_layouts_a_raspasovka_card_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """``hard`` at the caps of ``samples``, ``tries`` and ``min_samples`` passed the check, yet dealt
    ``samples * tries`` (a million) layouts twice for one raspasovka card (the max-n search's inference, then
    pimc's when the search had solved fewer than ``min_samples``): half a minute. The layouts a draw deals are
    bounded by the node budget (``draw_limit``), the searches by the nodes: counted here, not timed."""
    from preferans.core.ai import all_pass

    game, seat = _raspasovka_position()
    dealt = [0]
    deal = pimc._deal

    def counting(*args: object) -> object:
        dealt[0] += 1
        return deal(*args)  # type: ignore[arg-type]

    searched = [0]
    maxn = all_pass.maxn_values

    def counting_maxn(*args: object) -> object:
        found = maxn(*args)  # type: ignore[arg-type]
        searched[0] += found[1]
        return found

    monkeypatch.setattr(pimc, "_deal", counting)
    monkeypatch.setattr(all_pass, "maxn_values", counting_maxn)
    nodes = 200_000  # within the cap, so the test is quick; the limit scales with it
    name = f"hard:samples={CAPS['samples']}:tries={CAPS['tries']}:min_samples={CAPS['min_samples']}:nodes={nodes}"
    check_bot(name, "--bots")
    bot = make_bot(name, 3, seat)
    card = bot.choose(game, seat)  # type: ignore[arg-type]
    assert card in game.legal_actions()  # type: ignore[attr-defined]
    limit = pimc.draw_limit(nodes)
    assert limit == pimc.MIN_DRAWS == 2_000
    assert 0 < dealt[0] <= 2 * limit, dealt  # two draws at most (the search's, then pimc's), not 2 x 1 000 000
    assert searched[0] <= 2 * nodes, searched


def test_at_the_node_cap_a_draw_deals_what_the_nodes_pay_for() -> None:
    # 20 000 000 nodes (the cap) pay for 50 000 layouts a draw, each about as dear as 400 compiled nodes
    assert pimc.draw_limit(int(CAPS["nodes"])) == 50_000 == CAPS["nodes"] // pimc.DRAW_NODES
    assert pimc.draw_limit(4_000_000) == 10_000 and pimc.draw_limit(None) >= pimc.MIN_DRAWS
    # the defaults deal 24 x 20 = 480 layouts: the limit never changes their choices
    assert pimc.PimcOptions().samples * pimc.PimcOptions().tries < pimc.MIN_DRAWS
