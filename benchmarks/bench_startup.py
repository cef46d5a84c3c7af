"""How quickly `tutor` starts, against a bare Python importing the libraries it needs.

Each command runs as a fresh process (median wall time of --runs runs, default 7); its
baseline, measured in the same run and interleaved with it, is `python -c "import ..."` of
the libraries that command cannot do without. The ratio is command / baseline.

    tutor --help            vs  import typer                          target 1.5x
    tutor rules 33          vs  import typer, babel                   target 1.5x
    tutor play 33 --seed 1  vs  import typer, babel, prompt_toolkit   target 1.3x
      (stdin at /dev/null: it prints the first screen and stops at the end of input)

The `tutor` used is the one next to this Python (sys.executable), in English, with a scratch
TUTOR_HOME (the first, untimed run of each fills its catalog cache). A command that fails is
reported as failed, with its exit code and last line of error output, and the others still run.

    python benchmarks/bench_startup.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

PY = sys.executable
TUTOR = str(Path(sys.executable).with_name("tutor"))


@dataclass(frozen=True)
class Case:
    name: str
    command: list[str]
    baseline: list[str]
    target: float


CASES = (
    Case("tutor --help", [TUTOR, "--help"], [PY, "-c", "import typer"], 1.5),
    Case("tutor rules 33", [TUTOR, "rules", "33"], [PY, "-c", "import typer, babel"], 1.5),
    Case(
        "tutor play 33 (first screen)",
        [TUTOR, "play", "33", "--seed", "1"],
        [PY, "-c", "import typer, babel, prompt_toolkit"],
        1.3,
    ),
)


class Failed(Exception):
    pass


def timed(command: list[str], env: dict[str, str]) -> float:
    """Wall time of one run, stdin at /dev/null; Failed if it does not exit 0 or prints nothing."""
    start = time.perf_counter()
    try:
        done = subprocess.run(
            command, stdin=subprocess.DEVNULL, capture_output=True, env=env, timeout=60, check=False
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise Failed(f"{type(exc).__name__}: {exc}") from None
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        lines = done.stderr.decode(errors="replace").strip().splitlines() or ["(no error output)"]
        raise Failed(f"exit code {done.returncode}: {lines[-1]}")
    if command[0] == TUTOR and not done.stdout.strip():
        raise Failed("exit code 0 but nothing printed")
    return seconds


def measure(case: Case, runs: int, env: dict[str, str]) -> tuple[float, float]:
    """Median seconds of the command and of its baseline, runs interleaved."""
    timed(case.baseline, env)  # warm the disk cache, bytecode and catalog cache before timing
    timed(case.command, env)
    ours, base = [], []
    for _ in range(runs):
        base.append(timed(case.baseline, env))
        ours.append(timed(case.command, env))
    return statistics.median(ours), statistics.median(base)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    print(f"start-up, median of {args.runs} runs each; python: {PY}")
    print(f"{'command':<30}{'ms':>7}   {'baseline':<38}{'ms':>7}{'ratio':>9}{'target':>8}")
    failures = 0
    # A scratch app folder, so the runs neither read nor change the user's progress.
    home = tempfile.TemporaryDirectory(prefix="tutor-bench-")
    env = dict(os.environ, TUTOR_HOME=home.name, TUTOR_LANG="en")
    for case in CASES:
        label = " ".join(case.baseline[2:]) if case.baseline[1] == "-c" else " ".join(case.baseline)
        try:
            ours, base = measure(case, args.runs, env)
        except Failed as exc:
            failures += 1
            print(f"{case.name:<30}FAILED: {exc}")
            continue
        ratio = ours / base
        verdict = "ok" if ratio <= case.target else "over"
        print(f"{case.name:<30}{1000 * ours:7.0f}   {label:<38}{1000 * base:7.0f}"
              f"{ratio:7.3f}x{case.target:7.1f}x  {verdict}")
    home.cleanup()
    if failures:
        sys.exit(1)


if __name__ == "__main__":
    main()
