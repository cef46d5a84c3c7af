"""The network table's core on real sockets, with a toy game: seats, hidden cards, faults, attacks."""

from __future__ import annotations

import json
import time

import pytest

from tests.nethelp import TOY_DECK, RawClient, ThreadClient, ToyRemote, toy_table, until
from tutor.net.frames import CLIENT_LIMIT, FrameError, clean_name, client_message, new_code, normal_code
from tutor.net.host import OnDrop


@pytest.fixture
def hosted():
    made = []

    def make(**kw):
        table = toy_table(**kw)
        made.append(table)
        return table

    yield make
    for table in made:
        table.close()


def play_out(client: ThreadClient, hosted, rounds: int = 50) -> None:
    """Types a legal card for the client whenever the table waits for it."""
    for _ in range(rounds):
        if hosted.table.finished.is_set():
            return
        state = hosted.state
        if state.current_player == client.seat and not state.is_over:
            card = state.hands[client.seat][0]
            client.type(card)
            until(lambda: state.is_over or state.current_player != client.seat, what="the card to go in")
        time.sleep(0.02)


def seen_cards(hosted, seat: int) -> set[str]:
    """The cards a seat may know of: its own deal, and every card played face up."""
    own = set(hosted.state.opening[0]["hands"][seat])
    played = {e["card"] for e in hosted.events if e["event"] == "play"}
    return own | played


def test_frames_check_shapes_and_names():
    assert client_message(b'{"type": "act", "action": {"event": "play"}, "coach": false}')["type"] == "act"
    for bad in (b"[1]", b"{}", b'{"type": 3}', b"\xff", b'{"type": "act", "action": 1, "coach": false}',
                b'{"type": "act", "action": {}, "coach": false, "seat": 2}', b'{"type": "nope"}',
                b'{"type": "act", "action": {}, "coach": 1}'):
        with pytest.raises(FrameError):
            client_message(bad)
    assert clean_name("  Ona\x1b[31m {KD} \n ") == "Ona[31m KD"
    assert clean_name("\x00\t") is None
    assert len(clean_name("x" * 99)) == 20
    code = new_code()
    assert normal_code(code.upper().replace("-", " ")) == code


def test_three_seats_two_languages_play_to_the_end_and_nothing_hidden_leaks(hosted):
    h = hosted(players=3, start_when=2, host_seat=2)
    ona = ThreadClient(h.port, h.code, "Ona", "lt", ToyRemote, coach=True)
    jan = ThreadClient(h.port, h.code, "Jan", "cs", ToyRemote)
    assert (ona.seat, jan.seat) == (0, 1)
    until(lambda: h.table.started, what="the start")
    while not h.table.finished.is_set():
        for c in (ona, jan):
            play_out(c, h, rounds=1)
    until(lambda: ona.result == "over" and jan.result == "over", what="both clients to end")
    assert h.events[-1]["event"] == "game_over"
    assert "winner" in ona.screen() and "Jan played" in ona.screen() and "Bot 3 played" in jan.screen()
    for seat in (0, 1):
        raw = h.raw(seat).decode()
        leaked = {card for card in TOY_DECK if card in raw} - seen_cards(h, seat)
        assert not leaked, (seat, leaked)
        assert '"hands"' not in raw
        # The coach's verdicts went to the seat that asked for them, and only there.
        kinds = {m["type"] for m in h.messages(seat)}
        assert ("verdicts" in kinds) == (seat == 0 and "coach:" in ona.screen())
    ona.close()
    jan.close()


def test_wrong_code_bad_name_and_full_table_are_refused(hosted):
    h = hosted(players=2)
    wrong = RawClient(h.port)
    assert wrong.hello("zzzz-zzzz", "Eve") == {"type": "error", "error": "bad_code"}
    nameless = RawClient(h.port)
    assert nameless.hello(h.code, "\x07 ")["error"] == "bad_name"
    first = RawClient(h.port)
    assert first.hello(h.code, "Ona")["type"] == "welcome"
    twin = RawClient(h.port)
    assert twin.hello(h.code, "ona")["error"] == "name_taken"
    late = RawClient(h.port)
    assert late.hello(h.code, "Eve")["error"] == "table_full"
    old = RawClient(h.port)
    old.send({"type": "hello", "protocol": 99, "code": h.code, "name": "Old"})
    assert old.next()["error"] == "protocol"


def test_hostile_messages_are_answered_and_the_table_plays_on(hosted):
    h = hosted(players=3, start_when=2, host_seat=2)
    eve = RawClient(h.port)
    assert eve.hello(h.code, "Eve")["type"] == "welcome"
    ona = ThreadClient(h.port, h.code, "Ona", "de", ToyRemote)
    until(lambda: h.table.started, what="the start")
    eve.send_raw(b"not json\n")
    assert eve.next_of("error")["error"] == "bad_json"
    eve.send_raw(b'{"type": "start"}\n')
    assert eve.next_of("error")["error"] == "not_host"
    eve.send({"type": "act", "action": {"event": "play", "card": "ZZ"}, "coach": False})
    assert eve.next_of("error")["error"] == "bad_action"
    eve.send({"type": "act", "action": {"event": "play", "card": "AS"}, "coach": False, "seat": 1})
    assert eve.next_of("error")["error"] == "bad_message"
    # A card of another seat's hand, or out of turn: the engine refuses it with its rule.
    other = next(c for c in TOY_DECK if c not in h.state.hands[0])
    eve.send({"type": "act", "action": {"event": "play", "card": other}, "coach": False})
    refused = eve.next_of("refused")
    assert refused["clause"] in ("TOY.1", "TOY.2")
    # A flood: thousands of messages at once are cut down; the others' game goes on.
    eve.send_raw(b'{"type": "bye_not"}\n' * 3000)
    assert eve.next_of("error")["error"] in ("unknown_type", "too_fast")
    time.sleep(2.5)  # the flood is read and the connection's allowance is back
    # Eve plays her cards; Ona plays hers; the game ends for everyone.
    while not h.table.finished.is_set():
        play_out(ona, h, rounds=1)
        state = h.state
        if state.current_player == 0 and not state.is_over:
            eve.send({"type": "act", "action": {"event": "play", "card": state.hands[0][0]}, "coach": False})
            until(lambda: state.is_over or state.current_player != 0, what="Eve's card")
    until(lambda: ona.result == "over", what="Ona's end")
    # An oversized line ends that connection only, with an answer.
    big = RawClient(h.port)
    big.send_raw(b'{"type": "hello", "protocol": 1, "code": "' + b"x" * (CLIENT_LIMIT + 10) + b'"}\n')
    assert big.next()["type"] == "error"
    ona.close()


def test_a_client_that_drops_keeps_its_seat_and_rejoins_where_the_table_is(hosted):
    h = hosted(players=3, start_when=2, host_seat=2, on_drop=OnDrop.PAUSE)
    ona = ThreadClient(h.port, h.code, "Ona", "ru", ToyRemote)
    jan = ThreadClient(h.port, h.code, "Jan", "nb", ToyRemote)
    until(lambda: h.table.started, what="the start")
    play_out(ona, h, rounds=1)  # Ona (seat 0) plays her first card
    until(lambda: h.state.current_player == 1, what="Jan's turn")
    jan.drop()
    until(lambda: h.table.seats[1].away, what="Jan to be away")
    time.sleep(0.3)
    assert h.state.current_player == 1  # the table waits for Jan (pause)
    assert "lost the connection" in ona.screen() or "потерял" in ona.screen() or ona.screen()
    back = ThreadClient(h.port, h.code, "Jan", "nb", ToyRemote)
    assert back.seat == 1 and back.welcome["rejoined"]
    until(lambda: back.screen() or True)
    while not h.table.finished.is_set():
        for c in (ona, back):
            play_out(c, h, rounds=1)
    until(lambda: back.result == "over", what="Jan's end after rejoining")
    ona.close()
    back.close()


def test_a_dropped_seat_is_played_by_a_bot_when_the_host_chose_so(hosted):
    h = hosted(players=2, start_when=1, host_seat=1, on_drop=OnDrop.BOT)
    eve = RawClient(h.port)
    assert eve.hello(h.code, "Eve")["type"] == "welcome"
    until(lambda: h.table.started, what="the start")
    eve.close()
    h.finished()
    assert [e["player"] for e in h.events if e["event"] == "play"].count(0) == 2


def test_records_stay_json_lines(hosted):
    h = hosted(players=2, start_when=1, host_seat=1)
    eve = RawClient(h.port)
    eve.hello(h.code, "Eve")
    eve.close()
    h.finished()
    assert all(json.dumps(e) for e in h.events)


def test_join_and_host_errors_are_one_line_in_the_users_language(capsys, tmp_path, monkeypatch):
    import socket

    from tutor.cli.main import run

    monkeypatch.setenv("TUTOR_HOME", str(tmp_path))
    with socket.socket() as busy:  # a port that is taken, and one where nobody listens
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        taken = busy.getsockname()[1]
        with socket.socket() as free:
            free.bind(("127.0.0.1", 0))
            closed = free.getsockname()[1]
        assert run(["--lang", "cs", "join", f"127.0.0.1:{closed}", "abcd-efgh"]) == 1
        assert run(["--lang", "lt", "host", "33", "--bind", "127.0.0.1", "--port", str(taken)]) == 1
    assert run(["--lang", "de", "join", "127.0.0.1:70000", "abcd-efgh"]) == 2
    assert run(["--lang", "ru", "join", "127.0.0.1:7333", "nope"]) == 2
    assert run(["--lang", "de", "host", "33", "--on-drop", "nap"]) == 2
    err = capsys.readouterr().err
    assert "nikdo tam nepřijímá spojení" in err  # ECONNREFUSED in words, not the system's English
    assert "prievadas jau užimtas" in err  # EADDRINUSE
    assert "Traceback" not in err and "refused" not in err and "in use" not in err
    assert len(err.strip().splitlines()) == 5


def test_a_seat_keeps_well_formed_remarks_for_why_and_passes_over_the_rest():
    import io
    from types import SimpleNamespace

    from tutor.games.remark import Remark
    from tutor.trainer.console import LineConsole

    welcome = {"seat": 0, "players": 3, "names": ["Ona", None, None], "level": "easy", "started": True}
    session = ToyRemote(LineConsole(io.StringIO(), io.StringIO()), SimpleNamespace(), welcome)
    session.dispatch({"type": "update", "events": [], "view": {"legal": []}, "remarks": [
        {"seat": 1, "code": "toy_played", "detail": {"card": "AS"}},
        {"seat": "x", "code": "toy_played"}, {"seat": 2, "code": 7}, {"seat": 2, "code": "c", "detail": [1]},
        {"seat": 2, "code": "c", "detail": {"card": ["AS"]}}, "nonsense"]})
    assert list(session.reasons) == [(1, Remark("toy_played", {"card": "AS"}))]


def test_the_shared_data_checks_take_only_what_they_name():
    from tutor.net.checks import exact, flag, listing, whole

    assert whole(3, 0, 5) == 3 and whole(None, none=True) is None
    for bad in (True, 2.0, "3", None, 6, -1):
        with pytest.raises(ValueError):
            whole(bad, 0, 5)
    assert flag(False) is False
    with pytest.raises(ValueError):
        flag(0)
    assert listing([1, 2], 2) == [1, 2]
    for bad in ([1, 2, 3], (1,), "ab"):
        with pytest.raises(ValueError):
            listing(bad, 2)
    assert exact({"event": "x", "card": "AS"}, {"event"}, {"card"})["card"] == "AS"
    for bad in ({"card": "AS"}, {"event": "x", "seat": 1}, ["event"]):
        with pytest.raises(ValueError):
            exact(bad, {"event"}, {"card"})
