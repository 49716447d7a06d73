"""The store on the SQL database that `connect(url)` bound (SQLite or MySQL): the one
implementation of `GameStore` and `WebStore`, and the server's start (`open_database`)."""

from __future__ import annotations

import logging

from models.store import journal, migrations, moderation, players, reads, tournaments
from models.store import moderation_reads as admin_reads
from models.store.connection import check_writable, connect, health

log = logging.getLogger("wordle.store")

__all__ = ["SqlStore", "connect", "open_database"]


class SqlStore:
    """Every call is one short transaction on the calling greenlet's connection; instances
    hold no state (the connection is the process's), so any number may be made."""

    # GameStore: the tournaments as they are played, and the bots' accounts
    start_tournament = staticmethod(tournaments.start_tournament)
    record_results = staticmethod(tournaments.record_results)
    record_duel = staticmethod(tournaments.record_duel)
    apply_placement = staticmethod(tournaments.apply_placement)
    finish_tournament = staticmethod(tournaments.finish_tournament)
    abort_unfinished_tournaments = staticmethod(tournaments.abort_unfinished_tournaments)
    get_players = staticmethod(players.get_players)
    bots_near = staticmethod(players.bots_near)
    create_bot = staticmethod(players.create_bot)
    issue_bot_token = staticmethod(players.issue_bot_token)
    purge_unplayed = staticmethod(players.purge_unplayed)
    # WebStore: accounts and what the REST routes show
    create_player = staticmethod(players.create_player)
    get_player = staticmethod(players.get_player)
    player_by_token = staticmethod(players.player_by_token)
    set_nickname = staticmethod(players.set_nickname)
    leaderboard = staticmethod(reads.leaderboard)
    leaderboard_line = staticmethod(reads.leaderboard_line)
    player_profile = staticmethod(reads.player_profile)
    tournament_summary = staticmethod(reads.tournament_summary)
    rating_total = staticmethod(reads.rating_total)
    running_tournaments = staticmethod(reads.running_tournaments)
    health = staticmethod(health)
    # moderation (models/store/moderation.py): the web's records and reports, the admin's
    # actions (scripts/admin.py), and the log the running server polls (actors/moderation.py)
    name_history = staticmethod(moderation.name_history)
    record_address = staticmethod(moderation.record_address)
    address_banned = staticmethod(moderation.address_banned)
    purge_addresses = staticmethod(moderation.purge_addresses)
    open_report = staticmethod(moderation.open_report)
    file_report = staticmethod(moderation.file_report)
    open_reports = staticmethod(admin_reads.open_reports)
    close_report = staticmethod(moderation.close_report)
    admin_rename = staticmethod(moderation.admin_rename)
    ban = staticmethod(moderation.ban)
    unban = staticmethod(moderation.unban)
    remove_player = staticmethod(moderation.remove_player)
    void_tournament = staticmethod(moderation.void_tournament)
    player_record = staticmethod(admin_reads.player_record)
    admin_log = staticmethod(admin_reads.admin_log)
    last_admin_log_id = staticmethod(admin_reads.last_admin_log_id)


def open_database(url: str, journal_path: str | None = None) -> list[int]:
    """Server start: connect, create missing tables, refuse to run on a schema that has
    migrations pending, write the results a previous run kept in its journal, and mark
    tournaments a crash left running as aborted (returned)."""
    connect(url)
    migrations.create_tables()
    check_writable()
    waiting = migrations.pending()
    if waiting:
        names = ", ".join(f"{m.version} {m.name}" for m in waiting)
        raise RuntimeError(f"database needs migrations ({names}): run python -m scripts.migrate")
    if journal_path:
        replayed = journal.replay(journal_path, SqlStore())
        if replayed:
            log.warning("wrote %d result(s) kept in the journal %s", replayed, journal_path)
    return tournaments.abort_unfinished_tournaments()
