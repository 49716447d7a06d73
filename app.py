"""Entry point: gevent monkey-patching first, then everything else, then the WSGI server.

    python app.py            (or: python3 scripts/manage.py serve)

Settings come from WT_* environment variables (README.md). A bad setting, a broken word list
or an unreachable database stops the start with a message naming it. SIGTERM/SIGINT: no new
lobbies, waiting lobbies dissolve, running tournaments get WT_SHUTDOWN_GRACE_SECONDS to
finish and are then stopped (recorded as aborted); then results still waiting for the
database get WT_SHUTDOWN_WRITE_SECONDS, and what it cannot take stays in the journal
(WT_JOURNAL_PATH) for the next start. Exit status 3 says results were lost (logged one by
one). A second signal stops at once. A second server on the same database refuses to start
before it reads anything (models/store/server_lock.py).
"""

from gevent import monkey

monkey.patch_all()

import faulthandler  # noqa: E402
import logging  # noqa: E402
import os  # noqa: E402
import signal  # noqa: E402
import sys  # noqa: E402
from typing import TYPE_CHECKING  # noqa: E402

import gevent  # noqa: E402
import gevent.event  # noqa: E402

if TYPE_CHECKING:
    from actors.recorder import Unwritten
    from actors.system import GameServer
    from models.store.server_lock import ServerLock

log = logging.getLogger("wordle")


def fail(message: str) -> None:
    print(f"wordle-tournament: {message}", file=sys.stderr)
    sys.exit(2)


def main() -> None:
    from models.settings import Settings, SettingsError

    if not monkey.is_module_patched("threading"):
        fail("gevent monkey-patching did not happen first; start the server with app.py")
    try:
        settings = Settings.from_env(os.environ)
    except SettingsError as exc:
        fail(f"bad setting: {exc}")
    from web import logs

    logs.configure(settings.log_level, settings.log_format)
    faulthandler.enable()  # a fatal signal (SIGBUS, SIGSEGV) still leaves a traceback

    import wordlists
    from models.store import server_lock
    from web.application import create_app
    from web.server import BOT_HOST, make_bot_server, make_server

    try:  # before anything reads or changes the database: one server per database
        lock = server_lock.acquire(settings.database_url)
    except server_lock.ServerLockError as exc:
        fail(str(exc))
    except Exception as exc:
        fail(f"cannot reach the database to take its server lock: {exc}")
    gevent.spawn(watch_lock, lock)

    try:
        words = wordlists.load_all(settings.wordlists_dir or None)
    except wordlists.WordListError as exc:
        fail(f"cannot load the word lists: {exc}")
    try:
        app = create_app({"SETTINGS": settings, "WORDS": words})
    except Exception as exc:  # the database is the usual suspect; say so, no traceback wall
        log.debug("start failed", exc_info=True)
        fail(f"cannot start: {exc} (database: {settings.database_url})")
    game = app.extensions["game"]

    from web import tuning

    server = make_server(settings, app)
    # signals first: a SIGTERM right after /healthz answers must stop the server cleanly
    stopping = gevent.event.Event()

    def on_signal(signum: int) -> None:
        if stopping.is_set():
            log.warning("second signal: stopping now")
            os._exit(1)
        log.info("signal %d: shutting down (grace %gs)", signum, settings.shutdown_grace_seconds)
        stopping.set()

    for signum in (signal.SIGTERM, signal.SIGINT):
        gevent.signal_handler(signum, on_signal, signum)

    server.start()
    gc_watch = tuning.GcWatch().install()
    app.extensions["gc_watch"] = gc_watch  # its pauses are on /metrics
    if settings.gc_tuning:
        tuning.tune_gc()
        gevent.spawn(tuning.collect_young)
        gevent.spawn(tuning.collect_when_quiet, game.open_connections)
    bot_server = make_bot_server(settings, app)  # the bots' own loopback listener
    bot_server.start()
    game.set_base_url(BOT_HOST, bot_server.server_port)
    log.info(
        "serving on http://%s:%d (%d languages, database %s)",
        settings.host,
        server.server_port,
        len(words),
        settings.database_url.split("://")[0],
    )

    stopping.wait()
    drained = game.drain(settings.shutdown_grace_seconds, settings.shutdown_write_seconds)
    if drained.stopped:
        log.info("stopped %d running tournament(s) as aborted", drained.stopped)
    server.stop(timeout=2)
    bot_server.stop(timeout=2)
    game.wait_quiet(3.0)
    writer = app.extensions.get("writer")
    if writer is not None and not writer.close(settings.shutdown_write_seconds):
        log.error("a database write was still running at the stop")
    log.info("at stop: %s", census(game))
    log.info("gc: %s", gc_watch.summary())
    status = report_unwritten(drained.unwritten, settings.journal_path)
    log.info("bye")
    sys.exit(status)


def watch_lock(lock: "ServerLock", every: float = 60.0) -> None:
    """A MySQL server lock lives on a connection: say so loudly if it is lost and cannot be
    taken back (another server may have started on this database meanwhile)."""
    while True:
        gevent.sleep(every)
        if not lock.check():
            log.error("the database's server lock is lost: another server may use it now")


def census(game: "GameServer") -> str:
    """What is still running (a clean stop leaves only the long-lived actors): actors by kind
    (each one greenlet; after a collection, so only actors something still holds or runs
    count) and database connections in use."""
    import gc

    from models.store.connection import connections_in_use

    unreachable = dict(game.census())
    gc.collect()
    actors = ", ".join(f"{k} {n}" for k, n in sorted(game.census().items()))
    dropped = sum(unreachable.values()) - sum(n for k, n in game.census().items())
    return (
        f"actors: {actors}; unreachable before collection: {dropped}; "
        f"database connections in use: {connections_in_use()}"
    )


def report_unwritten(unwritten: "Unwritten | None", journal_path: str) -> int:
    """Say what the database did not get; the exit status is 3 when results are lost."""
    from models.results import describe

    if unwritten is None:
        log.error("the recorder did not answer: results may not have been written")
        return 3
    if not unwritten.results:
        return 0
    count = len(unwritten.results)
    if unwritten.journaled:
        log.warning(
            "%d result(s) could not reach the database; kept in %s, written at the next start",
            count,
            journal_path,
        )
        return 0
    log.error("%d result(s) could NOT be written or kept; they are lost:", count)
    for entry in unwritten.results:
        log.error("  not written: %s: %r", describe(entry), entry)
    return 3


if __name__ == "__main__":
    main()
