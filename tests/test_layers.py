"""The house's shape: no import circle anywhere in `tutor/` (imports inside functions
count too), and nothing below the command layer imports from it."""

from __future__ import annotations

import ast
import graphlib
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "tutor"


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph() -> dict[str, set[str]]:
    modules = {module_name(p): p for p in PACKAGE.rglob("*.py")}

    def owner(name: str) -> str:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name

    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found |= {owner(a.name) for a in node.names if a.name.startswith("tutor")}
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(up + ([base] if base else []))
                if base.startswith("tutor"):
                    found |= {owner(f"{base}.{a.name}") for a in node.names}
        graph[name] = found - {name, ""}
    return graph


def test_there_is_no_import_circle():
    try:
        order = list(graphlib.TopologicalSorter(import_graph()).static_order())
    except graphlib.CycleError as err:
        raise AssertionError(f"import circle: {' -> '.join(err.args[1])}") from None
    assert "tutor.cli.main" in order and "tutor.cards" in order


def test_nothing_below_the_command_layer_imports_it():
    offenders = {name: sorted(d for d in deps if d.startswith("tutor.cli"))
                 for name, deps in import_graph().items()
                 if not name.startswith("tutor.cli") and name != "tutor.__main__"}  # the entry point sits above
    assert not {k: v for k, v in offenders.items() if v}


def test_the_command_layers_leaf_imports_no_command():
    deps = import_graph()["tutor.cli.common"]
    assert not {d for d in deps if d.startswith("tutor.cli")}
