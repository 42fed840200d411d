"""Sochi (сочинка), the default variant: a "game against the whister".

Everything Sochi does is the Russian family base played with the values in ``preset.toml``, so this
plugin implements no hook of its own. It exists so that Sochi is registered, discovered and documented
like every other variant, and so that house-rule plugins can extend it by name.
"""
