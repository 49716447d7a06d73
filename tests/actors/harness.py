"""A whole game server on a manual clock, with fake sockets that record and check every frame.

Tests see the game as clients do: through the frames their players receive (`Harness.duels`
rebuilds every duel from them, `Harness.snapshot` asks for a fresh one). The one thing a client
cannot know is a duel's secret; tests that need to win look it up with `DuelSeen.secret`, which
a spy on `begin_duel` (the public function every duel starts with) records.
"""

from __future__ import annotations

import json
import random
import tempfile
import weakref
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from actors.clock import ManualClock
from actors.messages import CountLobbies, Player
from actors.runtime import settle
from actors.system import GameServer
from models.lobby import run as lobby_run
from models.settings import Settings
from tests.actors.secret_forms import secret_forms
from web.protocol_schemas import check_server_frame, parse_client_frame

# word list -> pair -> the secrets of the pair's duels, in the order they began
_SECRETS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_begin_duel = lobby_run.begin_duel


def _spy(players, secret, words, *args, **kwargs):
    _SECRETS.setdefault(words, defaultdict(list))[frozenset(players)].append(secret)
    return _begin_duel(players, secret, words, *args, **kwargs)


lobby_run.begin_duel = _spy

LETTERS = "abcdefghijklmnopqrstuvwxyz"


class SmallLanguage:
    """Stands in for a wordlists Language: lower-case ASCII letters."""

    code = "en"

    def normalize(self, text: str) -> str:
        return text.strip().lower()

    def letters(self, word: str) -> tuple[str, ...] | None:
        return tuple(word) if word and all(c in LETTERS for c in word) else None


class SmallWords:
    """A small word list with the WordList interface the server uses."""

    def __init__(self, seed: int = 0, per_length: int = 120) -> None:
        rng = random.Random(seed)
        self.language = SmallLanguage()
        self.answers: dict[int, tuple[str, ...]] = {}
        for n in (4, 5, 6):
            words = {
                "".join(rng.choice(LETTERS[:14]) for _ in range(n)) for _ in range(per_length * 2)
            }
            self.answers[n] = tuple(sorted(words)[:per_length])
        self.allowed = {w for ws in self.answers.values() for w in ws}

    def is_allowed(self, word: str) -> bool:
        return word in self.allowed

    def shown(self, word: str) -> str:
        return word

    def shown_letters(self, word: str) -> list[str]:
        return list(word)


class FakeSocket:
    def __init__(self) -> None:
        self.frames: list[dict[str, Any]] = []
        self.texts: list[str] = []
        self.closed = False
        self.pings = 0
        self.pongs: list[bytes] = []
        self.sends_many = 0  # writes of several frames at once

    def send(self, text: str) -> None:
        if self.closed:
            raise ConnectionError("closed")
        self.texts.append(text)
        self.frames.append(check_server_frame(text))

    def send_many(self, texts: tuple[str, ...]) -> None:
        self.sends_many += 1
        for text in texts:
            self.send(text)

    def ping(self) -> None:
        if self.closed:
            raise ConnectionError("closed")
        self.pings += 1

    def pong(self, payload: bytes) -> None:
        if self.closed:
            raise ConnectionError("closed")
        self.pongs.append(payload)

    def close(self, reason: int | None = None, message: str | None = None) -> None:
        self.closed = True


@dataclass
class Client:
    harness: Harness
    player: Player
    socket: FakeSocket = field(default_factory=FakeSocket)
    conn: Any = None

    @property
    def id(self) -> int:
        return self.player.id

    @property
    def frames(self) -> list[dict[str, Any]]:
        return self.socket.frames

    def send(self, message: dict[str, Any]) -> None:
        self.harness.server.command(self.conn, parse_client_frame(json.dumps(message), 4096))
        settle()

    def of_type(self, kind: str) -> list[dict[str, Any]]:
        return [f for f in self.frames if f["type"] == kind]

    def last(self, kind: str) -> dict[str, Any] | None:
        found = self.of_type(kind)
        return found[-1] if found else None

    def disconnect(self) -> None:
        self.socket.closed = True
        self.harness.server.close_connection(self.id, self.conn)
        settle()

    def reconnect(self) -> Client:
        again = Client(self.harness, self.player)
        again.conn = self.harness.server.open_connection(again.socket, self.player)
        self.harness.clients.append(again)
        settle()
        return again


@dataclass
class DuelSeen:
    """A duel as its players and the others in the tournament saw it in their frames."""

    id: int
    round: int
    pair: tuple[int, int]
    length: int
    starter: int
    secret: str  # known to the test only (see the module docstring)
    rows: dict[int, dict[str, Any]] = field(default_factory=dict)
    deadlines: dict[tuple[int, int], int] = field(default_factory=dict)  # (player, turn)
    ended: dict[str, Any] | None = None

    @property
    def over(self) -> bool:
        return self.ended is not None

    @property
    def to_move(self) -> int | None:
        """Turns strictly alternate from the starter, so the rows say whose turn it is."""
        if self.over:
            return None
        if not self.rows:
            return self.starter
        last = self.rows[max(self.rows)]["player"]
        return self.pair[1] if last == self.pair[0] else self.pair[0]

    @property
    def deadline(self) -> int | None:
        player = self.to_move
        if player is None:
            return None
        used = sum(1 for r in self.rows.values() if r["player"] == player)
        return self.deadlines.get((player, used + 1))

    def board(self) -> list[dict[str, Any]]:
        """The rows so far, shaped as in a duel view."""
        return [_row(self.rows[i]) for i in sorted(self.rows)]


def _row(f: dict[str, Any]) -> dict[str, Any]:
    if f["type"] == "turn_skipped":
        return {
            "index": f["index"],
            "player": f["player"],
            "letters": None,
            "marks": None,
            "skipped": True,
        }
    return {k: v for k, v in f.items() if k not in ("type", "duel", "next")}


class Harness:
    def __init__(self, seed: int = 1, words: Any = None, store: Any = None, **settings: Any):
        defaults = dict(
            turn_seconds=30.0,
            intro_seconds=6.0,
            recap_seconds=0.0,  # tests of the pause set it
            reconnect_grace_seconds=60.0,
            bot_fill=False,
            journal_path=tempfile.mktemp(suffix="-journal.jsonl"),
        )
        defaults.update(settings)
        self.settings = Settings(**defaults)
        self.clock = ManualClock()
        self.words = words or SmallWords(seed)
        self.languages = {"en": self.words, "de": SmallWords(seed + 1)}
        self.known: dict[int, Player] = {}
        self.server = GameServer(
            self.settings,
            self.languages,
            store=store,
            clock=self.clock,
            rng=random.Random(seed),
            players=lambda ids: {i: self.known[i] for i in ids if i in self.known},
        )
        self._ids = iter(range(1, 10_000))
        self.clients: list[Client] = []

    def party(self, method: str, *args: Any) -> Any:
        """Call a party method of the game as a REST route does; a party comes back as the
        route's JSON object."""
        result = getattr(self.server, method)(*args)
        settle()
        return result.wire() if hasattr(result, "wire") else result

    def player(self, rating: int = 1000, is_bot: bool = False) -> Player:
        pid = next(self._ids)
        self.known[pid] = Player(pid, f"player{pid}", f"#{pid:04d}", rating, is_bot)
        return self.known[pid]

    def connect(self, player: Player | None = None) -> Client:
        client = Client(self, player or self.player())
        client.conn = self.server.open_connection(client.socket, client.player)
        self.clients.append(client)
        settle()
        return client

    def advance(self, seconds: float) -> None:
        self.clock.advance(seconds, settle)

    def lobby_count(self) -> int:
        """Lobbies the matchmaker still knows (waiting or playing)."""
        return self.server.matchmaker.ask(CountLobbies())

    def duels(self, among: Any = None) -> dict[int, DuelSeen]:
        """Every duel that the clients (all, or those in `among`) saw, as they saw it."""
        clients = self.clients if among is None else list(among)
        seen: dict[int, DuelSeen] = {}
        for client in clients:
            for f in client.frames:
                kind = f["type"]
                if kind == "duel_started" and f["duel"] not in seen:
                    pair = tuple(f["players"])
                    d = DuelSeen(f["duel"], f["round"], pair, f["length"], f["starter"], "")
                    d.deadlines[(f["starter"], 1)] = f["deadline"]
                    seen[f["duel"]] = d
                elif kind == "turn" and f["duel"] in seen:
                    seen[f["duel"]].deadlines[(f["player"], f["turn"])] = f["deadline"]
                elif kind in ("guess_scored", "turn_skipped") and f["duel"] in seen:
                    seen[f["duel"]].rows[f["index"]] = f
                    if (n := f["next"]) is not None:
                        seen[f["duel"]].deadlines[(n["player"], n["turn"])] = n["deadline"]
                elif kind == "duel_ended" and f["duel"] in seen:
                    seen[f["duel"]].ended = f
        by_pair = defaultdict(list)
        for duel_id in sorted(seen):
            by_pair[frozenset(seen[duel_id].pair)].append(seen[duel_id])
        for pair, duels in by_pair.items():
            secrets = self._secrets(pair)
            for duel, secret in zip(duels, secrets[len(secrets) - len(duels) :], strict=True):
                duel.secret = secret
        return seen

    def _secrets(self, pair: frozenset) -> list[str]:
        for words in self.languages.values():
            found = _SECRETS.get(words, {}).get(pair)
            if found:
                return found
        raise AssertionError(f"no duel of {sorted(pair)} has begun")

    def live_duels(self, among: Any = None) -> list[DuelSeen]:
        return [d for d in self.duels(among).values() if not d.over]

    def duel_of(self, player_id: int) -> DuelSeen:
        """The player's duel of the current round."""
        return max((d for d in self.duels().values() if player_id in d.pair), key=lambda d: d.id)

    def snapshot(self, client: Client) -> dict[str, Any]:
        """A fresh snapshot, as a client gets it with `resync`."""
        client.send({"type": "resync"})
        return client.last("snapshot")

    def standings(self, client: Client) -> dict[int, dict[str, Any]]:
        tournament = self.snapshot(client)["tournament"]
        return {s["player"]: s for s in tournament["standings"]}

    def full_lobby(self, ratings=None, language: str = "en") -> list[Client]:
        clients = [self.connect(self.player(r)) for r in (ratings or [1000] * 8)]
        for c in clients:
            c.send({"type": "queue", "language": language})
        return clients


def finished(clients: dict[int, Client]) -> bool:
    """Has the clients' tournament ended (or been stopped)?"""
    return any(c.last("tournament_ended") or c.last("tournament_aborted") for c in clients.values())


def eliminated(clients: dict[int, Client]) -> set[int]:
    return {f["player"] for c in clients.values() for f in c.of_type("eliminated")}


def play_round(h: Harness, clients: dict[int, Client], decide) -> None:
    """After the intro, play every duel of the round to its end. `decide(duel, player)`
    (a DuelSeen) returns a word to guess or None to let the turn run out."""
    h.advance(h.settings.intro_seconds)
    for _ in range(200):
        live = h.live_duels(clients.values())
        if not live or finished(clients):
            return
        moved = False
        for duel in live:
            player = duel.to_move
            word = decide(duel, player)
            if word is None:
                continue
            clients[player].send({"type": "guess", "word": word})
            moved = True
        if not moved:
            h.advance(h.settings.turn_seconds)
    raise AssertionError("round did not end")


def another_word(h: Harness, duel: DuelSeen) -> str:
    """An answer of the duel's length that is not its secret: a wrong guess."""
    return next(w for w in h.words.answers[duel.length] if w != duel.secret)


def _strings(value: Any):
    """Every string value in a frame, with letter lists joined (keys and the frame's type are
    not values). A row's letters are a player's guess, which everyone may see, so they are
    not searched."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            # a frame's type names the protocol, not the game ("guess_scored" holds "score")
            if k != "type" and not (k == "letters" and "marks" in value):
                yield from _strings(v)
    elif isinstance(value, list):
        if value and all(isinstance(v, str) for v in value):
            yield "".join(value)
        for v in value:
            yield from _strings(v)


def assert_secrets_kept(frames: list[dict[str, Any]]) -> int:
    """No frame carries a duel's secret before that duel ended; returns the duels checked.

    Guessed words are not secrets (a row's letters are what a player typed, and the winning row
    is the moment the duel ends), nor is a rejected guess echoing what the player typed.
    The revealed secret is the written form (inútil, Haus): its folded forms are searched too,
    in any case."""
    secrets = {
        f["duel"]: secret_forms(f["secret"], f.get("secret_letters") or [])
        for f in frames
        if f["type"] == "duel_ended"
    }
    started: set[int] = set()  # a secret is chosen when its duel starts, not before
    ended: set[int] = set()
    for frame in frames:
        if frame["type"] == "duel_started":
            started.add(frame["duel"])
        if frame["type"] == "duel_ended":
            ended.add(frame["duel"])
            continue
        if frame["type"] == "guess_rejected":  # echoes what this very player typed
            frame = {k: v for k, v in frame.items() if k != "word"}
        live = {d: s for d, s in secrets.items() if d in started and d not in ended}
        for text in _strings(frame):
            folded = text.casefold()
            for duel_id, forms in live.items():
                for secret in forms:
                    assert secret not in folded, f"secret of duel {duel_id} in {frame}"
    return len(secrets)
