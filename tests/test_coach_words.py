"""The coach in play says the better play, why in words with the clause, and numbers only as
support; the rule it cites is at hand with `rules`; games end with standings (issue 15)."""

from __future__ import annotations

import random
import re

import pytest

from helpers import Scripted
from tutor import i18n
from tutor.cards import Card, parse_code
from tutor.games.base import Chance
from tutor.trainer.table import Names, standings_lines

CLAUSE = re.compile(r"\b(?:33|TT|SPD|TOE)\.\d+\b")


@pytest.fixture(autouse=True)
def english():
    i18n.use("en")
    yield
    i18n.use("en")


# --------------------------------------------------------------------------- the table: standings, rules


def test_standings_rank_fewest_first_and_equal_totals_share_a_rank():
    names = Names(4, 0)
    lines = standings_lines([15, 12, 15, 30], names)
    assert lines == ["  1. Bot 2: 12 points", "  2. You: 15 points", "  2. Bot 3: 15 points",
                     "  4. Bot 4: 30 points"]
    toepen = standings_lines([1, 10, 0], Names(3, 0), penalty=True, reached=[1])
    assert toepen == ["  1. Bot 3: 0 penalty points", "  2. You: 1 penalty point",
                      "  3. Bot 2: 10 penalty points, limit reached"]


def test_standings_lines_take_three_plural_forms_in_lithuanian():
    i18n.use("lt")
    lines = standings_lines([1, 2, 10], Names(3, None))
    assert all(str(n) in line for n, line in zip((1, 2, 10), lines))
    assert len({line.split(": ")[1].split()[1] for line in lines}) == 3  # 1 taškas, 2 taškai, 10 taškų


# --------------------------------------------------------------------------- 33


def state33(hand, total, players=3, manual=False):
    from tutor.games.thirty_three.deck import Options
    from tutor.games.thirty_three.engine import State

    state = State(players, Options(manual_draw=manual) if manual else Options(), Chance(random.Random(1)))
    state.hands[0] = list(hand)
    state.total = total
    state.current = 0
    return state


def session33(script, state, coach=True):
    from tutor.games.thirty_three.session import PlaySession

    console = Scripted(script)
    return PlaySession(console, state, "normal", random.Random(1), 0, True, None, coach=coach), console


def test_33_a_weaker_play_gets_the_better_play_a_reason_in_words_and_the_clause():
    from tutor.games.thirty_three import coach
    from tutor.games.thirty_three.engine import Play
    from tutor.games.thirty_three.narrate import coach_lines

    lines = coach_lines(coach.judge(state33(["+6", "-4", "+2"], 27), Play("-4", -4)), ascii_only=True)
    assert lines[0] == "Legal, but +6 is stronger than -4."
    assert lines[1] == ("+6 keeps your -4 for when the total nears 33: that card lowers or holds the total, "
                        "so you still have a play (33.8).")
    assert "%" not in lines[1] and "%" in lines[2]  # the reason in words first, the numbers after it
    high = coach_lines(coach.judge(state33(["+10", "-2", "+3"], 12), Play("+3", 3)), ascii_only=True)
    assert high[1] == "+10 gets a high card out of your hand while it still fits under 33; later it may not (33.7)."


def test_33_a_sound_play_gets_no_word_in_play():
    from tutor.games.thirty_three import coach
    from tutor.games.thirty_three.engine import Play
    from tutor.games.thirty_three.narrate import coach_lines

    assert coach_lines(coach.judge(state33(["+6", "-4", "+2"], 27), Play("+6", 6))) == []


def test_33_a_play_over_the_limit_is_refused_then_the_coach_names_one_that_fits():
    session, console = session33(["+9"], state33(["+9", "-3", "+2"], 30))
    session._played = True
    assert session.learner_action() is None
    text = console.text
    assert "+9 as +9 would take the total from 30 to 39, above 33. (rule 33.7)" in text
    assert re.search(r"Coach: Play (\+2|-3) instead: it takes the total to (32|27), and no play may take it over 33 "
                     r"\(33\.7\)\.", text)


def test_33_rules_after_a_verdict_shows_the_clause_it_cited_then_the_hand_again_then_all_rules():
    state = state33(["+6", "-4", "+2"], 27)
    session, console = session33(["-4"], state)
    assert session.learner_action() is not None  # the coach has spoken; the learner asks for the rule
    mark = len(console.lines)
    session.handle_command("rules")
    shown = console.lines[mark:]
    assert shown[0].startswith("33.8 ")  # the clause the verdict cited, and no other
    assert not any(line.startswith(("33.1 ", "33.7 ")) for line in shown)
    assert any("Type rules again for all the rules." in line for line in shown)
    assert any("Your hand:" in line for line in shown)  # then what the learner decides on, again
    mark = len(console.lines)
    session.handle_command("rules")
    assert sum(bool(re.match(r"33\.\d+ ", line)) for line in console.lines[mark:]) == 12


def test_33_a_verdict_is_no_longer_cited_after_a_later_decision_without_one():
    session, _ = session33([], state33(["+6", "-4", "+2"], 27))
    session.coach_says("It keeps a card (33.8).")
    session.decided()
    assert session.cited == ["33.8"]
    session.decided()  # the next decision, with no verdict
    assert session.cited == []


def test_33_the_first_move_says_how_a_card_is_typed_with_cards_of_the_hand():
    session, console = session33(["+6"], state33(["+6", "1/11", "+2"], 10), coach=False)
    session.act(session.learner_action())
    assert console.prompts[0] == "Play a card, like +6 or 1/11 11: "
    assert session._played


def test_33_manual_draw_does_not_say_the_total_before_the_learner_does():
    from tutor.games.thirty_three.engine import Phase

    state = state33(["+6", "-4", "+2"], 20, manual=True)
    session, console = session33(["+6"], state, coach=False)
    session.act(session.learner_action())
    assert state.phase is Phase.SAY
    assert "You play +6." in console.text and "26" not in console.text


def test_33_the_end_names_the_loser_and_the_winners():
    from tutor.games.thirty_three.narrate import result_line

    assert result_line(2, "33.8", 4, Names(4, 0)) == "Bot 3 lost (33.8): you win, and so do Bot 2 and Bot 4."
    assert result_line(1, "33.8", 2, Names(2, 0)) == "Bot 2 lost (33.8): you win."
    assert result_line(0, "33.10", 3, Names(3, 0)) == "You lost (33.10): Bot 2 and Bot 3 win."
    assert result_line(1, "33.8", 2, Names(2, None)) == "Player 2 lost (33.8): Player 1 wins."


# --------------------------------------------------------------------------- Three Thirteen


def cards(text, copy=0):
    return [Card(*parse_code(c), copy) for c in text.split()]  # type: ignore[misc]


def tt(hand, discard, round_=2, stock="2C 2C 2C 2C 2C 2C"):
    from tutor.games.three_thirteen.engine import Options, Phase, State

    state = State(2, Options(), Chance(random.Random(0)))
    state.round = round_
    state.hands = [cards(hand), cards("KS KS KS KS", 5)[: round_ + 2]]
    state.stock = cards(stock, 7)
    state.discard = cards(discard, 7)
    state.current, state.dealer, state.phase = 0, 1, Phase.DRAW
    state.taken, state.turn, state.out, state.last_turns, state.log = None, 3, None, 0, []
    return state


def test_tt_a_stock_draw_when_the_top_discard_makes_a_meld_names_it_and_tt_6():
    from tutor.games.three_thirteen import coach
    from tutor.games.three_thirteen.narrate import draw_verdict_lines

    verdict = coach.judge_draw(tt("7H 8H QS KC", "9H"), "stock")
    lines = draw_verdict_lines(verdict, ascii_only=True)
    assert verdict.kind == "weaker"
    assert lines[:2] == ["Better: take 9H from the discard pile.", "9H makes a meld with 7H 8H (TT.6)."]
    assert lines[2].startswith("Points left in your best hand:")


def test_tt_a_pile_draw_of_a_card_that_fits_nothing_cites_tt_5_for_a_pile_draw_only():
    from tutor.games.three_thirteen import coach
    from tutor.games.three_thirteen.narrate import draw_verdict_lines

    verdict = coach.judge_draw(tt("7H 8H 9H KC", "QD", round_=2, stock="AC AC AC AC AC AC"), "discard")
    lines = draw_verdict_lines(verdict, ascii_only=True)
    assert verdict.kind == "weaker" and lines[0] == "Better: draw from the stock."
    assert "may not go straight back this turn (TT.5)" in lines[1]


def test_tt_after_a_stock_draw_the_coach_never_says_the_pile_card_must_stay():
    from tutor.games.three_thirteen import coach
    from tutor.games.three_thirteen.engine import Draw
    from tutor.games.three_thirteen.narrate import discard_verdict_lines

    state = tt("7H 8H 9H QS", "2D", stock="KD JS 2C KC")
    state.apply(Draw("stock"))  # KC from the stock
    for card in list(state.hands[0]):
        for line in discard_verdict_lines(coach.judge_discard(state, card), ascii_only=True):
            assert "TT.5" not in line and "must stay" not in line and "taken from the discard pile" not in line


def test_tt_after_a_pile_draw_the_coach_says_the_card_taken_must_stay_when_it_would_go_best():
    from tutor.games.three_thirteen import coach
    from tutor.games.three_thirteen.engine import Draw
    from tutor.games.three_thirteen.narrate import discard_verdict_lines

    state = tt("7H 8H 9H 2S", "KD")
    state.apply(Draw("discard"))  # the king fits nothing, yet it may not go straight back
    lines = discard_verdict_lines(coach.judge_discard(state, state.hands[0][0]), ascii_only=True)
    assert "KD would be the best card to let go, but it was just taken from the discard pile and must stay this " \
           "turn (TT.5)." in lines


def test_tt_a_weaker_discard_says_which_card_to_keep_and_why():
    from tutor.games.three_thirteen import coach
    from tutor.games.three_thirteen.engine import Draw
    from tutor.games.three_thirteen.narrate import discard_verdict_lines

    state = tt("7H 8H 9H QS", "2D", stock="2C 2C 2C 3C")
    state.apply(Draw("stock"))  # 3C
    seven = next(c for c in state.hands[0] if c.code == "7H")
    lines = discard_verdict_lines(coach.judge_discard(state, seven), ascii_only=True)
    assert lines[0] == "Discarding QS would leave 3 points instead of 30."
    assert lines[1] == "Keep 7H: with 8H 9H it makes a meld, and cards in melds count nothing (TT.10)."
    three = next(c for c in state.hands[0] if c.code == "3C")
    lines = discard_verdict_lines(coach.judge_discard(state, three), ascii_only=True)
    assert lines[1] == "Neither card is in a meld, so let the one that counts more go: QS counts 10 points, 3C 3 (TT.10)."


def test_tt_a_refused_discard_is_followed_by_the_card_to_discard():
    from tutor.games.three_thirteen.engine import Draw
    from tutor.games.three_thirteen.session import TTSession

    state = tt("7H 8H 9H 2S", "KD")
    state.apply(Draw("discard"))
    console = Scripted(["KD"])
    session = TTSession(console, state, "normal", random.Random(0), 0, True, None, coach=True)
    assert session.learner_action() is None
    assert "(rule TT.5)" in console.text
    assert "Coach: Discard 2S instead: it leaves 10 points in your hand, the fewest of the cards you may discard " \
           "now (TT.10)." in console.text
    assert session.cited == ["TT.10"]


def test_tt_rounds_and_the_game_end_with_a_standings_table():
    from tutor.games.three_thirteen.session import TTSession

    console = Scripted()
    state = tt("7H 8H 9H QS", "2D")
    session = TTSession(console, state, "normal", random.Random(0), 0, True, None)
    session.emit([{"event": "round_end", "round": 2, "penalties": [10, 0], "totals": [12, 3],
                   "arrangements": [{"melds": [], "deadwood": ["QS"]}, {"melds": [], "deadwood": []}]}])
    assert console.lines[-3:] == ["Standings after round 2 of 11:", "  1. Bot 2: 3 points", "  2. You: 12 points"]
    session.emit([{"event": "game_over", "totals": [40, 40], "winners": [0, 1]}])
    assert console.lines[-4:] == ["You and Bot 2 share the win with 40 points each (TT.11).", "Final standings:",
                                  "  1. You: 40 points", "  1. Bot 2: 40 points"]


# --------------------------------------------------------------------------- 3-13 Speed


def test_speed_equal_as_printed_is_as_good_as_never_better():
    from tutor.games.speed.coach import DrawVerdict
    from tutor.games.speed.narrate import draw_verdict_lines

    card = Card(12, "C")
    even = DrawVerdict("weaker", "middle", card, 14, 8, 8.04)
    lines = draw_verdict_lines(even, ascii_only=True)
    assert lines[0] == "Taking QC from the pile was as good as the middle on average, and it is a sure card."
    assert not any("better" in line.lower() for line in lines)
    back = DrawVerdict("weaker", "pile", card, 14, 8, 8.0)
    assert draw_verdict_lines(back, ascii_only=True)[0] == "Drawing from the middle was as good as taking QC, on average."
    apart = DrawVerdict("weaker", "middle", card, 14, 7, 8.0, meld=("QH", "QS"))
    assert draw_verdict_lines(apart, ascii_only=True)[:2] == ["Better: take QC from the pile on your right.",
                                                              "QC makes a set with QH QS (SPD.4)."]


def test_speed_the_coach_says_the_card_just_taken_may_be_discarded():
    from tutor.games.speed.coach import DiscardVerdict, DrawVerdict
    from tutor.games.speed.narrate import discard_verdict_lines, draw_verdict_lines

    useless = DrawVerdict("weaker", "pile", Card(9, "C"), 14, 18, 14.5)
    lines = draw_verdict_lines(useless, ascii_only=True)
    assert lines[0] == "Better: draw from the middle."
    assert "discarding the card you just took is allowed (SPD.6)." in lines[2]
    drawn = Card(13, "D")
    kept = DiscardVerdict("weaker", Card(2, "S"), 12, drawn, 4, None, None, False, points=2, best_points=10,
                          drawn=drawn)
    assert discard_verdict_lines(kept, ascii_only=True)[1] == (
        "KD, the card you just drew, fits none of your sets, and you may discard it at once: that is allowed (SPD.6).")
    back = DiscardVerdict("right", drawn, 4, drawn, 4, None, None, False, drawn=drawn)
    assert "Discarding the card you just drew is allowed (SPD.6)." in discard_verdict_lines(back, ascii_only=True)


def speed_position(hands, piles, players=3, hand=1):
    from tutor.games.speed.engine import State

    state = State(players, Chance(random.Random(0)), first_hand=hand)
    used: dict[str, int] = {}

    def take(code):
        used[code] = used.get(code, 0) + 1
        return Card(*parse_code(code), used[code])  # type: ignore[misc]

    state.hands = [[take(c) for c in h] for h in hands]
    state.piles = [[take(c) for c in p] for p in piles]
    named = {c for h in state.hands + state.piles for c in h}
    state.middle = [c for c in state.deck if c not in named]
    return state


def test_speed_a_draw_typed_in_a_window_that_closes_with_a_bots_match_is_carried_on():
    from tutor.games.speed.engine import Draw, Phase
    from tutor.games.speed.session import SpeedSession

    state = speed_position([["KH", "9C", "5D"], ["7H", "7S", "7C"], ["QS", "JD", "2C"]], [["AS"], ["4D"], ["8C"]])
    console = Scripted(["middle"])
    session = SpeedSession(console, state, "normal", random.Random(0), 0, True, None, coach=False)
    actions = session.learner_actions()
    assert state.last_cycle and state.phase is Phase.DRAW
    assert "Bot 2 calls match" in console.text
    assert "Match was called: this is the last cycle. Your draw from the middle stands." in console.text
    assert actions == [Draw(0, "middle")]


def test_speed_with_a_clock_the_prompt_says_the_seconds():
    from tutor.games.speed.session import SpeedSession

    state = speed_position([["KH", "9C", "5D"], ["QH", "8S", "3C"], ["QS", "JD", "2C"]], [["AS"], ["4D"], ["8C"]])
    console = Scripted(["middle"])
    session = SpeedSession(console, state, "normal", random.Random(0), 0, True, None, coach=False, clock=20)
    session.learner_actions()
    assert console.prompts[0].startswith("[20 seconds] Call \u201cmatch\u201d, or draw")


def test_speed_hands_end_with_standings():
    from tutor.games.speed.session import SpeedSession

    state = speed_position([["KH", "9C", "5D"], ["QH", "8S", "3C"], ["QS", "JD", "2C"]], [["AS"], ["4D"], ["8C"]])
    console = Scripted()
    session = SpeedSession(console, state, "normal", random.Random(0), 0, True, None)
    arrangement = {"melds": [], "deadwood": []}
    session.emit([{"event": "hand_end", "hand": 1, "matched": [1], "penalties": [5, 0, 5], "totals": [5, 0, 5],
                   "arrangements": [arrangement] * 3}])
    assert console.lines[-4:] == ["Standings after hand 1 of 11:", "  1. Bot 2: 0 points", "  2. You: 5 points",
                                  "  2. Bot 3: 5 points"]


# --------------------------------------------------------------------------- Toepen


def toepen(hands, **kw):
    from tutor.games.toepen.engine import State

    return State.from_position(hands, **kw)


def test_toepen_playing_the_top_card_of_its_suit_early_keeps_it_and_says_why_never_of_knocking():
    from tutor.games.toepen import coach
    from tutor.games.toepen.engine import card_from_code
    from tutor.games.toepen.narrate import card_verdict_line

    # (With two tricks left and 10H JC, leading 10H is only 5 points worse, within the coach's margin:
    # three tricks left make the difference clear, issue 16.)
    state = toepen(["10H 9H 7C", "7H 8C 8S", "KH QC JS", "AH AC AS"], dealer=3, tricks_done=1, leader=0)
    line = card_verdict_line(coach.judge_card(state, 0, card_from_code("10H")), ascii_only=True)
    assert line.startswith("Keep 10H for the last trick and play 7C now: 10H is the highest card left in its suit, "
                           "and whoever takes the last trick wins the hand (TOE.5). You take the last trick about")
    assert "knock" not in line.lower()


def test_toepen_a_card_that_takes_the_trick_when_the_learner_plays_last():
    from tutor.games.toepen.coach import CardVerdict
    from tutor.games.toepen.narrate import card_verdict_line

    c = Card
    verdict = CardVerdict("weaker", c(7, "S"), 0.2, c(9, "S"), 0.6, c(9, "S"), trick_high=c(8, "S"), plays_last=True)
    assert card_verdict_line(verdict, True).startswith("9S was better: it takes this trick, so you lead the next one "
                                                        "(TOE.5).")
    duck = CardVerdict("weaker", c(9, "S"), 0.2, c(7, "S"), 0.6, c(10, "H"), trick_high=c(8, "S"), plays_last=True)
    assert card_verdict_line(duck, True).startswith("7S was better: it lets this trick go and keeps your stronger "
                                                     "cards for the last trick (TOE.5).")


@pytest.mark.parametrize("lang", ["en", "lt", "de", "fr", "es", "ru", "cs", "nb"])
def test_toepen_keeping_the_strongest_card_names_it_not_the_card_to_play_now(lang):
    # Seed 2's first trick: the learner played 9H, its strongest card in Toepen's order, where AD
    # was better. "Play AD now: it is your strongest card" read as if AD were the strongest.
    from tutor.games.toepen.coach import CardVerdict
    from tutor.games.toepen.narrate import card_verdict_line, show_card

    i18n.use(lang)
    c = Card
    verdict = CardVerdict("weaker", c(9, "H"), 0.07, c(1, "D"), 0.27, c(9, "H"))
    line = card_verdict_line(verdict, True)
    reason = line.split("(TOE.5)")[0]
    kept, now = show_card("9H", True), show_card("AD", True)
    assert reason.count(kept) == 2 and reason.count(now) == 1
    # the card named after the colon is the kept one
    assert kept in reason.split(now, 1)[1]
    if lang == "en":
        assert reason.startswith("Keep 9H for the last trick and play AD now: 9H is your strongest card, ")
    else:
        assert not reason.startswith("Keep")


def test_toepen_a_missed_knock_names_the_card_that_makes_the_hand_strong():
    from tutor.games.toepen import coach
    from tutor.games.toepen.narrate import knock_verdict_line

    sure = toepen(["10H", "7H", "KH", "AH"], dealer=3, tricks_done=3, leader=0)
    verdict = coach.judge_knock(sure, 0, False)
    assert verdict.kind == "weaker"
    assert knock_verdict_line(verdict, True).startswith(
        "You could have knocked: 10H is the highest card left in its suit, so the last trick is likely yours, and a "
        "knock makes the others pay 2 (TOE.7).")


def test_toepen_the_rubber_names_its_winners_and_the_table_comes_before_the_next_deal():
    from tutor.games.toepen.narrate import event_line

    over = {"event": "game_over", "hands": 5, "totals": [4, 10, 2, 7], "losers": [1], "winners": [0, 2, 3]}
    line = event_line(over, Names(4, 0))
    assert "You stayed below the limit and win the rubber, and so do Bot 3 and Bot 4 (TOE.2)." in line
    line = event_line({**over, "winners": [2, 3]}, Names(4, 0))
    assert "Bot 3 and Bot 4 stayed below the limit and win the rubber (TOE.2)." in line


def test_toepen_hand_standings_come_before_the_next_deal_and_the_pause_says_it_goes_on_by_itself():
    from tutor.games.toepen.session import ToepenSession

    console = Scripted([""])
    state = toepen(["10H 10S 10C 10D", "7H 7S 7C 7D", "8H 8S 8C 8D", "9H 9S 9C 9D"], dealer=0)
    session = ToepenSession(console, state, "normal", random.Random(0), 0, True, None)
    session.emit([{"event": "hand_end", "hand": 1, "winner": 0, "stake": 1, "all_folded": False,
                   "penalties": [0, 1, 1, 1], "totals": [0, 1, 1, 1]},
                  {"event": "deal", "hand": 2, "dealer": 0}])
    heading = console.lines.index("Penalty points after hand 1 (limit 10):")
    assert console.lines[heading + 1] == "  1. You: 0 penalty points"
    assert console.lines[-1].startswith("Hand 2: you deal")
    session.offer_knock()
    assert "with no answer, play goes on by itself after 2.5 seconds:" in console.prompts[-1]


# --------------------------------------------------------------------------- every language


@pytest.mark.parametrize("lang", ["lt", "ru", "cs", "de", "fr", "es", "nb"])
def test_the_new_coach_words_are_translated(lang):
    from tutor.games.thirty_three import coach
    from tutor.games.thirty_three.engine import Play
    from tutor.games.thirty_three.narrate import coach_lines

    i18n.use("en")
    english = coach_lines(coach.judge(state33(["+6", "-4", "+2"], 27), Play("-4", -4)), ascii_only=True)
    i18n.use(lang)
    lines = coach_lines(coach.judge(state33(["+6", "-4", "+2"], 27), Play("-4", -4)), ascii_only=True)
    assert all(a != b for a, b in zip(english, lines))
    assert CLAUSE.findall(lines[1]) == ["33.8"]
