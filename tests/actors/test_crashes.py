"""A crashed duel or lobby is contained: players are told, nothing else is affected."""

import logging

from actors.duel import DuelActor
from actors.lobby import LobbyActor
from tests.actors.harness import Harness, play_round


def test_a_crashed_duel_is_void_and_the_tournament_goes_on(monkeypatch, caplog):
    h = Harness()
    clients = {c.id: c for c in h.full_lobby()}
    (info,) = h.lobbies().values()
    lobby = info.ref._actor
    h.advance(6)
    duel_id, slot = next(iter(lobby.duels.items()))
    original = DuelActor.on_Guess

    def explode(self, msg):
        if self.duel_id == duel_id:
            raise RuntimeError("injected fault")
        return original(self, msg)

    monkeypatch.setattr(DuelActor, "on_Guess", explode)
    with caplog.at_level(logging.ERROR):
        clients[slot.view["to_move"]].send({"type": "guess", "word": slot.secret})
    assert "injected fault" in caplog.text
    a, b = slot.pair
    ended = clients[a].last("duel_ended")
    assert ended["duel"] == duel_id and ended["outcome"] == "void"
    assert clients[a].last("error")["code"] == "duel_void"
    assert lobby.t.lives[a] == lobby.t.lives[b] == 3
    monkeypatch.setattr(DuelActor, "on_Guess", original)
    play_round(h, clients, lambda s, p: s.secret, lobby)
    assert lobby.t.round == 2 and lobby.alive


def test_a_crashed_lobby_aborts_its_tournament_only(monkeypatch):
    h = Harness()
    crashing = {c.id: c for c in h.full_lobby()}
    others = {c.id: c for c in h.full_lobby()}
    lobbies = list(h.lobbies().values())
    assert len(lobbies) == 2
    doomed = lobbies[0].ref._actor
    original = LobbyActor.on_IntroOver

    def explode(self, msg):
        if self is doomed:
            raise RuntimeError("injected lobby fault")
        return original(self, msg)

    monkeypatch.setattr(LobbyActor, "on_IntroOver", explode)
    h.advance(6)
    for c in crashing.values():
        assert c.last("tournament_aborted") is not None
        assert c.last("home") is not None
    assert len(h.lobbies()) == 1
    survivor = lobbies[1].ref._actor
    assert survivor.alive and survivor.t.phase.value == "playing"
    assert all(c.last("tournament_aborted") is None for c in others.values())
    # the aborted players can queue again straight away
    again = next(iter(crashing.values()))
    again.send({"type": "queue", "language": "en"})
    assert again.last("lobby") is not None
