"""Trick play on bit masks, the match (the score sheet) and the game state machine."""
