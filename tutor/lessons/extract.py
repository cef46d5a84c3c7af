"""A Babel extractor for lesson YAML: every learner-facing text, with its real line.

Registered in pyproject.toml (`[tool.babel.extractors] lesson = ...`) for
`lessons/**.yaml`, so `pybabel extract` collects lesson texts beside the code's. Each
message carries a comment naming the lesson and the field (`steps[3].prompt`), which
tells a translator what kind of text it is.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from tutor.lessons.model import LessonError, parse_lesson, read_yaml


def extract_lessons(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: dict[str, Any]
) -> Iterator[tuple[int, str, str, list[str]]]:
    """Yields (line, function, message, comments) as Babel's extractors do."""
    name = getattr(fileobj, "name", "lesson.yaml")
    path = Path(name)
    try:
        lesson = parse_lesson(path, read_yaml(path))
    except LessonError as err:
        # A broken lesson has no reliable fields; `tutor check` reports it with its line.
        raise SystemExit(f"{err.path}:{err.line}:{err.column}: {err.message} {err.params}") from None
    for text, label, (line, _column) in lesson.texts():
        yield line, "_", text, [f"lesson {lesson.game}/{lesson.id}: {label}"]
