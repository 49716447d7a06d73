"""A MySQL outage under the real server, through a proxy the test cuts: REST and new websocket
handshakes answer 503, the tournament being played goes on, a SIGTERM during the outage keeps
every result in the journal, and the next start writes each exactly once."""

from __future__ import annotations

import http.client
import json
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

from models.rating import rating_changes
from models.store.sql import SqlStore, connect
from tests.e2e.proxy import TcpProxy
from tests.e2e.server import sign_in, start_server
from tests.e2e.test_server import run_bots

store = SqlStore()

pytestmark = pytest.mark.mysql


@pytest.fixture
def database(mysql_server):
    """A scratch MySQL database reached through a proxy: (url through the proxy, proxy)."""
    url = mysql_server.create("outage")
    parts = urlsplit(url)
    proxy = TcpProxy((parts.hostname, parts.port or 3306))
    netloc = f"{parts.username or 'root'}@127.0.0.1:{proxy.port}"
    yield urlunsplit(parts._replace(netloc=netloc)), url, proxy
    proxy.close()
    connect("sqlite:///:memory:")  # let go of the scratch database before dropping it
    mysql_server.drop(url)


def status_of(request: urllib.request.Request) -> int:
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as err:
        return err.code


def handshake_status(base: str, token: str) -> int:
    """The status a websocket handshake gets (101: upgraded)."""
    host = urlsplit(base).netloc
    conn = http.client.HTTPConnection(host, timeout=10)
    conn.request(
        "GET",
        "/ws?v=1",
        headers={
            "Authorization": f"Bearer {token}",
            "Upgrade": "websocket",
            "Connection": "Upgrade",
            "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
            "Sec-WebSocket-Version": "13",
        },
    )
    status = conn.getresponse().status
    conn.close()
    return status


def wait_for(predicate, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.1)


def test_sigterm_during_an_outage_loses_no_result(tmp_path, database):
    via_proxy, direct, proxy = database
    settings = dict(database_url=via_proxy, shutdown_write_seconds="2", turn_seconds="0.4")
    srv = start_server(tmp_path, **settings)
    servers = [srv]
    try:
        port = int(srv.base.rsplit(":", 1)[1])
        journal = Path(tmp_path / "pending-writes.jsonl")
        tokens = [sign_in(srv.base)[1] for _ in range(9)]
        spare = tokens.pop()
        holder = {}
        players = threading.Thread(
            target=lambda: holder.update(r=run_bots(srv.ws_url, tokens, timeout=90)), daemon=True
        )
        players.start()
        wait_for(lambda: "started in lobby" in srv.log(), 30, "the tournament to start")
        assert handshake_status(srv.base, spare) == 101
        proxy.cut()
        leaderboard = urllib.request.Request(srv.base + "/api/leaderboard")
        assert status_of(leaderboard) == 503
        assert handshake_status(srv.base, spare) == 503  # refused before the upgrade
        players.join(120)
        brains, _ = holder["r"]
        assert all(b.result is not None for b in brains), srv.log()  # the games went on
        ended = brains[0].result
        places = {p["player"]: p["place"] for p in ended["places"]}
        assert "waits for the database" in srv.log()
        assert srv.stop() == 0, srv.log()  # nothing lost: the journal has it all
        assert "kept in" in srv.log() and "written at the next start" in srv.log()
        kept = [json.loads(line) for line in journal.read_text().splitlines()]
        assert kept[-1]["op"] == "finish" and any(e["op"] == "placement" for e in kept)

        proxy.restore()
        srv = start_server(tmp_path, port=port, **settings)
        servers.append(srv)
        assert "result(s) kept in the journal" in srv.log() and not journal.exists()
        assert srv.stop() == 0, srv.log()
        srv = start_server(tmp_path, port=port, **settings)  # a second start replays nothing
        servers.append(srv)
        assert srv.log().count("kept in the journal") == 1
        assert srv.stop() == 0
    finally:
        for s in servers:
            s.stop()

    connect(direct)
    summary = store.tournament_summary(ended["tournament"])
    assert summary.status == "finished"
    assert {e.player.id: e.place for e in summary.entries} == places
    expected = rating_changes(dict.fromkeys(places, 1000), places)
    players_now = store.get_players(places)
    assert {p: players_now[p].rating - 1000 for p in places} == expected
    assert all(players_now[p].placements == 1 for p in places)
    pairs = [(d.round, tuple(sorted(d.players))) for d in summary.duels]
    assert pairs and len(pairs) == len(set(pairs))  # every duel recorded once
