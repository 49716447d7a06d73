"""Worker for test_placements: applies placements from many greenlets, monkey-patched first.

    python -m tests.persistence.gevent_apply DATABASE_URL < plan.json

Plan: {"tournaments": [{"id": 1, "placements": [[player, place, round, left, change]]}],
"duplicate": {"id": 9, "placement": [...], "copies": 5} or null,
"yield_in_transaction": bool (MySQL only: sleep between the two writes of a placement, so
transactions of different greenlets overlap)}. Prints one JSON line of results.
"""

from gevent import monkey

monkey.patch_all()

import json  # noqa: E402
import sys  # noqa: E402
import threading  # noqa: E402

import gevent  # noqa: E402

from models.results import FixedPlacement  # noqa: E402
from models.store import tables, tournaments  # noqa: E402
from models.store.sql import SqlStore, connect  # noqa: E402

store = SqlStore()


def main(url: str, plan: dict) -> dict:
    connect(url)
    in_use = [0]
    real_credit = tournaments._credit_player

    def credit(pid: int, change: int) -> None:
        pool = tables.database.obj
        in_use[0] = max(in_use[0], len(getattr(pool, "_in_use", {})))
        if plan.get("yield_in_transaction"):
            gevent.sleep(0.002)  # another greenlet runs its transaction meanwhile
        real_credit(pid, change)

    tournaments._credit_player = credit
    results: list[bool] = []

    def apply_all(tid: int, placements: list) -> None:
        for pid, place, rnd, left, change in placements:
            results.append(
                store.apply_placement(FixedPlacement(tid, pid, place, rnd, left, change))
            )
            gevent.sleep(0)

    jobs = [gevent.spawn(apply_all, t["id"], t["placements"]) for t in plan["tournaments"]]
    dup = plan.get("duplicate")
    dup_results: list[bool] = []
    if dup:

        def apply_dup() -> None:
            dup_results.append(store.apply_placement(FixedPlacement(dup["id"], *dup["placement"])))

        jobs += [gevent.spawn(apply_dup) for _ in range(dup["copies"])]
    gevent.joinall(jobs, raise_error=True)
    return {
        "patched": monkey.is_module_patched("threading")
        and isinstance(tables.database.obj._state, threading.local),
        "applied": sum(results),
        "duplicate_applied": sum(dup_results),
        "max_connections_in_use": in_use[0],
    }


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1], json.loads(sys.stdin.read()))))
