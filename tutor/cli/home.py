"""`tutor` with no command: the home menu, to pick a language, a game and what to do.

The language chosen here is remembered in the learner's progress file and used the
next time tutor starts (a `--lang` or `TUTOR_LANG` still wins).
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


def home(display: Display) -> int:
    from tutor import games as registry
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
                _("%(game)s: guided lessons") % {"game": _(game.name)},
                _("%(game)s: short drills") % {"game": _(game.name)},
                _("%(game)s: play against bots") % {"game": _(game.name)},
                _("%(game)s: rules") % {"game": _(game.name)},
                _("My progress"),
                _("Language: %(name)s") % {"name": i18n.language_name(i18n.current())},
                _("Game: %(name)s") % {"name": _(game.name)},
                _("Quit"),
            ]
            choice = _choose(console, _("tutor: what would you like to do?"), actions)
            try:
                if choice == 0:
                    learn_command(game.id, None, display)
                elif choice == 1:
                    drill_command(game.id, None, 5, display)
                elif choice == 2:
                    play_command(game.id, None, "normal", None, None, [], False, display, coach=True)
                elif choice == 3:
                    from tutor.cli.info import print_rules

                    print_rules(game.id, None)
                elif choice == 4:
                    progress_command(False)
                elif choice == 5:
                    names = [f"{i18n.language_name(code)} ({code})" for code in i18n.LANGUAGES]
                    lang = i18n.LANGUAGES[_choose(console, _("Choose your language:"), names)]
                    i18n.use(lang)
                    remember_language(open_progress(), lang)
                elif choice == 6:
                    names = [f"{_(g.name)} ({g.aliases[0]})" for g in registry.GAMES]
                    game = registry.GAMES[_choose(console, _("Choose a game:"), names)]
                else:
                    return 0
            except UserError as err:
                error_line(err.message)
    except Leave:
        console.show(_("See you next time!"))
        return 0
