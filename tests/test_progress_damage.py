"""A damaged, hostile or odd progress file, and saves that fail: nothing crashes, hangs or is lost.

Every test that damages the file checks that its original bytes survive in a set-aside
copy, and that the sound parts stay in use.
"""

from __future__ import annotations

import errno
import json
import os
import random
import stat
from datetime import datetime, timezone
from pathlib import Path

import pytest
from helpers import tutor

from tutor import progress as progress_module
from tutor.skills import order_skills, rate
from tutor.cli.progress import progress_command, progress_warning_line
from tutor.progress import FILENAME, LIMIT, Progress, record_game, saved_language

NOW = datetime(2026, 1, 1, tzinfo=timezone.utc)
GOOD_CARD = rate({}, "right", NOW)["card"]
SOUND = {
    "version": 1,
    "settings": {"language": "de"},
    "lessons": {"thirty-three/cards-and-turns": {"stars": 2, "done": True, "step": 0}},
    "skills": {"thirty-three/two-values": {"tried": 3, "right": 2, "next_seed": 1001, "card": GOOD_CARD}},
    "games": {"toepen": {"played": 4, "lost": 1}},
}
# Every card word of 33 once: one of them is always a legal play, so a game piped this way ends.
CARDS_33 = [f"+{n}" for n in range(2, 11)] + [f"-{n}" for n in range(2, 10)] + ["0", "1/11 1", "1/11 11", "+-10 +10"]
MOVES_33 = "\n".join([*CARDS_33, "+-10 -10"]) + "\n"


def home() -> Path:
    return Path(os.environ["TUTOR_HOME"])


def write(raw: bytes) -> Path:
    home().mkdir(parents=True, exist_ok=True)
    path = home() / FILENAME
    path.write_bytes(raw)
    return path


def asides() -> list[Path]:
    return sorted(home().glob(f"{FILENAME}.damaged-*"))


def with_part(section: str, value: object) -> bytes:
    data = json.loads(json.dumps(SOUND))
    data[section] = value
    return json.dumps(data).encode()


def with_entry(section: str, key: str, value: object) -> bytes:
    data = json.loads(json.dumps(SOUND))
    data[section][key] = value
    return json.dumps(data).encode()


def every_use(capsys, monkeypatch) -> None:
    """Everything that reads progress, on whatever is on disk now: none may raise."""
    for argv in (["--version"], ["progress"], ["--lang", "lt", "progress"], ["progress", "--json"]):
        code, _out, err = tutor(capsys, monkeypatch, argv)
        assert code == 0 and "Traceback" not in err, (argv, err)
    data = Progress(report=lambda *_: None).read()
    from tutor.games.thirty_three.drills import SKILLS

    order_skills(list(SKILLS), data["skills"], "thirty-three", NOW)
    for entry in data["skills"].values():
        rate(entry, "illegal", NOW)  # the FSRS card of every kept skill can be reviewed
    record_game(Progress(report=lambda *_: None), "thirty-three", lost=False)


# -- a file of which nothing can be used: moved aside whole, the learner starts afresh

WHOLLY_DAMAGED = {
    "binary": bytes(range(256)) * 4,
    "brackets": b"[" * 5000,
    "braces": b'{"a":' * 5000,
    "a list": b"[1, 2, 3]",
    "a string": b'"progress"',
    "null": b"null",
    "empty": b"",
    "truncated": json.dumps(SOUND).encode()[:-7],
    "another version": json.dumps(dict(SOUND, version=99)).encode(),
    "version true": json.dumps(dict(SOUND, version=True)).encode(),
    "no version": json.dumps({k: v for k, v in SOUND.items() if k != "version"}).encode(),
    "latin-1": '{"version": 1, "settings": {"language": "d\xe9"}}'.encode("latin-1"),
    "a 5000-digit number": b'{"version": 1, "games": {"toepen": {"played": ' + b"9" * 5000 + b"}}}",
}


@pytest.mark.parametrize("name", sorted(WHOLLY_DAMAGED))
def test_a_file_of_which_nothing_can_be_used_is_moved_aside_byte_for_byte(name, capsys, monkeypatch):
    raw = WHOLLY_DAMAGED[name]
    write(raw)
    every_use(capsys, monkeypatch)
    (aside,) = asides()
    assert aside.read_bytes() == raw
    assert json.loads((home() / FILENAME).read_text())["games"] == {"thirty-three": {"played": 1, "lost": 0}}


def test_the_learner_is_told_where_the_file_went_in_one_line_of_their_language(capsys, monkeypatch):
    write(b"\xff\xfe garbage")
    code, out, err = tutor(capsys, monkeypatch, ["--lang", "lt", "progress"])
    (aside,) = asides()
    assert code == 0 and str(aside) in err and err.count("\n") == 1 and "Įspėjimas" in err
    assert "Pamokų" in out


@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "folder"])
def test_a_path_that_is_not_a_regular_file_neither_hangs_nor_fills_memory(kind, capsys, monkeypatch):
    home().mkdir(parents=True)
    path = home() / FILENAME
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "dev-zero":
        path.symlink_to("/dev/zero")
    else:
        path.mkdir()
    assert saved_language() is None  # start-up, quietly
    progress = Progress()
    assert progress.read()["lessons"] == {}
    (aside,) = asides()
    assert progress.warnings == [("progress_damaged", {"file": str(aside)})]
    if kind == "dev-zero":
        assert aside.is_symlink()  # kept as it was: renamed, never read
    elif kind == "fifo":
        assert stat.S_ISFIFO(aside.lstat().st_mode)
    every_use(capsys, monkeypatch)


def test_a_file_past_the_size_limit_is_moved_aside_unread(capsys, monkeypatch):
    path = write(b"")
    with path.open("r+b") as fh:
        fh.truncate(LIMIT + 1)  # sparse: no disk used
    every_use(capsys, monkeypatch)
    (aside,) = asides()
    assert aside.stat().st_size == LIMIT + 1


def test_two_damaged_files_in_the_same_second_both_survive(monkeypatch):
    monkeypatch.setattr(progress_module.time, "strftime", lambda *_: "20260101-120000")
    kept = []
    for n in range(3):
        raw = b"damaged %d" % n
        write(raw)
        Progress().read()
        kept.append(raw)
    for n in range(3):
        partly = with_entry("skills", "thirty-three/x", n)
        write(partly)
        Progress().read()
        kept.append(partly)
    assert sorted(p.read_bytes() for p in asides()) == sorted(kept)


# -- a file with some bad parts: the sound parts stay in use, the whole file is copied aside

PARTLY_DAMAGED = {
    "a skill that is a string": with_entry("skills", "thirty-three/near-limit", "x"),
    "a lessons list": with_part("lessons", [{"stars": 3}]),
    "a skills number": with_part("skills", 7),
    "games null": with_part("games", None),
    "settings a list": with_part("settings", ["de"]),
    "a language that is not one": with_part("settings", {"language": "xx"}),
    "a language that is a number": with_part("settings", {"language": 5}),
    "card letters that are not ones": with_part("settings", {"language": "de", "cards": "sideways"}),
    "card letters that are a list": with_part("settings", {"cards": ["local"]}),
    "a game that is a list": with_entry("games", "thirty-three", [1]),
    "played a string": with_entry("games", "thirty-three", {"played": "many", "lost": 0}),
    "played negative": with_entry("games", "thirty-three", {"played": -5, "lost": 0}),
    "lost more than played": with_entry("games", "thirty-three", {"played": 2, "lost": 7}),
    "played past a billion": with_entry("games", "thirty-three", {"played": 10**15, "lost": 0}),
    "a billion stars": with_entry("lessons", "thirty-three/the-limit", {"stars": 10**9, "done": True, "step": 0}),
    "stars true": with_entry("lessons", "thirty-three/the-limit", {"stars": True, "done": True, "step": 0}),
    "stars a float": with_entry("lessons", "thirty-three/the-limit", {"stars": 2.5, "done": True, "step": 0}),
    "step negative": with_entry("lessons", "thirty-three/the-limit", {"stars": 0, "done": False, "step": -1}),
    "step huge": with_entry("lessons", "thirty-three/the-limit", {"stars": 0, "done": False, "step": 10**12}),
    "done a string": with_entry("lessons", "thirty-three/the-limit", {"stars": 0, "done": "yes", "step": 0}),
    "a lesson that is a list": with_entry("lessons", "thirty-three/the-limit", [3, True]),
    "a key with an escape": with_entry("lessons", "thirty-three/\x1b[31mred", {"stars": 1}),
    "a key without a game": with_entry("lessons", "the-limit", {"stars": 1}),
    "a long key": with_entry("lessons", "thirty-three/" + "x" * 5000, {"stars": 1}),
    "an unknown field": with_entry("lessons", "thirty-three/the-limit", {"stars": 1, "secret": "x"}),
    "an unknown section": with_part("extra", {"a": 1}),
    "tried a dict": with_entry("skills", "thirty-three/squeeze", {"tried": {}, "right": 0}),
    "right more than tried": with_entry("skills", "thirty-three/squeeze", {"tried": 1, "right": 9}),
    "a negative seed": with_entry("skills", "thirty-three/squeeze", {"tried": 1, "right": 1, "next_seed": -4}),
    "a card that is a string": with_entry("skills", "thirty-three/squeeze", {"tried": 1, "right": 1, "card": "x"}),
    "an empty card": with_entry("skills", "thirty-three/squeeze", {"tried": 1, "right": 1, "card": {}}),
    "a card due without a zone": with_entry("skills", "thirty-three/squeeze", {
        "tried": 1, "right": 1, "card": dict(GOOD_CARD, due="2026-01-02T00:00:00")}),
    "a card due in year 1": with_entry("skills", "thirty-three/squeeze", {
        "tried": 1, "right": 1, "card": dict(GOOD_CARD, due="0001-01-01T00:00:00+05:00")}),
    "a card due a list": with_entry("skills", "thirty-three/squeeze", {
        "tried": 1, "right": 1, "card": dict(GOOD_CARD, due=[2026])}),
    "a card in state 9": with_entry("skills", "thirty-three/squeeze", {
        "tried": 1, "right": 1, "card": dict(GOOD_CARD, state=9)}),
    "a reviewed card without stability": with_entry("skills", "thirty-three/squeeze", {
        "tried": 1, "right": 1, "card": dict(GOOD_CARD, state=2, step=None, stability=None)}),
    "a card of infinite stability": with_entry("skills", "thirty-three/squeeze", {
        "tried": 1, "right": 1, "card": dict(GOOD_CARD, stability=1e308)}),
}


@pytest.mark.parametrize("name", sorted(PARTLY_DAMAGED))
def test_a_bad_part_is_left_out_and_the_rest_stays_in_use(name, capsys, monkeypatch):
    raw = PARTLY_DAMAGED[name]
    write(raw)
    progress = Progress()
    data = progress.read()
    (aside,) = asides()
    assert aside.read_bytes() == raw
    assert progress.warnings == [("progress_partly_damaged", {"file": str(aside)})]
    for section in ("lessons", "skills", "games", "settings"):
        if json.loads(raw).get(section) == SOUND[section]:
            assert data[section] == SOUND[section], section  # the sound sections, untouched
    for entry in data["lessons"].values():
        assert 0 <= entry["stars"] <= 3
    # The file now holds the sound parts only; reading it again finds nothing wrong.
    again = Progress()
    assert again.read() == data and again.warnings == [] and len(asides()) == 1
    every_use(capsys, monkeypatch)
    assert len(asides()) == 1


def test_a_missing_field_is_its_default_and_not_damage():
    write(json.dumps({"version": 1, "games": {"thirty-three": {}}, "skills": {"thirty-three/squeeze": {
        "next_seed": 5}}}).encode())
    progress = Progress()
    data = progress.read()
    assert data["games"] == {"thirty-three": {"played": 0, "lost": 0}}
    assert data["skills"] == {"thirty-three/squeeze": {"tried": 0, "right": 0, "next_seed": 5}}
    assert progress.warnings == [] and asides() == []


def test_a_billion_stars_prints_three_quickly(capsys):
    write(with_entry("lessons", "thirty-three/the-limit", {"stars": 10**9, "done": True, "step": 0}))
    progress_command(False)
    out = capsys.readouterr().out
    assert "★★★  The limit of 33" in out and len(out) < 2000  # shown by its title (issue 14)


def test_random_damage_never_crashes_and_is_always_kept(capsys, monkeypatch):
    """Values of every JSON type put at random places of a sound file, 150 times."""
    rng = random.Random(12)
    odd = [None, True, -1, 0, 3, 10**9, 10**20, 1.5, float("nan"), "", "x", "\x00", [], [1], {}, {"a": 1}]

    def places(value, path=()):
        yield path
        if isinstance(value, dict):
            for key, inner in value.items():
                yield from places(inner, (*path, key))

    for _ in range(150):
        data = json.loads(json.dumps(SOUND))
        path = rng.choice(list(places(data))[1:])
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = rng.choice(odd)
        raw = json.dumps(data).encode()
        write(raw)
        for old in asides():
            old.unlink()
        every_use(capsys, monkeypatch)
        kept = [p.read_bytes() for p in asides()]
        assert kept in ([], [raw]), path
        if not kept:  # nothing was left out, so nothing was changed
            assert json.loads((home() / FILENAME).read_text())["lessons"] == data["lessons"]


def test_the_saved_language_survives_damage_elsewhere_and_start_up_changes_nothing(capsys, monkeypatch):
    raw = with_entry("skills", "thirty-three/x", "broken")
    write(raw)
    assert saved_language() == "de"
    code, out, _ = tutor(capsys, monkeypatch, ["--version"])
    assert code == 0 and asides() == [] and (home() / FILENAME).read_bytes() == raw


# -- saves that fail: one line, the session goes on, nothing on disk is harmed


def fail_with(monkeypatch, code: int) -> None:
    def refuse(*_args, **_kwargs):
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(progress_module.os, "replace", refuse)


def test_a_full_disk_is_one_line_and_the_data_stays_in_memory(monkeypatch):
    raw = json.dumps(SOUND).encode()
    write(raw)
    fail_with(monkeypatch, errno.ENOSPC)
    progress = Progress()
    record_game(progress, "toepen", lost=True)
    record_game(progress, "toepen", lost=True)
    assert progress.warnings == [("progress_not_saved", {"folder": str(home()), "reason": "disk_full"})]
    assert progress_warning_line(*progress.warnings[0]).count("the disk is full") == 1
    assert (home() / FILENAME).read_bytes() == raw and not list(home().glob("*.tmp"))


def test_a_write_that_fails_midway_leaves_the_old_file(monkeypatch):
    raw = json.dumps(SOUND).encode()
    write(raw)

    def full(*_args):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(progress_module.os, "fsync", full)
    progress = Progress()
    record_game(progress, "toepen", lost=True)
    assert progress.warnings[0][1]["reason"] == "disk_full"
    assert (home() / FILENAME).read_bytes() == raw and not list(home().glob("*.tmp"))


def test_a_finished_games_tally_that_cannot_be_saved_is_said(capsys, monkeypatch):
    fail_with(monkeypatch, errno.ENOSPC)
    code, out, err = tutor(capsys, monkeypatch, ["play", "33", "--players", "2", "--seed", "1", "--no-coach"],
                           MOVES_33 * 20)
    assert code == 0 and "Game over" in out
    assert err.count("Warning: your progress could not be saved") == 1 and "the disk is full" in err


def test_a_finished_games_tally_is_saved(capsys, monkeypatch):
    code, out, err = tutor(capsys, monkeypatch, ["play", "33", "--players", "2", "--seed", "1", "--no-coach"],
                           MOVES_33 * 20)
    assert code == 0 and "Game over" in out
    assert Progress().read()["games"]["thirty-three"]["played"] == 1


def test_a_lesson_and_a_drill_go_on_when_saving_fails(capsys, monkeypatch):
    fail_with(monkeypatch, errno.EACCES)
    code, out, err = tutor(capsys, monkeypatch, ["learn", "33"], "\n" * 3)
    assert code == 0 and "Traceback" not in err
    assert err.count("could not be saved") == 1 and "permission denied" in err
    code, out, err = tutor(capsys, monkeypatch, ["drill", "33", "--count", "2"], MOVES_33 * 2)
    assert code == 0 and "Drill 2 of 2" in out and err.count("could not be saved") == 1


def test_a_home_that_is_a_file_is_said_once_and_never_moved(capsys, monkeypatch, tmp_path):
    fake = tmp_path / "not-a-folder"
    fake.write_bytes(b"someone's notes")
    monkeypatch.setenv("TUTOR_HOME", str(fake))
    assert saved_language() is None
    progress = Progress()
    record_game(progress, "toepen", lost=False)
    assert progress.warnings == [("progress_home_not_folder", {"folder": str(fake)})]
    code, out, err = tutor(capsys, monkeypatch, ["progress"])
    assert code == 0 and "moved" not in err and err.count("\n") == 1 and "is not a folder" in err
    code, out, err = tutor(capsys, monkeypatch, ["play", "33", "--players", "2", "--seed", "1", "--no-coach"],
                           MOVES_33 * 20)
    assert code == 0 and "Game over" in out and "is not a folder" in err
    assert fake.read_bytes() == b"someone's notes"


def test_a_file_that_cannot_be_read_is_left_alone_and_never_saved_over(monkeypatch):
    raw = json.dumps(SOUND).encode()
    path = write(raw)
    real_open = os.open

    def no_permission(name, *args, **kwargs):
        if Path(name) == path:
            raise PermissionError(errno.EACCES, "Permission denied")
        return real_open(name, *args, **kwargs)

    monkeypatch.setattr(os, "open", no_permission)
    progress = Progress()
    record_game(progress, "toepen", lost=False)
    assert progress.warnings == [("progress_left_alone", {"file": str(path), "reason": "no_permission"})]
    assert path.read_bytes() == raw and asides() == []


def test_damage_that_cannot_be_set_aside_is_left_alone(monkeypatch):
    raw = b"\x00\x01 not progress"
    path = write(raw)

    def refuse(*_args):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(progress_module.os, "rename", refuse)
    progress = Progress()
    record_game(progress, "toepen", lost=False)
    assert progress.warnings == [("progress_left_alone", {"file": str(path), "reason": "read_only"})]
    assert path.read_bytes() == raw


def test_partial_damage_that_cannot_be_copied_keeps_the_sound_parts_and_saves_nothing(monkeypatch):
    raw = with_entry("skills", "thirty-three/x", "broken")
    path = write(raw)
    real_open = os.open

    def full(name, flags, *args, **kwargs):
        if flags & os.O_EXCL and ".damaged-" in str(name):
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_open(name, flags, *args, **kwargs)

    monkeypatch.setattr(progress_module.os, "open", full)
    progress = Progress()
    data = progress.read()
    record_game(progress, "toepen", lost=False)
    assert data["lessons"] == SOUND["lessons"] and progress.frozen
    assert progress.warnings == [("progress_left_alone", {"file": str(path), "reason": "disk_full"})]
    assert path.read_bytes() == raw and asides() == []


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
def test_a_read_only_folder_is_one_line(capsys, monkeypatch):
    write(json.dumps(SOUND).encode())
    home().chmod(0o555)
    try:
        progress = Progress()
        record_game(progress, "toepen", lost=False)
        assert [w[0] for w in progress.warnings] == ["progress_not_saved"]
    finally:
        home().chmod(0o755)


@pytest.mark.parametrize("message", ["progress_damaged", "progress_partly_damaged", "progress_left_alone",
                                     "progress_home_not_folder", "progress_not_saved"])
@pytest.mark.parametrize("lang", ["en", "lt", "ru"])
def test_every_warning_is_one_translated_line(message, lang):
    from tutor import i18n

    i18n.use(lang)
    line = progress_warning_line(message, {"file": "/x/p.json", "folder": "/x", "reason": "disk_full"})
    assert "\n" not in line and "/x" in line
    if lang != "en":
        i18n.use("en")
        assert line != progress_warning_line(message, {"file": "/x/p.json", "folder": "/x", "reason": "disk_full"})


@pytest.mark.parametrize("raw", [WHOLLY_DAMAGED["binary"], PARTLY_DAMAGED["a lessons list"],
                                 PARTLY_DAMAGED["a skill that is a string"]], ids=["binary", "lessons", "skill"])
@pytest.mark.parametrize("argv,stdin", [(["learn", "33"], "\n"), (["drill", "33", "--count", "1"], MOVES_33),
                                        ([], "5\n8\n")], ids=["learn", "drill", "home"])
def test_learn_drill_and_the_home_menu_go_on_with_a_damaged_file(raw, argv, stdin, capsys, monkeypatch):
    write(raw)
    code, out, err = tutor(capsys, monkeypatch, argv, stdin)
    assert code == 0 and "Traceback" not in err
    (aside,) = asides()
    assert aside.read_bytes() == raw and str(aside) in err and err.count("\n") == 1


def test_a_read_only_file_is_not_replaced(monkeypatch):
    raw = json.dumps(SOUND).encode()
    path = write(raw)
    monkeypatch.setattr(progress_module.os, "access", lambda name, mode, **kw: Path(name) != path)
    progress = Progress()
    record_game(progress, "toepen", lost=False)
    assert progress.warnings == [("progress_not_saved", {"folder": str(home()), "reason": "no_permission"})]
    assert path.read_bytes() == raw
