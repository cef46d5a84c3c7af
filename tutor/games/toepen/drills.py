"""Drill skills for Toepen: positions from seeded rubbers where the skill decides.

Each exercise deals a seeded rubber of three to five players (the learner at seat 0, the
bots a seeded mix of `easy` and `normal`, so knocks and throws happen) and lets the bots
play (`bots.play_step`, seat 0 played by a `normal` bot) until seat 0 faces the skill's
decision. A position is kept only when the decision matters, that is when the coach's
verdict differs between the choices:

- `follow-suit`: a trick under way; the learner holds the suit led and another suit too,
  so some cards are illegal (TOE.5).
- `keep-winner`: the learner's strongest card could be played now, and the coach judges
  playing it weaker than the best card: it should stay for the last trick.
- `stay-or-fold`: someone knocked; staying and folding get different verdicts (TOE.8).
- `challenge`: someone threw in their hand; challenging and passing get different verdicts
  (TOE.4), from what the learner holds and the thrower's dirty laundry earlier in the rubber
  (each bot has a seeded bluff habit, so some throw in weak hands often).

For `stay-or-fold` and `challenge` each seed also draws which answer should be right, so a
learner who always says the same word does not do well.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from tutor.games.toepen import bots, coach
from tutor.games.toepen.engine import Chance, Options, Phase, State, Throw, power
from tutor.i18n import N_, quoted
from tutor.skills import Skill
from tutor.trainer.cardnames import held_card
from tutor.trainer.commands import command_word, typed_word

SEAT = 0
#: How many bot decisions a deal may take before it gives up (a few hands of a rubber).
MAX_STEPS = 400


def keep_follow(state: State, seat: int) -> bool:
    led = state.led_suit
    hand = state.hands[seat]
    return led is not None and any(c.suit == led for c in hand) and any(c.suit != led for c in hand)


def keep_winner(state: State, seat: int) -> bool:
    hand = state.hands[seat]
    options = state.playable(seat)
    if state.tricks_done > 2 or len(options) < 2:
        return False
    keeper = max(hand, key=power)
    if keeper not in options:
        return False
    verdict = coach.judge_card(state, seat, keeper)
    return verdict.kind == "weaker" and verdict.best is not None and verdict.best != keeper


def keep_answer(state: State, seat: int) -> bool:
    return coach.judge_answer(state, seat, True).kind != coach.judge_answer(state, seat, False).kind


def keep_challenge(state: State, seat: int) -> bool:
    return coach.judge_challenge(state, seat, True).kind != coach.judge_challenge(state, seat, False).kind


SKILLS: tuple[Skill, ...] = (
    Skill("follow-suit", N_("Following suit"),
          N_("Which card do you play? Follow the suit led if you can."), Phase.PLAY, keep_follow),
    Skill("keep-winner", N_("Keeping the winner"),
          N_("Which card do you play, to keep the last trick in reach?"), Phase.PLAY, keep_winner),
    # The two-way skills ask with the trainer's own prompts, which name the knocker or thrower.
    Skill("stay-or-fold", N_("Stay or fold"), "", Phase.ANSWER, keep_answer),
    Skill("challenge", N_("Challenge or pass"), "", Phase.CHALLENGE, keep_challenge),
)


#: For the two-way skills: the answer that is right, so a seed asks for one or the other equally often.
RIGHT_ANSWER: dict[str, Callable[[State, int], bool]] = {
    "stay-or-fold": lambda state, seat: coach.judge_answer(state, seat, True).kind == "right",
    "challenge": lambda state, seat: coach.judge_challenge(state, seat, True).kind == "right",
}
#: How often a bot throws in a hand that holds a 7-10 (its bluff habit), one drawn per bot seat.
HABITS = (0.0, 0.0, 0.1, 0.3, 0.6)


def deal(seed: int, skill: Skill) -> tuple[State, int] | None:
    """Plays a seeded rubber until seat 0 faces the skill's decision and it matters; else None."""
    rng = random.Random(seed)
    players = rng.randint(3, 5)
    levels = ["normal"] + [rng.choice(("easy", "normal")) for _ in range(players - 1)]
    habits = [0.0] + [rng.choice(HABITS) for _ in range(players - 1)]
    want = rng.random() < 0.5
    state = State(players, Options(), Chance(rng))
    for _ in range(MAX_STEPS):
        if state.is_over:
            return None
        if state.current == SEAT and state.phase is skill.phase:
            if skill.phase is not Phase.PLAY or state.trick or skill.id == "keep-winner":
                if skill.keep(state, SEAT):
                    right = RIGHT_ANSWER.get(skill.id)
                    if right is None or right(state, SEAT) == want:
                        return state, SEAT
        p = state.current
        if state.phase is Phase.LAUNDRY and habits[p] and rng.random() < habits[p] and state.can(Throw(p)):
            state.apply(Throw(p))  # a bot's bluff (or an honest throw it would make anyway)
        else:
            bots.play_step(state, levels, rng)
    return None


def exercise(skill: Skill, first_seed: int, tries: int = 300) -> tuple[State, int, int] | None:
    for seed in range(first_seed, first_seed + tries):
        dealt = deal(seed, skill)
        if dealt is not None:
            return dealt[0], dealt[1], seed + 1
    return None


def history_lines(state: State, names: Any, ascii_only: bool = False) -> list[str]:
    """What the learner could know at the table: this hand's finished tricks, and for a
    challenge the thrower's dirty laundry earlier in the rubber."""
    from tutor.cardfaces import show_card
    from tutor.i18n import _, ngettext

    lines = []
    for number, (trick, winner) in enumerate(zip(state.tricks, state.trick_winners), 1):
        if not trick:
            continue
        cards = ", ".join(f"{names(s)} {show_card(c.code, ascii_only)}" for s, c in trick)
        params = {"number": number, "cards": cards, "player": names(winner)}
        if names.is_you(winner):
            lines.append(_("Trick %(number)d: %(cards)s; you took it.") % params)
        else:
            lines.append(_("Trick %(number)d: %(cards)s; %(player)s took it.") % params)
    thrower = state.thrower
    if state.phase is Phase.CHALLENGE and thrower is not None:
        hands = max(0, state.dealt[thrower] - 1)
        if hands:
            lines.append(ngettext(
                "Before this hand %(player)s was dealt %(count)d hand and threw in %(threw)d; caught bluffing: "
                "%(caught)d, shown honest: %(honest)d.",
                "Before this hand %(player)s was dealt %(count)d hands and threw in %(threw)d; caught bluffing: "
                "%(caught)d, shown honest: %(honest)d.", hands) % {
                "player": names(thrower), "count": hands, "threw": max(0, state.exchanges[thrower] - 1),
                "caught": state.bluffs_shown[thrower], "honest": state.honest_shown[thrower]})
    return lines


def how_to_type(skill: Skill) -> str:
    """What to type for the skill's answer, in the exact words."""
    from tutor.cardtext import typing_examples
    from tutor.i18n import _

    words = ANSWER_WORDS.get(skill.phase)
    if words is not None:
        return _("Type %(first)s or %(second)s.") % {"first": typed_word(words[0]), "second": typed_word(words[1])}
    return _("Type the card to play, like %(examples)s.") % {"examples": typing_examples()}


#: The two words a two-way skill takes.
ANSWER_WORDS = {Phase.ANSWER: ("stay", "fold"), Phase.CHALLENGE: ("challenge", "pass")}


def ask(console: Any, skill: Skill, state: State, seat: int, rng: random.Random, ascii_only: bool) -> str:
    """Shows the position, reads the learner's answer and judges it; the verdict's kind.

    A card that breaks TOE.5 is explained and asked again; a weaker answer gets the right
    one, the reason in words and the rule it rests on."""
    from tutor.games.drilling import DrillItem
    from tutor.games.toepen.narrate import (
        answer_verdict_line,
        card_verdict_line,
        challenge_verdict_line,
    )
    from tutor.games.toepen.session import ToepenSession
    from tutor.i18n import _
    from tutor.trainer.commands import command_of

    session = ToepenSession(console, state, "normal", rng, seat, ascii_only)
    for line in history_lines(state, session.names, ascii_only):
        console.show([("class:hint", line)])
    console.show(session.table())
    words = ANSWER_WORDS.get(skill.phase)
    if skill.phase is Phase.ANSWER:
        prompt = _("%(player)s raised the stake to %(stake)d: %(stay)s or %(fold)s?") % {
            "player": session.names(state.last_knocker), "stake": state.stake, "stay": typed_word("stay"),
            "fold": typed_word("fold")}
    elif skill.phase is Phase.CHALLENGE:
        prompt = _("%(player)s threw in their hand: %(pass)s or %(challenge)s?") % {
            "player": session.names(state.thrower), "pass": typed_word("pass"),
            "challenge": typed_word("challenge")}
    else:
        prompt = _(skill.prompt)
    knock = command_word("knock")  # a drill asks for a card only: no knock is offered
    item = DrillItem(console, session, _(skill.title), prompt, how_to_type(skill),
                     [w for w in session.choices() if w != knock])
    item.start()
    while True:
        text = item.read()
        parts = text.split()
        command = command_of(text)
        if words is not None:
            if command not in words:
                item.slip(_("%(text)s is neither %(first)s nor %(second)s.") % {
                    "text": quoted(text), "first": typed_word(words[0]),
                    "second": typed_word(words[1])})
                continue
            if skill.phase is Phase.ANSWER:
                verdict: Any = coach.judge_answer(state, seat, command == "stay")
                if verdict.kind == "right":
                    item.right([answer_verdict_line(verdict, ascii_only)])
                else:
                    explain_answer(item, verdict)
            else:
                verdict = coach.judge_challenge(state, seat, command == "challenge")
                if verdict.kind == "right":
                    item.right([challenge_verdict_line(verdict, session.names)])
                else:
                    explain_challenge(item, verdict, session.names)
            return item.kind(verdict.kind)
        card = held_card(state, " ".join(parts), seat)  # the notation, or the card in words
        if card is None:
            item.slip(_("%(text)s is not a card in your hand.") % {"text": quoted(text)})
            continue
        verdict = coach.judge_card(state, seat, card)
        if verdict.kind == "illegal":
            item.illegal(card_verdict_line(verdict, ascii_only), verdict.clause or "TOE.5")
            continue
        if verdict.kind == "right":
            item.right([card_verdict_line(verdict, ascii_only)])
        else:
            explain_card(item, verdict, ascii_only)
        return item.kind(verdict.kind)


def explain_card(item: Any, verdict: Any, ascii_only: bool) -> None:
    """A weaker card: the best one, and why the last trick decides (TOE.5)."""
    from tutor.cardfaces import show_card
    from tutor.games.drilling import right_answer_line
    from tutor.games.texts import percent_text
    from tutor.i18n import _

    params = {"card": show_card(verdict.card.code, ascii_only), "best": show_card(verdict.best.code, ascii_only),
              "chance": percent_text(verdict.chance or 0), "best_chance": percent_text(verdict.best_chance or 0)}
    if verdict.card == verdict.keeper:
        reason = _("%(card)s is your strongest card: kept to the end, it is the card most likely to take the last "
                   "trick, and the last trick wins the hand. Played now, it takes at most an early trick, which "
                   "wins nothing. You take the last trick about %(best_chance)s of the time after %(best)s, "
                   "about %(chance)s after %(card)s.") % params
    else:
        reason = _("After %(best)s the cards you keep are stronger for the last trick, the one that wins the "
                   "hand: you take it about %(best_chance)s of the time, after %(card)s only about "
                   "%(chance)s.") % params
    item.wrong(right_answer_line(params["best"]), reason, "TOE.5")


def explain_answer(item: Any, verdict: Any) -> None:
    """Stay or fold, the other way round (TOE.8): the points each costs."""
    from tutor.games.drilling import right_answer_line
    from tutor.games.texts import percent_text, points_text
    from tutor.i18n import _, ngettext

    params = {"chance": percent_text(verdict.chance), "stay": points_text(verdict.stay_cost),
              "fold": verdict.fold_cost, "stake": verdict.stake}
    stay = not verdict.stayed  # the right answer is the other one
    if verdict.danger:
        if stay:
            reason = _("Losing at a stake of %(stake)d would put you at the limit, but you take the last trick "
                       "about %(chance)s of the time: more often than not, staying wins the hand.") % params
        else:
            reason = ngettext("Losing at a stake of %(stake)d would put you at the limit, and you take the last "
                              "trick only about %(chance)s of the time: folding costs %(fold)d point and keeps you "
                              "in the rubber.",
                              "Losing at a stake of %(stake)d would put you at the limit, and you take the last "
                              "trick only about %(chance)s of the time: folding costs %(fold)d points and keeps "
                              "you in the rubber.", verdict.fold_cost) % params
    elif stay:
        reason = ngettext("You take the last trick about %(chance)s of the time, so staying is cheaper: it costs "
                          "%(stay)s on average, while folding costs %(fold)d point at once.",
                          "You take the last trick about %(chance)s of the time, so staying is cheaper: it costs "
                          "%(stay)s on average, while folding costs %(fold)d points at once.",
                          verdict.fold_cost) % params
    else:
        reason = ngettext("You take the last trick only about %(chance)s of the time, so staying is dearer: it "
                          "costs %(stay)s on average, while folding costs just %(fold)d point now.",
                          "You take the last trick only about %(chance)s of the time, so staying is dearer: it "
                          "costs %(stay)s on average, while folding costs just %(fold)d points now.",
                          verdict.fold_cost) % params
    item.wrong(right_answer_line(typed_word("stay" if stay else "fold")), reason, "TOE.8")


def explain_challenge(item: Any, verdict: Any, names: Any) -> None:
    """Challenge or pass, the other way round (TOE.4): how often the thrown hand is a bluff."""
    from tutor.games.drilling import right_answer_line
    from tutor.games.texts import percent_text
    from tutor.i18n import _

    params = {"chance": percent_text(verdict.bluff), "player": names(verdict.thrower)}
    if verdict.challenged:  # passing was right
        reason = _("The hand %(player)s threw in holds a 7, 8, 9 or 10 only about %(chance)s of the time: more "
                   "often it is honest, and then the challenger takes the penalty point.") % params
        word = typed_word("pass")
    else:
        reason = _("The hand %(player)s threw in holds a 7, 8, 9 or 10 about %(chance)s of the time: more often "
                   "than not it is a bluff, and a challenge makes the thrower take the penalty point.") % params
        word = typed_word("challenge")
    item.wrong(right_answer_line(word), reason, "TOE.4")
