"""The wire of a network table: one JSON object per line, capped in size and checked in shape.

Every message is a JSON object with a string `type` (docs/table-protocol.md lists them). A
client's messages are small, so the host reads at most CLIENT_LIMIT bytes a line; the host's
updates may carry a hand's events and a view, so a client reads up to HOST_LIMIT. Anything
else (not UTF-8, not JSON, not an object, a wrong field) is a FrameError carrying an error
code, which the host answers with an `error` message and the table goes on.
"""

from __future__ import annotations

import json
import re
import secrets
import unicodedata
from typing import Any

PROTOCOL = 1
#: The longest line a client may send (bytes, with its newline).
CLIENT_LIMIT = 16 * 1024
#: The longest line the host sends.
HOST_LIMIT = 1024 * 1024
#: A player's name: at most this many characters.
NAME_LIMIT = 20
#: Join codes are two groups of four from an alphabet without look-alikes (0/o, 1/l/i).
CODE_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
CODE = re.compile(r"^[2-9a-hj-km-np-z]{4}-[2-9a-hj-km-np-z]{4}$")


class FrameError(Exception):
    """A message that cannot be taken: `code` says why (bad_json, bad_message, too_big, ...)."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def encode(message: dict[str, Any]) -> bytes:
    return (json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


def decode(line: bytes) -> dict[str, Any]:
    """A message from one line; FrameError when it is not a JSON object with a string `type`."""
    try:
        message = json.loads(line.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise FrameError("bad_json") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise FrameError("bad_message")
    return message


def new_code() -> str:
    """A random join code, like `k7m2-q9x4` (40 bits)."""
    letters = "".join(secrets.choice(CODE_ALPHABET) for _ in range(8))
    return f"{letters[:4]}-{letters[4:]}"


def normal_code(text: str) -> str:
    """A typed join code as the host compares it: lower case, spaces dropped, the dash restored."""
    code = "".join(text.split()).lower().replace("_", "-")
    if len(code) == 8 and "-" not in code:
        code = code[:4] + "-" + code[4:]
    return code


def clean_name(text: Any) -> str | None:
    """A player's name fit to show in every sentence: printable, one line, no markup braces,
    spaces collapsed, at most NAME_LIMIT characters; None when nothing is left."""
    if not isinstance(text, str):
        return None
    kept = "".join(ch for ch in text if unicodedata.category(ch)[0] not in "CZ" or ch == " ")
    kept = " ".join(kept.replace("{", "").replace("}", "").replace("%", "").split())
    return kept[:NAME_LIMIT].strip() or None


def check(message: dict[str, Any], shape: dict[str, tuple[type, ...]]) -> None:
    """FrameError("bad_message") unless the message has exactly `type` and these fields, of these types."""
    if set(message) - {"type"} - set(shape):
        raise FrameError("bad_message")
    for key, types in shape.items():
        value = message.get(key)
        if value is None and type(None) in types:
            continue
        if key not in message or not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
            raise FrameError("bad_message")


#: What a client may send, and the fields each message has.
CLIENT_MESSAGES: dict[str, dict[str, tuple[type, ...]]] = {
    "hello": {"protocol": (int,), "code": (str,), "name": (str,)},
    "act": {"action": (dict,), "coach": (bool,), "id": (int, type(None))},
    "start": {},
    "bye": {},
}


def client_message(line: bytes) -> dict[str, Any]:
    """A client's message, checked: its type is known and its fields are the right ones."""
    message = decode(line)
    shape = CLIENT_MESSAGES.get(message["type"])
    if shape is None:
        raise FrameError("unknown_type")
    check(message, shape)
    return message
