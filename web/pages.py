"""HTML pages: the single-page client and the rules written for players."""

from __future__ import annotations

from flask import Blueprint, current_app

pages = Blueprint("pages", __name__)


@pages.get("/")
def index():
    return current_app.send_static_file("index.html")


@pages.get("/rules")
def rules():
    return current_app.send_static_file("rules.html")
