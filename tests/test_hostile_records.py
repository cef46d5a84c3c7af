"""Damaged and hostile records: `tutor replay` answers each with one clear line and a non-zero exit.

Every case starts from a real record of each game (`tutor play GAME --auto --seed 1 --record`)
and damages one thing: the header's shape, a field of one event at any depth, the bytes of the
file, or what the path names. Nothing may end in a traceback, hang, or fill memory.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tutor.cli.main import run
from tutor.records import RecordError, RecordShape, ShapeError, fields, listing, preview, read_record, seat, whole

GAMES = {
    "33": ["--players", "2"],
    "3-13": ["--players", "2"],
    "speed": ["--players", "4"],  # seed 1 with four seats has a match line
    "toepen": ["--players", "3"],
}


@pytest.fixture(scope="module")
def recorded(tmp_path_factory) -> dict[str, list[str]]:
    """The lines of a real record of each game, played by bots with seed 1."""
    folder = tmp_path_factory.mktemp("records")
    lines = {}
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("TUTOR_HOME", str(folder / "home"))
        for game, extra in GAMES.items():
            path = folder / f"{game}.jsonl"
            assert run(["play", game, "--auto", "--seed", "1", *extra, "--record", str(path)]) == 0
            lines[game] = path.read_text(encoding="utf-8").splitlines()
    return lines


def replay(capsys, path: Path, *lang: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = run([*lang, "replay", str(path), "--all"])
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys, path: Path, *wanted: str, lang: tuple[str, ...] = ()) -> str:
    """Asserts the replay of `path` ends with one error line holding each of `wanted`; returns it."""
    code, out, err = replay(capsys, path, *lang)
    assert code != 0, out
    assert "Traceback" not in err and err.count("\n") == 1, err
    for text in wanted:
        assert text in err, err
    return err


def write(path: Path, lines: list[str]) -> Path:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def with_header(lines: list[str], change) -> list[str]:
    header = json.loads(lines[0])
    change(header)
    return [json.dumps(header), *lines[1:]]


def with_event(lines: list[str], kind: str, change) -> tuple[list[str], int]:
    """The lines with the first `kind` event changed, and that line's number."""
    out = list(lines)
    for n, line in enumerate(lines[1:], 2):
        event = json.loads(line)
        if event["event"] == kind:
            change(event)
            out[n - 1] = json.dumps(event)
            return out, n
    raise AssertionError(f"no {kind} event")


def test_the_records_replay_as_they_are(tmp_path, capsys, recorded):
    for game, lines in recorded.items():
        code, out, err = replay(capsys, write(tmp_path / f"{game}.jsonl", lines))
        assert code == 0 and not err, (game, err)


# ------------------------------------------------------------------ the header, in every game

HEADER_DAMAGE = {
    "players a number": (lambda h: h.update(players=4), "players"),
    "players one seat": (lambda h: h.update(players=["bot:normal"]), "players"),
    "players ninety-nine": (lambda h: h.update(players=["bot:normal"] * 99), "players"),
    "players not names": (lambda h: h.update(players=[1, 2, 3]), "players[0]"),
    "players no list": (lambda h: h.pop("players"), "players"),
    "options null": (lambda h: h.update(options=None), "options"),
    "options a list": (lambda h: h.update(options=[1]), "options"),
    "seed a text": (lambda h: h.update(seed="\x1b[31m1"), "seed"),
}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("damage", HEADER_DAMAGE)
def test_a_damaged_header_is_one_line_naming_line_1(tmp_path, capsys, recorded, game, damage):
    change, field = HEADER_DAMAGE[damage]
    path = write(tmp_path / "bad.jsonl", with_header(recorded[game], change))
    err = refused(capsys, path, "line 1", field)
    assert "\x1b" not in err


@pytest.mark.parametrize("game", GAMES)
def test_a_header_that_is_not_one_is_named(tmp_path, capsys, recorded, game):
    for change in (lambda h: h.update(record=True), lambda h: h.update(game=["x"]), lambda h: h.pop("record")):
        refused(capsys, write(tmp_path / "bad.jsonl", with_header(recorded[game], change)), "line 1")
    refused(capsys, write(tmp_path / "bad.jsonl", with_header(recorded[game], lambda h: h.update(game="chess"))),
            "chess")


def test_header_options_are_checked_by_type_and_value(tmp_path, capsys, recorded):
    cases = {
        "speed": (lambda h: h["options"].update(decks=5), "options.decks"),  # SPD.1: always four decks
        "3-13": (lambda h: h["options"].update(no_early_out="false"), "options.no_early_out"),  # a string, not false
    }
    for game, (change, field) in cases.items():
        refused(capsys, write(tmp_path / "bad.jsonl", with_header(recorded[game], change)), "line 1", field)


def test_options_the_game_refuses_are_its_own_sentence_on_line_1(tmp_path, capsys, recorded):
    cases = {
        "toepen": (lambda h: h["options"].update(limit=12), "10, 15, 20"),  # TOE.2
        "3-13": (lambda h: h["options"].update(decks=13), "decks"),
        "33": (lambda h: h["options"].update(deck={"+2": 2}), "33.2"),
    }
    for game, (change, text) in cases.items():
        path = write(tmp_path / "bad.jsonl", with_header(recorded[game], change))
        refused(capsys, path, "line 1", text)


# ------------------------------------------------------------------ fields of events, at any depth


@pytest.mark.parametrize("game, kind, change, field", [
    ("33", "play", lambda e: e.update(value="1" * 5000), "value"),
    ("33", "play", lambda e: e.update(card=["+7"]), "card"),
    ("33", "draw", lambda e: e.update(player=float("inf")), "player"),
    ("33", "deal", lambda e: e.update(dealer=-1), "dealer"),
    ("33", "shuffle", lambda e: e.update(stock={"+7": 1}), "stock"),
    ("3-13", "shuffle", lambda e: e.update(stock=[[code] for code in e["stock"]]), "stock[0]"),
    ("3-13", "round_start", lambda e: e.update(round=10**6), "round"),
    ("3-13", "round_start", lambda e: e.update(dealer=99), "dealer"),
    ("3-13", "draw", lambda e: e.update({"from": None}), "from"),
    ("3-13", "discard", lambda e: e.update(card={"a": 1}), "card"),
    ("speed", "match", lambda e: e.update(players=[99]), "players[0]"),
    ("speed", "cycle", lambda e: e["discards"].append("AS"), "discards"),
    ("speed", "cycle", lambda e: e["draws"][0].update(player=99), "draws[0].player"),
    ("speed", "cycle", lambda e: e.update(rebuilt=[[["AS"]]]), "rebuilt[0][0]"),
    ("speed", "hand_start", lambda e: e.update(hand=True), "hand"),
    ("toepen", "play", lambda e: e.update(player=99), "player"),
    ("toepen", "play", lambda e: e.update(card="ZZ"), "card"),
    ("toepen", "keep", lambda e: e.update(player=True), "player"),
    ("toepen", "deal", lambda e: e.update(stock=e["stock"][:5]), "stock"),
])
def test_a_damaged_field_is_one_line_naming_its_line_and_field(tmp_path, capsys, recorded, game, kind, change, field):
    lines, n = with_event(recorded[game], kind, change)
    refused(capsys, write(tmp_path / "bad.jsonl", lines), f"line {n}", field)


@pytest.mark.parametrize("game", GAMES)
def test_a_missing_field_an_unknown_event_and_a_non_object_are_named(tmp_path, capsys, recorded, game):
    lines = recorded[game]
    first = json.loads(lines[1])
    read = {"33": "stock", "3-13": "round", "speed": "hand", "toepen": "dealer"}[game]
    del first[read]
    refused(capsys, write(tmp_path / "bad.jsonl", [lines[0], json.dumps(first), *lines[2:]]), "line 2", read)
    for odd in ('{"event": "teleport"}', '{"event": ["play"]}', "[1, 2]", '"play"', "{"):
        refused(capsys, write(tmp_path / "bad.jsonl", [*lines[:3], odd, *lines[3:]]), "line 4")


@pytest.mark.parametrize("game", GAMES)
def test_a_line_nested_five_thousand_deep_is_named(tmp_path, capsys, recorded, game):
    lines = recorded[game]
    refused(capsys, write(tmp_path / "bad.jsonl", [*lines[:2], "[" * 5000, *lines[2:]]), "line 3")
    refused(capsys, write(tmp_path / "bad.jsonl", ["[" * 5000, *lines]), "line 1")


# ------------------------------------------------------------------ bytes and paths


@pytest.mark.parametrize("game", GAMES)
def test_a_byte_order_mark_before_the_header_is_read_as_utf8(tmp_path, capsys, recorded, game):
    path = tmp_path / "bom.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + ("\n".join(recorded[game]) + "\n").encode("utf-8"))
    code, out, err = replay(capsys, path)
    assert code == 0 and not err, err


@pytest.mark.parametrize("game", GAMES)
def test_binary_content_names_its_line(tmp_path, capsys, recorded, game):
    path = tmp_path / "binary.jsonl"
    text = ("\n".join(recorded[game][:3]) + "\n").encode("utf-8")
    path.write_bytes(text + b'{"event": "\xff\xfe\x00"}\n' + bytes(range(256)))
    refused(capsys, path, "line 4", "UTF-8")
    path.write_bytes(bytes(range(11, 256)) * 40)
    refused(capsys, path, "line 1")


def test_what_is_not_a_regular_file_is_refused_without_reading(tmp_path, capsys):
    fifo = tmp_path / "fifo.jsonl"
    os.mkfifo(fifo)
    refused(capsys, fifo, "not a regular file")  # must not hang waiting for a writer
    refused(capsys, Path("/dev/zero"), "not a regular file")
    link = tmp_path / "zero.jsonl"
    link.symlink_to("/dev/zero")
    refused(capsys, link, "not a regular file")
    refused(capsys, tmp_path, "not a regular file")
    refused(capsys, tmp_path / "none.jsonl", "does not exist")


def test_a_record_past_the_size_cap_is_refused_unread(tmp_path, capsys):
    path = tmp_path / "big.jsonl"
    with path.open("wb") as fh:
        fh.truncate(9 * 1024 * 1024)  # sparse: 9 MB of nothing, written in no time
    refused(capsys, path, "too large", "8")


def test_a_header_only_record_and_an_empty_one(tmp_path, capsys, recorded):
    refused(capsys, write(tmp_path / "head.jsonl", recorded["33"][:1]), "only a header")
    refused(capsys, write(tmp_path / "empty.jsonl", ["", "  "]), "empty")


def test_the_error_is_in_the_learners_language(tmp_path, capsys, recorded):
    lines, n = with_event(recorded["toepen"], "play", lambda e: e.update(player=99))
    path = write(tmp_path / "bad.jsonl", lines)
    err = refused(capsys, path, f"{n} eilutė", "player", "„99“", lang=("--lang", "lt"))
    assert "line" not in err
    refused(capsys, write(tmp_path / "bad.jsonl", with_header(recorded["33"], lambda h: h.update(players=4))),
            "строка 1", lang=("--lang", "ru"))


# ------------------------------------------------------------------ a deck in a 33 header


def test_a_header_deck_is_bounded_before_any_card_is_made(tmp_path, capsys, recorded):
    huge = with_header(recorded["33"], lambda h: h["options"].update(deck={"+7": 1_000_000_000}))
    refused(capsys, write(tmp_path / "bad.jsonl", huge), "line 1", "+7", "1000000000")
    many = with_header(recorded["33"], lambda h: h["options"].update(deck={f"+{n}": 99 for n in range(2, 11)}))
    refused(capsys, write(tmp_path / "bad.jsonl", many), "line 1", "500")
    odd = with_header(recorded["33"], lambda h: h["options"].update(deck={"+11": 4}))
    refused(capsys, write(tmp_path / "bad.jsonl", odd), "line 1", "+11")


def test_a_header_deck_nobody_can_lose_with_is_refused(tmp_path, capsys, recorded):
    zeros = with_header(recorded["33"], lambda h: h["options"].update(deck={"0": 7}))
    refused(capsys, write(tmp_path / "bad.jsonl", zeros), "line 1", "nobody can ever lose")


# ------------------------------------------------------------------ the shape checker itself


def test_shapes_name_the_path_of_the_first_bad_value():
    shape = fields({"draws": listing(fields({"player": seat}), 0, 4)})
    from tutor.records import Context

    ctx = Context(players=3)
    shape({"draws": [{"player": 2}]}, ctx, "")
    for value, path in [
        ({"draws": [{"player": 3}]}, "draws[0].player"),
        ({"draws": [{"player": 0}, {}]}, "draws[1].player"),
        ({"draws": [1] * 5}, "draws"),
        ({"draws": [{"player": False}]}, "draws[0].player"),
        ([], ""),
    ]:
        with pytest.raises(ShapeError) as err:
            shape(value, ctx, "")
        assert err.value.field == path
    with pytest.raises(ShapeError):
        whole(0, 10)(2.0, ctx, "x")


def test_a_record_shape_turns_the_first_problem_into_a_record_error():
    shape = RecordShape(max_players=4, options=fields(), events={"go": fields({"to": whole(1, 3)})})
    header = {"players": ["a", "b"], "_line": 1}
    shape.check(header, [{"event": "go", "to": 2, "_line": 2}])
    for events, message in [
        ([{"event": "go", "to": 9, "_line": 2}], "record_bad_value"),
        ([{"event": "go", "_line": 2}], "record_field_missing"),
        ([{"event": "stay", "_line": 2}], "record_bad_line"),
        ([], "record_no_events"),
    ]:
        with pytest.raises(RecordError) as err:
            shape.check(header, events)
        assert err.value.message == message


def test_a_preview_of_a_huge_or_deep_value_is_short_and_cheap():
    deep: list = []
    for _ in range(100_000):
        deep = [deep]
    assert preview(deep) == "[[…]]"
    assert len(preview(list(range(1_000_000)))) <= 60
    assert len(preview({"k" * 1000: "v" * 1000})) <= 60
    assert preview(10**4000).startswith("1000")
    assert preview("x" * 100) == "x" * 60


def test_read_record_keeps_line_numbers_past_blank_lines(tmp_path, recorded):
    lines = recorded["33"]
    path = write(tmp_path / "gaps.jsonl", [lines[0], "", "   ", *lines[1:]])
    header, events = read_record(path)
    assert header["_line"] == 1 and events[0]["_line"] == 4


# ------------------------------------------------------------------ random damage


HOSTILE_VALUES = [None, True, False, -1, 0, 1, 2, 3, 99, 10**30, -(10**30), 1.5, float("inf"), "", "x", "AS",
                  "+7", "\x1b[2J", "9" * 50, [], [None], [[]], [99], {}, {"player": 99}, ["AS"] * 300]


def mutate(event: dict, rng) -> None:
    """Changes one value somewhere inside `event` (or drops a key) at random."""
    node = event
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        keys = [k for k in keys if k not in ("_line", "event")]
        if not keys:
            return
        key = rng.choice(keys)
        child = node[key]
        if isinstance(child, (dict, list)) and child and rng.random() < 0.6:
            node = child
            continue
        if isinstance(node, dict) and rng.random() < 0.15:
            del node[key]
        else:
            node[key] = rng.choice(HOSTILE_VALUES)
        return


@pytest.mark.parametrize("game", GAMES)
def test_random_damage_anywhere_is_a_record_error_or_replays(recorded, game):
    """Hundreds of records each with one value changed at any depth: the replay, and the
    narration of what it yields, end in a RecordError or at the end, never anything else."""
    import random

    from tutor import games as registry
    from tutor.trainer.table import Names

    kit = registry.find(game).kit()
    rng = random.Random(game)
    base = [json.loads(line) for line in recorded[game]]
    for n, line in enumerate(base, 1):
        line["_line"] = n
    for _ in range(400):
        objects = json.loads(json.dumps(base))
        target = rng.randrange(len(objects))
        mutate(objects[target], rng)
        header, events = objects[0], objects[1:]
        try:
            replayed = kit.replay(header, events)
            names = Names(len(header["players"]), None)
            for event, _state in replayed:
                kit.event_line(event, names, False, reveal=True)
        except RecordError:
            pass


def test_a_decision_after_which_the_engine_reports_nothing_is_a_mismatch(tmp_path, capsys, recorded):
    # A Speed cycle in which nobody draws or discards: the engine has nothing to report.
    def nothing(event):
        event["draws"] = []
        event["discards"] = [None] * len(event["discards"])

    lines, n = with_event(recorded["speed"], "cycle", nothing)
    refused(capsys, write(tmp_path / "bad.jsonl", lines), f"line {n}", "does not match")


def test_a_record_of_too_many_lines_is_refused_before_parsing(tmp_path, capsys):
    path = tmp_path / "lines.jsonl"
    path.write_bytes(b"\n" * 300_000)
    refused(capsys, path, "200000")


def test_each_line_is_checked_as_it_is_read(tmp_path, recorded):
    """With the game's shape, reading stops at the first damaged line, not after the file."""
    from tutor import games as registry

    shape = registry.find("33").kit().record_shape
    path = write(tmp_path / "junk.jsonl", [recorded["33"][0], *['{"event": "x"}'] * 50_000])
    with pytest.raises(RecordError) as err:
        read_record(path, lambda header: shape)
    assert err.value.message == "record_bad_line" and err.value.params["line"] == 2


def test_every_game_kit_names_its_record_shape():
    from tutor import games as registry

    for game in registry.GAMES:
        assert isinstance(game.kit().record_shape, RecordShape)
