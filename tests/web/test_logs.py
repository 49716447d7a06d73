"""WT_LOG_FORMAT=json: one JSON object per line, from the formatter and from the real server."""

from __future__ import annotations

import json
import logging

from tests.e2e.server import start_server
from web.logs import JsonFormatter


def record(message: str, *args, **extra) -> logging.LogRecord:
    rec = logging.LogRecord("wordle.lobby", logging.WARNING, __file__, 1, message, args, None)
    for key, value in extra.items():
        setattr(rec, key, value)
    return rec


def test_a_line_is_one_object_with_the_ids_passed():
    line = JsonFormatter().format(record("lobby %d: %s", 3, "dissolved", lobby=3, player=7))
    out = json.loads(line)
    assert out["event"] == "lobby 3: dissolved" and out["level"] == "WARNING"
    assert out["logger"] == "wordle.lobby" and out["lobby"] == 3 and out["player"] == 7
    assert out["time"].endswith("Z") and "\n" not in line


def test_an_exception_stays_on_its_line():
    try:
        raise ValueError("boom")
    except ValueError:
        import sys

        rec = record("failed")
        rec.exc_info = sys.exc_info()
    line = JsonFormatter().format(rec)
    assert "\n" not in line and "ValueError: boom" in json.loads(line)["exc"]


def test_the_server_writes_only_json_lines(tmp_path):
    server = start_server(tmp_path, log_format="json")
    assert server.stop() == 0
    lines = [line for line in server.log().splitlines() if line.strip()]
    # scripts/manage.py and pip speak first when they (re)install the venv; then the server
    first = next(i for i, line in enumerate(lines) if line.startswith("{"))
    lines = lines[first:]
    events = [json.loads(line)["event"] for line in lines]  # each line parses
    assert any(e.startswith("serving on http://") for e in events) and events[-1] == "bye"
