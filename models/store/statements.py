"""The SQL of the writes a game makes many times a second, built once per database.

Peewee builds a query's SQL anew every time it runs it: ~1 ms of Python per query here, so
recording one finished duel (four queries) took 4.3 ms of CPU and, at saturation, 40 % of the
server's core went to building SQL (BENCH-NOTES.md). These statements are the same SQL peewee
would build, written once from the table definitions (names, columns, the database's
placeholder and quoting) and then only bound to values; the values go through each field's
`db_value`, as peewee's own queries do. Everything else stays peewee queries.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from peewee import Database, Model

from models.store.tables import DuelRecord, Entry, GuessRecord, Player, Tournament, database


class Sql:
    """Statements for one database (SQLite or MySQL: placeholder and quoting differ)."""

    def __init__(self, db: Database) -> None:
        self.param = db.param
        self._open, self._close = db.quote[0], db.quote[1]
        duel, entry, guess = (self._table(m) for m in (DuelRecord, Entry, GuessRecord))
        player, tournament = self._table(Player), self._table(Tournament)
        c = self._column
        self.find_duel = (
            f"SELECT {c(DuelRecord.id)} FROM {duel} WHERE {c(DuelRecord.tournament)} = ?"
            f" AND {c(DuelRecord.round)} = ? AND {c(DuelRecord.player_a)} = ?"
            f" AND {c(DuelRecord.player_b)} = ? AND {c(DuelRecord.started_at)} = ?"
        )
        self.seated = (
            f"SELECT {c(Entry.player)} FROM {entry} WHERE {c(Entry.tournament)} = ?"
            f" AND {c(Entry.player)} IN (?, ?)"
        )
        self.duel_fields = [
            DuelRecord.tournament,
            DuelRecord.round,
            DuelRecord.player_a,
            DuelRecord.player_b,
            DuelRecord.secret,
            DuelRecord.length,
            DuelRecord.starter,
            DuelRecord.result,
            DuelRecord.winner,
            DuelRecord.started_at,
            DuelRecord.ended_at,
        ]
        self.insert_duel = self._insert(duel, self.duel_fields, 1)
        self.guess_fields = [
            GuessRecord.duel,
            GuessRecord.idx,
            GuessRecord.player,
            GuessRecord.word,
            GuessRecord.marks,
            GuessRecord.at,
        ]
        self._guess_table = guess
        self._guesses: dict[int, str] = {}
        self.tournament_status = (
            f"SELECT {c(Tournament.status)} FROM {tournament} WHERE {c(Tournament.id)} = ?"
        )
        self.lock_player = (
            f"SELECT {c(Player.id)} FROM {player} WHERE {c(Player.id)} = ? FOR UPDATE"
        )
        self.claim_entry = (
            f"UPDATE {entry} SET {c(Entry.place)} = ?, {c(Entry.elimination_round)} = ?,"
            f" {c(Entry.left)} = ?, {c(Entry.rating_after)} = {c(Entry.rating_before)} + ?,"
            f" {c(Entry.placed_at)} = ?"
            f" WHERE {c(Entry.tournament)} = ? AND {c(Entry.player)} = ?"
            f" AND {c(Entry.place)} IS NULL"
        )
        self.seat_exists = (
            f"SELECT 1 FROM {entry} WHERE {c(Entry.tournament)} = ? AND {c(Entry.player)} = ?"
        )
        self.credit_player = (
            f"UPDATE {player} SET {c(Player.rating)} = {c(Player.rating)} + ?,"
            f" {c(Player.placements)} = {c(Player.placements)} + 1 WHERE {c(Player.id)} = ?"
        )
        for name, value in vars(self).items():
            if isinstance(value, str) and value.startswith(("SELECT", "UPDATE", "INSERT")):
                setattr(self, name, value.replace("?", self.param))

    def insert_guesses(self, rows: int) -> str:
        """One INSERT of `rows` guesses (a duel has at most 12 rows)."""
        statement = self._guesses.get(rows)
        if statement is None:
            statement = self._insert(self._guess_table, self.guess_fields, rows)
            self._guesses[rows] = statement
        return statement

    def _quote(self, name: str) -> str:
        return f"{self._open}{name}{self._close}"

    def _table(self, model: type[Model]) -> str:
        return self._quote(model._meta.table_name)

    def _column(self, field: Any) -> str:
        return self._quote(field.column_name)

    def _insert(self, table: str, columns: Sequence[Any], rows: int) -> str:
        names = ", ".join(self._column(f) for f in columns)
        one = "(" + ", ".join([self.param] * len(columns)) + ")"
        return f"INSERT INTO {table} ({names}) VALUES " + ", ".join([one] * rows)


def sql() -> Sql:
    """The statements for the database the store is bound to now (kept on it)."""
    db = database.obj
    built = getattr(db, "_wordle_sql", None)
    if built is None:
        built = db._wordle_sql = Sql(db)
    return built


def run(statement: str, params: Sequence[Any]) -> Any:
    """Execute on this greenlet's connection (errors wrapped as peewee's, like its queries)."""
    return database.execute_sql(statement, params)


def values(fields: Sequence[Any], row: Sequence[Any]) -> list[Any]:
    """Each value as its field stores it (peewee's `db_value`)."""
    return [f.db_value(v) for f, v in zip(fields, row, strict=True)]
