"""The standard streams, made fit for a terminal program that must never crash on them.

- A closed standard input (`tutor play 33 <&-`) reads as an empty one: end of input.
- A closed standard output or error writes nowhere instead of failing.
- Typed bytes that are not valid text become U+FFFD, which every prompt refuses in words.
- An output stream that cannot encode the card symbols (`PYTHONIOENCODING=ascii`, an
  old terminal) makes the cards drawn in ASCII by themselves, and any other character
  it cannot show is replaced by its nearest ASCII or `?`, never an error.
"""

from __future__ import annotations

import codecs
import io
import os
import sys
import unicodedata

# The symbols the card drawing and the narrators use beyond ASCII.
SYMBOLS = "\u2665\u2666\u2663\u2660\u00b7\u00b1\u2212\u2014\u2026"


# What a stream that cannot show a character prints instead, before falling back to `?`.
_PLAIN = {
    "\u00b7": "-", "\u2014": "-", "\u2013": "-", "\u2212": "-", "\u00b1": "+-", "\u2026": "...",
    "\u00ab": '"', "\u00bb": '"', "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u2018": "'",
    "\u2019": "'", "\u00a0": " ", "\u202f": " ", "\u2665": "H", "\u2666": "D", "\u2663": "C", "\u2660": "S",
    "\u2605": "*", "\u2606": ".",
}
FALLBACK = "tutor-plain"


def _plain(exc: UnicodeError) -> tuple[str, int]:
    """A codec error handler: each character the stream cannot encode becomes its
    nearest ASCII (a dash for a middle dot, `e` for `é`), else `?`."""
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    out = []
    for ch in exc.object[exc.start : exc.end]:
        if ch in _PLAIN:
            out.append(_PLAIN[ch])
            continue
        bare = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
        out.append(bare if bare.isascii() and bare.isprintable() and bare else "?")
    return "".join(out), exc.end


codecs.register_error(FALLBACK, _plain)


def prepare() -> None:
    """Makes the three standard streams safe to use; called once, before anything runs."""
    if sys.stdin is None:
        sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115 - lives as long as the program
    elif isinstance(sys.stdin, io.TextIOWrapper):
        sys.stdin.reconfigure(errors="replace")
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        if stream is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115
        elif isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors=FALLBACK)


def can_draw(stream: object = None) -> bool:
    """True when `stream` (standard output by default) can encode the card symbols."""
    encoding = getattr(stream if stream is not None else sys.stdout, "encoding", None) or "utf-8"
    try:
        SYMBOLS.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def silence_stdout() -> None:
    """After a broken pipe or a full disk: points standard output at nothing, so the
    interpreter's last flush at exit finds nothing left to write and prints no error."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass
