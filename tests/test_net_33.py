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
                assert len(view.legal) == len(state.legal_actions()) and view.waiting
            else:
                assert set(view.legal) <= {Draw(seat)} and not view.waiting
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


# ====================================================================== at a real table (sockets)

import threading  # noqa: E402
import time  # noqa: E402

from tests.nethelp import Hosted, ThreadClient, until  # noqa: E402
from tutor import i18n  # noqa: E402
from tutor.games.thirty_three.bots.remarks import REMARKS  # noqa: E402
from tutor.games.thirty_three.remote import RemoteSession33  # noqa: E402
from tutor.games.thirty_three.replay import replay as replay_record  # noqa: E402
from tutor.games.thirty_three.words import card_words  # noqa: E402
from tutor.net.host import OnDrop  # noqa: E402
from tutor.records import RecordWriter, read_record  # noqa: E402
from tutor.trainer.commands import command_word  # noqa: E402

#: What a bot's private reasons are called (a Choice's reason): never sent to anyone.
BOT_REASONS = ("push_total", "save_turn", "only_play", "least_risk", '"reason"')


def in_lang(lang, fn):
    """fn() with this thread's messages in `lang` (the scripted player thinks in their language)."""
    i18n.use_in_thread(lang)
    try:
        return fn()
    finally:
        del i18n._thread.lang, i18n._thread.translations


class Player:
    """A scripted player at a client: types legal decisions in its own language, in the ways the
    local session accepts them (notation, words, a value asked for, a bare value)."""

    def __init__(self, client: ThreadClient, lang: str, seed: int) -> None:
        self.client, self.lang, self.rng = client, lang, random.Random(seed)
        self.style = 0
        self.typed: list[str] = []

    def word(self, command):
        return in_lang(self.lang, lambda: command_word(command))

    def type(self, *lines):
        for line in lines:
            self.typed.append(line)
            self.client.type(line)

    def play_lines(self, state: State) -> list[str]:
        play = self.rng.choice(state.legal_plays())
        hand = state.hands[state.current]
        self.style += 1
        card, value = play.card, play.value
        if len(VALUES[card]) == 2:
            if self.style % 3 == 0:
                return [card, str(value)]  # the session asks for the value
            if self.style % 3 == 1 and ((card == "1/11" and value == 11) or (card == "+-10" and value == -10)) \
                    and not (card == "1/11" and "+-10" in hand and value == -10):
                return [f"{value:+d}" if value < 0 else str(value)]  # a bare value names the card
            return [f"{card} {value}"]
        if self.style % 2 == 0:
            words = in_lang(self.lang, card_words)
            if card == "0":
                return [words["zero"][0]]
            kind = "plus" if card.startswith("+") else "minus"
            return [f"{words[kind][0]} {card[1:]}"]
        return [card]

    def lines(self, state: State) -> list[str]:
        seat = state.current
        if state.phase is Phase.PLAY and seat in state.pending:
            return [self.word("draw")]
        if state.phase is Phase.PLAY:
            return self.play_lines(state)
        if state.phase is Phase.SAY:
            return [str(state.total)]
        if state.phase is Phase.DRAW:
            return [self.word("draw")]
        picks = [a.card for a in state.legal_actions() if isinstance(a, Pick)]
        return [self.rng.choice(picks)]


def key(state: State):
    return (state.plays, state.phase, state.current, len(state.picks), tuple(state.pending), state.is_over)


def play_to_the_end(h: Hosted, players: dict[int, Player], extra=None, limit: float = 60.0) -> None:
    """Each scripted player answers whenever the table waits for its seat, until the game ends."""
    end = time.monotonic() + limit
    while not h.table.finished.is_set():
        assert time.monotonic() < end, "the game did not end"
        state = h.state
        seat = state.current_player
        if seat not in players:
            time.sleep(0.01)
            continue
        before = key(state)
        player = players[seat]
        if extra is not None:
            extra(player, state)
        player.type(*player.lines(state))
        until(lambda: key(h.state) != before, what=f"seat {seat}'s decision to go in")


def record_of(h: Hosted, path, players_line, options: Options, seed: int):
    """The host's record, as `tutor host` writes it (header at the start, then every event)."""
    writer = RecordWriter(path, {"game": "thirty-three", "seed": seed, "options": options.to_record(),
                                 "level": h.table.level, "players": players_line})
    writer.write(h.events)
    writer.close()
    return path


def expected_event(event, seat):
    """What `seat` may see of an event at a real table (worked out here, apart from net.redact)."""
    kind = event["event"]
    if kind in ("shuffle", "recycle"):
        seen = {k: v for k, v in event.items() if k != "stock"}
        return {**seen, "size": len(event["stock"])}
    if kind == "deal":
        return {"event": "deal", "dealer": event["dealer"], "sizes": [len(h) for h in event["hands"]],
                "hands": [h if q == seat else None for q, h in enumerate(event["hands"])]}
    hidden = {"draw": "card", "lose": "hand"}.get(kind)
    if hidden and event["player"] != seat:
        return {k: v for k, v in event.items() if k != hidden}
    if kind == "forfeit_draw":
        return {k: v for k, v in event.items() if k != "cards"}
    return event


def snapshots(path):
    """From the record: after each count of events, each hand, the pile and the stock's size."""
    header, events = read_record(path)
    state = None
    snaps = {}
    for n, (_event, state) in enumerate(replay_record(header, events), 1):
        snaps[n] = ([list(h) for h in state.hands], list(state.pile), len(state.stock), state.total)
    return snaps


def check_what_each_seat_was_sent(h: Hosted, path, coached: set[int], seats) -> None:
    snaps = snapshots(path)
    full = h.events
    for seat in seats:
        raw = h.raw(seat).decode()
        for secret in BOT_REASONS:
            assert secret not in raw, (seat, secret)
        assert '"stock": [' not in raw and '"cards"' not in raw
        got, count, hand_before = [], 0, None
        for message in h.messages(seat):
            kind = message["type"]
            if kind == "verdicts":
                assert seat in coached  # nobody else's verdicts, and only when asked for
                for verdict in message["verdicts"]:
                    assert verdict["hand"] == hand_before  # the seat's own hand, nothing more
            if kind == "refused":
                for verdict in message["verdicts"]:
                    assert verdict["hand"] == hand_before
            if kind != "update":
                continue
            got += message["events"]
            count += len(message["events"])
            view = message["view"]
            hands, pile, stock, total = snaps[count]
            assert view["hand"] == hands[seat] and view["pile"] == pile and view["stock"] == stock
            assert view["hands"] == [len(x) for x in hands] and view["total"] == total
            for legal in view["legal"]:
                assert legal.get("card") is None or legal["event"] == "forfeit_pick" or legal["card"] in hands[seat]
            for remark in message["remarks"]:
                assert remark["code"] in REMARKS and set(remark["detail"]) <= {"total", "limit"}
                assert remark["seat"] != seat
            hand_before = hands[seat]
        assert got == [expected_event(e, seat) for e in full], seat


@pytest.fixture
def tables():
    made = []

    def make(state, **kw):
        hosted = Hosted(NET, state, game="thirty-three", **kw)
        made.append(hosted)
        return hosted

    yield made, make
    for hosted in made:
        hosted.close()


def test_three_languages_play_a_whole_game_and_each_seat_gets_only_what_it_may_see(tables, tmp_path, capsys):
    made, make = tables
    options = Options(manual_draw=True, forfeit=True)
    state = State(4, options, Chance(random.Random(33)))
    h = make(state, level="normal", start_when=3, host_seat=3, options=options.to_record())
    langs = {0: "lt", 1: "de", 2: "cs"}
    clients = {}
    for seat, (name, lang) in enumerate((("Ona", "lt"), ("Jan", "de"), ("Eva", "cs"))):
        clients[seat] = ThreadClient(h.port, h.code, name, lang, RemoteSession33, coach=(seat == 0))
        assert clients[seat].seat == seat
    until(lambda: h.table.started, what="the start")
    players = {seat: Player(c, langs[seat], seat) for seat, c in clients.items()}
    asked = set()

    def extra(player, state):
        """Now and then a command first, or a card that is not in the hand (refused with 33.5);
        the coached player once tries a card that would take the total over 33 (33.7)."""
        seat = state.current
        if state.phase is not Phase.PLAY or seat in state.pending:
            return
        over = [c for c in state.hands[seat] if state.total + min(VALUES[c]) > 33]
        if seat == 0 and over and "over" not in asked and len(over) < len(state.hands[seat]):
            asked.add("over")
            refusals = sum(m["type"] == "refused" for m in h.messages(seat))
            player.type(over[0] if len(VALUES[over[0]]) == 1 else f"{over[0]} {min(VALUES[over[0]])}")
            until(lambda: sum(m["type"] == "refused" for m in h.messages(seat)) > refusals, what="the refusal")
        if seat in asked:
            return
        asked.add(seat)
        player.type(player.word("why"), player.word("help"))
        missing = next(f for f in ("+2", "+3", "+4", "+5") if f not in state.hands[seat])
        player.type(missing)
        until(lambda: any(m["type"] == "refused" for m in h.messages(seat)), what="the refusal")

    play_to_the_end(h, players, extra)
    for c in clients.values():
        until(lambda c=c: c.result == "over", what="every client to end")
    assert h.events[-1]["event"] == "game_over" and any(e["event"] == "forfeit_draw" for e in h.events)
    path = record_of(h, tmp_path / "table.jsonl", ["human:Ona", "human:Jan", "human:Eva", "bot:normal"],
                     options, 33)
    check_what_each_seat_was_sent(h, path, coached={0}, seats=(0, 1, 2))

    # Each screen is in its player's language, from the title to the forfeit and the result.
    for seat, c in clients.items():
        screen = c.screen()
        lang = langs[seat]
        for text in (_t(lang, "33: never push the total over %(limit)d.") % {"limit": 33},
                     _t(lang, "Say the new total:"), _t(lang, "Choose a card for the forfeit draw, or type %(skip)s:")
                     .split("%(")[0], _t(lang, "Game over after %(count)d play.").split("%(")[0][:8],
                     _t(lang, "Play a card, like %(examples)s:").split("%(")[0]):
            assert text in screen, (lang, text)
        # The first prompt shows how a card is typed; later ones just ask for the card.
        first = screen.index(_t(lang, "Play a card, like %(examples)s:").split("%(")[0])
        assert screen.find(_t(lang, "Your card:")) in (-1,) or screen.find(_t(lang, "Your card:")) > first
        assert "Traceback" not in screen and "%(" not in screen
        # `why`: what the bot said of its play; the refusal with its rule.
        assert _t(lang, "You do not hold %(card)s.").split("%(")[0] in screen and "33.5" in screen
    # The coached player (lt) was told the play that fits after a card over 33 (33.7), as at `tutor play`.
    assert "over" in asked
    instead = _t("lt", "Play %(better)s instead: it takes the total to %(total)d, and no play may take it over 33 "
                       "(33.7).").split("%(")[0]
    assert instead in clients[0].screen() and "33.7" in clients[0].screen()
    # The others never hear a coach.
    for seat in (1, 2):
        assert _t(langs[seat], "Coach: %(advice)s").split("%(")[0] not in clients[seat].screen()

    # The host's record replays.
    from tutor.cli.main import run

    capsys.readouterr()
    assert run(["--lang", "cs", "replay", str(path), "--all"]) == 0
    assert "33.12" in capsys.readouterr().out
    for c in clients.values():
        c.close()
    show(*clients.values())


def _t(lang, msgid):
    return in_lang(lang, lambda: i18n._(msgid))


def show(*clients):
    """With SHOW33=1 (and pytest -s): each client's screen, to read."""
    import os

    if os.environ.get("SHOW33"):
        for c in clients:
            print("=" * 30, c.seat)
            print(c.screen())


def wait_for_prompt(client, prompt, seen_before):
    """Waits until the client shows `prompt` once more than `seen_before` times."""
    until(lambda: client.screen().count(prompt) > seen_before, what=f"the prompt {prompt!r}")


def test_a_remote_player_draws_late_then_forgets_loses_by_33_10_and_skips_the_forfeit(tables):
    made, make = tables
    options = Options(manual_draw=True, forfeit=True)
    state = State(3, options, Chance(random.Random(4)))
    h = make(state, level="normal", start_when=1, host_seat=2, options=options.to_record())
    client = ThreadClient(h.port, h.code, "Olga", "ru", RemoteSession33)
    assert client.seat == 0
    until(lambda: h.table.started, what="the start")
    player = Player(client, "ru", 4)
    offer = _t("ru", "You hold two cards. Type %(draw)s:").split("%(")[0]
    pick = _t("ru", "Choose a card for the forfeit draw, or type %(skip)s:").split("%(")[0]
    ended = 0
    late = False
    end = time.monotonic() + 40
    while not h.table.finished.is_set():
        assert time.monotonic() < end, "the game did not end"
        s = h.state
        before = key(s)
        if s.current_player == 0 and s.phase is Phase.DRAW:
            ended += 1
            player.type(player.word("end"))  # ends the turn without drawing (33.10)
        elif s.current_player == 0 and s.phase is Phase.PICK:
            wait_for_prompt(client, pick, 0)
            player.type(player.word("skip"))
        elif s.current_player == 0:
            player.type(*player.lines(s))
        elif 0 in s.pending and ended == 1 and not late:
            late = True
            wait_for_prompt(client, offer, 0)  # the table changed: a short prompt to draw now
            player.type(player.word("draw"))
            until(lambda: 0 not in h.state.pending, what="the late draw")
            continue
        else:
            time.sleep(0.01)
            continue
        until(lambda: key(h.state) != before, what="the decision to go in")
    until(lambda: client.result == "over", what="the client to end")
    kinds = [(e["event"], e.get("player")) for e in h.events]
    first_end = kinds.index(("end_turn", 0))
    # The late draw went in before the next player drew, and nobody lost for it then.
    after = kinds[first_end + 1:]
    assert after.index(("draw", 0)) < after.index(("draw", 1))
    lose = next(e for e in h.events if e["event"] == "lose")
    assert lose["player"] == 0 and lose["rule"] == "33.10" and ended == 2
    assert h.events[-2]["event"] == "forfeit_skip" and h.events[-1]["event"] == "game_over"
    screen = client.screen()
    for msgid in ("You still hold two cards after the next player drew: you lose (33.10).",
                  "The forfeit draw is skipped.",
                  "Remember: nothing that could harm anyone's health or life, nothing humiliating, "
                  "and nobody has to do anything they do not want to."):
        assert _t("ru", msgid) in screen, msgid
    assert screen.count(offer) >= 2 and "Traceback" not in screen
    client.close()
    show(client)


def test_a_dropped_player_rejoins_by_name_sees_the_table_and_finishes(tables):
    made, make = tables
    state = State(2, Options(), Chance(random.Random(8)))
    h = make(state, level="easy", start_when=1, host_seat=1, on_drop=OnDrop.PAUSE,
             options=Options().to_record())
    client = ThreadClient(h.port, h.code, "Jana", "cs", RemoteSession33)
    until(lambda: h.table.started, what="the start")
    player = Player(client, "cs", 8)
    until(lambda: h.state.current_player == 0, what="Jana's turn")
    before = key(h.state)
    player.type(*player.lines(h.state))
    until(lambda: key(h.state) != before, what="Jana's play")
    client.drop()
    until(lambda: h.table.seats[0].away, what="Jana to be away")
    until(lambda: h.state.current_player == 0, what="the table to wait for Jana")
    client.close()
    back = ThreadClient(h.port, h.code, "Jana", "cs", RemoteSession33)
    assert back.seat == 0 and back.welcome["rejoined"]
    hand = _t("cs", "Your hand:")
    until(lambda: hand in back.screen(), what="the table shown again")
    play_to_the_end(h, {0: Player(back, "cs", 9)})
    until(lambda: back.result == "over", what="Jana's end")
    assert "Traceback" not in back.screen()
    back.close()
    show(client, back)


# ------------------------------------------------------------------ the client session, without sockets


class FakeLink:
    def __init__(self):
        self.sent = []

    def send(self, message):
        self.sent.append(message)


def client_at(state: State, seat: int, script=(), coach=False, options=None):
    """A RemoteSession33 for `seat`, shown the table as `state` stands, typing `script`."""
    from tests.helpers import Scripted

    console = Scripted(script)
    welcome = {"type": "welcome", "seat": seat, "players": state.players, "names": [None] * state.players,
               "options": options or state.options.to_record(), "level": "normal", "started": True,
               "host": False, "rejoined": False}
    session = RemoteSession33(console, FakeLink(), welcome, True, coach)
    session.dispatch({"type": "update", "events": [redact(e, seat) for e in state.opening],
                      "view": NET.view(state, seat), "remarks": []})
    return session, console


def test_the_client_asks_for_a_two_value_cards_value_as_the_local_session_does():
    state = _position(["1/11", "+7", "-3"], 10)
    session, console = client_at(state, state.current, ["1/11", "11"])
    assert session.awaited()
    assert session.decide() == {"event": "play", "card": "1/11", "value": 11}
    assert console.prompts[0].startswith("Play a card, like +7 or 1/11 11")
    assert console.prompts[1].startswith("Play 1/11 as +1 or +11?")
    bare, _console = client_at(state, state.current, ["-3"])
    assert bare.decide() == {"event": "play", "card": "-3", "value": -3}


def test_the_client_says_the_total_draws_ends_and_picks_by_the_local_sessions_words():
    state = State(3, Options(manual_draw=True, forfeit=True), Chance(random.Random(6)))
    seat = state.current
    state.apply(state.legal_plays()[0])
    session, _console = client_at(state, seat, ["twelve", str(state.total)])
    assert session.decide() is None  # "Type the total as a number."
    assert session.decide() == {"event": "say", "said": state.total}
    state.apply(Say(state.total))
    session, _console = client_at(state, seat, ["end"])
    assert session.decide() == {"event": "end_turn"}
    state.phase = Phase.PICK
    state.picks = {}
    session, console = client_at(state, seat, ["+7", "skip"])
    assert session.decide() == {"event": "forfeit_pick", "card": "+7"}
    assert session.decide() == {"event": "forfeit_skip"}
    assert console.prompts == ["Choose a card for the forfeit draw, or type \u201cskip\u201d: "] * 2


def test_another_players_move_that_went_in_first_does_not_prompt_again():
    state = State(3, Options(manual_draw=True), Chance(random.Random(6)))
    seat = state.current
    session, _console = client_at(state, seat)
    session.send_action({"event": "play", "card": state.legal_plays()[0].card, "value": state.legal_plays()[0].value})
    other = {"event": "draw", "player": (seat + 1) % 3, "from": "stock"}
    session.dispatch({"type": "update", "events": [other], "view": NET.view(state, seat), "remarks": []})
    assert session.waiting  # ours is still on its way: the same prompt is not shown again
    play = state.legal_plays()[0]
    events = state.apply(play)
    session.dispatch({"type": "update", "events": [redact(e, seat) for e in events], "view": NET.view(state, seat),
                      "remarks": [], "answer": session.sent})  # the host answers our act by its id
    assert not session.waiting


def test_a_refusal_comes_first_then_the_coachs_play_only_for_a_coached_player():
    state = _position(["+10", "-3", "0"], 30)
    play = Play("+10", 10)
    with pytest.raises(IllegalAction) as caught:
        state.verify(play)
    err = caught.value
    refused = wire({"type": "refused", "clause": err.clause, "message": err.message, "params": dict(err.params),
                    "verdicts": NET.refusal(state, state.current, play, err)})
    for coach in (True, False):
        session, console = client_at(state, state.current, coach=coach)
        session.dispatch(refused)
        shown = console.lines[-2:] if coach else console.lines[-1:]
        assert "would take the total from 30 to 40, above 33. (rule 33.7)" in shown[0]
        assert ("Coach: Play " in shown[-1]) == coach


def test_a_remark_from_the_host_answers_why():
    state = _position(["+7", "-3", "0"], 20)
    seat = (state.current + 1) % 3
    session, console = client_at(state, seat, ["why"])
    session.dispatch({"type": "update", "events": [], "view": NET.view(state, seat),
                      "remarks": [{"seat": state.current, "code": "raised", "detail": {"total": 27, "limit": 33}}]})
    session.handle_command("why")
    assert console.lines[-1] == f"Bot {state.current + 1}: I raised the total to 27."


def test_a_table_resumed_from_its_record_takes_its_player_back_where_they_were(tables, tmp_path, capsys):
    """The host dies mid-game; the game is replayed from its record on a new table (as `tutor host
    --resume` does) and the player rejoins by name where they were."""
    made, make = tables
    options = Options(manual_draw=True, forfeit=True)
    path = tmp_path / "resume.jsonl"
    header = {"game": "thirty-three", "seed": 12, "options": options.to_record(), "level": "normal",
              "players": ["human:Kari", "bot:normal", "host:Ola"]}
    writer = RecordWriter(path, header)
    state = State(3, options, Chance(random.Random(12)))
    h = make(state, level="normal", start_when=1, host_seat=2, options=options.to_record(), record=writer.write)
    client = ThreadClient(h.port, h.code, "Kari", "nb", RemoteSession33)
    until(lambda: h.table.started, what="the start")
    player = Player(client, "nb", 12)
    for _ in range(4):  # a few of Kari's decisions, then the host dies while the table waits for her
        until(lambda: h.state.current_player == 0, what="Kari's turn")
        before = key(h.state)
        player.type(*player.lines(h.state))
        until(lambda: key(h.state) != before, what="Kari's decision")
    until(lambda: h.state.current_player == 0, what="Kari's turn")
    writer.close()
    h.close()
    client.close()  # Kari's terminal, at its prompt, is closed too

    # Resumed: the record replayed on the engine, new shuffles from here on, the same names.
    read_header, events = read_record(path)
    resumed = None
    for _event, resumed in replay_record(read_header, events):
        pass
    assert resumed is not None and resumed.current_player == 0 and not resumed.is_over
    resumed.chance = Chance(random.Random(99))
    writer = RecordWriter(path, None, append=True)
    h2 = make(resumed, level="normal", host_seat=2, options=options.to_record(), record=writer.write, started=True,
              players_names=["Kari", None, None])
    back = ThreadClient(h2.port, h2.code, "Kari", "nb", RemoteSession33)
    assert back.seat == 0 and back.welcome["rejoined"]
    # Kari is asked for her decision where she was (her hand, or the total she had to say: the host
    # may die at either moment).
    until(lambda: back.screen().rstrip().endswith(":"), what="Kari's prompt again")
    play_to_the_end(h2, {0: Player(back, "nb", 13)})
    until(lambda: back.result == "over", what="Kari's end")
    writer.close()
    from tutor.cli.main import run

    capsys.readouterr()
    assert run(["--lang", "nb", "replay", str(path), "--all"]) == 0
    assert "Traceback" not in back.screen()
    show(client, back)
    back.close()


def test_tab_completes_the_seats_legal_cards_and_the_commands_in_its_language():
    state = _position(["1/11", "+7", "-3"], 28)
    session, _console = client_at(state, state.current)
    words = in_lang("lt", session.choices)
    plus, minus = in_lang("lt", lambda: (card_words()["plus"][0], card_words()["minus"][0]))
    assert words[:2] == ["1/11", "-3"] and f"{minus} 3" in words and f"{plus} 7" not in words  # +7: over 33
    assert in_lang("lt", lambda: command_word("why")) in words
    assert in_lang("lt", session.toolbar).startswith(" 33 ")
