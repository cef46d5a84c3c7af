"""A rubber of Toepen at the trainer: the learner at seat 0 against bots.

At each of their decisions the learner types a card (`10H`, `10♥`, `qs`) or `knock` while
the tricks are played; `stay` or `fold` after a knock or a poverty; `throw` or `keep` in
the dirty laundry; `challenge` or `pass` when someone threw in a hand.

Knocking "at any moment" (TOE.7): before each bot card, while the learner may knock, the
trainer pauses with a short prompt: Enter goes on, `knock` (or the F3 key in a terminal)
knocks before that card, and with no answer the bot plays after KNOCK_PACE seconds, as at a
table that does not wait. Piped input answers the same prompt with a line, so scripts and
the terminal work alike. Bots knock at the same moments, asked in turn from the player to
act's left (as `bots.play_step` does), once per moment.

With the coach on, every decision of the learner is judged (`coach`), and a weaker or
illegal one is explained in one line with the odds the coach used.
"""

from __future__ import annotations

from typing import Any

from tutor.cardfaces import SUIT_ORDER, card_style, hand_fragments, show_card, typed_card
from tutor.cards import Card
from tutor.cardtext import typing_examples
from tutor.games.base import Event, IllegalAction
from tutor.games.remark import Remark
from tutor.games.toepen import bots, coach
from tutor.games.toepen.engine import (
    COMMAND_MOVES,
    Knock,
    Phase,
    Play,
    View,
    card_from_code,
    power,
)
from tutor.games.toepen.narrate import (
    answer_verdict_line,
    card_verdict_line,
    challenge_verdict_line,
    event_line,
    illegal_line,
    knock_verdict_line,
    laundry_verdict_line,
    remark_line,
)
from tutor.games.toepen.rules import CLAUSES
from tutor.i18n import _, quoted
from tutor.trainer.cardnames import faces_hint, read_card, words_hint
from tutor.trainer.commands import command_of, command_word, split_command, typed_word
from tutor.trainer.console import Fragments, TimeUp
from tutor.trainer.table import TableSession, go_on_line, seconds_text

#: The key that knocks at a prompt in a terminal (piped input types the word).
KNOCK_KEY = "f3"
#: Seconds the learner has to knock before a bot's card; then the bot plays (Enter goes on at once).
KNOCK_PACE = 2.5


class ToepenSession(TableSession):
    clauses = CLAUSES

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._shown: tuple[Any, ...] | None = None  # the table is shown once per moment
        self._bots_asked: tuple[Any, ...] | None = None  # bots were asked to knock at this moment
        self._offered: tuple[Any, ...] | None = None  # the learner was offered a knock at this moment
        self._bind_knock_key()

    def _bind_knock_key(self) -> None:
        """In a terminal (PromptConsole), F3 types and submits `knock`."""
        session = getattr(self.console, "session", None)
        bindings = getattr(session, "key_bindings", None)
        if bindings is None or not hasattr(bindings, "add"):
            return
        from tutor.trainer.console import _submit

        try:
            bindings.add(KNOCK_KEY)(_submit(command_word("knock")))
        except Exception:  # pragma: no cover - a console without key bindings simply has no key
            pass

    # ----------------------------------------------------------------- events

    def event_line(self, event: Event) -> str | None:
        return event_line(event, self.names, self.ascii, reveal=self.learner is None)

    def emit(self, events: list[Event]) -> None:
        s = self.state
        for event in events:  # one by one: a hand's standings come before the next deal
            super().emit([event])
            if event["event"] == "hand_end" and not s.is_over:
                heading = _("Penalty points after hand %(hand)d (limit %(limit)d):") % {
                    "hand": event["hand"], "limit": s.limit}
            elif event["event"] == "game_over":
                heading = _("Final standings:")
            else:
                continue
            # Fewest penalty points first (TOE.2); whoever reached the limit is marked.
            self.show_standings(heading, event["totals"], penalty=True, reached=s.losers)

    def show_position(self) -> None:
        if self.learner is not None and self.state.current_player == self.learner:
            self.console.show(self.table())

    def illegal_line(self, err: IllegalAction) -> str:
        return illegal_line(err, self.ascii, self.names)

    def remark_line(self, remark: Remark) -> str:
        return remark_line(remark, self.ascii)

    def bot_remark(self, seat: int, action: Any, view: View) -> Remark:
        return bots.remark(self.level, action, seat, view)

    def moment(self) -> tuple[Any, ...]:
        s = self.state
        return (s.hand_number, s.phase, s.tricks_done, len(s.trick), s.stake, s.current_player, tuple(s.in_hand))

    # ----------------------------------------------------------------- table

    def sorted_hand(self, seat: int) -> list[Card]:
        return sorted(self.state.hands[seat], key=lambda c: (SUIT_ORDER[c.suit], -power(c)))

    def hand_fragments(self, seat: int) -> Fragments:
        return hand_fragments(self.sorted_hand(seat), self.ascii)

    def table(self) -> Fragments:
        s = self.state
        seat = self.learner
        assert seat is not None
        # With the trick still empty, whoever is to act leads: a folded leader passes the lead on (TOE.10).
        leader = s.trick[0][0] if s.trick else (s.current_player if s.phase is Phase.PLAY else s.leader)
        frags: Fragments = [
            ("", "\n"),
            ("class:title", _("Hand %(hand)d · stake %(stake)d · trick %(trick)d of 4") % {
                "hand": s.hand_number, "stake": s.stake, "trick": min(4, s.tricks_done + 1)}),
            ("", "  ·  " + _("dealer: %(player)s") % {"player": self.names(s.dealer)} + "\n"),
        ]
        marks = []
        for q in range(s.players):
            text = f"{self.names(q)} {s.points[q]}"
            if not s.active[q]:
                text += " " + _("(out)")
            elif not s.in_hand[q]:
                text += " " + _("(folded)")
            marks.append(text)
        frags.append(("", _("Penalty points (limit %(limit)d): %(points)s") % {
            "limit": s.limit, "points": " · ".join(marks)} + "\n"))
        if s.trick:
            frags.append(("", _("Trick so far:") + " "))
            for q, card in s.trick:
                frags += [("", self.names(q) + " "), (card_style(card.code), show_card(card.code, self.ascii)),
                          ("", "  ")]
            frags.append(("", "\n"))
        elif s.phase is Phase.PLAY:  # a new trick: who leads it
            frags.append(("", (_("You lead.") if leader == seat else
                               _("%(player)s leads.") % {"player": self.names(leader)}) + "\n"))
        if s.last_knocker is not None:
            frags.append(("class:hint", _("Last to knock: %(player)s.") % {"player": self.names(s.last_knocker)}
                          + "\n"))
        frags += [("", _("Your hand:") + " ")] + self.hand_fragments(seat)
        return frags

    def toolbar(self) -> str:
        s = self.state
        return " " + _("Toepen · hand %(hand)d · stake %(stake)d · F1 help · F3 knock · Ctrl-D quit") % {
            "hand": s.hand_number, "stake": s.stake}

    def show_help(self) -> None:
        words = {c: typed_word(c) for c in ("knock", "stay", "fold", "throw", "keep", "challenge", "pass",
                                            "help", "rules", "why", "quit")}
        for line in (
            _("To play a card, type it, like %(examples)s. Follow the suit led if you can (TOE.5).")
            % {"examples": typing_examples()},
            words_hint(),
            *faces_hint(),
            _("To knock (raise the stake by one, TOE.7), type %(knock)s when it is your turn. Before each bot "
              "card you may knock too: the trainer pauses; press Enter to go on, or type %(knock)s (in a "
              "terminal, F3 does it). With no answer, play goes on by itself after %(time)s.")
            % {**words, "time": seconds_text(KNOCK_PACE)},
            _("After a knock or a poverty: %(stay)s or %(fold)s (TOE.8, TOE.11). Dirty laundry: %(throw)s or "
              "%(keep)s, and %(challenge)s or %(pass)s when someone throws in (TOE.4).") % words,
            _("Commands: %(help)s, %(rules)s, %(why)s, %(quit)s.") % words,
        ):
            self.console.show([("class:hint", line)])

    def choices(self) -> list[str]:
        s = self.state
        words: list[str] = []
        if s.current_player == self.learner:
            if s.phase is Phase.PLAY:
                words += [typed_card(c.code) for c in self.sorted_hand(self.learner) if c in s.playable(self.learner)]
                if s.may_knock(self.learner):
                    words.append(command_word("knock"))
            elif s.phase in (Phase.ANSWER, Phase.POVERTY):
                words += [command_word("stay"), command_word("fold")]
            elif s.phase is Phase.LAUNDRY:
                words += [command_word("keep"), command_word("throw")]
            elif s.phase is Phase.CHALLENGE:
                words += [command_word("pass"), command_word("challenge")]
        return list(dict.fromkeys(words + super().choices()))

    # ------------------------------------------------------------------ bots

    def bots_knock(self) -> bool:
        """Asks the bots that may knock, once per moment, in turn from the player to act's left."""
        s = self.state
        if s.phase is not Phase.PLAY or self._bots_asked == self.moment():
            return False
        self._bots_asked = self.moment()
        p = s.current
        for seat in s.seats_from(p):
            if seat == p or seat == self.learner or not s.may_knock(seat):
                continue
            choice = bots.knock_choice(self.level, s, self.rng, seat)
            if choice is not None:
                self.bot_acts(seat, choice.action)
                return True
        return False

    def offer_knock(self) -> bool:
        """Before a bot's card: the learner may knock (Enter goes on). True if they knocked."""
        s = self.state
        seat = self.learner
        if seat is None or s.phase is not Phase.PLAY or not s.may_knock(seat) or self._offered == self.moment():
            return False
        self._offered = self.moment()
        knock = command_word("knock")
        while True:
            try:
                # The table does not wait forever: with no answer the bot plays after KNOCK_PACE seconds,
                # and the prompt says so.
                text = self.ask(_("%(player)s is to play. Enter to go on, or %(knock)s (F3); with no answer, play "
                                  "goes on by itself after %(time)s:") % {
                    "player": self.names(s.current), "knock": typed_word("knock"), "time": seconds_text(KNOCK_PACE)},
                    [knock] + super().choices(), timeout=KNOCK_PACE)
            except TimeUp:
                return False
            command = command_of(text)
            if command == "knock":
                self.judge_knock(True)
                return self.act(Knock(seat))
            if not text.strip():
                return False
            if not self.handle_command(command):  # a slip of the keys must not cost the chance to knock
                self.say_error(go_on_line(knock))

    def bot_turn(self) -> None:
        s = self.state
        if s.phase is Phase.PLAY:
            if self.bots_knock() or self.offer_knock():
                return
        seat = s.current
        self.bot_acts(seat, bots.choose(self.level, s, self.rng).action)

    # ------------------------------------------------------------------ the learner

    def judge_knock(self, knocked: bool) -> None:
        if not self.coach:
            return
        verdict = coach.judge_knock(self.state, self.learner, knocked)  # type: ignore[arg-type]
        if verdict is not None and verdict.kind == "weaker":
            self.coach_says(knock_verdict_line(verdict, self.ascii))

    def learner_action(self) -> Any:
        s = self.state
        seat = self.learner
        assert seat is not None
        if s.phase is Phase.PLAY and self.bots_knock():
            return None
        if self._shown != self.moment():
            self._shown = self.moment()
            self.console.show(self.table())
        phase = s.phase
        if phase is Phase.PLAY:
            prompt = (_("Your card, or %(knock)s:") % {"knock": typed_word("knock")} if s.may_knock(seat)
                      else _("Your card:"))
        elif phase in (Phase.ANSWER, Phase.POVERTY):
            who = s.poor if phase is Phase.POVERTY else s.last_knocker
            prompt = _("%(player)s raised the stake to %(stake)d: %(stay)s or %(fold)s?") % {
                "player": self.names(who), "stake": s.stake, "stay": typed_word("stay"),
                "fold": typed_word("fold")}
        elif phase is Phase.LAUNDRY:
            prompt = _("Dirty laundry: keep your hand (%(keep)s) or throw it in (%(throw)s)?") % {
                "keep": typed_word("keep"), "throw": typed_word("throw")}
        else:
            prompt = _("%(player)s threw in their hand: %(pass)s or %(challenge)s?") % {
                "player": self.names(s.thrower), "pass": typed_word("pass"),
                "challenge": typed_word("challenge")}
        text = self.ask(prompt)
        command, rest = split_command(text)
        words = text.split()
        if not words:
            return None
        if rest:  # a command word followed by more words is no command here
            command = None
        if self.handle_command(command):
            return None
        if command in COMMAND_MOVES:
            return self.decide(command, COMMAND_MOVES[command](seat))
        two_words = {Phase.ANSWER: ("stay", "fold"), Phase.POVERTY: ("stay", "fold"), Phase.LAUNDRY: ("keep", "throw"),
                     Phase.CHALLENGE: ("pass", "challenge")}.get(phase)
        if two_words is not None:  # no card is played now: the words that answer are what to type
            self.say_error(_("Type %(first)s or %(second)s.") % {
                "first": typed_word(two_words[0]), "second": typed_word(two_words[1])})
            return None
        parsed = read_card(text)  # the notation, or the card in words ("dame de cœur")
        card = card_from_code(Card(*parsed).code) if parsed else None
        if card is None:
            self.say_error(_("%(text)s is not a card or a command here. Type %(help)s to see what you can do.") % {
                "text": quoted(text), "help": typed_word("help")})
            return None
        action = Play(card, seat)
        try:
            s.verify(action)
        except IllegalAction as err:
            if err.message == "must_follow":
                self.say_error(card_verdict_line(coach.judge_card(s, seat, card), self.ascii))
            else:
                self.say_error(self.illegal_line(err))
            return None
        if self.coach:
            verdict = coach.judge_knock(s, seat, False)
            if verdict is not None and verdict.kind == "weaker":
                self.coach_says(knock_verdict_line(verdict, self.ascii))
            card_verdict = coach.judge_card(s, seat, card)
            if card_verdict.kind == "weaker":
                self.coach_says(card_verdict_line(card_verdict, self.ascii))
        return action

    def decide(self, command: str, action: Any) -> Any:
        """A command word as an action, judged by the coach when it is legal now."""
        s = self.state
        seat = self.learner
        try:
            s.verify(action)
        except IllegalAction as err:
            self.say_error(self.illegal_line(err))
            return None
        if not self.coach:
            return action
        line = None
        if command == "knock":
            verdict = coach.judge_knock(s, seat, True)  # type: ignore[arg-type]
            if verdict is not None and verdict.kind == "weaker":
                line = knock_verdict_line(verdict, self.ascii)
        elif command in ("stay", "fold"):
            answer = coach.judge_answer(s, seat, command == "stay")  # type: ignore[arg-type]
            if answer.kind == "weaker":
                line = answer_verdict_line(answer, self.ascii)
        elif command in ("throw", "keep"):
            laundry = coach.judge_laundry(s, seat, command == "throw")  # type: ignore[arg-type]
            if laundry.kind == "weaker":
                line = laundry_verdict_line(laundry, self.ascii)
        elif command in ("challenge", "pass"):
            challenge = coach.judge_challenge(s, seat, command == "challenge")  # type: ignore[arg-type]
            if challenge.kind == "weaker":
                line = challenge_verdict_line(challenge, self.names)
        if line:
            self.coach_says(line)
        return action

    def intro(self) -> None:
        self.console.show([("class:title", _("Toepen: take the last trick; whoever reaches the penalty limit loses."))])
        if self.learner is not None:
            self.console.show([("class:hint", _("Type %(help)s (or press F1) for how to play; F3 knocks, Tab "
                                                "completes your cards.") % {"help": typed_word("help")})])
        self.emit(self.state.opening)
