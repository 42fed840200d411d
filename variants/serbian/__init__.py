"""Serbian Preferans (the preferansklub.com rules v1.2): the Balkan game with the Serbian readings.

Everything Serbian differs in is a value of the Balkan family's rules (``preset.toml``): the kontra chain up to
mortkontra with the kontra-giver writing for the team, a refe when the two gets no kontra, sans led through the
declarer, the write-off in integers. This plugin implements no hook of its own.
"""
