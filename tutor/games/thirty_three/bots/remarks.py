"""What a 33 bot says at the table about its play, from public information only (33.5, 33.7).

A `Choice`'s reason is the bot's own (which plays its hand allowed, its odds of losing): it
never reaches the table. `remark` names only the total the play made and the limit (33.7).
"""

from __future__ import annotations

from tutor.games.remark import Remark
from tutor.games.thirty_three.deck import LIMIT
from tutor.games.thirty_three.engine import Action, Play, View

#: Every code a Remark may carry; its details (the new `total`, the `limit`) are on the table.
REMARKS = ("random", "raised", "reached_limit", "held", "lowered")
REMARK_DETAILS = frozenset({"total", "limit"})


def remark(level: str, action: Action, seat: int, view: View) -> Remark | None:
    """What the bot at `seat` says about a play, from `view` (another seat's, just before it) and
    its level alone: the total it made, never which other plays its hand allowed or its odds."""
    if not isinstance(action, Play):
        return None  # saying the total, drawing, a forfeit card: nothing to explain
    total = view.total + action.value
    detail: dict[str, int | str] = {"total": total, "limit": LIMIT}
    if level == "easy":
        return Remark("random", detail)
    if action.value > 0:
        return Remark("reached_limit" if total == LIMIT else "raised", detail)
    return Remark("held" if action.value == 0 else "lowered", detail)
