"""A rule clause as every game's rules screen shows it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Clause:
    id: str  # the RULEBOOK id, e.g. "33.7"
    title: str  # message id
    text: str  # message id
    decided: bool = False  # the RULEBOOK marks this clause "(decided)"
