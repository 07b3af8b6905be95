"""The web tests' sockets never wait for ever: a message that does not come within
RECEIVE_SECONDS fails the test (a TimeoutError) instead of hanging the run."""

from __future__ import annotations

RECEIVE_SECONDS = 20

try:
    import anyio
    from starlette.testclient import WebSocketTestSession
except ImportError:  # the web extra is not installed: those tests skip themselves
    WebSocketTestSession = None

if WebSocketTestSession is not None:
    _receive = WebSocketTestSession.receive

    def _receive_within(self):
        channel = getattr(self, "_send_rx", None)
        if channel is None:  # another Starlette: its own receive, without the deadline
            return _receive(self)

        async def get():
            with anyio.fail_after(RECEIVE_SECONDS):
                return await channel.receive()

        return self.portal.call(get)

    WebSocketTestSession.receive = _receive_within
