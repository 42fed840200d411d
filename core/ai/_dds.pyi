"""Types of the compiled double-dummy search (core/ai/_dds.c), the optional accelerator of core/ai/solver.py."""

from preferans.core.engine.play import TrickPlay

class Search:
    """The compiled search for one side and goal; its transposition table is kept between calls."""

    def __init__(self, play: TrickPlay, declarer: int, maximise: bool = True) -> None: ...
    def value(self, play: TrickPlay, alpha: int | None = None, beta: int | None = None) -> int | None:
        """The declarer's final tricks under best play (with ``alpha < beta``: one fail-soft test on that
        window), or ``None`` for a position left to the Python search."""
    @property
    def nodes(self) -> int: ...

def maxn(problem: object) -> tuple[list[tuple[int, tuple[int, ...]]], int]:
    """The max-n search of a raspasovka position (core/ai/all_pass.py ``Problem``): each move of the hand to
    play, one card of a run of equivalent cards, with its vector of results; and the nodes searched."""
