"""Progress: written and read back, a damaged file set aside, two processes at once."""

from __future__ import annotations

import json
import multiprocessing
from datetime import datetime, timedelta, timezone

from tutor.skills import order_skills, rate
from tutor.progress import VERSION, Progress, record_game


def test_written_and_read_back(tmp_path):
    progress = Progress(tmp_path)
    record_game(progress, "thirty-three", lost=True)
    record_game(progress, "thirty-three", lost=False)
    data = Progress(tmp_path).read()
    assert data["version"] == VERSION
    assert data["games"]["thirty-three"] == {"played": 2, "lost": 1}
    assert not list(tmp_path.glob("*.tmp"))


def test_a_damaged_file_is_set_aside_with_a_warning(tmp_path):
    (tmp_path / "progress.json").write_text("{not json", encoding="utf-8")
    progress = Progress(tmp_path)
    data = progress.read()
    assert data["games"] == {} and progress.warnings and progress.warnings[0][0] == "progress_damaged"
    aside = list(tmp_path.glob("progress.json.damaged-*"))
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8") == "{not json"


def test_a_file_of_another_version_is_set_aside(tmp_path):
    (tmp_path / "progress.json").write_text(json.dumps({"version": 99}), encoding="utf-8")
    progress = Progress(tmp_path)
    assert progress.read()["lessons"] == {} and progress.warnings


def _add_games(directory: str, n: int) -> None:
    progress = Progress(__import__("pathlib").Path(directory))
    for _ in range(n):
        record_game(progress, "thirty-three", lost=False)


def test_two_processes_at_once_lose_nothing(tmp_path):
    ctx = multiprocessing.get_context("fork")
    workers = [ctx.Process(target=_add_games, args=(str(tmp_path), 40)) for _ in range(2)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(60)
        assert w.exitcode == 0
    assert Progress(tmp_path).read()["games"]["thirty-three"]["played"] == 80


def test_a_wrong_answer_brings_the_skill_back_sooner():
    now = datetime(2026, 1, 1, tzinfo=timezone.utc)
    good = rate({}, "right", now)
    bad = rate({}, "illegal", now)
    due = lambda entry: datetime.fromisoformat(entry["card"]["due"])  # noqa: E731
    assert due(bad) < due(good)
    assert good["tried"] == 1 and good["right"] == 1 and bad["right"] == 0


def test_due_skills_come_first_then_new_ones():
    class S:
        def __init__(self, id):
            self.id = id

    now = datetime(2026, 1, 1, tzinfo=timezone.utc)
    later = rate({}, "right", now - timedelta(minutes=1))  # due in a few minutes
    overdue = rate({}, "illegal", now - timedelta(hours=1))  # due long ago
    entries = {"g/later": later, "g/overdue": overdue}
    ordered = order_skills([S("later"), S("new"), S("overdue")], entries, "g", now)
    assert [s.id for s in ordered] == ["overdue", "new", "later"]


def test_progress_lists_lessons_by_title_in_lesson_order(capsys, monkeypatch, tmp_path):
    import json as _json

    from tutor.lessons.check import lesson_titles

    titles = lesson_titles("thirty-three")
    first, second = titles[0], titles[1]
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    lessons = {f"thirty-three/{second[0]}": {"stars": 2, "done": True},
               f"thirty-three/{first[0]}": {"stars": 3, "done": True}, "thirty-three/retired": {"stars": 1}}
    (home / "progress.json").write_text(_json.dumps({"version": 1, "lessons": lessons}))
    from helpers import tutor

    code, out, err = tutor(capsys, monkeypatch, ["--lang", "lt", "progress"])
    from tutor import i18n

    i18n.use("lt")
    shown = [i18n.translate(first[1]), i18n.translate(second[1]), "retired"]
    positions = [out.index(text) for text in shown]
    assert code == 0 and positions == sorted(positions) and first[0] not in out.replace("retired", "")
    assert shown[0] != first[1]  # the title is in Lithuanian
