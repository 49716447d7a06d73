"""A crashed duel or lobby is contained: players are told, nothing else is affected."""

import logging

from actors import lobby as lobby_actor
from actors.duel import DuelActor
from models.lobby.inputs import IntroOver
from tests.actors.harness import Harness, play_round


def test_a_crashed_duel_is_void_and_the_tournament_goes_on(monkeypatch, caplog):
    h = Harness()
    clients = {c.id: c for c in h.full_lobby()}
    h.advance(6)
    duel = min(h.live_duels(), key=lambda d: d.id)
    original = DuelActor.guess

    def explode(self, msg):
        if self.duel_id == duel.id:
            raise RuntimeError("injected fault")
        return original(self, msg)

    monkeypatch.setattr(DuelActor, "guess", explode)
    with caplog.at_level(logging.ERROR):
        clients[duel.to_move].send({"type": "guess", "word": duel.secret})
    assert "injected fault" in caplog.text
    a, b = duel.pair
    ended = clients[a].last("duel_ended")
    assert ended["duel"] == duel.id and ended["outcome"] == "void"
    assert ended["winner"] is None and ended["secret"] == duel.secret
    assert clients[a].last("error")["code"] == "duel_void"
    standings = h.standings(clients[a])
    assert standings[a]["lives"] == standings[b]["lives"] == 3
    summary = next(d for d in h.snapshot(clients[a])["tournament"]["duels"] if d["id"] == duel.id)
    assert summary["over"] is True and summary["outcome"] == "void"
    monkeypatch.setattr(DuelActor, "guess", original)
    play_round(h, clients, lambda d, p: d.secret)
    assert clients[a].last("round_intro")["round"] == 2


def test_a_crashed_lobby_aborts_its_tournament_only(monkeypatch):
    h = Harness()
    crashing = {c.id: c for c in h.full_lobby()}
    others = {c.id: c for c in h.full_lobby()}
    assert h.lobby_count() == 2
    doomed = next(iter(crashing.values())).last("lobby")["lobby"]["id"]
    original = lobby_actor.step

    def explode(state, msg, now, ctx):
        if state.id == doomed and isinstance(msg, IntroOver):
            raise RuntimeError("injected lobby fault")
        return original(state, msg, now, ctx)

    monkeypatch.setattr(lobby_actor, "step", explode)
    h.advance(6)
    for c in crashing.values():
        assert c.last("tournament_aborted") is not None
        assert c.last("home") is not None
    assert h.lobby_count() == 1
    assert all(c.last("tournament_aborted") is None for c in others.values())
    assert all(len(c.of_type("duel_started")) == 4 for c in others.values())  # plays on
    # the aborted players can queue again straight away
    again = next(iter(crashing.values()))
    again.send({"type": "queue", "language": "en"})
    assert again.last("lobby") is not None
