"""flask-sock's websocket route, with what it leaves behind per connection made collectable by
reference counting alone (docs/performance.md, "An hour without a pause").

flask-sock's route wrapper defines a new `Response` class inside every call: a class is always
a reference cycle, and its `__call__` closes over the websocket, so every ended connection's
objects (the simple-websocket server, its socket, wsproto, h11) waited for a collection to find
that class. Here one class serves every connection. And wsproto's frame parser is a generator
that holds its own `FrameProtocol`, a cycle as old as the connection: only a full collection
freed it, so the route closes the generator when the websocket is over.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import wraps
from typing import Any

from flask import Blueprint, Response, current_app, request
from flask_sock import ConnectionClosed, Sock
from simple_websocket import Server


class Answered(Response):
    """The route's return value: the websocket has already done the talking (gevent's server
    writes nothing more; werkzeug's development server still wants its empty response)."""

    def __init__(self, mode: str) -> None:
        super().__init__()
        self.mode = mode

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
        if self.mode == "werkzeug":
            return super().__call__(environ, start_response)
        return []


def release_parser(ws: Any) -> None:
    """Close wsproto's parser generator (its frame holds the FrameProtocol that holds it)."""
    connection = getattr(getattr(getattr(ws, "ws", None), "handshake", None), "_connection", None)
    parser = getattr(getattr(connection, "_proto", None), "_parse_more", None)
    if parser is not None:
        parser.close()


class WebSockets(Sock):
    """flask-sock's extension (its blueprint, endpoint names and server options) with the
    route above."""

    bp: Blueprint | None

    def route(self, path: str, bp: Blueprint | None = None, **kwargs: Any) -> Callable[..., Any]:
        def decorator(f: Callable[..., None]) -> Callable[..., Response]:
            @wraps(f)
            def websocket_route(*args: Any, **kw: Any) -> Response:
                options = current_app.config.get("SOCK_SERVER_OPTIONS", {})
                ws = Server(request.environ, **options)
                try:
                    f(ws, *args, **kw)
                except ConnectionClosed:
                    pass
                try:
                    ws.close()
                except Exception:  # noqa: BLE001 - already closed or the peer gone, as flask-sock
                    pass
                release_parser(ws)
                return Answered(ws.mode)

            kwargs["websocket"] = True
            if self.bp is None:
                self.bp = Blueprint("__flask_sock", __name__)
            (bp or self.bp).route(path, **kwargs)(websocket_route)
            return websocket_route

        return decorator
