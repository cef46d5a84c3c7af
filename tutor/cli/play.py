"""`tutor play`: checks the command line, sets up the game and runs the session."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tutor import __version__
from tutor.cli.common import UserError
from tutor.cli.info import find_game
from tutor.cli.options import parse_option_pairs
from tutor.games.base import OptionError
from tutor.i18n import _, quoted

if TYPE_CHECKING:
    from tutor.cli.common import Display

LEVELS = ("easy", "normal", "hard")


@dataclass
class Setup:
    """A new game as the command line asked for it."""

    game: Any  # tutor.games.GameInfo
    kit: Any  # tutor.games.kit.GameKit
    state: Any
    rng: random.Random
    seed: int
    options: Any
    players: int
    level: str


def setup_game(game_name: str, players: int | None, level: str, seed: int | None, option_pairs: list[str],
               clock: float | None = None) -> Setup:
    """Checks the game, its options, level and clock, and deals: one line and exit 2 for what is wrong."""
    game = find_game(game_name)
    if clock is not None and game.id != "three-thirteen-speed":
        raise UserError(_("--clock is for 3-13 Speed only."), 2)
    if clock is not None and not 1 <= clock <= 600:
        raise UserError(_("--clock takes 1 to 600 seconds, not %(seconds)s.") % {"seconds": f"{clock:g}"}, 2)
    kit = game.kit()
    level = level.lower()
    if level not in LEVELS:
        raise UserError(_("Unknown level %(level)s. Levels: easy, normal, hard.") % {"level": quoted(level)}, 2)
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    players = game.default_players if players is None else players
    try:
        options = kit.parse_options(parse_option_pairs(option_pairs))
        rng = random.Random(seed)
        state = kit.new_state(players, options, rng)
    except OptionError as err:
        raise UserError(kit.option_error_line(err), 2) from None
    return Setup(game, kit, state, rng, seed, options, players, level)


def open_record(record: Path, header: dict[str, Any], append: bool = False) -> Any:
    """A RecordWriter on `record`, or one line saying why the file cannot be written."""
    from tutor.records import RecordWriter

    try:
        return RecordWriter(record, header, append=append)
    except OSError as exc:
        raise UserError(
            _("Cannot write the record to %(file)s: %(reason)s") % {"file": str(record), "reason": exc.strerror}
        ) from None


def play_command(
    game_name: str,
    players: int | None,
    level: str,
    seed: int | None,
    record: Path | None,
    option_pairs: list[str],
    auto: bool,
    display: Display,
    coach: bool = False,
    clock: float | None = None,
) -> int:
    from tutor.trainer.console import Leave, open_console

    setup = setup_game(game_name, players, level, seed, option_pairs, clock)
    game, kit, state, rng, seed, options, players, level = (
        setup.game, setup.kit, setup.state, setup.rng, setup.seed, setup.options, setup.players, setup.level)
    learner = None if auto else 0
    writer = None
    if record is not None:
        header = {
            "game": game.id,
            "seed": seed,
            "players": ["learner" if seat == learner else f"bot:{level}" for seat in range(players)],
            "options": kit.record_options(options, players),
            "tutor": __version__,
        }
        writer = open_record(record, header)
    console = open_console(display.color, {"f1": "help", "f2": "rules"}, display.ascii)
    extra = {"clock": clock} if clock is not None else {}
    session = kit.session(console, state, level, rng, learner, display.ascii, writer.write if writer else None,
                          coach=coach and not auto, **extra)
    try:
        session.run()
    except Leave as leave:
        console.show(_("You left the game. See you next time!"))
        if leave.reason == "interrupt":
            return 130
        return 0
    finally:
        if writer:
            writer.close()
    if record is not None:
        console.show(_("The game was written to %(file)s.") % {"file": str(record)})
    if learner is not None and state.is_over:
        from tutor.cli.progress import open_progress
        from tutor.progress import record_game

        # A tally that cannot be saved (a full disk, a read-only home) is said in one line.
        record_game(open_progress(), game.id, lost=kit.lost(state, learner))
    return 0
