"""Austrian Preference with the limited pot (ограниченный котёл, the second pot method of the pagat page).

As the unlimited pot, but each deal is played for at most ``pot.cap_multiplier`` (5, 10 or 20) times the
dealer's ante, however large the pot has grown (AUT-POT-07/08). Only ``preset.toml`` differs from the family
base; this plugin implements no hook.
"""
