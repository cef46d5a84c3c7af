"""The Three Thirteen hand solver: the arrangement into melds that leaves the fewest points.

A hand is scored by arranging it into melds so that the unmatched cards score as little as
possible (TT.10); `solve` finds that arrangement exactly, `discards` the best arrangement
left by each discard, `can_go_out` the discards that leave every other card melded (TT.8).
Engines, bots, coaches and Speed ask this package's names (`solver.solve`, ...); the rooms:

- `melds`: `MeldRules`, `Arrangement`, `card_points`, `is_meld` (TT.2, TT.6, TT.7, TT.10,
  TT.13, TT.14): what a meld is and what a card scores.
- `lanes`: ranks as bits, one lane per suit, and the cards that can meld at all (TT.6, TT.7,
  TT.13).
- `search`: the memoised search over packed hands, with wilds as a count (TT.6, TT.7, TT.10,
  TT.13).
- `answers`: the best arrangement read off the search, and the answers kept between calls
  (`clear_caches`) (TT.7, TT.10, TT.13).
- `plain`: `solve`, with a shorter path for hands without a wild (TT.6, TT.10, TT.13).
- `going_out`: `discards` and `can_go_out` (TT.5, TT.7, TT.8, TT.10).

Which of several equally good arrangements is shown is fixed (records hold the melds, and a
replay asks again): the first card left heads the first group, fewest wilds then most cards,
that keeps the best penalty, and is unmatched only when that scores strictly less.

RULEBOOK: TT.5, TT.6, TT.7, TT.8, TT.10, TT.13, TT.14 (through the rooms above).
"""

from __future__ import annotations

from tutor.games.three_thirteen.solver.answers import clear_caches
from tutor.games.three_thirteen.solver.going_out import can_go_out, discards
from tutor.games.three_thirteen.solver.melds import (
    Arrangement,
    MeldRules,
    card_points,
    is_meld,
)
from tutor.games.three_thirteen.solver.plain import solve

__all__ = ["Arrangement", "MeldRules", "can_go_out", "card_points", "clear_caches", "discards", "is_meld", "solve"]
