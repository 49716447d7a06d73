"""Nothing accumulates: once tournaments end and their players leave, the server holds the same
actors and greenlets as before they came, and their objects are freed (issue 12: a server that
runs for months must not grow with every tournament)."""

from __future__ import annotations

import gc
import weakref
from collections import Counter

import greenlet
import pytest

from actors.runtime import live_refs, settle
from tests.actors.harness import Harness, another_word, finished, play_round


def running_greenlets() -> int:
    gc.collect()
    return sum(1 for o in gc.get_objects() if isinstance(o, greenlet.greenlet) and o and not o.dead)


def actor_kinds() -> Counter[str]:
    return Counter(r.kind for r in live_refs())


def play_tournament(h: Harness) -> list[tuple[str, weakref.ref]]:
    """Eight players queue, play a whole tournament and leave. Returns weak references to every
    actor the tournament started (its lobby, duels and the players' connections), with its kind."""
    earlier = set(live_refs())  # other tests' actors may still be around
    clients = {c.id: c for c in h.full_lobby()}
    held: list[tuple[str, weakref.ref]] = []
    # a set of weak references, not of ids: a freed actor's id can be reused by the next one
    seen: weakref.WeakSet = weakref.WeakSet()

    def hold() -> None:
        for r in set(live_refs()) - earlier:
            if r._actor not in seen:
                seen.add(r._actor)
                held.append((r.kind, weakref.ref(r._actor)))

    hold()
    rounds = 0
    while not finished(clients):
        rounds += 1

        def decide(duel, player, rounds=rounds):
            hold()
            return duel.secret if (rounds + player) % 3 else another_word(h, duel)

        play_round(h, clients, decide)
    h.advance(h.settings.intro_seconds + 1)  # the final hold and any pause after the end
    for client in clients.values():
        client.disconnect()
        client.conn = None  # as the websocket route's frame does when it returns
    h.clients.clear()
    h.advance(h.settings.reconnect_grace_seconds + 1)
    settle()
    return held


@pytest.mark.slow
def test_actors_and_greenlets_return_to_their_baseline_after_tournaments():
    h = Harness(seed=7)
    play_tournament(h)  # the first one warms caches (word lists, lazily built tables)
    kinds, greenlets = actor_kinds(), running_greenlets()

    held: list[tuple[str, weakref.ref]] = []
    for _ in range(3):
        held += play_tournament(h)
    started = Counter(kind for kind, _ in held)
    assert started["LobbyActor"] == 3 and started["Connection"] == 24
    assert started["DuelActor"] >= 3 * 7  # at least seven duels to get one of eight left

    assert actor_kinds() == kinds
    # no more than before: a leak adds; one fewer is a greenlet of an earlier test ending
    assert running_greenlets() <= greenlets
    gc.collect()
    alive = Counter(kind for kind, ref in held if ref() is not None)
    assert not alive, f"still referenced after their tournament: {alive}"
    assert h.lobby_count() == 0


def test_a_tournament_leaves_no_cyclic_garbage():
    """What a tournament leaves behind is freed by reference counting alone: no actor, duel,
    lobby or game state waits in a reference cycle for a full collection (at 10,000 players
    those cycles were ~1,000 objects a minute, and a full collection walks every player's
    objects: seconds of every game stopped; docs/performance.md "An hour without a pause")."""
    h = Harness(seed=11)
    play_tournament(h)  # warm-up: lazily built tables, caches
    gc.collect()
    gc.disable()
    try:
        play_tournament(h)
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.collect()
        ours = Counter(
            type(o).__qualname__
            for o in gc.garbage
            if type(o).__module__.split(".")[0] in {"actors", "models", "protocol", "web"}
        )
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
    assert not ours, f"left in reference cycles: {ours.most_common(10)}"
