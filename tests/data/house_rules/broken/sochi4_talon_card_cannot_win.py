# variant: sochi(players=4)
# area: four-players
# breaks: in a four-player raspasovka the talon card only names the suit and never wins the trick for the dealer
"""Three-player talon at a four-player table: the turned talon card leads but cannot win (RUS-RASP-15: with
four players it is the dealer's lead and wins when highest)."""

import dataclasses

from preferans.core.plugin import hookimpl


@hookimpl(wrapper=True)
def pref_play_rules(view, rules):
    base = yield
    if view.contract.kind == "raspasovka" and base.talon_contends:
        return dataclasses.replace(base, talon_contends=False, talon_owner=None)
    return base
