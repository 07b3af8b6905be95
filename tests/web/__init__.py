"""Tests of the web app: the server through Starlette's TestClient, the page in a real browser."""
