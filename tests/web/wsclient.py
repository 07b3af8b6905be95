"""A small blocking WebSocket client over a real socket (wsproto, which the web extra
already brings): for tests that talk to a server in another thread or process."""

from __future__ import annotations

import json
import socket
from typing import Optional
from urllib.parse import urlparse

from wsproto import ConnectionType, WSConnection
from wsproto.events import AcceptConnection, BytesMessage, CloseConnection, Ping, RejectConnection, Request, TextMessage


class Closed(Exception):
    def __init__(self, code: int, reason: str = ""):
        super().__init__(f"closed {code}: {reason}")
        self.code, self.reason = code, reason


class Socket:
    def __init__(self, url: str, origin: Optional[str] = None, timeout: float = 10.0, source: Optional[str] = None):
        parts = urlparse(url)
        # ``source``: another loopback address (127.0.0.2) is another client to the server.
        self.sock = socket.create_connection((parts.hostname, parts.port), timeout=timeout, source_address=(source, 0) if source else None)
        self.ws = WSConnection(ConnectionType.CLIENT)
        headers = [(b"origin", origin.encode())] if origin else []
        self._send(Request(host=f"{parts.hostname}:{parts.port}", target=parts.path, extra_headers=headers))
        self.pending: list = []
        self._text = ""
        while True:
            for event in self._events():
                if isinstance(event, AcceptConnection):
                    return
                if isinstance(event, RejectConnection):
                    raise Closed(event.status_code, "rejected")

    def _send(self, event) -> None:
        self.sock.sendall(self.ws.send(event))

    def _events(self):
        data = self.sock.recv(65536)
        if not data:
            raise Closed(1006, "connection lost")
        self.ws.receive_data(data)
        yield from self.ws.events()

    def send_text(self, text: str) -> None:
        self._send(TextMessage(data=text))

    def send_bytes(self, data: bytes) -> None:
        self._send(BytesMessage(data=data))

    def send_json(self, value) -> None:
        self.send_text(json.dumps(value))

    def receive_json(self):
        while not self.pending:
            for event in self._events():
                if isinstance(event, TextMessage):
                    self._text += event.data
                    if event.message_finished:
                        self.pending.append(json.loads(self._text))
                        self._text = ""
                elif isinstance(event, Ping):
                    self._send(event.response())
                elif isinstance(event, CloseConnection):
                    try:
                        self._send(event.response())
                    except OSError:
                        pass
                    raise Closed(event.code, event.reason)
        return self.pending.pop(0)

    def close(self) -> None:
        try:
            self._send(CloseConnection(code=1000))
        except Exception:
            pass
        self.sock.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
