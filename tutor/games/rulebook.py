"""A rule clause as every game's rules screen shows it, and that screen's text."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass

from tutor.cardtext import render
from tutor.i18n import _


@dataclass(frozen=True)
class Clause:
    id: str  # the RULEBOOK id, e.g. "33.7"
    title: str  # message id
    text: str  # message id
    decided: bool = False  # the RULEBOOK marks this clause "(decided)"


def find_clauses(clauses: Sequence[Clause], wanted: str) -> list[Clause]:
    """Clauses matching `33.7` or just `7`."""
    wanted = wanted.strip()
    prefix = clauses[0].id.split(".")[0] if clauses else ""
    return [c for c in clauses if c.id in (wanted, f"{prefix}.{wanted}")]


def clause_lines(clause: Clause, width: int = 78) -> list[str]:
    title = f"{clause.id} {_(clause.title)}"
    if clause.decided:
        title += " " + _("(decided by tutor: the sources are silent or disagree)")
    body = textwrap.fill(render(_(clause.text)), width=width, initial_indent="    ", subsequent_indent="    ")
    return [title, *body.splitlines()]
