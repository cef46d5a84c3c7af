"""3-13 Speed: one or more tests per RULEBOOK clause SPD.1-SPD.10, on built positions."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tutor.cards import Card, parse_code
from tutor.games.base import Chance, IllegalAction, OptionError
from tutor.games.speed.engine import HANDS, Discard, Draw, Match, Pass, Phase, State, all_sets, hand_size


def cards(*codes: str, copy: int = 0) -> list[Card]:
    return [Card(*parse_code(c), copy) for c in codes]  # type: ignore[misc]


def position(players: int, hand: int, hands: list[list[str]], piles: list[list[str]],
             middle: list[str] | None = None, seed: int = 0) -> State:
    """A state at the start of hand `hand` (its opening window), with the given cards.

    The cards named are copies 1-3 of the decks (copy 0 stays in the middle), so the
    middle still holds plenty; `middle` puts its top cards first.
    """
    state = State(players, Chance(random.Random(seed)), first_hand=hand)
    used: Counter[str] = Counter()

    def take(code: str) -> Card:
        used[code] += 1
        return Card(*parse_code(code), used[code])  # type: ignore[misc]

    state.hands = [[take(c) for c in h] for h in hands]
    state.piles = [[take(c) for c in p] for p in piles]
    named = {(c.rank, c.suit, c.copy) for h in state.hands + state.piles for c in h}
    rest = [c for c in state.deck if (c.rank, c.suit, c.copy) not in named]
    top = [take(c) for c in (middle or [])]
    rest = [c for c in rest if (c.rank, c.suit, c.copy) not in {(t.rank, t.suit, t.copy) for t in top}]
    state.middle = rest + top[::-1]
    return state


def everyone(state: State, make) -> list:  # type: ignore[no-untyped-def]
    events = []
    for p in list(state.to_act):
        events += state.apply(make(p))
    return events


def test_spd_1_two_to_twelve_players_four_decks() -> None:
    for n in (2, 12):
        state = State(n, Chance(random.Random(1)))
        total = sum(map(len, state.hands)) + sum(map(len, state.piles)) + len(state.middle)
        assert total == 208
    assert Counter(c.code for c in State(2).deck)["QS"] == 4
    for bad in (1, 13):
        with pytest.raises(OptionError) as err:
            State(bad)
        assert err.value.message == "players_range"


def test_spd_2_hand_sizes_and_wild_ranks() -> None:
    assert [hand_size(h) for h in range(1, HANDS + 1)] == list(range(3, 14))
    state = State(3, Chance(random.Random(2)), first_hand=9)
    assert state.wild == 11 and all(len(h) == 11 for h in state.hands)
    # Aces are low only: Q-K-A is no set, A-2-3 is.
    assert not all_sets(cards("QH", "KH", "AH"), 5)
    assert all_sets(cards("AH", "2H", "3H"), 5)


def test_spd_3_setup_own_pile_on_the_left() -> None:
    state = State(4, Chance(random.Random(3)), first_hand=2)
    assert all(len(h) == 4 for h in state.hands)
    assert all(len(p) == 1 for p in state.piles)
    assert len(state.middle) == 208 - 4 * 5
    # Seat 1 draws from seat 0's pile (on its right); seat 0 from seat 3's.
    assert state.right(1) == 0 and state.right(0) == 3 and state.left(0) == 1
    assert state.right_top(1) is state.piles[0][-1]


def test_spd_4_sets_with_wilds() -> None:
    # Hand 2 (four cards, fours wild): one natural card and wilds make a set; every card must be in one.
    assert all_sets(cards("9H", "4S", "4D", "4C"), 4)
    assert all_sets(cards("5H", "6H", "4S", "8H"), 4)  # 5-6-(7)-8 of hearts
    assert not all_sets(cards("5H", "6H", "7H", "KS"), 4)
    # Hand 4 (six cards): two sets of three, or one of six.
    assert all_sets(cards("2C", "2D", "2H", "9S", "10S", "JS"), 6)
    assert not all_sets(cards("2C", "2D", "9S", "10S", "JS", "KD"), 6)


def test_spd_5_opening_match_before_the_first_draw() -> None:
    state = position(3, 1, [["7H", "7S", "7D"], ["2C", "9D", "KS"], ["4H", "8C", "JD"]], [["5C"], ["6D"], ["QH"]])
    assert state.phase is Phase.MATCH and state.cycle == 0
    assert Match(0) in state.legal_actions(0)
    events = state.apply(Match(0)) + state.apply(Pass(1)) + state.apply(Pass(2))
    assert events[0]["event"] == "match" and events[0]["players"] == [0] and events[0]["cycle"] == 0
    assert state.phase is Phase.DRAW and state.last_cycle and state.to_act == [1, 2]


def test_spd_6_cycle_is_simultaneous_and_revealed_together() -> None:
    state = position(3, 1, [["2C", "9D", "KS"], ["7H", "8S", "AD"], ["4H", "8C", "JD"]], [["5C"], ["6D"], ["QH"]],
                     middle=["10C", "10D"])
    everyone(state, Pass)
    assert state.phase is Phase.DRAW
    before = [list(h) for h in state.hands]
    assert state.apply(Draw(0, "pile")) == []  # nothing shows until all have chosen
    assert state.hands == before and state.piles[2][-1].code == "QH"
    with pytest.raises(IllegalAction) as err:
        state.apply(Draw(0, "middle"))
    assert err.value.clause == "SPD.6" and err.value.message == "already_chosen"
    state.apply(Draw(1, "middle"))
    state.apply(Draw(2, "pile"))  # seat 2 takes from seat 1's pile
    assert state.phase is Phase.DISCARD
    assert state.hands[0][-1].code == "QH" and state.hands[1][-1].code == "10C" and state.hands[2][-1].code == "6D"
    assert all(len(h) == 4 for h in state.hands)
    with pytest.raises(IllegalAction) as err:
        state.apply(Draw(0, "middle"))
    assert err.value.clause == "SPD.6"
    assert state.apply(Discard(0, state.hands[0][0])) == []
    assert state.piles[0][-1].code == "5C"  # still face down
    state.apply(Discard(1, state.hands[1][-1]))
    events = state.apply(Discard(2, state.hands[2][0]))
    cycle = events[0]
    assert cycle["event"] == "cycle" and cycle["discards"] == ["2C", "10C", "4H"]
    assert [d["from"] for d in cycle["draws"]] == ["pile", "middle", "pile"]
    assert all(len(h) == 3 for h in state.hands)  # nobody keeps the extra card
    assert state.piles[0][-1].code == "2C" and state.phase is Phase.MATCH


def test_spd_6_discard_must_be_held_and_draw_from_a_real_source() -> None:
    state = position(2, 1, [["2C", "9D", "KS"], ["7H", "8S", "AD"]], [["5C"], ["6D"]])
    with pytest.raises(IllegalAction) as err:
        state.apply(Draw(0, "middle"))
    assert err.value.message == "not_draw_call"  # the match window comes first, then "draw"
    everyone(state, Pass)
    with pytest.raises(IllegalAction) as err:
        state.apply(Draw(0, "stock"))
    assert err.value.message == "bad_source"
    everyone(state, lambda p: Draw(p, "middle"))
    with pytest.raises(IllegalAction) as err:
        state.apply(Discard(0, Card(13, "H", 3)))
    assert err.value.clause == "SPD.6" and err.value.message == "not_in_hand"


def test_spd_7_match_then_one_last_cycle_for_everyone_else() -> None:
    state = position(3, 1, [["7H", "7S", "KD"], ["2C", "9D", "KS"], ["4H", "8C", "JD"]], [["5C"], ["6D"], ["QH"]],
                     middle=["7C", "10D", "10H"])
    everyone(state, Pass)
    everyone(state, lambda p: Draw(p, "middle"))  # seat 0 gets 7C
    everyone(state, lambda p: Discard(p, state.hands[p][2] if p == 0 else state.hands[p][0]))
    assert state.phase is Phase.MATCH
    events = state.apply(Match(0)) + state.apply(Pass(1)) + state.apply(Pass(2))
    assert events[0]["players"] == [0]
    frozen = list(state.hands[0])
    with pytest.raises(IllegalAction) as err:
        state.apply(Draw(0, "middle"))
    assert err.value.clause == "SPD.7" and err.value.message == "frozen"
    assert state.to_act == [1, 2]
    everyone(state, lambda p: Draw(p, "middle"))
    events = everyone(state, lambda p: Discard(p, state.hands[p][0]))
    assert [e["event"] for e in events[:2]] == ["cycle", "hand_end"]
    assert events[0]["discards"][0] is None
    assert state.history[-1][0] == 0 and state.hand == 2
    assert [c.code for c in frozen] == events[1]["arrangements"][0]["melds"][0] or frozen


def test_spd_8_scoring_matchers_and_complete_hands_zero() -> None:
    # Seat 0 matches; seat 1 completes its hand in the last cycle; seat 2 scores its loose cards.
    state = position(3, 1, [["7H", "7S", "7D"], ["2C", "2D", "KS"], ["4H", "8C", "JD"]], [["5C"], ["6D"], ["QH"]],
                     middle=["2H", "AS"])
    state.apply(Match(0)), state.apply(Pass(1)), state.apply(Pass(2))
    everyone(state, lambda p: Draw(p, "middle"))  # seat 1 gets 2H, seat 2 gets AS
    state.apply(Discard(1, next(c for c in state.hands[1] if c.code == "KS")))
    events = state.apply(Discard(2, next(c for c in state.hands[2] if c.code == "JD")))
    end = next(e for e in events if e["event"] == "hand_end")
    assert end["matched"] == [0]
    assert end["penalties"] == [0, 0, 1 + 4 + 8]  # AS 4H 8C: nothing melds (threes wild, none held)
    assert end["totals"] == end["penalties"]


def test_spd_8_lowest_total_wins() -> None:
    from tutor.games.speed import bots

    state = State(3, Chance(random.Random(9)), first_hand=HANDS)
    state.totals = [40, 40, 41]
    rng = random.Random(9)
    while not state.is_over:
        for seat, choice in bots.choose_all("normal", state, rng, state.to_act):
            state.apply(choice.action)
    low = min(state.totals)
    assert state.winners == [p for p, t in enumerate(state.totals) if t == low]


def test_spd_9_false_call_refused_with_reason_and_no_penalty() -> None:
    state = position(2, 1, [["7H", "7S", "KD"], ["2C", "9D", "KS"]], [["5C"], ["6D"]])
    with pytest.raises(IllegalAction) as err:
        state.apply(Match(0))
    assert err.value.clause == "SPD.9" and err.value.message == "false_match"
    assert sorted(err.value.params["deadwood"]) == ["7H", "7S", "KD"] and err.value.params["penalty"] == 24
    assert state.totals == [0, 0] and 0 in state.to_act
    state.apply(Pass(0))  # the seat chooses again


def test_spd_9_late_call_is_accepted() -> None:
    state = position(2, 1, [["7H", "7S", "7D"], ["2C", "9D", "KS"]], [["5C"], ["6D"]], middle=["8H", "JC"])
    everyone(state, Pass)  # seat 0 could have called
    everyone(state, lambda p: Draw(p, "middle"))
    state.apply(Discard(0, next(c for c in state.hands[0] if c.code == "8H")))
    state.apply(Discard(1, state.hands[1][0]))
    events = state.apply(Match(0)) + state.apply(Pass(1))
    assert events[0]["event"] == "match" and events[0]["late"] == [0]


def test_spd_10_empty_middle_rebuilt_from_the_piles() -> None:
    state = position(2, 1, [["2C", "9D", "KS"], ["7H", "8S", "AD"]], [["5C", "6C", "7C"], ["6D", "9H"]])
    state.middle = state.middle[-1:]  # one card left in the middle
    # Park the rest of the cards out of the way: they are neither in the middle nor in a pile.
    everyone(state, Pass)
    events = everyone(state, lambda p: Draw(p, "middle"))
    assert events == []
    events = everyone(state, lambda p: Discard(p, state.hands[p][0]))
    cycle = events[0]
    assert cycle["rebuilt"] and sorted(cycle["rebuilt"][0]) == ["5C", "6C", "6D"]
    assert [len(p) for p in state.piles] == [2, 2]  # each kept its top, then got a discard


def test_spd_all_sets_agrees_with_the_solver_on_random_hands() -> None:
    from tutor.games.three_thirteen import solver

    rng = random.Random(4)
    deck = State(2).deck
    for _ in range(300):
        n = rng.randrange(3, 14)
        hand = rng.sample(deck, n)
        assert all_sets(hand, n) == (solver.solve(hand, n).penalty == 0)


def test_spd_6_no_seat_sees_a_choice_before_the_reveal() -> None:
    """A bot's choice is the same whether or not the other seats have already chosen (SPD.6)."""
    from tutor.games.speed import bots

    for seed in range(8):
        state = State(6, Chance(random.Random(seed)), first_hand=1 + seed)
        rng = random.Random(seed)
        for _ in range(12):
            if state.is_over or len(state.to_act) < 2:
                break
            seats = list(state.to_act)
            first = {seat: bots.choose("normal", state, random.Random(seed), seat).action for seat in seats}
            view = state.view(seats[-1])
            for seat in seats[:-1]:
                state.apply(first[seat])
            assert state.view(seats[-1]) == view  # nothing revealed yet
            assert bots.choose("normal", state, random.Random(seed), seats[-1]).action == first[seats[-1]]
            state.apply(first[seats[-1]])
            for seat, choice in bots.choose_all("normal", state, rng, state.to_act):
                state.apply(choice.action)
