"""The shipped nginx configuration (docs/deploy/nginx.conf), run by Debian's nginx in front of
the real server: a whole tournament over websockets through it, each client's own address
seen by the limits, and a client's forged X-Forwarded-For ignored."""

from __future__ import annotations

import http.client
import json
import os
import shutil
import signal
import subprocess
import time
from pathlib import Path

import pytest

from tests.e2e.server import ROOT, free_port, start_server
from tests.e2e.test_server import run_bots

SHIPPED = ROOT / "docs" / "deploy" / "nginx.conf"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"

pytestmark = pytest.mark.skipif(
    not Path(NGINX).exists() and not os.environ.get("WT_REQUIRE_NGINX"),
    reason="nginx is not installed (.ci/run installs Debian's)",
)


def run_nginx(tmp: Path, upstream: int, port: int) -> subprocess.Popen:
    site = SHIPPED.read_text()
    assert "server 127.0.0.1:8000;" in site and "listen 80;" in site
    site = site.replace("server 127.0.0.1:8000;", f"server 127.0.0.1:{upstream};")
    site = site.replace("listen 80;", f"listen 127.0.0.1:{port};")
    site = site.replace("listen [::]:80;", "")
    (tmp / "site.conf").write_text(site)
    for name in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
        (tmp / name).mkdir()
    (tmp / "nginx.conf").write_text(
        f"""daemon off;
        worker_processes 1;
        pid {tmp}/nginx.pid;
        error_log {tmp}/error.log warn;
        {"user root;" if os.geteuid() == 0 else ""}
        events {{ worker_connections 512; }}
        http {{
            access_log off;
            client_body_temp_path {tmp}/body;
            proxy_temp_path {tmp}/proxy;
            fastcgi_temp_path {tmp}/fastcgi;
            uwsgi_temp_path {tmp}/uwsgi;
            scgi_temp_path {tmp}/scgi;
            include {tmp}/site.conf;
        }}
        """
    )
    process = subprocess.Popen([NGINX, "-p", str(tmp), "-c", str(tmp / "nginx.conf")])
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            status, _ = request(port, "GET", "/healthz")
            if status == 200:
                return process
        except OSError:
            time.sleep(0.05)
    process.kill()
    raise RuntimeError((tmp / "error.log").read_text())


def request(port: int, method: str, path: str, source: str = "127.0.0.1", headers=None):
    """One request to nginx from the loopback address `source` (each is a client of its own)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=(source, 0))
    try:
        conn.request(method, path, headers=headers or {})
        response = conn.getresponse()
        body = response.read()
        return response.status, json.loads(body) if body.startswith(b"{") else {}
    finally:
        conn.close()


@pytest.fixture
def proxied(tmp_path):
    server = start_server(tmp_path, trusted_proxies=1, signin_rate="4/minute")
    port = free_port()
    (tmp_path / "nginx").mkdir()
    nginx = run_nginx(tmp_path / "nginx", int(server.base.rsplit(":", 1)[1]), port)
    yield server, port
    nginx.send_signal(signal.SIGQUIT)
    nginx.wait(10)
    assert server.stop() == 0, server.log()


def test_a_whole_tournament_plays_through_nginx(proxied):
    server, port = proxied
    # eight players signing in from eight addresses: the sign-in limit (4 a minute per
    # address) counts each client, not nginx
    tokens = []
    for i in range(8):
        status, body = request(port, "POST", "/api/session", source=f"127.0.0.{10 + i}")
        assert status == 201, body
        tokens.append(body["token"])
    brains, recorder = run_bots(f"ws://127.0.0.1:{port}/ws?v=1", tokens)
    assert all(b.result is not None for b in brains), server.log()
    assert all(frames[0]["type"] == "welcome" for frames in recorder.frames.values())


def test_limits_see_each_client_and_ignore_a_forged_address(proxied):
    _, port = proxied
    codes = [request(port, "POST", "/api/session", source="127.0.0.2")[0] for _ in range(5)]
    assert codes == [201, 201, 201, 201, 429]
    forged = {"X-Forwarded-For": "203.0.113.9"}  # pretending to be someone else
    assert request(port, "POST", "/api/session", "127.0.0.2", forged)[0] == 429
    assert request(port, "POST", "/api/session", source="127.0.0.3")[0] == 201
