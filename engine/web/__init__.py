"""Brass in a browser: ``brass serve`` starts a local server (Starlette and uvicorn).

- :mod:`brass.web.app`: the web app (pages, a small JSON API, one WebSocket per page);
- :mod:`brass.web.live`: what a page's WebSocket sends and is sent;
- :mod:`brass.web.messages`: what each seat (or onlooker) may see of its table;
- :mod:`brass.web.table`: one game and its seats, its file form, moves applied once;
- :mod:`brass.web.store`: every table, kept on disk, whole across restarts and crashes;
- :mod:`brass.web.bot_seats`: the bots at a table, thinking away from it;
- :mod:`brass.web.scores`, :mod:`brass.web.sheet`: the score breakdown, a ruleset's printed matter;
- :mod:`brass.web.limits`, :mod:`brass.web.guard`: what a request may carry, and who may send it;
- ``static/``: the page, written by hand as JavaScript modules: no framework, nothing from the internet.
"""
