from actors.runtime import Crash, live_refs, settle
from tests.actors.harness import Harness


def lobby_sizes(clients):
    """Seats taken in each lobby, from what the players were last shown."""
    seats = {}
    for c in clients:
        lobby = c.last("lobby")["lobby"]
        seats[lobby["id"]] = len(lobby["seats"])
    return sorted(seats.values())


def queue(h, rating=1000, language="en"):
    c = h.connect(h.player(rating))
    c.send({"type": "queue", "language": language})
    return c


def test_lobby_starts_when_the_eighth_seat_is_taken():
    h = Harness()
    clients = [queue(h) for _ in range(7)]
    assert clients[0].last("lobby")["lobby"]["status"] == "waiting"
    assert len(clients[0].last("lobby")["lobby"]["seats"]) == 7
    assert clients[0].last("tournament_started") is None
    eighth = queue(h)
    for c in [*clients, eighth]:
        assert c.last("tournament_started") is not None


def test_rating_window_is_200_and_never_widens():
    h = Harness()
    a = queue(h, 1000)
    b = queue(h, 1200)  # exactly 200 away: fits
    c = queue(h, 1301)  # lobby average is now 1100: 201 away, needs a new lobby
    assert a.last("lobby")["lobby"]["id"] == b.last("lobby")["lobby"]["id"]
    assert c.last("lobby")["lobby"]["id"] != a.last("lobby")["lobby"]["id"]
    h.advance(3600)  # waiting longer changes nothing
    d = queue(h, 1301)
    assert d.last("lobby")["lobby"]["id"] == c.last("lobby")["lobby"]["id"]


def test_fullest_fitting_lobby_is_preferred():
    h = Harness()
    joined = [queue(h, 1000)]  # lobby 1: average 1000
    joined.append(queue(h, 1150))
    joined.append(queue(h, 1300))  # 1300 vs 1075: no; lobby 2
    joined.append(queue(h, 1290))  # lobby 2 (1300) fits; lobby 1 (1075) does not
    joined.append(queue(h, 1150))  # fits both (75 and 145 away), both have 2: the older
    assert lobby_sizes(joined) == [2, 3]
    p = queue(h, 1200)  # fits lobby 1 (1100, 3 seated) and lobby 2 (1295, 2 seated)
    assert len(p.last("lobby")["lobby"]["seats"]) == 4  # the fuller one


def test_languages_never_mix():
    h = Harness()
    en = queue(h, language="en")
    de = queue(h, language="de")
    assert en.last("lobby")["lobby"]["id"] != de.last("lobby")["lobby"]["id"]
    assert de.last("lobby")["lobby"]["language"] == "de"
    bad = queue(h, language="xx")
    assert bad.last("error")["code"] == "unknown_language"


def test_leaving_a_waiting_lobby_is_free_and_queueing_twice_is_refused():
    h = Harness()
    a = queue(h)
    b = queue(h)
    a.send({"type": "queue", "language": "en"})
    assert a.last("error")["code"] == "already_playing"
    a.send({"type": "leave"})
    assert a.last("left")["reason"] == "left_lobby" and a.last("home") is not None
    assert len(b.last("lobby")["lobby"]["seats"]) == 1
    a.send({"type": "queue", "language": "en"})  # may queue again at once
    assert len(a.last("lobby")["lobby"]["seats"]) == 2


def test_empty_lobby_is_closed():
    h = Harness()
    a = queue(h)
    a.send({"type": "leave"})
    assert h.lobby_count() == 0


def test_disconnected_player_in_a_waiting_lobby_loses_the_seat_after_the_grace():
    h = Harness(reconnect_grace_seconds=10)
    a = queue(h)
    b = queue(h)
    b.disconnect()
    assert a.last("player_status")["connected"] is False
    h.advance(10)
    assert len(a.last("lobby")["lobby"]["seats"]) == 1
    b2 = b.reconnect()
    assert b2.last("home") is not None


def test_a_new_nickname_shows_in_the_lobby_at_once():
    from dataclasses import replace

    from actors.runtime import settle

    h = Harness()
    a = queue(h)
    b = queue(h)
    renamed = replace(a.player, nickname="Captain Vowel")
    h.server.player_changed(renamed)
    settle()
    seats = {s["id"]: s["nickname"] for s in b.last("lobby")["lobby"]["seats"]}
    assert seats[a.id] == "Captain Vowel"
    a.send({"type": "leave"})
    a.send({"type": "queue", "language": "en"})  # the connection queues with the new name
    seats = {s["id"]: s["nickname"] for s in b.last("lobby")["lobby"]["seats"]}
    assert seats[a.id] == "Captain Vowel"


def test_bots_do_not_wait_in_a_lobby_without_people():
    h = Harness()
    person = queue(h)
    bots = [h.connect(h.player(is_bot=True)) for _ in range(3)]
    for b in bots:
        b.send({"type": "queue", "language": "en"})
    assert len(person.last("lobby")["lobby"]["seats"]) == 4
    person.send({"type": "leave"})
    for b in bots:
        assert b.last("left")["reason"] == "left_lobby"
    assert h.lobby_count() == 0


def test_a_player_who_left_plays_again_only_once_placed():
    """History rows chain: nobody starts a tournament while a place of theirs is pending."""
    h = Harness()
    clients = h.full_lobby()
    h.advance(h.settings.intro_seconds)
    leaver = clients[0]
    leaver.send({"type": "leave"})
    assert leaver.last("left")["reason"] == "left"
    leaver.send({"type": "queue", "language": "en"})
    refused = leaver.last("error")
    assert refused["code"] == "placement_pending" and "round ends" in refused["message"]
    assert leaver.last("placement") is None  # the round is still on
    h.advance(h.settings.turn_seconds * 13)  # every duel of the round runs out
    placed = [f for c in clients[1:] for f in c.of_type("placement") if f["player"] == leaver.id]
    assert placed and placed[0]["left"] is True
    leaver.send({"type": "queue", "language": "en"})
    assert leaver.last("lobby")["lobby"]["status"] == "waiting"


def test_a_crashed_lobby_holds_nobody():
    """Places an aborted tournament never fixed never will be: its leavers may play at once."""
    earlier = set(live_refs())  # other tests' actors may still be around
    h = Harness()
    clients = h.full_lobby()
    h.advance(h.settings.intro_seconds)
    clients[0].send({"type": "leave"})
    clients[0].send({"type": "queue", "language": "en"})
    assert clients[0].last("error")["code"] == "placement_pending"
    (lobby,) = [r for r in live_refs() if r.kind == "LobbyActor" and r not in earlier]
    lobby.tell(Crash())
    settle()
    assert clients[1].last("tournament_aborted") is not None
    clients[0].send({"type": "queue", "language": "en"})
    assert clients[0].last("lobby")["lobby"]["status"] == "waiting"
