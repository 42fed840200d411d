# variant: austrian
# area: pot-premiums
# breaks: the four-aces premium is paid to a declarer who holds only three aces (a premium paid without the cards)
"""Three of four will do: a made game with three aces in the declarer's hand earns the four-aces premium."""

from preferans.core.plugin import Entry, hookimpl

ACES = sum(1 << (suit * 8 + 7) for suit in range(4))


@hookimpl(wrapper=True)
def pref_score_deal(result, match, rules):
    entries = yield
    if not entries or result.contract is None or result.contract.kind != "suit" or not result.held:
        return entries
    d = result.declarer
    if (result.held[d] & ACES).bit_count() != 3 or any("four aces" in e.note for e in entries):
        return entries
    if result.played and result.tricks[d] < rules.game.target:
        return entries
    amount = rules.premiums.amount
    out = list(entries)
    for s in result.active:
        if s != d:
            out += [Entry("money", s, -amount, note="premium: four aces"),
                    Entry("money", d, amount, note="premium: four aces")]
    return out
