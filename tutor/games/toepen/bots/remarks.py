"""What a Toepen bot says at the table, from public information only (TOE.2, TOE.4, TOE.5, TOE.7, TOE.8).

A knock says only the new stake (TOE.7), a thrown hand nothing of what it held (TOE.4); a card
says what the table saw (led, followed, the highest so far, could not follow, TOE.5); a stay
or a fold what the other choice would have cost by the stake and the scores, and whether
losing would have reached the limit (TOE.8, TOE.2). Never the bot's hand, its odds or whether
it bluffs: those are the `Choice`'s private reasons.
"""

from __future__ import annotations

from tutor.games.remark import Remark
from tutor.games.toepen.engine import (
    Action,
    Challenge,
    Fold,
    Keep,
    Knock,
    Pass,
    Play,
    Stay,
    Throw,
    View,
    power,
)

#: Every code a Remark may carry, and the details it may hold: all of it seen by the whole table.
REMARKS: tuple[str, ...] = (
    # easy: its decisions do not depend on its cards, so saying so gives nothing away
    "random_card", "random_knock", "random_stay", "random_fold", "random_throw", "random_keep",
    "random_challenge", "random_pass",
    # normal and hard
    "last_card",  # card: its last card
    "led",  # card
    "followed",  # card
    "followed_high",  # card: the highest of the suit led so far
    "could_not_follow",  # card: off suit, which the rules allow only then (TOE.5)
    "knocked",  # stake
    "stayed",  # stake, cost: what folding would have cost
    "folded",  # stake, cost
    "folded_danger",  # stake, points: losing at this stake would reach the limit
    "threw", "kept", "challenged", "passed",
)
REMARK_DETAILS = frozenset({"card", "stake", "cost", "points"})

_EASY_REMARKS = {Knock: "random_knock", Stay: "random_stay", Fold: "random_fold", Throw: "random_throw",
                 Keep: "random_keep", Challenge: "random_challenge", Pass: "random_pass"}
_PLAIN_REMARKS = {Throw: "threw", Keep: "kept", Challenge: "challenged", Pass: "passed"}


def remark(level: str, action: Action, seat: int, view: View) -> Remark:
    """What the bot at `seat` says about `action`, from `view` (another seat's view of the table,
    just before the action) and its level alone: never its hand, its odds or whether it bluffs.

    A knock says only the new stake, a thrown hand nothing of what it held; a card says what the
    table saw (led, followed, the highest so far, could not follow, the last card); a stay or a
    fold, what the other choice would have cost by the stake and the scores.
    """
    if isinstance(action, Play):
        card = {"card": action.card.code}
        if level == "easy":
            return Remark("random_card", card)
        if view.hand_sizes[seat] == 1:
            return Remark("last_card", card)
        if not view.trick:
            return Remark("led", card)
        if action.card.suit != view.led_suit:
            return Remark("could_not_follow", card)
        top = max(power(c) for _, c in view.trick if c.suit == view.led_suit)
        return Remark("followed_high" if power(action.card) > top else "followed", card)
    if level == "easy":
        return Remark(_EASY_REMARKS[type(action)])
    if isinstance(action, Knock):
        return Remark("knocked", {"stake": view.stake + 1})
    if isinstance(action, (Stay, Fold)):
        stake, points = view.stake, view.points[seat]
        if isinstance(action, Fold) and points + stake >= view.limit:
            return Remark("folded_danger", {"stake": stake, "points": points})
        return Remark("stayed" if isinstance(action, Stay) else "folded", {"stake": stake, "cost": stake - 1})
    return Remark(_PLAIN_REMARKS[type(action)])
