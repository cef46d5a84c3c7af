"""Checks for the data a network table sends, shared by every game's converters (`net.py`).

Each returns the value it checked, or raises ValueError: a client or host that sent anything
else gets no further than the check.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any


def whole(value: Any, low: int | None = None, high: int | None = None, none: bool = False) -> Any:
    """A whole number (not a bool) within [low, high]; None too, with `none`."""
    if value is None and none:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"not a whole number: {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise ValueError(f"out of range: {value!r}")
    return value


def flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"not true or false: {value!r}")
    return value


def listing(value: Any, limit: int | None = None) -> list[Any]:
    """A list, of at most `limit` items."""
    if not isinstance(value, list) or (limit is not None and len(value) > limit):
        raise ValueError(f"not a list (of at most {limit}): {value!r}")
    return value


def exact(data: Any, required: Collection[str], optional: Collection[str] = ()) -> dict[str, Any]:
    """An object with all of `required`, and nothing but them and `optional`."""
    if not isinstance(data, dict):
        raise ValueError("not an object")
    missing = set(required) - data.keys()
    extra = data.keys() - set(required) - set(optional)
    if missing or extra:
        raise ValueError(f"keys: missing {sorted(missing)}, unknown {sorted(map(str, extra))}")
    return data
