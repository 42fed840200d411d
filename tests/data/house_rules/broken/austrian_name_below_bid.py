# variant: austrian
# area: declaration
# breaks: the declarer may name a suit below the number he won with (he bid 4, hearts, and plays clubs, the 1)
"""Any trump after the talon: the winner names the suit he likes best, whatever number he reached."""

from preferans.core.plugin import hookimpl


@hookimpl(wrapper=True)
def pref_declaration_legal(view, rules):
    legal = yield
    if not legal or any(c not in view.contracts for c in legal):
        return legal  # announcements (quiet, no-aces ...)
    rows = [r for r in view.contracts if r.biddable and r.with_talon and r.kind == "suit"]
    return [r.name for r in sorted(rows, key=lambda r: r.rank)]
