"""A real server (uvicorn, in a thread, on a free port) for the browser tests and the screenshots."""

from __future__ import annotations

import contextlib
import socket
import threading
import time


class RunningServer:
    def __init__(self, url, app, server):
        self.url, self.app, self._server = url, app, server
        self.store = app.state.store


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def running_server(data_dir, bot_delay: float = 0.05, limits=None, port=None):
    import uvicorn

    from brass.web.app import make_app
    from brass.web.limits import Limits

    app = make_app(data_dir, bot_delay=bot_delay, limits=limits or Limits(games_per_minute=1000), log=lambda text: None)
    port = port or free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", ws="wsproto"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.time() + 10
    while not server.started:
        if time.time() > deadline:
            raise RuntimeError("the server did not start")
        time.sleep(0.02)
    try:
        yield RunningServer(f"http://127.0.0.1:{port}/", app, server)
    finally:
        server.should_exit = True
        thread.join(timeout=5)
