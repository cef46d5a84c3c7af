"""The chance of taking the last trick, as one seat sees the table (TOE.1, TOE.4, TOE.5, TOE.10).

What a seat knows is put in a canonical form first (`Position`): seats counted from that seat's
left, hands and the unseen cards sorted, so the same table gets the same numbers whatever the
seat numbers, the order of the cards in a hand, or whether it was met in play, a drill or a
lesson. Every deal of the unseen cards to the opponents still in that fits what the seat saw
is equally likely: a player who did not follow a suit holds none of it (TOE.5), the cards
played, the seat's own hand and thrown hand and every thrown hand shown in a challenge are
out (TOE.4). Knocks, stays and the way the others played move no weight (a knock is cheap
talk: each player knocks by their own habits).

The chance is the seat's **best continuation**: the seat plays the best card at its next turn
(the card with the best chance after what it will have seen of that trick: who led, the suit
led and the highest card so far), then, like everyone else, keeps its strongest card for the
last trick, wins cheaply and throws its lowest card (`worlds.policy`). Nobody knocks or folds
any more. When the seat is to play now that is simply the chance after its best card, so a
stay/fold, knock or dirty-laundry screen shows the same figure as the card screen after it.

Exact where it is cheap: when the deals that fit are at most twice the samples asked for, all
of them are played out (`Estimate.exact`). Otherwise that many deals are drawn exactly at random
under the same rules (the voids counted suit by suit, not by rejection), from a generator
seeded by the canonical position. The 95% error of a figure is `Estimate.error`.

What a seat knows, in its canonical form, is in `known.py`; the deals and the playouts in
`worlds.py` (numpy, imported on first use).
"""

from __future__ import annotations

from collections import OrderedDict

from tutor.games.toepen.bots.known import (
    CARD_INT,
    INT_CARD,
    Estimate,
    Position,
    count_deals,
    position,
)
from tutor.games.toepen.engine import Phase, State

__all__ = ["BOT_SAMPLES", "CARD_INT", "COACH_SAMPLES", "INT_CARD", "Estimate", "Position", "count_deals",
           "estimate", "last_trick_chance", "position"]

#: Deals played out for the coach: a figure's 95% error is then at most 0.8 points (at 50%).
COACH_SAMPLES = 16_000
#: Deals played out for the hard bot's decisions (95% error at most 2.5 points).
BOT_SAMPLES = 1_600
#: Kept estimates (the coach and the bots ask the same position more than once).
CACHE_SIZE = 256

_cache: OrderedDict[tuple[bytes, int], Estimate] = OrderedDict()


def estimate(state: State, seat: int, samples: int = COACH_SAMPLES) -> Estimate:
    """The chance that `seat` takes the last trick (wins the hand) if nobody else folds or knocks.

    0 for a seat out of the hand, 1 for the only one left in it. The same position (in its
    canonical form) always gets the same estimate.
    """
    if state.is_over or not state.in_hand[seat]:
        return Estimate(0.0)
    if sum(state.in_hand) == 1 or state.phase is Phase.OVER:
        return Estimate(1.0)
    pos = position(state, seat)
    key = (pos.key, samples)
    hit = _cache.get(key)
    if hit is not None:
        _cache.move_to_end(key)
        return hit
    from tutor.games.toepen.bots import worlds  # numpy, loaded on first use

    result = worlds.evaluate(pos, samples)
    _cache[key] = result
    if len(_cache) > CACHE_SIZE:
        _cache.popitem(last=False)
    return result


def last_trick_chance(state: State, seat: int, samples: int = COACH_SAMPLES) -> float:
    """The seat's chance of taking the last trick with its best continuation (`estimate`)."""
    return estimate(state, seat, samples).value
