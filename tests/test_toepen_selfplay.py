"""Toepen: seeded random self-play of 600 rubbers (about 5,000 hands), invariants after every action.

Each rubber draws from its seed: 2-8 players (2 with the `two` option), the limit, the end rule
(first loser or last survivor) and the customs. Every seat plays random legal actions, and
at every moment a card is about to be played each seat that may knock does so now and then
(any seat, not only the one to play, TOE.7). Now and then an illegal action is tried and must
raise with a clause and change nothing.

Checked after every action: the 32 cards are all somewhere, once (hands, stock, thrown
hands, tricks); hand sizes follow the tricks played; the stake is 1 plus the knocks (plus 1
for a poverty); points only grow, and every point is accounted for by an event; `knockers()`
and `legal_actions()` agree with `can()`. At each hand's end: one winner, who was still in
and took nothing; the others still in took the stake; four tricks unless all folded. At the
end the rubber stopped as TOE.2 says.
"""

from __future__ import annotations

import random

import pytest

from tutor.games.base import IllegalAction
from tutor.games.toepen.engine import (DECK, HAND_SIZE, Challenge, Chance, Fold, Keep, Knock, Options, Pass, Phase,
                                       Play, State, Stay, Throw)

RUBBERS = 600
BATCHES = 6
KNOCK_RATE = 0.04  # per seat that may knock, per card about to be played
ALL_ACTIONS = [Throw, Keep, Challenge, Pass, Knock, Stay, Fold]


def setup(seed: int) -> tuple[int, Options, random.Random]:
    rng = random.Random(f"toepen{seed}")
    players = rng.choice([2, 3, 3, 4, 4, 4, 5, 6, 7, 8])
    options = Options(
        limit=rng.choice([10, 10, 10, 15, 20]),
        end=rng.choice(["first-loser", "first-loser", "last-survivor"]),
        customs=rng.random() < 0.3,
        two=players == 2,
    )
    return players, options, rng


def check_cards(state: State) -> None:
    placed = [c for h in state.hands for c in h] + state.stock + [c for t in state.thrown for c in t]
    placed += [c for t in state.tricks for _, c in t] + [c for _, c in state.trick]
    assert len(placed) == 32 and set(placed) == set(DECK)


def check_sizes(state: State) -> None:
    done = state.tricks_done
    played = {s for s, _ in state.trick}
    for s in range(state.players):
        expected = HAND_SIZE - done - (s in played)
        if not state.active[s]:
            assert state.hands[s] == [] and not state.in_hand[s]
        elif state.in_hand[s]:
            assert len(state.hands[s]) == expected
        else:
            assert len(state.hands[s]) >= expected
    assert done <= 4


def check_stake(state: State) -> None:
    assert state.stake == 1 + state.knocks + (1 if state.poor is not None else 0)


def check_offers(state: State) -> None:
    legal = state.legal_actions()
    assert all(state.can(a) for a in legal)
    p = state.current
    if state.phase is Phase.PLAY:
        hand = state.hands[p]
        plays = [a for a in legal if isinstance(a, Play)]
        assert plays and all(state.can(Play(c, p)) == (Play(c, p) in plays) for c in hand)
        assert state.knockers() == [s for s in range(state.players) if state.can(Knock(s))]
        assert (Knock(p) in legal) == (p in state.knockers())
    else:
        assert state.knockers() == []
        assert not any(state.can(Knock(s)) for s in range(state.players))


def account(events: list[dict], before: list[int], after: list[int], limit: int) -> None:
    """Every point taken shows in an event: a challenge, a fold, or the hand's end."""
    taken = [0] * len(before)
    for e in events:
        if e["event"] == "challenge":
            taken[e["loser"]] += e["points"]
        elif e["event"] == "fold":
            taken[e["player"]] += e["points"]
        elif e["event"] == "hand_end":
            for s, pts in enumerate(e["penalties"]):
                taken[s] += pts
            assert e["totals"] == [b + t for b, t in zip(before, taken)]
    assert [b + t for b, t in zip(before, taken)] == after
    assert all(a >= b for a, b in zip(after, before))


def check_hand_end(state: State, snapshot: dict, end: dict, events: list[dict]) -> None:
    winner = end["winner"]
    in_hand = list(snapshot["in_hand"])
    for e in events[: events.index(end)]:
        if e["event"] == "fold":
            in_hand[e["player"]] = False
    assert in_hand[winner] and end["penalties"][winner] == 0
    stake = end["stake"]
    assert end["penalties"] == [stake if in_hand[s] and s != winner else 0 for s in range(state.players)]
    if end["all_folded"]:
        assert sum(in_hand) == 1
    else:
        assert snapshot["tricks"] == 3  # the fourth finished in this action


def try_illegal(state: State, rng: random.Random) -> None:
    before = (
        [list(h) for h in state.hands], list(state.stock), list(state.points), state.stake, state.phase, state.current,
    )
    seat = rng.randrange(state.players)
    kind = rng.choice(ALL_ACTIONS)
    action = kind(seat)
    if state.phase is Phase.PLAY and rng.random() < 0.5:
        action = Play(rng.choice(DECK), seat)
    try:
        state.verify(action)
        return
    except IllegalAction as err:
        assert err.clause.startswith("TOE.") and err.message
    with pytest.raises(IllegalAction):
        state.apply(action)
    after = (
        [list(h) for h in state.hands], list(state.stock), list(state.points), state.stake, state.phase, state.current,
    )
    assert after == before


def play_rubber(seed: int) -> dict[str, int]:
    players, options, rng = setup(seed)
    state = State(players, options, Chance(rng))
    stats = {"hands": 0, "actions": 0, "knocks": 0, "folds": 0, "challenges": 0, "poverty": 0, "customs": 0}
    events = list(state.opening)
    while not state.is_over:
        check_cards(state)
        check_sizes(state)
        check_stake(state)
        check_offers(state)
        if rng.random() < 0.05:
            try_illegal(state, rng)
        action = None
        for s in state.knockers():
            if rng.random() < KNOCK_RATE:
                action = Knock(s)
                break
        if action is None:
            legal = [a for a in state.legal_actions() if not isinstance(a, Knock)]
            action = rng.choice(legal)
        before = list(state.points)
        snapshot = {"in_hand": list(state.in_hand), "tricks": state.tricks_done}
        hand = state.hand_number
        events = state.apply(action)
        stats["actions"] += 1
        account(events, before, state.points, state.limit)
        kinds = [e["event"] for e in events]
        for e in events:
            if e["event"] == "hand_end":
                stats["hands"] += 1
                check_hand_end(state, snapshot, e, events)
        stats["knocks"] += kinds.count("knock")
        stats["folds"] += kinds.count("fold")
        stats["challenges"] += kinds.count("challenge")
        stats["poverty"] += kinds.count("poverty")
        stats["customs"] += kinds.count("custom")
        assert kinds.count("hand_end") <= 1
        if "deal" in kinds:
            assert state.hand_number == hand + 1 and "hand_end" in kinds
            deal = events[kinds.index("deal")]
            assert deal["dealer"] == state.dealer and state.active[deal["dealer"]]
            end = events[kinds.index("hand_end")]
            assert deal["dealer"] == end["winner"] or not state.active[end["winner"]]
        assert stats["actions"] < 20_000
    # TOE.2: the rubber ends when someone reached the limit (or, playing on, one is left).
    over = events[-1]
    assert over["event"] == "game_over" and over["totals"] == state.points
    reached = [s for s in range(players) if state.points[s] >= state.limit]
    assert sorted(over["losers"]) == reached and reached
    if options.last_survivor:
        assert len(over["winners"]) <= 1 and sum(state.active) == len(over["winners"])
    else:
        assert over["winners"] == [s for s in range(players) if s not in reached]
    assert state.legal_actions() == [] and state.current_player is None
    return stats


@pytest.mark.parametrize("batch", range(BATCHES))
def test_random_rubbers_keep_every_invariant(batch):
    totals: dict[str, int] = {}
    for seed in range(batch, RUBBERS, BATCHES):
        for key, value in play_rubber(seed).items():
            totals[key] = totals.get(key, 0) + value
    # the rubbers went through every part of the rules
    assert totals["hands"] > 200
    for key in ("knocks", "folds", "challenges", "poverty", "customs"):
        assert totals[key] > 0, key


def test_the_same_seed_plays_the_same_rubber():
    def run(seed: int) -> list[dict]:
        players, options, rng = setup(seed)
        state = State(players, options, Chance(rng))
        log = list(state.opening)
        while not state.is_over:
            log += state.apply(rng.choice(state.legal_actions()))
        return log

    assert run(5) == run(5)
    assert run(5) != run(6)
