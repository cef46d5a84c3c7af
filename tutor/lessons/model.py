"""Lessons as data: the YAML format, read safely, checked field by field with line numbers.

A lesson file (`lessons/<game>/*.yaml`) is a mapping with `lesson: 1` (the format
version), `id`, `game`, `title`, optional `order` and `clauses`, and `steps`. Each step
has exactly one kind key: `say`, `position`, `decide`, `play_on` or `quiz` (see
docs/lessons.md). English text in the file is the msgid; translations live in the
catalogs.

The file is never trusted: it is read through `tutor.storedfile` (a regular file, at most
`MAX_BYTES`), composed with a depth limit (PyYAML's composer recurses, so `[` nested a
thousand times would otherwise end in a RecursionError), and composed, not constructed:
no tag can build an object, and a tag other than the plain YAML ones is an error. The
walk over the node tree is bounded, so an alias "bomb" cannot blow up memory, and a
number may have at most `MAX_NUMBER_CHARS` characters. Every problem is a LessonError
with the file, line and column.
"""

from __future__ import annotations

import errno
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from tutor import storedfile
from tutor.i18n import quoted
from tutor.lessons.positions import shown_keys

FORMAT = 1
STEP_KINDS = ("say", "position", "decide", "play_on", "quiz")
MAX_NODES = 20_000
MAX_DEPTH = 32
MAX_BYTES = 256 * 1024  # the longest shipped lesson is about 7 KB
MAX_NUMBER_CHARS = 20  # no lesson needs a longer number; `int()` refuses 4,301 digits

# Which fields of each step kind hold text a learner reads (and translators translate).
TEXT_FIELDS: dict[str, tuple[str, ...]] = {
    "say": ("say",),
    "decide": ("prompt", "hint", "explain"),
    "quiz": ("question", "choices", "explain", "hint"),
}

_PLAIN_TAGS = {
    "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:float", "tag:yaml.org,2002:seq", "tag:yaml.org,2002:map",
}


class LessonError(Exception):
    """A problem in a lesson file, at a place in it; `message` is a message id."""

    def __init__(self, path: Path | str, line: int, column: int, message: str, **params: Any) -> None:
        super().__init__(f"{path}:{line}:{column}: {message} {params}")
        self.path = str(path)
        self.line = line
        self.column = column
        self.message = message
        self.params = params


Mark = tuple[int, int]
Tuple = tuple[Any, ...]
_SCALARS = yaml.constructor.SafeConstructor()


@dataclass
class Located:
    """Plain data from the YAML, with the line and column of every value by its path."""

    value: Any
    marks: dict[tuple[Any, ...], Mark] = field(default_factory=dict)

    def mark(self, path: tuple[Any, ...]) -> Mark:
        while path and path not in self.marks:
            path = path[:-1]
        return self.marks.get(path, (1, 1))


def _convert(node: yaml.Node, path: Tuple, marks: dict, file: Path, budget: list[int], depth: int) -> Any:
    budget[0] += 1
    mark = (node.start_mark.line + 1, node.start_mark.column + 1)
    if budget[0] > MAX_NODES:
        raise LessonError(file, *mark, "lesson_too_big")
    if depth > MAX_DEPTH:
        raise LessonError(file, *mark, "lesson_too_deep")
    if node.tag not in _PLAIN_TAGS:
        raise LessonError(file, *mark, "lesson_bad_tag", tag=quoted(str(node.tag)))
    marks[path] = mark
    if isinstance(node, yaml.MappingNode):
        result = {}
        for key_node, value_node in node.value:
            key = _convert(key_node, path + ("<key>",), marks, file, budget, depth + 1)
            if not isinstance(key, (str, int)):
                raise LessonError(file, key_node.start_mark.line + 1, key_node.start_mark.column + 1, "lesson_bad_key")
            result[key] = _convert(value_node, path + (key,), marks, file, budget, depth + 1)
        return result
    if isinstance(node, yaml.SequenceNode):
        return [_convert(item, path + (i,), marks, file, budget, depth + 1) for i, item in enumerate(node.value)]
    if node.tag in _NUMBER_TAGS and len(str(node.value)) > MAX_NUMBER_CHARS:
        raise LessonError(file, *mark, "lesson_bad_number", number=quoted(str(node.value)))
    try:
        return _SCALARS.construct_object(node, deep=True)
    except (ValueError, ArithmeticError):  # a number YAML's resolver took but Python cannot build
        raise LessonError(file, *mark, "lesson_bad_number", number=quoted(str(node.value))) from None


_NUMBER_TAGS = {"tag:yaml.org,2002:int", "tag:yaml.org,2002:float"}


class _Refused(yaml.YAMLError):
    def __init__(self, message: str, mark: yaml.Mark) -> None:
        super().__init__(message)
        self.message = message
        self.mark = mark


class _BoundedLoader(yaml.SafeLoader):
    """The safe loader, refusing nesting past MAX_DEPTH before its recursive composer goes
    deeper, and more than MAX_NODES values before it builds them all (pure-Python PyYAML
    takes seconds for a quarter of a megabyte of `[1,1,1,…]`)."""

    depth = 0
    nodes = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        self.depth += 1
        self.nodes += 1
        try:
            if self.depth > MAX_DEPTH:
                raise _Refused("lesson_too_deep", self.peek_event().start_mark)
            if self.nodes > MAX_NODES:
                raise _Refused("lesson_too_big", self.peek_event().start_mark)
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


def _problem(text: str) -> str:
    """PyYAML's own words for a problem, as one short line (they are English, like a compiler's)."""
    line = " ".join(text.split())
    return line if len(line) <= 120 else line[:119] + "\u2026"


def _place(text: str, index: int) -> Mark:
    """The line and column (from 1) of character `index` of `text`."""
    index = max(0, min(index, len(text)))
    return text.count("\n", 0, index) + 1, index - (text.rfind("\n", 0, index) + 1) + 1


def read_text(path: Path) -> str:
    """The lesson file's text, read as a stored file (regular, size-capped, UTF-8)."""
    try:
        data = storedfile.read_bytes(path, MAX_BYTES)
    except FileNotFoundError:
        raise LessonError(path, 1, 1, "lesson_unreadable", reason=_problem(os.strerror(errno.ENOENT))) from None
    except storedfile.StoredFileError as exc:
        if exc.reason == "too_big":
            raise LessonError(path, 1, 1, "lesson_file_too_big", kb=MAX_BYTES // 1024) from None
        if exc.reason == "not_a_file":
            raise LessonError(path, 1, 1, "lesson_not_a_file") from None
        raise LessonError(path, 1, 1, "lesson_unreadable", reason=_problem(exc.detail or exc.reason)) from None
    try:
        return storedfile.decode(data)
    except storedfile.StoredFileError:
        try:
            data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            start = exc.start + (3 if data.startswith(b"\xef\xbb\xbf") else 0)
            line = data.count(b"\n", 0, start) + 1
            column = start - (data.rfind(b"\n", 0, start) + 1) + 1
            raise LessonError(path, line, column, "lesson_not_utf8") from None
        raise


def read_yaml(path: Path) -> Located:
    """The file's data with positions; a YAML error is a LessonError with its line and column."""
    text = read_text(path)
    try:
        node = yaml.compose(text, Loader=_BoundedLoader)
    except _Refused as exc:
        raise LessonError(path, exc.mark.line + 1, exc.mark.column + 1, exc.message) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = " ".join(p for p in (exc.context, exc.problem) if p)
        raise LessonError(path, line, col, "lesson_yaml", problem=_problem(problem or str(exc))) from None
    except yaml.reader.ReaderError as exc:
        # A character YAML does not allow (a NUL byte, say): PyYAML gives its index in the text.
        line, col = _place(text, exc.position)
        char = exc.character if isinstance(exc.character, int) else ord(exc.character[:1] or "\0")
        problem = f"unacceptable character #x{char:04x}: {exc.reason}"
        raise LessonError(path, line, col, "lesson_yaml", problem=_problem(problem)) from None
    except yaml.YAMLError as exc:
        raise LessonError(path, 1, 1, "lesson_yaml", problem=_problem(str(exc))) from None
    if node is None:
        raise LessonError(path, 1, 1, "lesson_empty")
    marks: dict[Tuple, Mark] = {}
    value = _convert(node, (), marks, path, [0], 0)
    return Located(value, marks)


#: A position's `deal`: `new` (another deal than the table before; the trainer says so) or
#: `continue` (the same deal, later on; `tutor check` holds it to the table the lesson left).
DEALS = ("new", "continue")


@dataclass(frozen=True)
class Step:
    kind: str
    data: dict[str, Any]  # a position's: its game's fields, without `deal`
    index: int
    line: int
    deal: str | None = None  # a position's `deal` field, if it has one


@dataclass(frozen=True)
class Lesson:
    id: str
    game: str
    title: str
    order: int
    clauses: tuple[str, ...]
    steps: tuple[Step, ...]
    path: str
    located: Located = field(compare=False, repr=False)

    def texts(self) -> list[tuple[str, str, Mark]]:
        """Every learner-facing text: (text, field path, (line, column))."""
        found = [(self.title, "title", self.located.mark(("title",)))]
        for step in self.steps:
            for name in TEXT_FIELDS.get(step.kind, ()):
                value = step.data.get(name)
                values = value if isinstance(value, list) else [value]
                for j, text in enumerate(values):
                    if isinstance(text, str) and text.strip():
                        inner = () if step.kind == "say" else (step.kind,)
                        where = ("steps", step.index, *inner, name) + ((j,) if isinstance(value, list) else ())
                        label = f"steps[{step.index}].{name}" + (f"[{j}]" if isinstance(value, list) else "")
                        found.append((text, label, self.located.mark(where)))
        return found


def _need(cond: bool, loc: Located, path: Path, where: Tuple, message: str, **params: Any) -> None:
    if not cond:
        line, col = loc.mark(where)
        raise LessonError(path, line, col, message, **params)


def parse_lesson(path: Path, located: Located) -> Lesson:
    """Checks the generic shape of a lesson (the game checks its positions and answers)."""
    data = located.value
    _need(isinstance(data, dict), located, path, (), "lesson_not_mapping")
    _need(data.get("lesson") == FORMAT, located, path, ("lesson",), "lesson_bad_format", expected=FORMAT)
    for key in ("id", "game", "title"):
        _need(isinstance(data.get(key), str) and data[key].strip() != "", located, path, (key,),
              "lesson_missing_field", field=key)
    unknown = set(data) - {"lesson", "id", "game", "title", "order", "clauses", "steps"}
    _need(not unknown, located, path, (sorted(unknown)[0],) if unknown else (), "lesson_unknown_field",
          field=shown_keys(unknown))
    order = data.get("order", 0)
    _need(isinstance(order, int) and not isinstance(order, bool), located, path, ("order",), "lesson_bad_field",
          field="order")
    clauses = data.get("clauses", [])
    _need(isinstance(clauses, list) and all(isinstance(c, str) for c in clauses), located, path, ("clauses",),
          "lesson_bad_field", field="clauses")
    steps = data.get("steps")
    _need(isinstance(steps, list) and len(steps) > 0, located, path, ("steps",), "lesson_missing_field", field="steps")
    parsed = []
    for i, raw in enumerate(steps):
        where = ("steps", i)
        _need(isinstance(raw, dict), located, path, where, "lesson_bad_step")
        kinds = [k for k in STEP_KINDS if k in raw]
        _need(len(kinds) == 1, located, path, where, "lesson_step_kind",
              kinds=", ".join(STEP_KINDS), found=shown_keys(raw, sort=False))
        kind = kinds[0]
        step = _check_step(kind, raw, located, path, where)
        deal = step.pop("deal", None) if kind == "position" else None
        parsed.append(Step(kind, step, i, located.mark(where)[0], deal))
    return Lesson(data["id"], data["game"], data["title"], order, tuple(clauses), tuple(parsed), str(path), located)


def _check_step(kind: str, raw: dict[str, Any], loc: Located, path: Path, where: Tuple) -> dict[str, Any]:
    def text(name: str, required: bool) -> None:
        value = raw.get(name)
        ok = (isinstance(value, str) and value.strip() != "") if required or value is not None else True
        _need(ok, loc, path, where + (name,), "lesson_missing_field" if value is None else "lesson_bad_field",
              field=name)

    allowed = {"say": {"say", "clause"}, "position": {"position"}, "decide": {"decide"},
               "play_on": {"play_on"}, "quiz": {"quiz"}}[kind]
    extra = set(raw) - allowed
    _need(not extra, loc, path, where, "lesson_unknown_field", field=shown_keys(extra))
    if kind == "say":
        text("say", True)
        text("clause", False)
        return dict(raw)
    body = raw[kind]
    if kind == "play_on" and body is None:
        body = {}
    _need(isinstance(body, dict), loc, path, where + (kind,), "lesson_bad_field", field=kind)
    inner = where + (kind,)
    fields = {
        # A position's fields belong to its game: the game's lesson adapter checks them.
        "position": set(body),
        "decide": {"prompt", "expect", "hint", "explain", "clause"},
        "play_on": {"level", "until"},
        "quiz": {"question", "choices", "answer", "explain", "hint", "clause"},
    }[kind]
    extra = set(body) - fields
    _need(not extra, loc, path, inner, "lesson_unknown_field", field=shown_keys(extra))
    if kind == "position" and "deal" in body:
        _need(body["deal"] in DEALS, loc, path, inner + ("deal",), "lesson_bad_field", field="deal")

    def inner_text(name: str, required: bool) -> None:
        value = body.get(name)
        ok = isinstance(value, str) and value.strip() != "" if (required or value is not None) else True
        _need(ok, loc, path, inner + (name,), "lesson_missing_field" if value is None else "lesson_bad_field",
              field=name)

    if kind == "decide":
        inner_text("prompt", True)
        _need(isinstance(body.get("expect"), (str, int)) and not isinstance(body.get("expect"), bool), loc, path,
              inner + ("expect",), "lesson_missing_field", field="expect")
        for name in ("hint", "explain", "clause"):
            inner_text(name, False)
    elif kind == "quiz":
        inner_text("question", True)
        choices = body.get("choices")
        _need(isinstance(choices, list) and 2 <= len(choices) <= 6 and all(isinstance(c, str) and c.strip()
              for c in choices), loc, path, inner + ("choices",), "lesson_bad_field", field="choices")
        answer = body.get("answer")
        _need(isinstance(answer, int) and not isinstance(answer, bool) and 1 <= answer <= len(choices), loc, path,
              inner + ("answer",), "lesson_bad_answer", count=len(choices))
        inner_text("explain", True)
        for name in ("hint", "clause"):
            inner_text(name, False)
    elif kind == "play_on":
        _need(body.get("level", "normal") in ("easy", "normal", "hard"), loc, path, inner + ("level",),
              "lesson_bad_field", field="level")
        _need(body.get("until", "turn") in ("turn", "end"), loc, path, inner + ("until",), "lesson_bad_field",
              field="until")
    return dict(body)


def load_lesson(path: Path) -> Lesson:
    return parse_lesson(path, read_yaml(path))
