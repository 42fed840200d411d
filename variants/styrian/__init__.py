"""Austrian Preference, the Styrian version (the third pot method of the pagat page).

The players fill the pot with equal contributions; there is no dealer's ante, and a deal is played for the
value of its trump suit: clubs 20, spades 30, diamonds 40, hearts 50 (STY-POT-01/02, STY-VAL-01). When the
pot is empty the session ends, or is refilled (``pot.when_empty``). Only ``preset.toml`` differs from the
family base; this plugin implements no hook.
"""
