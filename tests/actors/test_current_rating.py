"""A socket stays open over many tournaments; the player's rating moves under it. Queueing
uses the rating the store has now, so a player is seated (and shown) at it, never at the one
the socket opened with."""

from dataclasses import replace

from actors.runtime import settle
from models.store.errors import Unavailable
from tests.actors.harness import Harness


class RatingStore:
    """A GameStore whose players' ratings the test moves, as placements would."""

    def __init__(self) -> None:
        self.players = {}
        self.down = False

    def get_players(self, ids):
        if self.down:
            raise Unavailable("database gone")
        return {i: self.players[i] for i in ids if i in self.players}

    def start_tournament(self, language, seats):
        return 1, {p: self.players[p].rating for p in seats}

    def record_results(self, results):
        pass


def _harness():
    store = RatingStore()
    h = Harness(store=store)
    return h, store


def _player(h, store, rating):
    p = h.player(rating)
    store.players[p.id] = p
    return p


def _seats(client):
    return {s["id"]: s["rating"] for s in client.last("lobby")["lobby"]["seats"]}


def test_a_rating_that_moved_while_the_socket_was_open_is_the_one_queued_with():
    h, store = _harness()
    newcomer = h.connect(_player(h, store, 1000))
    newcomer.send({"type": "queue", "language": "en"})
    farmer_player = _player(h, store, 1000)
    farmer = h.connect(farmer_player)  # opened at 1000
    assert farmer.last("welcome")["you"]["rating"] == 1000
    store.players[farmer.id] = replace(farmer_player, rating=1305)  # placements elsewhere
    farmer.send({"type": "queue", "language": "en"})
    assert farmer.last("lobby")["lobby"]["id"] != newcomer.last("lobby")["lobby"]["id"]
    assert _seats(farmer) == {farmer.id: 1305}
    assert _seats(newcomer) == {newcomer.id: 1000}  # 305 away: not seated beside them
    peer = h.connect(_player(h, store, 1250))
    peer.send({"type": "queue", "language": "en"})
    assert _seats(peer) == {farmer.id: 1305, peer.id: 1250}


def test_the_rating_is_read_again_at_every_queueing():
    h, store = _harness()
    p = _player(h, store, 1000)
    c = h.connect(p)
    c.send({"type": "queue", "language": "en"})
    assert _seats(c) == {c.id: 1000}
    c.send({"type": "leave"})
    store.players[c.id] = replace(p, rating=1120)
    c.send({"type": "queue", "language": "en"})
    assert _seats(c) == {c.id: 1120}


def test_when_the_store_cannot_answer_the_last_known_rating_is_used():
    h, store = _harness()
    c = h.connect(_player(h, store, 1000))
    store.down = True
    c.send({"type": "queue", "language": "en"})
    settle()
    assert _seats(c) == {c.id: 1000}
