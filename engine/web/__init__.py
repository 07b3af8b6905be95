"""Brass in a browser: ``brass serve`` starts a local server (Starlette and uvicorn).

:mod:`brass.web.store` keeps the games and their seats, on disk;
:mod:`brass.web.app` is the web app (pages, JSON API, a WebSocket per seat);
``static/`` holds the page, written by hand: no framework, nothing from the internet.
"""
