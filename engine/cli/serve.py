"""``brass serve``: play in a web browser, on a local server.

    brass serve [--host 127.0.0.1] [--port 8000] [--data DIR]
"""

from __future__ import annotations

from .helpers import command


EXAMPLES = (
    "brass serve --port 8000 --data brass-games",
    "brass serve --host 0.0.0.0 --port 8080",
)


def add_parser(commands):
    serve = command(commands, "serve", "play in a web browser: start a local server and print its address",
                    "Start a local web server for playing in a browser (the 'web' extra); each person gets a link of their own.", EXAMPLES)
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on (default: 127.0.0.1, this machine only)")
    serve.add_argument("--port", type=int, default=8000, help="the port to listen on")
    serve.add_argument("--data", default="brass-games", metavar="DIR", help="keep the games here, so a restart loses none (default: brass-games)")
    return serve


def run(args) -> int:
    try:
        from ..web.app import serve
    except ImportError as error:
        raise ValueError(f"brass serve needs the web extra: pip install 'brass-rules[web]' ({error})") from error
    serve(args.host, args.port, args.data)
    return 0
