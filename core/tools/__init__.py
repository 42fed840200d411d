"""Whole jobs built on the engine and the bots: the arena, analysis, solving, parallel runs and the
new-variant scaffold."""
