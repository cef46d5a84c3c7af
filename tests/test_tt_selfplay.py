"""Three Thirteen: thousands of seeded self-play games with the invariants checked after every action.

Each game draws from its seed: 2-8 players, its options (aces, wild limits, face points,
no early out, extra decks), one policy per seat (random legal actions, the `easy`,
`normal` or `hard` bot), and a window of rounds (the first round it starts at, and how
many rounds it plays; some games play all eleven). One game in five starts with a thin
stock (most of it moved under the discard pile) so that empty stocks are refilled often.
Now and then an illegal action is tried and must raise with a clause and change nothing.

Checked after every action: every physical card is in exactly one place (a hand, the
stock, the discard pile); hand sizes are n between turns and n + 1 after a draw; the
events say exactly what changed (the card drawn, the card discarded); after a player goes
out every other player takes exactly one turn. At each round's end every hand's penalty
is the solver's, its arrangement is real melds plus deadwood worth the penalty, the player
who went out scores 0, and the totals add up. At the end the winners hold the lowest total.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tutor.cards import Card, parse_code
from tutor.games.base import IllegalAction
from tutor.games.three_thirteen import bots, solver
from tutor.games.three_thirteen.engine import (
    ROUNDS,
    Chance,
    Discard,
    Draw,
    GoOut,
    Options,
    Phase,
    State,
)

GAMES = 2000
BATCHES = 8
FULL_EVERY = 200  # these games play all eleven rounds; seeds 0, 200, ... cover 2-8 players
MAX_ACTIONS_PER_ROUND = 4000
POLICIES = ("random", "easy", "normal", "normal", "hard")


def game_setup(seed: int) -> tuple[int, Options, list[str], int, int]:
    rng = random.Random(f"setup{seed}")
    players = 2 + seed % 7
    options = Options(
        decks=rng.choice([None, None, None, players // 2 + 2]),
        aces=rng.choice(["low", "low", "both"]),
        natural_required=rng.random() < 0.2,
        max_one_wild=rng.random() < 0.2,
        face_points=rng.choice(["10", "10", "11-13"]),
        no_early_out=rng.random() < 0.25,
    )
    policies = [rng.choice(POLICIES) for _ in range(players)]
    if all(p == "random" for p in policies):
        policies[0] = "normal"  # someone must aim to go out, or a round may never end
    if seed % FULL_EVERY == 0:
        first, rounds = 1, ROUNDS
    else:
        # Long hands are the expensive ones; late rounds still come up often.
        first = rng.choice([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
        rounds = rng.choice([1, 1, 2])
    return players, options, policies, first, min(rounds, ROUNDS - first + 1)


def check_cards(state: State, deck_ids: set[int]) -> None:
    """Every physical card (the very objects the deck was made of) is in exactly one place."""
    everywhere = [id(c) for h in state.hands for c in h] + [id(c) for c in state.stock] + [id(c) for c in state.discard]
    assert len(everywhere) == len(deck_ids) and set(everywhere) == deck_ids


def check_sizes(state: State) -> None:
    n = state.hand_size
    for q, hand in enumerate(state.hands):
        extra = 1 if state.phase is Phase.DISCARD and q == state.current else 0
        assert len(hand) == n + extra, (q, len(hand), n, state.phase)
    if state.phase is Phase.DRAW:
        assert state.discard, "every turn starts with a card on the discard pile"


def check_round_end(end: dict, hands: list[list[Card]], out: int, state: State, before: list[int]) -> None:
    assert end["out"] == out
    for q, hand in enumerate(hands):
        shown = end["arrangements"][q]
        held = [c for m in shown["melds"] for c in m] + shown["deadwood"]
        assert Counter(held) == Counter(c.code for c in hand)
        best = solver.solve(hand, end["round"] + 2, state.rules)
        assert shown["penalty"] == best.penalty
        deadwood = [Card(*parse_code(code)) for code in shown["deadwood"]]  # type: ignore[misc]
        assert sum(solver.card_points(c, state.rules) for c in deadwood) == best.penalty
        for meld in shown["melds"]:
            assert solver.is_meld([Card(*parse_code(code)) for code in meld], end["round"] + 2, state.rules)  # type: ignore[misc]
        expect = 0 if q == out else best.penalty
        assert end["penalties"][q] == expect
        assert end["totals"][q] == before[q] + expect
    assert end["penalties"][out] == 0


def probe_illegal(state: State, rng: random.Random) -> None:
    """Tries an illegal action; it must raise with a clause and change nothing."""
    p = state.current
    stranger = next((c for c in state.deck if c not in state.hands[p]), None)
    probes: list = [Draw("sideboard"), Draw("stock", player=(p + 1) % state.players)]
    if state.phase is Phase.DRAW:
        probes += [Discard(state.hands[p][0]), GoOut(state.hands[p][0])]
    else:
        probes += [Draw("stock"), Draw("discard")]
        if state.taken is not None:
            probes.append(Discard(state.taken))
        outs = set(state.out_cards())
        probes += [GoOut(c) for c in state.hands[p] if c not in outs]
    if stranger is not None:
        probes.append(Discard(stranger))
    probes = [a for a in probes if not state.can(a)]
    if not probes:
        return
    action = rng.choice(probes)
    before = ([list(h) for h in state.hands], list(state.stock), list(state.discard), state.phase, state.taken,
              state.current, list(state.totals))
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    assert err.value.clause.startswith("TT.") and err.value.message
    after = ([list(h) for h in state.hands], list(state.stock), list(state.discard), state.phase, state.taken,
             state.current, list(state.totals))
    assert before == after


def play_game(seed: int) -> dict[str, int]:
    players, options, policies, first, rounds = game_setup(seed)
    rng = random.Random(seed)
    state = State(players, options, Chance(rng), first_round=first)
    stats = Counter()
    if seed % 5 == 1:
        # A thin stock: all but three stock cards go under the discard pile, so the stock
        # runs out within a turn or two and is refilled from the pile (TT.12).
        state.discard = state.stock[3:] + state.discard
        state.stock = state.stock[:3]
    deck_ids = {id(c) for c in state.deck}
    assert len(deck_ids) == len(state.deck) == len(set(state.deck))
    check_cards(state, deck_ids)
    check_sizes(state)
    played = 0
    actions_this_round = 0
    last_turns_seen: list[int] = []
    out_player: int | None = None
    while not state.is_over and played < rounds:
        p = state.current
        policy = policies[p]
        if rng.random() < 0.03:
            probe_illegal(state, rng)
        if policy == "random":
            action = rng.choice(state.legal_actions())
        else:
            action = bots.choose(policy, state, rng).action
        assert state.can(action)
        hands_before = [list(h) for h in state.hands]
        top_before = state.top_discard
        totals_before = list(state.totals)
        out_before = state.out
        round_before = state.round
        events = state.apply(action)
        actions_this_round += 1
        assert actions_this_round < MAX_ACTIONS_PER_ROUND, "a round that never ends"
        kinds = [e["event"] for e in events]
        if isinstance(action, Draw):
            draw = events[-1]
            assert kinds in (["draw"], ["recycle", "draw"]) and draw["player"] == p and draw["from"] == action.source
            taken = state.hands[p][-1]
            assert draw["card"] == taken.code and state.hands[p][:-1] == hands_before[p]
            if action.source == "discard":
                assert taken == top_before and state.taken == taken
            if kinds[0] == "recycle":
                stats["recycles"] += 1
                assert events[0]["top"] == top_before.code and state.discard == [top_before]
        else:
            first_event = events[0]
            assert first_event["event"] == ("go_out" if isinstance(action, GoOut) else "discard")
            assert first_event["player"] == p and first_event["card"] == action.card.code
            if isinstance(action, GoOut):
                stats["go_outs"] += 1
                melded = sorted(c for m in first_event["melds"] for c in m)
                rest = list(hands_before[p])
                rest.remove(action.card)
                assert melded == sorted(c.code for c in rest)
            if out_before is not None:
                last_turns_seen.append(p)
            elif isinstance(action, GoOut):
                out_player = p
            if "round_end" in kinds:
                out = out_player
                assert out is not None
                expected_last = [(out + k) % players for k in range(1, players)]
                assert last_turns_seen == expected_last, (last_turns_seen, expected_last)
                end = events[kinds.index("round_end")]
                final_hands = hands_before
                final_hands[p].remove(action.card)
                check_round_end(end, final_hands, out, state, totals_before)
                assert end["round"] == round_before
                played += 1
                actions_this_round = 0
                last_turns_seen = []
                out_player = None
                stats["rounds"] += 1
                if state.is_over:
                    over = events[-1]
                    assert over["event"] == "game_over" and over["totals"] == state.totals
                    low = min(state.totals)
                    assert over["winners"] == [q for q in range(players) if state.totals[q] == low]
                    assert sum(map(sum, state.history)) == sum(state.totals)
                    stats["finished"] += 1
                else:
                    assert kinds[-3:] == ["round_start", "shuffle", "deal"]
                    assert state.round == round_before + 1 and state.turn == 1 and state.out is None
            elif out_before is None and isinstance(action, GoOut):
                assert state.out == p and state.last_turns == players - 1
        check_cards(state, deck_ids)
        if not state.is_over:
            check_sizes(state)
    stats["games"] += 1
    stats[f"players{players}"] += 1
    return stats


@pytest.mark.slow
@pytest.mark.parametrize("batch", range(BATCHES))
def test_selfplay_batch(batch):
    stats: Counter[str] = Counter()
    for seed in range(batch, GAMES, BATCHES):
        stats.update(play_game(seed))
    assert stats["games"] == len(range(batch, GAMES, BATCHES))
    assert stats["finished"] >= 1 and stats["go_outs"] >= stats["rounds"] and stats["recycles"] >= 10
    for players in range(2, 9):
        assert stats[f"players{players}"] > 0
