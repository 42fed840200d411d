"""The conformance suite: checks that any installed variant is a correct Preferans variant.

``plugin`` is the pytest plugin (entry point ``pytest11``) that adds the ``--preferans-*`` options and
parametrises the suite over the installed variants; ``conformance`` holds the named checks (star-import it
from your own test file, as SQLAlchemy dialects do); ``reference`` is the independent play-rule checker;
``playthrough`` records and replays golden games. Nothing here is imported when pytest starts.
"""
