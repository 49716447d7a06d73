"""The Flask app factory: the store, the game behind it, and every blueprint of web/."""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from typing import Any

from flask import Flask, jsonify

from models.settings import Settings
from models.store.connection import is_sqlite
from models.store.sql import SqlStore, open_database
from wordlists import nickname_terms

log = logging.getLogger("wordle")


def create_app(config: Mapping[str, Any] | Settings | None = None) -> Flask:
    """Build the Flask app and the game behind it.

    `config` overrides Flask config. Its SETTINGS key holds the Settings (default: from WT_*
    environment variables), WORDS the loaded word lists (default: loaded from
    settings.wordlists_dir), GAME a ready GameServer (tests)."""
    if isinstance(config, Settings):
        config = {"SETTINGS": config}
    app = Flask(__name__, static_folder="static", static_url_path="/static")
    app.config.update(config or {})
    settings = app.config.setdefault("SETTINGS", Settings.from_env(os.environ))
    aborted = open_database(settings.database_url, settings.journal_path)
    if aborted:
        log.warning("aborted unfinished tournaments %s", aborted)
    app.extensions["store"] = SqlStore()
    app.extensions["nickname_policy"] = nickname_terms.policy(settings.nickname_terms)
    game = app.config.get("GAME") or _game(app, settings)
    app.extensions["game"] = game
    app.config["WORDS"] = game.words

    from web import addresses, admin, assets, limits, metrics, security, ws
    from web.api import api
    from web.history import history
    from web.languages import languages
    from web.pages import pages
    from web.parties import bp as parties

    security.init_app(app)
    limits.init_app(app)
    addresses.init_app(app)
    assets.init_app(app, pages.name, history.name, languages.name)
    app.register_blueprint(api)
    app.register_blueprint(parties)
    app.register_blueprint(pages)
    app.register_blueprint(history)
    app.register_blueprint(languages)
    admin.init_app(app)  # only with WT_ADMIN_TOKEN
    ws.init_app(app)
    metrics.init_app(app)

    @app.get("/healthz")
    def health():
        problem = app.extensions["store"].health()
        if problem is not None:  # a deleted or unwritable database is never silent
            return jsonify(status="unhealthy", database=problem), 503
        return jsonify(status="ok")

    return app


def _game(app: Flask, settings: Settings):
    from actors.system import GameServer

    words = app.config.get("WORDS")
    if words is None:
        import wordlists

        words = wordlists.load_all(settings.wordlists_dir or None)
    store = app.extensions["store"]
    writer = None
    if is_sqlite():  # synced commits off the event loop
        from models.store.writer_thread import WriterThread

        writer = WriterThread()
        app.extensions["writer"] = writer  # closed by app.py after the last write
    return GameServer(settings, words, store=store, writer=writer)
