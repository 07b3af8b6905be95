"""The prompt behaves like a shell (issue 21, point 3): line editing, a history kept
across sessions and Tab completion, at a real terminal (a pty); and completion of
the brass command itself in bash."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time

import pytest

from brass import Game
from brass.terminal.lineinput import play_words
from brass.terminal.session import COMMANDS
from tests.support.needs import need, need_programs

PLAY = ["play", "birmingham", "--players", "2", "--seats", "human,greedy", "--seed", "7"]


def test_tab_completes_actions_choices_and_legal_values():
    game = Game("birmingham", ["Player 1", "Greedy 2"], seed=7)
    words = play_words(lambda: game, COMMANDS)
    first = words("")
    assert {"build", "network", "moves", "hint", "quit"} <= set(first) and "sell" not in first  # no legal sale
    build = words("build ")
    assert {"industry=", "industry=coal", "location=dudley", "dudley", "card=dudley", "coal"} <= set(build)
    assert "location=leek" not in build  # not a legal build now
    assert words("moves ") == sorted({"build", "network", "develop", "loan", "scout", "pass"})
    assert words("xyzzy ") == []


class Terminal:
    """A command on a pseudo-terminal, as a person at a keyboard sees it."""

    def __init__(self, argv, env):
        import pty

        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: the command, on the terminal
            os.execvpe(sys.executable, [sys.executable, "-c", "import sys; from brass.cli import main; sys.exit(main(sys.argv[1:]))", *argv], env)
        self.seen = ""

    def wait_for(self, text: str, timeout: float = 60) -> str:
        """Read until ``text`` comes (after what was seen before this call); what came."""
        start = len(self.seen)
        end = time.monotonic() + timeout
        while text not in self.seen[start:]:
            left = end - time.monotonic()
            if left <= 0:
                raise AssertionError(f"{text!r} never came; the terminal showed:\n{self.seen[-2000:]}")
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                try:
                    self.seen += os.read(self.fd, 65536).decode("utf-8", "replace")
                except OSError:  # the command ended
                    break
        return self.seen[start:]

    def type(self, keys: str) -> None:
        os.write(self.fd, keys.encode())

    def close(self) -> None:
        try:
            os.kill(self.pid, 9)
        except ProcessLookupError:
            pass
        os.waitpid(self.pid, 0)
        os.close(self.fd)


@pytest.fixture
def terminal_env(tmp_path):
    need("readline", "a Python built with readline")
    env = dict(os.environ, TERM="xterm", COLUMNS="120", LINES="40", BRASS_HISTORY=str(tmp_path / "history"), NO_COLOR="1")
    return env


def test_at_a_terminal_tab_completes_and_the_history_is_kept(terminal_env, tmp_path):
    term = Terminal(PLAY, terminal_env)
    try:
        term.wait_for("Player 1 (last action)> ")
        term.type("bui\t")
        term.wait_for("ld")  # readline writes only what it adds
        term.type("coal dudl\t")
        time.sleep(0.5)
        term.type("\x01# \r")  # Ctrl-A: to the start of the line; a comment is no move
        term.wait_for("'#' is not an action")
        term.type("quit\r")
        term.wait_for("Save first?")
        term.type("n\r")
        os.waitpid(term.pid, 0)
        term.pid = 0
    finally:
        if term.pid:
            term.close()
    kept = (tmp_path / "history").read_text().splitlines()
    assert kept[-2:] == ["# build coal dudley", "quit"]  # what was typed, edited; not the answer to 'save first?'
    again = Terminal(PLAY, terminal_env)
    try:
        again.wait_for("Player 1 (last action)> ")
        again.type("\x1b[A\x1b[A")  # Up, Up: the last session's lines
        again.wait_for("# build coal dudley")
        again.type("\x15quit\r")  # Ctrl-U: the line cleared
        again.wait_for("quit")
    finally:
        again.close()


def test_bash_completes_brass_commands_rulesets_and_bots(tmp_path):
    need_programs("bash", install="apt-get install bash")
    script = tmp_path / "brass.bash"
    script.write_text(subprocess.run([sys.executable, "-c", "from brass.cli import main; main(['completion', 'bash'])"], capture_output=True, text=True, check=True).stdout)

    def complete(*words):
        line = " ".join(f"'{w}'" for w in words)
        probe = f"source {script}; COMP_WORDS=({line}); COMP_CWORD={len(words) - 1}; _brass; printf '%s\\n' \"${{COMPREPLY[@]}}\""
        return subprocess.run(["bash", "-c", probe], capture_output=True, text=True, check=True, cwd=tmp_path).stdout.split()

    assert complete("brass", "rep") == ["replay"]
    assert complete("brass", "play", "lanc") == ["lancashire", "lancashire-classic"]
    assert complete("brass", "play", "birmingham", "--se") == ["--seats", "--seed"]
    assert complete("brass", "play", "birmingham", "--seats", "human,gre") == ["human,greedy"]
    assert complete("brass", "completion", "z") == ["zsh"]
