"""Every duel's end is seen: frames in the documented order (forfeits included), a pause to
read the results, the next intro recapping the round, and no tournament left to bots alone."""

from actors.runtime import settle
from models.results import FixedPlacement, PlayedDuel, TournamentClosed
from tests.actors.harness import Harness, play_round


class RecordingStore:
    """A GameStore that keeps what the recorder writes."""

    def __init__(self) -> None:
        self.duels, self.placements, self.finished = [], [], []

    def start_tournament(self, language, seats):
        return 1, dict.fromkeys(seats, 1000)

    def record_results(self, results):
        for r in results:
            match r:
                case PlayedDuel():
                    self.duels.append(r)
                case FixedPlacement():
                    self.placements.append((r.player, r.place, r.rating_change))
                case TournamentClosed():
                    self.finished.append(r.status)

    def get_players(self, ids):
        return {}


def types_after(frames, start):
    return [f["type"] for f in frames[start:]]


def test_a_round_ended_by_a_forfeit_sends_its_frames_in_order():
    h = Harness()
    clients = {c.id: c for c in h.full_lobby()}
    h.advance(6)
    duels = sorted(h.live_duels(), key=lambda d: d.id)
    for duel in duels[:3]:
        clients[duel.to_move].send({"type": "guess", "word": duel.secret})
    last = duels[3]
    leaver, stayer = last.pair
    observer = clients[duels[0].pair[0]]
    start = len(observer.frames)
    clients[leaver].send({"type": "leave"})
    seen = types_after(observer.frames, start)
    assert seen[0] == "duel_ended" and observer.frames[start]["duel"] == last.id
    assert observer.frames[start]["outcome"] == "forfeit"
    assert seen.index("eliminated") < seen.index("round_ended") < seen.index("placement")
    assert seen.index("placement") < seen.index("round_intro")
    assert "duel_ended" not in seen[1:]  # nothing about that duel after the round ended


def test_the_results_stay_before_the_next_intro_which_recaps_the_round():
    h = Harness(recap_seconds=4.0)
    clients = {c.id: c for c in h.full_lobby()}
    h.advance(6)
    duels = sorted(h.live_duels(), key=lambda d: d.id)
    for duel in duels[:3]:
        clients[duel.to_move].send({"type": "guess", "word": duel.secret})
    slow = duels[3]
    clients[slow.to_move].send({"type": "guess", "word": "zzz" + "z" * (slow.length - 3)})
    h.advance(30)  # a skipped turn, then the other player solves it
    mover = h.duels()[slow.id].to_move
    clients[mover].send({"type": "guess", "word": slow.secret})
    player = clients[slow.pair[0]]
    assert player.last("duel_ended")["secret"] == slow.secret
    assert player.last("round_ended")["round"] == 1
    assert player.last("round_intro")["round"] == 1  # still: the results are on screen
    assert h.snapshot(player)["tournament"]["phase"] == "between"
    h.advance(3.9)
    assert player.last("round_intro")["round"] == 1
    h.advance(0.1)
    intro = player.last("round_intro")
    assert intro["round"] == 2
    recap = {frozenset(r["players"]): r for r in intro["recap"]}
    assert set(recap) == {frozenset(d.pair) for d in duels}
    for duel in duels:
        r = recap[frozenset(duel.pair)]
        assert (r["duel"], r["outcome"], r["secret"]) == (duel.id, "win", duel.secret)
    assert recap[frozenset(slow.pair)]["rows"] == 2
    assert recap[frozenset(duels[0].pair)]["rows"] == 1
    assert h.snapshot(player)["tournament"]["recap"] == intro["recap"]


def test_a_player_leaving_during_the_pause_is_out_of_the_next_round():
    h = Harness(recap_seconds=4.0)
    clients = {c.id: c for c in h.full_lobby()}
    play_round(h, clients, lambda d, p: d.secret)
    leaver = next(iter(clients))
    clients[leaver].send({"type": "leave"})
    h.advance(4.0)
    intro = clients[leaver + 1].last("round_intro")
    assert intro["round"] == 2 and leaver not in [p for pair in intro["pairs"] for p in pair]
    assert intro["bye"] != leaver


def test_bots_never_play_alone():
    store = RecordingStore()
    h = Harness(store=store, reconnect_grace_seconds=10)
    people = [h.connect(h.player()) for _ in range(2)]
    bots = [h.connect(h.player(is_bot=True)) for _ in range(6)]
    clients = {c.id: c for c in [*people, *bots]}
    for c in clients.values():
        c.send({"type": "queue", "language": "en"})
    h.advance(6)
    first, second = people
    first.send({"type": "leave"})
    assert store.finished == []  # a person is still playing
    second.disconnect()  # gone, but within the grace: the game goes on
    h.advance(9.9)
    assert store.finished == []
    h.advance(0.1)
    settle()
    assert store.finished == ["abandoned"]
    for bot in bots:
        stopped = bot.last("tournament_aborted")
        assert stopped["code"] == "tournament_abandoned"
    placed = {player for player, _place, _change in store.placements}
    assert placed == {first.id, second.id}  # the people keep their places; bots get none
    assert h.lobby_count() == 0


def test_an_eliminated_person_watching_keeps_the_tournament_going():
    store = RecordingStore()
    h = Harness(store=store)
    person = h.connect(h.player())
    bots = [h.connect(h.player(is_bot=True)) for _ in range(7)]
    clients = {c.id: c for c in [person, *bots]}
    for c in clients.values():
        c.send({"type": "queue", "language": "en"})

    def person_loses(duel, player):
        return None if player == person.id else duel.secret  # lets the turns run out

    while person.last("eliminated") is None:
        play_round(h, clients, person_loses)
    assert store.finished == []  # eliminated but watching
    play_round(h, clients, person_loses)
    assert store.finished == []
    person.send({"type": "leave"})  # stops watching: nobody is left
    assert store.finished == ["abandoned"]
