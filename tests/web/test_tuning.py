"""Process tuning (web/tuning.py): the collector's settings, its pause watch, the budget."""

from __future__ import annotations

import gc
import logging

from web import tuning


def test_tune_gc_freezes_what_exists_and_raises_the_thresholds():
    old = gc.get_threshold()
    try:
        tuning.tune_gc()
        assert gc.get_freeze_count() > 1000
        assert gc.get_threshold() == tuning.GC_THRESHOLDS
    finally:
        gc.unfreeze()
        gc.set_threshold(*old)


def test_gc_watch_times_collections_and_logs_the_slow_ones(caplog):
    watch = tuning.GcWatch(slow=0.0).install()
    try:
        with caplog.at_level(logging.WARNING, logger="wordle.tuning"):
            gc.collect()
    finally:
        gc.callbacks.remove(watch)
    assert watch.count[2] == 1 and watch.longest[2] > 0
    assert "generation 2 collection stopped the process" in caplog.text
    assert "gen2 1x" in watch.summary()


def test_the_server_sets_tcp_nodelay_on_accepted_sockets():
    import socket

    import gevent.socket

    seen = []

    def app(environ, start_response):
        sock = environ["wsgi.input"].rfile.raw._sock
        seen.append(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
        start_response("200 OK", [("Content-Length", "2")])
        return [b"ok"]

    from models.settings import Settings
    from web.server import make_server

    server = make_server(Settings(port=0), app)
    server.start()
    try:
        client = gevent.socket.create_connection(("127.0.0.1", server.server_port))
        client.sendall(b"GET / HTTP/1.1\r\nHost: test\r\n\r\n")
        assert client.recv(1024).startswith(b"HTTP/1.1 200")
        client.close()
    finally:
        server.stop()
    assert seen == [1]


def test_automatic_full_collections_are_off_and_run_only_while_quiet(monkeypatch):
    import gevent

    # two middle collections a second (collect_young): years before an automatic full one
    assert tuning.GC_THRESHOLDS[2] / 2 / 86400 / 365 > 30
    full = []
    monkeypatch.setattr(tuning.gc, "collect", lambda: full.append(open_now[0]) or 0)
    open_now = [5000]
    worker = gevent.spawn(tuning.collect_when_quiet, lambda: open_now[0], 200, 0.01)
    try:
        gevent.sleep(0.05)
        assert full == []  # busy: no collection stops thousands of players
        open_now[0] = 12
        gevent.sleep(0.05)
        assert full and set(full) == {12}
    finally:
        worker.kill()


def test_young_collections_come_by_the_clock_with_the_middle_generation(monkeypatch):
    import gevent

    taken = []
    monkeypatch.setattr(tuning.gc, "collect", lambda generation=2: taken.append(generation) or 0)
    worker = gevent.spawn(tuning.collect_young, 0.005)
    try:
        for _ in range(1000):
            if len(taken) >= 3:
                break
            gevent.sleep(0.005)
    finally:
        worker.kill()
    assert len(taken) >= 3 and set(taken) == {1}  # again and again, never a full collection
