import pytest

from models.party import PartyError
from tests.actors.harness import Harness, another_word, eliminated, finished, play_round


def make_party(h, size):
    members = [h.connect() for _ in range(size)]
    leader = members[0]
    view = h.party("create_party", leader.player, "en")
    for m in members[1:]:
        h.party("join_party", m.player, view["invite"])
    return members, view


def test_members_see_the_party_live():
    h = Harness()
    (a, b, c), view = make_party(h, 3)
    party = a.last("party")["party"]
    assert [m["id"] for m in party["members"]] == [a.id, b.id, c.id]
    assert party["leader"] == a.id and party["can_start"] is True
    assert b.last("party")["party"]["can_start"] is False  # not the leader
    c.disconnect()
    assert [m["online"] for m in a.last("party")["party"]["members"]] == [True, True, False]
    h.party("leave_party", b.id)
    assert b.last("party")["party"] is None
    assert [m["id"] for m in a.last("party")["party"]["members"]] == [a.id, c.id]


def test_party_lands_in_one_lobby_and_comes_back_after_the_tournament():
    h = Harness()
    members, view = make_party(h, 3)
    leader = members[0]
    started = h.party("start_party", leader.id)
    lobby_id = started["lobby"]
    assert sorted(started["players"]) == sorted(m.id for m in members)
    for m in members:
        assert m.last("lobby")["lobby"]["id"] == lobby_id
        assert m.last("lobby")["lobby"]["party"] == view["id"]
    assert leader.last("party")["party"]["members"][1]["in_tournament"] is True
    with pytest.raises(PartyError) as e:
        h.party("start_party", leader.id)
    assert e.value.code == "members_playing"
    # five others fill the party's lobby through normal matchmaking
    others = [h.connect() for _ in range(5)]
    for o in others:
        o.send({"type": "queue", "language": "en"})
        assert o.last("lobby")["lobby"]["id"] == lobby_id
    clients = {c.id: c for c in [*members, *others]}

    # the leader is knocked out first (always misses), the others play on
    def decide(duel, player):
        return another_word(h, duel) if player == leader.id else duel.secret

    while leader.id not in eliminated(clients):
        play_round(h, clients, decide)
    # the leader is out but watching: still "in the tournament"
    assert h.party("party_of", leader.id)["can_start"] is False
    leader.send({"type": "leave"})  # stops watching: back on the party screen
    home = leader.last("home")
    assert home["party"]["id"] == view["id"]
    still = [m for m in members[1:] if m.id not in eliminated(clients)]
    assert home["party"]["can_start"] is (not still)
    while not finished(clients):
        play_round(h, clients, decide)
    for m in members:
        assert m.last("tournament_ended") is not None or m is leader
    view = h.party("party_of", leader.id)
    assert view["can_start"] is True
    assert not any(m["in_tournament"] for m in view["members"])
    again = h.party("start_party", leader.id)
    assert again["lobby"] != lobby_id


def test_offline_members_stay_behind_when_the_leader_starts():
    h = Harness()
    (a, b, c), view = make_party(h, 3)
    c.disconnect()
    started = h.party("start_party", a.id)
    assert sorted(started["players"]) == sorted([a.id, b.id])
    assert h.party("party_of", c.id)["members"][2]["in_tournament"] is False


def test_party_members_do_not_queue_alone_and_outsiders_cannot_read():
    h = Harness()
    (a, b), view = make_party(h, 2)
    b.send({"type": "queue", "language": "en"})
    assert b.last("error")["code"] == "in_party"
    outsider = h.connect()
    with pytest.raises(PartyError) as e:
        h.party("party_of", outsider.id, view["id"])
    assert e.value.code == "not_member"


def test_joining_while_in_a_tournament_is_refused():
    h = Harness()
    (a,), view = make_party(h, 1)
    busy = h.connect()
    busy.send({"type": "queue", "language": "en"})
    with pytest.raises(PartyError) as e:
        h.party("join_party", busy.player, view["invite"])
    assert e.value.code == "in_tournament"
