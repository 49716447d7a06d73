"""What one lobby message sends to each connection, handed over as one mailbox message.

While the lobby actor applies the effects of one step, what it has for each connection waits
here, in order, and `flush` hands it over at the end: all the frames of one lobby message for
one player become one `SendFrames` (one mailbox message, one socket write). A duel's end makes
`duel_ended`, `lives`, `eliminated`, `placement` and `round_ended` for all eight: one message
each instead of five. Messages that are not frames (`Attach`, `ShowHome`) keep their place in
the order. The frames stay separate websocket frames: the protocol is unchanged.
"""

from __future__ import annotations

from actors.messages import Attach, ConnRef, Send, SendFrames, ShowHome

Note = Attach | ShowHome  # what a connection gets besides frames


class Outbox:
    __slots__ = ("_waiting",)

    def __init__(self) -> None:
        self._waiting: dict[ConnRef, list[str | Note]] = {}

    def add(self, conn: ConnRef, item: str | Note) -> None:
        """A written frame (str) or a message for a connection, in order with the rest."""
        waiting = self._waiting.get(conn)
        if waiting is None:
            self._waiting[conn] = [item]
        else:
            waiting.append(item)

    def flush(self) -> None:
        """Hand each connection what it got since the last flush: consecutive frames as one
        message."""
        if not self._waiting:
            return
        waiting, self._waiting = self._waiting, {}
        for conn, items in waiting.items():
            texts: list[str] = []
            for item in items:
                if isinstance(item, str):
                    texts.append(item)
                    continue
                _send(conn, texts)
                texts = []
                conn.tell(item)
            _send(conn, texts)


def _send(conn: ConnRef, texts: list[str]) -> None:
    if len(texts) == 1:
        conn.tell(Send(texts[0]))
    elif texts:
        conn.tell(SendFrames(tuple(texts)))
