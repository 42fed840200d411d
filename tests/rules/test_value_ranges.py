"""Configs cannot give values the rules cannot mean (issue 17): every rules key has the range or the
constraint its rule makes obvious, each family its own (docs/config.md, "Ranges"). A broken value is one line
naming the file and the key, exit 2; every built-in preset still validates."""

from __future__ import annotations

from pathlib import Path

import pytest

from preferans.core.cli import main
from preferans.core.rules.config import load_variant, playable_variants

RUSSIAN = ["sochi", "leningrad", "rostov", "classic"]
BALKAN = ["balkan", "serbian", "slovenian"]
AUSTRIAN = ["austrian", "austrian-limited", "austrian-unlimited", "styrian", "illustrated", "nachgehen"]

# (TOML under [rules], the key the error must name, a word of the message); the rule that bounds it is in
# the comment
RUSSIAN_CASES = [
    # a made game writes its price in the pool and the match ends when every pool is full: a negative price
    # (or 0) never ends it; price = 2 (level - 5), russian.md 2.0
    ("[rules.game_price]\n6 = -2\n", "rules.game_price.6", "greater than or equal to 1"),
    # the obligation is a number of the deal's ten tricks (Кодекс 3.8.2)
    ("[rules.whist.obligation]\n6 = 11\n", "rules.whist.obligation.6", "less than or equal to 10"),
    # half-whist levels are contract levels 6..10 (russian.md 2.0: on 6 and 7)
    ("[rules.whist]\nhalf_whist_levels = [99, -1]\n", "rules.whist.half_whist_levels[0]", "less than or equal to 10"),
    ("[rules.whist]\nhalf_whist_levels = [7, 6]\n", "rules.whist.half_whist_levels", "ascending"),
    # a level is one of 6..10 (RUS-BID): no eleven
    ("[rules.game_price]\n11 = 12\n", "rules.game_price.11", "table key '11'"),
    # a higher contract leaves the defence fewer tricks: the obligation never rises (Кодекс 3.8.2: 4-2-1-1-1)
    ("[rules.whist.obligation]\n8 = 3\n", "rules.whist.obligation", "must not rise"),
    # вернуть вист: the whist is returned only after the second defender half-whisted (russian.md 2.0)
    ("[rules.whist]\nreturn_levels = [9]\n", "rules.whist.return_levels", "half_whist_levels"),
    # whists are a multiple of the price per defence trick (russian.md 2.1 table: 1; Leningrad 2)
    ("[rules.whist]\nrate = 0\n", "rules.whist.rate", "greater than or equal to 1"),
    # a made misère writes its price in the pool (russian.md 2.0: 10), so 0 never fills it either
    ("[rules.misere]\nprice = 0\n", "rules.misere.price", "greater than or equal to 1"),
    # the exit level after raspasovkas is a contract level (RUS-RASP-23) and never falls (RUS-RASP-22: 7-8-9-10)
    ("[rules.raspasovka]\nexit_levels = [8, 6]\n", "rules.raspasovka.exit_levels", "must not fall"),
    ("[rules.raspasovka]\nexit_levels = []\n", "rules.raspasovka.exit_levels", "at least one level"),
    # the write-off replaces writing the price in the pool (RUS-RASP-04, russian.md 2.6 #4)
    ("[rules.raspasovka]\nzero_tricks_to_pool = false\nzero_tricks_write_off = true\n",
     "rules.raspasovka.zero_tricks_write_off", "zero_tricks_to_pool"),
    # the pool target is at least 1 (a match to 0 is over before it starts)
    ("[rules]\npool = 0\n", "rules.pool", "greater than or equal to 1"),
]

BALKAN_CASES = [
    # a contract's V comes off the bula (BAL-VAL-01: 2 x number): a negative V never brings it to zero
    ("[rules.value]\nspades = -2\n", "rules.value.spades", "greater than or equal to 1"),
    # V rises with the bid, 2 spades < 3 diamonds ... < 7 sans (BAL-VAL-04)
    ("[rules.igra_value]\nsans = 7\n", "rules.igra_value", "rise with the bid"),
    # a quota is a number of the deal's ten tricks (BAL-DEF-08)
    ("[rules.defence]\nlone_quota = 11\n", "rules.defence.lone_quota", "less than or equal to 10"),
    # play stops at the defence's 5th trick (BAL-DEF-03): a quota of 6 could never be met
    ("[rules.defence]\npair_quota = 6\n", "rules.defence.stop_at", "pair_quota = 6"),
    # each follower's quota is his share of the pair's (BAL-DEF-02)
    ("[rules.defence]\neach_quota = 5\npair_quota = 4\nstop_at = 10\n", "rules.defence.each_quota", "pair_quota"),
    ("[rules.kontra]\nquota = 11\n", "rules.kontra.quota", "less than or equal to 10"),
    # the bula is what a player has to write off (BAL-SCORE-02: 30 or 50)
    ("[rules]\nbula = -30\n", "rules.bula", "greater than or equal to 1"),
]

AUSTRIAN_CASES = [
    # money in the pot is never below nothing (AUT-POT-03: the ante 10)
    ("[rules.pot]\nante = -10\n", "rules.pot.ante", "greater than or equal to 0"),
    # a quota is a number of the deal's ten tricks (AUT-DEF-01: 2)
    ("[rules.defence]\nquota = 11\n", "rules.defence.quota", "less than or equal to 10"),
    # both defenders together answer for at least one's own quota (AUT-DEF-01: 2, AUT-DEF-02: 4)
    ("[rules.defence]\ninviter_quota = 1\n", "rules.defence.inviter_quota", "quota = 2"),
    ("[rules.game]\ntarget = 11\n", "rules.game.target", "less than or equal to 10"),
    ("[rules.pot]\ntrick_divisor = 0\n", "rules.pot.trick_divisor", "greater than or equal to 1"),
]

EXTRA_CASES = {
    # the Styrian values are amounts by trump suit (STY-VAL-01: 20/30/40/50)
    "styrian": [("[rules.pot.values]\nhearts = -50\n", "rules.pot.values.hearts", "greater than or equal to 0"),
                ("[rules.pot.values]\nherts = 50\n", "rules.pot.values", "unknown suit contract")],
    # rekontra doubles the kontra again (ILL-KON-02: 2, ILL-KON-03: 4); values are money (ILL-EXT-01..03)
    "illustrated": [("[rules.kontra]\nrekontra_factor = 1\n", "rules.kontra.rekontra_factor", "factor = 2"),
                    ("[rules.illustrated.values]\nbettel = -10\n", "rules.illustrated.values.bettel",
                     "greater than or equal to 0")],
    # Nachgehen opens on suit numbers, 1 and up (NACH-01) and names a contract at least Bettel (NACH-03)
    "nachgehen": [("[rules.nachgehen]\non_bids = [99, -1]\n", "rules.nachgehen.on_bids[1]",
                   "greater than or equal to 1"),
                  ("[rules.nachgehen]\non_bids = [2, 1]\n", "rules.nachgehen.on_bids", "ascending"),
                  ("[rules.nachgehen]\nminimum = \"betel\"\n", "rules.nachgehen.minimum", "unknown contract")],
    # a dark call or a bomb multiplies: by 1 at least (GAP-RUS-12, GAP-RUS-08)
    "classic": [("[rules.bomb]\nfactor = 0\n", "rules.bomb.factor", "greater than or equal to 1"),
                ("[rules.dealing]\nrepeat_limit = -1\n", "rules.dealing.repeat_limit", "greater than or equal to 0")],
}

CASES = [
    *[(v, *c) for v in RUSSIAN for c in RUSSIAN_CASES],
    *[(v, *c) for v in BALKAN for c in BALKAN_CASES],
    *[(v, *c) for v in AUSTRIAN for c in AUSTRIAN_CASES],
    *[(v, *c) for v, cases in EXTRA_CASES.items() for c in cases],
    # the core's keys, in every family: 2..4 players, at least one deal
    *[(v, "[rules]\nmax_deals = 0\n", "rules.max_deals", "greater than or equal to 1")
      for v in ("sochi", "balkan", "austrian")],
]


@pytest.mark.parametrize(("variant", "toml", "key", "why"), CASES,
                         ids=[f"{c[0]}-{c[2]}-{i}" for i, c in enumerate(CASES)])
def test_a_value_out_of_range_is_one_line_naming_the_key(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, variant: str, toml: str, key: str, why: str) -> None:
    path = tmp_path / "game.toml"
    path.write_text(f'variant = "{variant}"\n{toml}', encoding="utf-8")
    code = main(["config", "check", str(path)])
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 1 and "Traceback" not in err, err
    assert f"{path}: {key}: " in lines[0] and why in lines[0], lines[0]


def test_the_families_are_all_covered() -> None:
    assert sorted(RUSSIAN + BALKAN + AUSTRIAN) == sorted(playable_variants())


@pytest.mark.parametrize("variant", playable_variants())
def test_every_built_in_variant_still_loads(variant: str) -> None:
    assert load_variant(variant).rules is not None

