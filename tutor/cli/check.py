"""`tutor check`: validates lesson files (YAML, positions on the engine, answers,
translations), and the one line that names a lesson file's problem, for `learn` too."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from tutor.cardtext import render, typing_examples
from tutor.cli.common import UserError
from tutor.games import texts
from tutor.i18n import _, ngettext, one_line, quoted

if TYPE_CHECKING:
    from tutor.lessons.model import LessonError


def lesson_error_line(err: LessonError) -> str:
    """`file:line:column: reason`, the reason in the learner's language, on one line."""
    messages = {
        "lesson_unreadable": _("the file cannot be read (%(reason)s)"),
        "lesson_not_a_file": _("this is not a regular file"),
        "lesson_file_too_big": _("the file is too big for a lesson (more than %(kb)d KB)"),
        "lesson_not_utf8": _("the file is not UTF-8 text"),
        "lesson_too_deep": _("the data is nested too deeply here"),
        "lesson_bad_number": _("the number %(number)s is too long"),
        "lesson_step_failed": _("the game cannot use this step (%(reason)s)"),
        "lesson_yaml": _("this is not valid YAML: %(problem)s"),
        "lesson_empty": _("the file is empty"),
        "lesson_card_code": _("%(field)s names a card as %(card)s: write cards in braces, like %(card_markup)s, "
                              "and ranks alone like %(rank_markup)s, so that they are drawn as on the table"),
        "lesson_translated_cards": _("%(field)s names other cards in the %(lang)s catalog "
                                     "(%(card)s)"),
        "lesson_too_big": _("the file is too big or nested too deeply"),
        "lesson_bad_tag": _("the YAML tag %(tag)s is not allowed in a lesson"),
        "lesson_bad_key": _("a key must be a plain word"),
        "lesson_not_mapping": _("a lesson must be a mapping of fields"),
        "lesson_bad_format": _("the lesson format must be lesson: %(expected)d"),
        "lesson_missing_field": _("the field %(field)s is missing or empty"),
        "lesson_bad_field": _("the field %(field)s has a value it cannot have"),
        "lesson_unknown_field": _("unknown field: %(field)s"),
        "lesson_bad_step": _("a step must be a mapping"),
        "lesson_step_kind": _("a step needs exactly one of %(kinds)s (found: %(found)s)"),
        "lesson_bad_answer": _("answer must be the number of a choice, 1 to %(count)d"),
        "lesson_unknown_game": _("unknown game %(game)s"),
        "lesson_wrong_folder": _("the lesson is for %(game)s, not for this folder's game"),
        "lesson_untranslated": _("%(field)s is not translated in the %(lang)s catalog"),
        "decide_without_position": _("a decision needs a position step before it"),
        "decide_not_your_turn": _("at this decision it is not the learner's turn"),
        "position_players": _("players must be 2 to 8 (rule %(clause)s)"),
        "position_bad_seat": _("seat and current must be seat numbers of this table"),
        "position_bad_options": _("options may set recycle, draw and forfeit only"),
        "position_bad_seed": _("seed must be a whole number"),
        "position_seed_over": _("with this seed the game is over before the learner's turn"),
        "position_hands_count": _("hands must list one hand for each of the %(players)d players"),
        "position_hand_size": _("every hand holds three cards (rule %(clause)s)"),
        "position_not_cards": _("this must be a list of cards"),
        "position_bad_card": _("%(card)s is not a card of 33"),
        "position_total": _("the total must be a whole number from %(low)d to %(high)d (rule %(clause)s)"),
        "position_too_many": _("%(count)d copies of %(card)s, but the deck holds %(deck)d (rule %(clause)s)"),
        "position_stuck": _("the player to move has no legal play, so the game is already over (rule %(clause)s)"),
        "position_round": _("round must be 1 to 11"),
        "position_bad_phase": _("phase must be draw or discard"),
        "position_hand_count": _("this hand must hold %(count)d cards (rule %(clause)s)"),
        "position_no_draw": _("the player about to draw needs a stock or a discard pile"),
        "position_too_many_tt": _("more copies of %(card)s than the decks hold (rule %(clause)s)"),
        "position_players_range": _("players must be %(low)d to %(high)d (rule %(clause)s)"),
        "position_hand_number": _("hand must be 1 to 11"),
        "position_phase_speed": _("phase must be match, draw or discard"),
        "position_matched": _("matched must list seats of this table, and not the learner's"),
        "expect_needs_value": _("%(card)s has two values: write the one expected, e.g. \"1/11 11\""),
        "expect_illegal": _("the expected play %(card)s is not legal here (rule %(clause)s)"),
        "position_toepen_card": _("%(card)s is not a Toepen card: 7, 8, 9, 10, {J}, {Q}, {K} or {A} of a suit "
                                  "(rule %(clause)s)"),
        "position_toepen_seat": _("seat %(player)s cannot be used here: it is not a seat of this table, or not "
                                  "one still in the hand"),
        "position_toepen_trick": _("the tricks do not fit: a trick is empty or complete, a seat plays twice, "
                                   "or nobody is left to play (rule %(clause)s)"),
        "position_toepen_options": _("options may set limit, end, customs and two only, with allowed values"),
        "position_not_a_card": _("%(card)s is not a card: write a rank and a suit, like %(examples)s")
        % {"card": "%(card)s", "examples": typing_examples(("10H", "QS", "AD"))},
        "position_tt_options": _("options must be Three Thirteen's options with allowed values (see tutor rules 3-13)"),
        "position_move": _("the move %(move)s cannot be made here (rule %(clause)s)"),
        "position_history": _("history entries need a seat, and hands, threw, caught and honest as whole "
                              "numbers with caught + honest at most threw, and threw at most hands"),
        # TRANSLATORS: "clause:" is a field of the lesson file: keep it as it is. So below.
        "lesson_no_clause": _("%(field)s cites no rule: give it a clause: with the rule it asks about"),
        "lesson_clause_unknown": _("%(clause)s is not a rule of this game"),
        "lesson_clause_untaught": _("%(field)s cites rule %(clause)s before any say step has taught it (in this "
                                    "lesson or an earlier one): put a say step with clause: %(clause)s before it"),
        "lesson_coach_untaught": _("%(field)s: the coach may cite rule %(clause)s here (answer %(answer)s), which "
                                   "no say step has taught yet: teach it in a say step with clause: %(clause)s "
                                   "before this decision"),
        "lesson_clause_uncited": _("clauses lists rule %(clause)s, but no step of this lesson cites it"),
        "lesson_clause_never_taught": _("rule %(clause)s is taught by no lesson of this game: list it in a "
                                        "lesson's clauses and teach it in a say step with clause: %(clause)s"),
        # TRANSLATORS: %(markup)s is how a lesson text writes the word, e.g. %(stock)s: keep it as it is.
        "lesson_word_unshown": _("%(field)s needs the word %(word)s, but neither its prompt nor a say step or "
                                 "prompt before it shows it: write %(markup)s there"),
        "lesson_translated_words": _("%(field)s names other command words in the %(lang)s catalog (%(word)s)"),
        # TRANSLATORS: "deal: new" and "deal: continue" are written in the lesson file: keep them as they are.
        "position_deal_missing": _("a position after the lesson's first must say deal: new (another deal, which "
                                   "the learner is told) or deal: continue (the same deal, later on)"),
        "position_continue_first": _("the lesson's first position has no deal before it to continue: write "
                                     "deal: new, or leave the field out"),
        "position_continue_table": _("deal: continue, but this is not the table before: the players, the "
                                     "learner's seat and the dealer stay the same in a deal"),
        "position_continue_round": _("deal: continue, but this is another round (in 3-13 Speed: another hand) "
                                     "than the one before"),
        "position_continue_pile": _("deal: continue, but this discard pile is not the one the lesson left, with "
                                    "the cards played since on top"),
        "position_continue_gone": _("deal: continue, but %(card)s has left a hand since the position before, "
                                    "so it must be on the discard pile or in another hand"),
        "position_continue_back": _("deal: continue, but %(card)s is in a hand that did not hold it before: "
                                    "nobody gets a card while the tricks are played"),
        # Positions that contradict the rules they teach (each game's lesson adapter).
        "position_toepen_leader": _("trick %(trick)d is led by seat %(player)d, but with seat %(dealer)d dealing "
                                    "seat %(expected)d leads it (rule %(clause)s)"),
        "position_tt_turns": _("after %(turns)d turns this round the discard pile holds %(least)d to %(most)d "
                               "cards, not %(count)d (rule %(clause)s)"),
        "position_tt_out": _("the seat that went out must show every card in melds (rule %(clause)s)"),
        "position_speed_matched": _("seat %(player)d is shown as matched, but its cards are not all in sets "
                                    "(rule %(clause)s)"),
        "position_speed_pile": _("after %(cycles)d cycles a pile holds at most %(most)d cards, not %(count)d "
                                 "(rule %(clause)s)"),
        "position_speed_first_piles": _("before the first draw every pile holds exactly its one card "
                                        "(rule %(clause)s)"),
        "position_33_total": _("the cards on the pile cannot add up to the total %(total)d without passing 33 "
                               "(rule %(clause)s)"),
        "position_33_dealer": _("with seat %(dealer)d dealing and %(plays)d cards played, seat %(expected)d "
                                "is to play, not seat %(player)d (rule %(clause)s)"),
        "expect_not_clear": _("the coach does not find %(card)s clearly right here: it must be judged right, "
                              "and the other choice weaker"),
        "expect_coach_weaker": _("the coach judges %(card)s weaker than %(better)s here: the expected answer "
                                 "must be one the coach judges right"),
    }
    if err.message == "play_on_endless":
        steps = err.params.get("steps", 0)
        messages[err.message] = ngettext("play does not come to an end within %(steps)d move",
                                         "play does not come to an end within %(steps)d moves", steps)
    text = messages.get(err.message, err.message)
    params = {k: one_line(v) if isinstance(v, str) else v for k, v in err.params.items()}
    params.setdefault("card_markup", "{KD}")
    params.setdefault("rank_markup", "{Q}")
    # The reason's own cards are drawn; the parameters (what the file says) are shown as written.
    text = texts.fill(render(text), params)
    return one_line(f"{err.path}:{err.line}:{err.column}: {text}")


def check_command(path: Path | None, translations: bool = True) -> int:
    from tutor.lessons.check import check_path
    from tutor.locate import data_dir
    from tutor.storedfile import path_kind_ok

    root = path or data_dir("lessons")
    shown = quoted(str(root), 200)
    if not root.exists():
        raise UserError(_("%(path)s does not exist.") % {"path": shown})
    if not root.is_dir() and not path_kind_ok(root):
        # /dev/zero, a FIFO: nothing to check, and reading it would never end.
        raise UserError(_("%(path)s is not a lesson file or a folder of lessons.") % {"path": shown})
    count, problems = check_path(root, translations)
    if count == 0:
        raise UserError(_("There are no lesson files in %(path)s.") % {"path": shown})
    for err in problems:
        print(lesson_error_line(err))
    summary = ngettext("%(count)d lesson file checked", "%(count)d lesson files checked", count) % {"count": count}
    if problems:
        result = ngettext("%(count)d problem.", "%(count)d problems.", len(problems)) % {"count": len(problems)}
    else:
        result = _("no problems.")
    # TRANSLATORS: the last line of tutor check: "3 lesson files checked: no problems."
    print(_("%(files)s: %(result)s") % {"files": summary, "result": result})
    return 1 if problems else 0
