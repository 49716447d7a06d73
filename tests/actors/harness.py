"""A whole game server on a manual clock, with fake sockets that record and check every frame."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from actors.clock import ManualClock
from actors.messages import Incoming, Player
from actors.runtime import settle
from actors.system import GameServer
from models.settings import Settings
from web.protocol import check_server_frame, parse_client_frame

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


class FakeSocket:
    def __init__(self) -> None:
        self.frames: list[dict[str, Any]] = []
        self.texts: list[str] = []
        self.closed = False

    def send(self, text: str) -> None:
        if self.closed:
            raise ConnectionError("closed")
        self.texts.append(text)
        self.frames.append(check_server_frame(text))

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
        parsed = parse_client_frame(json.dumps(message), 4096)
        self.conn.tell(Incoming(parsed))
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
        settle()
        return again


class Harness:
    def __init__(self, seed: int = 1, words: Any = None, store: Any = None, **settings: Any):
        defaults = dict(
            turn_seconds=30.0, intro_seconds=6.0, reconnect_grace_seconds=60.0, bot_fill=False
        )
        defaults.update(settings)
        self.settings = Settings(**defaults)
        self.clock = ManualClock()
        self.words = words or SmallWords(seed)
        self.known: dict[int, Player] = {}
        self.server = GameServer(
            self.settings,
            {"en": self.words, "de": SmallWords(seed + 1)},
            store=store,
            clock=self.clock,
            rng=random.Random(seed),
            players=lambda ids: {i: self.known[i] for i in ids if i in self.known},
        )
        self._ids = iter(range(1, 10_000))

    def party(self, message: Any) -> Any:
        """Ask the party registry as a REST route would."""
        result = self.server.parties.ask(message)
        settle()
        return result

    def player(self, rating: int = 1000, is_bot: bool = False) -> Player:
        pid = next(self._ids)
        self.known[pid] = Player(pid, f"player{pid}", f"#{pid:04d}", rating, is_bot)
        return self.known[pid]

    def connect(self, player: Player | None = None) -> Client:
        client = Client(self, player or self.player())
        client.conn = self.server.open_connection(client.socket, client.player)
        settle()
        return client

    def advance(self, seconds: float) -> None:
        self.clock.advance(seconds, settle)

    def lobbies(self):
        return self.server.matchmaker_actor.lobbies

    def lobby_actor(self, lobby_id: int):
        return self.server.matchmaker_actor.lobbies[lobby_id].ref._actor

    def full_lobby(self, ratings=None, language: str = "en") -> list[Client]:
        clients = [self.connect(self.player(r)) for r in (ratings or [1000] * 8)]
        for c in clients:
            c.send({"type": "queue", "language": language})
        return clients


def lobby_of(h: Harness):
    (info,) = h.lobbies().values()
    return info.ref._actor


def play_round(h: Harness, clients: dict[int, Client], decide, lobby=None) -> None:
    """After the intro, play every duel of the round to its end. `decide(slot, player)`
    returns a word to guess or None to let the turn run out."""
    lobby = lobby or lobby_of(h)
    h.advance(h.settings.intro_seconds)
    for _ in range(200):
        live = {i: s for i, s in lobby.duels.items() if not s.over}
        if not live or not lobby.alive:
            return
        moved = False
        for slot in live.values():
            view = slot.view
            player = view["to_move"]
            if player is None:
                continue
            word = decide(slot, player)
            if word is None:
                continue
            clients[player].send({"type": "guess", "word": word})
            moved = True
        if not moved:
            h.advance(h.settings.turn_seconds)
    raise AssertionError("round did not end")


def _strings(value: Any):
    """Every string value in a frame, with letter lists joined (keys are not values). A row's
    letters are a player's guess, which everyone may see, so they are not searched."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            if not (k == "letters" and "marks" in value):
                yield from _strings(v)
    elif isinstance(value, list):
        if value and all(isinstance(v, str) for v in value):
            yield "".join(value)
        for v in value:
            yield from _strings(v)


def assert_secrets_kept(frames: list[dict[str, Any]]) -> int:
    """No frame carries a duel's secret before that duel ended; returns the duels checked.

    Guessed words are not secrets (a row's letters are what a player typed, and the winning row
    is the moment the duel ends), nor is a rejected guess echoing what the player typed."""
    secrets = {f["duel"]: f["secret"] for f in frames if f["type"] == "duel_ended"}
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
            for duel_id, secret in live.items():
                assert secret not in text, f"secret of duel {duel_id} in {frame}"
    return len(secrets)
