"""Rostov (ростовская, also "Moscow", московская пулька).

Sochi's prices with gentleman's half-responsible whist, consolation at the price, and the raspasovka
written in whists: the player with the fewest tricks writes 5 whists a trick on the others, the talon takes
no part, a player with no trick (and a sitting-out dealer) writes 1 into his pool (RUS-RASP-05/06/07/16).
The raspasovka in whists is the Russian family base's ``raspasovka.record = "whists"``, so every Rostov
rule is a value in ``preset.toml`` and this plugin implements no hook of its own (docs/variants/rostov.md).
"""
