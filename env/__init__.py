"""preferans.env: every variant as an environment for learning agents (docs/env.md).

Needs the ``rl`` extra (numpy, Gymnasium, PettingZoo; ``openspiel`` for the OpenSpiel games)::

    pip install 'preferans[rl]'

Here: :class:`Table`, one game with actions by id and rewards by deal; :class:`ActionSpace`, the fixed ids
of a variant's actions; :class:`Encoder`, the observation tensor. The environments of each library are in
their own module, imported when asked for, so that one library does not load the others:

* :mod:`preferans.env.pettingzoo`: ``aec_env``;
* :mod:`preferans.env.gymnasium`: ``PreferansEnv``, registered as ``preferans/Preferans-v0``;
* :mod:`preferans.env.vector`: ``VectorTables``, ``make_sync``, ``make_async``, ``selfplay``;
* :mod:`preferans.env.openspiel`: the games ``python_preferans_<variant>``.
"""

try:
    import numpy  # noqa: F401
except ImportError:  # pragma: no cover - the message is the point
    raise ImportError("preferans.env needs the rl extra: pip install 'preferans[rl]'") from None

from preferans.env.actions import ActionSpace
from preferans.env.encoding import Encoder, render
from preferans.env.table import Table, variant_of

__all__ = ["ActionSpace", "Encoder", "Table", "render", "variant_of"]
