"""`tutor host` and `tutor join`: one table over the network, each player in their own language.

The host deals and referees (tutor.net.host) in a thread, and plays in this terminal through an
in-process link; `tutor join ADDRESS CODE` takes a seat from another terminal or machine. Both
run the game's client session (`tutor/games/<game>/remote.py`), which shows everything in the
player's own language.
"""

from __future__ import annotations

import getpass
import importlib
import random
import socket
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tutor import __version__
from tutor.cli.common import UserError
from tutor.i18n import _, quoted

if TYPE_CHECKING:
    from tutor.cli.common import Display

DEFAULT_PORT = 7333
#: Seconds `tutor join` waits for the table's welcome.
WELCOME_TIME = 15.0


def os_text(exc: OSError) -> str:
    """Why a socket or a file failed, in the user's language."""
    from tutor.cli.common import reason_text
    from tutor.storedfile import os_reason

    return reason_text(os_reason(exc))


def net_game(game: Any) -> Any:
    """The game's NetGame (tutor/games/<game>/net.py)."""
    try:
        return importlib.import_module(game.module + ".net").NET
    except ModuleNotFoundError:
        raise UserError(_("%(game)s cannot be played over the network yet.") % {"game": _(game.name)}, 2) from None


def client_class(net: Any) -> type:
    module, _sep, name = net.client.partition(":")
    return getattr(importlib.import_module(module), name)  # type: ignore[no-any-return]


def default_name() -> str:
    from tutor.net.frames import clean_name

    try:
        return clean_name(getpass.getuser()) or _("Player")
    except Exception:  # no login name (a container, a service account)
        return _("Player")


def checked_name(name: str | None) -> str:
    from tutor.net.frames import clean_name

    if name is None:
        return default_name()
    cleaned = clean_name(name)
    if cleaned is None:
        raise UserError(_("A name needs at least one letter or digit."), 2)
    return cleaned


def local_address(bind: str) -> str:
    """The address others type to reach this machine: the bind address, or this machine's
    address on its network when listening on all of them."""
    if bind not in ("0.0.0.0", "::", ""):
        return bind
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.255.255.255", 1))  # no packet is sent: this only picks the route
            return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"


def join_line(address: str, port: int, code: str) -> str:
    host = f"[{address}]" if ":" in address else address
    return f"tutor join {host}:{port} {code}"


def tables_dir() -> Path:
    from tutor.progress import app_dir

    return app_dir() / "tables"


def host_command(game_name: str | None, players: int | None, level: str, seed: int | None, record: Path | None,
                 option_pairs: list[str], display: Display, coach: bool, clock: float | None, port: int,
                 bind: str, start_when: int | None, name: str | None, on_drop: str, resume: Path | None) -> int:
    from tutor.net.frames import new_code
    from tutor.net.host import OnDrop, Server, Table
    from tutor.net.link import LocalLink
    from tutor.trainer.console import Leave, open_console

    me = checked_name(name)
    try:
        drop = OnDrop(on_drop.lower())
    except ValueError:
        raise UserError(_("--on-drop takes %(choices)s, not %(value)s.") % {
            "choices": "bot, pause", "value": quoted(on_drop)}, 2) from None
    if not 0 <= port <= 65535:
        raise UserError(_("A port is a number from 1 to 65535, not %(port)d.") % {"port": port}, 2)
    append = resume is not None  # a resumed table writes on at the end of its record
    if resume is not None:
        game, kit, state, header, names, host_seat = resumed(resume)
        level = header.get("level", level)
        clock = header.get("clock")
        writer_path = resume
        rng = random.Random()  # the bots' choices from here on are new ones
        options_record = header.get("options", {})
    else:
        if game_name is None:
            raise UserError(_("Name the game to host, or --resume FILE."), 2)
        from tutor.cli.play import setup_game

        setup = setup_game(game_name, players, level, seed, option_pairs, clock)
        game, kit, state, rng, seed, level = setup.game, setup.kit, setup.state, setup.rng, setup.seed, setup.level
        names = [None] * setup.players
        names[0] = me
        host_seat = 0
        if start_when is not None and not 1 <= start_when <= setup.players:
            raise UserError(_("--start-when takes 1 to %(players)d players.") % {"players": setup.players}, 2)
        options_record = kit.record_options(setup.options, setup.players)
        writer_path = record or tables_dir() / f"{game.id}-{time.strftime('%Y%m%d-%H%M%S')}.jsonl"
        header = {"game": game.id, "seed": seed, "options": options_record, "tutor": __version__,
                  "level": level, **({"clock": clock} if clock is not None else {})}
    net = net_game(game)
    from tutor.cli.play import open_record

    try:
        writer_path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UserError(_("Cannot write the record to %(file)s: %(reason)s") % {
            "file": str(writer_path), "reason": os_text(exc)}) from None
    writer = open_record(writer_path, header, append=True) if append else None
    holder: dict[str, Any] = {"writer": writer}

    def started(seats: list[Any]) -> None:
        """The game starts: the record's header names who sits where."""
        players_line = [f"{'host' if s.host else 'human'}:{s.name}" if s.name else f"bot:{level}" for s in seats]
        holder["writer"] = open_record(writer_path, {**header, "players": players_line})

    def write(events: list[Any]) -> None:
        if holder["writer"] is not None:
            holder["writer"].write(events)

    code = new_code()
    server = Server(lambda: Table(net, state, game=game.id, level=level, rng=rng, code=code, options=options_record,
                                  names=names, host_seat=host_seat, on_drop=drop, start_when=start_when, clock=clock,
                                  record=write, on_start=None if append else started, started=append),
                    bind, port)
    try:
        server.start()
    except OSError as exc:
        raise UserError(_("Cannot open a table on %(address)s: %(reason)s") % {
            "address": f"{bind}:{port}", "reason": os_text(exc)}) from None
    console = open_console(display.color, {"f1": "help", "f2": "rules"}, display.ascii)
    console.show([("class:title", _("Your table is open. The others join with this line:"))])
    console.show([("class:total", "  " + join_line(local_address(bind), server.port, code))])
    console.show([("class:hint", _("The game is written to %(file)s; if this terminal closes, %(command)s opens the "
                                   "table again.") % {"file": str(writer_path),
                                                      "command": f"tutor host --resume {writer_path}"})])
    link = LocalLink()
    assert server.table is not None
    server.call(server.table.attach_local, link, me)
    try:
        welcome = link.receive(timeout=10)
        if welcome is None or welcome.get("type") != "welcome":
            raise UserError(_("The table did not start."))
        session = client_class(net)(console, link, welcome, display.ascii, coach)
        session.run()
    except Leave as leave:
        console.show(_("You closed the table. %(command)s opens it again.") % {
            "command": f"tutor host --resume {writer_path}"})
        return 130 if leave.reason == "interrupt" else 0
    finally:
        server.stop()  # first: a seat left by the host must not be played on by a bot meanwhile
        link.close()
        if holder["writer"] is not None:
            holder["writer"].close()
    if state.is_over:
        from tutor.cli.progress import open_progress
        from tutor.progress import record_game

        record_game(open_progress(), game.id, lost=kit.lost(state, host_seat))
        console.show(_("The game was written to %(file)s.") % {"file": str(writer_path)})
    return 0


def resumed(path: Path) -> tuple[Any, Any, Any, dict[str, Any], list[str | None], int]:
    """A table's game, state, header, human names and host seat, from its record (a line the
    dying host left half-written is cut off first)."""
    from tutor.cli.info import find_game
    from tutor.cli.replay import record_error_line
    from tutor.games.base import Chance
    from tutor.records import RecordError, cut_partial_line, read_record

    def shape_for(header: dict[str, Any]) -> Any:
        return find_game(str(header.get("game"))).kit().record_shape

    try:
        cut_partial_line(path)
        header, events = read_record(path, shape_for)
    except OSError as exc:
        raise UserError(_("Cannot read %(file)s: %(reason)s") % {"file": str(path), "reason": os_text(exc)}) from None
    except RecordError as err:
        raise UserError(record_error_line(err, path)) from None
    players = header.get("players") or []
    if not any(isinstance(p, str) and p.startswith("host:") for p in players):
        raise UserError(_("%(file)s is not the record of a network table.") % {"file": str(path)})
    game = find_game(str(header["game"]))
    kit = game.kit()
    state = None
    try:
        for _event, state in kit.replay(header, events):
            pass
    except RecordError as err:
        raise UserError(record_error_line(err, path, kit)) from None
    if state is None:
        raise UserError(_("%(file)s is not the record of a network table.") % {"file": str(path)})
    if state.is_over:
        raise UserError(_("The game in %(file)s is over; there is nothing to resume.") % {"file": str(path)})
    state.chance = Chance(random.Random())  # the shuffles still to come are new ones
    names = [p.split(":", 1)[1] if p.startswith(("host:", "human:")) else None for p in players]
    host_seat = next(i for i, p in enumerate(players) if p.startswith("host:"))
    return game, kit, state, header, names, host_seat


def parse_address(text: str) -> tuple[str, int]:
    """`host:port`, `[v6]:port` or `host` (the default port) -> (host, port)."""
    text = text.strip()
    if text.startswith("["):
        host, _sep, rest = text[1:].partition("]")
        port_text = rest.removeprefix(":")
    elif text.count(":") == 1:
        host, _sep, port_text = text.partition(":")
    else:
        host, port_text = text, ""
    try:
        port = int(port_text) if port_text else DEFAULT_PORT
    except ValueError:
        port = -1
    if not host or not 1 <= port <= 65535:
        raise UserError(_("%(address)s is not an address like 192.168.1.5:7333.") % {"address": quoted(text)}, 2)
    return host, port


def join_command(address: str, code: str, name: str | None, display: Display, coach: bool) -> int:
    from tutor.cli.info import find_game
    from tutor.net.frames import CODE, PROTOCOL, normal_code
    from tutor.net.link import Closed, connect
    from tutor.trainer.console import Leave, open_console
    from tutor.trainer.remote import error_line

    host, port = parse_address(address)
    if not CODE.match(normal_code(code)):
        raise UserError(_("%(code)s is not a join code; it looks like k7m2-q9x4.") % {"code": quoted(code)}, 2)
    me = checked_name(name)
    try:
        link = connect(host, port)
    except OSError as exc:
        raise UserError(_("Cannot reach a table at %(address)s: %(reason)s") % {
            "address": f"{host}:{port}", "reason": os_text(exc)}) from None
    try:
        link.send({"type": "hello", "protocol": PROTOCOL, "code": normal_code(code), "name": me})
        welcome = link.receive(timeout=WELCOME_TIME)
    except Closed:
        welcome = None
    if welcome is None:
        link.close()
        raise UserError(_("The table at %(address)s did not answer.") % {"address": f"{host}:{port}"})
    if welcome.get("type") == "error":
        link.close()
        raise UserError(error_line(str(welcome.get("error"))))
    if welcome.get("type") != "welcome" or not isinstance(welcome.get("seat"), int):
        link.close()
        raise UserError(_("The table at %(address)s did not answer.") % {"address": f"{host}:{port}"})
    game = find_game(str(welcome.get("game")))
    console = open_console(display.color, {"f1": "help", "f2": "rules"}, display.ascii)
    try:
        session = client_class(net_game(game))(console, link, welcome, display.ascii, coach)
        session.run()
    except Leave as leave:
        console.show(_("You left the table. Join again with the same code and name to take your seat back."))
        return 130 if leave.reason == "interrupt" else 0
    finally:
        link.close()
    return 0
