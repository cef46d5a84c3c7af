"""tutor as a Unix tool: closed pipes, full disks, closed stdin, narrow encodings, and
`tutor analyze` answering every input line in order, run as real processes."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import tutor

ROOT = Path(__file__).resolve().parent.parent


def run_tutor(args, *, env=None, timeout=60, stdout=subprocess.PIPE, **kwargs):
    full_env = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    return subprocess.run([sys.executable, "-m", "tutor", *args], stdout=stdout, stderr=subprocess.PIPE,
                          env=full_env, timeout=timeout, cwd=ROOT, **kwargs)


def test_a_closed_pipe_ends_quietly():
    proc = subprocess.Popen([sys.executable, "-m", "tutor", "rules", "toepen"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    first = proc.stdout.readline()
    proc.stdout.close()  # the reader goes away, as `| head -1` does
    err = proc.stderr.read()
    proc.wait(timeout=60)
    assert first.strip() and b"Traceback" not in err and err == b""
    assert proc.returncode in (0, 141)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_full_disk_is_one_line_and_exit_1():
    with open("/dev/full", "w") as full:
        result = run_tutor(["--lang", "lt", "--version"], stdout=full)
    err = result.stderr.decode()
    assert result.returncode == 1 and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert "diskas" in err  # said in Lithuanian: the disk is full


def test_an_ascii_stream_gets_the_ascii_drawing_by_itself():
    result = run_tutor(["--lang", "cs", "play", "toepen", "--auto", "--seed", "2"], env={"PYTHONIOENCODING": "ascii"})
    out = result.stdout.decode("ascii")  # every byte is ASCII
    assert result.returncode == 0 and b"Traceback" not in result.stderr
    assert "10S" in out or "10H" in out or "10C" in out or "10D" in out  # cards as codes, not symbols
    assert "Hrac" in out  # Czech, its accents dropped rather than an error


@pytest.mark.parametrize("args", [["play", "33"], ["analyze", "3-13"], ["learn", "33"], ["drill", "33"], []])
def test_a_closed_stdin_is_the_end_of_input(args):
    result = run_tutor(args, preexec_fn=lambda: os.close(0))
    assert result.returncode == 0, result.stderr.decode()
    assert b"Traceback" not in result.stderr


def binary_stdin(data: bytes) -> io.TextIOWrapper:
    return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")


def test_analyze_answers_every_line_in_order_with_its_number(capsys, monkeypatch):
    data = b"2H 3H 4H\n\n\xff\xfe 5H\nKH\n" + b"9" * 4301 + b"\n" + b"x" * 20000 + b"\n5H 5S 7C 8C\n"
    monkeypatch.setattr("sys.stdin", binary_stdin(data))
    from tutor.cli.main import run

    code = run(["analyze", "3-13", "--round", "3"])
    out, err = capsys.readouterr()
    results = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and [r["line"] for r in results] == [1, 2, 3, 4, 5, 6, 7]
    assert "error" not in results[0] and "error" not in results[6]
    for n in (2, 3, 4, 5, 6):
        assert str(n) in results[n - 1]["error"]
    assert len(out) < 5000  # a long line is not echoed back whole


def test_analyze_from_a_text_stream_counts_lines_the_same(capsys, monkeypatch):
    code, out, err = tutor(capsys, monkeypatch, ["analyze", "3-13", "--round", "2"], "\n2H 3H 4H AS\n")
    results = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and [r["line"] for r in results] == [1, 2] and "error" in results[0]


def test_a_fault_inside_tutor_is_one_line_and_its_details_are_kept(capsys, monkeypatch, tmp_path):
    from tutor.cli import info
    from tutor.cli.main import run

    def broken():
        raise RuntimeError("deliberately broken")

    monkeypatch.delenv("TUTOR_DEBUG", raising=False)
    monkeypatch.setattr(info, "print_games", broken)
    code = run(["games"])
    out, err = capsys.readouterr()
    assert code == 70 and "Traceback" not in err and len(err.strip().splitlines()) == 1
    reports = list((tmp_path / "home").glob("crash-*.txt"))
    assert len(reports) == 1 and "deliberately broken" in reports[0].read_text()


def test_a_bad_option_value_is_echoed_quoted_and_short(capsys, monkeypatch):
    code, out, err = tutor(capsys, monkeypatch, ["play", "toepen", "--option", "limit=" + "9" * 5000])
    assert code == 2 and len(err) < 200 and "\u201c999" in err and "\u2026\u201d" in err
    code, out, err = tutor(capsys, monkeypatch, ["--lang", "fr", "play", "33", "--option", "zz\x1b[31m=1"])
    assert code == 2 and "\x1b" not in err and "\u00ab\u00a0zz?[31m\u00a0\u00bb" in err

