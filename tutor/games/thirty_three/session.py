"""A game of 33 at the trainer: the learner at one seat, bots at the others.

The session shows the table, reads what the learner types (a card in their language or
the universal notation, or a command), asks for a value when a card has two, and hands
every action to the engine, which alone decides whether it is legal. Refusals come
back as one line with the rule's clause, and the prompt again.
"""

from __future__ import annotations

import random

from tutor.games.base import Event, IllegalAction
from tutor.games.remark import Remark
from tutor.games.thirty_three import bots
from tutor.games.thirty_three.deck import FACES, LIMIT, VALUES
from tutor.games.thirty_three.engine import (
    Action,
    Draw,
    EndTurn,
    Phase,
    Pick,
    Play,
    Say,
    SkipForfeit,
    State,
    View,
)
from tutor.games.thirty_three.narrate import (
    coach_lines,
    event_line,
    forfeit_warning,
    illegal_line,
    instead_line,
    remark_line,
    result_line,
)
from tutor.games.thirty_three.rules import CLAUSES
from tutor.games.thirty_three.words import (
    card_words,
    parse_card,
    resolve,
    show_face,
    show_value,
)
from tutor.i18n import _, format_list, ngettext, npgettext, quoted
from tutor.trainer.commands import command_of, command_word, typed_word
from tutor.trainer.console import Console, Fragments
from tutor.trainer.table import Recorder, TableSession, go_on_line
from tutor.typed import whole_number


def card_style(face: str) -> str:
    if face.startswith("+") and face != "+-10":
        return "class:card.plus"
    if face.startswith("-"):
        return "class:card.minus"
    return "class:card.special"


class PlaySession(TableSession):
    clauses = CLAUSES

    def __init__(
        self,
        console: Console,
        state: State,
        level: str,
        rng: random.Random,
        learner: int | None,
        ascii_only: bool = False,
        record: Recorder | None = None,
        coach: bool = False,
    ) -> None:
        super().__init__(console, state, level, rng, learner, ascii_only, record, coach)
        self._table_shown = -1  # the table is shown once per turn, not after each error
        self._warned = False
        self._played = False  # until the learner's first play, the prompt says how a card is typed

    # ----------------------------------------------------------------- output

    def event_line(self, event: Event) -> str | None:
        return event_line(event, self.names, self.ascii, reveal=self.learner is None,
                          manual=self.state.options.manual_draw)

    def emit(self, events: list[Event]) -> None:
        super().emit(events)
        if self.state.phase is Phase.PICK and not self._warned:
            # 33.12: the warning goes with the forfeit draw, whoever is playing.
            self._warned = True
            self.console.show([("class:hint", forfeit_warning())])
        for event in events:
            if event["event"] == "play" and self.names.is_you(event["player"]):
                self._played = True
            if event["event"] == "game_over" and event.get("loser") is not None:
                self.console.show([("class:title", result_line(event["loser"], event["rule"], self.state.players,
                                                               self.names))])

    def show_position(self) -> None:
        s = self.state
        if self.learner is not None and s.phase is Phase.PLAY and s.current == self.learner:
            self.console.show(self.table())

    def face(self, face: str) -> str:
        return show_face(face, self.ascii)

    def hand_fragments(self, hand: list[str]) -> Fragments:
        frags: Fragments = []
        for card in hand:
            text = f"[{self.face(card)}]" if self.ascii else f"\u2009{self.face(card)}\u2009"
            frags += [(card_style(card), text), ("", " ")]
        return frags

    def table(self) -> Fragments:
        s = self.state
        hand = s.hands[self.learner] if self.learner is not None else []
        # TRANSLATORS: 33's stock (each game's stock has its own entry: use your table's word for it).
        stock = npgettext("33", "%(count)d card in the stock", "%(count)d cards in the stock", len(s.stock)) % {
            "count": len(s.stock)
        }
        frags: Fragments = [
            ("", "\n"),
            ("class:total", _("Total: %(total)d") % {"total": s.total}),
            ("", f"  ·  {stock}"),
        ]
        if s.pile:
            frags += [("", "  ·  " + _("Top of the pile:") + " "), (card_style(s.pile[-1]), self.face(s.pile[-1]))]
        frags += [("", "\n" + _("Your hand:") + " ")] + self.hand_fragments(hand)
        return frags

    def toolbar(self) -> str:
        s = self.state
        turn = self.names(s.current) if s.current_player is not None else ""
        return " " + _("33 · total %(total)d · turn: %(player)s · F1 help · F2 rules · Ctrl-D quit") % {
            "total": s.total, "player": turn
        }

    # ------------------------------------------------------------------ input

    def choices(self) -> list[str]:
        """What completion offers: the legal plays, in notation and in words, and the commands."""
        s = self.state
        words: list[str] = []
        if s.phase is Phase.PLAY and s.current == self.learner and self.learner not in s.pending:
            for play in s.legal_plays():
                words.append(self.face(play.card) if self.ascii else play.card)
            kinds = card_words()
            for play in s.legal_plays():
                card = play.card
                if card == "0":
                    words.append(kinds["zero"][0])
                elif card == "1/11":
                    words.append(kinds["one_eleven"][0])
                elif card == "+-10":
                    words.append(kinds["plus_minus"][0])
                elif card.startswith("+"):
                    words.append(f"{kinds['plus'][0]} {card[1:]}")
                else:
                    words.append(f"{kinds['minus'][0]} {card[1:]}")
        words += [command_word(c) for c in ("help", "rules", "why", "quit")]
        return list(dict.fromkeys(words))

    def show_help(self) -> None:
        words = card_words()
        lines = [
            # TRANSLATORS: %(plus)s, %(minus)s and %(zero)s are cards typed in words ("plus 7"), quoted.
            _("Type the card you want to play: +7, -3, 1/11, +-10 or 0, or in words, like %(plus)s, "
              "%(minus)s or %(zero)s. Tab completes the cards you may play.")
            % {"plus": quoted(f"{words['plus'][0]} 7"), "minus": quoted(f"{words['minus'][0]} 3"),
               "zero": quoted(words["zero"][0])},
            # TRANSLATORS: %(both)s and %(minus)s are what the learner types, quoted ("1/11 11", "-10").
            _("For 1/11 and +-10 you choose the value; you may also type it at once: %(both)s or %(minus)s.")
            % {"both": quoted("1/11 11"), "minus": quoted("-10")},
            _("Commands: %(help)s (F1), %(rules)s (F2), %(why)s (why the bots played so), %(quit)s (Ctrl-D).")
            % {c: typed_word(c) for c in ("help", "rules", "why", "quit")},
        ]
        for line in lines:
            self.console.show([("class:hint", line)])

    def first_prompt(self) -> str:
        """The prompt of the learner's first move: how a card is typed, with cards from their hand."""
        hand = self.state.hands[self.learner]  # type: ignore[index]
        single = [f for f in hand if len(VALUES[f]) == 1]
        double = [f for f in hand if len(VALUES[f]) == 2]
        examples = [single[0] if single else "+7"]
        face = double[0] if double else "1/11"
        examples.append(f"{face} {max(VALUES[face])}")
        # TRANSLATORS: %(examples)s are typed cards joined by "or", e.g. "+7 or 1/11 11".
        return _("Play a card, like %(examples)s:") % {"examples": format_list(examples, style="or")}

    def read_play(self) -> Play | None:
        """One attempt at the learner's play; None after a command or an error shown."""
        text = self.ask(_("Your card:") if self._played else self.first_prompt())
        if not text.strip():
            return None
        command = command_of(text)
        if self.handle_command(command):
            return None
        if command == "draw":
            self.say_error(illegal_line(IllegalAction("33.5", "not_now"), self.ascii))
            return None
        return self.play_from_text(text)

    def play_from_text(self, text: str) -> Play | None:
        """The play a learner's words name, asking for the value of a two-value card."""
        parsed = parse_card(text)
        hand = self.state.hands[self.learner]  # type: ignore[index]
        if parsed is None:
            self.say_error(_("%(text)s is not a card. Type %(help)s for how to write cards.") % {
                "text": quoted(text), "help": typed_word("help")}, "33.1")
            return None
        resolved = resolve(parsed, hand)
        if resolved is None:
            self.say_error(_("None of your cards can be played as %(value)s.") % {
                "value": show_value(parsed.value or 0, self.ascii)}, "33.1")
            return None
        face, value = resolved
        if value is None:
            values = VALUES[face]
            if len(values) == 1 or face not in hand:
                value = values[0]
            else:
                value = self.ask_value(face)
                if value is None:
                    return None
        return Play(face, value)

    def ask_value(self, face: str) -> int | None:
        values = VALUES[face]
        shown = [show_value(v, self.ascii) for v in values]
        while True:
            text = self.ask(
                _("Play %(card)s as %(first)s or %(second)s?") % {"card": self.face(face), "first": shown[0],
                                                                  "second": shown[1]},
                [str(v) if v < 0 or face == "1/11" else f"+{v}" for v in values],
            )
            if self.handle_command(command_of(text)):
                continue
            number = whole_number(text.replace("\u2212", "-"))
            if number in values:
                return number
            self.say_error(_("Type %(first)s or %(second)s.") % {"first": quoted(shown[0]), "second": quoted(shown[1])})

    def learner_action(self) -> Action | None:
        s = self.state
        if s.phase is Phase.PLAY and self.learner in s.pending:
            text = self.ask(_("You hold two cards. Type %(draw)s:") % {"draw": typed_word("draw")})
            if command_of(text) == "draw":
                return Draw(self.learner)
            self.handle_command(command_of(text)) or self.say_error(
                illegal_line(IllegalAction("33.10", "draw_first"), self.ascii))
            return None
        if s.phase is Phase.PLAY:
            if self._table_shown != s.plays:
                self._table_shown = s.plays
                self.console.show(self.table())
            play = self.read_play()
            if play is not None and self.coach:
                from tutor.games.thirty_three.coach import best_legal, judge

                verdict = judge(s, play)
                if verdict.kind == "illegal":
                    # The refusal first, then the play that fits (33.7).
                    self.say_error(illegal_line(IllegalAction(verdict.clause or "33.5", verdict.message or "not_now",
                                                              **verdict.params), self.ascii))
                    best = best_legal(s) if verdict.message == "over_limit" else None
                    if best is not None:
                        self.coach_says(instead_line(best, self.ascii))
                    return None
                self.coach_says(*coach_lines(verdict, self.ascii))
            return play
        if s.phase is Phase.SAY:
            text = self.ask(_("Say the new total:"), [])
            if self.handle_command(command_of(text)):
                return None
            said = whole_number(text.replace("\u2212", "-"))
            if said is None:
                self.say_error(_("Type the total as a number."))
                return None
            return Say(said)
        if s.phase is Phase.DRAW:
            text = self.ask(_("Type %(draw)s to draw a card, or %(end)s to end your turn without drawing:") % {
                "draw": typed_word("draw"), "end": typed_word("end")},
                [command_word("draw"), command_word("end")])
            command = command_of(text)
            if command == "draw":
                return Draw()
            if command == "end":
                return EndTurn()
            if not self.handle_command(command):
                self.say_error(illegal_line(IllegalAction("33.5", "draw_first"), self.ascii))
            return None
        if s.phase is Phase.PICK:
            return self.read_pick()
        return None

    def read_pick(self) -> Action | None:
        taken = set(self.state.picks.values())
        free = [self.face(f) for f in FACES if self.state.options.deck.get(f) and f not in taken]
        text = self.ask(_("Choose a card for the forfeit draw, or type %(skip)s:") % {"skip": typed_word("skip")},
                        free + [command_word("skip")])
        if not text.strip():
            return None
        command = command_of(text)
        if command == "skip":
            return SkipForfeit()
        if self.handle_command(command):
            return None
        parsed = parse_card(text)
        if parsed is None or parsed.face is None:
            self.say_error(_("%(text)s is not a card. Type %(help)s for how to write cards.") % {
                "text": quoted(text), "help": typed_word("help")}, "33.1")
            return None
        return Pick(parsed.face)

    # ------------------------------------------------------------------- loop

    def illegal_line(self, err: IllegalAction) -> str:
        return illegal_line(err, self.ascii)

    def bot_turn(self) -> None:
        s = self.state
        seat = s.current
        choice = bots.choose(self.level, s, self.rng)
        if (self.learner is not None and self.learner in s.pending and s.phase is Phase.DRAW
                and isinstance(choice.action, Draw)):
            # 33.10: the next player has played; the forgetful learner can still draw now.
            while True:
                text = self.ask(_("Press Enter to go on."), [command_word("draw")])
                command = command_of(text)
                if command == "draw":
                    self.act(Draw(self.learner))
                if command == "draw" or not text.strip():
                    break
                if not self.handle_command(command):
                    self.say_error(go_on_line(command_word("draw")))
        self.bot_acts(seat, choice.action)

    def bot_remark(self, seat: int, action: Action, view: View) -> Remark | None:
        return bots.remark(self.level, action, seat, view)

    def remark_line(self, remark: Remark) -> str:
        return remark_line(remark)

    def intro(self) -> None:
        s = self.state
        self.console.show([("class:title", _("33: never push the total over %(limit)d.") % {"limit": LIMIT})])
        if self.learner is not None:
            self.console.show([("class:hint", _("Type %(help)s (or press F1) for how to play; Tab completes your cards.")
                                 % {"help": typed_word("help")})])
        self.emit(s.opening)

    #: With bots alone and a tiny deck turned over unshuffled (33.9), play can repeat for ever.
    AUTO_PLAY_LIMIT = 10_000

    def stalled(self) -> bool:
        if self.state.plays < self.AUTO_PLAY_LIMIT:
            return False
        n = self.state.plays
        self.console.show(ngettext(
            "The bots have played %(count)d card without anyone losing; the game is stopped here.",
            "The bots have played %(count)d cards without anyone losing; the game is stopped here.", n,
        ) % {"count": n})
        return True
