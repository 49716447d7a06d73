"""Entry point: gevent monkey-patching first, then everything else, then the WSGI server.

    python app.py            (or: python3 scripts/manage.py serve)

Settings come from WT_* environment variables (README.md). A bad setting, a broken word list
or an unreachable database stops the start with a message naming it. SIGTERM/SIGINT: no new
lobbies, waiting lobbies dissolve, running tournaments get WT_SHUTDOWN_GRACE_SECONDS to
finish and are then stopped (recorded as aborted); a second signal stops at once.
"""

from gevent import monkey

monkey.patch_all()

import logging  # noqa: E402
import os  # noqa: E402
import signal  # noqa: E402
import sys  # noqa: E402

import gevent  # noqa: E402
import gevent.event  # noqa: E402

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
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )

    import wordlists
    from web import create_app
    from web.server import make_server

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

    server = make_server(settings, app)
    server.start()
    game.set_base_url(settings.host, server.server_port)
    log.info(
        "serving on http://%s:%d (%d languages, database %s)",
        settings.host,
        server.server_port,
        len(words),
        settings.database_url.split("://")[0],
    )

    stopping = gevent.event.Event()

    def on_signal(signum: int) -> None:
        if stopping.is_set():
            log.warning("second signal: stopping now")
            os._exit(1)
        log.info("signal %d: shutting down (grace %gs)", signum, settings.shutdown_grace_seconds)
        stopping.set()

    for signum in (signal.SIGTERM, signal.SIGINT):
        gevent.signal_handler(signum, on_signal, signum)
    stopping.wait()
    stopped = game.drain(settings.shutdown_grace_seconds)
    if stopped:
        log.info("stopped %d running tournament(s) as aborted", stopped)
    server.stop(timeout=2)
    log.info("bye")


if __name__ == "__main__":
    main()
