"""A server in a process of its own, for tests that kill it (tests/web/test_nothing_lost.py).

    python -m tests.web.serve_for_test DATA PORT [--die-in-save N HOW]

prints ``ready`` once it listens. With ``--die-in-save N HOW`` the process kills
itself (SIGKILL: no clean-up of any kind) during its Nth save of a table: HOW is
``write`` (half the new file written), ``flush`` (written and flushed, not yet
renamed over the old one) or ``rename`` (just after the rename)."""

from __future__ import annotations

import os
import signal
import sys


def die() -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def rig(store_module, nth: int, how: str) -> None:
    real_write = store_module.write_atomically
    saves = {"n": 0}

    def rigged(path, text):
        saves["n"] += 1
        if saves["n"] < nth:
            return real_write(path, text)
        if how == "write":
            temporary = path.with_name(f".{path.name}.{os.getpid()}.0.tmp")
            with open(temporary, "w", encoding="utf-8") as file:
                file.write(text[: len(text) // 2])
                file.flush()
                os.fsync(file.fileno())
            die()
        if how == "flush":
            real_fsync = os.fsync

            def fsync_then_die(fd):
                real_fsync(fd)
                die()

            os.fsync = fsync_then_die
            real_write(path, text)
        real_write(path, text)
        die()

    store_module.write_atomically = rigged


def main(argv) -> int:
    import uvicorn

    from brass.web import store as store_module
    from brass.web.app import make_app
    from brass.web.limits import Limits

    data, port = argv[0], int(argv[1])
    if len(argv) > 2 and argv[2] == "--die-in-save":
        rig(store_module, int(argv[3]), argv[4])
    app = make_app(data, bot_delay=0.01, limits=Limits(games_per_minute=1000), log=lambda text: print(text, file=sys.stderr, flush=True))
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", ws="wsproto")
    server = uvicorn.Server(config)
    import threading
    import time

    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.01)
    print("ready", flush=True)
    thread.join()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
