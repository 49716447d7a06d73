"""Moderation: name history, address records, reports, and the admin's actions.

Modelled on lichess: reports are a queue (who, whom, why; closed by a moderator); every
moderator action writes a row of the admin log in the same transaction (who, when, what, on
whom, why), which the running server polls (actors/moderation.py); accounts are marked, never
deleted, so a banned or removed player's games stay in everyone else's history.

Addresses are stored only as a keyed hash (web/addresses.py makes it) and are purged after
WT_ADDRESS_DAYS. Every function is one short transaction and returns plain values.
"""

from __future__ import annotations

import datetime as dt
import random
import secrets
from dataclasses import dataclass

from models import nicknames
from models.store.connection import is_mysql, read, store_call, write
from models.store.errors import NotFound, Refused
from models.store.players import hash_token
from models.store.tables import (
    ACCOUNT_ACTIVE,
    ACCOUNT_BANNED,
    ACCOUNT_REMOVED,
    STATUS_RUNNING,
    AddressBanRow,
    AddressSeenRow,
    AdminLogRow,
    EntryRow,
    NameChangeRow,
    PlayerRow,
    ReportRow,
    TournamentRow,
    utcnow,
)
from models.store.values import PlayerInfo, aware, checked_int, player_info, present

BY_PLAYER, BY_ADMIN = "player", "admin"
REASONS = ("offensive_name", "hateful_name", "impersonation", "other")
PLACES = ("standings", "end", "profile", "replay")
MAX_TEXT = 500
SEEN_AGAIN_AFTER = dt.timedelta(hours=1)  # a returning sign-in is noted at most this often


@dataclass(frozen=True)
class NameChange:
    nickname: str
    at: dt.datetime
    by: str


@dataclass(frozen=True)
class Report:
    id: int
    reporter: int
    target: int
    reason: str
    where: str
    tournament: int | None
    created_at: dt.datetime
    closed_at: dt.datetime | None
    closed_by: str | None
    note: str | None


@dataclass(frozen=True)
class LogLine:
    id: int
    at: dt.datetime
    by: str
    action: str
    player: int | None
    tournament: int | None
    report: int | None
    reason: str
    detail: str


def _text(value: str, what: str) -> str:
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        raise ValueError(f"{what} must be text of at most {MAX_TEXT} characters")
    return value.strip()


def _player_row(pid: int) -> PlayerRow:
    row = PlayerRow.get_or_none(PlayerRow.id == pid)
    if row is None:
        raise NotFound(f"no player {pid}")
    return row


def _lock(pid: int) -> None:
    """MySQL: hold the player's row while a moderation write reads then writes it."""
    if is_mysql():
        PlayerRow.select(PlayerRow.id).where(PlayerRow.id == pid).for_update().execute()


def _log(by: str, action: str, **values: object) -> int:
    by = _text(by, "by") or "admin"
    return int(AdminLogRow.insert(at=utcnow(), by=by[:64], action=action, **values).execute())


def note_name(pid: int, nickname: str, by: str) -> None:
    """In the caller's transaction: one more line of the player's name history."""
    NameChangeRow.insert(player=pid, nickname=nickname, at=utcnow(), by=by).execute()


# --- name history and addresses -------------------------------------------------------------


@store_call
def name_history(player_id: int) -> list[NameChange]:
    """Every nickname the player had, oldest first."""
    pid = checked_int(player_id, "player id")
    with read():
        rows = list(
            NameChangeRow.select()
            .where(NameChangeRow.player == pid)
            .order_by(NameChangeRow.at, NameChangeRow.id)
        )
    return [NameChange(r.nickname, aware(r.at), r.by) for r in rows]


@store_call
def record_address(player_id: int, address_hash: str, browser: str, what: str) -> None:
    """A sign-in or rename seen from an address (its keyed hash) and a browser family."""
    pid = checked_int(player_id, "player id")
    if not isinstance(address_hash, str) or len(address_hash) != 64:
        raise ValueError("address_hash must be a 64-character hex digest")
    browser, now = str(browser)[:16], utcnow()
    with write():
        seen = AddressSeenRow.select().where(
            (AddressSeenRow.player == pid)
            & (AddressSeenRow.address_hash == address_hash)
            & (AddressSeenRow.browser == browser)
            & (AddressSeenRow.what == what)
            & (AddressSeenRow.at > now - SEEN_AGAIN_AFTER)
        )
        if what == "signin" and seen.exists():  # a page load signs in again: one row an hour
            return
        AddressSeenRow.insert(
            player=pid, address_hash=address_hash, browser=browser, what=what, at=now
        ).execute()


@store_call
def address_banned(address_hash: str) -> bool:
    """Whether a ban refuses new accounts from this address hash right now."""
    with read():
        return (
            AddressBanRow.select()
            .where((AddressBanRow.address_hash == address_hash) & (AddressBanRow.until > utcnow()))
            .exists()
        )


@store_call
def purge_addresses(seen_before: dt.datetime) -> int:
    """Delete address records older than `seen_before` (naive UTC) and expired address bans."""
    with write():
        gone = AddressSeenRow.delete().where(AddressSeenRow.at < seen_before).execute()
        AddressBanRow.delete().where(AddressBanRow.until <= utcnow()).execute()
    return int(gone)


# --- reports -------------------------------------------------------------------------------


def _report(r: ReportRow) -> Report:
    return Report(
        r.id, r.reporter_id, r.target_id, r.reason, r.where, r.tournament,
        aware(r.created_at), aware(r.closed_at), r.closed_by, r.note,
    )  # fmt: skip


def _open_between(reporter: int, target: int) -> ReportRow | None:
    found: ReportRow | None = (
        ReportRow.select()
        .where(
            (ReportRow.reporter == reporter)
            & (ReportRow.target == target)
            & ReportRow.closed_at.is_null()
        )
        .first()
    )
    return found


@store_call
def open_report(reporter: int, target: int) -> Report | None:
    """The reporter's open report on the target, if any."""
    with read():
        row = _open_between(checked_int(reporter, "reporter"), checked_int(target, "player"))
    return None if row is None else _report(row)


@store_call
def file_report(
    reporter: int, target: int, reason: str, where: str, tournament: int | None = None
) -> tuple[Report, bool]:
    """A report for the admin; (report, created). One open report per reporter and target: a
    repeat returns the open one. Refused: oneself, a bot, a removed account; NotFound: no
    such player."""
    rid, tid = checked_int(reporter, "reporter"), checked_int(target, "player")
    if reason not in REASONS or where not in PLACES:
        raise ValueError("unknown reason or place")
    if tournament is not None:
        tournament = checked_int(tournament, "tournament")
    if rid == tid:
        raise Refused("report_self", "you cannot report yourself")
    with write():
        _lock(rid)
        target_row = _player_row(tid)
        if target_row.is_bot:
            raise Refused("report_bot", "bots are the server's own: they cannot be reported")
        existing = _open_between(rid, tid)
        if existing is not None:
            return _report(existing), False
        new_id = ReportRow.insert(
            reporter=rid, target=tid, reason=reason, where=where, tournament=tournament,
            created_at=utcnow(),
        ).execute()  # fmt: skip
        row = ReportRow.get_by_id(new_id)
    return _report(row), True


@store_call
def close_report(report_id: int, by: str, note: str = "") -> Report:
    rid = checked_int(report_id, "report id")
    note = _text(note, "note")
    with write():
        row = ReportRow.get_or_none(ReportRow.id == rid)
        if row is None:
            raise NotFound(f"no report {rid}")
        if row.closed_at is not None:
            raise Refused("report_closed", f"report {rid} is already closed")
        now = utcnow()
        ReportRow.update(closed_at=now, closed_by=by[:64], note=note).where(
            ReportRow.id == rid
        ).execute()
        _log(by, "close-report", player=row.target_id, report=rid, reason=note)
        row = ReportRow.get_by_id(rid)
    return _report(row)


# --- actions on players ----------------------------------------------------------------------


@store_call
def admin_rename(
    player_id: int, by: str, reason: str = "", rng: random.Random | None = None
) -> PlayerInfo:
    """Replace the nickname with a fresh automatic one; the player's past entries show it too."""
    pid = checked_int(player_id, "player id")
    reason = _text(reason, "reason")
    name = nicknames.generate(rng or random.SystemRandom())
    with write():
        _lock(pid)
        row = _player_row(pid)
        if row.is_bot:
            raise Refused("is_bot", f"player {pid} is a bot")
        old = row.nickname
        PlayerRow.update(nickname=name).where(PlayerRow.id == pid).execute()
        EntryRow.update(nickname=name).where(EntryRow.player == pid).execute()
        note_name(pid, name, BY_ADMIN)
        _log(by, "rename", player=pid, reason=reason, detail=f"{old} -> {name}")
        row = _player_row(pid)
    return player_info(row)


@store_call
def ban(player_id: int, by: str, reason: str, address_days: float = 0) -> PlayerInfo:
    """Mark the account banned (its token is refused at once); with `address_days`, the
    addresses it was seen from are refused new accounts that long."""
    pid = checked_int(player_id, "player id")
    reason = _text(reason, "reason")
    if not isinstance(address_days, int | float) or not 0 <= address_days <= 3650:
        raise ValueError("address days must be between 0 and 3650")
    with write():
        _lock(pid)
        row = _player_row(pid)
        if row.status != ACCOUNT_ACTIVE:
            raise Refused(f"already_{row.status}", f"player {pid} is already {row.status}")
        if row.is_bot:
            raise Refused("is_bot", f"player {pid} is a bot")
        PlayerRow.update(status=ACCOUNT_BANNED).where(PlayerRow.id == pid).execute()
        detail = ""
        if address_days:
            until = utcnow() + dt.timedelta(days=address_days)
            hashes = {
                r.address_hash
                for r in AddressSeenRow.select(AddressSeenRow.address_hash).where(
                    AddressSeenRow.player == pid
                )
            }
            for h in sorted(hashes):
                AddressBanRow.insert(address_hash=h, until=until, player=pid).execute()
            detail = f"{len(hashes)} address(es) refused new accounts for {address_days:g} days"
        _log(by, "ban", player=pid, reason=reason, detail=detail)
        row = _player_row(pid)
    return player_info(row)


@store_call
def unban(player_id: int, by: str, reason: str = "") -> PlayerInfo:
    pid = checked_int(player_id, "player id")
    reason = _text(reason, "reason")
    with write():
        _lock(pid)
        row = _player_row(pid)
        if row.status != ACCOUNT_BANNED:
            raise Refused("not_banned", f"player {pid} is not banned ({row.status})")
        PlayerRow.update(status=ACCOUNT_ACTIVE).where(PlayerRow.id == pid).execute()
        AddressBanRow.delete().where(AddressBanRow.player == pid).execute()
        _log(by, "unban", player=pid, reason=reason)
        row = _player_row(pid)
    return player_info(row)


@store_call
def remove_player(player_id: int, by: str, reason: str) -> PlayerInfo:
    """Mark the account removed and revoke its token; its games stay (as "removed player")."""
    pid = checked_int(player_id, "player id")
    reason = _text(reason, "reason")
    with write():
        _lock(pid)
        row = _player_row(pid)
        if row.status == ACCOUNT_REMOVED:
            raise Refused("already_removed", f"player {pid} is already removed")
        if row.is_bot:
            raise Refused("is_bot", f"player {pid} is a bot")
        revoked = hash_token(secrets.token_urlsafe(32))  # nobody holds this token
        PlayerRow.update(status=ACCOUNT_REMOVED, token_hash=revoked).where(
            PlayerRow.id == pid
        ).execute()
        _log(by, "remove", player=pid, reason=reason)
        row = _player_row(pid)
    return player_info(row)


@store_call
def void_tournament(tournament_id: int, by: str, reason: str) -> int:
    """Revert a closed tournament's rating changes: each placed entry's change becomes 0, the
    player's later rows shift by the change taken back (so every chain still holds) and so
    does their rating; the entry no longer counts as a placement. Returns the players touched."""
    tid = checked_int(tournament_id, "tournament id")
    reason = _text(reason, "reason")
    with write():
        t = TournamentRow.get_or_none(TournamentRow.id == tid)
        if t is None:
            raise NotFound(f"no tournament {tid}")
        if t.void:
            raise Refused("already_void", f"tournament {tid} is already void")
        if t.status == STATUS_RUNNING:
            raise Refused("running", f"tournament {tid} is still running")
        entries = list(
            EntryRow.select()
            .where((EntryRow.tournament == tid) & EntryRow.rating_after.is_null(False))
            .order_by(EntryRow.player)
        )
        for e in entries:
            _lock(e.player_id)
        for e in entries:
            delta = present(e.rating_after) - e.rating_before
            EntryRow.update(rating_after=e.rating_before).where(EntryRow.id == e.id).execute()
            if delta:
                later = (EntryRow.player == e.player_id) & (EntryRow.tournament > tid)
                EntryRow.update(rating_before=EntryRow.rating_before - delta).where(later).execute()
                EntryRow.update(rating_after=EntryRow.rating_after - delta).where(
                    later & EntryRow.rating_after.is_null(False)
                ).execute()
            PlayerRow.update(
                rating=PlayerRow.rating - delta, placements=PlayerRow.placements - 1
            ).where(PlayerRow.id == e.player_id).execute()
        TournamentRow.update(void=True).where(TournamentRow.id == tid).execute()
        _log(by, "void", tournament=tid, reason=reason, detail=f"{len(entries)} placement(s)")
    return len(entries)
