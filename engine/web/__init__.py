"""Brass in a browser: ``brass serve`` starts a local server (Starlette and uvicorn).

:mod:`engine.web.store` keeps the games and their seats, on disk;
:mod:`engine.web.app` is the web app (pages, JSON API, a WebSocket per seat);
``static/`` holds the page, written by hand: no framework, nothing from the internet.
"""
