"""The conformance suite: checks that any installed variant is a correct Preferans variant.

``plugin`` is the pytest plugin (entry point ``pytest11``) that adds the ``--preferans-*`` options and
parametrises the suite over the installed variants; ``conformance`` holds the named checks (star-import it
from your own test file, as SQLAlchemy dialects do); ``reference`` is the independent play-rule checker;
``playthrough`` records and replays golden games; ``perft`` counts play sequences from fixed deals
(the families' ``perft.toml``); ``checks_scoring`` scores the families' hand-worked golden deals; ``mutation`` is the
self-test of broken plugins the suite must fail; ``policy`` is the reference player the random checks walk
with (and users may play with); ``coverage`` records which rules a run reached and ``scenarios`` holds the
targeted runs and the coverage check; ``runner`` runs the suite in-process for ``preferans conformance``;
``checks_reference`` compares the engine with the family's reference (each family's kit,
``<package>.conformance``) and ``deviations`` reads what a house rule or a package declares it changes.
Nothing here is imported when pytest starts.
"""
