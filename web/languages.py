"""GET /api/languages: what a client needs to offer a language and draw its keyboard."""

from __future__ import annotations

from collections.abc import Callable

from flask import Blueprint, current_app, jsonify
from marshmallow import Schema, fields

languages = Blueprint("languages", __name__)


class LanguageOut(Schema):
    code = fields.String()
    name = fields.String()
    alphabet = fields.List(fields.String())
    keyboard = fields.List(fields.List(fields.String()))
    fold = fields.Dict(keys=fields.String(), values=fields.String())
    apostrophes = fields.List(fields.String())
    apostrophe = fields.String()


@languages.get("/api/languages")
def list_languages():
    words = current_app.config["WORDS"]
    out = [
        {
            "code": code,
            "name": wl.language.name,
            "alphabet": list(wl.language.alphabet),
            "keyboard": [list(row) for row in wl.language.keyboard],
            "fold": dict(wl.language.fold),
            "apostrophes": list(wl.language.apostrophes),
            "apostrophe": wl.language.apostrophe,
        }
        for code, wl in words.items()
    ]
    response = jsonify(LanguageOut(many=True).dump(out))
    response.cache_control.max_age = 3600
    return response


def letters_of(language: str) -> Callable[[str], list[str]]:
    """How a word language splits a word into tiles ("oʻrik" -> oʻ, r, i, k); one code point
    each when the language is not loaded any more."""
    wordlist = current_app.config["WORDS"].get(language)
    if wordlist is None:
        return list
    return lambda word: list(wordlist.language.letters(word) or word)


def written_of(language: str) -> Callable[[str], tuple[str, list[str]]]:
    """How a stored (folded) secret is shown: the language's written form and its tiles
    ("inutil" -> "inútil", i n ú t i l); the word as stored when the language is gone."""
    wordlist = current_app.config["WORDS"].get(language)
    if wordlist is None:
        return lambda word: (word, list(word))
    return lambda word: (wordlist.shown(word), wordlist.shown_letters(word))
