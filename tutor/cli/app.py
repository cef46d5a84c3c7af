"""The typer app: one callback for the global options, one small function per command.

Each command converts its input and calls one function elsewhere; those modules are
imported inside the command so `tutor --help` loads none of them.
"""

# No `from __future__ import annotations` here: typer reads the annotations of
# functions defined inside build(), which string annotations would not resolve.
import functools
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Optional

import typer
import typer.core

from tutor import __version__
from tutor.cli import streams
from tutor.cli.common import Display, UserError, error_line
from tutor.cli.helpchrome import localize_help, usage_error_line
from tutor.i18n import _, pgettext, quoted

# Global options may be given anywhere on the line; they are moved before the command.
_GLOBAL_FLAGS = ("--ascii", "--no-color")
_GLOBAL_VALUED = ("--lang", "-l", "--cards")


def split_globals(argv: list[str]) -> tuple[list[str], list[str]]:
    """The global options (`--lang X`, `--cards X`, `--ascii`, ...) wherever they stand, and the rest."""
    front: list[str] = []
    rest: list[str] = []
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--":
            rest.extend(argv[i:])
            break
        if arg in _GLOBAL_FLAGS or arg.startswith(("--lang=", "--cards=")):
            front.append(arg)
        elif arg in _GLOBAL_VALUED and i + 1 < len(argv):
            front.extend(argv[i : i + 2])
            i += 1
        elif arg.startswith("-l") and not arg.startswith("--") and len(arg) > 2:
            front.append(arg)
        else:
            rest.append(arg)
        i += 1
    return front, rest


class TutorGroup(typer.core.TyperGroup):
    """Reports an unknown command in the learner's language, naming the real ones."""

    def resolve_command(self, ctx, args):  # type: ignore[no-untyped-def]
        name = args[0]
        if self.get_command(ctx, name) is None and not name.startswith("-"):
            from tutor.i18n import format_list

            raise UserError(
                _("Unknown command %(name)s. Commands: %(commands)s.")
                % {"name": quoted(name), "commands": format_list(list(self.commands))},
                code=2,
            )
        return super().resolve_command(ctx, args)


def local_letters_text() -> str:
    """The letters of the learner's language for the jack, queen, king and ace: "В Д К Т"."""
    from tutor.cardfaces import local_letters

    return " ".join(local_letters().values())


def _display(ctx: typer.Context) -> Display:
    return ctx.obj if isinstance(ctx.obj, Display) else Display(ascii=False, color=True)


def build() -> typer.Typer:
    localize_help()
    app = typer.Typer(
        cls=TutorGroup,
        help=_("A rules tutor and trainer for card games: learn, drill and play, in your language. "
               "With no command, a menu."),
        add_completion=False,
        rich_markup_mode=None,
        pretty_exceptions_enable=False,
        context_settings={"help_option_names": ["--help", "-h"]},
        # TRANSLATORS: in the usage line, "tutor [OPTIONS] COMMAND [ARGS]...".
        options_metavar=_("[OPTIONS]"),
        subcommand_metavar=_("COMMAND [ARGS]..."),
    )
    command = functools.partial(app.command, options_metavar=_("[OPTIONS]"))

    def show_version(value: bool) -> None:
        if value:
            typer.echo(f"tutor {__version__}")
            raise typer.Exit()

    @app.callback()
    def root(
        ctx: typer.Context,
        lang: Annotated[
            Optional[str],
            typer.Option("--lang", "-l", metavar=_("CODE"), help=_("Language: en, lt, de, fr, es, ru, cs or nb.")),
        ] = None,
        ascii_: Annotated[
            bool, typer.Option("--ascii", help=_("Draw cards with plain ASCII characters only."))
        ] = False,
        no_color: Annotated[bool, typer.Option("--no-color", help=_("Do not use colours."))] = False,
        cards: Annotated[
            Optional[str],
            typer.Option("--cards", metavar="local|international",
                         help=_("Card letters: local (those of your language: %(local)s) or international (%(international)s).")
                         % {"local": local_letters_text(), "international": "J Q K A"}),
        ] = None,
        version: Annotated[
            bool,
            typer.Option("--version", is_eager=True, callback=show_version, help=_("Show the version and exit.")),
        ] = False,
    ) -> None:
        # --cards was settled with the language, before the app was built (tutor.cli.main).
        color = not no_color and not os.environ.get("NO_COLOR")
        ctx.obj = Display(ascii=ascii_ or not streams.can_draw(), color=color)

    @command("games", help=_("List the games tutor teaches."))
    def games() -> None:
        from tutor.cli.info import print_games

        print_games()

    @command("languages", help=_("List the languages tutor speaks, each named in itself."))
    def languages() -> None:
        from tutor.cli.info import print_languages

        print_languages()

    @command("rules", help=_("Show the rules of a game, clause by clause, in your language."))
    def rules(
        game: Annotated[str, typer.Argument(metavar=_("GAME"), help=_("The game, by its id or short name (tutor games lists them: 33, 3-13, speed, ...)."))],
        clause: Annotated[
            Optional[str], typer.Argument(metavar=_("CLAUSE"), help=_("Show only this clause, e.g. 33.7."))
        ] = None,
    ) -> None:
        from tutor.cli.info import print_rules

        print_rules(game, clause)

    # The options `play` and `host` share, each defined once.
    LevelOption = Annotated[str, typer.Option("--level", metavar="easy|normal|hard", help=_("How well the bots play."))]
    SeedOption = Annotated[
        Optional[int], typer.Option("--seed", metavar="N", help=_("Seed for the shuffle, to replay a deal."))]
    RecordOption = Annotated[
        Optional[Path], typer.Option("--record", metavar=_("FILE"), help=_("Write the game to FILE (JSON Lines)."))]
    RuleOptions = Annotated[
        Optional[list[str]],
        typer.Option("--option", "-o", metavar="KEY=VALUE", help=_("A rule option; see the rules of the game."))]
    CoachOption = Annotated[
        bool, typer.Option("--coach/--no-coach", help=_("Let the coach flag weaker plays as you make them."))]
    ClockOption = Annotated[
        Optional[float],
        typer.Option("--clock", metavar=_("SECONDS"),
                     help=_("3-13 Speed: the caller calls on time, giving you SECONDS for each choice."))]

    @command("play", help=_("Play a full game against bots."))
    def play(
        ctx: typer.Context,
        game: Annotated[str, typer.Argument(metavar=_("GAME"), help=_("The game, by its id or short name (tutor games lists them: 33, 3-13, speed, ...)."))],
        players: Annotated[
            Optional[int], typer.Option("--players", "-p", metavar="N", help=_("Number of players, you included."))
        ] = None,
        level: LevelOption = "normal",
        seed: SeedOption = None,
        record: RecordOption = None,
        option: RuleOptions = None,
        auto: Annotated[bool, typer.Option("--auto", help=_("Let bots take every seat, you watch."))] = False,
        decks: Annotated[
            Optional[int],
            typer.Option("--decks", metavar="D", help=_("Three Thirteen: how many decks (the same as --option decks=D).")),
        ] = None,
        coach: CoachOption = False,
        clock: ClockOption = None,
    ) -> None:
        from tutor.cli.play import play_command

        options = (option or []) + ([f"decks={decks}"] if decks is not None else [])
        raise typer.Exit(play_command(game, players, level, seed, record, options, auto, _display(ctx), coach,
                                      clock))

    @command("host", help=_("Open a table on this machine for friends to join over the network."))
    def host(
        ctx: typer.Context,
        game: Annotated[
            Optional[str], typer.Argument(metavar=_("GAME"), help=_("The game, by its id or short name (tutor games lists them: 33, 3-13, speed, ...)."))
        ] = None,
        players: Annotated[
            Optional[int], typer.Option("--players", "-p", metavar="N", help=_("Number of seats, yours included."))
        ] = None,
        level: LevelOption = "normal",
        seed: SeedOption = None,
        record: RecordOption = None,
        option: RuleOptions = None,
        coach: CoachOption = False,
        clock: ClockOption = None,
        port: Annotated[int, typer.Option("--port", metavar="N", help=_("The port to listen on."))] = 7333,
        bind: Annotated[
            str, typer.Option("--bind", metavar=_("ADDRESS"), help=_("The address to listen on (all of this machine's by default)."))
        ] = "0.0.0.0",
        start_when: Annotated[
            Optional[int], typer.Option("--start-when", metavar="N", help=_("Start as soon as N players, you included, are seated."))
        ] = None,
        name: Annotated[Optional[str], typer.Option("--name", metavar=_("NAME"), help=_("Your name at the table."))] = None,
        on_drop: Annotated[
            str, typer.Option("--on-drop", metavar="bot|pause", help=_("When a player's connection drops: a bot plays for them, or the table waits."))
        ] = "bot",
        resume: Annotated[
            Optional[Path], typer.Option("--resume", metavar=_("FILE"), help=_("Open again the table whose game FILE records."))
        ] = None,
    ) -> None:
        from tutor.cli.table import host_command

        raise typer.Exit(host_command(game, players, level, seed, record, option or [], _display(ctx), coach, clock,
                                      port, bind, start_when, name, on_drop, resume))

    @command("join", help=_("Take a seat at a table someone opened with tutor host."))
    def join(
        ctx: typer.Context,
        address: Annotated[str, typer.Argument(metavar=_("ADDRESS"), help=_("The host's address and port, like 192.168.1.5:7333."))],
        code: Annotated[str, typer.Argument(metavar=pgettext("join code", "CODE"), help=_("The join code the host's terminal shows."))],
        name: Annotated[Optional[str], typer.Option("--name", metavar=_("NAME"), help=_("Your name at the table."))] = None,
        coach: CoachOption = False,
    ) -> None:
        from tutor.cli.table import join_command

        raise typer.Exit(join_command(address, code, name, _display(ctx), coach))

    @command("learn", help=_("Guided lessons on real hands, in order; picks up where you stopped."))
    def learn(
        ctx: typer.Context,
        game: Annotated[str, typer.Argument(metavar=_("GAME"), help=_("The game, by its id or short name (tutor games lists them: 33, 3-13, speed, ...)."))],
        lesson: Annotated[
            Optional[str], typer.Argument(metavar=_("LESSON"), help=_("A lesson number or id, to take that one."))
        ] = None,
    ) -> None:
        from tutor.cli.learn import learn_command

        raise typer.Exit(learn_command(game, lesson, _display(ctx)))

    @command("drill", help=_("Short exercises on one skill each; weak skills come back sooner."))
    def drill(
        ctx: typer.Context,
        game: Annotated[str, typer.Argument(metavar=_("GAME"), help=_("The game, by its id or short name (tutor games lists them: 33, 3-13, speed, ...)."))],
        skill: Annotated[
            Optional[str], typer.Option("--skill", "-s", metavar=_("SKILL"), help=_("Drill only this skill."))
        ] = None,
        count: Annotated[int, typer.Option("--count", "-n", metavar="N", help=_("How many exercises."))] = 5,
    ) -> None:
        from tutor.cli.drill import drill_command

        raise typer.Exit(drill_command(game, skill, count, _display(ctx)))

    @command("progress", help=_("What you have learned and played, and which drills are due."))
    def progress(
        as_json: Annotated[bool, typer.Option("--json", help=_("Print it as JSON, for scripts."))] = False,
    ) -> None:
        from tutor.cli.progress import progress_command

        raise typer.Exit(progress_command(as_json))

    @command("check", help=_("Check lesson files: YAML, positions on the engine, answers, translations."))
    def check(
        path: Annotated[
            Optional[Path], typer.Argument(metavar=_("PATH"), help=_("A lesson file or folder (default: all)."))
        ] = None,
        translations: Annotated[
            bool,
            typer.Option("--translations/--no-translations", help=_("Also check that every text is translated.")),
        ] = True,
    ) -> None:
        from tutor.cli.check import check_command

        raise typer.Exit(check_command(path, translations))

    @command("analyze", help=_("The best arrangement of a Three Thirteen hand, for people or scripts."))
    def analyze(
        game: Annotated[str, typer.Argument(metavar=_("GAME"), help=_("The game: 3-13 (three-thirteen)."))],
        hand: Annotated[
            Optional[list[str]],
            typer.Argument(metavar=_("HAND"), help=_("Cards like %(example)s; without them, one hand per line is read.")
                % {"example": "10H AS QD"}),
        ] = None,
        round_: Annotated[int, typer.Option("--round", "-r", metavar="R", help=_("The round, 1 to 11."))] = 11,
        decks: Annotated[int, typer.Option("--decks", metavar="D", help=_("How many decks are in play."))] = 2,
        option: Annotated[
            Optional[list[str]],
            typer.Option("--option", "-o", metavar="KEY=VALUE", help=_("A rule option, as for tutor play: aces=high, face-points=11-13, natural-required=on, max-one-wild=on.")),
        ] = None,
        as_json: Annotated[bool, typer.Option("--json", help=_("Print it as JSON, for scripts."))] = False,
    ) -> None:
        from tutor.cli.analyze import analyze_command

        raise typer.Exit(analyze_command(game, round_, decks, option or [], as_json, hand or []))

    @command("replay", help=_("Step through a recorded game, narrated in your language."))
    def replay(
        ctx: typer.Context,
        file: Annotated[Path, typer.Argument(metavar=_("FILE"), help=_("A game record written with --record."))],
        step: Annotated[
            bool, typer.Option("--step/--all", help=_("Wait for Enter after each move, or print it all at once."))
        ] = True,
    ) -> None:
        from tutor.cli.replay import replay_command

        raise typer.Exit(replay_command(file, step, _display(ctx)))

    return app


#: Read-only commands with plain arguments, run without building the typer app: building
#: it and coercing parameters costs typer's pydantic import, which would double the time
#: of `tutor rules 33`. Anything else on the line (an option, --help) takes the full path.
_QUICK = {"games": (0, 0), "languages": (0, 0), "rules": (1, 2)}


def _quick_command(words: list[str]) -> Callable[[], int] | None:
    """The command line without its global options, run directly if it is a quick one."""
    if any(word.startswith("-") for word in words):
        return None
    if not words or words[0] not in _QUICK:
        return None
    low, high = _QUICK[words[0]]
    args = words[1:]
    if not low <= len(args) <= high:
        return None

    def run() -> int:
        from tutor.cli import info

        if words[0] == "games":
            info.print_games()
        elif words[0] == "languages":
            info.print_languages()
        else:
            info.print_rules(args[0], args[1] if len(args) > 1 else None)
        return 0

    return run


def _display_from_argv(argv: list[str]) -> Display:
    color = "--no-color" not in argv and not os.environ.get("NO_COLOR")
    return Display(ascii="--ascii" in argv or not streams.can_draw(), color=color)


def invoke(argv: list[str]) -> int:
    from typer._click import exceptions as click_exc

    front, rest = split_globals(argv)
    if not rest:
        from tutor.cli.home import home

        return home(_display_from_argv(front))
    quick = _quick_command(rest)
    if quick is not None:
        return quick()
    argv = front + rest
    app = build()
    command = typer.main.get_command(app)
    try:
        result = command.main(args=argv, prog_name="tutor", standalone_mode=False)
    except click_exc.UsageError as exc:
        error_line(usage_error_line(exc))
        sys.stderr.write(_("Try %(command)s for help.") % {"command": "'tutor --help'"} + "\n")
        return 2
    except typer.Abort:
        sys.stderr.write("\n" + _("Interrupted.") + "\n")
        return 130
    except typer.Exit as exc:
        return exc.exit_code
    return result if isinstance(result, int) else 0
