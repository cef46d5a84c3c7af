"""Fills the English catalog: every msgstr is its msgid (English is the source language).

Run after `pybabel update` so the English catalog is complete like the others:
    python scripts/fill_english.py
"""

from __future__ import annotations

from pathlib import Path

from babel.messages.pofile import read_po, write_po

PATH = Path(__file__).resolve().parent.parent / "locales" / "en" / "LC_MESSAGES" / "tutor.po"


def main() -> None:
    with PATH.open("rb") as fh:
        catalog = read_po(fh, locale="en")
    for message in catalog:
        if not message.id:
            continue
        message.string = tuple(message.id) if isinstance(message.id, (list, tuple)) else message.id
        message.flags.discard("fuzzy")
    with PATH.open("wb") as fh:
        write_po(fh, catalog, width=100)


if __name__ == "__main__":
    main()
