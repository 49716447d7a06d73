"""A websocket handshake carrying the server's own bot credential is not counted against its
address's websocket cap; anything else (no header, a wrong one) is."""

from __future__ import annotations

import pytest

from protocol.codes import BOT_HEADER
from tests.web.test_hardening import make_app

UPGRADE = {"Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Version": "13"}


def _handshake(app, headers):
    client = app.test_client()
    return client.get(
        "/ws?v=1", headers={**UPGRADE, **headers}, environ_overrides={"REMOTE_ADDR": "127.0.0.1"}
    )


def test_only_the_servers_bots_pass_a_full_address(tmp_path):
    app = make_app(tmp_path, max_connections_per_address=2)
    app.extensions["websockets"]["127.0.0.1"] = 2  # the address's cap is taken
    game = app.extensions["game"]
    assert _handshake(app, {}).status_code == 429
    assert _handshake(app, {BOT_HEADER: "guessed"}).status_code == 429
    assert _handshake(app, {BOT_HEADER: game.bot_credential + "x"}).status_code == 429
    assert _handshake(app, {BOT_HEADER: "é"}).status_code == 429  # not ASCII: no crash
    # past the cap, to the upgrade itself (which the test client's environ cannot do)
    with pytest.raises(RuntimeError, match="Cannot obtain socket"):
        _handshake(app, {BOT_HEADER: game.bot_credential})
