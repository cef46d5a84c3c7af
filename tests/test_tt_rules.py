"""Three Thirteen: one or more rule-sentence tests per RULEBOOK clause (TT.1-TT.14).

Positions are hand-built: a State is created from a seed, then its round, hands, stock
(top card LAST), discard pile (top card last) and current player are overwritten.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tutor.cards import Card, make_decks, parse_code
from tutor.games.base import IllegalAction, OptionError
from tutor.games.three_thirteen import solver
from tutor.games.three_thirteen.engine import (
    Chance,
    Discard,
    Draw,
    GoOut,
    Options,
    Phase,
    State,
    parse_options,
)

# --------------------------------------------------------------------------- helpers


def cards(text: str, first_copy: int = 0) -> list[Card]:
    """Cards from codes; a repeated code gets the next copy (several decks)."""
    seen: Counter[tuple[int, str]] = Counter()
    out = []
    for code in text.split():
        parsed = parse_code(code)
        assert parsed is not None, code
        out.append(Card(*parsed, copy=first_copy + seen[parsed]))
        seen[parsed] += 1
    return out


def card(code: str, copy: int = 0) -> Card:
    return cards(code, copy)[0]


def fresh(players: int = 3, seed: int = 0, **opts) -> State:
    return State(players, Options(**opts), Chance(random.Random(seed)))


def position(
    hands: list[str],
    *,
    round: int = 1,
    stock: str = "",
    discard: str = "KD",
    current: int = 0,
    dealer: int | None = None,
    seed: int = 0,
    **opts,
) -> State:
    """A hand-built position at the start of `current`'s turn; stock and discard list the top LAST.

    Cards in the stock and the pile get copy 7, so they never equal a card in a hand.
    """
    state = fresh(len(hands), seed, **opts)
    state.round = round
    state.hands = [cards(h) for h in hands]
    state.stock = cards(stock, 7)
    state.discard = cards(discard, 7)
    state.current = current
    state.dealer = (current - 1) % len(hands) if dealer is None else dealer
    state.phase = Phase.DRAW
    state.taken = None
    state.turn = len(hands) + 1  # past everyone's first turn
    state.out = None
    state.last_turns = 0
    state.log = []
    return state


def after_draw(hands: list[str], *, round: int, **kw) -> State:
    """A position where `current` has just drawn from the stock: their hand is n + 1 cards.

    The hand is exactly the given one (the card drawn is put aside); `stock` is what is left.
    """
    state = position(hands, round=round, stock=kw.pop("stock", "2C 2C 2C 2C 2C") + " 2C", **kw)
    state.apply(Draw("stock"))
    state.hands[state.current].pop()  # the stock card: the hand is exactly what the test says
    return state


def snapshot(state: State):
    return (
        [list(h) for h in state.hands],
        list(state.stock),
        list(state.discard),
        state.current,
        state.phase,
        state.taken,
        list(state.totals),
        state.round,
        state.out,
        state.last_turns,
    )


def rejected(state: State, action) -> IllegalAction:
    """Asserts `action` is illegal, and that trying it changed nothing; returns the error."""
    before = snapshot(state)
    assert not state.can(action)
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert snapshot(state) == before, "a rejected action must not change the state"
    return info.value


def all_cards(state: State) -> Counter[Card]:
    return Counter([c for h in state.hands for c in h] + state.stock + state.discard)


def play_out(state: State, rng: random.Random, limit: int = 20_000) -> list[dict]:
    """Plays on with `normal`-like choices (best discard, go out when possible)."""
    from tutor.games.three_thirteen import bots

    events = []
    for _ in range(limit):
        if state.is_over:
            break
        events += state.apply(bots.choose("normal", state, rng).action)
    return events


# --------------------------------------------------------------------------- TT.1


@pytest.mark.parametrize("players", [1, 9, 0])
def test_tt1_two_to_eight_players(players):
    with pytest.raises(OptionError) as err:
        fresh(players)
    assert err.value.message == "players_range"


@pytest.mark.parametrize("players,decks", [(2, 1), (3, 2), (4, 2), (5, 3), (6, 3), (7, 4), (8, 4)])
def test_tt1_one_deck_per_two_players_rounded_up(players, decks):
    state = fresh(players)
    assert len(state.deck) == 52 * decks
    assert Counter(c.code for c in state.deck) == Counter({c.code: decks for c in make_decks(1)})
    assert all_cards(state) == Counter(state.deck)


def test_tt1_decks_option_overrides_the_table():
    assert len(fresh(2, decks=3).deck) == 156
    assert len(fresh(4, decks=3).deck) == 156
    assert parse_options({"decks": "3"}).decks == 3


def test_tt1_too_few_decks_for_the_players_is_an_error():
    with pytest.raises(OptionError) as err:
        fresh(5, decks=1)  # 5 x 13 cards will not fit in one deck
    assert err.value.message == "decks_too_few"
    fresh(3, decks=1)  # 3 x 13 + 2 = 41 fits


def test_tt1_no_jokers():
    assert all(1 <= c.rank <= 13 and c.suit in "CDHS" for c in fresh(8).deck)


def test_tt1_identical_cards_from_several_decks_are_distinct_physical_cards():
    # 7H taken from the pile (copy 7) may not go back, but the player's own 7H (copy 0) may.
    state = position(["7H 9C 5D", "2S 4S 6S", "8D 9D JD"], discard="7H")
    state.apply(Draw("discard"))
    assert Counter(c.code for c in state.hands[0])["7H"] == 2
    assert rejected(state, Discard(card("7H", 7))).message == "just_drawn"
    events = state.apply(Discard(card("7H")))
    assert events[0] == {"event": "discard", "player": 0, "card": "7H"}
    assert card("7H", 7) in state.hands[0]


# --------------------------------------------------------------------------- TT.2


def test_tt2_ace_low_run_melds():
    # Round 4: six cards, 6s wild. A-2-3 of hearts and three 9s: out with the K.
    state = after_draw(["AH 2H 3H 9C 9D 9S KD", "4C 5C 8C JC QC KC", "4D 5D 8D JD QD KD"], round=4)
    assert state.can(GoOut(card("KD")))


@pytest.mark.parametrize("run", ["QH KH AH", "KH AH 2H"])
def test_tt2_aces_are_low_only(run):
    state = after_draw([f"{run} 9C 9D 9S 5D", "4C 5C 8C JC QC KC", "4D 5S 8D JD QD 10D"], round=4)
    err = rejected(state, GoOut(card("5D")))
    assert (err.clause, err.message) == ("TT.8", "cannot_go_out")


# --------------------------------------------------------------------------- TT.3


def test_tt3_eleven_rounds_of_r_plus_2_cards_with_rank_r_plus_2_wild():
    state = fresh(3, seed=5)
    events = list(state.opening) + play_out(state, random.Random(5))
    starts = [e for e in events if e["event"] == "round_start"]
    deals = [e for e in events if e["event"] == "deal"]
    assert [e["round"] for e in starts] == list(range(1, 12))
    assert [e["wild"] for e in starts] == list(range(3, 14))  # 3s ... 10s, J, Q, K
    assert [{len(h) for h in d["hands"]} for d in deals] == [{r + 2} for r in range(1, 12)]
    assert [e["round"] for e in events if e["event"] == "round_end"] == list(range(1, 12))
    assert events[-1]["event"] == "game_over" and state.is_over


def test_tt3_the_wild_rank_follows_the_round():
    state = fresh(2)
    for r, wild in [(1, 3), (8, 10), (9, 11), (10, 12), (11, 13)]:
        state.round = r
        assert state.wild == wild and state.hand_size == wild


# --------------------------------------------------------------------------- TT.4


def test_tt4_random_first_dealer_then_the_deal_passes_left():
    for seed in range(6):
        state = fresh(4, seed=seed)
        first = Chance(random.Random(seed)).dealer(4)
        events = list(state.opening) + play_out(state, random.Random(seed))
        dealers = [e["dealer"] for e in events if e["event"] == "round_start"]
        assert dealers == [(first + r) % 4 for r in range(11)]


def test_tt4_deal_one_at_a_time_from_the_dealers_left_and_turn_up_the_next_card():
    state = fresh(3, seed=2)
    start, shuffle, deal = state.opening
    order, dealer = shuffle["stock"], start["dealer"]
    assert sorted(order) == sorted(c.code for c in make_decks(2))
    for k in range(3):
        for i in range(3):
            assert deal["hands"][(dealer + 1 + i) % 3][k] == order[3 * k + i]
    assert deal["up"] == order[9] == state.discard[-1].code and len(state.discard) == 1
    assert [c.code for c in reversed(state.stock)] == order[10:]


# --------------------------------------------------------------------------- TT.5


def test_tt5_the_dealers_left_starts_and_play_goes_clockwise():
    state = fresh(4, seed=3)
    assert state.current == (state.dealer + 1) % 4
    seen = []
    for _ in range(6):
        seen.append(state.current)
        state.apply(Draw("stock"))
        state.apply(next(a for a in state.legal_actions() if isinstance(a, Discard)))
    start = (state.dealer + 1) % 4
    assert seen == [(start + k) % 4 for k in range(6)]


def test_tt5_draw_the_top_of_the_stock():
    state = position(["4C 5C 8C", "4D 5D 8D"], stock="9S 10S JH", discard="QC")
    events = state.apply(Draw("stock"))
    assert events == [{"event": "draw", "player": 0, "from": "stock", "card": "JH"}]
    assert state.hands[0][-1] == card("JH", 7) and state.taken is None
    assert [c.code for c in state.stock] == ["9S", "10S"]


def test_tt5_or_draw_the_top_of_the_discard_pile():
    state = position(["4C 5C 8C", "4D 5D 8D"], stock="9S", discard="2H QC")
    events = state.apply(Draw("discard"))
    assert events == [{"event": "draw", "player": 0, "from": "discard", "card": "QC"}]
    assert [c.code for c in state.discard] == ["2H"] and state.taken == card("QC", 7)


def test_tt5_then_discard_one_card_face_up():
    state = position(["4C 5C 8C", "4D 5D 8D"], stock="9S")
    state.apply(Draw("stock"))
    events = state.apply(Discard(card("8C")))
    assert events == [{"event": "discard", "player": 0, "card": "8C"}]
    assert state.top_discard == card("8C") and len(state.hands[0]) == 3
    assert state.current == 1 and state.phase is Phase.DRAW


def test_tt5_draw_before_discarding():
    state = position(["4C 5C 8C", "4D 5D 8D"], stock="9S")
    err = rejected(state, Discard(card("8C")))
    assert (err.clause, err.message) == ("TT.5", "draw_first")
    assert rejected(state, GoOut(card("8C"))).message == "draw_first"


def test_tt5_only_one_draw_per_turn():
    state = position(["4C 5C 8C", "4D 5D 8D"], stock="9S 10S")
    state.apply(Draw("stock"))
    for source in ("stock", "discard"):
        err = rejected(state, Draw(source))
        assert (err.clause, err.message) == ("TT.5", "discard_first")


def test_tt5_discard_a_card_from_your_own_hand():
    state = position(["4C 5C 8C", "4D 5D 8D"], stock="9S")
    state.apply(Draw("stock"))
    err = rejected(state, Discard(card("4D")))
    assert (err.clause, err.message, err.params["card"]) == ("TT.5", "not_in_hand", "4D")
    assert rejected(state, Discard(card("4C", 1))).message == "not_in_hand"  # same code, other deck


def test_tt5_a_card_just_taken_from_the_discard_pile_may_not_be_discarded():
    state = position(["4C 5C 8C", "4D 5D 8D"], stock="9S", discard="QC")
    state.apply(Draw("discard"))
    err = rejected(state, Discard(card("QC", 7)))
    assert (err.clause, err.message, err.params["card"]) == ("TT.5", "just_drawn", "QC")
    assert Discard(card("QC", 7)) not in state.legal_actions()
    state.apply(Discard(card("8C")))
    # Next turn it may go: the rule is about the same turn only.
    state.apply(Draw("stock"))
    state.apply(Discard(card("8D")))
    state.apply(Draw("discard"))
    assert state.can(Discard(card("QC", 7)))


def test_tt5_a_card_just_drawn_from_the_stock_may_be_discarded():
    state = position(["4C 5C 8C", "4D 5D 8D"], stock="9S")
    state.apply(Draw("stock"))
    assert state.apply(Discard(card("9S", 7)))[0]["card"] == "9S"


def test_tt5_only_the_current_player_acts():
    state = position(["4C 5C 8C", "4D 5D 8D"], stock="9S")
    err = rejected(state, Draw("stock", player=1))
    assert (err.clause, err.message) == ("TT.5", "not_your_turn")
    state.apply(Draw("stock", player=0))


def test_tt5_legal_actions_are_exactly_the_ones_verify_accepts():
    state = position(["4C 5C 8C", "4D 5D 8D"], stock="9S", discard="QC")
    assert state.legal_actions() == [Draw("stock"), Draw("discard")]
    assert rejected(state, Draw("pile")).message == "bad_source"
    state.apply(Draw("discard"))
    legal = state.legal_actions()
    assert legal == [Discard(c) for c in cards("4C 5C 8C")]
    assert all(state.can(a) for a in legal)


# --------------------------------------------------------------------------- TT.6


def test_tt6_a_set_may_hold_identical_cards_from_several_decks():
    # Round 2: four cards, 4s wild. 7H 7H 7H 7S: a set of four, identical cards included.
    state = after_draw(["7H 7H 7H 7S KD", "2C 5C 8C JC", "2D 5D 8D JD"], round=2, decks=2)
    assert state.can(GoOut(card("KD")))
    events = state.apply(GoOut(card("KD")))
    assert sorted(events[0]["melds"][0]) == ["7H", "7H", "7H", "7S"]


def test_tt6_a_run_is_three_or_more_in_one_suit_and_may_be_longer():
    # Round 4: six cards, 6s wild. A six-card run 7D..QD.
    state = after_draw(["7D 8D 9D 10D JD QD 2S", "4C 5C 8C JC QC KC", "4H 5S 8H JH QH KH"], round=4)
    assert state.out_cards() == [card("2S")]
    events = state.apply(GoOut(card("2S")))
    assert events[0]["melds"] == [["7D", "8D", "9D", "10D", "JD", "QD"]]


def test_tt6_mixed_suits_are_not_a_run():
    state = after_draw(["7D 8C 9D 2S 2H 2C KS", "4C 5C 8C JC QC KC", "4H 5S 8H JH QH KH"], round=4)
    assert rejected(state, GoOut(card("KS"))).message == "cannot_go_out"


def test_tt6_a_card_belongs_to_at_most_one_meld():
    # Round 3: five cards, 5s wild. 7S 7C 7H + 8H 9H needs 7H twice.
    state = after_draw(["7S 7C 7H 8H 9H KD", "4C 6C 8C JC QC", "4D 6D 8D JD QD"], round=3)
    err = rejected(state, GoOut(card("KD")))
    assert (err.clause, err.message) == ("TT.8", "cannot_go_out")


# --------------------------------------------------------------------------- TT.7


def test_tt7_a_wild_stands_for_any_card_in_a_set_or_a_run():
    # Round 4: 6s wild. 9C 9D + 6S is a set; 2H 6C 4H is the run 2-3-4.
    state = after_draw(["9C 9D 6S 2H 6C 4H KD", "4C 5C 8C JC QC KC", "4S 5S 8H JH QH KH"], round=4)
    assert state.out_cards() == [card("KD")]


def test_tt7_any_number_of_wilds_even_a_meld_of_only_wilds():
    # Round 2: 4s wild; four 4s are one meld.
    state = after_draw(["4C 4D 4S 4H KD", "2C 5C 8C JC", "2D 5D 8D JD"], round=2)
    assert state.can(GoOut(card("KD")))
    state = after_draw(["9C 4D 4S 4H KD", "2C 5C 8C JC", "2D 5D 8D JD"], round=2)
    assert state.can(GoOut(card("KD")))


def test_tt7_option_at_least_one_natural_card_per_meld():
    state = after_draw(["4C 4D 4S 4H KD", "2C 5C 8C JC", "2D 5D 8D JD"], round=2, natural_required=True)
    assert rejected(state, GoOut(card("KD"))).message == "cannot_go_out"
    state = after_draw(["9C 4D 4S 4H KD", "2C 5C 8C JC", "2D 5D 8D JD"], round=2, natural_required=True)
    assert state.can(GoOut(card("KD")))


def test_tt7_option_at_most_one_wild_per_meld():
    state = after_draw(["9C 9H 4S 4H KD", "2C 5C 8C JC", "2D 5D 8D JD"], round=2)
    assert state.can(GoOut(card("KD")))
    state = after_draw(["9C 9H 4S 4H KD", "2C 5C 8C JC", "2D 5D 8D JD"], round=2, max_one_wild=True)
    assert rejected(state, GoOut(card("KD"))).message == "cannot_go_out"


# --------------------------------------------------------------------------- TT.8


def test_tt8_going_out_shows_the_melds_and_discards_the_last_card():
    state = after_draw(["AH 2H 3H 9C 9D 9S KD", "4C 5C 8C JC QC KC", "4D 5D 8D JD QD 10S"], round=4)
    events = state.apply(GoOut(card("KD")))
    assert events[0]["event"] == "go_out" and events[0]["player"] == 0 and events[0]["card"] == "KD"
    assert sorted(sorted(m) for m in events[0]["melds"]) == [["2H", "3H", "AH"], ["9C", "9D", "9S"]]
    assert state.top_discard == card("KD") and len(state.hands[0]) == 6
    assert state.out == 0 and state.current == 1


def test_tt8_only_when_every_other_card_is_in_melds():
    state = after_draw(["AH 2H 3H 9C 9D 8S KD", "4C 5C 8C JC QC KC", "4D 5D 8D JD QD 10S"], round=4)
    err = rejected(state, GoOut(card("KD")))
    assert (err.clause, err.message, err.params["penalty"]) == ("TT.8", "cannot_go_out", 26)
    assert state.out_cards() == [] and not any(isinstance(a, GoOut) for a in state.legal_actions())


def test_tt8_the_go_out_cards_are_the_solvers():
    for seed in range(40):
        state = fresh(3, seed=seed)
        rng = random.Random(seed)
        for _ in range(30):
            if state.is_over:
                break
            if state.phase is Phase.DISCARD:
                hand = state.hands[state.current]
                allowed = {(c.rank, c.suit) for c in solver.can_go_out(hand, state.wild, state.rules)}
                for c in hand:
                    expect = (c.rank, c.suit) in allowed and c != state.taken
                    assert state.can(GoOut(c)) == expect
            state.apply(rng.choice(state.legal_actions()))


def test_tt8_no_going_out_without_a_discard():
    # Melded with all n + 1 cards, but every discard breaks a meld: no way out this turn.
    state = after_draw(["2H 3H 4H 9C 9D 9S", "4C 5C 8C JC QC", "4D 5D 8D JD QD"], round=3)
    assert state.out_cards() == []
    assert rejected(state, GoOut(card("9S"))).message == "cannot_go_out"


def test_tt8_may_not_go_out_with_the_card_just_taken():
    state = position(["AH 2H 3H 9C 9D 9S", "4C 5C 8C JC QC KC", "4D 5D 8D JD QD 10S"], round=4, discard="KD")
    state.apply(Draw("discard"))
    err = rejected(state, GoOut(card("KD", 7)))
    assert (err.clause, err.message) == ("TT.5", "just_drawn")


# --------------------------------------------------------------------------- TT.9


def test_tt9_after_going_out_everyone_else_gets_exactly_one_more_turn():
    hands = ["AH 2H 3H 9C 9D 9S KD", "4C 5C 8C JC QC KC", "4D 5D 8D JD QD 10S", "2S 3S 7S 8S 10C 10H"]
    state = after_draw(hands, round=4, stock="5H 7H 8H JS")
    events = state.apply(GoOut(card("KD")))
    assert state.out == 0 and state.last_turns == 3 and [e["event"] for e in events] == ["go_out"]
    turns = []
    while state.round == 4:
        turns.append(state.current)
        state.apply(Draw("stock"))
        events = state.apply(next(a for a in state.legal_actions() if isinstance(a, Discard)))
    assert turns == [1, 2, 3]
    assert [e["event"] for e in events[:3]] == ["discard", "round_end", "round_start"]
    assert events[1]["out"] == 0 and events[1]["penalties"][0] == 0


def test_tt9_others_may_also_meld_everything_in_their_last_turn_and_score_0():
    state = after_draw(["AH 2H 3H 9C 9D 9S KD", "4C 5C 6H 8C 8D 8H", "4D 5D 7D JD QD 10S"], round=4,
                       stock="JS 7C")
    state.apply(GoOut(card("KD")))
    state.apply(Draw("stock"))  # seat 1 draws the 7C: 4C 5C 6H(wild) 7C + 8C 8D 8H
    assert set(state.out_cards()) == {card("4C"), card("7C", 7)}
    events = state.apply(GoOut(card("4C")))
    assert events[0]["event"] == "go_out" and state.out == 0
    events = state.apply(Draw("stock"))
    events = state.apply(Discard(card("10S")))
    end = next(e for e in events if e["event"] == "round_end")
    assert end["penalties"][:2] == [0, 0] and end["penalties"][2] > 0


def test_tt9_no_one_adds_to_another_players_melds():
    # Seat 1's 4H would fit seat 0's shown run A-2-3, but it stays deadwood in seat 1's hand.
    state = after_draw(["AH 2H 3H 9C 9D 9S KD", "4H 5C 8C JC QC KC", "4D 5D 8D JD QD 10S"], round=4,
                       stock="2C 2C")
    state.apply(GoOut(card("KD")))
    state.apply(Draw("stock"))
    state.apply(Discard(card("KC")))
    state.apply(Draw("stock"))
    events = state.apply(Discard(card("QD")))
    end = next(e for e in events if e["event"] == "round_end")
    assert "4H" in end["arrangements"][1]["deadwood"]


# --------------------------------------------------------------------------- TT.10


def test_tt10_hands_score_their_fewest_penalty_points():
    state = after_draw(["AH 2H 3H 9C 9D 9S KD", "4C 5C 8C JC QC KC", "4D 5D 8D JD QD 10S"], round=4,
                       stock="2C 2C")
    state.apply(GoOut(card("KD")))
    state.apply(Draw("stock"))
    state.apply(Discard(card("KC")))  # seat 1: 4C 5C 8C JC QC 2C, no meld (no 3C, no wild)
    state.apply(Draw("stock"))
    events = state.apply(Discard(card("QD")))
    end = next(e for e in events if e["event"] == "round_end")
    for q in (1, 2):
        shown = end["arrangements"][q]
        held = [c for m in shown["melds"] for c in m] + shown["deadwood"]
        best = solver.solve(cards(" ".join(held)), 6)
        assert end["penalties"][q] == best.penalty
        assert end["arrangements"][q]["penalty"] == best.penalty
    assert end["penalties"][1] == 2 + 4 + 5 + 8 + 10 + 10  # J and Q count 10
    assert end["penalties"][0] == 0 and end["totals"] == end["penalties"]


def test_tt10_an_unmatched_wild_scores_its_face_value():
    assert solver.card_points(card("6S")) == 6 and solver.card_points(card("KS")) == 10
    state = after_draw(["AH 2H 3H 9C 9D 9S KD", "6C 2D 4S 8C 10H KS", "4D 5D 8D JD QD 10S"], round=4,
                       stock="2H 9D")
    state.apply(GoOut(card("KD")))
    state.apply(Draw("stock"))
    state.apply(Discard(card("KS")))  # seat 1: 6C (wild) 2D 4S 8C 10H 9D: nothing melds
    state.apply(Draw("stock"))
    events = state.apply(Discard(card("QD")))
    end = next(e for e in events if e["event"] == "round_end")
    assert end["penalties"][1] == 6 + 2 + 4 + 8 + 10 + 9
    assert "6C" in end["arrangements"][1]["deadwood"]


def test_tt10_the_player_who_went_out_scores_0():
    state = after_draw(["AH 2H 3H 9C 9D 9S KD", "4C 5C 8C JC QC KC", "4D 5D 8D JD QD 10S"], round=4,
                       stock="2C 2C")
    state.apply(GoOut(card("KD")))
    state.apply(Draw("stock"))
    state.apply(Discard(card("KC")))
    state.apply(Draw("discard"))  # seat 2 takes the KC
    events = state.apply(Discard(card("QD")))
    end = next(e for e in events if e["event"] == "round_end")
    assert end["penalties"][0] == 0 and end["arrangements"][0]["deadwood"] == []


# --------------------------------------------------------------------------- TT.11


def test_tt11_scores_add_up_and_the_lowest_total_wins():
    state = fresh(3, seed=9)
    events = list(state.opening) + play_out(state, random.Random(9))
    ends = [e for e in events if e["event"] == "round_end"]
    sums = [sum(e["penalties"][q] for e in ends) for q in range(3)]
    assert ends[-1]["totals"] == sums == state.totals
    over = events[-1]
    assert over == {"event": "game_over", "totals": sums, "winners": [q for q in range(3) if sums[q] == min(sums)]}


def test_tt11_equal_lowest_totals_share_the_win():
    # Round 11: 13 cards, kings wild. Seat 0 goes out; seat 1 ends on 0 too; totals tie.
    hand0 = "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KS 5D"
    hand1 = "AD 2D 3D 4D 5S 6D 7D 8D 9D 10D JD QD KC"
    state = after_draw([hand0, hand1], round=11, stock="2H 5D")
    state.totals = [20, 20]
    state.apply(GoOut(card("5D")))
    state.apply(Draw("stock"))
    events = state.apply(Discard(card("5S")))  # seat 1: A..Q of diamonds and the KC: all melded
    assert events[-1] == {"event": "game_over", "totals": [20, 20], "winners": [0, 1]}
    assert state.is_over and state.current_player is None and state.legal_actions() == []
    err = rejected(state, Draw("stock"))
    assert (err.clause, err.message) == ("TT.11", "game_over")


# --------------------------------------------------------------------------- TT.12


def test_tt12_empty_stock_the_top_discard_stays_and_the_rest_is_shuffled_into_the_stock():
    state = position(["4C 5C 8C", "4D 5D 8D"], stock="", discard="9S 10S JH QC", seed=4)
    before = all_cards(state)
    rest = list(state.discard[:-1])
    expected = Chance(random.Random(99)).shuffle(rest)
    state.chance = Chance(random.Random(99))
    events = state.apply(Draw("stock"))
    assert events[0] == {"event": "recycle", "stock": [c.code for c in expected], "top": "QC"}
    assert events[1] == {"event": "draw", "player": 0, "from": "stock", "card": expected[0].code}
    assert state.discard == [card("QC", 7)] and state.stock == expected[1:][::-1]
    assert all_cards(state) == before


def test_tt12_no_stock_draw_when_nothing_can_refill_it():
    state = position(["4C 5C 8C", "4D 5D 8D"], stock="", discard="QC")
    err = rejected(state, Draw("stock"))
    assert (err.clause, err.message) == ("TT.12", "stock_empty")
    assert state.legal_actions() == [Draw("discard")]


# --------------------------------------------------------------------------- TT.13


def test_tt13_aces_both_allows_q_k_a_but_never_k_a_2():
    state = after_draw(["QH KH AH 9C 9D 9S 5D", "4C 5C 8C JC QC KC", "4D 5S 8D JD QD 10D"], round=4, aces="both")
    assert state.can(GoOut(card("5D")))
    state = after_draw(["AH 2H 3H 9C 9D 9S 5D", "4C 5C 8C JC QC KC", "4D 5S 8D JD QD 10D"], round=4, aces="both")
    assert state.can(GoOut(card("5D")))
    state = after_draw(["KH AH 2H 9C 9D 9S 5D", "4C 5C 8C JC QC KC", "4D 5S 8D JD QD 10D"], round=4, aces="both")
    assert rejected(state, GoOut(card("5D"))).message == "cannot_go_out"


def test_tt13_a_leftover_ace_scores_15():
    for aces, points in (("low", 1), ("both", 15)):
        state = after_draw(["AH 2H 3H 9C 9D 9S 5D", "AC 5C 8C 8D 8H 8S", "4D 5S 8D JD QD 10D"], round=4,
                           aces=aces, stock="QS QS")
        state.apply(GoOut(card("5D")))
        state.apply(Draw("stock"))
        state.apply(Discard(state.hands[1][-1]))  # the QS just drawn
        state.apply(Draw("stock"))
        events = state.apply(Discard(state.hands[2][-1]))
        end = next(e for e in events if e["event"] == "round_end")
        assert end["penalties"][1] == points + 5


def test_tt13_option_parsing():
    assert parse_options({"aces": "both"}).aces == "both"
    assert parse_options({"aces": "LOW"}).meld_rules == solver.MeldRules()
    assert parse_options({"aces": "high"}).aces == "both"  # "aces high or low" names the same variant
    with pytest.raises(OptionError) as err:
        parse_options({"aces": "sideways"})
    assert err.value.message == "option_bad_value" and err.value.params["key"] == "aces"
    assert err.value.params["allowed"] == "low, both, high"  # every value it takes is offered


# --------------------------------------------------------------------------- TT.14


def test_tt14_face_cards_may_score_11_12_13():
    rules = parse_options({"face-points": "11-13"}).meld_rules
    assert [solver.card_points(card(c), rules) for c in ("JS", "QS", "KS", "10S", "AS")] == [11, 12, 13, 10, 1]
    state = after_draw(["AH 2H 3H 9C 9D 9S KD", "4C 5C 8C JC QC KC", "4D 5D 8D JD QD 10S"], round=4,
                       stock="2C 2C", face_points="11-13")
    state.apply(GoOut(card("KD")))
    state.apply(Draw("stock"))
    state.apply(Discard(card("KC")))
    state.apply(Draw("stock"))
    events = state.apply(Discard(card("QD")))
    end = next(e for e in events if e["event"] == "round_end")
    assert end["penalties"][1] == 2 + 4 + 5 + 8 + 11 + 12


def test_tt14_option_no_going_out_before_everyone_has_had_a_turn():
    hands = ["AH 2H 3H 9C 9D 9S", "4C 5C 8C JC QC KC", "4D 5D 8D JD QD 10S"]
    state = position(hands, round=4, stock="KD", no_early_out=True)
    state.turn = 3  # seat 0 plays the round's third turn: seat 0 has not had one yet
    state.apply(Draw("stock"))
    err = rejected(state, GoOut(card("KD", 7)))
    assert (err.clause, err.message) == ("TT.14", "no_early_out")
    assert state.out_cards() == []
    state.turn = 4  # everyone has had a turn
    assert state.can(GoOut(card("KD", 7)))
    plain = position(hands, round=4, stock="KD")
    plain.turn = 1
    plain.apply(Draw("stock"))
    assert plain.can(GoOut(card("KD", 7)))


def test_tt14_no_early_out_counts_turns_from_the_deal():
    state = fresh(3, seed=1, no_early_out=True)
    assert state.turn == 1 and state.first_turns
    for _ in range(3):
        state.apply(Draw("stock"))
        state.apply(next(a for a in state.legal_actions() if isinstance(a, Discard)))
    assert state.turn == 4 and not state.first_turns


def test_tt14_options_parse_and_reject_unknown_keys():
    options = parse_options({"no_early_out": "on", "natural-required": "yes", "max_one_wild": "off", "decks": "4"})
    assert options == Options(decks=4, natural_required=True, no_early_out=True)
    for raw, message in (({"speed": "1"}, "option_unknown"), ({"no_early_out": "perhaps"}, "option_bad_value"),
                         ({"decks": "0"}, "option_bad_value"), ({"face_points": "12"}, "option_bad_value")):
        with pytest.raises(OptionError) as err:
            parse_options(raw)
        assert err.value.message == message
    assert Options.from_record(options.to_record(3)) == options
    assert Options.from_record(Options().to_record(5)) == Options(decks=3)


def test_tt4_a_player_sees_their_own_hand_the_pile_and_only_the_sizes_of_other_hands():
    state = fresh(3, seed=4)
    view = state.view(1)
    assert view.hand == tuple(state.hands[1]) and view.hand_sizes == (3, 3, 3)
    assert view.discard == (state.top_discard,) and view.stock_size == len(state.stock)
    assert view.wild == 3 and view.round == 1 and view.dealer == state.dealer
    assert not hasattr(view, "hands") and not hasattr(view, "stock")
