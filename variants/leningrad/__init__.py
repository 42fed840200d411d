"""Leningrad (ленинградка, "Питер"): "a game against the declarer".

Whists, the declarer's undertricks and the consolation are doubled, misère costs 20 a trick, the whist is
gentleman's and half-responsible (half of a doubled whist: the price), the raspasovka starts at 2 and rises
2-4-6, the exit rises 6-7-8, a closed pool gets no aid and a pool point is worth 20 whists. Every one of
these is a value of the Russian family base in ``preset.toml``, so this plugin implements no hook of its own
(docs/variants/leningrad.md).
"""
