"""The store's own errors: callers never see a database driver's exceptions.

`Unavailable` means the database could not be reached or was busy (an outage, a lock, a full
disk): the same call may succeed later, so the recorder waits and retries, and REST answers
503. `NotFound` is a missing player, tournament or seat. Bad values are `ValueError`s (a
`NicknameError` for nicknames), refused before the database is touched.
"""

from __future__ import annotations

from models.nicknames import NicknameError

__all__ = ["NicknameError", "NotFound", "Refused", "StoreError", "Unavailable"]


class StoreError(Exception):
    """Anything the store reports."""


class Unavailable(StoreError):
    """The database is unreachable or busy right now; try again later."""


class NotFound(StoreError, LookupError):
    """The player, tournament or entry does not exist."""


class Refused(StoreError, ValueError):
    """A moderation call that cannot be done as asked (already banned, a bot, oneself...):
    `code` names why, for the API's error fields; the message is one line for the admin."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
