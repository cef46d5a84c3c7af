"""`tutor` with no command: the home menu, to pick a language, a game and what to do.

The language and the card letters chosen here are remembered in the learner's progress file
and used the next time tutor starts (a `--lang`, `TUTOR_LANG` or `--cards` still wins). The
card letters are offered only in a language whose cards have letters of their own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutor import i18n
from tutor.i18n import _
from tutor.typed import whole_number

if TYPE_CHECKING:
    from tutor.cli.common import Display


def _choose(console, title: str, options: list[str]) -> int:  # type: ignore[no-untyped-def]
    """A numbered menu; the index chosen (0-based). Leave propagates."""
    console.show([("class:title", title)])
    for n, option in enumerate(options, 1):
        console.show(f"  {n}. {option}")
    while True:
        reply = console.ask(_("Your choice (a number):") + " ", [str(n) for n in range(1, len(options) + 1)])
        number = whole_number(reply, 1, len(options))
        if number is not None:
            return number - 1
        if reply.strip():
            console.show([("class:error", _("Type a number from 1 to %(count)d.") % {"count": len(options)})])


def _letters(faces: str) -> str:
    """The letters the cards show for the jack, queen, king and ace with these faces: "В Д К Т"."""
    from tutor.cardfaces import local_letters
    from tutor.cards import rank_code

    letters = local_letters()
    return " ".join(letters[r] if faces == "local" else rank_code(r) for r in letters)


def _choose_faces(console, progress) -> None:  # type: ignore[no-untyped-def]
    """Asks which letters the cards show, uses them at once and remembers them."""
    from tutor.cardfaces import FACES, use_faces
    from tutor.progress import remember_cards

    names = [
        _("The letters of your language: %(letters)s") % {"letters": _letters("local")},
        _("International letters: %(letters)s") % {"letters": _letters("international")},
    ]
    faces = FACES[_choose(console, _("Which letters should the cards show?"), names)]
    use_faces(faces)
    remember_cards(progress, faces)


def home(display: Display) -> int:
    from tutor import games as registry
    from tutor.cardfaces import faces as faces_in_use
    from tutor.cli.common import UserError, error_line
    from tutor.cli.drill import drill_command
    from tutor.cli.learn import learn_command
    from tutor.cli.play import play_command
    from tutor.cli.progress import open_progress, progress_command
    from tutor.progress import remember_language
    from tutor.trainer.console import Leave, open_console

    console = open_console(display.color, {}, display.ascii)
    game = registry.GAMES[0]
    try:
        while True:
            # Label style ("33: lessons"): the game's name stands alone, so no language has to
            # inflect it inside a sentence.
            actions = [
                ("learn", _("%(game)s: guided lessons") % {"game": _(game.name)}),
                ("drill", _("%(game)s: short drills") % {"game": _(game.name)}),
                ("play", _("%(game)s: play against bots") % {"game": _(game.name)}),
                ("rules", _("%(game)s: rules") % {"game": _(game.name)}),
                ("progress", _("My progress")),
                ("language", _("Language: %(name)s") % {"name": i18n.language_name(i18n.current())}),
            ]
            if _letters("local") != _letters("international"):  # only where the language has letters of its own
                actions.append(("cards", _("Card letters: %(letters)s") % {"letters": _letters(faces_in_use())}))
            actions += [("game", _("Game: %(name)s") % {"name": _(game.name)}), ("quit", _("Quit"))]
            choice = actions[_choose(console, _("tutor: what would you like to do?"), [a[1] for a in actions])][0]
            try:
                if choice == "learn":
                    learn_command(game.id, None, display)
                elif choice == "drill":
                    drill_command(game.id, None, 5, display)
                elif choice == "play":
                    play_command(game.id, None, "normal", None, None, [], False, display, coach=True)
                elif choice == "rules":
                    from tutor.cli.info import print_rules

                    print_rules(game.id, None)
                elif choice == "progress":
                    progress_command(False)
                elif choice == "language":
                    names = [f"{i18n.language_name(code)} ({code})" for code in i18n.LANGUAGES]
                    lang = i18n.LANGUAGES[_choose(console, _("Choose your language:"), names)]
                    i18n.use(lang)
                    remember_language(open_progress(), lang)
                elif choice == "cards":
                    _choose_faces(console, open_progress())
                elif choice == "game":
                    names = [f"{_(g.name)} ({g.aliases[0]})" for g in registry.GAMES]
                    game = registry.GAMES[_choose(console, _("Choose a game:"), names)]
                else:
                    return 0
            except UserError as err:
                error_line(err.message)
    except Leave:
        console.show(_("See you next time!"))
        return 0
