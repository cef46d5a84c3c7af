"""A game of 33 at the trainer: the learner at one seat, bots at the others.

The session shows the table, reads what the learner types (a card in their language or
the universal notation, or a command), asks for a value when a card has two, and hands
every action to the engine, which alone decides whether it is legal. Refusals come
back as one line with the rule's clause, and the prompt again.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from tutor.games.base import Event, IllegalAction
from tutor.games.remark import Remark
from tutor.games.thirty_three import bots
from tutor.games.thirty_three.deck import LIMIT, VALUES
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
from tutor.games.thirty_three.net import TableView, table_view
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
from tutor.trainer.table import Names, Recorder, TableSession, go_on_line
from tutor.typed import whole_number


def card_style(face: str) -> str:
    if face.startswith("+") and face != "+-10":
        return "class:card.plus"
    if face.startswith("-"):
        return "class:card.minus"
    return "class:card.special"


class Screen:
    """33 as one seat sees and types it: the table, the toolbar, help, Tab completion, the prompts
    and the parsing of what is typed into a decision, all from the seat's `TableView`. The local
    session and the network client (`remote.py`) share it; neither decides legality here.

    The session supplies `seen()`, and `console`, `ascii`, `names`, `ask`, `say_error` and
    `handle_command` (tutor.trainer.table.TableSession's)."""

    console: Console
    ascii: bool
    names: Names
    ask: Callable[..., str]
    say_error: Callable[..., None]
    handle_command: Callable[[str | None], bool]

    def seen(self) -> TableView:
        """What the seat sees now."""
        raise NotImplementedError

    def start_screen(self) -> None:
        self._table_shown = -1  # the table is shown once per turn, not after each error
        self._warned = False
        self._played = False  # until the seat's first play, the prompt says how a card is typed

    # ----------------------------------------------------------------- output

    def show_intro(self, hint: bool) -> None:
        """The game's title, and with a seat to play, how to get help."""
        self.console.show([("class:title", _("33: never push the total over %(limit)d.") % {"limit": LIMIT})])
        if hint:
            self.console.show([("class:hint", _("Type %(help)s (or press F1) for how to play; Tab completes your cards.")
                                 % {"help": typed_word("help")})])

    def note_events(self, events: list[Event], phase: Phase, players: int) -> None:
        """After the lines of `events` (the table now in `phase`): the forfeit's warning and the result."""
        if phase is Phase.PICK and not self._warned:
            # 33.12: the warning goes with the forfeit draw, whoever is playing.
            self._warned = True
            self.console.show([("class:hint", forfeit_warning())])
        for event in events:
            if event["event"] == "play" and self.names.is_you(event["player"]):
                self._played = True
            if event["event"] == "game_over" and event.get("loser") is not None:
                self.console.show([("class:title", result_line(event["loser"], event["rule"], players,
                                                               self.names))])

    def show_position(self) -> None:
        view = self.seen()
        if view.phase is Phase.PLAY and view.current == view.seat:
            self.console.show(self.table())

    def face(self, face: str) -> str:
        return show_face(face, self.ascii)

    def hand_fragments(self, hand: list[str] | tuple[str, ...]) -> Fragments:
        frags: Fragments = []
        for card in hand:
            text = f"[{self.face(card)}]" if self.ascii else f"\u2009{self.face(card)}\u2009"
            frags += [(card_style(card), text), ("", " ")]
        return frags

    def table(self) -> Fragments:
        view = self.seen()
        # TRANSLATORS: 33's stock (each game's stock has its own entry: use your table's word for it).
        stock = npgettext("33", "%(count)d card in the stock", "%(count)d cards in the stock",
                          view.stock_size) % {"count": view.stock_size}
        frags: Fragments = [
            ("", "\n"),
            ("class:total", _("Total: %(total)d") % {"total": view.total}),
            ("", f"  ·  {stock}"),
        ]
        if view.top is not None:
            frags += [("", "  ·  " + _("Top of the pile:") + " "), (card_style(view.top), self.face(view.top))]
        frags += [("", "\n" + _("Your hand:") + " ")] + self.hand_fragments(view.hand)
        return frags

    def toolbar(self) -> str:
        view = self.seen()
        turn = self.names(view.current) if view.current is not None else ""
        return " " + _("33 · total %(total)d · turn: %(player)s · F1 help · F2 rules · Ctrl-D quit") % {
            "total": view.total, "player": turn
        }

    # ------------------------------------------------------------------ input

    def choices(self) -> list[str]:
        """What completion offers: the legal plays, in notation and in words, and the commands."""
        view = self.seen()
        words: list[str] = []
        if view.phase is Phase.PLAY and view.current == view.seat and view.seat not in view.pending:
            plays = view.legal_plays()
            for play in plays:
                words.append(self.face(play.card) if self.ascii else play.card)
            kinds = card_words()
            for play in plays:
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
        """The prompt of the seat's first move: how a card is typed, with cards from their hand."""
        hand = self.seen().hand
        single = [f for f in hand if len(VALUES[f]) == 1]
        double = [f for f in hand if len(VALUES[f]) == 2]
        examples = [single[0] if single else "+7"]
        face = double[0] if double else "1/11"
        examples.append(f"{face} {max(VALUES[face])}")
        # TRANSLATORS: %(examples)s are typed cards joined by "or", e.g. "+7 or 1/11 11".
        return _("Play a card, like %(examples)s:") % {"examples": format_list(examples, style="or")}

    def read_play(self) -> Play | None:
        """One attempt at the seat's play; None after a command or an error shown."""
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
        """The play a seat's words name, asking for the value of a two-value card."""
        parsed = parse_card(text)
        hand = self.seen().hand
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

    def read_action(self) -> Action | None:
        """One attempt at the seat's decision on its turn, from what it types (the engine or the
        host judges it); None after a command or an error shown."""
        view = self.seen()
        seat = view.seat
        if view.phase is Phase.PLAY and seat in view.pending:
            text = self.ask(_("You hold two cards. Type %(draw)s:") % {"draw": typed_word("draw")})
            if command_of(text) == "draw":
                return Draw(seat)
            self.handle_command(command_of(text)) or self.say_error(
                illegal_line(IllegalAction("33.10", "draw_first"), self.ascii))
            return None
        if view.phase is Phase.PLAY:
            if self._table_shown != view.plays:
                self._table_shown = view.plays
                self.console.show(self.table())
            return self.read_play()
        if view.phase is Phase.SAY:
            text = self.ask(_("Say the new total:"), [])
            if self.handle_command(command_of(text)):
                return None
            said = whole_number(text.replace("\u2212", "-"))
            if said is None:
                self.say_error(_("Type the total as a number."))
                return None
            return Say(said)
        if view.phase is Phase.DRAW:
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
        if view.phase is Phase.PICK:
            return self.read_pick()
        return None

    def read_pick(self) -> Action | None:
        free = [self.face(f) for f in self.seen().free_faces()]
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

    def late_draw(self) -> bool | None:
        """33.10: the seat ended its turn without drawing and the next player is about to draw;
        True: the seat draws now; False: it lets them go on; None: a command was carried out."""
        text = self.ask(_("Press Enter to go on."), [command_word("draw")])
        command = command_of(text)
        if command == "draw":
            return True
        if not text.strip():
            return False
        if not self.handle_command(command):
            self.say_error(go_on_line(command_word("draw")))
        return None


class PlaySession(Screen, TableSession):
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
        self.start_screen()

    def seen(self) -> TableView:
        return table_view(self.state, self.learner if self.learner is not None else 0)

    def event_line(self, event: Event) -> str | None:
        return event_line(event, self.names, self.ascii, reveal=self.learner is None,
                          manual=self.state.options.manual_draw)

    def emit(self, events: list[Event]) -> None:
        super().emit(events)
        self.note_events(events, self.state.phase, self.state.players)

    def show_position(self) -> None:
        if self.learner is not None:
            super().show_position()

    def learner_action(self) -> Action | None:
        s = self.state
        action = self.read_action()
        if isinstance(action, Play) and self.coach:
            from tutor.games.thirty_three.coach import best_legal, judge

            verdict = judge(s, action)
            if verdict.kind == "illegal":
                # The refusal first, then the play that fits (33.7).
                self.say_error(illegal_line(IllegalAction(verdict.clause or "33.5", verdict.message or "not_now",
                                                          **verdict.params), self.ascii))
                best = best_legal(s) if verdict.message == "over_limit" else None
                if best is not None:
                    self.coach_says(instead_line(best, self.ascii))
                return None
            self.coach_says(*coach_lines(verdict, self.ascii))
        return action

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
            while (late := self.late_draw()) is None:
                pass
            if late:
                self.act(Draw(self.learner))
        self.bot_acts(seat, choice.action)

    def bot_remark(self, seat: int, action: Action, view: View) -> Remark | None:
        return bots.remark(self.level, action, seat, view)

    def remark_line(self, remark: Remark) -> str:
        return remark_line(remark)

    def intro(self) -> None:
        self.show_intro(hint=self.learner is not None)
        self.emit(self.state.opening)

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
