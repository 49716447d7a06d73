from tests.actors.harness import Harness, another_word, assert_secrets_kept, finished, play_round


def test_eight_players_start_a_tournament_and_see_the_intro():
    h = Harness()
    clients = h.full_lobby()
    for c in clients:
        assert c.frames[0]["type"] == "welcome"
        assert c.last("tournament_started") is not None
        intro = c.last("round_intro")
        assert intro["round"] == 1 and len(intro["pairs"]) == 4 and intro["bye"] is None
        assert intro["remaining_ms"] == 6000
    assert clients[0].last("duel_started") is None
    h.advance(6.0)
    for c in clients:
        assert len(c.of_type("duel_started")) == 4
        # each player hears the turns of their own duel only
        turns = c.of_type("turn")
        assert len(turns) == 1 and c.id in next(
            d["players"] for d in c.of_type("duel_started") if d["duel"] == turns[0]["duel"]
        )


def test_a_whole_tournament_ends_with_valid_places_and_no_early_secret():
    h = Harness(seed=3)
    clients = {c.id: c for c in h.full_lobby()}
    # the player to move solves at once in odd rounds; in even rounds the first mover misses
    rounds = 0
    while not finished(clients):
        rounds += 1
        wrong = set()

        def decide(duel, player, rounds=rounds, wrong=wrong):
            if rounds % 2 == 0 and duel.id not in wrong:
                wrong.add(duel.id)
                return another_word(h, duel)
            return duel.secret

        play_round(h, clients, decide)
    ended = clients[1].last("tournament_ended")
    assert ended is not None
    places = sorted(p["place"] for p in ended["places"])
    assert places[0] == 1 and len(places) == 8
    # every placement message came once per player and matches the end summary
    fixed = {f["player"]: f for f in clients[1].of_type("placement")}
    assert set(fixed) == set(clients)
    assert {p["player"]: p["place"] for p in ended["places"]} == {
        pid: f["place"] for pid, f in fixed.items()
    }
    # no frame carried a duel's secret before that duel's end
    for c in clients.values():
        assert assert_secrets_kept(c.frames) >= 4
    assert h.lobby_count() == 0  # the lobby released its state


def test_the_secret_checker_catches_a_leak():
    import pytest

    started = {"type": "duel_started", "duel": 1}
    ended = {"type": "duel_ended", "duel": 1, "secret": "gamer"}
    leak = {"type": "duel_view", "duel": {"id": 1, "secret": None, "hint": "gamer"}}
    letters = {"type": "turn", "duel": 1, "secret_letters": list("gamer")}
    for frame in (leak, letters):
        with pytest.raises(AssertionError):
            assert_secrets_kept([started, frame, ended])
    assert assert_secrets_kept([started, ended, leak]) == 1  # after the end it is public
