"""RULES points that involve time or connections, on a manual clock (no waiting)."""

from tests.actors.harness import (
    Harness,
    another_word,
    assert_secrets_kept,
    eliminated,
    finished,
    play_round,
)


def start(h=None, **kw):
    h = h or Harness(**kw)
    clients = {c.id: c for c in h.full_lobby()}
    h.advance(h.settings.intro_seconds)
    return h, clients


def first_duel(h):
    return min(h.live_duels(), key=lambda d: d.id)


def win(duel, player):
    return duel.secret


def test_timeout_skips_the_turn_and_passes_it():
    h, clients = start()
    duel = first_duel(h)
    first = duel.to_move
    second = next(p for p in duel.pair if p != first)
    h.advance(29.9)
    assert clients[first].last("turn_skipped") is None
    h.advance(0.1)
    skipped = clients[second].last("turn_skipped")
    assert skipped["player"] == first and skipped["index"] == 0
    assert clients[first].last("turn_skipped")["next"]["player"] == second
    assert h.duels()[duel.id].board()[0]["skipped"] is True


def test_invalid_guess_is_rejected_to_the_guesser_only_and_the_clock_runs_on():
    h, clients = start()
    duel = first_duel(h)
    first = duel.to_move
    second = next(p for p in duel.pair if p != first)
    deadline = duel.deadline
    h.advance(10)
    clients[first].send({"type": "guess", "word": "zzzz" + "z" * (duel.length - 4)})
    rejected = clients[first].last("guess_rejected")
    assert rejected["reason"] == "not_a_word"
    clients[first].send({"type": "guess", "word": "ab"})
    assert clients[first].last("guess_rejected")["reason"] == "wrong_length"
    clients[first].send({"type": "guess", "word": "ab1" + "a" * (duel.length - 3)})
    assert clients[first].last("guess_rejected")["reason"] == "not_letters"
    assert clients[second].last("guess_rejected") is None
    snap = h.snapshot(clients[first])["duel"]
    assert snap["rows"] == [] and snap["deadline"] == deadline
    h.advance(20)  # the original deadline still holds
    assert clients[second].last("turn_skipped")["player"] == first


def test_a_guess_reaches_each_player_as_one_frame_with_the_next_turn():
    h, clients = start()
    duel = first_duel(h)
    first = duel.to_move
    second = next(p for p in duel.pair if p != first)
    h.advance(4)
    before = {p: len(clients[p].frames) for p in duel.pair}
    clients[first].send({"type": "guess", "word": another_word(h, duel)})
    for p in duel.pair:
        new = clients[p].frames[before[p] :]
        assert [f["type"] for f in new] == ["guess_scored"]
        handed = new[0]["next"]
        assert handed["player"] == second and handed["turn"] == 1
        assert handed["remaining_ms"] == handed["turn_ms"] == 30000
    h.advance(30)  # the handed-over turn ran out: a skipped row hands it back
    skipped = clients[first].last("turn_skipped")
    assert skipped["player"] == second and skipped["next"]["player"] == first
    assert skipped["next"]["turn"] == 2


def test_the_frames_a_duels_end_makes_reach_each_player_in_one_write():
    h, clients = start()
    duel = first_duel(h)
    winner = duel.to_move
    loser = next(p for p in duel.pair if p != winner)
    before = {p: (len(c.frames), c.socket.sends_many) for p, c in clients.items()}
    clients[winner].send({"type": "guess", "word": duel.secret})
    for p, c in clients.items():
        seen, writes = before[p]
        kinds = [f["type"] for f in c.frames[seen:]]
        expected = ["duel_ended", "lives"]
        if p in duel.pair:
            expected = ["guess_scored", *expected]
        assert kinds == expected, (p, kinds)
        assert c.socket.sends_many == writes + 1  # one write for them all
    assert clients[loser].frames[-1] == {"type": "lives", "player": loser, "lives": 2}


def test_guess_out_of_turn_and_in_no_duel_are_refused():
    h, clients = start()
    duel = first_duel(h)
    waiting = next(p for p in duel.pair if p != duel.to_move)
    clients[waiting].send({"type": "guess", "word": duel.secret})
    assert clients[waiting].last("guess_rejected")["reason"] == "not_your_turn"
    assert not h.duels()[duel.id].over


def test_draw_costs_both_a_life():
    h, clients = start()
    duel = first_duel(h)
    h.advance(12 * 30)  # nobody plays: 12 skipped turns
    a, b = duel.pair
    mine = [e for e in clients[a].of_type("duel_ended") if e["duel"] == duel.id]
    assert mine and mine[0]["outcome"] == "draw" and mine[0]["winner"] is None
    lives = {f["player"]: f["lives"] for f in clients[a].of_type("lives")}
    assert lives[a] == 2 and lives[b] == 2


def test_bye_with_an_odd_number_of_survivors():
    h, clients = start()
    leaver = next(iter(clients))
    clients[leaver].send({"type": "leave"})
    play_round(h, clients, win)
    observer = clients[next(c for c in clients if c != leaver)]
    intro = observer.last("round_intro")
    assert intro["round"] == 2 and intro["bye"] is not None and len(intro["pairs"]) == 3
    bye = intro["bye"]
    lives_before = intro["lives"][str(bye)]
    play_round(h, clients, win)
    assert h.standings(observer)[bye]["lives"] == lives_before
    assert observer.last("round_intro")["bye"] != bye  # never twice in a row


def test_reconnect_within_grace_restores_exactly_the_same_state():
    h, clients = start()
    duel = first_duel(h)
    first = duel.to_move
    other = next(p for p in duel.pair if p != first)
    clients[first].send({"type": "guess", "word": another_word(h, duel)})
    clients[other].disconnect()
    status = clients[first].last("player_status")
    assert status["player"] == other and status["connected"] is False
    assert status["gone_at"] is not None
    h.advance(20)
    back = clients[other].reconnect()
    snap = back.last("snapshot")
    seen = h.duels()[duel.id]
    assert snap["duel"]["rows"] == seen.board()
    assert snap["duel"]["to_move"] == seen.to_move == other
    assert snap["duel"]["deadline"] == seen.deadline
    assert snap["tournament"]["round"] == 1 and snap["tournament"]["phase"] == "playing"
    assert snap["tournament"]["standings"] == [
        {**s, "connected": True} for s in snap["tournament"]["standings"]
    ]
    # and the game goes on for the new connection
    back.send({"type": "guess", "word": duel.secret})
    assert back.last("duel_ended")["winner"] == other


def test_turns_of_a_disconnected_player_expire_as_skipped():
    h, clients = start()
    duel = first_duel(h)
    first = duel.to_move
    other = next(p for p in duel.pair if p != first)
    clients[first].disconnect()
    h.advance(30)
    assert h.snapshot(clients[other])["duel"]["rows"][0] == {
        "index": 0,
        "player": first,
        "letters": None,
        "marks": None,
        "skipped": True,
    }


def test_disconnect_past_the_grace_is_leaving():
    h, clients = start(reconnect_grace_seconds=45)
    duel = first_duel(h)
    gone, other = duel.pair
    clients[gone].disconnect()
    h.advance(44)
    assert not h.duels()[duel.id].over
    h.advance(1)
    ended = clients[other].last("duel_ended")
    assert ended["outcome"] == "forfeit" and ended["winner"] == other and ended["loser"] == gone
    elim = clients[other].last("eliminated")
    assert elim == {"type": "eliminated", "player": gone, "round": 1, "left": True, "place": None}
    assert h.standings(clients[other])[other]["lives"] == 3
    back = clients[gone].reconnect()
    assert back.last("home") is not None and back.last("snapshot") is None
    told = back.last("left")  # told why, before home
    assert told["reason"] == "grace_expired" and back.frames.index(told) < back.frames.index(
        back.last("home")
    )
    again = back.reconnect()
    assert again.last("left") is None  # told once


def test_leave_during_the_intro_and_ranked_below_the_round():
    h = Harness()
    clients = {c.id: c for c in h.full_lobby()}
    intro = clients[1].last("round_intro")
    a, b = intro["pairs"][0]
    clients[a].send({"type": "leave"})
    assert clients[a].last("left")["reason"] == "left"
    play_round(h, clients, win)
    places = {f["player"]: f["place"] for f in clients[b].of_type("placement")}
    assert places == {a: 8} and h.standings(clients[b])[b]["lives"] == 3
    started = [d["players"] for d in clients[b].of_type("duel_started")]
    assert sorted([a, b]) not in [sorted(p) for p in started]


def test_spectating_after_elimination():
    h = Harness()
    clients = {c.id: c for c in h.full_lobby()}
    target = 1

    def target_loses(duel, player):
        return another_word(h, duel) if player == target else duel.secret

    while target not in eliminated(clients):
        play_round(h, clients, target_loses)
    spectator = clients[target]
    assert spectator.last("eliminated")["player"] == target
    assert target in {f["player"] for f in spectator.of_type("placement")}
    h.advance(h.settings.intro_seconds)  # the next round's duels start
    live = sorted(h.live_duels(), key=lambda d: d.id)
    watched = live[0]
    spectator.send({"type": "spectate", "duel": watched.id})
    view = spectator.last("duel_view")["duel"]
    assert view["id"] == watched.id and view["secret"] is None
    clients[watched.to_move].send({"type": "guess", "word": "q" * watched.length})
    assert spectator.last("guess_rejected") is None  # private to the guesser
    h.advance(30)
    assert spectator.last("turn_skipped")["duel"] == watched.id
    other = live[1].id
    spectator.send({"type": "spectate", "duel": other})  # switch
    assert spectator.last("duel_view")["duel"]["id"] == other
    spectator.send({"type": "stop_spectating"})
    assert spectator.last("duel_view")["duel"] is None
    frames_before = len(spectator.frames)
    h.advance(30)
    assert all(f["type"] != "turn_skipped" for f in spectator.frames[frames_before:])
    assert assert_secrets_kept(spectator.frames) >= 1


def test_a_player_in_a_running_duel_cannot_spectate_another():
    h, clients = start()
    mine = h.duel_of(1)
    other = next(d.id for d in h.live_duels() if d.id != mine.id)
    clients[1].send({"type": "spectate", "duel": other})
    assert clients[1].last("error")["code"] == "cannot_spectate"


def test_all_remaining_eliminated_in_one_round_share_first_place():
    h, clients = start()
    # everyone draws every duel: each round costs every paired player a life
    while not finished(clients):
        h.advance(12 * 30 + h.settings.intro_seconds)
    ended = clients[1].last("tournament_ended")
    assert ended["winner"] is None
    assert {p["place"] for p in ended["places"]} == {1}
    assert all(p["rating_change"] == 0 for p in ended["places"])
    for c in clients.values():
        assert_secrets_kept(c.frames)


def test_newer_connection_replaces_the_older():
    h = Harness()
    old = h.connect()
    new = old.reconnect()
    assert old.last("replaced")["code"] == "replaced" and old.socket.closed
    assert new.last("home") is not None


def test_a_client_ping_is_answered_by_its_connection_with_the_same_payload():
    """The reader hands a websocket ping over; the connection, the socket's only writer, pongs."""
    h = Harness()
    client = h.connect()
    h.server.answer_ping(client.conn, b"are you there")
    h.server.answer_ping(client.conn, b"")
    h.advance(0)
    assert client.socket.pongs == [b"are you there", b""]


def test_leave_during_a_duel_is_a_forfeit_to_the_opponent():
    h, clients = start()
    duel = first_duel(h)
    leaver, stayer = duel.pair
    clients[leaver].send({"type": "leave"})
    ended = clients[stayer].last("duel_ended")
    assert ended == {
        **ended,
        "duel": duel.id,
        "outcome": "forfeit",
        "winner": stayer,
        "loser": leaver,
    }
    assert ended["secret"] == duel.secret  # revealed at the end, to both
    standings = h.standings(clients[stayer])
    assert standings[stayer]["lives"] == 3 and standings[leaver]["left"] is True
    assert clients[leaver].last("left")["reason"] == "left"
    frames_before = len(clients[leaver].frames)
    play_round(h, clients, win)
    assert len(clients[leaver].frames) == frames_before  # gone: no more frames
    places = {f["player"]: f["place"] for f in clients[stayer].of_type("placement")}
    assert places == {leaver: 8}


def test_leave_while_having_the_bye():
    h = Harness(seed=5)
    clients = {c.id: c for c in h.full_lobby()}
    first = next(iter(clients))
    clients[first].send({"type": "leave"})  # seven left: round 2 has a bye
    play_round(h, clients, win)
    observer = next(c for pid, c in clients.items() if pid != first)
    bye = observer.last("round_intro")["bye"]
    assert bye is not None
    clients[bye].send({"type": "leave"})
    observer = next(c for pid, c in clients.items() if pid not in (first, bye))
    elim = observer.last("eliminated")
    assert elim == {"type": "eliminated", "player": bye, "round": 2, "left": True, "place": None}
    play_round(h, clients, win)
    fixed = [f for f in observer.of_type("placement") if f["round"] == 2]
    assert [(f["player"], f["left"]) for f in fixed if f["left"]] == [(bye, True)]
    assert max(f["place"] for f in fixed) == next(f["place"] for f in fixed if f["player"] == bye)


def test_shutdown_dissolves_waiting_lobbies_and_stops_tournaments():
    from actors.messages import Shutdown, StopTournaments
    from actors.runtime import settle

    h = Harness()
    playing = {c.id: c for c in h.full_lobby()}
    waiting = h.connect()
    waiting.send({"type": "queue", "language": "en"})
    h.server.matchmaker.tell(Shutdown())
    settle()
    assert waiting.last("error")["code"] == "shutting_down" and waiting.last("home")
    late = h.connect()
    late.send({"type": "queue", "language": "en"})
    assert late.last("error")["code"] == "shutting_down"
    assert all(c.last("tournament_aborted") is None for c in playing.values())
    h.server.matchmaker.tell(StopTournaments())
    settle()
    for c in playing.values():
        assert "restarting" in c.last("tournament_aborted")["message"]
    assert h.lobby_count() == 0
