"""Who may talk to the server: the Host a request names, and the page it comes from.

A server on 127.0.0.1 is still reachable from any web page its user opens: a
page on another site can post to it (a form posts text/plain without asking)
or, by pointing a name it controls at 127.0.0.1 (DNS rebinding), read from it.
So every request must name an allowed host (``Host``), and every request that
changes something (a POST, a WebSocket) coming from a page must come from a
page of this very server (``Origin``). Requests without an ``Origin`` are not
from a web page (a script, curl) and pass the Origin check.
"""

from __future__ import annotations

import ipaddress
import json
from typing import Iterable, Optional

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")


def allowed_hosts_for(bind: str) -> Optional[frozenset]:
    """The Host names a server listening on ``bind`` answers: its loopback names if it
    listens on this machine only, the address itself if it names one; None (any) for a
    wildcard address, where the names it is reached by are not known."""
    if bind in ("", "0.0.0.0", "::"):
        return None
    try:
        address = ipaddress.ip_address(bind)
    except ValueError:
        return frozenset({bind.lower(), *LOOPBACK_NAMES})
    if address.is_loopback:
        return frozenset(LOOPBACK_NAMES) | {bind}
    return frozenset({bind})


def host_name(host: str) -> str:
    """``example.org:8000`` -> ``example.org``; ``[::1]:8000`` -> ``::1``."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


class Guard:
    """ASGI middleware: refuse a request whose Host is not allowed (400), and a POST or
    WebSocket from a page of another origin (403), saying why."""

    def __init__(self, app, allowed_hosts: Optional[Iterable[str]]):
        self.app = app
        self.allowed = frozenset(h.lower() for h in allowed_hosts) if allowed_hosts is not None else None

    async def __call__(self, scope, receive, send):
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        host = headers.get("host", "")
        problem = None
        # Starlette's TestClient calls the app in the same process (its client is named, not
        # an address): no browser, so no other site, can stand behind it.
        in_process = (scope.get("client") or ("",))[0] == "testclient"
        if self.allowed is not None and host_name(host) not in self.allowed and not in_process:
            problem = (400, f"this server does not answer to the host {host_name(host)!r}")
        origin = headers.get("origin")
        changes = scope["type"] == "websocket" or scope.get("method") not in ("GET", "HEAD", "OPTIONS")
        if problem is None and changes and origin is not None and not _same_origin(origin, host, scope):
            problem = (403, f"a page from {origin} may not play or create games here: only this server's own pages may")
        if problem is None:
            return await self.app(scope, receive, send)
        status, reason = problem
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 4403, "reason": reason[:120]})
            return
        body = json.dumps({"error": reason}).encode()
        await send({"type": "http.response.start", "status": status, "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})


def _same_origin(origin: str, host: str, scope) -> bool:
    if origin == "null":
        return False
    scheme = "https" if scope.get("scheme") in ("https", "wss") else "http"
    expected = {f"{scheme}://{host.lower()}"}
    if ":" not in host.lstrip("[").split("]")[-1]:  # no port given: the scheme's own
        expected.add(f"{scheme}://{host.lower()}:{443 if scheme == 'https' else 80}")
    return origin.lower() in expected
