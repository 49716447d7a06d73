"""web/ws_route.py: an ended websocket leaves no reference cycle behind, so reference counting
frees its objects at once instead of a full collection, minutes later, that stops every game."""

from __future__ import annotations

import gc
import weakref
from types import SimpleNamespace

import pytest
from flask import Flask
from wsproto import ConnectionType, WSConnection
from wsproto.events import AcceptConnection, Request

from web import ws_route
from web.ws_route import Answered, WebSockets, release_parser


class FakeServer:
    """Stands in for simple-websocket's Server (which needs a real socket's handshake)."""

    mode = "gevent"

    def __init__(self, environ, **options) -> None:
        self.environ = environ
        self.closed = False

    def close(self) -> None:
        self.closed = True


@pytest.fixture
def no_automatic_gc():
    gc.collect()
    gc.disable()
    yield
    gc.enable()


def test_the_route_returns_one_shared_class_and_keeps_nothing(monkeypatch, no_automatic_gc):
    monkeypatch.setattr(ws_route, "Server", FakeServer)
    sock, app, seen = WebSockets(), Flask(__name__), []

    @sock.route("/ws")
    def handler(ws):
        seen.append(weakref.ref(ws))

    sock.init_app(app)
    view = app.view_functions["__flask_sock.handler"]
    with app.test_request_context("/ws"):
        first, second = view(), view()
    assert type(first) is Answered and type(second) is Answered  # no class made per call
    assert first([], lambda *a: None) == []  # gevent's server writes nothing more
    del first, second
    assert [ref() for ref in seen] == [None, None]  # freed without a collection


def test_releasing_the_parser_lets_reference_counting_free_wsproto(no_automatic_gc):
    server = WSConnection(ConnectionType.SERVER)
    client = WSConnection(ConnectionType.CLIENT)
    server.receive_data(client.send(Request(host="example.org", target="/ws")))
    next(server.events())
    client.receive_data(server.send(AcceptConnection()))
    proto = server.handshake.connection._proto
    gone = weakref.ref(proto)

    ws = SimpleNamespace(ws=server)  # what release_parser reads of simple-websocket's Server
    release_parser(ws)
    del proto, ws, server
    assert gone() is None


def test_without_the_release_wsproto_waits_for_a_collection(no_automatic_gc):
    """The cycle the release breaks is real (if wsproto stops making it, drop release_parser)."""
    server = WSConnection(ConnectionType.SERVER)
    gone = weakref.ref(server)
    client = WSConnection(ConnectionType.CLIENT)
    server.receive_data(client.send(Request(host="example.org", target="/ws")))
    next(server.events())
    client.receive_data(server.send(AcceptConnection()))
    proto = weakref.ref(server.handshake.connection._proto)
    del server
    assert gone() is None and proto() is not None
    gc.collect()
    assert proto() is None
