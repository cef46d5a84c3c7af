"""Toepen: rule-sentence tests on hand-built positions, one or more per RULEBOOK clause (TOE.1-TOE.14).

Positions come from `State.from_position` (trick play, or a fresh deal with `laundry=True`);
a few tests drive a seeded rubber instead. Every refusal checks the clause id it cites.
"""

from __future__ import annotations

import random

import pytest

from tutor.cards import Card
from tutor.games.base import IllegalAction, OptionError
from tutor.games.toepen.engine import (DECK, MESSAGES, POSITION_MESSAGES, Challenge, Chance, Fold, Keep, Knock, Pass,
                                       Phase, Play, PositionError, State, Stay, Throw, card_from_code, power)
from tutor.games.toepen.options import Options, check_players, parse_options

# --------------------------------------------------------------------------- helpers


def c(code: str) -> Card:
    card = card_from_code(code)
    assert card is not None, code
    return card


def refused(state: State, action, clause: str, message: str | None = None) -> IllegalAction:
    """`action` is refused citing `clause` (and `message`), and the state is unchanged."""
    before = snapshot(state)
    assert not state.can(action)
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    assert err.value.clause == clause, err.value
    if message is not None:
        assert err.value.message == message, err.value
    assert err.value.message in MESSAGES
    assert snapshot(state) == before
    return err.value


def snapshot(state: State):
    return (
        [list(h) for h in state.hands], list(state.stock), list(state.points), state.stake, state.phase,
        state.current, list(state.trick), list(state.in_hand), state.last_knocker,
    )


def play(state: State, *moves: str) -> list[dict]:
    """Plays cards by code, each by the player to act."""
    events = []
    for code in moves:
        events += state.apply(Play(c(code), state.current))
    return events


def trick_position(hands, **kw) -> State:
    return State.from_position(hands, **kw)


# --------------------------------------------------------------------------- TOE.1


def test_toe_1_thirty_two_cards_and_the_order_within_a_suit():
    assert len(DECK) == 32 and len(set(DECK)) == 32
    assert sorted({card.rank for card in DECK}) == [1, 7, 8, 9, 10, 11, 12, 13]
    order = ["10H", "9H", "8H", "7H", "AH", "KH", "QH", "JH"]
    assert sorted(order, key=lambda code: -power(c(code))) == order
    assert [power(c(code)) for code in order] == [7, 6, 5, 4, 3, 2, 1, 0]


def test_toe_1_no_trumps_a_ten_of_another_suit_loses_to_the_jack_led():
    state = trick_position(["JH 7C 8C 9C", "10S 7D 8D 9D", "QS 7S 8S 9S"], dealer=2)
    events = play(state, "JH", "10S", "QS")  # seat 1 and 2 cannot follow hearts
    trick = events[-1]
    assert trick["event"] == "trick" and trick["winner"] == 0 and trick["leads"] == 0


def test_toe_1_a_card_outside_the_deck_is_not_in_hand():
    state = trick_position(["JH 7C 8C 9C", "10S 7D 8D 9D", "QS 7S 8S 9S"], dealer=2)
    refused(state, Play(Card(2, "H"), 0), "TOE.5", "not_in_hand")
    with pytest.raises(PositionError) as err:
        trick_position(["2H 7C 8C 9C", "10S 7D 8D 9D", "QS 7S 8S 9S"])
    assert err.value.message == "position_card" and err.value.message in POSITION_MESSAGES


# --------------------------------------------------------------------------- TOE.2


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8])
def test_toe_2_three_to_eight_players(players):
    state = State(players, chance=Chance(random.Random(players)))
    assert state.points == [0] * players and state.limit == 10


def test_toe_2_two_players_only_with_the_option():
    with pytest.raises(OptionError) as err:
        State(2)
    assert err.value.message == "players_two"
    for players in (1, 9):
        with pytest.raises(OptionError) as err:
            check_players(Options(two=True), players)
        assert err.value.message == "players_range" and err.value.params["low"] == 2
    state = State(2, parse_options({"two": "on"}), Chance(random.Random(1)))
    assert state.players == 2 and len(state.stock) == 24


def test_toe_2_options_limit_end_customs():
    options = parse_options({"limit": "15", "end": "last-survivor", "customs": "yes", "two": "off"})
    assert options == Options(limit=15, end="last-survivor", customs=True, two=False)
    assert Options.from_record(options.to_record()) == options
    for raw in ({"limit": "12"}, {"end": "never"}, {"customs": "maybe"}):
        with pytest.raises(OptionError) as err:
            parse_options(raw)
        assert err.value.message == "option_bad_value"
    with pytest.raises(OptionError) as err:
        parse_options({"trumps": "on"})
    assert err.value.message == "option_unknown" and "limit" in err.value.params["allowed"]
    with pytest.raises(OptionError):
        Options.from_record({"limit": 11})


def finish_hand(state: State, rng: random.Random) -> list[dict]:
    """Plays the current hand out with random cards, no knocks; returns its events."""
    events: list[dict] = []
    number = state.hand_number
    while not state.is_over and state.hand_number == number:
        actions = [a for a in state.legal_actions() if not isinstance(a, (Knock, Throw, Challenge, Fold))]
        events += state.apply(rng.choice(actions))
    return events


def test_toe_2_the_rubber_ends_when_someone_reaches_the_limit():
    # Seat 0 at 9 of 10 is poor (TOE.11); seat 1 at 8. The hand is played out whatever happens.
    state = State.from_position(
        ["JH QH KH AH", "7C 8C 9C 10C", "7S 8S 9S 10S"], dealer=2, points=[9, 8, 0], laundry=True
    )
    state.apply(Keep(0))
    state.apply(Keep(1))
    state.apply(Keep(2))
    state.apply(Stay(1))
    state.apply(Stay(2))
    events = finish_hand(state, random.Random(0))
    kinds = [e["event"] for e in events]
    assert kinds[-3:] == ["hand_end", "lose", "game_over"] or kinds[-4:] == ["hand_end", "lose", "lose", "game_over"]
    over = events[-1]
    assert state.is_over and state.current_player is None
    assert over["losers"] == [s for s in range(3) if state.points[s] >= 10]
    assert over["winners"] == [s for s in range(3) if state.points[s] < 10]
    refused(state, Keep(0), "TOE.2", "rubber_over")


def test_toe_2_last_survivor_eliminates_and_plays_on():
    state = State.from_position(
        ["JC QC KC AC", "7C 8C 9C 10C", "7S 8S 9S 10S", "7D 8D 9D 10D"],
        dealer=3, points=[9, 0, 0, 0], laundry=True, options=Options(end="last-survivor"),
    )
    for s in range(4):
        state.apply(Keep(s))
    for s in (1, 2, 3):
        state.apply(Stay(s))
    events = finish_hand(state, random.Random(1))
    assert state.points[0] == 11 and not state.active[0] and state.losers == [0]
    assert not state.is_over and [e["event"] for e in events][-2] != "game_over"
    deal = next(e for e in events if e["event"] == "deal")
    assert deal["hands"][0] == [] and all(len(h) == 4 for h in deal["hands"][1:])
    assert state.hands[0] == [] and 0 not in state.seats_from(state.dealer)
    assert state.phase is Phase.LAUNDRY and state.current != 0
    refused(state, Keep(0), "TOE.2", "eliminated")


def test_toe_2_points_taken_in_a_hand_count_at_once_and_the_hand_is_played_out():
    state = State.from_position(["10H 9H", "8H 7H", "AH KH"], dealer=2, tricks_done=2, points=[0, 8, 0])
    state.apply(Knock(1))  # stake 2
    state.apply(Stay(2))
    state.apply(Stay(0))
    state.apply(Knock(0))  # stake 3
    ev = state.apply(Fold(1))
    assert ev[0] == {"event": "fold", "player": 1, "stake": 3, "points": 2, "total": 10}
    assert state.points[1] == 10 and not state.is_over  # at the limit, but the hand goes on
    ev = state.apply(Stay(2))
    events = play(state, "10H", "AH", "9H", "KH")
    assert [e["event"] for e in events][-3:] == ["hand_end", "lose", "game_over"]
    assert events[-2] == {"event": "lose", "player": 1, "total": 10}


# --------------------------------------------------------------------------- TOE.3


def test_toe_3_random_first_dealer_four_cards_each_and_the_stock():
    dealers = set()
    for seed in range(40):
        state = State(4, chance=Chance(random.Random(seed)))
        deal = state.opening[0]
        assert deal["event"] == "deal" and deal["hand"] == 1 and deal["dealer"] == state.dealer
        dealers.add(state.dealer)
        assert len(deal["stock"]) == 32 and sorted(deal["stock"]) == sorted(x.code for x in DECK)
        # one card at a time from the dealer's left, from the top of the shuffled pack
        left = [(state.dealer + i) % 4 for i in range(1, 5)]
        for k, seat in enumerate(left):
            assert deal["hands"][seat] == [deal["stock"][k + 4 * j] for j in range(4)]
        assert [x.code for x in state.stock[::-1]] == deal["stock"][16:]
    assert dealers == {0, 1, 2, 3}


def test_toe_3_the_winner_of_a_hand_deals_the_next():
    state = State.from_position(["10H 9H", "8H 7H", "AH KH"], dealer=0, tricks_done=2, leader=1)
    events = play(state, "8H", "AH", "10H", "9H", "7H", "KH")
    end = next(e for e in events if e["event"] == "hand_end")
    deal = next(e for e in events if e["event"] == "deal")
    assert end["winner"] == 0 and deal["dealer"] == 0 and deal["hand"] == 2
    assert state.dealer == 0 and state.current in (1, 2)


# --------------------------------------------------------------------------- TOE.4


def laundry(hands, stock="", dealer=None, **kw) -> State:
    if dealer is None:
        dealer = len(hands) - 1
    return State.from_position(hands, dealer=dealer, laundry=True, stock=stock, **kw)


HANDS3 = ["JH QH KH AH", "7C 8C 9C 10C", "JS QS KS AS"]


def test_toe_4_throw_in_takes_four_from_the_stock_in_turn_from_the_dealers_left():
    state = laundry(HANDS3, stock="7D 8D 9D 10D JD QD KD AD")
    assert state.phase is Phase.LAUNDRY and state.current == 0
    assert state.legal_actions() == [Throw(0), Keep(0)]
    ev = state.apply(Throw(0))
    assert ev == [{"event": "exchange", "player": 0, "thrown": ["JH", "QH", "KH", "AH"],
                   "cards": ["7D", "8D", "9D", "10D"]}]
    assert state.hands[0] == [c("7D"), c("8D"), c("9D"), c("10D")]
    assert state.phase is Phase.CHALLENGE and state.current == 1 and state.thrower == 0


def test_toe_4_an_honest_throw_challenged_costs_the_challenger():
    state = laundry(HANDS3, stock="7D 8D 9D 10D JD QD KD AD")
    state.apply(Throw(0))
    state.apply(Pass(1))
    ev = state.apply(Challenge(2))
    assert ev[0]["event"] == "challenge" and ev[0]["bluff"] is False
    assert ev[0]["loser"] == 2 and ev[0]["total"] == 1 and ev[0]["shown"] == ["JH", "QH", "KH", "AH"]
    assert state.points == [0, 0, 1] and state.shown[0]
    assert state.phase is Phase.LAUNDRY and state.current == 1  # the laundry goes on in turn


def test_toe_4_a_bluff_challenged_costs_the_thrower_who_keeps_the_new_hand():
    state = laundry(HANDS3, stock="7D 8D 9D 10D JD QD KD AD")
    state.apply(Keep(0))
    state.apply(Throw(1))
    ev = state.apply(Challenge(2))  # the first to challenge decides: seat 0 is not asked
    assert ev[0]["bluff"] is True and ev[0]["loser"] == 1 and state.points == [0, 1, 0]
    assert state.hands[1] == [c("7D"), c("8D"), c("9D"), c("10D")]
    assert state.thrown[1] == [c("7C"), c("8C"), c("9C"), c("10C")]
    assert state.current == 2 and state.phase is Phase.LAUNDRY


def test_toe_4_the_hand_thrown_stays_out_and_is_hidden_until_shown():
    state = laundry(HANDS3, stock="7D 8D 9D 10D JD QD KD AD")
    state.apply(Throw(0))
    assert state.view(1).thrown[0] is None and state.view(0).thrown[0] == tuple(state.thrown[0])
    assert state.view(1).threw == (True, False, False)
    assert state.view(1).hand == tuple(state.hands[1]) and state.view(2).hand != tuple(state.hands[1])
    state.apply(Pass(1))
    state.apply(Pass(2))
    state.apply(Keep(1))
    state.apply(Keep(2))
    assert state.phase is Phase.PLAY
    placed = [x for h in state.hands for x in h] + [x for t in state.thrown for x in t] + state.stock
    assert sorted(placed) == sorted(DECK)
    assert c("JH") in state.thrown[0] and all(c("JH") not in h for h in state.hands)


def test_toe_4_once_per_player_and_only_while_the_stock_holds_four():
    # 7 players: 4 cards left, so one throw at most; after it the laundry is over.
    hands = ["7C 8C 9C 10C", "JC QC KC AC", "7D 8D 9D 10D", "JD QD KD AD", "7H 8H 9H 10H", "JH QH KH AH",
             "7S 8S 9S 10S"]
    state = laundry(hands, stock="JS QS KS AS", dealer=6)
    state.apply(Keep(0))
    state.apply(Throw(1))
    for s in (2, 3, 4, 5, 6, 0):
        state.apply(Pass(s))
    assert state.phase is Phase.PLAY and state.current == 0
    refused(state, Throw(0), "TOE.4", "stock_short")
    refused(state, Keep(0), "TOE.4", "laundry_over")
    play(state, "7C")
    refused(state, Throw(1), "TOE.4", "laundry_over")


def test_toe_4_eight_players_nobody_can_throw_in():
    state = State(8, chance=Chance(random.Random(3)))
    assert state.stock == [] and state.phase is Phase.PLAY
    refused(state, Throw(state.current), "TOE.4", "stock_short")


def test_toe_4_no_cards_before_the_laundry_and_challenge_only_an_exchange():
    state = laundry(HANDS3, stock="7D 8D 9D 10D JD QD KD AD")
    refused(state, Play(c("JH"), 0), "TOE.4", "laundry_first")
    refused(state, Challenge(0), "TOE.4", "no_exchange")
    refused(state, Keep(1), "TOE.4", "not_your_turn")
    state.apply(Throw(0))
    refused(state, Keep(1), "TOE.4", "challenge_first")
    refused(state, Challenge(0), "TOE.4", "not_your_turn")


# --------------------------------------------------------------------------- TOE.5


def test_toe_5_the_player_left_of_the_dealer_leads_the_first_trick():
    state = laundry(HANDS3, dealer=1, stock="7D 8D 9D 10D")
    assert state.current == 2
    for s in (2, 0, 1):
        state.apply(Keep(s))
    assert state.phase is Phase.PLAY and state.current == 2 and state.leader == 2


def test_toe_5_must_follow_suit():
    state = trick_position(["JH 7C 8C 9C", "10H 7D 8D 9D", "QS 7S 8S 9S"], dealer=2)
    play(state, "JH")
    err = refused(state, Play(c("7D"), 1), "TOE.5", "must_follow")
    assert err.params == {"suit": "H", "card": "7D"}
    assert state.legal_actions()[0] == Play(c("10H"), 1)
    assert [a for a in state.legal_actions() if isinstance(a, Play)] == [Play(c("10H"), 1)]
    play(state, "10H")
    # seat 2 has no heart: any card
    assert {a.card for a in state.legal_actions() if isinstance(a, Play)} == {c(x) for x in "QS 7S 8S 9S".split()}


def test_toe_5_highest_of_the_suit_led_wins_and_leads_next():
    state = trick_position(["JH 7C 8C 9C", "AH 7D 8D 9D", "KH 7S 8S 9S"], dealer=2)
    events = play(state, "JH", "AH", "KH")
    assert events[-1] == {"event": "trick", "number": 1, "cards": [[0, "JH"], [1, "AH"], [2, "KH"]],
                          "winner": 1, "leads": 1}
    assert state.current == 1 and state.tricks_done == 1 and state.led_suit is None


def test_toe_5_not_your_turn_and_the_fourth_trick_wins_the_hand():
    state = trick_position(["9H", "7H", "8S"], dealer=0, tricks_done=3)
    assert state.current == 1
    refused(state, Play(c("9H"), 0), "TOE.5", "not_your_turn")
    events = play(state, "7H", "8S", "9H")
    end = next(e for e in events if e["event"] == "hand_end")
    assert end["winner"] == 0 and end["penalties"] == [0, 1, 1] and end["stake"] == 1


# --------------------------------------------------------------------------- TOE.6


def test_toe_6_a_hand_is_worth_one_and_each_knock_adds_one():
    state = trick_position(["9H 8C", "7H 8D", "8H 8S"], dealer=0, tricks_done=2)
    assert state.stake == 1
    assert state.apply(Knock(1)) == [{"event": "knock", "player": 1, "stake": 2}]
    state.apply(Stay(2))
    state.apply(Stay(0))
    state.apply(Knock(2))
    assert state.stake == 3 and state.knocks == 2


# --------------------------------------------------------------------------- TOE.7


def test_toe_7_any_player_still_in_may_knock_before_a_card_but_not_twice_in_a_row():
    state = trick_position(["9H 8C", "7H 8D", "8H 8S"], dealer=0, tricks_done=2)
    assert state.current == 1 and state.knockers() == [0, 1, 2]
    assert Knock(1) in state.legal_actions()
    state.apply(Knock(0))  # not seat 0's turn to play: still allowed
    assert state.phase is Phase.ANSWER and state.knockers() == []
    state.apply(Stay(1))
    state.apply(Stay(2))
    assert state.phase is Phase.PLAY and state.current == 1
    assert state.knockers() == [1, 2]
    refused(state, Knock(0), "TOE.7", "knocked_last")
    state.apply(Knock(2))
    state.apply(Stay(0))
    state.apply(Stay(1))
    assert 0 in state.knockers()  # someone else knocked since


def test_toe_7_nobody_knocks_in_the_dirty_laundry():
    state = laundry(HANDS3, stock="7D 8D 9D 10D")
    refused(state, Knock(0), "TOE.7", "no_knock_laundry")
    refused(state, Knock(2), "TOE.7", "no_knock_laundry")
    state.apply(Throw(0))
    refused(state, Knock(1), "TOE.7", "no_knock_laundry")


# --------------------------------------------------------------------------- TOE.8


def test_toe_8_answers_in_turn_from_the_knockers_left_and_a_fold_costs_the_stake_before():
    state = trick_position(["9H 8C", "7H 8D", "8H 8S", "AH AS"], dealer=0, tricks_done=2, stake=2, last_knocker=3)
    state.apply(Knock(2))  # stake 3
    assert state.pending == [3, 0, 1] and state.current == 3
    refused(state, Stay(0), "TOE.8", "not_your_turn")
    refused(state, Fold(2), "TOE.8", "knocker_cannot_fold")
    refused(state, Play(c("7H"), 1), "TOE.8", "answer_first")
    refused(state, Knock(1), "TOE.8", "answer_first")
    assert state.apply(Fold(3)) == [{"event": "fold", "player": 3, "stake": 3, "points": 2, "total": 2}]
    state.apply(Stay(0))
    state.apply(Stay(1))
    assert state.in_hand == [True, True, True, False] and state.current == 1


def test_toe_8_cards_of_a_folder_stay_in_the_trick():
    state = trick_position(["9H 8C", "7H 8D", "8H 8S"], dealer=2, tricks_done=2)
    play(state, "9H")  # seat 0 leads
    state.apply(Knock(1))
    state.apply(Stay(2))
    state.apply(Fold(0))
    assert state.trick == [(0, c("9H"))] and not state.in_hand[0]
    events = play(state, "7H", "8H")
    assert events[-1]["cards"] == [[0, "9H"], [1, "7H"], [2, "8H"]] and events[-1]["winner"] == 0
    assert state.current == 1  # TOE.10: the folded winner's left leads


def test_toe_8_no_knock_to_answer():
    state = trick_position(["9H 8C", "7H 8D", "8H 8S"], dealer=0, tricks_done=2)
    refused(state, Stay(1), "TOE.8", "no_knock")
    refused(state, Fold(1), "TOE.8", "no_knock")


# --------------------------------------------------------------------------- TOE.9


def test_toe_9_if_all_others_fold_the_knocker_wins_at_once_and_deals():
    state = trick_position(["9H 8C", "7H 8D", "8H 8S"], dealer=0, tricks_done=2)
    state.apply(Knock(2))
    state.apply(Fold(0))
    events = state.apply(Fold(1))
    end = events[1]
    assert end["event"] == "hand_end" and end["winner"] == 2 and end["all_folded"] is True
    assert end["penalties"] == [0, 0, 0] and end["totals"] == [1, 1, 0]
    assert events[2]["event"] == "deal" and events[2]["dealer"] == 2


# --------------------------------------------------------------------------- TOE.10


def test_toe_10_folded_players_play_no_more_and_the_lead_passes_them():
    state = trick_position(["9H 8C 7C", "7H 8D 7D", "8H 8S 7S", "AH AS AC"], dealer=3, tricks_done=1)
    state.apply(Knock(2))
    state.apply(Fold(3))
    state.apply(Stay(0))
    state.apply(Stay(1))
    play(state, "9H", "7H", "8H")  # seat 3 is skipped
    assert state.trick_winners[-1] == 0
    refused(state, Play(c("AS"), 3), "TOE.10", "folded")
    refused(state, Knock(3), "TOE.10", "folded")


def test_toe_10_a_trick_won_by_a_folded_player_is_led_by_the_next_still_in():
    state = trick_position(["9H 8C 7C", "7H 8D 7D", "8H 8S 7S"], dealer=2, tricks_done=1)
    play(state, "9H")
    state.apply(Knock(1))
    state.apply(Stay(2))
    state.apply(Fold(0))
    events = play(state, "7H", "8H")
    assert events[-1]["winner"] == 0 and events[-1]["leads"] == 1 and state.current == 1


def test_toe_10_the_fourth_trick_among_the_players_still_in():
    # Seat 0 leads 10H and then folds: seat 2's 8H (highest heart among those still in) wins.
    state = trick_position(["10H", "7H", "8H"], dealer=2, tricks_done=3)
    play(state, "10H")
    state.apply(Knock(1))
    state.apply(Stay(2))
    state.apply(Fold(0))
    events = play(state, "7H", "8H")
    assert events[2]["event"] == "trick" and events[2]["winner"] == 2
    end = events[3]
    assert end["event"] == "hand_end" and end["winner"] == 2 and end["penalties"] == [0, 2, 0]


def test_toe_10_fourth_trick_nobody_still_in_followed_the_first_of_them_wins():
    state = trick_position(["10H", "7S", "8C"], dealer=2, tricks_done=3)
    play(state, "10H")
    state.apply(Knock(1))
    state.apply(Stay(2))
    state.apply(Fold(0))
    events = play(state, "7S", "8C")
    assert events[2]["event"] == "trick" and events[2]["winner"] == 1  # the first still in to play to the trick


def test_toe_10_the_last_to_play_folds_and_the_trick_ends():
    state = trick_position(["9H 8C", "7H 8D", "8H 8S"], dealer=2, tricks_done=2)
    play(state, "9H", "7H")
    state.apply(Knock(0))
    state.apply(Stay(1))
    events = state.apply(Fold(2))
    assert events[-1]["event"] == "trick" and events[-1]["cards"] == [[0, "9H"], [1, "7H"]]
    assert state.current == 0


# --------------------------------------------------------------------------- TOE.11


def test_toe_11_poverty_the_poor_player_leads_at_two_and_the_others_choose():
    state = laundry(["7C 8C 9C 10C", "JH QH KH AH", "JS QS KS AS"], dealer=0, points=[0, 0, 9],
                    stock="7D 8D 9D 10D")
    assert state.opening == [{"event": "poverty", "player": 2, "stake": 2}]
    assert state.stake == 2 and state.poor == 2 and state.last_knocker == 2
    assert state.current == 1 and state.phase is Phase.LAUNDRY  # the laundry comes first
    state.apply(Keep(1))
    state.apply(Keep(2))
    state.apply(Keep(0))
    assert state.phase is Phase.POVERTY and state.pending == [0, 1]
    refused(state, Play(c("7C"), 0), "TOE.11", "poverty_first")
    refused(state, Knock(0), "TOE.11", "poverty_first")
    refused(state, Fold(2), "TOE.11", "knocker_cannot_fold")
    assert state.apply(Fold(0)) == [{"event": "fold", "player": 0, "stake": 2, "points": 1, "total": 1, "poverty": True}]
    state.apply(Stay(1))
    assert state.phase is Phase.PLAY and state.current == 2 and state.leader == 2
    refused(state, Knock(2), "TOE.11", "poor_cannot_knock")
    assert Knock(1) in state.legal_actions() or state.current == 2


def test_toe_11_several_poor_players_the_first_from_the_dealers_left_leads():
    state = laundry(["7C 8C 9C 10C", "JH QH KH AH", "JS QS KS AS", "7D 8D 9D 10D"], dealer=0, points=[0, 0, 9, 9])
    assert state.poor == 2 and state.opening[-1]["player"] == 2
    state = laundry(["7C 8C 9C 10C", "JH QH KH AH", "JS QS KS AS", "7D 8D 9D 10D"], dealer=2, points=[0, 0, 9, 9])
    assert state.poor == 3
    for s in (3, 0, 1, 2):
        state.apply(Keep(s))
    assert state.pending == [0, 1, 2]  # the other poor player answers too
    state.apply(Fold(0))
    state.apply(Fold(1))
    events = state.apply(Fold(2))
    assert events[-1]["event"] in ("hand_end", "lose", "game_over")
    end = next(e for e in events if e["event"] == "hand_end")
    assert end["winner"] == 3 and end["all_folded"]  # TOE.9 as if the poor player had knocked


# --------------------------------------------------------------------------- TOE.12


def test_toe_12_knock_limit():
    # At 9 of 10: no knock at all; at 8: the first knock (to 2) but not the second (to 3).
    state = trick_position(["9H 8C", "7H 8D", "8H 8S"], dealer=0, tricks_done=2, points=[0, 9, 8])
    assert state.knockers() == [0, 2] and Knock(1) not in state.legal_actions()
    err = refused(state, Knock(1), "TOE.12", "knock_limit")
    assert err.params == {"points": 9, "stake": 2, "limit": 10}
    state.apply(Knock(2))
    state.apply(Stay(0))
    state.apply(Stay(1))
    state.apply(Knock(0))
    state.apply(Stay(1))
    state.apply(Stay(2))
    err = refused(state, Knock(2), "TOE.12", "knock_limit")
    assert err.params == {"points": 8, "stake": 4, "limit": 10}


def test_toe_12_the_limit_follows_the_option():
    state = trick_position(["9H 8C", "7H 8D", "8H 8S"], dealer=0, tricks_done=2, points=[0, 9, 13],
                           options=Options(limit=15))
    assert state.knockers() == [0, 1, 2]
    state.apply(Knock(2))  # 13 + 2 = 15 is not above the limit
    state.apply(Stay(0))
    state.apply(Stay(1))
    state.apply(Knock(0))
    state.apply(Stay(1))
    state.apply(Stay(2))
    assert state.knockers() == [1]  # 13 + 4 > 15


# --------------------------------------------------------------------------- TOE.13


def test_toe_13_everyone_still_in_but_the_winner_takes_the_stake():
    state = trick_position(["9H 8C", "7H 8D", "8H 8S", "AH AS"], dealer=3, tricks_done=2)
    state.apply(Knock(1))
    state.apply(Stay(2))
    state.apply(Fold(3))
    state.apply(Stay(0))
    events = play(state, "9H", "7H", "8H", "8C", "8D", "8S")
    end = next(e for e in events if e["event"] == "hand_end")
    assert end["winner"] == 0 and end["stake"] == 2
    assert end["penalties"] == [0, 2, 2, 0] and end["totals"] == [0, 2, 2, 1]


# --------------------------------------------------------------------------- TOE.14


def test_toe_14_customs_are_announced_after_the_deal_and_change_no_score():
    hands = ["10C 10D 10H 7S", "JC JD JH 7D", "10S JS 8S 9S", "7C 8C 9C AC"]
    state = laundry(hands, dealer=3, options=Options(customs=True))
    assert state.opening == [
        {"event": "custom", "player": 0, "custom": "whistle_must"},
        {"event": "custom", "player": 1, "custom": "whistle_may"},
    ]
    state = laundry(["10C 10D 10H 10S", "JC JD JH JS", "7S 8S 9S AS", "7C 8C 9C AC"], dealer=3,
                    options=Options(customs=True))
    assert [e["custom"] for e in state.opening] == ["stand_must", "stand_may"]
    assert state.points == [0, 0, 0, 0]
    assert laundry(hands, dealer=3).opening == []  # off by default


def test_toe_14_customs_in_a_dealt_rubber():
    found = 0
    for seed in range(400):
        state = State(6, Options(customs=True), Chance(random.Random(seed)))
        for e in state.opening[1:]:
            if e["event"] == "custom":
                found += 1
                hand = state.opening[0]["hands"][e["player"]]
                rank = "10" if e["custom"].endswith("must") else "J"
                count = 3 if e["custom"].startswith("whistle") else 4
                assert sum(code[:-1] == rank for code in hand) == count
    assert found > 0


# --------------------------------------------------------------------------- positions


def test_positions_are_checked():
    with pytest.raises(PositionError) as err:
        State.from_position(["9H 8C", "7H 8D", "8H"], tricks_done=2)
    assert err.value.message == "position_hand_size"
    with pytest.raises(PositionError) as err:
        State.from_position(["9H 8C", "9H 8D", "8H 8S"], tricks_done=2)
    assert err.value.message == "position_duplicate"
    state = State.from_position(["9H 8C", "7H 8D", "8H 8S"], tricks_done=2)
    placed = [x for h in state.hands for x in h] + state.stock
    assert sorted(placed) == sorted(DECK)


def test_a_refusal_about_the_learner_is_said_to_the_learner():
    """Never "You has folded" (issue 14): the learner's own second-person sentence."""
    from tutor import i18n
    from tutor.games.base import IllegalAction
    from tutor.games.toepen.narrate import illegal_line
    from tutor.trainer.table import Names

    names = Names(4, 0)
    try:
        for lang in ("ru", "lt", "cs"):  # in English the two happen to read the same
            i18n.use(lang)
            mine = illegal_line(IllegalAction("TOE.8", "knocker_cannot_fold", player=0), names=names)
            theirs = illegal_line(IllegalAction("TOE.8", "knocker_cannot_fold", player=2), names=names)
            assert names(2) in theirs and mine != theirs.replace(names(2), names(0))  # not the name dropped in
        i18n.use("en")
        assert illegal_line(IllegalAction("TOE.8", "folded", player=0), names=names).startswith("You have folded")
    finally:
        i18n.use("en")
