"""3-13 Speed at a network table: the host's adapter (net.py) as pure functions."""

from __future__ import annotations

import copy
import json
import random

import pytest

from tutor.cards import Card
from tutor.games.base import Chance
from tutor.games.speed import bots, coach
from tutor.games.speed import net as speed_net
from tutor.games.speed.engine import Discard, Draw, Match, Pass, Phase, State
from tutor.games.speed.narrate import discard_verdict_lines, draw_verdict_lines, window_verdict_lines
from tutor.games.speed.net import NET
from tutor import i18n


def state_at(players: int = 4, seed: int = 1, calls: int = 0) -> State:
    """A seeded game after `calls` calls played by normal bots at every seat."""
    state = State(players, Chance(random.Random(seed)))
    rng = random.Random(seed)
    for _ in range(calls):
        for seat, choice in bots.choose_all("normal", state, rng, list(state.to_act)):
            state.apply(choice.action)
    return state


def every_call(players: int = 4, seed: int = 1, level: str = "normal"):  # type: ignore[no-untyped-def]
    """Each state of a whole game before a call, with the events of the call before it."""
    state = State(players, Chance(random.Random(seed)))
    rng = random.Random(seed)
    events = list(state.opening)
    while not state.is_over:
        yield state, events
        events = []
        for seat, action in NET.bots(state, rng, level, set(range(players))):
            events += state.apply(action)


def test_actions_round_trip_and_go_through_json():
    seen = set()
    for state, _events in every_call(4, 3):
        if state.hand > 2:
            break
        for seat in state.to_act:
            for action in state.legal_actions(seat):
                data = json.loads(json.dumps(NET.action_data(action)))
                back = NET.action(data, seat)
                assert type(back) is type(action) and NET.action_data(back) == data
                assert state.can(back)  # a discard by its code takes the copy the seat holds
                seen.add(data["event"])
    assert seen >= {"draw", "discard", "pass"}


@pytest.mark.parametrize("data", [
    None, [], "draw", 3, {}, {"event": None}, {"event": "fold"}, {"event": ["draw"]},
    {"event": "draw"}, {"event": "draw", "from": "stock"}, {"event": "draw", "from": None},
    {"event": "draw", "from": "middle", "player": 1}, {"event": "discard"}, {"event": "discard", "card": 10},
    {"event": "discard", "card": "1H"}, {"event": "discard", "card": "10h"}, {"event": "discard", "card": "TH"},
    {"event": "discard", "card": "ZZ"}, {"event": "discard", "card": ["QS"]},
    {"event": "discard", "card": "QS", "copy": 2}, {"event": "match", "player": 0}, {"event": "pass", "x": None},
])
def test_malformed_action_data_raises_value_error(data):
    with pytest.raises(ValueError):
        NET.action(data, 0)


def test_a_discard_named_by_its_code_takes_the_copy_held():
    state = state_at(3, 2, calls=2)
    assert state.phase is Phase.DISCARD
    held = state.hands[1][0]
    other = Card(held.rank, held.suit, (held.copy + 1) % 4)
    assert other not in state.hands[1]
    state.apply(Discard(1, other))
    assert state.pending[1].card is held
    with pytest.raises(Exception):
        state.apply(Discard(2, Card(99, "X")))  # not a card of any deck: refused (SPD.6)


def test_views_round_trip_hold_only_the_seat_s_cards_and_say_what_it_may_do():
    phases = set()
    for state, _events in every_call(4, 5):
        if state.hand > 2:
            break
        for seat in range(4):
            data = json.loads(json.dumps(NET.view(state, seat)))
            v = speed_net.view_of(data)
            assert speed_net.view_data(v) == {k: data[k] for k in data if k not in ("legal", "waiting", "drew")}
            assert data["hand"] == [c.code for c in state.hands[seat]]
            assert data["legal"] == [NET.action_data(a) for a in state.legal_actions(seat)]
            assert data["waiting"] == list(state.to_act)
            assert "middle" not in json.dumps(data).replace("middle_size", "").replace('"from": "middle"', "")
            if state.phase is Phase.DISCARD and seat in state.playing:
                drawn = state.drawn[seat]
                assert data["drew"]["card"] == drawn.code
                assert speed_net.drawn_card(v, data["drew"]).code == drawn.code
            else:
                assert data["drew"] is None
            phases.add(data["phase"])
    assert phases == {"match", "draw", "discard"}


def test_a_view_with_a_bad_field_is_refused():
    data = NET.view(state_at(), 0)
    for key, bad in (("hand", ["XX"]), ("phase", "deal"), ("cycle", "1"), ("chosen", 0), ("tops", "QS")):
        with pytest.raises(ValueError):
            speed_net.view_of({**data, key: bad})
    with pytest.raises(ValueError):
        speed_net.view_of({**data, "stock": []})


def verdicts_of_a_game():  # type: ignore[no-untyped-def]
    """Every kind of verdict the coach gives, from a seeded game."""
    found = []
    for state, _events in every_call(3, 7, level="easy"):
        if state.hand > 3:
            break
        for seat in state.to_act:
            if state.phase is Phase.MATCH:
                found.append(coach.judge_window(state, seat, called=not state.can_match(seat)))
            elif state.phase is Phase.DRAW:
                found += [coach.judge_draw(state, seat, source) for source in ("middle", "pile")
                          if state.can(Draw(seat, source))]
            else:
                found += [coach.judge_discard(state, seat, c) for c in state.hands[seat]]
    return found


def test_verdicts_round_trip_and_say_the_same_in_every_language():
    found = verdicts_of_a_game()
    kinds = {(type(v).__name__, v.kind) for v in found}
    assert {("DrawVerdict", "weaker"), ("DiscardVerdict", "weaker"), ("DiscardVerdict", "right"),
            ("WindowVerdict", "false")} <= kinds
    assert any(getattr(v, "took", None) for v in found) or any(getattr(v, "drawn", None) for v in found)
    lines = {coach.DrawVerdict: draw_verdict_lines, coach.DiscardVerdict: discard_verdict_lines,
             coach.WindowVerdict: window_verdict_lines}
    for verdict in found:
        data = json.loads(json.dumps(speed_net.verdict_data(verdict)))
        back = speed_net.verdict_of(data)
        assert speed_net.verdict_data(back) == data
        for lang in ("en", "lt", "cs"):
            i18n.use(lang)
            assert lines[type(verdict)](back) == lines[type(verdict)](verdict)
        i18n.use("en")


@pytest.mark.parametrize("bad", [
    None, {}, {"kind": "bluff"}, {"kind": "window", "verdict": "missed", "deadwood": [], "penalty": 0, "x": 1},
    {"kind": "window", "verdict": "false", "deadwood": ["QQ"], "penalty": 3},
])
def test_malformed_verdict_data_raises_value_error(bad):
    with pytest.raises(ValueError):
        speed_net.verdict_of(bad)


def test_redaction_of_each_event_kind():
    state = State(3, Chance(random.Random(4)))
    hand_start, shuffle, deal = state.opening
    assert NET.redact(hand_start, 1) == hand_start
    assert NET.redact(shuffle, 1) is None  # the middle's order is the caller's
    shown = NET.redact(deal, 1)
    assert shown["hands"][1] == deal["hands"][1] and shown["hands"][0] is None and shown["hands"][2] is None
    assert shown["piles"] == deal["piles"]  # each seat turns one card up on its left (SPD.3)
    cycle = {"event": "cycle", "hand": 1, "cycle": 1,
             "draws": [{"player": 0, "from": "middle", "card": "5C"}, {"player": 1, "from": "pile", "card": "KD"},
                       {"player": 2, "from": "middle", "card": "9S"}],
             "discards": ["QS", "KD", "2H"], "rebuilt": [["4C", "7D", "JH"]]}
    seen = NET.redact(cycle, 0)
    assert seen["draws"] == [{"player": 0, "from": "middle", "card": "5C"}, {"player": 1, "from": "pile", "card": "KD"},
                             {"player": 2, "from": "middle"}]
    assert seen["discards"] == cycle["discards"] and seen["rebuilt"] == [3]
    assert "9S" not in json.dumps(seen) and "JH" not in json.dumps(seen)
    assert "card" not in NET.redact(cycle, 1)["draws"][0]
    assert "rebuilt" not in NET.redact({**cycle, "rebuilt": []}, 2)
    match = {"event": "match", "hand": 1, "cycle": 2, "players": [1], "late": [], "melds": [[["5C", "5D", "5H"]]]}
    assert NET.redact(match, 0) == match  # the sets are shown (SPD.7)
    over = {"event": "game_over", "totals": [3, 0, 9], "winners": [1]}
    assert NET.redact(over, 2) == over
    assert NET.redact({"event": "secret", "stock": ["AS"]}, 0) is None


def test_a_whole_game_redacted_names_only_cards_a_seat_saw():
    """Every card code in a seat's redacted events is in its own hand, face up on a pile, taken
    from a pile, revealed as a discard or shown at a match or a hand's end."""
    state = State(4, Chance(random.Random(9)))
    rng = random.Random(9)
    events = list(state.opening)
    while not state.is_over:
        for seat, action in NET.bots(state, rng, "normal", {0, 1, 2, 3}):
            events += state.apply(action)
    for seat in range(4):
        shown = [e for e in (NET.redact(ev, seat) for ev in events) if e is not None]
        for event in shown:
            if event["event"] == "cycle":
                for draw in event["draws"]:
                    assert "card" not in draw or draw["from"] == "pile" or draw["player"] == seat
                assert all(isinstance(n, int) for n in event.get("rebuilt", []))
            if event["event"] == "deal":
                assert [h is None for h in event["hands"]] == [q != seat for q in range(4)]
            assert event["event"] != "shuffle"


def test_bots_choose_on_one_view_and_wait_for_no_human():
    state = state_at(5, 11)
    twin = copy.deepcopy(state)
    actions = NET.bots(state, random.Random(2), "hard", {1, 2, 4})
    expected = bots.choose_all("hard", twin, random.Random(2), [1, 2, 4])
    assert actions == [(seat, choice.action) for seat, choice in expected]
    for seat, action in actions:
        assert state.apply(action) == []  # nothing is revealed while seats 0 and 3 choose
    assert NET.bots(state, random.Random(2), "hard", {1, 2, 4}) == []
    assert NET.to_act(state) == {0, 3}
    assert NET.pause(state, {0, 3}) == 0


def test_the_coach_judges_as_the_local_session_does():
    state = state_at(3, 2)
    assert NET.judge(state, 0, Match(0)) == []  # a call gets no verdict (a false one is refused, SPD.9)
    assert NET.refusal(state, 0, Match(0), Exception()) == []  # type: ignore[arg-type]
    found = {"window": 0, "draw": 0, "discard": 0}
    for state, _events in every_call(3, 7, level="easy"):
        if state.hand > 4:
            break
        for seat in state.to_act:
            for action in state.legal_actions(seat):
                verdicts = NET.judge(state, seat, action)
                for data in verdicts:
                    found[data["kind"]] += 1
                    assert data["verdict"] in ("weaker", "missed")
                if isinstance(action, Pass) and state.can_match(seat):
                    assert [v["verdict"] for v in verdicts] == ["missed"]
                if isinstance(action, Discard):
                    judged = coach.judge_discard(state, seat, action.card)
                    assert bool(verdicts) == (judged.kind == "weaker")
                    named = NET.action(NET.action_data(action), seat)  # copy 0, as a client names it
                    assert NET.judge(state, seat, named) == verdicts
                if isinstance(action, Draw):
                    judged = coach.judge_draw(state, seat, action.source)
                    assert bool(verdicts) == (judged.kind == "weaker")
    assert found["draw"] and found["discard"]
    assert NET.judge(state_at(3, 2), 0, Draw(0, "middle")) == []  # not legal at a window


def test_a_seat_out_of_time_gets_the_caller_s_choice():
    state = state_at(3, 2)
    assert NET.timeout_action(state, 1) == Pass(1)
    state = state_at(3, 2, calls=1)
    assert state.phase is Phase.DRAW and NET.timeout_action(state, 2) == Draw(2, "middle")
    state = state_at(3, 2, calls=2)
    assert state.phase is Phase.DISCARD
    choice = NET.timeout_action(state, 0)
    assert choice == Discard(0, bots.highest(state.hands[0], state.wild))
    assert state.can(choice)
    state.apply(choice)
    assert NET.timeout_action(state, 0) is None  # already chosen


def test_remarks_are_data_from_the_table_only():
    state = state_at(4, 3, calls=1)
    seen = state.view(0)
    remarks = [NET.remark("normal", seat, action, seen) for seat, action in NET.bots(state, random.Random(1),
                                                                                      "normal", {1, 2, 3})]
    for data in remarks:
        assert data is not None and data["code"] in bots.REMARKS
        assert speed_net.remark_of(json.loads(json.dumps(data))).code == data["code"]
    assert NET.remark("normal", 1, Pass(1), seen) is None
    with pytest.raises(ValueError):
        speed_net.remark_of({"code": "least_penalty", "detail": {"penalty": 3}})
    with pytest.raises(ValueError):
        speed_net.remark_of({"code": "discarded", "detail": {"card": "QS", "kept": "KS"}})


def test_the_adapter_names_the_client_session():
    module, _, name = NET.client.partition(":")
    assert module == "tutor.games.speed.remote" and name == "SpeedRemote"
