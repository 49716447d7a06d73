"""Process tuning (web/tuning.py): the websocket budget."""

from __future__ import annotations

import resource

from web import tuning


def test_websocket_budget_leaves_room_under_the_open_file_limit():
    budget = tuning.websocket_budget()
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    assert 0 < budget <= soft - min(tuning.RESERVED_FILES, soft // 5)
    assert tuning.websocket_budget(configured=10) == 10
