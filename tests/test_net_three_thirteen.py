"""Three Thirteen at a network table: the host's adapter (net.py) and, over real sockets, a
whole game with clients in three languages, each seat's bytes held to what it may see."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from helpers import card, cards, tt_table
from tutor.cards import make_decks
from tutor.games.base import IllegalAction
from tutor.games.three_thirteen import coach, net
from tutor.games.three_thirteen.engine import ANY_COPY, Chance, Discard, Draw, GoOut, Options, Phase, State
from tutor.games.three_thirteen.narrate import discard_verdict_lines, draw_verdict_lines, instead_line

CODES = net.CODES


def wire(data):
    """Data as it comes out of a JSON line."""
    return json.loads(json.dumps(data))


def play_game(players=4, seed=3, level="normal"):
    """A whole game of bots through the adapter's action data; (state, every engine event)."""
    rng = random.Random(seed)
    state = State(players, Options(), Chance(random.Random(seed)))
    events = list(state.opening)
    while not state.is_over:
        (seat, action), = net.bot_actions(state, rng, level, set(range(players)))
        events += state.apply(net.action_of(wire(net.action_data(action)), seat))
    return state, events


# --------------------------------------------------------------------------- actions


def test_actions_round_trip_through_data_and_copies_are_picked_by_the_engine():
    # Four players: two decks, so hands hold two cards of one code (TT.1); the client names
    # a card by its code and the engine picks the physical card (State.physical).
    state, events = play_game(players=4)
    assert state.is_over and events[-1]["event"] == "game_over"
    assert net.action_data(Draw("stock")) == {"event": "draw", "from": "stock"}
    assert net.action_data(Discard(card("10H"))) == {"event": "discard", "card": "10H"}
    assert net.action_data(GoOut(card("QS", 1))) == {"event": "go_out", "card": "QS"}
    assert net.action_of({"event": "draw", "from": "discard"}, 2) == Draw("discard", player=2)
    assert net.action_of({"event": "go_out", "card": "7D"}, 1) == GoOut(card("7D", ANY_COPY), player=1)


def test_a_card_named_by_code_is_the_copy_that_may_go():
    # 7H taken from the pile (copy 1) may not go back, the player's own 7H (copy 0) may (TT.5).
    state = tt_table([[card("7H"), card("9C"), card("5D")], cards("2S 4S 6S")], round=1,
                     stock=cards("KS KH"), discard=[card("7H", 1)])
    state.apply(net.action_of({"event": "draw", "from": "discard"}, 0))
    events = state.apply(net.action_of({"event": "discard", "card": "7H"}, 0))
    assert events == [{"event": "discard", "player": 0, "card": "7H"}]
    assert card("7H", 1) in state.hands[0] and card("7H", 0) not in state.hands[0]


def test_an_action_for_another_seat_or_a_card_not_held_is_refused_by_the_engine():
    state = tt_table([cards("4C 5C 8C"), cards("4D 5D 8D")], round=1, stock=cards("9S"), discard=cards("QH"))
    with pytest.raises(IllegalAction) as err:
        state.apply(net.action_of({"event": "draw", "from": "stock"}, 1))
    assert err.value.message == "not_your_turn"
    state.apply(net.action_of({"event": "draw", "from": "stock"}, 0))
    with pytest.raises(IllegalAction) as err:
        state.apply(net.action_of({"event": "discard", "card": "4D"}, 0))
    assert (err.value.message, err.value.params["card"]) == ("not_in_hand", "4D")


@pytest.mark.parametrize("data", [
    None, [], "draw", 7, {}, {"event": "play", "card": "7H"},
    {"event": "draw"}, {"event": "draw", "from": "deck"}, {"event": "draw", "from": ["stock"]},
    {"event": "draw", "from": "stock", "card": "7H"}, {"event": "draw", "from": "stock", "player": 1},
    {"event": "discard"}, {"event": "discard", "card": "7X"}, {"event": "discard", "card": "7h"},
    {"event": "discard", "card": "10♥"}, {"event": "discard", "card": ["7H"]}, {"event": "discard", "card": 7},
    {"event": "discard", "card": None}, {"event": "go_out", "card": "7H", "melds": []},
    {"event": ["draw"], "from": "stock"}, {"event": {"a": 1}},
])
def test_malformed_action_data_raises_value_error(data):
    with pytest.raises(ValueError):
        net.action_of(data, 0)


# --------------------------------------------------------------------------- views


def test_the_view_is_data_with_the_legal_decisions_and_round_trips():
    state = tt_table([[card("7H"), card("9C"), card("9C", 1)], cards("2S 4S 6S")], round=1,
                     stock=cards("KS KH"), discard=[card("AD"), card("7H", 1)])
    data = wire(net.view_data(state, 0))
    assert data["hand"] == ["7H", "9C", "9C"] and data["discard"] == ["AD", "7H"] and data["stock"] == 2
    assert data["legal"] == [{"event": "draw", "from": "stock"}, {"event": "draw", "from": "discard"}]
    assert data["turn"] == state.turn and data["phase"] == "draw" and data["waiting"]
    assert wire(net.view_data(state, 1))["legal"] == []  # not its turn
    assert not wire(net.view_data(state, 1))["waiting"]
    assert wire(net.view_data(state, 1))["hand"] == ["2S", "4S", "6S"]
    state.apply(Draw("discard"))
    data = wire(net.view_data(state, 0))
    # One entry per code: the 7H just taken may not go, but the one held may (TT.5).
    assert data["legal"] == [{"event": "discard", "card": "7H"}, {"event": "discard", "card": "9C"}]
    assert data["taken"] == "7H"
    view = net.view_of(data)
    assert view.taken is view.hand[-1] and [c.code for c in view.hand] == ["7H", "9C", "9C", "7H"]
    assert {k: v for k, v in data.items() if k not in ("turn", "legal", "waiting")} == wire(net.view_fields(view))
    assert view == net.view_of(wire(net.view_fields(view)))


def test_the_view_lists_going_out():
    # Round 1, threes wild: A A 3 is a set, so KC goes out (TT.8).
    state = tt_table([cards("AS AH 3D"), cards("2S 4S 6S")], round=1, stock=cards("KC"), discard=cards("QH"))
    state.apply(Draw("stock"))
    data = wire(net.view_data(state, 0))
    assert {"event": "go_out", "card": "KC"} in data["legal"]
    assert net.outs_of(data) == [c for c in ("AS", "AH", "3D", "KC") if {"event": "go_out", "card": c} in data["legal"]]


def test_views_hold_only_the_seats_own_hand_and_the_pile():
    state = State(3, Options(), Chance(random.Random(2)))
    for seat in range(3):
        data = wire(net.view_data(state, seat))
        assert data["hand"] == [c.code for c in state.hands[seat]]
        assert codes_in(data) == set(data["hand"]) | {state.discard[-1].code}
        assert isinstance(data["stock"], int) and data["hand_sizes"] == [3, 3, 3]


# --------------------------------------------------------------------------- events


def test_redaction_of_each_event_kind():
    deal = {"event": "deal", "hands": [["AS", "2S", "3S"], ["4H", "5H", "6H"]], "up": "9D"}
    assert net.redact(deal, 1) == {"event": "deal", "hands": [None, ["4H", "5H", "6H"]], "up": "9D"}
    assert net.redact({"event": "shuffle", "stock": ["AS", "2S"]}, 0) is None
    start = {"event": "round_start", "round": 1, "wild": 3, "dealer": 0}
    assert net.redact(start, 1) == start
    stock = {"event": "draw", "player": 0, "from": "stock", "card": "KD"}
    assert net.redact(stock, 0) == stock  # the drawer sees it
    assert net.redact(stock, 1) == {"event": "draw", "player": 0, "from": "stock"}
    pile = {"event": "draw", "player": 0, "from": "discard", "card": "9D"}
    assert net.redact(pile, 1) == pile  # everyone saw it leave the pile
    discard = {"event": "discard", "player": 0, "card": "KD"}
    assert net.redact(discard, 1) == discard
    out = {"event": "go_out", "player": 0, "card": "KD", "melds": [["AS", "2S", "3S"]]}
    assert net.redact(out, 1) == out  # going out shows the melds (TT.8)
    recycle = {"event": "recycle", "stock": ["5C", "8H"], "top": "KD"}
    assert net.redact(recycle, 0) == {"event": "recycle", "top": "KD"}  # no stock order (TT.12)
    end = {"event": "round_end", "round": 1, "out": 0, "penalties": [0, 5], "totals": [0, 5],
           "arrangements": [{"melds": [["AS", "2S", "3S"]], "deadwood": [], "penalty": 0}]}
    assert net.redact(end, 1) == end  # the hands are laid down to be scored (TT.10)
    over = {"event": "game_over", "totals": [3, 5], "winners": [0]}
    assert net.redact(over, 1) == over
    assert net.redact({"event": "something_new", "card": "AS"}, 0) is None
    assert net.redact(stock, 1) is not stock and stock["card"] == "KD"  # the engine's event is left alone


class Seen:
    """The card codes a seat has seen this round, fed the full engine events in order: its own
    hand, the cards turned up, thrown, taken from the pile or shown going out, its own stock
    draws, and every hand laid down at the end of a round (TT.10)."""

    def __init__(self, seat):
        self.seat = seat
        self.codes: set[str] = set()

    def add(self, e):
        kind = e["event"]
        if kind == "round_start":
            self.codes = set()
        elif kind == "deal":
            self.codes |= set(e["hands"][self.seat]) | {e["up"]}
        elif kind == "draw" and (e["from"] == "discard" or e["player"] == self.seat):
            self.codes.add(e["card"])
        elif kind in ("discard", "go_out"):
            self.codes.add(e["card"])
            self.codes |= {c for meld in e.get("melds", []) for c in meld}
        elif kind == "round_end":
            for a in e["arrangements"]:
                self.codes |= {c for m in a["melds"] for c in m} | set(a["deadwood"])


def codes_in(data, skip=()):
    """Every card code anywhere in JSON data (strings that are card codes), leaving out keys in `skip`."""
    if isinstance(data, str):
        return {data} if data in CODES else set()
    if isinstance(data, dict):
        return set().union(*(codes_in(v, skip) for k, v in data.items() if k not in skip)) if data else set()
    if isinstance(data, list):
        return set().union(*(codes_in(v, skip) for v in data)) if data else set()
    return set()


def test_redacted_events_and_views_hold_only_what_the_seat_saw():
    state = State(4, Options(), Chance(random.Random(8)))
    rng = random.Random(8)
    seen = [Seen(seat) for seat in range(4)]
    kinds = Counter()

    def check(events):
        for e in events:
            kinds[e["event"]] += 1
            for s in seen:
                s.add(e)
                r = net.redact(e, s.seat)
                if r is not None:
                    assert codes_in(r) <= s.codes, (e, s.seat)
                    assert "stock" not in r  # no stock order, ever
        for s in seen:
            assert codes_in(net.view_data(state, s.seat)) <= s.codes

    check(state.opening)
    while not state.is_over:
        (seat, action), = net.bot_actions(state, rng, "normal", {0, 1, 2, 3})
        check(state.apply(action))
    assert {"shuffle", "deal", "draw", "discard", "go_out", "round_end", "game_over"} <= set(kinds)


# --------------------------------------------------------------------------- verdicts


def test_draw_verdicts_round_trip_and_read_the_same():
    # Round 3, fives wild: the top discard 5S is wild; drawing from the stock is weaker.
    state = tt_table([cards("7S 7H 9C 10C KD"), cards("2S 4S 6S 8S 10S")], round=3,
                     stock=cards("2H 3H 4H"), discard=cards("QC 5S"))
    verdicts = net.judge(state, 0, Draw("stock"))
    assert [v["kind"] for v in verdicts] == ["draw"] and verdicts[0]["verdict"] == "weaker"
    back = net.verdict_of(wire(verdicts[0]))
    original = coach.judge_draw(state, "stock")
    for lang_ascii in (True, False):
        assert draw_verdict_lines(back, lang_ascii) == draw_verdict_lines(original, lang_ascii)
    assert wire(net.verdict_data(back)) == wire(verdicts[0])
    assert net.judge(state, 0, Draw("discard")) == []  # the right draw: nothing said
    assert net.judge(state, 1, Draw("stock")) == []  # not its turn


def test_discard_verdicts_round_trip_and_read_the_same():
    state = tt_table([cards("7S 7H 9C 10C KD 2H"), cards("2S 4S 6S 8S 10S 3C")], round=3,
                     stock=cards("2D 3D AS"), discard=cards("QC"))
    state.apply(Draw("stock"))  # AS
    hand = state.hands[0]
    weak = next(c for c in hand if c.code == "7S")
    verdicts = net.judge(state, 0, net.action_of({"event": "discard", "card": "7S"}, 0))
    original = coach.judge_discard(state, weak)
    assert original.kind == "weaker" and [v["kind"] for v in verdicts] == ["discard"]
    back = net.verdict_of(wire(verdicts[0]))
    assert discard_verdict_lines(back, True) == discard_verdict_lines(original, True)
    assert wire(net.verdict_data(back)) == wire(verdicts[0])
    best, _ = coach.best_discard(state)
    assert net.judge(state, 0, Discard(best)) == []


def test_a_missed_go_out_is_said_and_round_trips():
    state = tt_table([cards("AS AH 3D"), cards("2S 4S 6S")], round=1, stock=cards("KC"), discard=cards("QH"))
    state.apply(Draw("stock"))
    verdicts = net.judge(state, 0, Discard(card("AS")))
    back = net.verdict_of(wire(verdicts[0]))
    assert back.outs and discard_verdict_lines(back, True) == discard_verdict_lines(
        coach.judge_discard(state, state.hands[0][0]), True)
    assert net.judge(state, 0, GoOut(card("KC", ANY_COPY))) == []


def test_a_refused_discard_brings_the_card_the_coach_would_discard():
    state = tt_table([cards("4C 5C 8C"), cards("4D 5D 8D")], round=1, stock=cards("9S"), discard=cards("QC"))
    state.apply(Draw("discard"))
    action = net.action_of({"event": "discard", "card": "QC"}, 0)
    with pytest.raises(IllegalAction) as err:
        state.verify(action)
    verdicts = wire(net.refusal(state, 0, action, err.value))
    assert verdicts == [{"kind": "instead", "card": "8C", "points": 19}]
    back = net.verdict_of(verdicts[0])
    best, points = coach.best_discard(state)
    assert instead_line(back.card, back.points, True) == instead_line(best.code, points, True)
    held = net.action_of({"event": "discard", "card": "KD"}, 0)
    with pytest.raises(IllegalAction) as err:
        state.verify(held)
    assert net.refusal(state, 0, held, err.value) == []  # a card it does not hold: the refusal alone


def test_verdict_data_is_json_and_rejects_strangers():
    with pytest.raises(ValueError):
        net.verdict_data(object())
    with pytest.raises(ValueError):
        net.verdict_of({"kind": "bluff"})


# --------------------------------------------------------------------------- bots and remarks


def test_bots_act_one_decision_at_a_time_and_only_for_their_seats():
    state = State(3, Options(), Chance(random.Random(4)))
    rng = random.Random(4)
    assert net.to_act(state) == {state.current}
    assert net.bot_actions(state, rng, "hard", set(range(3)) - {state.current}) == []
    (seat, action), = net.bot_actions(state, rng, "hard", {state.current})
    assert seat == state.current and isinstance(action, Draw)
    assert net.NET.pause(state, {0}) == 0


def test_remarks_are_data_from_the_table_alone():
    state = tt_table([cards("7S 7H 9C"), cards("2S 4S 6S")], round=1, stock=cards("KC"), discard=cards("QH"))
    view = state.view(1)
    assert net.remark("normal", 0, Draw("stock"), view) == {"code": "drew_stock", "detail": {"card": "QH"}}
    assert net.remark("easy", 0, Draw("stock"), view) == {"code": "random_draw", "detail": {}}
    assert net.remark("hard", 0, Discard(card("9C")), view) == {"code": "discarded", "detail": {"card": "9C"}}


def test_the_adapter_is_complete():
    assert net.NET.client == "tutor.games.three_thirteen.remote:TTRemote"
    assert net.NET.timeout_action is None
    assert set(CODES) == {c.code for c in make_decks(1)}
    from tutor.cli.table import client_class
    from tutor.trainer.remote import RemoteSession

    assert issubclass(client_class(net.NET), RemoteSession)
    state = State(2, Options(), Chance(random.Random(1)))
    assert state.phase is Phase.DRAW
    json.dumps(net.NET.view(state, 0))


# --------------------------------------------------------------------------- over real sockets


def words(lang):
    """What a client in `lang` types and shows: its command words; the final standings' heading;
    the coach's prefix; the refusal of a false go-out (TT.8); the start of the coach's card instead;
    the start of the help's last line."""
    from tutor.i18n import DOMAIN, load_translations

    t = load_translations(lang, DOMAIN)
    word = {c: t.pgettext("command", english).split("|")[0] for c, english in
            (("stock", "stock"), ("pile", "pile|discard"), ("out", "out"), ("why", "why"), ("help", "help|?"))}
    cannot = t.gettext("You cannot go out: the other cards are not all in melds.")
    instead = t.ngettext("Discard %(card)s instead: it leaves %(points)d point in your hand, the fewest of the cards "
                         "you may discard now (TT.10).", "Discard %(card)s instead: it leaves %(points)d points in "
                         "your hand, the fewest of the cards you may discard now (TT.10).", 5).split("%(card)s")[0]
    helped = t.gettext("Wild cards are marked with *. Commands: %(help)s, %(rules)s, %(why)s, %(quit)s.")
    return (word, t.gettext("Final standings:"), t.gettext("Coach: %(advice)s").split("%(advice)s")[0], cannot,
            instead, helped.split("%(")[0])


def sensible(view):
    """A decision from the seat's view alone, as a careful player makes it: the top discard when
    it leaves fewer points, going out when it can, else the discard leaving the fewest points."""
    from tutor.games.three_thirteen import solver

    v = net.view_of(view)
    rules = Options().meld_rules
    hand = list(v.hand)
    legal = view["legal"]
    if view["phase"] == "draw":
        if {"event": "draw", "from": "discard"} in legal and v.discard:
            top = v.discard[-1]
            with_top = min(solver.solve([c for c in hand if c is not k] + [top], v.wild, rules).penalty for k in hand)
            if with_top < solver.solve(hand, v.wild, rules).penalty or \
                    {"event": "draw", "from": "stock"} not in legal:
                return ("pile", None)
        return ("stock", None)
    outs = [a["card"] for a in legal if a["event"] == "go_out"]
    if outs:
        return ("out", outs[0])
    allowed = [a["card"] for a in legal if a["event"] == "discard"]

    def left(code):
        k = next(i for i, c in enumerate(hand) if c.code == code)
        return solver.solve(hand[:k] + hand[k + 1:], v.wild, rules).penalty

    return ("discard", min(allowed, key=left))


#: Seconds between two decisions the driver types for one seat.
PACE = 0.06


class Driver:
    """Types each client's decision when its latest message says the table waits for it."""

    def __init__(self, hosted, clients, langs):
        self.h = hosted
        self.clients = clients
        self.langs = dict(zip((c.seat for c in clients), langs))
        self.answered = {c.seat: -1 for c in clients}
        self.extra: dict[int, list[str]] = {}  # lines typed before a seat's next decision
        self.mistakes: set[int] = set()  # seats that try to go out with a hand that cannot, once (TT.8)
        self.got: dict[int, list] = {}
        self.typed: dict[int, float] = {}  # when the driver last typed for each seat

    def messages(self, seat):
        """The messages sent to `seat` so far, read once each."""
        got = self.got.setdefault(seat, [])
        with self.h._lock:
            new = self.h.sent[seat][len(got):]
        got += [json.loads(data) for data in new]
        return got

    def step(self, client):
        messages = self.messages(client.seat)
        # A refusal or an error (`too_fast`: this driver outpaces the table's rate limit) asks again.
        last = max((i for i, m in enumerate(messages) if m["type"] in ("update", "refused", "error")), default=-1)
        if last <= self.answered[client.seat]:
            return False
        view = next(m["view"] for m in reversed(messages[:last + 1]) if m["type"] == "update")
        if not view.get("waiting"):
            self.answered[client.seat] = last
            return False
        import time

        # A person types slower than the table's rate limit (20 messages a second); so does the driver.
        wait = self.typed.get(client.seat, 0.0) + PACE - time.monotonic()
        if wait > 0:
            return False
        self.typed[client.seat] = time.monotonic()
        self.answered[client.seat] = last
        word = words(self.langs[client.seat])[0]
        for line in self.extra.pop(client.seat, []):
            client.type(line)
        kind, code = sensible(view)
        if client.seat in self.mistakes and kind == "discard":
            self.mistakes.discard(client.seat)
            client.type(f"{word['out']} {code}")  # refused; the driver answers the refusal
            return True
        client.type(word["stock"] if kind == "stock" else word["pile"] if kind == "pile" else
                    f"{word['out']} {code}" if kind == "out" else code)
        return True

    def play(self, timeout=25.0, until=lambda: False):
        """Plays until the game ends (or `until()` holds)."""
        import time

        end = time.monotonic() + timeout
        while not self.h.table.finished.is_set() and not until():
            assert time.monotonic() < end, "the game did not end in time"
            if not any([self.step(c) for c in self.clients]):
                time.sleep(0.005)


def check_secrecy(messages, record_events, seat, coached, rejoined_at=()):
    """Every message to `seat` holds only cards it saw at a real table by then; its events are
    exactly the record's as `redact` cuts them; no stock order, no bot reason, no verdict for
    another seat. `rejoined_at`: for each rejoin, how many events the record had then (what
    happened meanwhile counts as seen: the seat's player could have watched it)."""
    seen = Seen(seat)
    full = iter(record_events)
    done = 0
    rejoins = list(rejoined_at)
    for m in messages:
        if m["type"] == "welcome" and m.get("rejoined"):
            for e in record_events[done:rejoins.pop(0)]:
                seen.add(e)
                next(full)
                done += 1
            continue
        assert "reason" not in json.dumps(m)
        if m["type"] == "update":
            told = set(seen.codes)  # what the seat saw during these events (a round may end among them)
            for shown in m["events"]:
                while True:
                    e = next(full)
                    done += 1
                    seen.add(e)
                    r = net.redact(e, seat)
                    if r is not None:
                        break
                assert shown == r
                assert codes_in(shown) <= seen.codes, (seat, shown)
                told |= seen.codes
            assert codes_in(m["view"]) <= seen.codes, (seat, m["view"])
            assert codes_in(m["remarks"]) <= told  # what a bot said of a card thrown in these events
            assert all(set(r) == {"seat", "code", "detail"} for r in m["remarks"])
        elif m["type"] == "verdicts":
            assert coached
            # `makers`: cards that would complete a meld, by code: wished for, not located.
            assert codes_in(m["verdicts"], skip={"makers"}) <= seen.codes
        elif m["type"] == "refused":
            assert codes_in(m, skip={"params"}) <= seen.codes
        else:
            assert not codes_in(m), m
        assert not any(isinstance(v, list) and k == "stock" for k, v in _items(m))
    assert all(net.redact(e, seat) is None for e in full)  # nothing left over


def _items(data):
    if isinstance(data, dict):
        for k, v in data.items():
            yield k, v
            yield from _items(v)
    elif isinstance(data, list):
        for v in data:
            yield from _items(v)


@pytest.fixture
def table(tmp_path):
    from nethelp import Hosted
    from tutor.records import RecordWriter

    made = []

    def make(seed, names, **kw):
        state = State(4, Options(), Chance(random.Random(seed)))
        path = tmp_path / "tt.jsonl"
        writer = RecordWriter(path, {"game": "three-thirteen", "seed": seed, "options": Options().to_record(4),
                                     "players": [f"human:{n}" if n else "bot:normal" for n in names]})
        hosted = Hosted(net.NET, state, game="three-thirteen", level="normal", start_when=3, host_seat=3,
                        options=Options().to_record(4), record=writer.write, seed=seed, **kw)
        hosted.path = path
        made.append((hosted, writer))
        return hosted

    yield make
    for hosted, writer in made:
        hosted.close()
        writer.close()


def test_three_clients_in_three_languages_play_a_whole_game_and_see_only_their_own(table, capsys, monkeypatch):
    from helpers import tutor
    from nethelp import ThreadClient, until
    from tutor.games.three_thirteen.remote import TTRemote

    h = table(21, ["Ona", "Jan", "Eva", None])
    langs = ["lt", "de", "cs"]
    ona = ThreadClient(h.port, h.code, "Ona", "lt", TTRemote, coach=True)
    jan = ThreadClient(h.port, h.code, "Jan", "de", TTRemote)
    eva = ThreadClient(h.port, h.code, "Eva", "cs", TTRemote, coach=True)
    clients = [ona, jan, eva]
    assert [c.seat for c in clients] == [0, 1, 2]
    until(lambda: h.table.started, what="the start")
    driver = Driver(h, clients, langs)
    word = words("lt")[0]
    # Ona asks for help and why, and tries to go out with a hand that cannot (TT.8).
    driver.extra[0] = [word["help"], word["why"]]
    driver.mistakes = {0, 1}
    driver.play()
    until(lambda: all(c.result == "over" for c in clients), what="every client to end")
    events = h.events
    assert events[-1]["event"] == "game_over" and sum(e["event"] == "round_end" for e in events) == 11
    for c, lang in zip(clients, langs):
        screen = c.screen()
        final, coach_prefix = words(lang)[1], words(lang)[2]
        assert final in screen, (lang, screen[-2000:])
        assert (coach_prefix in screen) == (c is not jan)  # Jan plays without the coach
        check_secrecy(h.messages(c.seat), events, c.seat, coached=c.seat != 1)
    assert "verdicts" not in {m["type"] for m in h.messages(1)}
    assert any(m["type"] == "verdicts" for seat in (0, 2) for m in h.messages(seat))
    # The refused go-out, in Lithuanian and German; the coach's card instead for Ona alone.
    for seat in (0, 1):
        refused = next(m for m in h.messages(seat) if m["type"] == "refused")
        assert (refused["clause"], refused["message"]) == ("TT.8", "cannot_go_out")
        assert [v["kind"] for v in refused["verdicts"]] == ["instead"]
    assert words("lt")[3] in ona.screen() and words("de")[3] in jan.screen()
    assert words("lt")[5] in ona.screen() and words("de")[5] not in jan.screen()  # Ona asked for help
    assert words("lt")[4] in ona.screen() and words("de")[4] not in jan.screen()
    # The host's record replays.
    for c in clients:
        c.close()
    code, out, err = tutor(capsys, monkeypatch, ["--lang", "en", "replay", str(h.path), "--all"])
    assert code == 0, err
    assert "Round 11 is over." in out and out.count("goes out") >= 11


def test_a_client_dropped_mid_round_rejoins_sees_the_table_as_it_is_and_finishes(table):
    from nethelp import ThreadClient, until
    from tutor.games.three_thirteen.remote import TTRemote
    from tutor.net.host import OnDrop

    h = table(5, ["Ona", "Jan", "Eva", None], on_drop=OnDrop.PAUSE)
    langs = ["ru", "nb", "fr"]
    ona = ThreadClient(h.port, h.code, "Ona", "ru", TTRemote)
    jan = ThreadClient(h.port, h.code, "Jan", "nb", TTRemote, coach=True)
    eva = ThreadClient(h.port, h.code, "Eva", "fr", TTRemote)
    until(lambda: h.table.started, what="the start")
    driver = Driver(h, [ona, jan, eva], langs)
    state = h.state
    # Round 2, just after Jan's discard: the connection goes.
    driver.play(until=lambda: state.round >= 2 and state.turn > 4 and state.current == 2)
    jan.drop()
    until(lambda: h.table.seats[1].away, what="Jan to be away")
    driver.clients = [ona, eva]
    driver.play(until=lambda: state.current == 1)
    waited = len(h.events)
    import time

    time.sleep(0.3)
    assert len(h.events) == waited and state.current == 1  # the table waits for Jan (pause)
    back = ThreadClient(h.port, h.code, "Jan", "nb", TTRemote, coach=True)
    assert back.seat == 1 and back.welcome["rejoined"]
    driver.clients = [ona, back, eva]
    driver.play()
    until(lambda: back.result == "over" and ona.result == "over", what="the clients to end")
    assert jan.result == "closed"
    assert words("nb")[1] in back.screen()
    # The seat's table as it is now, then on to the end; the others were told of the drop and the return.
    assert "Jan" in ona.screen()
    check_secrecy(h.messages(1), h.events, 1, coached=True, rejoined_at=[waited])
    for c in (ona, back, eva, jan):
        c.close()


def test_a_table_resumes_from_its_record_where_it_was(tmp_path):
    """`tutor host --resume FILE`: the record replayed on the engine gives every seat the view it had."""
    from tutor.cli.table import resumed
    from tutor.records import RecordWriter

    state = State(3, Options(), Chance(random.Random(6)))
    rng = random.Random(6)
    path = tmp_path / "table.jsonl"
    writer = RecordWriter(path, {"game": "three-thirteen", "seed": 6, "options": Options().to_record(3),
                                 "players": ["host:Ona", "human:Jan", "bot:normal"]})
    writer.write(state.opening)
    while state.round < 3 or state.phase is not Phase.DISCARD:  # stopped mid-turn, a card drawn
        (seat, action), = net.bot_actions(state, rng, "normal", {0, 1, 2})
        writer.write(state.apply(action))
    writer.close()
    game, kit, back, header, names, host_seat = resumed(path)
    assert (game.id, names, host_seat) == ("three-thirteen", ["Ona", "Jan", None], 0)
    for seat in range(3):
        assert net.view_data(back, seat) == net.view_data(state, seat)
