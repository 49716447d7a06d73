"""The forms of a revealed secret a leak check searches: as written and folded."""

from __future__ import annotations

import unicodedata


def secret_forms(secret: str, letters: list[str]) -> set[str]:
    """A revealed secret as written, lower-cased, and without its accents (inútil, inutil)."""
    plain = "".join(
        c for c in unicodedata.normalize("NFD", secret.casefold()) if not unicodedata.combining(c)
    )
    return {secret.casefold(), "".join(letters).casefold(), plain}
