"""The online table: an ASGI app (Starlette, extra ``web``) that seats people and bots at a table of any
installed variant, over one WebSocket per client (docs/protocol.md), with every table kept in SQLite.

``store`` (the database), ``table`` (a live table), ``protocol`` (messages and their checks), ``view`` (what a
seat is shown) and ``app`` (the routes) import nothing from Starlette but ``app``, so the rest is usable and
testable without the extra.
"""
