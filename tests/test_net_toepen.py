"""Toepen at a network table: the host's adapter (tutor/games/toepen/net.py) on its own, then
real tables on 127.0.0.1 (host and clients in several languages).

What a seat may see is computed here from the full events, as a player at a real table sees
them (`Witness`): its own dealt hand, its own exchange, every card played, a thrown hand once
a challenge shows it. Every event and view a seat gets must name no other card of that hand.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from tutor.games.base import IllegalAction
from tutor.games.toepen import coach
from tutor.games.toepen.engine import (
    Challenge,
    Chance,
    Fold,
    Keep,
    Knock,
    Options,
    Pass,
    Phase,
    Play,
    State,
    Stay,
    Throw,
    card_from_code,
)
from tutor.games.toepen.net import (
    KNOCK_PACE,
    NET,
    VERDICTS,
    action_data,
    coach_verdicts,
    redact,
    refusal_verdicts,
    verdict_data,
    verdict_from_data,
    view_from_data,
)

C = card_from_code
CODES = {f"{r}{s}" for r in ("7", "8", "9", "10", "J", "Q", "K", "A") for s in "CDHS"}


def wire(data):
    """Data as it arrives at the other end: one JSON line, read back."""
    return json.loads(json.dumps(data, ensure_ascii=False))


def cards_in(data) -> set[str]:
    """Every card code named anywhere in some data (keys and values)."""
    found: set[str] = set()
    if isinstance(data, dict):
        for k, v in data.items():
            found |= cards_in(k) | cards_in(v)
    elif isinstance(data, (list, tuple)):
        for v in data:
            found |= cards_in(v)
    elif isinstance(data, str) and data in CODES:
        found.add(data)
    return found


class Witness:
    """What one seat legitimately knows of the current hand, from the full events in order."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.seen: set[str] = set()

    def see(self, event) -> None:
        kind = event["event"]
        if kind == "deal":
            self.seen = set(event["hands"][self.seat])
        elif kind == "exchange" and event["player"] == self.seat:
            self.seen |= set(event["thrown"]) | set(event["cards"])
        elif kind == "play":
            self.seen.add(event["card"])
        elif kind == "challenge":
            self.seen |= set(event["shown"])

    def check(self, data, what: str) -> None:
        extra = cards_in(data) - self.seen
        assert not extra, f"seat {self.seat} got {sorted(extra)} it could not see, in {what}: {data}"


def bot_rubber(seed: int, level: str = "hard", players: int = 4, options: Options | None = None,
               humans: set[int] = frozenset(), decide=None):
    """A rubber driven as the host drives it: NET.bots for the bot seats, `decide(state, seat)`
    for the humans' turns. Yields (events, state) after each action (the opening first)."""
    rng = random.Random(seed)
    state = State(players, options or Options(), Chance(rng))
    yield list(state.opening), state
    seats = set(range(players)) - set(humans)
    while not state.is_over:
        acts = NET.bots(state, rng, level, seats)
        if not acts:
            acts = [(state.current, decide(state, state.current))]
        for _, action in acts:
            yield state.apply(action), state


# ------------------------------------------------------------------ views and actions


def test_views_round_trip_and_name_only_what_the_seat_sees():
    witnesses = [Witness(s) for s in range(4)]
    kinds: Counter[str] = Counter()
    for events, state in bot_rubber(3, "easy", options=Options(customs=True)):
        for event in events:
            kinds[event["event"]] += 1
            for w in witnesses:
                w.see(event)
                shown = NET.redact(event, w.seat)
                assert shown is not None
                w.check(wire(shown), f"event {event['event']}")
        for w in witnesses:
            data = wire(NET.view(state, w.seat))
            w.check(data, "view")
            assert view_from_data(data) == state.view(w.seat)
            assert "stock" not in data and "hands" not in data
    assert kinds["exchange"] and kinds["challenge"] and kinds["knock"] and kinds["fold"]


def test_legal_decisions_are_the_engines_and_a_knock_out_of_turn():
    checked = Counter()
    for _, state in bot_rubber(5, "normal"):
        if state.is_over:
            break
        for seat in range(4):
            legal = [NET.action(wire(a), seat) for a in NET.view(state, seat)["legal"]]
            if seat == state.current:
                assert legal == state.legal_actions()
                checked["turn"] += 1
            elif state.may_knock(seat):
                assert legal == [Knock(seat)] and state.can(Knock(seat))
                checked["knock"] += 1
            else:
                assert legal == []
    assert checked["turn"] and checked["knock"]
    assert NET.to_act(state) == set()


@pytest.mark.parametrize("action", [Play(C("10H"), 2), Play(C("JC"), 2), Knock(2), Stay(2), Fold(2), Throw(2),
                                    Keep(2), Challenge(2), Pass(2)])
def test_actions_round_trip(action):
    data = wire(action_data(action))
    assert "player" not in data
    assert NET.action(data, 2) == action
    assert NET.action_data(action) == data


@pytest.mark.parametrize("data", [
    None, [], "play", 7, {}, {"event": None}, {"event": "jump"}, {"event": "deal"}, {"event": "trick"},
    {"event": "play"}, {"event": "play", "card": None}, {"event": "play", "card": "2H"},
    {"event": "play", "card": "10h"}, {"event": "play", "card": "ZZ"}, {"event": "play", "card": ["10H"]},
    {"event": "play", "card": "10H", "player": 1}, {"event": "knock", "player": 0}, {"event": "stay", "x": 1},
    {"event": ["knock"]}, {"event": "play", "card": 10},
])
def test_malformed_action_data_raises_value_error(data):
    with pytest.raises(ValueError):
        NET.action(data, 0)


def test_malformed_view_data_raises_value_error():
    state = State(4, Options(), Chance(random.Random(1)))
    good = wire(NET.view(state, 0))
    for key, bad in (("hand", ["2H"]), ("phase", "dance"), ("seat", "0"), ("trick", [[0]]), ("led_suit", "X"),
                     ("points", None), ("active", [1, 1, 1, 1])):
        with pytest.raises(ValueError):
            view_from_data({**good, key: bad})
    with pytest.raises(ValueError):
        view_from_data({k: v for k, v in good.items() if k != "stake"})


# ------------------------------------------------------------------ redaction


def test_redaction_of_each_event_kind():
    deal = {"event": "deal", "hand": 3, "dealer": 1, "stock": sorted(CODES),
            "hands": [["7H", "8H", "9H", "10H"], ["7C", "8C", "9C", "10C"], ["7D", "8D", "9D", "10D"]]}
    assert redact(deal, 1) == {"event": "deal", "hand": 3, "dealer": 1,
                               "hands": [None, ["7C", "8C", "9C", "10C"], None]}
    exchange = {"event": "exchange", "player": 2, "thrown": ["7D", "8D", "9D", "10D"],
                "cards": ["AH", "KH", "QH", "JH"]}
    assert redact(exchange, 2) == exchange
    assert redact(exchange, 0) == {"event": "exchange", "player": 2}  # face down (TOE.4)
    public = [
        {"event": "custom", "player": 0, "custom": "whistle_must"},
        {"event": "poverty", "player": 1, "stake": 2},
        {"event": "keep", "player": 0},
        {"event": "pass", "player": 1},
        {"event": "challenge", "player": 0, "thrower": 2, "shown": ["7D", "8D", "9D", "10D"], "bluff": True,
         "loser": 2, "points": 1, "total": 3},  # a challenge shows the thrown hand to all (TOE.4)
        {"event": "play", "player": 0, "card": "10H"},
        {"event": "trick", "number": 1, "cards": [[0, "10H"], [1, "7C"], [2, "8D"]], "winner": 0, "leads": 0},
        {"event": "knock", "player": 1, "stake": 2},
        {"event": "stay", "player": 2, "stake": 2},
        {"event": "fold", "player": 0, "stake": 2, "points": 1, "total": 4},
        {"event": "hand_end", "hand": 3, "winner": 1, "stake": 2, "all_folded": False, "penalties": [0, 0, 2],
         "totals": [4, 1, 5]},
        {"event": "lose", "player": 2, "total": 10},
        {"event": "game_over", "hands": 3, "totals": [4, 1, 10], "losers": [2], "winners": [0, 1]},
    ]
    for event in public:
        for seat in range(3):
            shown = redact(event, seat)
            assert shown == event and shown is not event


# ------------------------------------------------------------------ bots and the pause


def test_bots_alone_play_as_play_step_does():
    """With every seat a bot, the host's bots play the rubber `bots.play_step` plays (the same
    knocks asked in the same order, once per moment)."""
    from tutor.games.toepen import bots

    for seed in (1, 2):
        rng = random.Random(seed)
        state = State(4, Options(), Chance(rng))
        expected = []
        while not state.is_over:
            expected += bots.play_step(state, ["normal"] * 4, rng)[2]
        got = [e for events, _ in bot_rubber(seed, "normal") for e in events][len(State(
            4, Options(), Chance(random.Random(seed))).opening):]
        assert got == expected


def test_bots_are_asked_to_knock_once_per_moment_and_never_for_a_human(monkeypatch):
    from tutor.games.toepen import bots

    asked = []
    monkeypatch.setattr(bots, "knock_choice", lambda level, state, rng, seat: asked.append(seat))
    # Seat 0 (a human) is to lead; seats 1-3 are bots, asked in turn from seat 0's left.
    state = State.from_position(["7H JC", "10H 10C", "8H 9C", "KH QC"], dealer=3, tricks_done=2, leader=0)
    assert NET.bots(state, random.Random(4), "hard", {1, 2, 3}) == []
    assert asked == [1, 2, 3]
    assert NET.bots(state, random.Random(4), "hard", {1, 2, 3}) == []  # the same moment: not asked again
    assert asked == [1, 2, 3]
    state.apply(Play(C("7H"), 0))  # a new moment; seat 1 is to play and decides by `choose`, not asked
    acts = NET.bots(state, random.Random(4), "hard", {0, 1, 3})
    assert asked == [1, 2, 3, 3, 0] and [seat for seat, _ in acts] == [1]


def test_the_pause_is_for_a_human_who_may_knock_before_a_bots_card():
    state = State.from_position(["7H JC", "10H 10C", "8H 9C", "KH QC"], dealer=3, tricks_done=2, leader=1)
    assert state.current == 1 and state.phase is Phase.PLAY
    assert NET.pause(state, {0}) == KNOCK_PACE
    assert NET.pause(state, {1}) == 0  # the human is to act: the table waits for them anyway
    assert NET.pause(state, set()) == 0
    state.apply(Knock(0))  # now answers, no card is about to be played
    assert NET.pause(state, {2}) == 0
    near = State.from_position(["7H JC", "10H 10C", "8H 9C", "KH QC"], dealer=3, tricks_done=2, leader=1,
                               points=[9, 0, 0, 0])
    assert NET.pause(near, {0}) == 0  # TOE.12: seat 0 may not knock


# ------------------------------------------------------------------ the coach


def _verdict_positions():
    """Positions and decisions where the coach gives each kind of verdict (see test_toepen_coach)."""
    sure = State.from_position(["10H", "7H", "KH", "AH"], dealer=3, tricks_done=3, leader=0)
    hopeless = State.from_position(["JH", "7H", "KH", ""], dealer=2, tricks_done=3, trick=[(3, "10H")])
    # Three tricks left, the learner leads with the two top hearts and the 7 of clubs.
    leading = State.from_position(["10H 9H 7C", "7H 8C 8S", "KH QC JS", "AH AC AS"], dealer=3, tricks_done=1,
                                  leader=0)
    answering = State.from_position(["JH", "7H", "KH", ""], dealer=2, tricks_done=3, leader=0, trick=[(3, "10H")])
    answering.apply(Knock(3))
    honest = State.from_position(["AH KS QC JD", "7H 7S 7C 7D", "8H 8S 8C 8D", "9H 9S 9C 9D"], dealer=3,
                                 laundry=True)
    # The learner holds four of the 7-10s: an honest throw is likely, a challenge weaker.
    thrown = State.from_position(["7H 8H 9H 10H", "7S 8S 9S 10S", "7C 8C 9C 10C", "AH KH QH JH"], dealer=2,
                                 laundry=True)
    thrown.apply(Throw(3))
    return [(sure, Play(C("10H"), 0), "knock"), (hopeless, Knock(0), "knock"), (leading, Play(C("10H"), 0), "card"),
            (answering, Stay(0), "answer"), (honest, Keep(0), "laundry"), (thrown, Challenge(0), "challenge")]


def test_verdicts_round_trip_and_are_the_sessions_lines():
    from tutor.games.toepen.session import ToepenScreen
    from tutor.trainer.table import Names

    screen = ToepenScreen()
    screen.names, screen.ascii = Names(4, 0), True
    kinds = set()
    for state, action, kind in _verdict_positions():
        verdicts = coach_verdicts(state, 0, action)
        assert verdicts and kind in {verdict_data(v)["kind"] for v in verdicts}
        data = wire(NET.judge(state, 0, action))
        back = [verdict_from_data(d) for d in data]
        assert back == verdicts
        assert [screen.verdict_line(v) for v in back] == [screen.verdict_line(v) for v in verdicts]
        kinds |= {d["kind"] for d in data}
    assert kinds == set(VERDICTS)


def test_a_card_that_does_not_follow_suit_is_refused_with_a_card_of_the_suit_led():
    state = State.from_position(["8H 9S 10S", "KH QC AD", "JH 7D 9D", "8D JC"], dealer=2,
                                trick=[(3, "KS")], tricks_done=1, leader=3)
    action = NET.action({"event": "play", "card": "8H"}, 0)
    with pytest.raises(IllegalAction) as caught:
        state.verify(action)
    data = wire(NET.refusal(state, 0, action, caught.value))
    (verdict,) = [verdict_from_data(d) for d in data]
    assert verdict == refusal_verdicts(state, 0, action, caught.value)[0]
    assert verdict.kind == "illegal" and verdict.must in (C("9S"), C("10S"))
    other = IllegalAction("TOE.7", "knocked_last", player=0)
    assert NET.refusal(state, 0, Knock(0), other) == []


def test_verdict_data_keeps_fields_it_does_not_know_apart():
    data = verdict_data(coach.KnockVerdict("weaker", True, 0.2, 2, 3, C("10H")))
    assert data["kind"] == "knock" and data["verdict"] == "weaker" and data["strong"] == "10H"
    newer = {**data, "assumes": "JC", "something_new": [1, 2]}  # a newer host's fields
    back = verdict_from_data(newer)
    assert back.strong == C("10H") and back.chance == 0.2
    for bad in ({"kind": "poker"}, {"kind": "knock", "strong": "2H"}, [], {"kind": "card"}):
        with pytest.raises(ValueError):
            verdict_from_data(bad)


def test_remarks_are_the_bots_public_words():
    state = State.from_position(["7H JC", "10H 10C", "8H 9C", "KH QC"], dealer=3, tricks_done=2, leader=1)
    view = state.view(0)
    assert NET.remark("hard", 1, Knock(1), view) == {"code": "knocked", "detail": {"stake": 2}}
    assert NET.remark("normal", 1, Play(C("10H"), 1), view) == {"code": "led", "detail": {"card": "10H"}}


def test_the_host_steps_bots_as_the_trainer_does_with_a_learner():
    """The trainer (ToepenSession, the learner never knocking out of turn) and the host's bots
    with the same seed and the learner's same decisions play the same rubber."""
    from helpers import Scripted

    from tutor.games.toepen.engine import DECISION_EVENTS
    from tutor.games.toepen.session import ToepenSession

    # (Not "hard": its knock odds are cached by the state's id, so a replayed rubber may draw fewer numbers.)
    for seed, level in ((7, "normal"), (8, "easy")):
        rng = random.Random(seed)
        state = State(4, Options(), Chance(rng))
        local: list = []
        ToepenSession(Scripted(timeout_always=True), state, level, rng, 0, True, local.extend).run()
        mine = [e for e in local if e.get("player") == 0 and (e["event"] in DECISION_EVENTS or e["event"] == "play")]
        moves = iter(NET.action({k: v for k, v in e.items() if k in ("event", "card")}, 0) for e in mine)
        hosted = [e for events, _ in bot_rubber(seed, level, humans={0}, decide=lambda s, seat: next(moves))
                  for e in events]
        assert hosted == local


# ------------------------------------------------------------------ real tables on 127.0.0.1


class Player:
    """A console that types what a player at the table would, in the client's own language: a
    card or a word from those the session offers for Tab (sometimes a knock, a `why`, a card
    that does not follow suit), and at a knock offer Enter, a knock, or nothing in time."""

    def __init__(self, seed: int, knock: float = 0.25, offer_knock: float = 0.08, slips: float = 0.05) -> None:
        self.rng = random.Random(seed)
        self.knock, self.offer_knock, self.slips = knock, offer_knock, slips
        self.ascii_only = True
        self.lines: list[str] = []
        self.session = None  # set once the session is made (for the slips: a card that does not follow suit)
        self.typed: list[str] = []
        self.slipped = False  # a card that does not follow suit was refused (until then every chance is taken)
        self.knocked_out_of_turn = False

    def show(self, fragments) -> None:
        from tutor.i18n import _
        from tutor.trainer.console import plain

        text = plain(fragments, True)
        self.lines.append(text)
        if _("Play a card of the suit led, such as %(card)s.").split("%")[0] in text:
            self.slipped = True  # refused with a card of the suit led (TOE.5): slips are rare from now on

    def ask(self, prompt, choices=(), toolbar="", timeout=None):
        from tutor.trainer.commands import command_word
        from tutor.trainer.console import TimeUp, plain

        self.lines.append(plain(prompt, True))
        rng = self.rng
        knock = command_word("knock")
        if timeout is not None:  # a knock offer while another seat is to play (or the host's waiting room)
            roll = rng.random()
            if knock in choices and (not self.knocked_out_of_turn or roll < self.offer_knock):
                self.knocked_out_of_turn = True  # the first offer is taken
                return self.say(knock)
            if roll < 0.5:
                raise TimeUp()
            return self.say("")
        commands = {command_word(c) for c in ("help", "rules", "why", "quit")}
        moves = [c for c in choices if c not in commands]
        if rng.random() < 0.03:
            return self.say(command_word("why"))
        view = self.session.state.seen if self.session is not None else None
        playing = view is not None and view.phase is Phase.PLAY and view.current == view.player and view.led_suit
        if playing and (not self.slipped or rng.random() < self.slips):
            off = [c.code for c in view.hand if c.suit != view.led_suit]
            if off and any(c.suit == view.led_suit for c in view.hand):
                return self.say(off[0])
        if knock in moves and rng.random() < self.knock:
            return self.say(knock)
        return self.say(rng.choice([m for m in moves if m != knock] or moves))

    def say(self, text: str) -> str:
        self.typed.append(text)
        self.lines.append("> " + text)
        return text


class Seated:
    """A client session of Toepen in a thread of its own, in its language, its console a Player."""

    def __init__(self, port: int, code: str, name: str, lang: str, player: Player, coach: bool = False,
                 link=None, welcome=None) -> None:
        import threading

        from nethelp import WAIT

        from tutor import i18n
        from tutor.games.toepen.remote import RemoteToepenSession
        from tutor.net.frames import PROTOCOL
        from tutor.net.link import connect

        self.player, self.result = player, None
        if link is None:
            link = connect("127.0.0.1", port)
            link.send({"type": "hello", "protocol": PROTOCOL, "code": code, "name": name})
            welcome = link.receive(timeout=WAIT)
        assert welcome and welcome["type"] == "welcome", welcome
        self.link, self.welcome, self.seat = link, welcome, welcome["seat"]

        def run() -> None:
            i18n.use_in_thread(lang)
            try:
                session = RemoteToepenSession(player, link, welcome, True, coach)
                player.session = session
                self.result = session.run()
            except BaseException as exc:  # noqa: BLE001 - kept for the test to look at
                self.result = exc

        self.thread = threading.Thread(target=run, name=f"toepen-{name}", daemon=True)
        self.thread.start()

    def screen(self) -> str:
        return "\n".join(self.player.lines)


def said(lang: str, message: str) -> str:
    """A message of the catalog in `lang`."""
    from tutor.i18n import DOMAIN, load_translations

    return load_translations(lang, DOMAIN).gettext(message)


def fast(pause: float = 0.3):
    """NET with a short pause before a bot's card (the humans here answer at once)."""
    import dataclasses

    return dataclasses.replace(NET, pause=lambda state, humans: pause if NET.pause(state, humans) else 0.0)


def check_what_each_seat_was_sent(hosted, seats, coached) -> None:
    """Every message to each seat, in order, against the full events: the events are the seat's
    redaction of the host's, and no message names a card the seat could not see then, holds a
    stock, a bot's reason, or a verdict on another seat's decision."""
    from tutor.games.toepen import bots

    reasons = set(bots.REASONS) - set(bots.REMARKS)
    for seat in seats:
        witness = Witness(seat)
        done = 0  # full events seen so far
        messages = hosted.messages(seat)
        assert any(m["type"] == "over" for m in messages)
        for index, message in enumerate(messages):
            assert not _keys(message) & {"stock", "reason", "reasons", "hands_all"}, message
            assert not _strings(message) & reasons, message
            kind = message["type"]
            if kind == "update":
                seen_here = set(witness.seen)
                for event in message["events"]:
                    full = hosted.events[done]
                    done += 1
                    assert event == redact(full, seat)
                    witness.see(full)
                    seen_here |= witness.seen
                    witness.check(event, f"an update to seat {seat}")
                witness.check(message["view"], f"the view of seat {seat}")
                extra = cards_in(message["remarks"]) - seen_here
                assert not extra, (seat, message["remarks"])
                assert all(r["code"] in bots.REMARKS for r in message["remarks"])
            elif kind in ("verdicts", "refused"):
                witness.check(message, f"a {kind} message to seat {seat}")
                if kind == "verdicts":
                    assert seat in coached
                    after = next(m for m in messages[index + 1:] if m["type"] == "update")
                    assert after["events"][0]["player"] == seat  # a verdict on this seat's own decision
        assert done == len(hosted.events)


def _keys(data) -> set[str]:
    if isinstance(data, dict):
        return set(data) | {k for v in data.values() for k in _keys(v)}
    if isinstance(data, list):
        return {k for v in data for k in _keys(v)}
    return set()


def _strings(data) -> set[str]:
    if isinstance(data, dict):
        return {s for v in data.values() for s in _strings(v)}
    if isinstance(data, list):
        return {s for v in data for s in _strings(v)}
    return {data} if isinstance(data, str) else set()


def test_a_host_and_three_clients_in_three_languages_play_a_rubber(tmp_path, capsys, monkeypatch):
    """Four people (the host's own terminal in French; Lithuanian, German and Czech over TCP) and
    a bot play a rubber to the end, with knocks, folds and cards that do not follow suit; the
    record replays; each seat was sent only what it could see."""
    from helpers import tutor
    from nethelp import Hosted, until

    from tutor import __version__
    from tutor.net.link import LocalLink
    from tutor.records import RecordWriter

    seed = 11
    state = State(5, Options(), Chance(random.Random(seed)))
    path = tmp_path / "table.jsonl"
    writer = RecordWriter(path, {"game": "toepen", "seed": seed, "players": ["host:Ona", "human:Jonas", "human:Jan",
                                                                            "human:Petr", "bot:normal"],
                                 "options": Options().to_record(5), "tutor": __version__})
    hosted = Hosted(fast(), state, game="toepen", level="normal", players_names=["Ona"], start_when=4,
                    record=writer.write, seed=seed)
    try:
        link = LocalLink()
        hosted.server.call(hosted.table.attach_local, link, "Ona")
        welcome = link.receive(timeout=10)
        seated = [Seated(hosted.port, hosted.code, "", "fr", Player(1), link=link, welcome=welcome)]
        seated += [Seated(hosted.port, hosted.code, name, lang, Player(n), coach=(lang == "cs"))
                   for n, (name, lang) in enumerate((("Jonas", "lt"), ("Jan", "de"), ("Petr", "cs")), 2)]
        hosted.finished(timeout=60)
        for s in seated:
            s.thread.join(timeout=10)
            assert s.result == "over", (s.result, s.screen()[-2000:])
    finally:
        hosted.close()
        writer.close()
    assert [s.seat for s in seated] == [0, 1, 2, 3]
    by_people = Counter(e["event"] for e in hosted.events if e.get("player") in (0, 1, 2, 3))
    assert by_people["knock"] and by_people["fold"] and by_people["play"]
    assert hosted.events[-1]["event"] == "game_over" and state.is_over
    check_what_each_seat_was_sent(hosted, range(4), coached={3})
    # Each in their own language, with the coach's lines for the one who asked for them.
    for lang, s in zip(("fr", "lt", "de", "cs"), seated):
        screen = s.screen()
        for text in ("Your hand:", "Hand %(hand)d: %(player)s deals four cards each (TOE.3)."):
            assert said(lang, text).split("%")[0] in screen, (lang, text)
        assert (said(lang, "Coach: %(advice)s").split("%")[0] in screen) == (lang == "cs")
    refused = [(seat, m) for seat in range(4) for m in hosted.messages(seat) if m["type"] == "refused"]
    assert any(m["message"] == "must_follow" and m["verdicts"] for _, m in refused)
    for seat, m in refused:  # the coach's line names a card of the suit led, in the seat's own words
        if m["message"] == "must_follow":
            lang = ("fr", "lt", "de", "cs")[seat]
            assert said(lang, "Play a card of the suit led, such as %(card)s.").split("%")[0] in seated[seat].screen()
    # Knocks came at the player's own turn and while another was to play (TOE.7: at any moment).
    from tutor.games.toepen.replay import replay
    from tutor.records import read_record

    header, events = read_record(path)
    before, out_of_turn = None, 0
    for event, st in replay(header, events):
        if event["event"] == "knock" and event["player"] in (0, 1, 2, 3) and before != event["player"]:
            out_of_turn += 1
        before = st.current_player
    assert out_of_turn
    code, out, err = tutor(capsys, monkeypatch, ["--lang", "lt", "replay", str(path)])
    assert code == 0, err


# ------------------------------------------------------------------ the client session, without a network


class FakeLink:
    """A link whose host is the test: what the session sends is kept; `inbox` is what arrives."""

    def __init__(self) -> None:
        self.sent: list = []
        self.inbox: list = []

    def send(self, message) -> None:
        self.sent.append(message)

    def pending(self) -> bool:
        return bool(self.inbox)

    def receive(self, timeout=None):
        return self.inbox.pop(0) if self.inbox else None


def client(state: State, seat: int = 0, script=(), names=None, coach: bool = False, timeout_always=False):
    """A client session of seat `seat`, having received the view of `state`."""
    from helpers import Scripted

    from tutor.games.toepen.remote import RemoteToepenSession

    console = Scripted(script, timeout_always=timeout_always)
    welcome = {"type": "welcome", "protocol": 1, "seat": seat, "game": "toepen", "players": state.players,
               "names": names or [None] * state.players, "options": {}, "level": "normal", "clock": None,
               "host": False, "rejoined": False, "started": True, "on_drop": "bot"}
    session = RemoteToepenSession(console, FakeLink(), welcome, True, coach)
    session.dispatch(wire({"type": "update", "events": [], "view": NET.view(state, seat), "remarks": []}))
    return session, console


def test_the_client_shows_the_trainers_table_and_sends_what_is_typed():
    from helpers import Scripted

    from tutor.games.toepen.session import ToepenSession

    state = State.from_position(["8H 9S 10S", "KH QC AD", "JH 7D 9D", "8D JC"], dealer=2, trick=[(3, "KS")],
                                tricks_done=1, leader=3)
    session, console = client(state, script=["9s"])
    local = ToepenSession(Scripted(), state, "normal", random.Random(1), 0, True)
    assert session.table() == local.table() and session.choices() == local.choices()
    assert session.toolbar() == local.toolbar()
    assert session.awaited() and session.decide() == {"event": "play", "card": "9S"}
    assert "".join(t for _, t in local.table()) in console.text


def test_a_refusal_is_the_trainers_line():
    state = State.from_position(["8H 9S 10S", "KH QC AD", "JH 7D 9D", "8D JC"], dealer=2, trick=[(3, "KS")],
                                tricks_done=1, leader=3)
    session, console = client(state)
    action = Play(C("8H"), 0)
    try:
        state.verify(action)
    except IllegalAction as err:
        refused = wire({"type": "refused", "clause": err.clause, "message": err.message, "params": err.params,
                        "verdicts": NET.refusal(state, 0, action, err)})
    session.dispatch(refused)
    from tutor.games.toepen.narrate import card_verdict_line

    line = card_verdict_line(coach.judge_card(state, 0, C("8H")), True)
    assert console.lines[-1] == line and "Coach" not in console.text  # one line, the coach's, as at the trainer
    session.dispatch(wire({"type": "refused", "clause": "TOE.7", "message": "knocked_last", "params": {"player": 0},
                           "verdicts": []}))
    assert console.lines[-1] == "You knocked last and cannot knock again until someone else has. (rule TOE.7)"


def test_verdicts_and_remarks_are_shown_as_at_the_trainer():
    state = State.from_position(["10H 9H 7C", "7H 8C 8S", "KH QC JS", "AH AC AS"], dealer=3, tricks_done=1,
                                leader=0)
    session, console = client(state, names=[None, "Jan", None, None], coach=True)
    session.dispatch(wire({"type": "verdicts", "verdicts": NET.judge(state, 0, Play(C("10H"), 0))}))
    assert "Coach: Keep 10H for the last trick" in console.text
    view = state.view(0)
    session.dispatch(wire({"type": "update", "events": [{"event": "play", "player": 0, "card": "7C"}],
                           "view": NET.view(state, 0),
                           "remarks": [{"seat": 2, **NET.remark("normal", 2, Play(C("KH"), 2), view)}]}))
    assert "You play 7C." in console.text
    session.handle_command("why")
    assert console.lines[-1] == "Bot 3: I led KH."


def test_a_move_typed_while_the_table_moved_on_is_not_sent():
    state = State.from_position(["7H JC", "10H 10C", "8H 9C", "KH QC"], dealer=3, tricks_done=2, leader=0)
    session, console = client(state, script=["7h"], names=["Ona", "Jan", None, None])
    knocked = state.view(0)
    events = state.apply(Knock(1))  # Jan knocked while Ona typed
    session.link.inbox.append(wire({"type": "update", "events": events, "view": NET.view(state, 0), "remarks": []}))
    assert session.decide() is None and session.link.sent == []
    session.dispatch(session.link.receive())
    assert session.decide() is None  # not sent, and said so
    assert console.lines[-1] == "“7h” was not sent: the table moved on meanwhile."
    assert "Jan knocks! The hand is now worth 2 (TOE.7)." in console.text
    assert session.view["phase"] == "answer" and knocked.phase is Phase.PLAY


def test_knock_offers_while_another_seat_is_to_play(monkeypatch):
    from tutor.games.toepen import remote

    # Seat 1 is to lead; seat 0 may knock before that card.
    state = State.from_position(["7H JC", "10H 10C", "8H 9C", "KH QC"], dealer=3, tricks_done=2, leader=1)
    bot, console = client(state, script=["knock"])
    assert not bot.awaited() and bot.offering()
    assert bot.offer() == {"event": "knock"}
    assert "Bot 2 is to play. Enter to go on, or “knock” (F3); with no answer, play goes on by itself after 2.5 " \
           "seconds:" in console.prompts[-1]
    person, console = client(state, script=[""], names=["Ona", "Jan", None, None])
    assert person.offering() and person.offer() is None
    assert console.prompts[-1].startswith("Jan is to play. Enter to go on, or “knock” (F3) to knock before their card")
    assert not person.offering()  # Enter: not again at this moment
    clock = [100.0]
    monkeypatch.setattr(remote.time, "monotonic", lambda: clock[0])
    slow, console = client(state, names=["Ona", "Jan", None, None], timeout_always=True)
    assert slow.offering() and slow.offer() is None and not slow.offering()
    clock[0] += remote.REOFFER
    assert slow.offering()  # Jan still thinks: the offer comes back
    state.apply(Play(C("10H"), 1))
    slow.dispatch(wire({"type": "update", "events": [], "view": NET.view(state, 0), "remarks": []}))
    assert slow.offering()  # a new moment
    knocked = State.from_position(["7H JC", "10H 10C", "8H 9C", "KH QC"], dealer=3, tricks_done=2, leader=1,
                                  points=[9, 0, 0, 0])
    near, _ = client(knocked)
    assert not near.offering()  # TOE.12: no knock past the limit, no offer


def test_a_thrower_who_is_challenged_is_told_in_their_own_words():
    from tutor.games.toepen.narrate import event_line
    from tutor.trainer.table import Names

    event = {"event": "challenge", "player": 1, "thrower": 0, "shown": ["AH", "KH", "QH", "10C"], "bluff": True,
             "loser": 0, "points": 1, "total": 3}
    line = event_line(event, Names(3, 0), True)
    assert line.startswith("Bot 2 challenges: you show AH KH QH 10C.") and "You take 1 point" in line


def test_a_client_that_drops_mid_hand_rejoins_and_finishes(monkeypatch):
    """A seat's connection is cut mid-hand: a bot plays for it; it joins again by name, sees the
    table as it is (its hand included) and plays to the end."""
    from nethelp import Hosted, until

    state = State(3, Options(), Chance(random.Random(4)))
    hosted = Hosted(fast(), state, game="toepen", level="easy", start_when=2, seed=4)
    try:
        ona = Seated(hosted.port, hosted.code, "Ona", "lt", Player(1))
        jan = Seated(hosted.port, hosted.code, "Jan", "cs", Player(2))
        until(lambda: sum(e["event"] == "play" for e in list(hosted.events)) >= 3, what="three cards played")
        jan.link.close()
        jan.thread.join(timeout=10)
        assert jan.result == "closed"
        played = sum(e["event"] == "play" for e in list(hosted.events))
        until(lambda: sum(e["event"] == "play" for e in list(hosted.events)) > played + 2, what="a bot for Jan")
        back = Seated(hosted.port, hosted.code, "Jan", "cs", Player(3))
        assert back.welcome["rejoined"] and back.seat == jan.seat
        hosted.finished(timeout=40)
        for s in (ona, back):
            s.thread.join(timeout=10)
            assert s.result == "over", s.screen()[-1500:]
    finally:
        hosted.close()
    # Back at the table, it is shown as it is, the seat's hand included, before anything else happens.
    lines = back.player.lines
    seated_line = next(i for i, line in enumerate(lines) if line.startswith(said("cs", "At the table: %(players)s.")[:8]))
    assert lines[seated_line + 1].startswith("\n" + said("cs", "Hand %(hand)d · stake %(stake)d · trick %(trick)d of 4")[:4])
    assert said("cs", "Your hand:") in lines[seated_line + 1]
    assert state.is_over and hosted.events[-1]["event"] == "game_over"


def test_a_bots_knock_asked_for_again_at_the_same_moment_is_the_same(monkeypatch):
    """The host may ask again at the same moment (its answer went stale when a seat dropped):
    the bot that chose to knock still knocks, and nobody is asked twice."""
    from tutor.games.toepen import bots
    from tutor.games.toepen.bots.choice import Choice

    asked = []

    def knock_choice(level, state, rng, seat):
        asked.append(seat)
        return Choice(Knock(seat), "knock_strong") if seat == 2 else None

    monkeypatch.setattr(bots, "knock_choice", knock_choice)
    state = State.from_position(["7H JC", "10H 10C", "8H 9C", "KH QC"], dealer=3, tricks_done=2, leader=0)
    assert NET.bots(state, random.Random(1), "hard", {1, 2, 3}) == [(2, Knock(2))]
    assert NET.bots(state, random.Random(1), "hard", {1, 2, 3, 0}) == [(2, Knock(2))]
    assert asked == [1, 2]
    # Seat 2's player came back: it is no bot's knock any more; seat 0, now a bot, plays its card.
    acts = NET.bots(state, random.Random(1), "hard", {0, 1, 3})
    assert asked == [1, 2] and [seat for seat, _ in acts] == [0] and isinstance(acts[0][1], Play)
