"""The command layer: one module per command, and what they share.

`main` is the entry point (`tutor`, `python -m tutor`): it settles the language, then
`app` builds the typer app whose commands each call one module here (`play`, `learn`,
`drill`, `check`, `progress`, `replay`, `analyze`, `home`, `info`). `common` is the
leaf every command may import (UserError, error lines, Display); `options` reads
`--option` pairs; `streams` makes the standard streams safe; `helpchrome` translates
typer's help. Nothing below this layer imports from it.
"""
