#!/usr/bin/env python3
"""The admin's command: reports, players, renames, bans, voids, removals and the admin log.

    .venv/bin/python -m scripts.admin reports
    .venv/bin/python -m scripts.admin close-report 12 --note "renamed"
    .venv/bin/python -m scripts.admin player 42
    .venv/bin/python -m scripts.admin rename 42
    .venv/bin/python -m scripts.admin ban 42 --reason "hateful name" [--address-days 7]
    .venv/bin/python -m scripts.admin unban 42
    .venv/bin/python -m scripts.admin void 17 --reason "alt accounts"
    .venv/bin/python -m scripts.admin remove 42 --reason "asked to"
    .venv/bin/python -m scripts.admin log

It uses the server's own WT_* settings (WT_DATABASE_URL) and works whether the server runs or
not; a running server applies each action within WT_ADMIN_POLL_SECONDS. Each action is one
transaction that also writes its admin-log row, with `--by` (default: the OS user).
"""

from __future__ import annotations

import argparse
import datetime as dt
import getpass
import logging
import os
import sys
from collections.abc import Callable, Sequence

from models.settings import Settings, SettingsError
from models.store import migrations
from models.store.connection import connect
from models.store.errors import StoreError
from models.store.sql import SqlStore
from models.store.values import PlayerInfo
from web import logs

Run = Callable[[SqlStore, argparse.Namespace], None]
logger = logging.getLogger("wordle.admin")
# The commands that change something: each is also logged (standard error, WT_LOG_FORMAT),
# beside its admin-log row, as the running server logs the actions it applies.
ACTIONS = {"close-report": "report", "rename": "player", "ban": "player", "unban": "player"}
ACTIONS |= {"void": "tournament", "remove": "player"}


def _when(value: dt.datetime | None) -> str:
    return "-" if value is None else value.strftime("%Y-%m-%d %H:%M:%S")


def _who(player: PlayerInfo) -> str:
    return f"{player.id} {player.nickname}#{player.tag}"


def reports(store: SqlStore, _args: argparse.Namespace) -> None:
    groups = store.open_reports()
    if not groups:
        print("no open reports")
    for g in groups:
        reasons = ", ".join(f"{n} {r}" for r, n in sorted(g.reasons.items()))
        print(f"player {_who(g.player)} ({g.player.status}): {g.count} report(s): {reasons}")
        for r in g.reports:
            where = r.where + (f" of tournament {r.tournament}" if r.tournament else "")
            print(f"  report {r.id}  {_when(r.created_at)}  by {r.reporter}  {r.reason}  {where}")


def close_report(store: SqlStore, args: argparse.Namespace) -> None:
    r = store.close_report(args.id, args.by, args.note)
    print(f"closed report {r.id} on player {r.target}")


def player(store: SqlStore, args: argparse.Namespace) -> None:
    rec = store.player_record(args.id, within_days=args.address_days)
    p = rec.player
    print(f"player {_who(p)}  status {rec.status}  rating {p.rating}  placements {p.placements}")
    print(f"  created {_when(p.created_at)}  last seen {_when(p.last_seen)}  bot {p.is_bot}")
    print(f"  browsers: {', '.join(rec.browsers) or '-'}")
    print("  names:")
    for n in rec.names:
        print(f"    {_when(n.at)}  {n.nickname}  (by {n.by})")
    print("  accounts seen from the same address:" + ("" if rec.same_address else " none"))
    for s in rec.same_address:
        print(f"    {_who(s.player)}  {s.browser}  last {_when(s.last_at)}  ({s.player.status})")
    print("  last tournaments:" + ("" if rec.tournaments else " none"))
    for tid, status, place, change in rec.tournaments:
        shown = "-" if change is None else change
        print(f"    {tid}  {status}  place {place or '-'}  change {shown}")


def rename(store: SqlStore, args: argparse.Namespace) -> None:
    p = store.admin_rename(args.id, args.by, args.reason)
    print(f"player {p.id} is now {p.nickname}")


def ban(store: SqlStore, args: argparse.Namespace) -> None:
    p = store.ban(args.id, args.by, args.reason, args.address_days)
    print(f"banned player {_who(p)}")


def unban(store: SqlStore, args: argparse.Namespace) -> None:
    p = store.unban(args.id, args.by, args.reason)
    print(f"unbanned player {_who(p)}")


def void(store: SqlStore, args: argparse.Namespace) -> None:
    n = store.void_tournament(args.id, args.by, args.reason)
    print(f"voided tournament {args.id}: {n} rating change(s) taken back")


def remove(store: SqlStore, args: argparse.Namespace) -> None:
    p = store.remove_player(args.id, args.by, args.reason)
    print(f"removed player {p.id}")


def log(store: SqlStore, _args: argparse.Namespace) -> None:
    lines = store.admin_log()
    if not lines:
        print("no admin actions yet")
    for line in lines:
        on = f"player {line.player}" if line.player else f"tournament {line.tournament}"
        extra = f"  ({line.detail})" if line.detail else ""
        print(
            f"{line.id}  {_when(line.at)}  {line.by}  {line.action}  {on}  {line.reason!r}{extra}"
        )


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", help="database URL (default: WT_DATABASE_URL)")
    parser.add_argument("--by", default=_os_user(), help="who acts (default: the OS user)")
    sub = parser.add_subparsers(dest="command", required=True)

    def command(
        name: str, run: Run, *, target: str | None = None, reason: bool = False
    ) -> argparse.ArgumentParser:
        p = sub.add_parser(name)
        if target:
            p.add_argument("id", type=int, help=f"the {target}'s id")
        if reason:
            p.add_argument("--reason", required=True)
        p.set_defaults(run=run)
        return p

    command("reports", reports)
    command("close-report", close_report, target="report").add_argument("--note", default="")
    command("player", player, target="player")
    command("rename", rename, target="player").add_argument("--reason", default="")
    command("ban", ban, target="player", reason=True).add_argument(
        "--address-days", type=float, default=0, help="refuse its addresses new accounts"
    )
    command("unban", unban, target="player").add_argument("--reason", default="")
    command("void", void, target="tournament", reason=True)
    command("remove", remove, target="player", reason=True)
    command("log", log)
    return parser


def _os_user() -> str:
    try:
        return getpass.getuser()
    except Exception:  # no user name in this environment
        return "admin"


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        settings = Settings.from_env(os.environ)
        url = args.url or settings.database_url
    except SettingsError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.command == "player":
        args.address_days = settings.address_days
    logs.configure(settings.log_level, settings.log_format)
    try:
        connect(url)
        if migrations.BASELINE_VERSION not in migrations.applied_versions():
            print("error: the database has no schema yet: start the server once", file=sys.stderr)
            return 1
        if migrations.pending():
            print(
                "error: the database needs migrations: run python -m scripts.migrate",
                file=sys.stderr,
            )
            return 1
        args.run(SqlStore(), args)
    except (StoreError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    if args.command in ACTIONS:
        why = getattr(args, "reason", "") or getattr(args, "note", "")
        logger.info(
            "admin %s: %s %s %d%s",
            args.by,
            args.command,
            ACTIONS[args.command],
            args.id,
            f" ({why})" if why else "",
            extra={"admin": args.by, "action": args.command, "target": args.id},
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
