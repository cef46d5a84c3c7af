"""Drills teach as a teacher would, in all four games: a wrong answer shows the right answer,
one reason in words and the rule's own text; an answer the rules forbid is explained and
asked again; every question says first what to type, in the learner's language."""

from __future__ import annotations

import random

import pytest
from helpers import Script

from tutor import i18n
from tutor.games.rulebook import find_clauses
from tutor.skills import game_drills
from tutor.trainer.commands import command_word

GAMES = {
    "thirty-three": "tutor.games.thirty_three",
    "three-thirteen": "tutor.games.three_thirteen",
    "speed": "tutor.games.speed",
    "toepen": "tutor.games.toepen",
}


@pytest.fixture(autouse=True)
def english():
    i18n.use("en")
    yield
    i18n.use("en")


def skill_of(game, skill_id):
    drills = game_drills(GAMES[game])
    return drills, next(s for s in drills.SKILLS if s.id == skill_id)


def clauses_of(game):
    import importlib

    return importlib.import_module(GAMES[game] + ".rules").CLAUSES


def rule_shown(shown, game, clause_id):
    """The clause's id and title line and the start of its text are on the screen."""
    (clause,) = find_clauses(clauses_of(game), clause_id)
    title = f"{clause.id} {i18n._(clause.title)}"
    text = i18n._(clause.text).split()[:4]
    return any(line.startswith(title) for line in shown) and " ".join(text) in " ".join(" ".join(shown).split())


# --------------------------------------------------------------------------- right and wrong answers


def answers_33(state, seat):
    """(best play typed, a weaker legal play typed, an illegal play typed or None)."""
    from tutor.games.thirty_three import coach

    found = coach.assess(state)
    best = coach.best_of(found)
    weaker = next(a for a in found if a.risk - best.risk > coach.TOLERANCE)

    def typed(play):
        return f"{play.card} {play.value:+d}" if play.card == "+-10" else (
            f"{play.card} {play.value}" if play.card == "1/11" else play.card)

    legal = {p.card for p in state.legal_plays()}
    illegal = next((c for c in state.hands[seat] if c not in legal), None)
    return typed(best.play), typed(weaker.play), illegal


def answers_tt(skill, state, seat):
    from tutor.games.three_thirteen import coach, solver

    if skill.id == "stock-or-discard":
        stock = coach.judge_draw(state, "stock").kind == "right"
        return ("stock", "pile") if stock else ("pile", "stock")
    if skill.id == "arrange":
        best = solver.solve(state.hands[seat], state.wild, state.rules)
        return (" | ".join(" ".join(c.code for c in m) for m in best.melds),
                " ".join(c.code for c in best.melds[0]))
    if skill.id == "spot-go-out":
        out = state.out_cards()[0]
        other = next(c for c in state.hands[seat] if c.code != out.code and c != state.taken)
        return "out " + out.code, other.code
    hand = state.hands[seat]
    verdicts = [(c, coach.judge_discard(state, c)) for c in hand if c != state.taken]
    right = next(c for c, v in verdicts if v.kind == "right")
    wrong = next(c for c, v in verdicts if v.kind == "weaker")
    return right.code, wrong.code


def answers_speed(skill, state, seat):
    from tutor.games.speed import coach

    if skill.id == "pile-or-middle":
        pile = coach.judge_draw(state, seat, "pile").kind == "right"
        return ("pile", "middle") if pile else ("middle", "pile")
    if skill.id == "spot-match":
        called = coach.judge_window(state, seat, called=True).kind == "right"
        return ("match", "") if called else ("", "match")
    hand = state.hands[seat]
    verdicts = [(c, coach.judge_discard(state, seat, c)) for c in hand]
    return (next(c for c, v in verdicts if v.kind == "right").code,
            next(c for c, v in verdicts if v.kind == "weaker").code)


def answers_toepen(skill, state, seat):
    from tutor.games.toepen import coach

    if skill.id == "stay-or-fold":
        stay = coach.judge_answer(state, seat, True).kind == "right"
        return ("stay", "fold") if stay else ("fold", "stay")
    if skill.id == "challenge":
        challenge = coach.judge_challenge(state, seat, True).kind == "right"
        return ("challenge", "pass") if challenge else ("pass", "challenge")
    verdicts = [(c, coach.judge_card(state, seat, c)) for c in state.playable(seat)]
    right = next(c for c, v in verdicts if v.kind == "right")
    wrong = next((c for c, v in verdicts if v.kind == "weaker"), None)
    return right.code, wrong.code if wrong else None


def first_position(game, skill_id, start, wanted=lambda state, seat: True):
    drills, skill = skill_of(game, skill_id)
    seed = start
    for _ in range(40):
        state, seat, seed = drills.exercise(skill, seed)
        if wanted(state, seat):
            return drills, skill, state, seat
    raise AssertionError(f"no position for {game} {skill_id}")


def run(drills, skill, state, seat, answers):
    console = Script(answers)
    kind = drills.ask(console, skill, state, seat, random.Random(1), True)
    return kind, console.shown


# (game, skill, expected clause of the wrong answer's rule, how to find answers)
WRONG = [
    ("thirty-three", "near-limit", "33.8"),
    ("thirty-three", "squeeze", "33.8"),
    ("three-thirteen", "best-discard", "TT."),
    ("three-thirteen", "stock-or-discard", "TT.5"),
    ("three-thirteen", "spot-go-out", "TT.8"),
    ("three-thirteen", "arrange", "TT.10"),
    ("speed", "pile-or-middle", "SPD.6"),
    ("speed", "pass-left", "SPD."),
    ("speed", "spot-match", "SPD."),
    ("toepen", "keep-winner", "TOE.5"),
    ("toepen", "stay-or-fold", "TOE.8"),
    ("toepen", "challenge", "TOE.4"),
]


def right_and_wrong(game, skill, state, seat):
    if game == "thirty-three":
        return answers_33(state, seat)[:2]
    if game == "three-thirteen":
        return answers_tt(skill, state, seat)
    if game == "speed":
        return answers_speed(skill, state, seat)
    return answers_toepen(skill, state, seat)


@pytest.mark.parametrize("game,skill_id,clause", WRONG, ids=[f"{g}-{s}" for g, s, _ in WRONG])
def test_a_wrong_answer_shows_the_right_answer_a_reason_and_the_rule(game, skill_id, clause):
    def has_wrong(state, seat):
        return right_and_wrong(game, skill, state, seat)[1] is not None

    drills, skill = skill_of(game, skill_id)
    drills, skill, state, seat = first_position(game, skill_id, 7_000, has_wrong)
    right, wrong = right_and_wrong(game, skill, state, seat)
    kind, shown = run(drills, skill, state, seat, [wrong])
    assert kind == "weaker"
    at = next(i for i, line in enumerate(shown) if line.startswith("The right answer: "))
    answer, reason = shown[at], shown[at + 1]
    words = {"pile": command_word("pile"), "stock": command_word("stock"), "middle": command_word("middle"),
             "": "Enter", "match": command_word("match")}
    expected = words[right] if right in words else right.split()[0 if game == "thirty-three" else -1]
    assert expected.replace("-", "\u2212") in answer or expected in answer, (expected, answer)
    assert len(reason.split()) >= 12  # a sentence in words, not a bare number
    rules = [line for line in shown[at + 1:] if not line.startswith(" ") and line.split()[0].startswith(clause)]
    assert rules, shown[at:]
    assert rule_shown(shown, game, rules[0].split()[0])


def test_a_toepen_card_that_does_not_follow_suit_is_explained_and_asked_again():
    drills, skill, state, seat = first_position("toepen", "follow-suit", 7_000)
    right, _ = answers_toepen(skill, state, seat)
    off = next(c.code for c in state.hands[seat] if c.suit != state.led_suit)
    kind, shown = run(drills, skill, state, seat, [off, right])
    assert kind == "illegal"  # rated as the illegal answer it was, no worse
    assert any("You must follow suit" in line and "(rule TOE.5)" in line for line in shown)
    assert rule_shown(shown, "toepen", "TOE.5")
    assert "That answer is against the rule above: try again." in shown
    assert shown[-1].startswith(("Good card", "The right answer")) or rule_shown(shown[-8:], "toepen", "TOE.5")


def test_a_33_play_over_the_limit_is_explained_and_asked_again():
    drills, skill, state, seat = first_position("thirty-three", "near-limit", 7_000,
                                                lambda s, p: answers_33(s, p)[2] is not None)
    right, _, illegal = answers_33(state, seat)
    kind, shown = run(drills, skill, state, seat, [illegal, right])
    assert kind == "illegal"
    assert any("above 33" in line and "(rule 33.7)" in line for line in shown)
    assert rule_shown(shown, "thirty-three", "33.7")
    assert "That answer is against the rule above: try again." in shown
    assert shown[-1] != "That answer is against the rule above: try again."  # the second answer was judged


def test_three_thirteen_the_card_just_taken_and_a_false_go_out_are_explained_and_asked_again():
    drills, skill, state, seat = first_position("three-thirteen", "best-discard", 7_000,
                                                lambda s, p: s.taken is not None)
    right, _ = answers_tt(skill, state, seat)
    lines = drills.position_lines(state, seat, __import__("tutor.trainer.table", fromlist=["Names"]).Names(
        state.players, seat), True)
    assert any("discard pile" in line and "TT.5" in line for line in lines)  # told before the question
    kind, shown = run(drills, skill, state, seat, [state.taken.code, "out " + right, right])
    assert kind == "illegal"
    assert any("(rule TT.5)" in line for line in shown) and rule_shown(shown, "three-thirteen", "TT.5")
    assert any("(rule TT.8)" in line for line in shown) and rule_shown(shown, "three-thirteen", "TT.8")
    assert shown.count("That answer is against the rule above: try again.") == 2


def test_a_group_that_is_no_meld_is_explained_and_asked_again():
    drills, skill, state, seat = first_position("three-thirteen", "arrange", 7_000)
    right, _ = answers_tt(skill, state, seat)
    hand = state.hands[seat]
    from tutor.games.three_thirteen import solver

    bad = next([a, b, c] for a in hand for b in hand for c in hand
               if len({id(a), id(b), id(c)}) == 3 and not solver.is_meld([a, b, c], state.wild, state.rules))
    kind, shown = run(drills, skill, state, seat, [" ".join(c.code for c in bad), right])
    assert kind == "illegal"
    assert any("is not a meld" in line for line in shown) and rule_shown(shown, "three-thirteen", "TT.6")


# --------------------------------------------------------------------------- what to type


ALL_SKILLS = [(game, s.id) for game, module in GAMES.items() for s in game_drills(module).SKILLS]


@pytest.mark.parametrize("lang", ["en", "lt"])
@pytest.mark.parametrize("game,skill_id", ALL_SKILLS, ids=[f"{g}-{s}" for g, s in ALL_SKILLS])
def test_every_drill_says_what_to_type_before_asking(game, skill_id, lang):
    from tutor.cardtext import typing_examples

    i18n.use(lang)
    drills, skill = skill_of(game, skill_id)
    state, seat, _ = drills.exercise(skill, 9_000)

    class Watch(Script):
        first_prompt_after = None

        def ask(self, prompt, choices=(), toolbar="", timeout=None):
            if self.first_prompt_after is None:
                self.first_prompt_after = list(self.shown)
            return super().ask(prompt, choices, toolbar, timeout)

    console = Watch(["hint"])
    with pytest.raises(Exception):  # the script ends: the drill leaves
        drills.ask(console, skill, state, seat, random.Random(1), True)
    how = console.first_prompt_after[-1]
    words = {"stock-or-discard": ("stock", "pile"), "pile-or-middle": ("middle", "pile"),
             "spot-match": ("match",), "spot-go-out": ("out",), "stay-or-fold": ("stay", "fold"),
             "challenge": ("challenge", "pass")}.get(skill_id)
    if words:
        assert all(command_word(w) in how for w in words), how
    elif game == "thirty-three":
        assert all(face in how for face in state.hands[seat]), how
    elif skill_id == "arrange":
        assert "3H 4H 5H | 7S 7D 7C" in how
    else:
        assert typing_examples() in how, how
    assert console.shown.count(how) >= 2  # `hint` says it again


@pytest.mark.parametrize("game,skill_id", [("thirty-three", "near-limit"), ("toepen", "follow-suit"),
                                           ("speed", "pass-left"), ("three-thirteen", "best-discard")])
def test_why_in_a_drill_says_what_it_means_here(game, skill_id):
    drills, skill = skill_of(game, skill_id)
    state, seat, _ = drills.exercise(skill, 9_000)
    console = Script(["why"])
    with pytest.raises(Exception):
        drills.ask(console, skill, state, seat, random.Random(1), True)
    assert "No bot has played yet." not in console.shown
    assert any(line.startswith("In a game, \u201cwhy\u201d tells why the bots played") for line in console.shown)


def test_the_33_question_asks_for_one_card():
    _, skill = skill_of("thirty-three", "near-limit")
    assert "which is best" not in skill.prompt and "Which card do you play?" in skill.prompt


def test_the_speed_table_shows_what_the_left_neighbour_took_from_the_pile():
    """A drill that says the left neighbour took a card from the learner's pile shows it taken,
    so an empty pile on the table agrees with the text."""
    from tutor.games.speed import coach
    from tutor.trainer.table import Names

    def fed(state, seat):
        return any(coach.judge_discard(state, seat, c).feeds == "took" for c in state.hands[seat])

    drills, skill, state, seat = first_position("speed", "pass-left", 1, fed)
    lines = drills.position_lines(state, seat, Names(state.players, seat), True)
    taken = state.took[state.left(seat)]
    assert any("has taken" in line and all(c.code in line for c in taken) for line in lines)
    card = next(c for c in state.hands[seat] if coach.judge_discard(state, seat, c).feeds == "took")
    taken_line = next(line for line in lines if "has taken" in line)
    kind, shown = run(drills, skill, state, seat, [card.code])
    for line in shown:
        if line.startswith("Your left neighbour took "):
            assert line.split()[4] in taken_line
