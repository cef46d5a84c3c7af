"""Lesson positions that contradict the rules they teach, planted one by one: `tutor check`
names each with its file, line and clause (the games' lesson adapters), and the shipped
lessons hold none of them. Also the lesson answers that go with them: saying the total and
drawing in 33's manual-draw mode, and letting a Speed match window pass by drawing."""

from __future__ import annotations

import random
import re
import textwrap
from pathlib import Path

import pytest

from tutor.cli.check import lesson_error_line
from tutor.lessons.check import check_path, load_game_lessons
from tutor.lessons.runner import LessonRunner
from tutor.progress import Progress
from helpers import Script

LESSONS = Path(__file__).resolve().parent.parent / "lessons"


def problems(tmp_path, game, position, decide="expect: best"):
    """`tutor check`'s problems with a lesson of one position (at line 7) and a decision."""
    head = f"lesson: 1\nid: planted\ngame: {game}\ntitle: A planted fault\nsteps:\n  - position:\n"
    body = textwrap.indent(textwrap.dedent(position).strip("\n"), "      ")
    text = head + body + f"\n  - decide:\n      prompt: What now?\n      {decide}\n"
    path = tmp_path / "planted.yaml"
    path.write_text(text, encoding="utf-8")
    return check_path(path, translations=False, teaching=False)[1]


def one(tmp_path, game, position, message, clause, line, decide="expect: best"):
    found = problems(tmp_path, game, position, decide)
    assert [(p.message, p.params.get("clause"), p.line) for p in found] == [(message, clause, line)], found
    shown = lesson_error_line(found[0])
    assert shown.startswith(f"{found[0].path}:{line}:") and message not in shown and f"rule {clause}" in shown
    return found[0]


# --------------------------------------------------------------------------- Toepen


def test_toepen_a_first_trick_led_by_the_wrong_seat_contradicts_the_dealer(tmp_path):
    # Toepen lesson 1 as it was: Bot 3 deals (the default), yet Bot 2 leads the first trick.
    position = """\
        hands: [["10H", "9C", "8S", "JD"], ["QH", "8C", "7D"], ["KD", "QC", "JS"]]
        trick: [[1, "KS"], [2, "AS"]]
    """
    err = one(tmp_path, "toepen", position, "position_toepen_leader", "TOE.5", 8)
    assert (err.params["player"], err.params["expected"], err.params["dealer"]) == (1, 0, 2)
    assert problems(tmp_path, "toepen", "dealer: 0\n" + textwrap.dedent(position)) == []


def test_toepen_a_later_trick_is_led_by_the_winner_of_the_one_before(tmp_path):
    position = """\
        dealer: 2
        hands: [["9C", "JC", "8H"], ["KS", "7D"], ["AH", "QS", "8C"]]
        tricks: [[[0, "10H"], [1, "JH"], [2, "9H"]]]
        trick: [[1, "10C"]]
    """
    err = one(tmp_path, "toepen", position, "position_toepen_leader", "TOE.5", 10)
    assert (err.params["trick"], err.params["player"], err.params["expected"]) == (2, 1, 0)


def test_toepen_the_poor_player_leads_the_first_trick(tmp_path):
    position = """\
        points: [0, 9, 0]
        hands: [["10H", "9C", "8S", "JD"], ["QH", "8C", "7D", "AC"], ["KD", "QC", "JS", "7S"]]
    """
    err = one(tmp_path, "toepen", position, "position_toepen_leader", "TOE.11", 7)
    assert err.params["expected"] == 1


def test_toepen_a_card_in_a_hand_and_in_a_trick_is_one_copy_too_many(tmp_path):
    position = """\
        dealer: 0
        hands: [["10H", "9C", "8S", "JD"], ["QH", "8C", "7D"], ["KD", "QC", "JS"]]
        trick: [[1, "KS"], [2, "JD"]]
    """
    one(tmp_path, "toepen", position, "position_too_many", "TOE.1", 9)


# --------------------------------------------------------------------------- Three Thirteen


def test_tt_a_first_turn_starts_with_one_card_up_and_the_rest_in_the_stock(tmp_path):
    # Lesson 8 as it was: "You go first" over a discard pile of two, so 44 in the stock, not 45.
    position = """\
        round: 4
        players: 2
        turns: 0
        hands: [["2H", "3H", "9S", "9C", "QD", "7C"], ["5D", "5C", "5S", "7H", "8H", "9D"]]
        discard: ["10S", "4H"]
    """
    err = one(tmp_path, "three-thirteen", position, "position_tt_turns", "TT.4", 11)
    assert (err.params["most"], err.params["count"]) == (1, 2)
    from tutor.games.three_thirteen import lesson as adapter

    state, _ = adapter.build({"round": 4, "players": 2, "turns": 0, "discard": ["4H"],
                              "hands": [["2H", "3H", "9S", "9C", "QD", "7C"], ["5D", "5C", "5S", "7H", "8H", "9D"]]})
    assert (len(state.stock), state.dealer) == (52 - 12 - 1, 1)  # Bot 2 dealt; the learner, on the left, begins


def test_tt_the_seat_that_went_out_shows_nothing_but_melds(tmp_path):
    position = """\
        round: 3
        players: 2
        out: 1
        hands: [["6H", "7H", "9S", "9D", "KC"], ["AC", "2C", "3C", "4C", "JD"]]
        discard: ["JS", "8H"]
    """
    one(tmp_path, "three-thirteen", position, "position_tt_out", "TT.8", 10)


def test_tt_a_card_more_often_than_the_decks_hold_across_hand_pile_and_stock(tmp_path):
    position = """\
        round: 1
        players: 2
        hands: [["7H", "7C", "KS"], ["9C", "QD", "4S"]]
        discard: ["3D"]
        stock: ["KS"]
    """
    one(tmp_path, "three-thirteen", position, "position_too_many_tt", "TT.1", 11)


# --------------------------------------------------------------------------- 3-13 Speed


def test_speed_a_seat_shown_as_matched_holds_only_sets(tmp_path):
    # Lesson 3 as it was: "Bot 3: match: [8C 8D 8H]" from a five-card hand.
    position = """\
        hand: 3
        players: 4
        phase: discard
        matched: [2]
        hands: [["3H", "4H", "5C", "KD", "9S", "2S"], ["AS", "6H", "9D", "QC", "KH", "7S"],
                ["8H", "8D", "8C", "JS", "QS"], ["AH", "3S", "6D", "9H", "JC", "2D"]]
    """
    err = one(tmp_path, "three-thirteen-speed", position, "position_speed_matched", "SPD.7", 10)
    assert err.params["player"] == 2
    fixed = position.replace('"JS", "QS"', '"8S", "5D"')
    assert problems(tmp_path, "three-thirteen-speed", fixed) == []


def test_speed_before_the_first_draw_every_pile_holds_its_one_card(tmp_path):
    position = """\
        hand: 1
        players: 3
        phase: draw
        hands: [["7H", "7S", "KD"]]
        piles: [["5C"], [], ["7C"]]
    """
    one(tmp_path, "three-thirteen-speed", position, "position_speed_first_piles", "SPD.3", 11)


def test_speed_a_pile_gains_at_most_one_card_a_cycle(tmp_path):
    position = """\
        hand: 1
        players: 3
        cycle: 1
        hands: [["7H", "7S", "KD"]]
        piles: [["5C", "6C", "9D"]]
    """
    err = one(tmp_path, "three-thirteen-speed", position, "position_speed_pile", "SPD.6", 11)
    assert (err.params["most"], err.params["count"]) == (2, 3)


# --------------------------------------------------------------------------- 33


def test_33_a_total_the_pile_cannot_reach_contradicts_the_pile(tmp_path):
    position = """\
        players: 3
        total: 20
        hands: [["+9", "-5", "+4"], ["+6", "+2", "-3"], ["+5", "-6", "+7"]]
        pile: ["+6", "+3", "-2", "+7"]
    """
    one(tmp_path, "thirty-three", position, "position_33_total", "33.5", 8)
    # two-value cards count either way, but no play may have passed 33 on the way
    passing = position.replace('["+6", "+3", "-2", "+7"]', '["+10", "+10", "+10", "+9", "-9", "1/11"]')
    assert [p.message for p in problems(tmp_path, "thirty-three", passing.replace("total: 20", "total: 31"))] == [
        "position_33_total"]
    reordered = position.replace('["+6", "+3", "-2", "+7"]', '["+10", "+10", "-9", "+10", "+9", "1/11"]')
    assert problems(tmp_path, "thirty-three", reordered.replace("total: 20", "total: 31")) == []


def test_33_the_player_to_move_follows_from_the_dealer(tmp_path):
    position = """\
        players: 3
        dealer: 0
        total: 14
        hands: [["+9", "-5", "+4"], ["+6", "+2", "-3"], ["+5", "-6", "+7"]]
        pile: ["+6", "+3", "-2", "+7"]
    """
    err = one(tmp_path, "thirty-three", position, "position_33_dealer", "33.4", 8)
    assert (err.params["expected"], err.params["player"]) == (2, 0)
    assert problems(tmp_path, "thirty-three", position.replace("dealer: 0", "dealer: 1")) == []


def test_33_more_copies_across_hands_pile_and_stock_than_the_deck_holds(tmp_path):
    position = """\
        players: 3
        total: 0
        hands: [["-9", "+4", "+5"], ["+6", "+2", "-3"], ["+5", "-6", "+7"]]
        stock: ["-9", "-9"]
    """
    one(tmp_path, "thirty-three", position, "position_too_many", "33.1", 9)


# --------------------------------------------------------------------------- the shipped lessons


def test_the_shipped_lessons_hold_none_of_these_faults():
    count, found = check_path(LESSONS, translations=False)
    assert count >= 29 and found == []


def shipped(game):
    lessons, skipped = load_game_lessons(game)
    assert not skipped
    return lessons


@pytest.mark.parametrize("game", ["thirty-three", "three-thirteen", "three-thirteen-speed", "toepen"])
def test_every_decision_and_quiz_cites_a_clause_an_earlier_step_taught(game):
    taught: set[str] = set()
    late = []
    for lesson in shipped(game):
        for step in lesson.steps:
            if step.kind == "say" and step.data.get("clause"):
                taught.add(step.data["clause"])
            elif step.kind in ("decide", "quiz"):
                clause = step.data.get("clause")
                if clause not in taught:
                    late.append((lesson.id, step.line, clause))
    assert late == []


@pytest.mark.parametrize("game", ["thirty-three", "three-thirteen", "three-thirteen-speed", "toepen"])
def test_each_lesson_lists_the_clauses_it_teaches_and_together_they_cover_the_game(game):
    from tutor import games

    covered = set()
    for lesson in shipped(game):
        cited = {s.data["clause"] for s in lesson.steps if s.data.get("clause")}
        assert set(lesson.clauses) == cited, lesson.id
        covered |= cited
    module = __import__(games.find(game).module + ".rules", fromlist=["CLAUSES"])
    assert covered == {c.id for c in module.CLAUSES}


#: The words each kind of answer needs the learner to type, as the lesson texts spell them.
WORDS = {"stock": "stock", "pile": "pile", "out": "out", "middle": "middle", "match": "match", "knock": "knock",
         "stay": "stay", "fold": "fold", "throw": "throw", "keep": "keep", "challenge": "challenge",
         "pass": "pass", "draw": "draw", "arrange": "|"}


@pytest.mark.parametrize("game", ["thirty-three", "three-thirteen", "three-thirteen-speed", "toepen"])
def test_the_words_a_decision_needs_are_shown_with_type_before_it(game):
    shown: set[str] = set()
    cards_taught = False
    missing = []
    for lesson in shipped(game):
        for step in lesson.steps:
            text = step.data.get("say") or step.data.get("prompt") or ""
            if re.search(r"\btype\b", text, re.I):
                shown |= {w for w, spelled in WORDS.items() if spelled in text.split() or
                          re.search(rf"\b{re.escape(spelled)}\b", text)}
                cards_taught |= "card" in text
            if step.kind != "decide":
                continue
            expect = str(step.data["expect"]).split()
            word = expect[0].lower()
            if word in WORDS and word not in shown:
                missing.append((lesson.id, step.line, word))
            if word not in WORDS and word not in ("best", "say") and not cards_taught:
                missing.append((lesson.id, step.line, "a card"))
    assert missing == []


# --------------------------------------------------------------------------- answers that go with them


def lesson(game, lesson_id):
    return next(found for found in shipped(game) if found.id == lesson_id)


def test_33_forgetting_to_draw_is_a_mistake_with_the_rule_and_costs_a_star(tmp_path):
    from tutor.games.thirty_three import lesson as adapter

    answers = ["", "", "", "", "+9", "33", "end", "draw", "1", "2", "2", "1", ""]
    console = Script(answers)
    runner = LessonRunner(console, lesson("thirty-three", "say-and-draw"), adapter, Progress(tmp_path))
    assert runner.run() == 2 and runner.mistakes == 1
    said = "\n".join(console.shown)
    assert "you still hold two cards" in said and "rule 33.10" in said
    assert "You play +9." in said and "You play +9: the total is 33" not in said  # the learner says it
    assert "Total before your card: 24" in said


def test_33_a_wrong_total_is_corrected_with_the_sum_and_the_rule(tmp_path):
    from tutor.games.thirty_three import lesson as adapter

    console = Script(["", "", "", "", "+9", "32", "33", "draw", "1", "2", "2", "1", ""])
    runner = LessonRunner(console, lesson("thirty-three", "say-and-draw"), adapter, Progress(tmp_path))
    assert runner.run() == 2
    assert any("The new total is 33, not 32: 24 and your +9 make 33" in line and "rule 33.11" in line
               for line in console.shown)


def test_speed_middle_or_pile_lets_the_window_pass_and_draws_what_was_named():
    from tutor.games.speed import lesson as adapter

    state, seat = adapter.build({"hand": 1, "players": 3, "cycle": 1, "hands": [["QH", "QS", "9D"]],
                                 "piles": [["JC"], ["6C"], ["KH"]]})
    console = Script([])
    session = adapter.session(console, state, seat, random.Random(0), True)
    expected = adapter.parse_expect("pass", state, seat)
    answer = adapter.read_answer(session, "pile", expected)
    assert answer.kind == "window" and not answer.call
    assert adapter.judge(state, answer, expected).kind == "right"
    adapter.carry_out(session, answer, seat)
    assert state.hands[seat][-1].code == "KH"  # taken from the pile on the right
    state2, _ = adapter.build({"hand": 1, "players": 3, "hands": [["QH", "QS", "9D"]]})
    session2 = adapter.session(Script([]), state2, 0, random.Random(0), True)
    assert adapter.read_answer(session2, "wait", adapter.parse_expect("pass", state2, 0)) is None
    assert "Type \u201cmatch\u201d to call match, or \u201cmiddle\u201d or \u201cpile\u201d" in session2.console.shown[-1]


def test_the_toepen_hint_draws_cards_as_the_hand_does():
    from tutor.games.toepen import lesson as adapter

    state, _ = adapter.build({"dealer": 0, "hands": [["10H", "9C", "8S", "JD"], ["QH", "8C", "7D"],
                                                      ["KD", "QC", "JS"]], "trick": [[1, "KS"], [2, "AS"]]})
    from tutor import cardtext

    hint = adapter.hint_line(state, None)
    assert "{8S}" in hint and cardtext.problems(hint) == [] and "8\u2660" in cardtext.render(hint)
