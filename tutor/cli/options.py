"""`--option KEY=VALUE`, as `tutor play` and `tutor analyze` take it: the pairs, read into
a mapping that each game's own options parser then checks."""

from __future__ import annotations

from tutor.games.base import OptionError


def parse_option_pairs(pairs: list[str]) -> dict[str, str]:
    raw: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise OptionError("option_syntax", text=pair)
        raw[key.strip().lower()] = value.strip()
    return raw
