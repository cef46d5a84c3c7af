"""What a bot says aloud about its own decision: only what every player at the table knows.

A bot's `Choice` carries its private reason (how strong its hand is, its odds, whether it
bluffs, which card it keeps back). That stays inside the bot. What it says at the table, the
answer to the learner's `why`, is a `Remark`, built by the game's `bots.remark(level, action,
view)` from the decision itself, the bot's level (which the learner chose) and the learner's
view of the table: so it cannot hold a hidden card or a secret by construction, and the same
public situation gives the same words whatever the hidden cards are.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Remark:
    """A sentence a bot says, as data: `code` names it, `detail` fills it (card codes, numbers)."""

    code: str
    detail: dict[str, int | str] = field(default_factory=dict)
