"""The coach of 33: judges a play as right, legal but weaker, or illegal, and says why.

Every judgement is made from what the player can see (their hand, the total, the
discard pile, how many cards the others hold, and what a flip-over made public, 33.9),
never from hidden cards, so its advice is advice a player could have followed. For each
legal play it works out (`odds`):

- `next_stuck`: the exact chance that the next player holds no card that keeps the
  total at 33 or under, if their cards are any of the cards unseen;
- `risk`: the chance that the player themself is stuck at their next turn or the one
  after, when everyone plays on as sound (`normal`) players, the stock refilled as 33.9
  says: exact where the consistent worlds are few, else sampled until its 95% error is
  under one point (`error`, `odds.TARGET`). The samples depend only on the position, so a verdict
  repeats, whoever sits where.

The best play has the lowest risk; a play is weaker when its risk is more than
`TOLERANCE` above the best's and the gap is larger than the two figures' errors together.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tutor.games.base import IllegalAction
from tutor.games.thirty_three import odds
from tutor.games.thirty_three.deck import LIMIT, LOWEST
from tutor.games.thirty_three.engine import Play, State

TOLERANCE = 0.04


@dataclass(frozen=True)
class Assessment:
    play: Play
    total: int  # the total after the play
    next_stuck: float  # chance the next player has no safe card
    risk: float  # chance the player is stuck at one of their next two turns
    keeps_safe: bool  # a minus card, 0 or +-10 is still in hand afterwards
    error: float = 0.0  # the 95% error of `risk` (0 when it is exact)


@dataclass(frozen=True)
class Verdict:
    kind: str  # "right", "weaker" or "illegal"
    play: Play
    clause: str | None = None
    message: str | None = None  # for "illegal": the engine's message id
    params: dict[str, object] = field(default_factory=dict)
    mine: Assessment | None = None
    best: Assessment | None = None
    hand: tuple[str, ...] = ()  # the player's hand before the play, for the reason in words
    total: int = 0  # the total before the play


def next_stuck_chance(unseen: list[str], total: int) -> float:
    """The chance that three cards drawn from `unseen` all go over 33 at `total`."""
    from math import comb

    n = len(unseen)
    if n < 3:
        return 0.0
    bad = sum(1 for c in unseen if total + LOWEST[c] > LIMIT)
    return comb(bad, 3) / comb(n, 3)


def assess(state: State, quoted: tuple[Play, ...] = (), target: float = odds.TARGET,
           max_worlds: int = odds.MAX_WORLDS, settle: Play | None = None) -> list[Assessment]:
    """Every legal play of the player to move, assessed from what they can see. The risk of
    each play that may be the best, and of each `quoted` play, is within `target` (95%); with
    `settle`, that play's gap to the best is sampled until it is clearly on one side of
    `TOLERANCE` (or as far as `odds.SETTLE_WORLDS` goes)."""
    view = odds.seen(state)
    plays = state.legal_plays()
    found = odds.risks(view, plays, quoted, target, max_worlds,
                       settle=(settle, TOLERANCE) if settle is not None else None)
    result = []
    for play in plays:
        after = list(state.hands[state.current])
        after.remove(play.card)
        total = state.total + play.value
        estimate = found[play]
        result.append(Assessment(
            play=play, total=total, next_stuck=odds.next_stuck(view, total), risk=estimate.value,
            keeps_safe=any(LOWEST[c] <= 0 for c in after), error=estimate.error,
        ))
    return result


def best_of(assessments: list[Assessment]) -> Assessment:
    return min(assessments, key=lambda a: (a.risk, -a.next_stuck, -a.total))


def judge(state: State, play: Play, expected: Play | None = None) -> Verdict:
    """Judges `play` for the player to move. It is weaker only when it clearly trails the best
    play (`clearly_weaker`), in a lesson as in a game: one position, one answer. `expected` (a
    lesson's answer) is the play a weaker one is compared with when it, too, is clearly ahead of
    it; a play the figures cannot tell from the best is right, and then `best` is `expected`, for
    the lesson to say that its answer is as good."""
    hand = tuple(state.hands[state.current])
    try:
        state.verify(play)
    except IllegalAction as err:
        return Verdict("illegal", play, err.clause, err.message, dict(err.params), hand=hand, total=state.total)
    assessments = assess(state, quoted=(play,), settle=play)  # as a game judges it, lesson or not
    mine = next(a for a in assessments if a.play == play)
    best = best_of(assessments)
    kind = "weaker" if clearly_weaker(mine, best) else "right"
    if expected is not None:
        lesson = next(a for a in assessments if a.play == expected)
        if lesson.error > odds.TARGET:  # a figure the lesson may quote: as precise as any quoted one
            lesson = next(a for a in assess(state, quoted=(play, expected)) if a.play == expected)
        if kind == "right" or clearly_weaker(mine, lesson):
            best = lesson
    return Verdict(kind, play, mine=mine, best=best, hand=hand, total=state.total)


def clearly_weaker(mine: Assessment, best: Assessment) -> bool:
    """`mine` trails `best` by more than the tolerance, and by more than the figures' errors."""
    gap = mine.risk - best.risk
    return gap > TOLERANCE and gap > mine.error + best.error


def best_legal(state: State) -> Verdict | None:
    """The coach's best play for the player to move, judged as it stands (None with no legal play):
    what it names after a refused play."""
    if not state.legal_plays():
        return None
    best = best_of(assess(state))
    return Verdict("right", best.play, mine=best, best=best, hand=tuple(state.hands[state.current]),
                   total=state.total)
