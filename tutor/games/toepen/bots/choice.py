"""What a Toepen bot decides, and why (every clause it decides by: TOE.4, TOE.5, TOE.7, TOE.8, TOE.11).

A `Choice` is an action, a reason code (one of REASONS) and details: `card` (a code), `chance`
(a percentage, 0-100), `stake`, `points`, `value` (normal's hand value as a percentage). They
are the bot's own reckoning, for tests and tuning: they tell its hand's strength and its
bluffs, so they never reach the table. What a bot says there is `remarks.remark`, from public
information only.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.games.toepen.engine import Action

#: Every reason code a Choice may carry.
REASONS: tuple[str, ...] = (
    # easy
    "random_card",  # card
    "random_knock",
    "random_stay",
    "random_fold",
    "random_throw",
    "random_keep",
    "random_challenge",
    "random_pass",
    # normal and hard: card play
    "only_card",  # card: the last card, or the only one that follows suit
    "keep_winner",  # card: plays another card to keep its best for the last trick
    "win_cheap",  # card: wins the trick with a card it can spare, to lead the next
    "follow_low",  # card: follows suit with its lowest card
    "dump_low",  # card: cannot follow, throws away its lowest card
    "lead_low",  # card: leads its lowest card
    "lead_high",  # card: leads a strong card to keep the lead
    "best_chance",  # card, chance: hard, the card with the best chance of winning the hand
    # knocking and answering
    "knock_strong",  # chance or value, stake: knocks on a strong hand
    "bluff_knock",  # chance, stake: knocks on a weak hand
    "stay_strong",  # chance or value, stake: stays in after a knock
    "fold_weak",  # chance or value, stake, points: folds, taking the stake before the knock
    "fold_danger",  # chance or value, stake, points: folds, since losing would reach the limit
    "stay_poverty",  # chance or value: plays the poor player's hand for 2
    "fold_poverty",  # chance or value: leaves the poor player's hand for 1 point
    # dirty laundry
    "honest_throw",  # throws in a hand of only A K Q J
    "bluff_throw",  # chance: throws in a weak hand that holds a 7-10
    "keep_hand",
    "challenge_odds",  # chance: the chance that the thrown hand holds a 7-10
    "pass_odds",  # chance
)


@dataclass(frozen=True)
class Choice:
    action: Action
    reason: str  # a reason code the narrator translates
    detail: dict[str, int | str] | None = None


def pct(x: float) -> int:
    """A chance as the whole percentage a Choice's `chance` detail holds."""
    return int(round(100 * x))
