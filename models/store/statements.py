"""The SQL of the writes a game makes many times a second, built once per database.

Peewee builds a query's SQL anew every time it runs it: ~1 ms of Python per query here, so
recording one finished duel took 4.3 ms of CPU and, at saturation, 40 % of the server's core
went to building SQL (docs/performance.md). These statements are the SQL peewee would build,
written once from the table definitions (names, columns, the database's placeholder and
quoting) and then only bound to values; values go through each field's `db_value`, as
peewee's own queries do. Everything else stays peewee queries.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from peewee import Database, Field, Model

from models.store.tables import DuelRow, EntryRow, PlayerRow, TournamentRow, database


class Sql:
    """Statements for one database (SQLite or MySQL: placeholder and quoting differ)."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.inserts: dict[tuple[Any, ...], str] = {}
        duel, entry = self.table(DuelRow), self.table(EntryRow)
        player, tournament = self.table(PlayerRow), self.table(TournamentRow)
        c = self.column
        self.find_duel = self._bind(
            f"SELECT {c(DuelRow.id)} FROM {duel} WHERE {c(DuelRow.tournament)} = ?"
            f" AND {c(DuelRow.round)} = ? AND {c(DuelRow.player_a)} = ?"
            f" AND {c(DuelRow.player_b)} = ? AND {c(DuelRow.started_at)} = ?"
        )
        self.seats = self._bind(
            f"SELECT {c(EntryRow.player)} FROM {entry} WHERE {c(EntryRow.tournament)} = ?"
        )
        self.tournament_status = self._bind(
            f"SELECT {c(TournamentRow.status)} FROM {tournament} WHERE {c(TournamentRow.id)} = ?"
        )
        self.lock_player = self._bind(
            f"SELECT {c(PlayerRow.id)} FROM {player} WHERE {c(PlayerRow.id)} = ? FOR UPDATE"
        )
        self.claim_entry = self._bind(
            f"UPDATE {entry} SET {c(EntryRow.place)} = ?, {c(EntryRow.elimination_round)} = ?,"
            f" {c(EntryRow.left)} = ?,"
            f" {c(EntryRow.rating_after)} = {c(EntryRow.rating_before)} + ?,"
            f" {c(EntryRow.placed_at)} = ?"
            f" WHERE {c(EntryRow.tournament)} = ? AND {c(EntryRow.player)} = ?"
            f" AND {c(EntryRow.place)} IS NULL"
        )
        self.credit_player = self._bind(
            f"UPDATE {player} SET {c(PlayerRow.rating)} = {c(PlayerRow.rating)} + ?,"
            f" {c(PlayerRow.placements)} = {c(PlayerRow.placements)} + 1"
            f" WHERE {c(PlayerRow.id)} = ?"
        )

    def insert(self, model: type[Model], fields: Sequence[Field], rows: int) -> str:
        """INSERT of `rows` rows of `fields` into `model`'s table, in one statement."""
        key = (model, tuple(f.name for f in fields), rows)
        statement = self.inserts.get(key)
        if statement is None:
            names = ", ".join(self.column(f) for f in fields)
            one = "(" + ", ".join([self.db.param] * len(fields)) + ")"
            statement = f"INSERT INTO {self.table(model)} ({names}) VALUES " + ", ".join(
                [one] * rows
            )
            self.inserts[key] = statement
        return statement

    def table(self, model: type[Model]) -> str:
        return str(model._meta.table_name).join(self.db.quote)

    def column(self, field: Field) -> str:
        return str(field.column_name).join(self.db.quote)

    def _bind(self, statement: str) -> str:
        return statement.replace("?", self.db.param)


def sql() -> Sql:
    """The statements for the database the store is bound to now (kept on it)."""
    db = database.obj
    built = getattr(db, "_wordle_sql", None)
    if built is None:
        built = db._wordle_sql = Sql(db)
    return built


def run(statement: str, params: Sequence[Any]) -> Any:
    """Execute on this greenlet's connection in its transaction (errors wrapped as peewee's,
    like its own queries); returns the cursor."""
    return database.execute_sql(statement, params)


def insert_rows(model: type[Model], fields: Sequence[Field], rows: Sequence[Sequence[Any]]) -> int:
    """INSERT `rows` (values in `fields` order) in one statement, in the caller's transaction;
    returns the cursor's last row id (the new id, for one row)."""
    params = [db_value(f, v) for row in rows for f, v in zip(fields, row, strict=True)]
    return int(run(sql().insert(model, fields, len(rows)), params).lastrowid)


def db_value(field: Field, value: Any) -> Any:
    """`value` as the database stores it in `field`'s column (peewee's conversion, which its
    stubs leave untyped)."""
    convert: Any = field.db_value
    return convert(value)
