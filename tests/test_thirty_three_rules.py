"""33: one or more rule-sentence tests per RULEBOOK clause (33.1-33.12).

Positions are hand-built: a State is created from a seed, then its hands, stock (top card
LAST), discard pile (top card last), total and current player are overwritten.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from tutor.games.base import IllegalAction, OptionError
from tutor.games.thirty_three import deck as deckmod
from tutor.games.thirty_three.deck import (
    DEFAULT_DECK,
    FACES,
    LOWEST,
    VALUES,
    Options,
    load_deck_file,
    parse_options,
)
from tutor.games.thirty_three.engine import (
    Chance,
    Draw,
    EndTurn,
    Phase,
    Pick,
    Play,
    Say,
    SkipForfeit,
    State,
)

# --------------------------------------------------------------------------- helpers


def fresh(players: int = 3, seed: int = 0, **opts) -> State:
    return State(players, Options(**opts), Chance(random.Random(seed)))


def position(
    hands: list[list[str]],
    *,
    stock: list[str] | None = None,
    pile: list[str] | None = None,
    total: int = 0,
    current: int = 0,
    seed: int = 0,
    **opts,
) -> State:
    """A hand-built position; `stock[-1]` is the top of the stock, `pile[-1]` the top of the pile."""
    state = fresh(len(hands), seed, **opts)
    state.hands = [list(h) for h in hands]
    state.stock = list(stock) if stock is not None else ["0"] * 12
    state.pile = list(pile) if pile is not None else []
    state.total = total
    state.current = current
    return state


def rejected(state: State, action) -> IllegalAction:
    """Asserts `action` is illegal, and that trying it changed nothing; returns the error."""
    before = snapshot(state)
    assert not state.can(action)
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert snapshot(state) == before, "a rejected action must not change the state"
    return info.value


def snapshot(state: State):
    return (
        [list(h) for h in state.hands],
        list(state.stock),
        list(state.pile),
        state.total,
        state.current,
        state.phase,
        list(state.pending),
        dict(state.picks),
        state.loser,
    )


def kinds(events) -> list[str]:
    return [e["event"] for e in events]


class ScriptedChance(Chance):
    """A Chance whose shuffles are given: `order(cards) -> list`."""

    def __init__(self, order, dealer: int = 0) -> None:
        super().__init__(random.Random(0))
        self.order = order
        self._dealer = dealer

    def dealer(self, players: int) -> int:
        return self._dealer

    def shuffle(self, cards):
        return list(self.order(list(cards)))


# --------------------------------------------------------------------------- 33.1 Deck


def test_33_1_deck_has_twenty_faces_each_with_its_values():
    assert len(FACES) == 20 == len(set(FACES))
    for n in range(2, 11):
        assert VALUES[f"+{n}"] == (n,)
    for n in range(2, 10):
        assert VALUES[f"-{n}"] == (-n,)
    assert set(VALUES["1/11"]) == {1, 11}
    assert set(VALUES["+-10"]) == {10, -10}
    assert VALUES["0"] == (0,)
    assert set(VALUES) == set(FACES)
    assert LOWEST == {f: min(v) for f, v in VALUES.items()}
    assert "-10" not in VALUES and "+1" not in VALUES and "-1" not in VALUES


def test_33_1_default_deck_is_64_cards_with_the_decided_counts():
    assert sum(DEFAULT_DECK.values()) == 64
    assert Options().deck_size == 64
    for n in range(2, 11):
        assert DEFAULT_DECK[f"+{n}"] == 4
    for n in range(2, 10):
        assert DEFAULT_DECK[f"-{n}"] == 2
    assert DEFAULT_DECK["1/11"] == DEFAULT_DECK["+-10"] == DEFAULT_DECK["0"] == 4
    assert Counter(deckmod.deck_cards(DEFAULT_DECK)) == Counter(DEFAULT_DECK)


def test_33_1_a_new_game_uses_exactly_the_default_deck():
    state = fresh(4, seed=7)
    cards = [c for h in state.hands for c in h] + state.stock + state.pile
    assert Counter(cards) == Counter(DEFAULT_DECK)
    assert len(cards) == 64


def test_33_1_each_options_gets_its_own_copy_of_the_default_deck():
    a, b = Options(), Options()
    a.deck["+2"] = 99
    assert b.deck["+2"] == 4 and DEFAULT_DECK["+2"] == 4


def test_33_1_play_for_a_value_the_card_does_not_have_is_rejected_with_clause():
    state = position([["+7", "1/11", "+-10"], ["+2"] * 3, ["+3"] * 3], total=5)
    for play in (Play("+7", 8), Play("+7", -7), Play("1/11", 10), Play("1/11", 0), Play("+-10", 0)):
        err = rejected(state, play)
        assert err.clause == "33.1"
        assert err.message == "bad_value"
        assert err.params["card"] == play.card and err.params["value"] == play.value


def test_33_1_deck_file_replaces_the_default_counts(tmp_path: Path):
    path = tmp_path / "deck.yaml"
    path.write_text("+7: 4\n'-3': 2\n0: 5\n1/11: 3\n+-10: 2\n'+10': 1\n", encoding="utf-8")
    deck = load_deck_file(path)
    assert deck == {"+7": 4, "-3": 2, "0": 5, "1/11": 3, "+-10": 2, "+10": 1}
    options = parse_options({"deck": str(path)})
    assert options.deck == deck
    state = State(3, options, Chance(random.Random(1)))
    cards = [c for h in state.hands for c in h] + state.stock
    assert Counter(cards) == Counter(deck)


def test_33_1_deck_file_accepts_other_notations_of_a_face(tmp_path: Path):
    path = tmp_path / "deck.yaml"
    path.write_text("7: 2\n'±10': 3\n'11/1': 1\n'−4': 2\n", encoding="utf-8")
    assert load_deck_file(path) == {"+7": 2, "+-10": 3, "1/11": 1, "-4": 2}


def test_33_1_deck_file_missing_is_an_error(tmp_path: Path):
    with pytest.raises(OptionError) as info:
        load_deck_file(tmp_path / "nope.yaml")
    assert info.value.message == "deck_missing"
    assert info.value.params["file"].endswith("nope.yaml")
    with pytest.raises(OptionError) as info:
        parse_options({"deck": str(tmp_path / "nope.yaml")})
    assert info.value.message == "deck_missing"


def test_33_1_deck_file_unparseable_yaml_names_the_line(tmp_path: Path):
    path = tmp_path / "deck.yaml"
    path.write_text("+2: 4\n+3: 4\n+4: [4\n+5: 4\n", encoding="utf-8")
    with pytest.raises(OptionError) as info:
        load_deck_file(path)
    assert info.value.message == "deck_yaml"
    assert isinstance(info.value.params["line"], int) and info.value.params["line"] >= 3

    path.write_text("+2: 4\nthis: is: wrong\n", encoding="utf-8")
    with pytest.raises(OptionError) as info:
        load_deck_file(path)
    assert info.value.message == "deck_yaml"
    assert info.value.params["line"] == 2
    assert info.value.params["file"] == str(path)


def test_33_1_deck_file_unknown_face_is_an_error(tmp_path: Path):
    for bad in ("+11", "-10", "+1", "ace", "-1"):
        path = tmp_path / "deck.yaml"
        path.write_text(f"+2: 4\n'{bad}': 2\n", encoding="utf-8")
        with pytest.raises(OptionError) as info:
            load_deck_file(path)
        assert info.value.message == "deck_unknown_face", bad
        assert info.value.params["face"] == bad


@pytest.mark.parametrize("count", ["-1", "2.5", "four", "true", "'4'", "[4]", "null"])
def test_33_1_deck_file_negative_or_non_integer_count_is_an_error(tmp_path: Path, count: str):
    path = tmp_path / "deck.yaml"
    path.write_text(f"+2: 4\n+3: {count}\n", encoding="utf-8")
    with pytest.raises(OptionError) as info:
        load_deck_file(path)
    assert info.value.message == "deck_bad_count"
    assert info.value.params["face"] in ("3", "+3")


def test_33_1_deck_file_is_read_with_the_safe_loader(tmp_path: Path):
    marker = tmp_path / "pwned"
    path = tmp_path / "deck.yaml"
    path.write_text(f'+2: !!python/object/apply:os.system ["touch {marker}"]\n', encoding="utf-8")
    with pytest.raises(OptionError) as info:
        load_deck_file(path)
    assert info.value.message == "deck_yaml"
    assert info.value.params["line"] == 1
    assert not marker.exists(), "the YAML tag was executed"

    path.write_text(f'!!python/object/apply:os.system ["echo hi > {marker}"]\n', encoding="utf-8")
    with pytest.raises(OptionError) as info:
        load_deck_file(path)
    assert info.value.message == "deck_yaml"
    assert not marker.exists(), "the YAML tag was executed"


def test_33_1_deck_file_must_be_a_non_empty_mapping_without_duplicates(tmp_path: Path):
    path = tmp_path / "deck.yaml"
    for text in ("- +2\n- +3\n", "", "42\n"):
        path.write_text(text, encoding="utf-8")
        with pytest.raises(OptionError) as info:
            load_deck_file(path)
        assert info.value.message == "deck_not_mapping", text
    path.write_text("7: 2\n'+7': 3\n", encoding="utf-8")
    with pytest.raises(OptionError) as info:
        load_deck_file(path)
    assert info.value.message == "deck_duplicate_face"
    assert info.value.params["face"] == "+7"


# ----------------------------------------------------------------- options (33.1/9/10/12)


def test_33_1_33_9_33_10_33_12_parse_options_reads_every_key():
    assert parse_options({}) == Options()
    opts = parse_options({"recycle": "shuffle", "draw": "manual", "forfeit": "on"})
    assert opts.shuffle_recycle and opts.manual_draw and opts.forfeit
    assert opts.deck == DEFAULT_DECK
    opts = parse_options({"recycle": "FLIP", "draw": "Auto", "forfeit": "no"})
    assert not (opts.shuffle_recycle or opts.manual_draw or opts.forfeit)
    for word in ("yes", "true", "on", "1", " ON "):
        assert parse_options({"forfeit": word}).forfeit
    for word in ("no", "false", "off", "0"):
        assert not parse_options({"forfeit": word}).forfeit


def test_33_1_options_unknown_key_is_an_error():
    with pytest.raises(OptionError) as info:
        parse_options({"decks": "2"})
    assert info.value.message == "option_unknown"
    assert info.value.params["key"] == "decks"
    assert "recycle" in info.value.params["allowed"]


@pytest.mark.parametrize(
    "key, value", [("recycle", "sideways"), ("draw", "sometimes"), ("forfeit", "maybe"), ("recycle", "")]
)
def test_33_1_options_bad_value_is_an_error(key: str, value: str):
    with pytest.raises(OptionError) as info:
        parse_options({key: value})
    assert info.value.message == "option_bad_value"
    assert info.value.params["key"] == key and info.value.params["value"] == value


def test_33_1_options_record_round_trip():
    opts = Options(deck={"+5": 9, "-2": 3, "0": 1}, shuffle_recycle=True, manual_draw=True, forfeit=True)
    assert Options.from_record(opts.to_record()) == opts
    assert Options.from_record(Options().to_record()) == Options()


# --------------------------------------------------------------------------- 33.2 Players


@pytest.mark.parametrize("players", range(2, 9))
def test_33_2_two_to_eight_players_may_play(players: int):
    state = fresh(players, seed=players)
    assert state.players == players
    assert len(state.hands) == players


@pytest.mark.parametrize("players", [-1, 0, 1, 9, 20])
def test_33_2_fewer_than_two_or_more_than_eight_players_is_an_error(players: int):
    with pytest.raises(OptionError) as info:
        fresh(players)
    assert info.value.message == "players_range"
    assert info.value.params == {"players": players, "low": 2, "high": 8}


@pytest.mark.parametrize("players", range(2, 9))
def test_33_2_deck_must_hold_three_per_player_and_one_more(players: int):
    need = 3 * players + 1
    small = {"+2": need - 1}
    with pytest.raises(OptionError) as info:
        State(players, Options(deck=small), Chance(random.Random(0)))
    assert info.value.message == "deck_too_small"
    assert info.value.params == {"size": need - 1, "players": players, "need": need}
    state = State(players, Options(deck={"+2": need}), Chance(random.Random(0)))
    assert len(state.stock) == 1


# --------------------------------------------------------------------------- 33.3 Set-up


@pytest.mark.parametrize("players", range(2, 9))
def test_33_3_three_cards_each_the_rest_is_the_stock_pile_empty_total_zero(players: int):
    state = fresh(players, seed=100 + players)
    assert [len(h) for h in state.hands] == [3] * players
    assert len(state.stock) == 64 - 3 * players
    assert state.pile == []
    assert state.total == 0
    assert state.phase is Phase.PLAY
    assert state.pending == [] and state.loser is None and state.plays == 0


@pytest.mark.parametrize("seed", range(6))
def test_33_3_deal_is_one_card_at_a_time_from_the_dealers_left(seed: int):
    players = 4
    state = fresh(players, seed=seed)
    shuffle, deal = state.opening
    assert shuffle["event"] == "shuffle"
    order = shuffle["stock"]  # the shuffled deck, top card first
    assert Counter(order) == Counter(DEFAULT_DECK)
    assert deal["event"] == "deal" and deal["dealer"] == state.dealer
    assert deal["hands"] == state.hands
    for k in range(3 * players):
        rnd, i = divmod(k, players)
        seat = (state.dealer + 1 + i) % players
        assert state.hands[seat][rnd] == order[k]
    # The rest is the stock, in order: its top card (last element) is the next card of the shuffle.
    assert state.stock[::-1] == order[3 * players :]


def test_33_3_deal_with_a_scripted_shuffle():
    deck = {"+2": 3, "+3": 3, "+4": 3, "+5": 1}
    chance = ScriptedChance(lambda cards: cards, dealer=2)  # face order: +2 +2 +2 +3 +3 +3 +4 ...
    state = State(3, Options(deck=deck), chance)
    # dealer 2: seat 0 gets the first card, then seat 1, then the dealer.
    assert state.hands == [["+2", "+3", "+4"], ["+2", "+3", "+4"], ["+2", "+3", "+4"]]
    assert state.stock == ["+5"]
    assert state.current == 0
    assert [e["event"] for e in state.opening] == ["shuffle", "deal"]


def test_33_3_the_dealer_is_random_and_a_seed_reproduces_the_deal():
    dealers = {fresh(5, seed=s).dealer for s in range(60)}
    assert dealers == set(range(5))
    a, b = fresh(5, seed=42), fresh(5, seed=42)
    assert a.opening == b.opening and a.stock == b.stock and a.dealer == b.dealer
    orders = {tuple(fresh(5, seed=s).opening[0]["stock"]) for s in range(10)}
    assert len(orders) == 10


# --------------------------------------------------------------------------- 33.4 Order


@pytest.mark.parametrize("seed", range(20))
def test_33_4_the_player_to_the_dealers_left_plays_first(seed: int):
    players = 2 + seed % 7
    state = fresh(players, seed=seed)
    assert state.current == (state.dealer + 1) % players
    assert state.current_player == state.current


def test_33_4_play_goes_clockwise():
    state = position([["+2"] * 3, ["+2"] * 3, ["+2"] * 3, ["+2"] * 3], stock=["+3"] * 20, current=2)
    seen = []
    for _ in range(6):
        seen.append(state.current)
        events = state.apply(Play("+2", 2))
        assert events[0]["player"] == seen[-1]
    assert seen == [2, 3, 0, 1, 2, 3]


# --------------------------------------------------------------------------- 33.5 A turn


def test_33_5_play_one_card_then_draw_so_every_player_holds_three():
    state = position(
        [["+7", "-3", "0"], ["+2", "+3", "+4"], ["+5", "+6", "+8"]],
        stock=["+9", "+10", "1/11"],
        pile=["-2"],
        total=4,
    )
    events = state.apply(Play("+7", 7))
    assert events == [
        {"event": "play", "player": 0, "card": "+7", "value": 7, "total": 11},
        {"event": "draw", "player": 0, "card": "1/11", "from": "stock"},
    ]
    assert state.hands[0] == ["-3", "0", "1/11"]
    assert state.pile == ["-2", "+7"]
    assert state.stock == ["+9", "+10"]
    assert state.total == 11
    assert [len(h) for h in state.hands] == [3, 3, 3]
    assert state.current == 1 and state.phase is Phase.PLAY
    assert state.plays == 1


@pytest.mark.parametrize("value, total", [(1, 13), (11, 23)])
def test_33_5_one_eleven_counts_one_or_eleven(value: int, total: int):
    state = position([["1/11", "+2", "+3"], ["+2"] * 3], total=12)
    assert Play("1/11", 1) in state.legal_plays() and Play("1/11", 11) in state.legal_plays()
    events = state.apply(Play("1/11", value))
    assert events[0]["value"] == value and state.total == total


@pytest.mark.parametrize("value, total", [(10, 30), (-10, 10)])
def test_33_5_plus_minus_ten_adds_or_subtracts_ten(value: int, total: int):
    state = position([["+-10", "+2", "+3"], ["+2"] * 3], total=20)
    assert {p.value for p in state.legal_plays() if p.card == "+-10"} == {10, -10}
    state.apply(Play("+-10", value))
    assert state.total == total


def test_33_5_only_the_values_that_stay_in_range_are_offered():
    state = position([["1/11", "+-10", "+9"], ["+2"] * 3], total=25)
    assert set(state.legal_plays()) == {Play("1/11", 1), Play("+-10", -10)}
    assert state.legal_actions() == state.legal_plays()


def test_33_5_legal_plays_list_each_face_once():
    state = position([["+2", "+2", "1/11"], ["+2"] * 3], total=0)
    assert state.legal_plays() == [Play("+2", 2), Play("1/11", 1), Play("1/11", 11)]


def test_33_5_a_card_not_in_hand_is_rejected_with_clause():
    state = position([["+2", "+3", "+4"], ["+5", "+6", "+7"]], total=0)
    err = rejected(state, Play("+5", 5))
    assert err.clause == "33.5" and err.message == "not_in_hand" and err.params["card"] == "+5"
    err = rejected(state, Play("bogus", 1))
    assert err.clause == "33.5"


def test_33_5_drawing_out_of_turn_or_twice_is_rejected():
    state = position([["+2", "+3", "+4"], ["+5", "+6", "+7"], ["+8"] * 3])
    err = rejected(state, Draw(player=1))
    assert err.clause == "33.5" and err.message == "not_your_turn"
    err = rejected(state, Draw())
    assert err.clause == "33.5" and err.message == "not_now"
    err = rejected(state, Draw(player=0))
    assert err.clause == "33.5"


def test_33_5_auto_mode_needs_no_say_and_no_end_turn():
    state = position([["+2", "+3", "+4"], ["+5", "+6", "+7"]])
    assert rejected(state, Say(0)).clause == "33.11"
    assert rejected(state, EndTurn()).clause == "33.10"
    assert rejected(state, Pick("+2")).clause == "33.12"
    assert rejected(state, SkipForfeit()).clause == "33.12"


# --------------------------------------------------------------------------- 33.6 The 0 card


def test_33_6_zero_keeps_the_total_and_the_player_still_draws():
    state = position([["0", "+9", "+8"], ["+2"] * 3], stock=["+4", "-5"], total=17)
    events = state.apply(Play("0", 0))
    assert kinds(events) == ["play", "draw"]
    assert events[0]["total"] == 17 and state.total == 17
    assert events[1] == {"event": "draw", "player": 0, "card": "-5", "from": "stock"}
    assert state.hands[0] == ["+9", "+8", "-5"]
    assert state.pile == ["0"]
    assert state.current == 1


def test_33_6_zero_is_a_legal_play_at_33():
    state = position([["0", "+9", "+8"], ["+2"] * 3], total=33)
    assert state.legal_plays() == [Play("0", 0)]
    assert state.has_legal_play(0)


# --------------------------------------------------------------------------- 33.7 The limit


def test_33_7_total_may_reach_exactly_33():
    state = position([["+10", "+2", "+3"], ["0", "+2", "+3"]], total=23)
    assert Play("+10", 10) in state.legal_plays()
    events = state.apply(Play("+10", 10))
    assert events[0]["total"] == 33 and state.total == 33
    assert not state.is_over  # player 1 can still play 0


def test_33_7_play_over_33_is_rejected_with_clause():
    state = position([["+10", "1/11", "0"], ["+2"] * 3], total=24)
    err = rejected(state, Play("+10", 10))
    assert err.clause == "33.7" and err.message == "over_limit"
    assert err.params == {"card": "+10", "value": 10, "total": 24, "new_total": 34}
    err = rejected(state, Play("1/11", 11))
    assert err.clause == "33.7" and err.params["new_total"] == 35
    assert Play("1/11", 1) in state.legal_plays()


def test_33_7_total_may_go_below_zero():
    state = position([["-9", "+2", "+3"], ["+-10", "+2", "+3"], ["+2"] * 3], total=3)
    state.apply(Play("-9", -9))
    assert state.total == -6
    state.apply(Play("+-10", -10))
    assert state.total == -16
    assert not state.is_over


def test_33_7_no_legal_play_ever_exceeds_33():
    for total in range(-20, 34):
        state = position([["+10", "1/11", "+-10"], ["+2"] * 3], total=total)
        for play in state.legal_plays():
            assert total + play.value <= 33
        expected = {(c, v) for c in ("+10", "1/11", "+-10") for v in VALUES[c] if total + v <= 33}
        assert {(p.card, p.value) for p in state.legal_plays()} == expected


# --------------------------------------------------------------------------- 33.8 Losing


def test_33_8_a_player_with_no_card_keeping_the_total_in_range_loses_at_the_start_of_the_turn():
    hand1 = ["+10", "+9", "+8"]
    state = position([["+3", "+2", "+4"], hand1, ["-5", "0", "+2"]], stock=["+2"] * 5, total=22)
    state.apply(Play("+3", 3))  # total 25: +8 takes player 1 to exactly 33, still a play
    assert not state.is_over and state.current == 1
    state = position([["+4", "+2", "+3"], hand1, ["-5", "0", "+2"]], stock=["+2"] * 5, total=22)
    events = state.apply(Play("+4", 4))  # total 26: +8 -> 34, no card keeps player 1 in range
    assert kinds(events) == ["play", "draw", "lose", "game_over"]
    lose = events[2]
    assert lose == {"event": "lose", "player": 1, "rule": "33.8", "total": 26, "hand": hand1}
    assert events[3] == {"event": "game_over", "loser": 1, "rule": "33.8", "plays": 1}
    assert state.is_over and state.phase is Phase.OVER
    assert state.loser == 1 and state.lose_rule == "33.8"
    assert state.current_player is None
    assert state.legal_actions() == []
    assert state.hands[1] == hand1  # the loser played nothing


def test_33_8_the_game_ends_there_and_nothing_more_is_allowed():
    state = position([["+4", "+2", "+3"], ["+10", "+9", "+8"]], stock=["+2"] * 5, total=22)
    state.apply(Play("+4", 4))
    assert state.is_over
    for action in (Play("+10", 10), Play("+2", 2), Draw(), Say(26), EndTurn(), Pick("+2"), SkipForfeit()):
        err = rejected(state, action)
        assert err.clause == "33.8" and err.message == "game_over"


@pytest.mark.parametrize(
    "total, hand",
    [
        (30, ["+10", "+9", "-2"]),
        (32, ["+10", "+9", "1/11"]),  # 1/11 counts 1: exactly 33
        (33, ["+10", "+9", "+-10"]),  # +-10 counts -10
        (33, ["+10", "+9", "0"]),
        (25, ["+10", "+9", "+8"]),  # +8 -> 33
    ],
)
def test_33_8_a_player_who_has_a_card_keeping_the_total_in_range_cannot_be_declared_lost(total, hand):
    state = position([["0", "0", "0"], hand], stock=["+2"] * 5, total=total)
    assert state.has_legal_play(1)
    state.apply(Play("0", 0))
    assert not state.is_over and state.loser is None
    assert state.current == 1
    assert state.legal_actions(), "a player who can play must be offered a play"


def test_33_8_a_player_who_can_play_must_play_and_may_not_pass():
    state = position([["+10", "+9", "-2"], ["+2"] * 3], total=30)
    assert state.legal_actions() == [Play("-2", -2)]
    assert rejected(state, Draw()).clause == "33.5"
    assert rejected(state, EndTurn()).clause == "33.10"


def test_33_8_loss_checks_the_lowest_value_of_two_valued_cards():
    state = position([["+2", "+2", "+2"], ["1/11", "+-10", "+10"]], total=31)
    state.apply(Play("+2", 2))  # 33: player 1 can still play +-10 for -10
    assert not state.is_over
    state = position([["+2", "+2", "+2"], ["1/11", "+10", "+9"]], total=31)
    state.apply(Play("+2", 2))  # 33: 1/11 -> 34 at best
    assert state.is_over and state.loser == 1


# --------------------------------------------------------------------------- 33.9 Empty stock


def test_33_9_empty_stock_turns_the_pile_over_without_shuffling():
    pile = ["+2", "+3", "-4", "+5"]  # bottom first; "+5" is on top
    state = position([["+6", "0", "0"], ["+2"] * 3], stock=[], pile=pile, total=10)
    events = state.apply(Play("+6", 6))
    assert kinds(events) == ["play", "recycle", "draw"]
    recycle = events[1]
    # The pile as it was when the draw came: old bottom first, the card just played last.
    assert recycle == {
        "event": "recycle",
        "shuffled": False,
        "stock": ["+2", "+3", "-4", "+5", "+6"],
        "total": 16,
    }
    # Turned over: the old bottom card of the pile is the new top of the stock, and is drawn.
    assert events[2]["card"] == "+2"
    assert state.hands[0] == ["0", "0", "+2"]
    assert state.stock == ["+6", "+5", "-4", "+3"]  # top is last: "+3" is drawn next
    assert state.pile == []
    assert state.total == 16


def test_33_9_the_stock_is_only_recycled_when_empty():
    state = position([["+6", "0", "0"], ["+2"] * 3], stock=["-2"], pile=["+2", "+3"], total=10)
    events = state.apply(Play("+6", 6))
    assert kinds(events) == ["play", "draw"]
    assert state.stock == [] and state.pile == ["+2", "+3", "+6"]
    events = state.apply(Play("+2", 2))
    assert kinds(events) == ["play", "recycle", "draw"]
    assert events[1]["stock"] == ["+2", "+3", "+6", "+2"]
    assert events[2]["card"] == "+2"
    assert state.total == 18


def test_33_9_shuffle_option_shuffles_exactly_the_piles_cards():
    pile = ["+2", "+3", "-4", "+5", "+7", "+8", "+9", "0", "1/11", "+-10"]
    stocks = set()
    for seed in range(8):
        state = position(
            [["+6", "0", "0"], ["+2"] * 3], stock=[], pile=pile, total=-3, seed=seed, shuffle_recycle=True
        )
        state.chance = Chance(random.Random(seed))
        events = state.apply(Play("+6", 6))
        assert kinds(events) == ["play", "recycle", "draw"]
        recycle = events[1]
        assert recycle["shuffled"] is True
        assert recycle["total"] == 3 == state.total
        assert Counter(recycle["stock"]) == Counter(pile + ["+6"])
        assert events[2]["card"] == recycle["stock"][0]
        assert state.stock == recycle["stock"][::-1][:-1]
        assert state.pile == []
        cards = [c for h in state.hands for c in h] + state.stock + state.pile
        assert Counter(cards) == Counter(pile + ["+6", "0", "0"] + ["+2"] * 3)
        stocks.add(tuple(recycle["stock"]))
    assert len(stocks) > 1, "the shuffle option should actually shuffle"


def test_33_9_recycle_also_serves_a_manual_draw():
    state = position([["+6", "0", "0"], ["+2"] * 3], stock=[], pile=["-3", "+4"], total=0, manual_draw=True)
    state.apply(Play("+6", 6))
    state.apply(Say(6))
    events = state.apply(Draw())
    assert kinds(events) == ["recycle", "draw"]
    assert events[0]["stock"] == ["-3", "+4", "+6"] and events[0]["total"] == 6
    assert events[1]["card"] == "-3"
    assert state.stock == ["+6", "+4"] and state.total == 6


# --------------------------------------------------------------------------- 33.10 Forgetting to draw


def manual3(**opts) -> State:
    return position(
        [["+2", "+3", "+4"], ["+5", "+6", "-2"], ["+7", "0", "-3"]],
        stock=["+8", "+9", "+10", "-4", "-5", "-6", "+2", "+3", "+4", "+5"],
        total=0,
        manual_draw=True,
        **opts,
    )


def test_33_10_manual_draw_turn_is_play_say_then_draw_or_end():
    state = manual3()
    events = state.apply(Play("+2", 2))
    assert kinds(events) == ["play"]
    assert state.phase is Phase.SAY and state.current == 0
    assert state.legal_actions() == [Say(2)]
    assert len(state.hands[0]) == 2
    state.apply(Say(2))
    assert state.phase is Phase.DRAW
    assert state.legal_actions() == [Draw(), EndTurn()]
    events = state.apply(Draw())
    assert events == [{"event": "draw", "player": 0, "card": "+5", "from": "stock"}]
    assert state.current == 1 and state.phase is Phase.PLAY
    assert [len(h) for h in state.hands] == [3, 3, 3]


def test_33_10_end_turn_without_drawing_then_next_player_plays_and_draws_forgetful_player_loses():
    state = manual3()
    state.apply(Play("+2", 2))
    state.apply(Say(2))
    events = state.apply(EndTurn())
    assert events == [{"event": "end_turn", "player": 0}]
    assert state.pending == [0] and len(state.hands[0]) == 2
    assert state.current == 1 and state.phase is Phase.PLAY
    state.apply(Play("+5", 5))
    assert not state.is_over
    state.apply(Say(7))
    assert not state.is_over  # played, but not yet drawn
    events = state.apply(Draw())
    assert kinds(events) == ["draw", "lose", "game_over"]
    assert events[0]["player"] == 1
    assert events[1] == {"event": "lose", "player": 0, "rule": "33.10", "total": 7, "hand": ["+3", "+4"]}
    assert events[2] == {"event": "game_over", "loser": 0, "rule": "33.10", "plays": 2}
    assert state.is_over and state.loser == 0 and state.lose_rule == "33.10"


@pytest.mark.parametrize("when", ["before_play", "before_say", "before_draw"])
def test_33_10_a_late_draw_while_pending_saves_the_forgetful_player(when: str):
    state = manual3()
    state.apply(Play("+2", 2))
    state.apply(Say(2))
    state.apply(EndTurn())
    late = Draw(player=0)
    steps = [Play("+5", 5), Say(7), Draw()]
    at = {"before_play": 0, "before_say": 1, "before_draw": 2}[when]
    for i, step in enumerate(steps):
        if i == at:
            assert state.can(late)
            events = state.apply(late)
            assert events == [{"event": "draw", "player": 0, "card": "+5", "from": "stock"}]
            assert state.pending == [] and len(state.hands[0]) == 3
            assert state.current == 1  # a late draw does not change whose turn it is
        state.apply(step)
    assert not state.is_over and state.loser is None
    assert state.current == 2
    assert [len(h) for h in state.hands] == [3, 3, 3]
    assert rejected(state, Draw(player=0)).message == "not_your_turn"  # only once


def test_33_10_a_pending_player_must_draw_before_playing_on_their_own_turn():
    state = position(
        [["+2", "+3", "+4"], ["+5", "+6", "-2"]], stock=["+8", "+9", "+10", "-4"], manual_draw=True
    )
    for action in (Play("+2", 2), Say(2), EndTurn()):
        state.apply(action)
    for action in (Play("+5", 5), Say(7), EndTurn()):  # player 1 forgets too
        state.apply(action)
    assert state.pending == [0, 1] and state.current == 0 and state.phase is Phase.PLAY
    assert state.legal_actions() == [Draw(0)]
    err = rejected(state, Play("+3", 3))
    assert err.clause == "33.10" and err.message == "draw_first"
    state.apply(Draw(0))  # late draw on their own turn
    assert state.pending == [1] and state.current == 0 and len(state.hands[0]) == 3
    state.apply(Play("+3", 3))
    state.apply(Say(10))
    events = state.apply(Draw())  # player 0 played and drew: player 1 still holds two
    assert kinds(events) == ["draw", "lose", "game_over"]
    assert events[1]["player"] == 1 and events[1]["rule"] == "33.10"


def test_33_10_in_auto_mode_the_engine_draws_for_everyone():
    state = position([["+2", "+3", "+4"], ["+5", "+6", "-2"]], stock=["+8", "+9"])
    state.apply(Play("+2", 2))
    assert len(state.hands[0]) == 3 and state.pending == []
    assert rejected(state, EndTurn()).clause == "33.10"


def test_33_10_end_turn_only_after_playing_and_saying():
    state = manual3()
    err = rejected(state, EndTurn())
    assert err.clause == "33.10" and err.message == "not_now"
    state.apply(Play("+2", 2))
    assert rejected(state, EndTurn()).clause == "33.10"
    assert rejected(state, Draw()).clause == "33.5"  # say first


def test_33_10_forgetful_player_loses_and_the_forfeit_draw_follows():
    state = manual3(forfeit=True)
    for action in (Play("+2", 2), Say(2), EndTurn(), Play("+5", 5), Say(7)):
        state.apply(action)
    events = state.apply(Draw())
    assert kinds(events) == ["draw", "lose"]
    assert events[1]["player"] == 0 and events[1]["rule"] == "33.10"
    assert state.loser == 0
    assert state.phase is Phase.PICK
    assert state.current == 1  # picks go round from the loser's left
    assert all(isinstance(a, (Pick, SkipForfeit)) for a in state.legal_actions())


# --------------------------------------------------------------------------- 33.11 Saying the total


def test_33_11_a_right_total_is_recorded_as_correct():
    state = manual3()
    state.apply(Play("+4", 4))
    events = state.apply(Say(4))
    assert events == [{"event": "say", "player": 0, "said": 4, "total": 4, "correct": True}]


def test_33_11_a_wrong_total_is_recorded_and_corrected_and_the_game_goes_on():
    state = manual3()
    state.apply(Play("+4", 4))
    events = state.apply(Say(40))
    assert events == [{"event": "say", "player": 0, "said": 40, "total": 4, "correct": False}]
    assert state.total == 4  # what was said changes nothing
    assert state.phase is Phase.DRAW and not state.is_over and state.loser is None
    state.apply(Draw())
    assert state.current == 1 and state.phase is Phase.PLAY
    state.apply(Play("+5", 5))
    assert state.apply(Say(9))[0]["correct"] is True


def test_33_11_say_comes_before_anything_else():
    state = manual3()
    assert rejected(state, Say(0)).clause == "33.11"  # nothing played yet
    state.apply(Play("+2", 2))
    err = rejected(state, Play("+3", 3))
    assert err.clause == "33.11" and err.message == "say_first"
    state.apply(Say(2))
    assert rejected(state, Say(2)).clause == "33.11"  # only once
    err = rejected(state, Play("+3", 3))
    assert err.clause == "33.5" and err.message == "draw_first"


# --------------------------------------------------------------------------- 33.12 Forfeit draw


def lost_with_forfeit(players: int = 3, seed: int = 0) -> State:
    """Player 0 plays +4 to 26 and player 1, holding +10 +9 +8, is stuck (33.8)."""
    hands = [["+4", "+2", "+3"], ["+10", "+9", "+8"]] + [["-5", "0", "+2"]] * (players - 2)
    state = position(hands, stock=["+2"] * 5, total=22, seed=seed, forfeit=True)
    events = state.apply(Play("+4", 4))
    assert kinds(events) == ["play", "draw", "lose"]
    assert events[2]["rule"] == "33.8" and events[2]["player"] == 1
    return state


def test_33_12_after_the_loss_every_player_picks_a_different_card_then_the_loser_draws_one():
    state = lost_with_forfeit(3)
    assert state.phase is Phase.PICK and not state.is_over
    assert state.current == 2  # from the loser's left
    order = []
    for face in ("+7", "0", "1/11"):
        order.append(state.current)
        assert Pick(face) in state.legal_actions()
        events = state.apply(Pick(face))
        assert events[0] == {"event": "forfeit_pick", "player": order[-1], "card": face}
    assert order == [2, 0, 1]  # the loser picks too, last
    assert kinds(events) == ["forfeit_pick", "forfeit_draw", "game_over"]
    draw = events[1]
    picks = {2: "+7", 0: "0", 1: "1/11"}
    assert draw["player"] == 1
    assert sorted(draw["cards"]) == sorted(picks.values())
    assert draw["card"] in picks.values()
    assert picks[draw["owner"]] == draw["card"]
    assert events[2] == {"event": "game_over", "loser": 1, "rule": "33.8", "plays": 1}
    assert state.is_over and state.picks == picks


def test_33_12_a_taken_face_is_rejected_with_clause():
    state = lost_with_forfeit(3)
    state.apply(Pick("+7"))
    err = rejected(state, Pick("+7"))
    assert err.clause == "33.12" and err.message == "forfeit_taken" and err.params["card"] == "+7"
    assert Pick("+7") not in state.legal_actions()
    state.apply(Pick("-2"))
    assert rejected(state, Pick("-2")).message == "forfeit_taken"


def test_33_12_a_face_not_in_the_deck_is_rejected():
    state = lost_with_forfeit(3)
    for face in ("+11", "ace"):
        err = rejected(state, Pick(face))
        assert err.clause == "33.12" and err.message == "forfeit_no_such_card"


def test_33_12_the_pick_phase_allows_only_picks_and_skip():
    state = lost_with_forfeit(3)
    for action in (Play("+2", 2), Say(26), EndTurn(), Draw()):
        rejected(state, action)  # the clause cited is the one of the kind of action (33.11, 33.10, 33.5)
    assert rejected(state, Play("-5", -5)).clause == "33.12"
    assert set(a.card for a in state.legal_actions() if isinstance(a, Pick)) == set(FACES)
    assert state.legal_actions()[-1] == SkipForfeit()


def test_33_12_the_owner_of_the_drawn_card_may_be_the_loser():
    state = lost_with_forfeit(4)
    state.chance = ScriptedChance(lambda cards: cards[::-1])  # the mixing reverses the seat order
    for face in ("+2", "+3", "+4", "+5"):  # seats 2, 3, 0, then the loser 1
        events = state.apply(Pick(face))
    assert state.is_over
    draw = events[1]
    # mixed in seat order (0: +4, 1: +5, 2: +2, 3: +3), reversed: +3 first, owned by seat 3
    assert draw["cards"] == ["+3", "+2", "+5", "+4"]
    assert draw["card"] == "+3" and draw["owner"] == 3
    state = lost_with_forfeit(4)
    state.chance = ScriptedChance(lambda cards: cards[1:] + cards[:1])  # seat 1 (loser) first
    for face in ("+2", "+3", "+4", "+5"):
        events = state.apply(Pick(face))
    assert events[1]["card"] == "+5" and events[1]["owner"] == 1 == events[1]["player"]


@pytest.mark.parametrize("after", [0, 1, 2])
def test_33_12_the_forfeit_draw_can_be_skipped(after: int):
    state = lost_with_forfeit(3)
    for face in ("+7", "0")[:after]:
        state.apply(Pick(face))
    who = state.current
    events = state.apply(SkipForfeit())
    assert events == [
        {"event": "forfeit_skip", "player": who},
        {"event": "game_over", "loser": 1, "rule": "33.8", "plays": 1},
    ]
    assert state.is_over and state.legal_actions() == []
    assert rejected(state, Pick("+2")).clause == "33.8"


def test_33_12_without_the_option_the_game_is_over_at_once():
    state = position([["+4", "+2", "+3"], ["+10", "+9", "+8"]], stock=["+2"] * 5, total=22)
    events = state.apply(Play("+4", 4))
    assert kinds(events)[-2:] == ["lose", "game_over"]
    assert rejected(state, Pick("+2")).clause == "33.8"
    assert rejected(state, SkipForfeit()).clause == "33.8"


def test_33_12_with_few_faces_the_last_pickers_can_only_skip():
    deck = {"+10": 4, "+9": 3}
    state = State(2, Options(deck=deck, forfeit=True), Chance(random.Random(0)))
    state.hands = [["+9", "+10", "+10"], ["+10", "+10", "+9"]]
    state.stock = ["+9"]
    state.total = 20
    state.current = 0
    state.apply(Play("+9", 9))  # 29: player 1 is stuck
    assert state.loser == 1 and state.phase is Phase.PICK
    assert state.legal_actions() == [Pick("+10"), Pick("+9"), SkipForfeit()]
    state.apply(Pick("+9"))
    assert state.legal_actions() == [Pick("+10"), SkipForfeit()]


def test_33_12_no_late_draw_once_the_game_is_lost():
    # 3 players, manual draw, forfeit: player 0 ends the turn without drawing and player 1 is stuck.
    state = position(
        [["+2", "+3", "+4"], ["+10", "+10", "+10"], ["+8", "+9", "+10"]],
        stock=["0"] * 6,
        total=22,
        manual_draw=True,
        forfeit=True,
    )
    state.apply(Play("+2", 2))
    state.apply(Say(24))
    events = state.apply(EndTurn())
    assert kinds(events) == ["end_turn", "lose"] and events[1]["rule"] == "33.8"
    assert state.phase is Phase.PICK and state.current == 2 and state.pending == [0]
    err = rejected(state, Draw(player=0))
    assert err.clause in ("33.8", "33.12")
