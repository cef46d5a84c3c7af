"""The trainer as a learner meets it: prompt_toolkit with pipe input, and plain lines."""

from __future__ import annotations

import io
import random

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from tutor import i18n
from tutor.games.thirty_three import Chance, Options, State
from tutor.games.thirty_three import bots
from tutor.games.thirty_three.engine import Phase, Play
from tutor.games.thirty_three.session import PlaySession
from tutor.games.thirty_three.words import parse_card, resolve
from tutor.trainer.commands import command_of
from tutor.trainer.console import Leave, LineConsole, PromptConsole
from helpers import Script

pytestmark = pytest.mark.timeout(60)


def learner_inputs(seed, players=3, options=None, level="normal"):
    """The lines a learner types to play a whole game (first legal card, values asked), simulated."""
    rng = random.Random(seed)
    state = State(players, options or Options(), Chance(rng))
    lines = []
    while not state.is_over:
        if state.current == 0 and state.phase is Phase.PICK:
            pick = state.legal_actions()[0]
            lines.append(pick.card)
            state.apply(pick)
        elif state.current == 0:
            play = state.legal_plays()[0]
            lines.append(play.card)
            if play.card in ("1/11", "+-10"):
                lines.append(str(play.value))
            state.apply(play)
        else:
            state.apply(bots.choose(level, state, rng).action)
    return lines, state.loser


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_whole_game_through_prompt_toolkit_pipe_input(lang):
    i18n.use(lang)
    seed = 11
    lines, loser = learner_inputs(seed)
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text("".join(line + "\n" for line in lines))
        console = PromptConsole(color=False, input=pipe, output=DummyOutput())
        shown = []
        console.show = lambda fragments: shown.append(fragments if isinstance(fragments, str) else "".join(t for _, t in fragments))
        rng = random.Random(seed)
        state = State(3, Options(), Chance(rng))
        PlaySession(console, state, "normal", rng, learner=0).run()
    assert state.is_over and state.loser == loser
    assert any(i18n.ngettext("Game over after %(count)d play.", "Game over after %(count)d plays.", state.plays)
               % {"count": state.plays} in line for line in shown)


def test_ctrl_d_leaves_cleanly_through_pipe_input():
    with create_pipe_input() as pipe:
        pipe.send_text("help\nnonsense\n\x04")
        console = PromptConsole(color=True, input=pipe, output=DummyOutput())
        rng = random.Random(3)
        session = PlaySession(console, State(4, Options(), Chance(rng)), "easy", rng, learner=0)
        with pytest.raises(Leave) as left:
            session.run()
    assert left.value.reason == "eof"


@pytest.mark.parametrize("lang", ["en", "lt"])
def test_bad_input_gets_one_line_with_the_rule_and_the_prompt_again(lang):
    i18n.use(lang)
    rng = random.Random(5)
    state = State(4, Options(), Chance(rng))
    # Seed 5: bot 4 opens with +9; the learner holds +10, +-10 and -7.
    console = Script(["blah", "+5", "+10 11", "help", "-7"])
    session = PlaySession(console, state, "normal", rng, learner=0)
    with pytest.raises(Leave):
        session.run()
    errors = [s for s in console.shown if "33.5" in s]
    assert any(i18n._("You do not hold %(card)s.") % {"card": "+5"} in s for s in errors)
    assert state.plays >= 2 and "-7" in state.pile


def test_two_value_card_asks_which_value_and_checks_it():
    rng = random.Random(5)
    state = State(4, Options(), Chance(rng))
    console = Script(["+-10", "7", "-10"])  # a wrong value is refused, then -10 is played
    session = PlaySession(console, state, "normal", rng, learner=0)
    with pytest.raises(Leave):
        session.run()
    assert "+-10" in state.pile
    assert any("Type" in s for s in console.shown)


def test_over_the_limit_is_refused_with_clause_33_7():
    rng = random.Random(5)
    state = State(4, Options(), Chance(rng))
    state.total = 30
    state.hands[0] = ["+9", "0", "-3"]
    state.current = 0
    console = Script(["+9", "0"])
    session = PlaySession(console, state, "normal", rng, learner=0)
    assert session.act(session.learner_action()) is False  # refused by the engine
    assert any("33.7" in s and "39" in s for s in console.shown)
    assert session.act(session.learner_action()) is True
    assert state.pile[-1] == "0" and state.total == 30


def test_manual_draw_asks_for_the_total_and_corrects_it():
    rng = random.Random(5)
    state = State(4, Options(manual_draw=True), Chance(rng))
    console = Script(["-7", "5", "draw"])
    session = PlaySession(console, state, "normal", rng, learner=0)
    with pytest.raises(Leave):
        session.run()
    said = [s for s in console.shown if "33.11" in s]
    assert said and "2" in said[0]
    assert len(state.hands[0]) == 3


def test_plain_line_console_reads_lines_and_ends_on_eof():
    out = io.StringIO()
    console = LineConsole(io.StringIO("help\n"), out)
    assert console.ask("> ") == "help"
    with pytest.raises(Leave):
        console.ask("> ")


@pytest.mark.parametrize(
    ("lang", "text", "face", "value"),
    [
        ("en", "+7", "+7", None), ("en", "7", "+7", None), ("en", "−3", "-3", None), ("en", "±10", "+-10", None),
        ("en", "1/11 11", "1/11", 11), ("en", "+-10=-10", "+-10", -10), ("en", "plus 7", "+7", None),
        ("en", "zero", "0", None), ("lt", "nulis", "0", None), ("ru", "минус 3", "-3", None),
        ("de", "null", "0", None), ("fr", "zéro", "0", None), ("cs", "nula", "0", None), ("es", "cero", "0", None),
    ],
)
def test_cards_are_read_in_notation_and_in_words(lang, text, face, value):
    i18n.use(lang)
    parsed = parse_card(text)
    assert parsed is not None and (parsed.face, parsed.value) == (face, value)


def test_a_bare_value_names_the_two_value_card_in_hand():
    assert resolve(parse_card("11"), ["+3", "1/11"]) == ("1/11", 11)
    assert resolve(parse_card("-10"), ["+-10", "0"]) == ("+-10", -10)
    assert resolve(parse_card("11"), ["+3", "0"]) is None


def test_commands_in_the_learners_language_and_in_english():
    i18n.use("de")
    assert command_of("hilfe") == "help" and command_of("help") == "help" and command_of("?") == "help"
    assert command_of("+7") is None


def test_completion_offers_the_legal_plays_and_commands():
    rng = random.Random(5)
    state = State(4, Options(), Chance(rng))
    state.hands[0] = ["+9", "0", "-3"]
    state.total, state.current, state.phase = 30, 0, Phase.PLAY
    session = PlaySession(Script([]), state, "normal", rng, learner=0)
    choices = session.choices()
    assert "0" in choices and "-3" in choices and "+9" not in choices and "help" in choices
    assert Play("+9", 9) not in state.legal_plays()


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_forfeit_draw_at_the_trainer_shows_the_warning_and_ends_the_game(seed):
    options = Options(forfeit=True)
    lines, loser = learner_inputs(seed, options=options)
    rng = random.Random(seed)
    state = State(3, options, Chance(rng))
    console = Script(lines)
    PlaySession(console, state, "normal", rng, learner=0).run()
    assert state.is_over and state.loser == loser and len(state.picks) == 3
    from tutor.games.thirty_three.narrate import forfeit_warning

    assert console.shown.count(forfeit_warning()) == 1
    assert any("33.12" in line for line in console.shown)


def test_bots_alone_on_a_looping_deck_are_stopped_with_a_message(monkeypatch):
    # Flip-over recycling of a tiny deck can repeat for ever (33.9 has no end for it).
    deck = {"+5": 1, "+10": 2, "+9": 1, "1/11": 1, "+-10": 1, "0": 2}
    monkeypatch.setattr(PlaySession, "AUTO_PLAY_LIMIT", 300)
    rng = random.Random(0)
    state = State(2, Options(deck=deck), Chance(rng))
    console = Script([])
    assert PlaySession(console, state, "normal", rng, learner=None).run() == "stopped"
    assert not state.is_over and state.plays == 300
    assert "300" in console.shown[-1]


def test_long_lines_wrap_between_words_at_the_terminal_width():
    from tutor.trainer.console import plain, wrap_fragments

    text = ("  1. Žaisti gali nuo dviejų iki aštuonių žmonių, po vieną įprastą 52 kortų kaladę "
            "kiekvienai žaidėjų porai.\nK♦ Q♠")
    wrapped = wrap_fragments([("hint", text[:30]), ("card", text[30:])], 32)
    lines = plain(wrapped).split("\n")
    assert all(len(line) <= 32 for line in lines)
    assert " ".join(w for line in lines for w in line.split()) == " ".join(text.split())
    assert lines[1].startswith("  ") and not lines[1].startswith("   ")  # under the line's own indent
    assert lines[-1] == "K♦ Q♠"
    assert {style for style, _ in wrapped} == {"hint", "card"}
    assert plain(wrap_fragments([("", "Your discard: ")], 80)) == "Your discard: "  # a prompt keeps its space
    # A word whose styles change inside it (a card and its mark) is still one word.
    assert plain(wrap_fragments([("", "one two three fo"), ("x", "ur five")], 20)) == "one two three four\nfive"


def test_prompt_console_wraps_what_it_shows_to_the_output_width():
    from prompt_toolkit.data_structures import Size

    class Narrow(DummyOutput):
        def __init__(self):
            super().__init__()
            self.written = []

        def get_size(self):
            return Size(rows=20, columns=30)

        def write(self, data):
            self.written.append(data)

        write_raw = write

    out = Narrow()
    with create_pipe_input() as pipe:
        PromptConsole(color=False, input=pipe, output=out).show("one two three four five six seven eight nine ten")
    text = "".join(out.written).replace("\r", "")
    assert "one two three four five six\nseven eight nine ten" in text


LONG = "1" * 4301


@pytest.mark.parametrize("text", ["٣", "١١", "1_1", LONG, "+" + LONG, "-" + LONG, "1/" + LONG,
                                  "plus " + LONG, "plus٣", "+-10 " + LONG, "1/11=" + LONG, "Ⅻ", "٣٣"])
def test_odd_digits_and_long_numbers_are_no_card_in_33(text):
    assert parse_card(text) is None


def test_the_value_and_the_total_take_only_plain_numbers():
    rng = random.Random(5)
    state = State(4, Options(), Chance(rng))
    state.hands[0] = ["1/11", "0", "-3"]
    state.current = 0
    console = Script(["1/11", "١١", "1_1", LONG, "11"])  # the value: only the plain 11 is taken
    session = PlaySession(console, state, "normal", rng, learner=0)
    assert session.learner_action() == Play("1/11", 11)
    assert sum("Type \u201c+1\u201d or \u201c+11\u201d." in line for line in console.shown) == 3
    state = State(4, Options(manual_draw=True), Chance(rng))
    state.hands[0], state.current = ["-7", "0", "+2"], 0
    console = Script(["-7", "1_1", "²", LONG, "-" + LONG, "5", "draw"])
    session = PlaySession(console, state, "normal", rng, learner=0)
    with pytest.raises(Leave):
        session.run()
    assert sum("Type the total as a number." in line for line in console.shown) == 4


def test_a_prompt_that_times_out_is_erased_and_the_next_one_is_not():
    from tutor.trainer.console import TimeUp

    with create_pipe_input() as pipe:
        console = PromptConsole(color=False, input=pipe, output=DummyOutput())
        app = console.session.app
        erase_at_exit = []
        exit_app = app.exit

        def spy(*args, **kwargs):
            erase_at_exit.append(app.erase_when_done)
            return exit_app(*args, **kwargs)

        app.exit = spy
        with pytest.raises(TimeUp):
            console.ask("Knock? ", timeout=0.05)
        assert erase_at_exit == [True]  # the unanswered prompt's line is cleared as the app ends
        pipe.send_text("yes\n")
        assert console.ask("Again? ", timeout=5) == "yes"
        assert app.erase_when_done is False  # an answered prompt stays on the screen
