"""learn, drill, progress and the home menu from the command line, with piped input."""

from __future__ import annotations

import json


from helpers import tutor


def test_drill_judges_and_schedules_then_progress_shows_it(capsys, monkeypatch):
    # Answer with every card word the trainer accepts until one is a legal play.
    answers = "\n".join(["+2", "+3", "+4", "+5", "+6", "+7", "+8", "+9", "+10", "-2", "-3", "-4", "-5", "-6",
                         "-7", "-8", "-9", "0", "1/11 1", "+-10 -10"] * 2) + "\n"
    code, out, err = tutor(capsys, monkeypatch, ["drill", "33", "--count", "2"], answers)
    assert code == 0, err
    assert "Drill 1 of 2" in out and "Drill 2 of 2" in out
    assert ("Good" in out) or ("stronger" in out)
    code, out, _ = tutor(capsys, monkeypatch, ["progress", "--json"])
    data = json.loads(out)
    assert sum(entry["tried"] for entry in data["skills"].values()) == 2
    assert all("due" in entry["card"] for entry in data["skills"].values())
    code, out, _ = tutor(capsys, monkeypatch, ["--lang", "de", "progress"])
    assert code == 0 and "33" in out


def test_drill_with_an_unknown_skill_is_one_clear_error(capsys, monkeypatch):
    code, out, err = tutor(capsys, monkeypatch, ["drill", "33", "--skill", "juggling"])
    assert code == 2 and "near-limit" in err and "Traceback" not in err


def test_drill_never_repeats_a_position(capsys, monkeypatch):
    from tutor.games.thirty_three.drills import SKILLS, exercise

    seen = set()
    seed = 1
    for _ in range(5):
        state, seat, seed = exercise(SKILLS[0], seed)
        key = (state.total, tuple(sorted(state.hands[seat])), tuple(state.pile))
        assert key not in seen
        seen.add(key)


def test_learn_resumes_where_the_learner_stopped(capsys, monkeypatch):
    code, out, _ = tutor(capsys, monkeypatch, ["learn", "33"], "\n")
    assert code == 0 and "Your place in this lesson is saved" in out
    code, out, _ = tutor(capsys, monkeypatch, ["progress", "--json"])
    lessons = json.loads(out)["lessons"]
    assert len(lessons) == 1 and not next(iter(lessons.values()))["done"]


def test_home_menu_remembers_the_language(capsys, monkeypatch):
    from tutor.i18n import LANGUAGES

    choice = LANGUAGES.index("lt") + 1
    code, out, _ = tutor(capsys, monkeypatch, [], f"6\n{choice}\n8\n")
    assert code == 0
    code, out, _ = tutor(capsys, monkeypatch, ["games"])
    assert "žaidėj" in out  # Lithuanian, remembered
    code, out, _ = tutor(capsys, monkeypatch, ["--lang", "en", "games"])
    assert "players" in out  # --lang still wins


def test_play_with_the_coach_flags_a_weaker_play(capsys, monkeypatch):
    # Seed 5: the learner holds +10, +-10 and -7 at total 9; -7 wastes a safe card.
    code, out, _ = tutor(capsys, monkeypatch, ["play", "33", "--seed", "5", "--coach"], "-7\n")
    assert code == 0 and "Coach:" in out
    code, out, _ = tutor(capsys, monkeypatch, ["play", "33", "--seed", "5", "--no-coach"], "-7\n")
    assert "Coach:" not in out
