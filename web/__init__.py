"""Transport: Flask app factory, REST routes, websocket endpoint and the static client."""

from __future__ import annotations

from typing import Any

from flask import Flask, jsonify


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """Build the Flask app; `config` overrides settings (tests pass short timings here)."""
    app = Flask(__name__, static_folder="static", static_url_path="/static")
    app.config.update(config or {})

    @app.get("/healthz")
    def health():
        return jsonify(status="ok")

    @app.get("/")
    def index():
        return app.send_static_file("index.html")

    return app
