"""Transport: Flask app factory, REST routes, websocket endpoint and the static client."""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from typing import Any

from flask import Flask, jsonify

from models import store
from models.settings import Settings


def create_app(config: Mapping[str, Any] | Settings | None = None) -> Flask:
    """Build the Flask app; `config` overrides Flask config (tests pass short timings here),
    its SETTINGS key holds the Settings (default: from WT_* environment variables)."""
    if isinstance(config, Settings):
        config = {"SETTINGS": config}
    app = Flask(__name__, static_folder="static", static_url_path="/static")
    app.config.update(config or {})
    settings = app.config.setdefault("SETTINGS", Settings.from_env(os.environ))
    aborted = store.open_database(settings.database_url)
    if aborted:
        logging.getLogger("wordle").warning("aborted unfinished tournaments %s", aborted)

    from web.api import api

    app.register_blueprint(api)

    @app.get("/healthz")
    def health():
        return jsonify(status="ok")

    @app.get("/")
    def index():
        return app.send_static_file("index.html")

    return app
