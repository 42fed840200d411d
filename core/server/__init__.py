"""The online table: an ASGI app (Starlette, extra ``web``) that seats people and bots at a table of any
installed variant, over one WebSocket per client (docs/protocol.md), with every table kept in SQLite.

``store`` (the database), ``table`` (a live table and its bots), ``protocol`` (the messages and their
checks), ``lobby`` (the HTTP requests) and ``view`` (the suit order) need nothing of the ``web`` extra; only
``app`` (the routes) imports Starlette and ``serve`` uvicorn. What a seat may see is the engine's
``Game.observation`` and ``Game.events_for``, never decided here.
"""
