"""The server's own bots over the real server: they never count against the per-address
limits of the loopback address they come from, and one address's lobbies take at most
WT_BOTS_PER_ADDRESS of them (the issue's case: ten accounts in ten languages took 63 bots and
the next lobby never filled, with 180 tracebacks of "Connection error: 429")."""

from __future__ import annotations

import json
import time

from actors.bot_client import websocket_client as connect
from tests.e2e.server import call, sign_in, start_server
from web.protocol_schemas import check_server_frame

LANGUAGES = ("en", "de", "fr")


def _frames(ws, seen: list[dict]) -> None:
    while (text := ws.receive(timeout=0)) is not None:
        seen.append(check_server_frame(text))


def test_bots_fill_lobbies_past_the_address_cap_and_each_address_gets_its_share(tmp_path):
    # 3 people + 14 bots from 127.0.0.1, over its cap of 8 if bots counted against it
    srv = start_server(
        tmp_path,
        bot_fill="on",
        bot_fill_seconds="0.5",
        max_connections_per_address="8",
        bots_per_address="14",
    )
    sockets = []
    try:
        people = [sign_in(srv.base) for _ in LANGUAGES]
        seen: list[list[dict]] = [[] for _ in people]
        for (_player, token), language in zip(people, LANGUAGES, strict=True):
            ws = connect(srv.ws_url, headers={"Authorization": f"Bearer {token}"})
            ws.send(json.dumps({"type": "queue", "language": language}))
            sockets.append(ws)
        deadline = time.monotonic() + 60
        started = set()
        while time.monotonic() < deadline and len(started) < len(people):
            for i, ws in enumerate(sockets):
                _frames(ws, seen[i])
                if any(f["type"] == "tournament_started" for f in seen[i]):
                    started.add(i)
            time.sleep(0.05)
        assert len(started) == len(people), srv.log()  # every lobby filled with bots, in time
        for frames in seen:
            (start,) = [f for f in frames if f["type"] == "tournament_started"]
            bots = [s for s in start["lobby"]["seats"] if s["bot"]]
            assert len(bots) == 7
        log = srv.log()
        # the third lobby had to wait until bots of the first two were done
        assert "waits for people" in log and "WT_BOTS_PER_ADDRESS" in log
        status, _ = call(srv.base, "GET", "/api/me", people[0][1])
        assert status == 200  # the address's own connections were never crowded out
    finally:
        for ws in sockets:
            try:
                ws.close()
            except Exception:
                pass
        assert srv.stop() == 0, srv.log()
    log = srv.log()
    assert "429" not in log and "Traceback" not in log, log
