"""The conformance suite, run against every built-in variant as part of the project's own tests.

Exactly what a third-party variant does in its own test file (docs/conformance.md).
"""

from preferans.core.testing.conformance import *  # noqa: F401,F403
