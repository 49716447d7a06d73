"""What the current Flask app holds, for its routes (set up by web/application.py)."""

from __future__ import annotations

from typing import cast

from flask import current_app

from models.store.interfaces import WebStore


def store() -> WebStore:
    """The store the current app's routes read and write."""
    return cast(WebStore, current_app.extensions["store"])
