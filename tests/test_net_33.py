"""33 at a network table: the host half (`tutor.games.thirty_three.net`) and the client session.

Unit tests: views, actions and verdicts survive JSON both ways; malformed action data is a
ValueError; each event kind is redacted to what its seat sees at a real table (33.9, 33.12);
the coach's verdicts and refusals, the bots' step and pause, the remarks.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from tutor.games.base import IllegalAction
from tutor.games.thirty_three import bots
from tutor.games.thirty_three.coach import best_legal
from tutor.games.thirty_three.coach import judge as coach_judge
from tutor.games.thirty_three.deck import DEFAULT_DECK, FACES, LOWEST, VALUES, Options
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
from tutor.games.thirty_three.net import (
    LATE_DRAW_PACE,
    NET,
    action,
    action_data,
    redact,
    table_view,
    verdict_data,
    verdict_from_data,
    view_data,
    view_from_data,
)


def wire(data):
    """As it goes over the wire: JSON text and back."""
    return json.loads(json.dumps(data))


def small_deck(rng: random.Random, players: int) -> dict[str, int]:
    """A small deck that recycles often but drifts upward, so a game ends."""
    plus = [c for c in Counter(DEFAULT_DECK).elements() if LOWEST[c] > 0]
    other = [c for c in Counter(DEFAULT_DECK).elements() if LOWEST[c] <= 0]
    size = 3 * players + 4
    while True:
        cards = rng.sample(plus, size * 2 // 3) + rng.sample(other, size - size * 2 // 3)
        if sum(LOWEST[c] for c in cards) >= 2 * size:
            return dict(Counter(cards))


def random_action(state: State, rng: random.Random):
    """A random legal decision; in manual-draw mode also wrong totals, a forgotten draw, a late one."""
    for seat in state.pending:
        if seat != state.current and state.can(Draw(seat)) and rng.random() < 0.5:
            return Draw(seat)
    if state.phase is Phase.SAY and rng.random() < 0.2:
        return Say(state.total + 1)
    if state.phase is Phase.DRAW:
        return EndTurn() if rng.random() < 0.3 else Draw()
    if state.phase is Phase.PICK:
        picks = [a for a in state.legal_actions() if isinstance(a, Pick)]
        return rng.choice(picks) if picks and rng.random() < 0.9 else SkipForfeit()
    return rng.choice(state.legal_actions())


def games(count=40):
    """Seeded random games in every option set: (state before, action, events) at each step."""
    for seed in range(count):
        rng = random.Random(seed)
        players = 2 + seed % 4
        opts = {"manual_draw": seed % 2 == 0, "forfeit": seed % 3 != 0, "shuffle_recycle": seed % 5 == 0}
        if seed % 4 < 2:
            opts["deck"] = small_deck(rng, players)
        state = State(players, Options(**opts), Chance(random.Random(seed)))
        yield state, None, list(state.opening)
        for _ in range(400):
            if state.is_over:
                break
            act = random_action(state, rng)
            before = _copy(state)
            events = state.apply(act)
            yield before, act, events
        yield state, None, []


def _copy(state: State) -> State:
    import copy

    return copy.deepcopy(state)


# ------------------------------------------------------------------ views


def test_every_view_survives_the_wire_and_holds_only_the_seats_own_cards():
    seen_phases = set()
    for state, _act, _events in games(20):
        for seat in range(state.players):
            view = table_view(state, seat)
            data = view_data(view)
            assert view_from_data(wire(data)) == view
            assert NET.view(state, seat) == data
            assert data["hand"] == state.hands[seat]
            assert "stock_order" not in data and data["stock"] == len(state.stock)
            seen_phases.add(view.phase)
            # Legal decisions are the seat's own: on its turn the engine's, else a late draw only.
            if state.current_player == seat:
                assert len(view.legal) == len(state.legal_actions()) and view.turn
            else:
                assert set(view.legal) <= {Draw(seat)} and not view.turn
            for legal in view.legal:
                assert state.can(legal)
    assert seen_phases == set(Phase)


def test_a_view_from_the_host_is_checked():
    state = State(3, Options(), Chance(random.Random(1)))
    good = view_data(table_view(state, 0))
    for key, bad in (("hand", ["+99"]), ("players", 9), ("seat", 3), ("phase", "dance"), ("total", "7"),
                     ("legal", [{"event": "play", "card": "+7"}]), ("picks", [None]), ("manual", 1),
                     ("stock", -1), ("current", 5)):
        with pytest.raises(ValueError):
            view_from_data({**good, key: bad})
    with pytest.raises(ValueError):
        view_from_data({**good, "extra": 1})
    with pytest.raises(ValueError):
        view_from_data([good])


# ------------------------------------------------------------------ actions


def test_every_legal_action_survives_the_wire():
    kinds = set()
    for state, act, _events in games(20):
        if act is None:
            continue
        seat = state.current if not isinstance(act, Draw) or act.player is None else act.player
        data = action_data(act)
        assert set(data) - {"event"} <= {"card", "value", "said"}
        back = action(wire(data), seat)
        kinds.add(data["event"])
        if isinstance(act, Draw):
            assert back == Draw(seat)
            assert _copy(state).apply(back) == _copy(state).apply(act)
        else:
            assert back == act
    assert kinds == {"play", "say", "draw", "end_turn", "forfeit_pick", "forfeit_skip"}


@pytest.mark.parametrize("data", [
    None, [], "play", 7, {}, {"event": 7}, {"event": "dance"},
    {"event": "play"}, {"event": "play", "card": "+7"}, {"event": "play", "card": "+11", "value": 11},
    {"event": "play", "card": 7, "value": 7}, {"event": "play", "card": "+7", "value": "7"},
    {"event": "play", "card": "+7", "value": True}, {"event": "play", "card": "+7", "value": 7.0},
    {"event": "play", "card": "+7", "value": 99}, {"event": "play", "card": "+7", "value": 7, "player": 1},
    {"event": "play", "card": ["+7"], "value": 7},
    {"event": "say"}, {"event": "say", "said": "12"}, {"event": "say", "said": 10**12},
    {"event": "say", "said": None}, {"event": "draw", "player": 0}, {"event": "draw", "card": "+7"},
    {"event": "end_turn", "x": 1}, {"event": "forfeit_pick"}, {"event": "forfeit_pick", "card": "joker"},
    {"event": "forfeit_skip", "card": "+7"}, {"event": "lose"}, {"event": "game_over"},
])
def test_malformed_action_data_is_a_value_error(data):
    with pytest.raises(ValueError):
        action(data, 0)


# ------------------------------------------------------------------ redaction


def _hidden_from(event, seat):
    """The keys of an engine event that `seat` may not see."""
    kind = event["event"]
    if kind in ("shuffle", "recycle"):
        return {"stock"}
    if kind == "deal":
        return {"hands"}
    if kind == "draw" and event["player"] != seat:
        return {"card"}
    if kind == "lose" and event["player"] != seat:
        return {"hand"}
    if kind == "forfeit_draw":
        return {"cards"}
    return set()


def test_each_event_kind_is_redacted_to_what_the_seat_sees():
    kinds = Counter()
    for state, _act, events in games(30):
        for event in events:
            for seat in range(state.players):
                seen = wire(redact(event, seat))
                kinds[event["event"]] += 1
                hidden = _hidden_from(event, seat)
                for key, value in event.items():
                    if key not in hidden:
                        assert seen[key] == value, (event, seat)
                if event["event"] == "deal":
                    assert seen["hands"][seat] == event["hands"][seat]
                    assert all(h is None for q, h in enumerate(seen["hands"]) if q != seat)
                    assert seen["sizes"] == [len(h) for h in event["hands"]]
                elif event["event"] in ("shuffle", "recycle"):
                    assert "stock" not in seen and seen["size"] == len(event["stock"])
                else:
                    assert set(seen) == set(event) - hidden
    assert set(kinds) == {"shuffle", "deal", "play", "say", "draw", "end_turn", "recycle", "lose",
                          "forfeit_pick", "forfeit_draw", "forfeit_skip", "game_over"}


def test_redaction_leaves_the_engines_event_alone():
    state = State(3, Options(), Chance(random.Random(2)))
    deal = state.opening[1]
    before = json.dumps(deal)
    redact(deal, 0)["hands"][0].append("+7")
    assert json.dumps(deal) == before


# ------------------------------------------------------------------ coach, bots, remarks


def _position(hand, total, players=3, pile=()):
    state = State(players, Options(), Chance(random.Random(5)))
    state.hands[state.current] = list(hand)
    state.total = total
    state.pile = list(pile)
    return state


def test_a_weaker_play_gets_the_same_verdict_as_in_the_local_session_and_it_survives_the_wire():
    found = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = _position(rng.sample(list(Counter(DEFAULT_DECK).elements()), 3), rng.randrange(10, 30))
        for play in state.legal_plays():
            verdict = coach_judge(state, play)
            data = NET.judge(state, state.current, play)
            if verdict.kind != "weaker":
                assert data == []
                continue
            found += 1
            assert len(data) == 1 and data[0]["kind"] == "Verdict"
            assert verdict_from_data(wire(data[0])) == verdict
        if found >= 3:
            break
    assert found >= 3


def test_only_plays_are_judged_and_only_by_the_seat_to_move():
    state = _position(["+7", "-3", "0"], 20)
    assert NET.judge(state, (state.current + 1) % 3, Play("+7", 7)) == []
    assert NET.judge(state, state.current, SkipForfeit()) == []


def test_a_play_over_33_is_refused_with_the_coachs_best_play():
    state = _position(["+10", "-3", "0"], 30)
    play = Play("+10", 10)
    with pytest.raises(IllegalAction) as caught:
        state.verify(play)
    data = NET.refusal(state, state.current, play, caught.value)
    assert [verdict_from_data(wire(d)) for d in data] == [best_legal(state)]
    other = IllegalAction("33.5", "not_in_hand", card="+9")
    assert NET.refusal(state, state.current, Play("+9", 9), other) == []


def test_an_illegal_verdict_survives_the_wire():
    state = _position(["+10", "-3", "0"], 30)
    verdict = coach_judge(state, Play("+10", 10))
    assert verdict.kind == "illegal"
    assert verdict_from_data(wire(verdict_data(verdict))) == verdict


@pytest.mark.parametrize("change", [
    {"kind": "TheirVerdict"}, {"verdict": "great"}, {"play": {"card": "+7"}}, {"params": {"card": ["+7"]}},
    {"mine": {"risk": 0.5}}, {"hand": ["+99"]}, {"total": "7"}, {"clause": 33},
])
def test_malformed_verdict_data_is_a_value_error(change):
    state = _position(["+10", "-3", "0"], 30)
    data = verdict_data(best_legal(state))
    with pytest.raises(ValueError):
        verdict_from_data({**data, **change})


def test_the_bots_step_is_the_local_bot_turn():
    for seed in range(10):
        state = State(4, Options(manual_draw=seed % 2 == 0, forfeit=True), Chance(random.Random(seed)))
        other = _copy(state)
        rng, rng2 = random.Random(seed), random.Random(seed)
        humans = {1}
        while not state.is_over:
            step = NET.bots(state, rng, "normal", {0, 2, 3})
            if state.current in humans:
                assert step == [] and NET.to_act(state) == {1}
                act = state.legal_actions()[0]
                state.apply(act)
                other.apply(act)
                continue
            assert step == [(state.current, bots.choose("normal", other, rng2).action)]
            for seat, act in step:
                assert seat == state.current
                assert state.apply(act) == other.apply(act)
        assert NET.bots(state, rng, "normal", {0, 1, 2, 3}) == [] and NET.to_act(state) == set()


def test_a_human_who_forgot_to_draw_gets_a_moment_before_the_bot_draws():
    state = State(3, Options(manual_draw=True), Chance(random.Random(3)))
    human = state.current
    play = state.legal_plays()[0]
    state.apply(play)
    state.apply(Say(state.total))
    state.apply(EndTurn())
    assert state.pending == [human]
    assert NET.pause(state, {human}) == 0.0  # the bot plays first: no draw yet
    assert table_view(state, human).legal == (Draw(human),)
    state.apply(state.legal_plays()[0])
    state.apply(Say(state.total))
    assert state.phase is Phase.DRAW and state.current != human
    assert NET.pause(state, {human}) == LATE_DRAW_PACE
    assert NET.pause(state, set()) == 0.0
    assert NET.pause(state, {human, state.current}) == 0.0


def test_a_bots_remark_is_public_data():
    state = _position(["+7", "-3", "0"], 20)
    view = state.view((state.current + 1) % 3)
    data = wire(NET.remark("normal", state.current, Play("+7", 7), view))
    assert data == {"code": "raised", "detail": {"total": 27, "limit": 33}}
    assert NET.remark("normal", state.current, Draw(), view) is None
    assert NET.client == "tutor.games.thirty_three.remote:RemoteSession33"
    assert NET.timeout_action is None


def test_every_face_and_value_is_an_action():
    for face in FACES:
        for value in VALUES[face]:
            assert action(action_data(Play(face, value)), 1) == Play(face, value)
        assert action({"event": "forfeit_pick", "card": face}, 1) == Pick(face)
