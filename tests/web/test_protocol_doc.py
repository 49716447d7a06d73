"""protocol/PROTOCOL.md and the schemas say the same thing: every example in the document is a
valid message, and every message type the server can send is documented with an example."""

import json
import re
from pathlib import Path

from web.protocol_schemas import (
    CLIENT_SCHEMAS,
    SERVER_SCHEMAS,
    check_server_frame,
    parse_client_frame,
)

DOC = (Path(__file__).resolve().parents[2] / "protocol" / "PROTOCOL.md").read_text()


def examples():
    decoder = json.JSONDecoder()
    for block in re.findall(r"```json\n(.*?)```", DOC, flags=re.S):
        text = block.strip()
        while text:
            message, end = decoder.raw_decode(text)
            yield message
            text = text[end:].strip()


def test_every_example_is_a_valid_message():
    seen = set()
    for message in examples():
        kind = message["type"]
        seen.add(kind)
        if kind in SERVER_SCHEMAS:
            check_server_frame(json.dumps(message))
        else:
            parse_client_frame(json.dumps(message), 4096)
    assert set(SERVER_SCHEMAS) <= seen, f"undocumented: {set(SERVER_SCHEMAS) - seen}"
    assert set(CLIENT_SCHEMAS) <= seen, f"undocumented: {set(CLIENT_SCHEMAS) - seen}"


def test_the_document_shows_a_secret_revealed_as_written():
    """A Spanish duel's end carries inútil, its tiles one per letter of the board."""
    written = [
        m
        for m in examples()
        if m["type"] == "duel_ended"
        and m["secret"] != m["secret"].encode("ascii", "ignore").decode()
    ]
    assert written, "no duel_ended example with an accented secret"
    for message in written:
        check_server_frame(json.dumps(message))
        assert "".join(message["secret_letters"]) == message["secret"]
