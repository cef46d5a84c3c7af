"""Where the trainer meets the learner: a prompt_toolkit session, or plain lines when piped.

A session shows styled text (a list of `(style, text)` fragments) and asks for a line,
with completion of the choices it is given and a bottom toolbar. F1 asks for help and F2
for the rules, as the typed commands do. Ctrl-C, Ctrl-D and the end of piped input all
raise `Leave`, which the session loop turns into a goodbye, never a traceback.

The console holds no game logic: what to offer and what is legal comes from the caller.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Sequence
from typing import IO, Protocol

from tutor import cardtext

Fragments = list[tuple[str, str]]

STYLE = {
    "title": "bold",
    "total": "bold ansicyan",
    "card.plus": "ansigreen bold",
    "card.minus": "ansired bold",
    "card.special": "ansiyellow bold",
    "card.red": "ansired bold",
    "card.black": "bold",
    "you": "bold",
    "error": "ansired",
    "rule": "italic ansibrightblack",
    "hint": "ansibrightblack",
    "bottom-toolbar": "noreverse bg:ansiblue ansiwhite",
}


class Leave(Exception):
    """The learner left: `reason` is "quit", "eof" or "interrupt"."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class TimeUp(Exception):
    """No answer came within the `timeout` given to `ask` (3-13 Speed's caller on a clock)."""


class Console(Protocol):
    #: Cards named in texts (`{KD}`, tutor.cardtext) are drawn in ASCII (`KD`) rather than `K♦`.
    ascii_only: bool

    def show(self, fragments: Fragments | str) -> None: ...

    def ask(self, prompt: str, choices: Sequence[str] = (), toolbar: str = "",
            timeout: float | None = None) -> str: ...


def plain(fragments: Fragments | str, ascii_only: bool = False) -> str:
    """The text of the fragments, with the cards named in it drawn (`{KD}` -> `K♦`)."""
    text = fragments if isinstance(fragments, str) else "".join(text for _, text in fragments)
    return cardtext.render(text, ascii_only)


def drawn(fragments: Fragments | str, ascii_only: bool = False) -> Fragments:
    """The fragments with the cards named in their texts drawn, each card in its suit's colour."""
    parts: Fragments = [("", fragments)] if isinstance(fragments, str) else fragments
    return [piece for style, text in parts for piece in cardtext.fragments(text, style, ascii_only)]


class LineConsole:
    """Plain lines on plain streams: for piped input, scripts and tests."""

    def __init__(self, stdin: IO[str] | None = None, stdout: IO[str] | None = None,
                 ascii_only: bool = False) -> None:
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout
        self.ascii_only = ascii_only

    def show(self, fragments: Fragments | str) -> None:
        self.stdout.write(plain(fragments, self.ascii_only) + "\n")
        self.stdout.flush()

    def ask(self, prompt: str, choices: Sequence[str] = (), toolbar: str = "",
            timeout: float | None = None) -> str:
        self.stdout.write(plain(prompt, self.ascii_only))
        self.stdout.flush()
        if timeout is not None and not _ready(self.stdin, timeout):
            self.stdout.write("\n")
            raise TimeUp()
        try:
            line = self.stdin.readline()
        except KeyboardInterrupt:
            raise Leave("interrupt") from None
        except (OSError, ValueError):
            raise Leave("eof") from None
        if not line:
            self.stdout.write("\n")
            raise Leave("eof")
        return line.rstrip("\r\n")


def wrap_fragments(fragments: Fragments, width: int) -> Fragments:
    """The fragments with line breaks between words, so that a terminal `width` cells wide
    never breaks a word in two; a line that wraps goes on under its own indent, and a word
    wider than a line keeps a line of its own. Styles are kept."""
    from prompt_toolkit.utils import get_cwidth

    if width < 20:
        return fragments
    out: Fragments = []
    col = 0  # cells on the current screen line
    indent = ""  # the leading spaces of the current line of text
    start = True  # still in those leading spaces
    gap: tuple[str, str] | None = None  # spaces before the next word, written with it
    for style, text in fragments:
        for piece in re.split(r"(\n| +)", text):
            if not piece:
                continue
            if piece == "\n":
                out.append((style, "\n"))
                col, indent, start, gap = 0, "", True, None
            elif piece[0] == " ":
                if start:
                    indent += piece
                    out.append((style, piece))
                    col += len(piece)
                else:
                    gap = (style, piece)
            else:
                start = False
                w = get_cwidth(piece)
                spaces = len(gap[1]) if gap else 0
                if gap and col + spaces + w > width:  # (text that abuts the last piece is the same word)
                    out.append((style, "\n" + indent))
                    col = len(indent)
                elif gap:
                    out.append(gap)
                    col += spaces
                gap = None
                out.append((style, piece))
                col += w
    if gap:  # spaces at the very end stay (a prompt's, before what the learner types)
        out.append(gap)
    return out


class PromptConsole:
    """A prompt_toolkit session: colours, completion, toolbar and keys."""

    def __init__(self, color: bool = True, input=None, output=None, keys: dict[str, str] | None = None,  # type: ignore[no-untyped-def]
                 ascii_only: bool = False) -> None:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.key_binding import KeyBindings
        from prompt_toolkit.keys import Keys
        from prompt_toolkit.styles import Style

        self.color = color
        self.ascii_only = ascii_only
        self.style = Style.from_dict(STYLE if color else {"bottom-toolbar": "noreverse"})
        self.output = output
        self._timer = None  # type: ignore[var-annotated]
        bindings = KeyBindings()
        for key, command in (keys or {}).items():
            bindings.add(key)(_submit(command))
        # Mouse reports are never asked for, yet a pasted or typed `ESC[31m` or `ESC[M` looks like
        # one, and prompt_toolkit's own handler fails on it ("Unhandled exception in event loop").
        bindings.add(Keys.Vt100MouseEvent)(_ignore)
        self.session: PromptSession[str] = PromptSession(
            input=input, output=output, key_bindings=bindings, style=self.style,
            complete_while_typing=True, color_depth=None if color else _mono(),
        )
        _end_stray_paste(self.session.input)

    def show(self, fragments: Fragments | str) -> None:
        from prompt_toolkit import print_formatted_text
        from prompt_toolkit.formatted_text import FormattedText

        parts = drawn(fragments, self.ascii_only)
        if not self.color:
            parts = [("", plain(parts))]
        print_formatted_text(FormattedText(wrap_fragments(parts, self.width())), style=self.style, output=self.output)

    def width(self) -> int:
        """The terminal's width in cells."""
        from prompt_toolkit.application.current import get_app_session

        return (self.output or get_app_session().output).get_size().columns

    def ask(self, prompt: str, choices: Sequence[str] = (), toolbar: str = "",
            timeout: float | None = None) -> str:
        from prompt_toolkit.completion import WordCompleter

        completer = WordCompleter(list(choices), ignore_case=True, sentence=True) if choices else None
        prompt = plain(wrap_fragments([("", plain(prompt, self.ascii_only))], self.width()))
        toolbar = plain(toolbar, self.ascii_only)
        try:
            return self.session.prompt(prompt, completer=completer, bottom_toolbar=toolbar or None,
                                       pre_run=self._alarm(timeout) if timeout is not None else None)
        except KeyboardInterrupt:
            raise Leave("interrupt") from None
        except EOFError:
            raise Leave("eof") from None
        finally:
            self.session.app.erase_when_done = False
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None


    def _alarm(self, timeout: float) -> Callable[[], None]:
        """A pre-run hook that ends the prompt with TimeUp after `timeout` seconds."""
        import asyncio

        app = self.session.app

        def expire() -> None:
            if app.is_running and not app.future.done():  # type: ignore[union-attr]
                app.erase_when_done = True  # a prompt nobody answered leaves no line behind
                app.exit(exception=TimeUp())

        def pre_run() -> None:
            self._timer = asyncio.get_running_loop().call_later(timeout, expire)

        return pre_run


def _ready(stream: IO[str], timeout: float) -> bool:
    """True when a line can be read from `stream` within `timeout` seconds (always, for a non-file)."""
    import select

    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):
        return True
    try:
        readable, _, _ = select.select([fd], [], [], timeout)
    except (OSError, ValueError):
        return True
    return bool(readable)


def _mono():  # type: ignore[no-untyped-def]
    from prompt_toolkit.output import ColorDepth

    return ColorDepth.MONOCHROME


def _end_stray_paste(source) -> None:  # type: ignore[no-untyped-def]
    """A typed `ESC[200~` starts a bracketed paste that no `ESC[201~` ends: prompt_toolkit would
    keep every key after it (Enter and Ctrl-C too) as pasted text, for ever. When the input
    goes quiet (prompt_toolkit flushes it after half a second), such a paste is ended and what
    it held is read as typed keys."""
    parser = getattr(source, "vt100_parser", None)
    if parser is None or not hasattr(parser, "_in_bracketed_paste"):
        return
    flush = parser.flush

    def flush_ending_paste() -> None:
        if getattr(parser, "_in_bracketed_paste", False):
            held = getattr(parser, "_paste_buffer", "")
            parser._in_bracketed_paste = False
            parser._paste_buffer = ""
            parser.feed(held)
        flush()

    parser.flush = flush_ending_paste


def _ignore(event) -> None:  # type: ignore[no-untyped-def]
    """A key binding that does nothing (and asks for no repaint)."""
    return NotImplemented  # type: ignore[return-value]


def _submit(command: str) -> Callable[..., None]:
    def handler(event) -> None:  # type: ignore[no-untyped-def]
        event.current_buffer.text = command
        event.current_buffer.validate_and_handle()

    return handler


def open_console(color: bool, keys: dict[str, str], ascii_only: bool = False) -> Console:
    """A prompt_toolkit console on a terminal, plain lines otherwise."""
    if sys.stdin.isatty() and sys.stdout.isatty():
        return PromptConsole(color=color, keys=keys, ascii_only=ascii_only)
    return LineConsole(ascii_only=ascii_only)
