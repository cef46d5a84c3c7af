"""`tutor games`, `tutor languages` and `tutor rules`: texts to read, no game to play."""

from __future__ import annotations

import importlib

import typer

from tutor import games as registry
from tutor import i18n
from tutor.cli.common import UserError
from tutor.i18n import _, ngettext, quoted


def find_game(name: str) -> registry.GameInfo:
    try:
        return registry.find(name)
    except registry.UnknownGame:
        known = i18n.format_list([f"{g.id} ({', '.join(g.aliases)})" for g in registry.GAMES])
        raise UserError(
            _("Unknown game %(name)s. Games: %(games)s.") % {"name": quoted(name), "games": known}, code=2
        ) from None


def print_games() -> None:
    for game in registry.GAMES:
        players = ngettext(
            "%(low)d to %(high)d player", "%(low)d to %(high)d players", game.max_players
        ) % {"low": game.min_players, "high": game.max_players}
        typer.echo(f"{game.id} ({', '.join(game.aliases)}): {_(game.name)} · {players}")
        typer.echo(f"    {_(game.summary)}")


def print_languages() -> None:
    current = i18n.current()
    for code in i18n.LANGUAGES:
        own = i18n.language_name(code)
        mark = "*" if code == current else " "
        if code == current:
            typer.echo(f"{mark} {code}  {own}")
        else:
            typer.echo(f"{mark} {code}  {own} ({i18n.language_name(code, current)})")


def print_rules(game_name: str, clause_id: str | None) -> None:
    from tutor.games.rulebook import clause_lines, find_clauses

    game = find_game(game_name)
    rules = importlib.import_module(game.module + ".rules")
    clauses = list(rules.CLAUSES)
    if clause_id is not None:
        clauses = find_clauses(clauses, clause_id)
        if not clauses:
            ids = ", ".join(c.id for c in rules.CLAUSES)
            raise UserError(_("No clause %(clause)s. Clauses: %(ids)s.") % {"clause": quoted(clause_id), "ids": ids}, 2)
    else:
        typer.echo(_("%(game)s: rules") % {"game": _(game.name)})
        typer.echo("")
    for clause in clauses:
        typer.echo("\n".join(clause_lines(clause)))
        typer.echo("")
    if clause_id is None and getattr(rules, "OPTIONS_HELP", None):
        typer.echo(_("Options (tutor play %(game)s --option KEY=VALUE):") % {"game": game.aliases[0]})
        for key, clause, text in rules.OPTIONS_HELP:
            typer.echo(f"    {key:<22} {_(text)} ({clause})")
