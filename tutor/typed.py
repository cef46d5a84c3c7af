"""Numbers typed by a person or written in a file, read without trusting them.

`str.isdigit()` is true for `²` and other digits `int()` refuses, and `int()` refuses
more than 4,300 digits; both used to end in a traceback. Every number read from text
goes through `whole_number`, which answers None for anything it cannot use.
"""

from __future__ import annotations

MAX_DIGITS = 9


def whole_number(text: str, low: int | None = None, high: int | None = None) -> int | None:
    """The whole number `text` spells in ASCII digits (an optional sign), within
    `low`..`high` when given; None for anything else, however long or strange."""
    body = text.strip()
    sign = ""
    if body[:1] in "+-" and body[:1]:
        sign, body = body[0], body[1:]
    if not body or not body.isascii() or not body.isdigit():
        return None
    body = body.lstrip("0") or "0"
    if len(body) > MAX_DIGITS:
        return None
    value = int(sign + body)
    if (low is not None and value < low) or (high is not None and value > high):
        return None
    return value
