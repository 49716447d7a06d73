"""Plain INSERT statements for the recorder's hottest writes: a duel and its rows.

Peewee builds every statement from query objects, converting and quoting value by value; for
a finished duel and its rows that was most of the recorder's CPU (profiled: peewee's SQL
generation ~80 % of writing a batch of results, the database itself far less). These inserts
never change shape, so their SQL is built once per table, backend and row count, and each call
only converts its values, with the fields' own `db_value` as peewee does.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from peewee import Field, Model

from models.store.tables import database

_SQL: dict[tuple[Any, ...], str] = {}


def insert_rows(model: type[Model], fields: Sequence[Field], rows: Sequence[Sequence[Any]]) -> int:
    """INSERT `rows` (values in `fields` order) into `model`'s table in one statement, in the
    caller's transaction; returns the cursor's last row id (the new id, for one row)."""
    db = database.obj
    key = (model, type(db), tuple(f.name for f in fields), len(rows))
    sql = _SQL.get(key)
    if sql is None:
        quote = db.quote
        columns = ", ".join(f.column_name.join(quote) for f in fields)
        values = "(" + ", ".join([db.param] * len(fields)) + ")"
        table = model._meta.table_name.join(quote)
        sql = _SQL[key] = f"INSERT INTO {table} ({columns}) VALUES " + ", ".join(
            [values] * len(rows)
        )
    params = [f.db_value(v) for row in rows for f, v in zip(fields, row, strict=True)]
    return database.execute_sql(sql, params).lastrowid
