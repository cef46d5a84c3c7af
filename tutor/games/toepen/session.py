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

What the table shows and how typed text becomes a move is `ToepenScreen`, drawn from one
seat's `View`: the trainer's session shares it with a seat at a network table (remote.py),
whose view comes from the host. The coach's calls on a decision, and its line on a refused
card, are the ones the host makes too (`net.coach_verdicts`, `net.refusal_verdicts`).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import Any

from tutor.cardfaces import SUIT_ORDER, card_style, hand_fragments, show_card, typed_card
from tutor.cards import Card
from tutor.cardtext import typing_examples
from tutor.games.base import Event, IllegalAction
from tutor.games.remark import Remark
from tutor.games.toepen import bots, coach
from tutor.games.toepen.engine import (
    COMMAND_MOVES,
    Action,
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
from tutor.games.toepen.net import KNOCK_PACE, coach_verdicts, moment, refusal_verdicts
from tutor.games.toepen.rules import CLAUSES
from tutor.i18n import _, quoted
from tutor.trainer.cardnames import faces_hint, read_card, words_hint
from tutor.trainer.commands import command_of, command_word, split_command, typed_word
from tutor.trainer.console import Fragments, TimeUp
from tutor.trainer.table import TableSession, go_on_line, seconds_text

#: The key that knocks at a prompt in a terminal (piped input types the word).
KNOCK_KEY = "f3"
__all__ = ["KNOCK_KEY", "KNOCK_PACE", "ToepenScreen", "ToepenSession", "playable_cards", "sorted_cards"]


def sorted_cards(hand: Iterable[Card]) -> list[Card]:
    """A hand as the table shows it: suit by suit, the strongest first (TOE.1)."""
    return sorted(hand, key=lambda c: (SUIT_ORDER[c.suit], -power(c)))


def playable_cards(view: View) -> list[Card]:
    """TOE.5: the cards the seat of `view` may play to the trick now (following suit if it can)."""
    follow = [c for c in view.hand if c.suit == view.led_suit]
    return follow or list(view.hand)


class ToepenScreen:
    """What a Toepen table shows and reads, from one seat's `View` of it: the table, the prompts,
    the words offered, the help, and typed text turned into a move. The trainer's session draws
    it from its engine; the client at a network table (remote.py) from the view the host sent.

    The class it is mixed into supplies `names`, `ascii`, `console`, `ask`, `handle_command`,
    `say_error`, `coach_says` and `choices` (TableSession's or the network client's)."""

    names: Any
    ascii: bool
    console: Any

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

    # ----------------------------------------------------------------- the table

    def table_of(self, view: View) -> Fragments:
        """The table as the seat of `view` sees it, its hand last."""
        seat = view.player
        # With the trick still empty, whoever is to act leads: a folded leader passes the lead on (TOE.10).
        leader = view.trick[0][0] if view.trick else (view.current if view.phase is Phase.PLAY else view.leader)
        frags: Fragments = [
            ("", "\n"),
            ("class:title", _("Hand %(hand)d · stake %(stake)d · trick %(trick)d of 4") % {
                "hand": view.hand_number, "stake": view.stake, "trick": min(4, view.tricks_done + 1)}),
            ("", "  ·  " + _("dealer: %(player)s") % {"player": self.names(view.dealer)} + "\n"),
        ]
        marks = []
        for q in range(view.players):
            text = f"{self.names(q)} {view.points[q]}"
            if not view.active[q]:
                text += " " + _("(out)")
            elif not view.in_hand[q]:
                text += " " + _("(folded)")
            marks.append(text)
        frags.append(("", _("Penalty points (limit %(limit)d): %(points)s") % {
            "limit": view.limit, "points": " · ".join(marks)} + "\n"))
        if view.trick:
            frags.append(("", _("Trick so far:") + " "))
            for q, card in view.trick:
                frags += [("", self.names(q) + " "), (card_style(card.code), show_card(card.code, self.ascii)),
                          ("", "  ")]
            frags.append(("", "\n"))
        elif view.phase is Phase.PLAY:  # a new trick: who leads it
            frags.append(("", (_("You lead.") if leader == seat else
                               _("%(player)s leads.") % {"player": self.names(leader)}) + "\n"))
        if view.last_knocker is not None:
            frags.append(("class:hint", _("Last to knock: %(player)s.") % {"player": self.names(view.last_knocker)}
                          + "\n"))
        frags += [("", _("Your hand:") + " ")] + hand_fragments(sorted_cards(view.hand), self.ascii)
        return frags

    def toolbar_of(self, view: View | Any) -> str:
        """The bottom line: the hand and the stake (a `View`, or the engine's state)."""
        return " " + _("Toepen · hand %(hand)d · stake %(stake)d · F1 help · F3 knock · Ctrl-D quit") % {
            "hand": view.hand_number, "stake": view.stake}

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

    def move_words(self, view: View) -> list[str]:
        """The words that make a move now, for Tab completion: the cards the seat may play and
        `knock`, or the two words of the phase; none while another seat is to act."""
        words: list[str] = []
        if view.current == view.player:
            if view.phase is Phase.PLAY:
                words += [typed_card(c.code) for c in sorted_cards(playable_cards(view))]
                if view.player in view.knockers:
                    words.append(command_word("knock"))
            elif view.phase in (Phase.ANSWER, Phase.POVERTY):
                words += [command_word("stay"), command_word("fold")]
            elif view.phase is Phase.LAUNDRY:
                words += [command_word("keep"), command_word("throw")]
            elif view.phase is Phase.CHALLENGE:
                words += [command_word("pass"), command_word("challenge")]
        return words

    # ----------------------------------------------------------------- prompts and typed text

    def decision_prompt(self, view: View, thrower: int | None) -> str:
        """What the seat to act is asked: a card (or a knock), stay or fold, keep or throw in,
        pass or challenge the hand `thrower` threw in."""
        phase = view.phase
        if phase is Phase.PLAY:
            return (_("Your card, or %(knock)s:") % {"knock": typed_word("knock")} if view.player in view.knockers
                    else _("Your card:"))
        if phase in (Phase.ANSWER, Phase.POVERTY):
            who = view.poor if phase is Phase.POVERTY else view.last_knocker
            return _("%(player)s raised the stake to %(stake)d: %(stay)s or %(fold)s?") % {
                "player": self.names(who), "stake": view.stake, "stay": typed_word("stay"),
                "fold": typed_word("fold")}
        if phase is Phase.LAUNDRY:
            return _("Dirty laundry: keep your hand (%(keep)s) or throw it in (%(throw)s)?") % {
                "keep": typed_word("keep"), "throw": typed_word("throw")}
        return _("%(player)s threw in their hand: %(pass)s or %(challenge)s?") % {
            "player": self.names(thrower), "pass": typed_word("pass"),
            "challenge": typed_word("challenge")}

    def knock_offer_prompt(self, player: int) -> str:
        """Before another seat's card: Enter goes on, `knock` (F3) knocks; the table does not wait
        forever, and the prompt says so."""
        return _("%(player)s is to play. Enter to go on, or %(knock)s (F3); with no answer, play "
                 "goes on by itself after %(time)s:") % {
            "player": self.names(player), "knock": typed_word("knock"), "time": seconds_text(KNOCK_PACE)}

    def knock_answer(self, prompt: str) -> bool | None:
        """While another seat is to play: True when the learner knocks (`knock`, F3), False when
        they go on (Enter), None when KNOCK_PACE seconds pass unanswered. A slip is said and
        asked again."""
        knock = command_word("knock")
        while True:
            try:
                # The table does not wait forever: with no answer play goes on after KNOCK_PACE seconds.
                text = self.ask(prompt, [knock] + TableSession.choices(self), timeout=KNOCK_PACE)  # type: ignore[attr-defined, arg-type]
            except TimeUp:
                return None
            command = command_of(text)
            if command == "knock":
                return True
            if not text.strip():
                return False
            if not self.handle_command(command):  # type: ignore[attr-defined]  # a slip must not cost the chance
                self.say_error(go_on_line(knock))  # type: ignore[attr-defined]

    def read_move(self, text: str, view: View) -> Action | None:
        """The move typed text names for the seat of `view` (a card or a command word), not yet
        checked against the rules; None when it was a command (help, rules, why: carried out),
        empty, or a slip (said in one line)."""
        seat = view.player
        phase = view.phase
        command, rest = split_command(text)
        words = text.split()
        if not words:
            return None
        if rest:  # a command word followed by more words is no command here
            command = None
        if self.handle_command(command):  # type: ignore[attr-defined]
            return None
        if command in COMMAND_MOVES:
            return COMMAND_MOVES[command](seat)
        two_words = {Phase.ANSWER: ("stay", "fold"), Phase.POVERTY: ("stay", "fold"), Phase.LAUNDRY: ("keep", "throw"),
                     Phase.CHALLENGE: ("pass", "challenge")}.get(phase)
        if two_words is not None:  # no card is played now: the words that answer are what to type
            self.say_error(_("Type %(first)s or %(second)s.") % {  # type: ignore[attr-defined]
                "first": typed_word(two_words[0]), "second": typed_word(two_words[1])})
            return None
        parsed = read_card(text)  # the notation, or the card in words ("dame de cœur")
        card = card_from_code(Card(*parsed).code) if parsed else None
        if card is None:
            self.say_error(_("%(text)s is not a card or a command here. Type %(help)s to see what you can do.") % {  # type: ignore[attr-defined]
                "text": quoted(text), "help": typed_word("help")})
            return None
        return Play(card, seat)

    # ----------------------------------------------------------------- verdicts, refusals, standings

    def verdict_line(self, verdict: Any) -> str:
        """A coach verdict (coach.py) in a line of the learner's language."""
        if isinstance(verdict, coach.CardVerdict):
            return card_verdict_line(verdict, self.ascii)
        if isinstance(verdict, coach.KnockVerdict):
            return knock_verdict_line(verdict, self.ascii)
        if isinstance(verdict, coach.AnswerVerdict):
            return answer_verdict_line(verdict, self.ascii)
        if isinstance(verdict, coach.LaundryVerdict):
            return laundry_verdict_line(verdict, self.ascii)
        return challenge_verdict_line(verdict, self.names)

    def say_verdicts(self, verdicts: Iterable[Any]) -> None:
        """The coach's weaker verdicts on a decision, a line each."""
        for verdict in verdicts:
            self.coach_says(self.verdict_line(verdict))  # type: ignore[attr-defined]

    def say_refused(self, err: IllegalAction, verdicts: Sequence[Any]) -> None:
        """A refused move in one line: the coach's, naming a card of the suit led (TOE.5), or why not."""
        if verdicts:
            self.say_error(self.verdict_line(verdicts[0]))  # type: ignore[attr-defined]
        else:
            self.say_error(self.illegal_line(err))  # type: ignore[attr-defined]

    def illegal_line(self, err: IllegalAction) -> str:
        return illegal_line(err, self.ascii, self.names)

    def remark_line(self, remark: Remark) -> str:
        return remark_line(remark, self.ascii)

    def hand_standings(self, event: Event, over: bool, reached: Collection[int]) -> None:
        """After a hand's end (unless the rubber is over) and at the game's end: the standings."""
        if event["event"] == "hand_end" and not over:
            heading = _("Penalty points after hand %(hand)d (limit %(limit)d):") % {
                "hand": event["hand"], "limit": self.limit_now()}
        elif event["event"] == "game_over":
            heading = _("Final standings:")
        else:
            return
        # Fewest penalty points first (TOE.2); whoever reached the limit is marked.
        self.show_standings(heading, event["totals"], penalty=True, reached=reached)  # type: ignore[attr-defined]

    def limit_now(self) -> int:
        raise NotImplementedError

    def show_intro(self, learner: bool) -> None:
        self.console.show([("class:title", _("Toepen: take the last trick; whoever reaches the penalty limit loses."))])
        if learner:
            self.console.show([("class:hint", _("Type %(help)s (or press F1) for how to play; F3 knocks, Tab "
                                                "completes your cards.") % {"help": typed_word("help")})])


class ToepenSession(ToepenScreen, TableSession):
    clauses = CLAUSES

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._shown: tuple[Any, ...] | None = None  # the table is shown once per moment
        self._bots_asked: tuple[Any, ...] | None = None  # bots were asked to knock at this moment
        self._offered: tuple[Any, ...] | None = None  # the learner was offered a knock at this moment
        self._bind_knock_key()

    # ----------------------------------------------------------------- events

    def event_line(self, event: Event) -> str | None:
        return event_line(event, self.names, self.ascii, reveal=self.learner is None)

    def emit(self, events: list[Event]) -> None:
        s = self.state
        for event in events:  # one by one: a hand's standings come before the next deal
            super().emit([event])
            self.hand_standings(event, s.is_over, s.losers)

    def limit_now(self) -> int:
        return int(self.state.limit)

    def show_position(self) -> None:
        if self.learner is not None and self.state.current_player == self.learner:
            self.console.show(self.table())

    def bot_remark(self, seat: int, action: Any, view: View) -> Remark:
        return bots.remark(self.level, action, seat, view)

    def moment(self) -> tuple[Any, ...]:
        return moment(self.state)

    # ----------------------------------------------------------------- table

    def sorted_hand(self, seat: int) -> list[Card]:
        return sorted_cards(self.state.hands[seat])

    def hand_fragments(self, seat: int) -> Fragments:
        return hand_fragments(self.sorted_hand(seat), self.ascii)

    def seen(self) -> View:
        """What the learner sees of the table now."""
        assert self.learner is not None
        return self.state.view(self.learner)

    def table(self) -> Fragments:
        return self.table_of(self.seen())

    def toolbar(self) -> str:
        return self.toolbar_of(self.state)

    def choices(self) -> list[str]:
        words = self.move_words(self.seen()) if self.learner is not None else []
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
        if not self.knock_answer(self.knock_offer_prompt(s.current)):
            return False
        if self.coach:
            self.say_verdicts(coach_verdicts(s, seat, Knock(seat)))
        return self.act(Knock(seat))

    def bot_turn(self) -> None:
        s = self.state
        if s.phase is Phase.PLAY:
            if self.bots_knock() or self.offer_knock():
                return
        seat = s.current
        self.bot_acts(seat, bots.choose(self.level, s, self.rng).action)

    # ------------------------------------------------------------------ the learner

    def learner_action(self) -> Any:
        s = self.state
        seat = self.learner
        assert seat is not None
        if s.phase is Phase.PLAY and self.bots_knock():
            return None
        view = self.seen()
        if self._shown != self.moment():
            self._shown = self.moment()
            self.console.show(self.table_of(view))
        action = self.read_move(self.ask(self.decision_prompt(view, s.thrower)), view)
        return None if action is None else self.decide(action)

    def decide(self, action: Any) -> Any:
        """A move of the learner, checked by the rules (a refusal in one line), then judged by
        the coach when it is on."""
        s = self.state
        seat = self.learner
        assert seat is not None
        try:
            s.verify(action)
        except IllegalAction as err:
            self.say_refused(err, refusal_verdicts(s, seat, action, err))
            return None
        if self.coach:
            self.say_verdicts(coach_verdicts(s, seat, action))
        return action

    def intro(self) -> None:
        self.show_intro(self.learner is not None)
        self.emit(self.state.opening)
