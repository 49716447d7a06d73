"""What the admin reads (scripts/admin.py): open reports by player, a player's record (names,
addresses in common with other accounts, last tournaments) and the admin log. Each one short
read transaction, plain values out (models/store/moderation.py writes)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from peewee import fn

from models.store.connection import read, store_call
from models.store.moderation import LogLine, NameChange, Report, _player_row, _report
from models.store.tables import (
    AddressSeenRow,
    AdminLogRow,
    EntryRow,
    NameChangeRow,
    PlayerRow,
    ReportRow,
    TournamentRow,
    utcnow,
)
from models.store.values import PlayerInfo, aware, checked_int, player_info


@dataclass(frozen=True)
class ReportedPlayer:
    player: PlayerInfo
    count: int
    reasons: dict[str, int]
    reports: list[Report]


@store_call
def open_reports() -> list[ReportedPlayer]:
    """Open reports grouped by target, the most reported first."""
    with read():
        rows = list(ReportRow.select().where(ReportRow.closed_at.is_null()).order_by(ReportRow.id))
        targets = {r.target_id for r in rows}
        players = {
            p.id: player_info(p) for p in PlayerRow.select().where(PlayerRow.id.in_(targets))
        }
    grouped: dict[int, list[Report]] = {}
    for r in rows:
        grouped.setdefault(r.target_id, []).append(_report(r))
    out = []
    for target, reports in grouped.items():
        reasons: dict[str, int] = {}
        for filed in reports:
            reasons[filed.reason] = reasons.get(filed.reason, 0) + 1
        out.append(ReportedPlayer(players[target], len(reports), reasons, reports))
    out.sort(key=lambda g: (-g.count, g.reports[0].id))
    return out


# --- the admin's reads ---------------------------------------------------------------------


@dataclass(frozen=True)
class SameAddress:
    player: PlayerInfo
    browser: str
    last_at: dt.datetime


@dataclass(frozen=True)
class PlayerRecord:
    player: PlayerInfo
    status: str
    names: list[NameChange]
    same_address: list[SameAddress]  # other accounts seen from one of this one's addresses
    browsers: list[str]
    tournaments: list[tuple[int, str, int | None, int | None]]  # id, status, place, change


@store_call
def player_record(player_id: int, recent: int = 10, within_days: float = 30.0) -> PlayerRecord:
    pid = checked_int(player_id, "player id")
    with read():
        row = _player_row(pid)
        names = list(
            NameChangeRow.select()
            .where(NameChangeRow.player == pid)
            .order_by(NameChangeRow.at, NameChangeRow.id)
        )
        since = utcnow() - dt.timedelta(days=within_days)  # (older ones are purged anyway)
        mine = list(
            AddressSeenRow.select().where(
                (AddressSeenRow.player == pid) & (AddressSeenRow.at >= since)
            )
        )
        hashes = {r.address_hash for r in mine}
        others = list(
            AddressSeenRow.select(
                AddressSeenRow.player,
                AddressSeenRow.browser,
                fn.MAX(AddressSeenRow.at).alias("last"),
            )
            .where(
                AddressSeenRow.address_hash.in_(sorted(hashes))
                & (AddressSeenRow.player != pid)
                & (AddressSeenRow.at >= since)
            )
            .group_by(AddressSeenRow.player, AddressSeenRow.browser)
        ) if hashes else []  # fmt: skip
        rows = {
            p.id: p
            for p in PlayerRow.select().where(
                PlayerRow.id.in_(sorted({o.player_id for o in others}))
            )
        }
        played = list(
            EntryRow.select(EntryRow, TournamentRow)
            .join(TournamentRow)
            .where(EntryRow.player == pid)
            .order_by(EntryRow.tournament.desc())
            .limit(recent)
        )
    return PlayerRecord(
        player=player_info(row),
        status=row.status,
        names=[NameChange(n.nickname, aware(n.at), n.by) for n in names],
        same_address=[
            SameAddress(player_info(rows[o.player_id]), o.browser, aware(o.last))  # type: ignore[attr-defined]  # (the MAX alias)
            for o in others
            if o.player_id in rows
        ],
        browsers=sorted({r.browser for r in mine}),
        tournaments=[
            (
                e.tournament.id,
                "void" if e.tournament.void else e.tournament.status,
                e.place,
                None if e.rating_after is None else e.rating_after - e.rating_before,
            )
            for e in played
        ],
    )


def _line(r: AdminLogRow) -> LogLine:
    return LogLine(
        r.id, aware(r.at), r.by, r.action, r.player, r.tournament, r.report, r.reason, r.detail
    )


@store_call
def admin_log(after_id: int = 0, limit: int = 1000) -> list[LogLine]:
    """Admin actions with an id above `after_id`, oldest first."""
    with read():
        rows = list(
            AdminLogRow.select()
            .where(AdminLogRow.id > after_id)
            .order_by(AdminLogRow.id)
            .limit(limit)
        )
    return [_line(r) for r in rows]


@store_call
def last_admin_log_id() -> int:
    with read():
        return int(AdminLogRow.select(fn.COALESCE(fn.MAX(AdminLogRow.id), 0)).scalar())
