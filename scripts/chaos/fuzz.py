"""Generated websocket frames and REST bodies (hypothesis) against a real server, for
scripts/chaos/run.py: every frame gets an answer on a connection that stays open, and no REST
body gets a 5xx or a non-JSON error."""

from __future__ import annotations

import http.client
import json
import socket
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from wsproto.utilities import LocalProtocolError

from actors.bot_client import websocket_client
from protocol.client import COMMANDS

SPECIAL_FRAMES = [
    '{"type":"guess","word":"\\ud800aaa"}',  # a lone surrogate: valid JSON, invalid text
    '{"type":"ping","t":NaN}',
    '{"type":"ping","t":Infinity}',
    '{"type":"ping","t":1e999}',
    '{"type":"ping","t":"soon"}',
    '{"type":"queue","language":"\\u0000"}',
    '{"type":"spectate","duel":99999999999999999999999}',
    '{"type":"\\ud83d"}',
    '{"\\udfff":1,"type":"ping"}',
    "[" * 5000 + "]" * 5000,
    '{"type":"guess","word":"' + "a" * 5000 + '"}',
]

json_leaf = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=40),
)
json_value = st.recursive(
    json_leaf,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
field_name = st.sampled_from(["word", "duel", "language", "lobby", "t", "type"]) | st.text(
    max_size=6
)
frame_type = st.sampled_from([*COMMANDS, "", "GUESS", "pong", "welcome"]) | st.text(max_size=8)
shaped_frame = st.builds(
    lambda kind, rest: json.dumps({"type": kind, **rest}),
    frame_type,
    st.dictionaries(field_name, json_value, max_size=3),
)
frame = st.one_of(
    shaped_frame,
    json_value.map(json.dumps),
    st.text(max_size=120),
    st.sampled_from(SPECIAL_FRAMES),
    st.binary(max_size=40),
)

PATHS = [
    ("POST", "/api/session"),
    ("PATCH", "/api/me"),
    ("GET", "/api/me"),
    ("POST", "/api/parties"),
    ("POST", "/api/parties/join"),
    ("POST", "/api/party/remove"),
    ("POST", "/api/party/leader"),
    ("POST", "/api/party/invite"),
    ("PATCH", "/api/party"),
    ("POST", "/api/party/leave"),
    ("GET", "/api/leaderboard?limit={}"),
    ("GET", "/api/players/{}"),
    ("GET", "/api/tournaments/{}"),
    ("GET", "/api/invites/{}"),
]
body = st.one_of(
    json_value.map(lambda v: json.dumps(v).encode()),
    st.dictionaries(
        st.sampled_from(["nickname", "language", "invite", "player", "x"]), json_value, max_size=3
    ).map(lambda v: json.dumps(v).encode()),
    st.binary(max_size=80),
    st.sampled_from([b'{"nickname": NaN}', b'{"player": 1e999}', b'{"nickname": "\\ud800"}']),
)
path_part = st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789-_.~%", max_size=12)

RUN = dict(
    database=None,
    deadline=None,
    derandomize=False,
    phases=[Phase.generate],
    suppress_health_check=list(HealthCheck),
)


def fuzz_frames(server: Any, token: str, wanted: int) -> tuple[int, int, int]:
    """Send at least `wanted` generated frames in batches, each followed by a ping whose
    pong must come back (the connection is alive and answered everything before it).
    Returns (frames sent, batches without an answer, connections the server closed: the
    chaos run's injected crashes do that)."""
    headers = {"Authorization": f"Bearer {token}"}
    state = {"ws": _connect(server, headers), "sent": 0, "silent": 0}
    state["closed"] = 0
    marker = iter(range(1, 10**9))

    @settings(max_examples=max(1, wanted // 20), **RUN)
    @given(st.lists(frame, min_size=20, max_size=20))
    def batch(frames: list) -> None:
        ws = state["ws"]
        if not ws.connected:  # the server closed it: only an injected crash may do that
            state["closed"] += 1
            ws = state["ws"] = _connect(server, headers)
        t = next(marker)
        try:
            for f in frames:
                ws.send(f)
            ws.send(json.dumps({"type": "ping", "t": t}))
            state["sent"] += len(frames)
            for _ in range(200):
                text = ws.receive(timeout=10)
                if text is None:
                    state["silent"] += 1
                    return
                reply = json.loads(text)  # every frame the server sends is valid JSON
                if reply["type"] == "pong" and reply.get("t") == t:
                    return
        except (OSError, RuntimeError, LocalProtocolError):  # closed under us (an injected
            ws.connected = False  # crash): the next batch reconnects
            return
        state["silent"] += 1

    batch()
    state["ws"].close()
    return state["sent"], state["silent"], state["closed"]


def _connect(server: Any, headers: dict[str, str]) -> Any:
    """A websocket that sends each frame at once (no Nagle delay: batches end with a ping)."""
    ws = websocket_client(server.ws_url, headers=headers)
    ws.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return ws


class _Connection(http.client.HTTPConnection):
    def connect(self) -> None:
        super().connect()
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


def fuzz_bodies(server: Any, token: str, wanted: int) -> tuple[int, int]:
    """Send `wanted` generated REST requests; returns (sent, answers that were 5xx or an
    error without a JSON body)."""
    host = server.base.split("//", 1)[1]
    state = {"conn": _Connection(host, timeout=10), "sent": 0, "bad": 0}

    @settings(max_examples=wanted, **RUN)
    @given(st.sampled_from(PATHS), body, path_part, st.booleans())
    def request(route: tuple[str, str], payload: bytes, part: str, as_cookie: bool) -> None:
        method, path = route
        path = path.format(part) if "{}" in path else path
        auth = (
            {"Cookie": f"wt_token={token}"} if as_cookie else {"Authorization": f"Bearer {token}"}
        )
        headers = {"Content-Type": "application/json", **auth}
        conn = state["conn"]
        try:
            conn.request(method, path, body=payload if method != "GET" else None, headers=headers)
            response = conn.getresponse()
            raw = response.read()
        except (OSError, http.client.HTTPException):
            conn.close()
            state["conn"] = _Connection(host, timeout=10)
            state["bad"] += 1
            return
        state["sent"] += 1
        if response.status >= 500:
            state["bad"] += 1
        elif response.status >= 400:
            try:
                json.loads(raw)["error"]
            except (ValueError, KeyError, TypeError):
                state["bad"] += 1

    request()
    state["conn"].close()
    return state["sent"], state["bad"]
