"""Lessons as data: the YAML format, read safely, checked field by field with line numbers.

A lesson file (`lessons/<game>/*.yaml`) is a mapping with `lesson: 1` (the format
version), `id`, `game`, `title`, optional `order` and `clauses`, and `steps`. Each step
has exactly one kind key: `say`, `position`, `decide`, `play_on` or `quiz` (see
docs/lessons.md). English text in the file is the msgid; translations live in the
catalogs.

The YAML is composed, not constructed: no tag can build an object, and a tag other than
the plain YAML ones is an error. The walk over the node tree is bounded, so an alias
"bomb" cannot blow up memory.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

FORMAT = 1
STEP_KINDS = ("say", "position", "decide", "play_on", "quiz")
MAX_NODES = 20_000
MAX_DEPTH = 32

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
    if budget[0] > MAX_NODES or depth > MAX_DEPTH:
        raise LessonError(file, *mark, "lesson_too_big")
    if node.tag not in _PLAIN_TAGS:
        raise LessonError(file, *mark, "lesson_bad_tag", tag=node.tag)
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
    return _SCALARS.construct_object(node, deep=True)


def read_yaml(path: Path) -> Located:
    """The file's data with positions; a YAML error is a LessonError with its line and column."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise LessonError(path, 1, 1, "lesson_unreadable", reason=type(exc).__name__) from None
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        raise LessonError(path, line, col, "lesson_yaml", problem=str(exc.problem or exc.context or "")) from None
    except yaml.YAMLError:
        raise LessonError(path, 1, 1, "lesson_yaml", problem="") from None
    if node is None:
        raise LessonError(path, 1, 1, "lesson_empty")
    marks: dict[Tuple, Mark] = {}
    value = _convert(node, (), marks, path, [0], 0)
    return Located(value, marks)


@dataclass(frozen=True)
class Step:
    kind: str
    data: dict[str, Any]
    index: int
    line: int


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
          field=", ".join(sorted(map(str, unknown))))
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
              kinds=", ".join(STEP_KINDS), found=", ".join(map(str, raw)))
        kind = kinds[0]
        step = _check_step(kind, raw, located, path, where)
        parsed.append(Step(kind, step, i, located.mark(where)[0]))
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
    _need(not extra, loc, path, where, "lesson_unknown_field", field=", ".join(sorted(map(str, extra))))
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
    _need(not extra, loc, path, inner, "lesson_unknown_field", field=", ".join(sorted(map(str, extra))))

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
