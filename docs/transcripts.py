"""Keep the console examples of README.md true: run them, then rewrite or check their output.

    python docs/transcripts.py            # rewrite the output of every console block in README.md
    python docs/transcripts.py --check    # report the blocks whose output drifted; exit 1 if any did

A transcript is a fenced block marked ``console``. Each line starting with ``$ `` is a command,
continued on the next lines while a quote is open or a line ends with a backslash; the lines
after it, up to the next command, are what the command printed on stdout (write ``2>&1`` to
show stderr as well). Blank lines after an output separate it from the next command.

Each block runs in a fresh temporary directory holding a copy of ``seeds/`` and the store
``kg build seeds/`` makes of them (``kg-data``), with ``kg`` running this repository's code;
a block right after the line ``<!-- transcript: fresh -->`` starts without the store. A line
``...`` in an output stands for any lines: checking skips them, rewriting keeps the elision
(the lines after a ``...`` are found again by their beginning, up to the first digit).
Timings such as ``in 0.4 s`` are compared as ``in N s``. A command has 300 s to finish; what a
block leaves running in the background (a server, with its output redirected) is stopped at its end.
"""
from __future__ import annotations

import argparse
import difflib
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
FRESH_MARK = "<!-- transcript: fresh -->"
ELISION = "..."
ELAPSED = re.compile(r"\bin \d+(?:\.\d+)? m?s\b")
"""A duration as kg prints it ("in 0.4 s", "in 12 ms"): different on every run."""
SETUP = "kg build seeds/"
COMMAND_TIMEOUT = 300


@dataclass
class Command:
    """One ``$`` command of a transcript, the output written under it, and the blank lines after."""

    lines: list[str]
    output: list[str] = field(default_factory=list)
    gap: int = 0

    @property
    def text(self) -> str:
        return "\n".join(self.lines)[2:]


@dataclass
class Block:
    """A console block: where its lines are in the README, and its commands."""

    start: int  # index of the first command's line
    end: int  # index of the closing fence
    fresh: bool
    commands: list[Command]

    def render(self) -> list[str]:
        lines: list[str] = []
        for command in self.commands:
            lines += command.lines + command.output + [""] * command.gap
        return lines


def _complete(command: str) -> bool:
    if command.endswith("\\"):
        return False
    try:
        shlex.split(command, comments=True)
    except ValueError:  # a quote still open: the command goes on on the next line
        return False
    return True


def parse(text: str) -> list[Block]:
    """The console blocks of a Markdown text.

    >>> [b.commands[0].text for b in parse("```console\\n$ echo 'a\\nb'\\na\\nb\\n```\\n")]
    ["echo 'a\\nb'"]
    """
    lines = text.split("\n")
    blocks, i = [], 0
    while i < len(lines):
        if lines[i].strip() != "```console":
            i += 1
            continue
        before = next((line.strip() for line in reversed(lines[:i]) if line.strip()), "")
        start = j = i + 1
        commands: list[Command] = []
        while j < len(lines) and lines[j].strip() != "```":
            line = lines[j]
            if line.startswith("$ "):
                if not commands:
                    start = j  # lines before the first command are not output: left as they are
                command = Command([line])
                while not _complete("\n".join(command.lines)[2:]) and j + 1 < len(lines) \
                        and lines[j + 1].strip() != "```":
                    j += 1
                    command.lines.append(lines[j])
                commands.append(command)
            elif commands:
                commands[-1].output.append(line)
            j += 1
        for command in commands:
            while command.output and not command.output[-1].strip():
                command.output.pop()
                command.gap += 1
        blocks.append(Block(start, j, before == FRESH_MARK, commands))
        i = j + 1
    return blocks


def _normal(line: str) -> str:
    return ELAPSED.sub("in N s", line.rstrip())


def matches(expected: list[str], actual: list[str]) -> bool:
    """Whether ``actual`` is ``expected``, where a ``...`` line stands for any lines.

    >>> matches(["a", "...", "z"], ["a", "b", "c", "z"]), matches(["built in 0.4 s"], ["built in 12 s"])
    (True, True)
    >>> matches(["a", "..."], ["b"])
    False
    """
    if not expected:
        return not actual
    if expected[0].strip() == ELISION:
        return any(matches(expected[1:], actual[k:]) for k in range(len(actual) + 1))
    return bool(actual) and _normal(expected[0]) == _normal(actual[0]) and matches(expected[1:], actual[1:])


def _anchor(line: str) -> str:
    return re.split(r"\d", _normal(line), maxsplit=1)[0]


def elide(expected: list[str], actual: list[str]) -> list[str] | None:
    """``actual`` cut as ``expected`` is cut by its ``...`` lines; None if a part is not found.

    >>> elide(["Facts (2):", "  a", "...", "Sources (1):", "  x"], ["Facts (3):", "  b", "  c", "  d", "Sources (1):", "  y"])
    ['Facts (3):', '  b', '...', 'Sources (1):', '  y']
    """
    parts: list[list[str]] = [[]]
    marks: list[str] = []  # each "..." line as written, indentation included
    for line in expected:
        if line.strip() == ELISION:
            parts.append([])
            marks.append(line)
        else:
            parts[-1].append(line)
    result, at = actual[: len(parts[0])], len(parts[0])
    for n, (mark, part) in enumerate(zip(marks, parts[1:]), start=1):
        result.append(mark)
        if not part:
            continue
        found = next((k for k in range(at, len(actual)) if _normal(actual[k]).startswith(_anchor(part[0]))), None)
        if found is None:
            return None
        last = n == len(parts) - 1
        at = len(actual) if last else found + len(part)
        result += actual[found:at]
    return result


def _environment(workdir: Path) -> dict[str, str]:
    """The shell of a transcript: ``kg`` is this repository's code, whatever is installed."""
    shim = workdir / ".bin"
    shim.mkdir()
    kg = shim / "kg"
    kg.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m kg "$@"\n')
    kg.chmod(0o755)
    env = {k: v for k, v in os.environ.items() if not k.startswith("KG_")}
    env.update(PATH=f"{shim}{os.pathsep}{env.get('PATH', '')}", PYTHONPATH=str(ROOT), LC_ALL="C.UTF-8", TZ="UTC",
               COLUMNS="100")
    return env


def _stop(group: int) -> None:
    try:
        os.killpg(group, signal.SIGKILL)
    except ProcessLookupError:
        pass


def _sh(command: str, workdir: Path, env: dict[str, str], groups: list[int]) -> subprocess.CompletedProcess:
    """Run one command in its own process group, noted in ``groups`` so that the block can end what it left running."""
    process = subprocess.Popen(["bash", "-c", command], cwd=workdir, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, start_new_session=True)
    groups.append(process.pid)
    try:
        out, err = process.communicate(timeout=COMMAND_TIMEOUT)
    except subprocess.TimeoutExpired:
        _stop(process.pid)
        raise RuntimeError(f"`{command}` did not finish in {COMMAND_TIMEOUT} s (a process left running in "
                           "the background keeps the output open: redirect its output)") from None
    return subprocess.CompletedProcess(command, process.returncode, out, err)


def run(block: Block) -> list[list[str]]:
    """Run a block's commands in a fresh directory; the lines each printed."""
    outputs: list[list[str]] = []
    groups: list[int] = []
    with tempfile.TemporaryDirectory(prefix="kg-transcript-") as tmp:
        workdir = Path(tmp)
        shutil.copytree(ROOT / "seeds", workdir / "seeds")
        env = _environment(workdir)
        try:
            if not block.fresh:
                setup = _sh(SETUP, workdir, env, groups)
                if setup.returncode:
                    raise RuntimeError(f"{SETUP} failed:\n{setup.stderr}")
            for command in block.commands:
                done = _sh(command.text, workdir, env, groups)
                if done.returncode and done.stderr:
                    print(f"note: `{command.text}` exited {done.returncode}:\n{done.stderr}", file=sys.stderr)
                lines = done.stdout.rstrip("\n").split("\n") if done.stdout.strip() else []
                outputs.append([line.rstrip() for line in lines])
        finally:  # a server a block started in the background ends with the block
            for group in groups:
                _stop(group)
    return outputs


def drift(path: Path = README) -> list[str]:
    """A diff per command whose output in ``path`` differs from what it prints now."""
    text = path.read_text(encoding="utf-8")
    reports = []
    for block in parse(text):
        for command, actual in zip(block.commands, run(block)):
            if not matches(command.output, actual):
                diff = difflib.unified_diff(command.output, actual, "README", "now", lineterm="", n=1)
                reports.append(f"$ {command.text}\n" + "\n".join(diff))
    return reports


def rewrite(path: Path = README) -> int:
    """Rewrite the outputs in ``path`` with what the commands print now; the number of commands changed."""
    lines = path.read_text(encoding="utf-8").split("\n")
    changed = 0
    for block in reversed(parse("\n".join(lines))):  # from the end, so earlier line numbers stay valid
        for command, actual in zip(block.commands, run(block)):
            if matches(command.output, actual):
                continue
            new = elide(command.output, actual) if ELISION in (l.strip() for l in command.output) else actual
            if new is None:
                print(f"note: the parts around '...' in `{command.text}` are gone; "
                      "the whole output is written, cut it again by hand", file=sys.stderr)
                new = actual
            # a line whose only change is a timing stays as it was: the diff shows what changed
            command.output = [old if k < len(command.output) and _normal(old := command.output[k]) == _normal(line)
                              else line for k, line in enumerate(new)]
            changed += 1
        lines[block.start:block.end] = block.render()
    path.write_text("\n".join(lines), encoding="utf-8")
    return changed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="report drift instead of rewriting; exit 1 on drift")
    parser.add_argument("readme", nargs="?", type=Path, default=README)
    args = parser.parse_args(argv)
    if args.check:
        reports = drift(args.readme)
        print("\n\n".join(reports) if reports else f"{args.readme}: every transcript is up to date")
        return 1 if reports else 0
    print(f"{args.readme}: {rewrite(args.readme)} outputs rewritten")
    return 0


if __name__ == "__main__":
    sys.exit(main())
