"""3-13 Speed at a network table: the host's adapter (net.py) as pure functions."""

from __future__ import annotations

import copy
import json
import random
import time

import pytest

from tutor.cards import Card, codes
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
            assert data["waiting"] == (seat in state.to_act)
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


def test_the_adapter_names_the_client_session():
    module, _, name = NET.client.partition(":")
    assert module == "tutor.games.speed.remote" and name == "SpeedRemote"


# ----------------------------------------------------------------------------- the bots' remarks


def test_the_bots_are_heard_at_the_reveal_as_at_tutor_play():
    """What the local session keeps for `why` (each bot's remark from the learner's view, held
    until the reveal) is what the client rebuilds from the revealed events."""
    state = State(5, Chance(random.Random(12)))
    rng = random.Random(12)
    face_down: list = []
    before_draw = None
    heard = 0
    while not state.is_over and state.hand <= 3:
        if state.phase is Phase.DRAW:
            before_draw = state.view(0)
        events = []
        for seat, action in NET.bots(state, rng, "easy", {0, 1, 2, 3, 4}):
            if seat != 0:
                said = bots.remark("easy", action, seat, state.view(0))
                if said is not None:
                    face_down.append((seat, said))
                assert NET.remark("easy", seat, action, state.view(0)) is None  # nothing before the reveal
            events += state.apply(action)
        if events:
            shown = [e for e in (NET.redact(e, 0) for e in events) if e is not None]
            rebuilt = [pair for e in shown for pair in speed_net.reveal_remarks(e, "easy", {1, 2, 3, 4}, before_draw)]
            assert rebuilt == face_down
            heard += len(rebuilt)
            face_down = []
    assert heard > 50


# ----------------------------------------------------------------------------- on real sockets

from tests.nethelp import Hosted, ThreadClient, until  # noqa: E402
from tutor.games.speed.remote import SpeedRemote  # noqa: E402
from tutor.records import RecordWriter  # noqa: E402

CODE_CHARS = set("A2345678910JQKCDHS")


def card_codes(value) -> set[str]:  # type: ignore[no-untyped-def]
    """Every string in a message that names a card."""
    if isinstance(value, dict):
        return set().union(*(card_codes(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(card_codes(v) for v in value)) if value else set()
    if isinstance(value, str):
        try:
            return {speed_net.card_of(value).code}
        except ValueError:
            return set()
    return set()


def public_codes(event, seat: int) -> set[str]:  # type: ignore[no-untyped-def]
    """The cards an event shows `seat` at a real table."""
    kind = event["event"]
    if kind == "deal":
        return set(event["hands"][seat]) | {c for pile in event["piles"] for c in pile}
    if kind == "cycle":
        return ({d["card"] for d in event["draws"] if d["from"] == "pile" or d["player"] == seat}
                | {c for c in event["discards"] if c})
    if kind == "match":
        return {c for melds in event["melds"] for meld in melds for c in meld}
    if kind == "hand_end":
        return {c for a in event["arrangements"] for c in a["deadwood"] + [x for m in a["melds"] for x in m]}
    return set()


def own_next_draw(events, start: int, seat: int) -> set[str]:  # type: ignore[no-untyped-def]
    """The card `seat` is drawing in the cycle under way (its view shows it before the reveal)."""
    for event in events[start:]:
        if event["event"] == "cycle":
            return {d["card"] for d in event["draws"] if d["player"] == seat}
        if event["event"] in ("hand_end", "hand_start"):
            return set()
    return set()


REASONS = ("least_penalty", "avoid_feeding", "expected_middle", "take_pile", "draw_middle", "random_discard")


def check_what_each_seat_was_sent(h: Hosted, seat: int, coached: bool) -> None:
    """Every message to `seat`, in order, against the record: the events are the record's as
    redacted for it, and no card appears that it had not seen in this hand by then (its own
    hand, or face up on the table; a message that ends a hand may show that hand's cards); no
    shuffle order, no bot's reason or remark, no verdict it did not ask for."""
    record = h.events
    at = 0  # record events delivered so far
    hand: set[str] = set()  # the cards seen face up or held in the hand under way
    raw = h.raw(seat).decode()
    assert not any(reason in raw for reason in REASONS)
    for message in h.messages(seat):
        kind = message["type"]
        assert kind in ("welcome", "seats", "update", "verdicts", "refused", "over", "error"), kind
        shown_now: set[str] = set()
        if kind == "update":
            for shown in message["events"]:
                while NET.redact(record[at], seat) is None:
                    assert record[at]["event"] == "shuffle"
                    at += 1
                assert shown == NET.redact(record[at], seat)
                if record[at]["event"] == "hand_start":
                    hand = set()
                hand |= public_codes(record[at], seat)
                shown_now |= public_codes(record[at], seat)
                at += 1
            assert message["remarks"] == []  # the bots are heard at the reveal, by the client
        if kind == "verdicts":
            assert coached
        leaked = card_codes(message) - hand - shown_now - own_next_draw(record, at, seat)
        assert not leaked, (seat, kind, leaked, message)
    assert at == len(record) or all(e["event"] == "shuffle" for e in record[at:])


def drive(h: Hosted, sessions: dict[int, SpeedRemote], clients: dict[int, ThreadClient], rng: random.Random,
          extra: dict[int, list[str]]) -> None:
    """Types a legal choice for each client when its view asks for one: at a window `match`
    when it holds one, otherwise a draw (`middle`, or `pile`), and at "discard" a card of its hand."""
    typed: set[tuple[int, tuple]] = set()
    deadline = time.monotonic() + 20
    while not h.table.finished.is_set():
        if time.monotonic() > deadline:
            state = h.state
            raise AssertionError(("the game took too long", state.hand, state.cycle, state.phase, state.to_act,
                                  {s: (v.view.get("legal"), v.view.get("phase"), v._sent, v.waiting)
                                   for s, v in sessions.items()},
                                  {s: (c.result, c.screen()[-300:]) for s, c in clients.items()}))
        for seat, session in sessions.items():
            view = session.view
            if not view or not view.get("legal") or view["phase"] == "draw":
                continue
            key = (seat, (view["hand_number"], view["cycle"], view["phase"]))
            if key in typed:
                continue
            typed.add(key)
            for line in extra.get(seat, [])[:1]:
                clients[seat].type(line)
                extra[seat].pop(0)
            if view["phase"] == "match":
                if {"event": "match"} in view["legal"]:
                    line = "match"
                else:
                    right = view["tops"][(seat - 1) % view["players"]]
                    line = "pile" if right and rng.random() < 0.3 else "middle"
            else:
                hand = [speed_net.card_of(c) for c in view["hand"]]
                card = bots.high_first(bots.ranked(hand, view["wild"]))[0] if rng.random() < 0.8 else rng.choice(hand)
                line = card.code if rng.random() < 0.7 else card.code.lower()
            clients[seat].type(line)
        time.sleep(0.005)


def test_three_clients_in_three_languages_play_a_whole_game_and_the_record_replays(tmp_path, capsys, monkeypatch):
    from helpers import tutor

    # The scripted players answer within milliseconds, far above a person's pace: the table's
    # flood limit (the core's, tested there) would slow each of them to 20 decisions a second.
    monkeypatch.setattr("tutor.net.host.RATE", 10_000.0)
    record = tmp_path / "table.jsonl"
    writer: list = []
    state = State(5, Chance(random.Random(21)))
    h = Hosted(NET, state, game="three-thirteen-speed", level="normal", start_when=3, host_seat=4,
               options={"decks": 4}, seed=21, record=lambda events: writer[0].write(events) if writer else None)
    writer.append(RecordWriter(record, {"game": "three-thirteen-speed", "seed": 21, "options": {"decks": 4},
                                        "tutor": "test", "level": "normal",
                                        "players": ["human:Ona", "human:Jonas", "human:Eva", "bot:normal",
                                                    "host:Host"]}))
    sessions: dict[int, SpeedRemote] = {}

    def session(*args):  # type: ignore[no-untyped-def]
        made = SpeedRemote(*args)
        sessions[made.seat] = made
        return made

    clients = {}
    for name, lang, coached in (("Ona", "lt", True), ("Jonas", "de", False), ("Eva", "cs", False)):
        client = ThreadClient(h.port, h.code, name, lang, session, coach=coached)
        clients[client.seat] = client
    try:
        until(lambda: h.table.started and len(sessions) == 3, what="the start")
        drive(h, sessions, clients, random.Random(5), {0: ["why"], 1: ["help"], 2: ["pravidla"]})
        until(lambda: all(c.result == "over" for c in clients.values()), what="every client to end")
    finally:
        for client in clients.values():
            client.close()
        h.close()
        writer[0].close()
    assert state.is_over and len(state.history) == 11
    lt, de, cs = (clients[s].screen() for s in (0, 1, 2))
    assert "Galutinė" in lt or "Galutin" in lt, lt[-800:]
    assert "Jonas" in lt and "Eva" in de and "Ona" in cs
    assert "Treneris: " in lt and "Coach" not in de and "Trenér" not in cs  # the coached seat hears its coach, in Lithuanian
    for seat, coached in ((0, True), (1, False), (2, False)):
        check_what_each_seat_was_sent(h, seat, coached)
    code, out, err = tutor(capsys, monkeypatch, ["--lang", "cs", "replay", str(record), "--all"])
    assert code == 0, err
    assert "SPD.8" in out


def test_with_a_clock_the_host_keeps_time_and_the_caller_chooses_for_a_silent_seat(monkeypatch):
    """A seat that never answers: the prompt shows the seconds left, "Time!" comes after the
    first clock, and after the second the caller lets the window pass and draws from the
    middle for it, then discards its card that counts the most (as `tutor play --clock`)."""
    state = State(2, Chance(random.Random(8)))
    h = Hosted(NET, state, game="three-thirteen-speed", level="normal", start_when=1, host_seat=1,
               options={"decks": 4}, clock=1.0, seed=8)
    hand = list(state.hands[0])
    silent = ThreadClient(h.port, h.code, "Olga", "ru", SpeedRemote, coach=True)
    try:
        until(lambda: any(e["event"] == "cycle" for e in h.events), timeout=15, what="a cycle on the clock")
        cycle = next(e for e in h.events if e["event"] == "cycle")
        drawn = next(d for d in cycle["draws"] if d["player"] == 0)
        assert drawn["from"] == "middle"
        held = hand + [next(c for c in state.deck if c.code == drawn["card"])]
        assert cycle["discards"][0] == bots.highest(held, 3).code
        until(lambda: "Ведущий сбрасывает за вас" in silent.screen(), timeout=5, what="the caller's discard")
    finally:
        silent.close()
        h.close()
    screen = silent.screen()
    assert "[1 секунда] Объявите" in screen and "[1 секунда] Карта в сброс" in screen  # the seconds left
    assert screen.count("Время вышло! Ведущий подождёт вас ещё раз: 1 секунду.") >= 2
    assert "Ведущий берёт за вас карту из центра." in screen
    assert f"Ведущий сбрасывает за вас {bots.highest(held, 3).code}" in screen
    assert not any(m["type"] == "verdicts" for m in h.messages(0))  # the caller's choices are not coached


def test_hostile_actions_at_a_speed_table_are_refused_and_it_plays_on():
    from tests.nethelp import RawClient

    state = State(3, Chance(random.Random(4)))
    h = Hosted(NET, state, game="three-thirteen-speed", level="easy", start_when=1, host_seat=2,
               options={"decks": 4}, seed=4)
    eve = RawClient(h.port)
    try:
        assert eve.hello(h.code, "Eve")["seat"] == 0
        view = eve.next_of("update")["view"]
        assert view["waiting"] and view["phase"] == "match" and "stock" not in view
        eve.send({"type": "act", "action": {"event": "discard", "card": "QS", "seat": 1}, "coach": False})
        assert eve.next_of("error")["error"] == "bad_action"
        eve.send({"type": "act", "action": {"event": "draw", "from": "middle"}, "coach": False})
        refused = eve.next_of("refused")
        assert (refused["clause"], refused["message"]) == ("SPD.6", "not_draw_call")
        if not state.can_match(0):
            eve.send({"type": "act", "action": {"event": "match"}, "coach": True})
            refused = eve.next_of("refused")
            assert refused["clause"] == "SPD.9" and refused["params"]["deadwood"]
            assert refused["verdicts"] == []
        eve.send({"type": "act", "action": {"event": "pass"}, "coach": False})
        view = until(lambda: next((m["view"] for m in reversed(h.messages(0))
                                   if m["type"] == "update" and m["view"]["phase"] == "draw"), None),
                     what="the draw")
        missing = next(code for code in ("KS", "QH", "2C", "7D", "9S") if code not in view["hand"])
        eve.send({"type": "act", "action": {"event": "draw", "from": "middle"}, "coach": False})
        eve.next_of("update")
        eve.send({"type": "act", "action": {"event": "discard", "card": missing}, "coach": False})
        refused = eve.next_of("refused")
        assert refused["message"] in ("not_in_hand", "not_discard_call")
        view = until(lambda: next((m["view"] for m in reversed(h.messages(0))
                                   if m["type"] == "update" and m["view"]["phase"] == "discard"), None),
                     what="the discard call")
        eve.send({"type": "act", "action": {"event": "discard", "card": view["hand"][0]}, "coach": False})
        until(lambda: any(e["event"] == "cycle" for e in h.events), what="the table to go on")
    finally:
        eve.close()
        h.close()


def test_a_speed_table_resumes_from_its_record(tmp_path):
    """`tutor host --resume`: the record of a table cut off mid-game gives back the game where it was."""
    from tutor.cli.table import resumed

    state = State(3, Chance(random.Random(6)))
    rng = random.Random(6)
    path = tmp_path / "table.jsonl"
    writer = RecordWriter(path, {"game": "three-thirteen-speed", "seed": 6, "options": {"decks": 4},
                                 "tutor": "test", "level": "normal",
                                 "players": ["host:Ona", "human:Jan", "bot:normal"]})
    writer.write(state.opening)
    while state.hand < 3:
        for seat, action in NET.bots(state, rng, "normal", {0, 1, 2}):
            writer.write(state.apply(action))
    writer.close()
    with path.open("a", encoding="utf-8") as f:
        f.write('{"event": "cycle", "hand": 3, "cyc')  # the line a killed host left half-written
    game, _kit, back, header, names, host_seat = resumed(path)
    assert game.id == "three-thirteen-speed" and names == ["Ona", "Jan", None] and host_seat == 0
    assert (back.hand, back.cycle, back.phase) == (state.hand, state.cycle, state.phase)
    assert [codes(h) for h in back.hands] == [codes(h) for h in state.hands] and back.totals == state.totals
    assert NET.view(back, 1) == NET.view(state, 1)
