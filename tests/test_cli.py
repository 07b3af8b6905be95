"""The brass command: play, simulate, replay, validate, rulesets."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

from brass.cli import main

BIRMINGHAM = Path(__file__).resolve().parent.parent / "rulesets" / "birmingham"


def run(capsys, *argv, stdin=None, monkeypatch=None):
    if stdin is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_simulate_prints_each_game_and_a_summary(capsys):
    code, out, _ = run(capsys, "simulate", "birmingham", "--players", "3", "--games", "2", "--seed", "5", "--bot", "quick")
    lines = out.splitlines()
    assert code == 0
    assert lines[0].startswith("game   1 seed 5: [1] VP ")
    assert lines[1].startswith("game   2 seed 6: [1] VP ")
    assert " winner " in lines[0]
    assert lines[2].startswith("2 games, ") and "games/s" in lines[2]
    assert lines[3].startswith("wins by seat: 1: ")


def test_simulate_json_is_one_object_per_game(capsys):
    code, out, _ = run(capsys, "simulate", "birmingham", "--players", "2", "--games", "2", "--seed", "1", "--bot", "quick", "--json")
    objects = [json.loads(line) for line in out.splitlines()]
    assert code == 0
    assert [o["game"] for o in objects[:2]] == [1, 2]
    assert set(objects[0]["seats"][0]) == {"seat", "bot", "vp", "income_level", "money"}
    assert objects[2]["summary"]["games"] == 2


def test_simulate_is_reproducible(capsys):
    first = run(capsys, "simulate", "birmingham", "--games", "1", "--seed", "9", "--bot", "random", "--json")[1].splitlines()[0]
    second = run(capsys, "simulate", "birmingham", "--games", "1", "--seed", "9", "--bot", "random", "--json")[1].splitlines()[0]
    assert first == second


def test_validate_a_good_ruleset(capsys):
    code, out, _ = run(capsys, "validate", str(BIRMINGHAM))
    assert code == 0
    lines = out.splitlines()
    assert lines[0].endswith("valid -- Brass: Birmingham 1.0.0: 27 locations, 39 lines, 6 industries, 7 actions, 8 procedures")
    # The variants kept inside the folder are checked too, and the last line says so.
    assert lines[-1] == "checked birmingham and its variants introductory, open_beer"


def test_validate_a_broken_ruleset_lists_every_problem(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # messages name files relative to the current directory
    folder = tmp_path / "birmingham"
    shutil.copytree(BIRMINGHAM, folder, ignore=shutil.ignore_patterns("__pycache__"))
    rules = folder / "rules" / "actions.brass"
    rules.write_text(rules.read_text().replace("pay canal_cost", "pay canal_costs"))
    links = folder / "data" / "links.yaml"
    links.write_text(links.read_text().replace("kinds: [canal, rail]}", "kinds: [canal, rial]}", 1))
    code, out, err = run(capsys, "validate", "--trust", str(folder))
    assert code == 1
    lines = out.splitlines()
    assert lines[0] == "birmingham/data/links.yaml:9: lines[belper--derby].kinds: no era builds 'rial' links (eras build: canal, rail)"
    # The rule files are checked too, though the data is broken: every problem at once.
    assert any(line.endswith("unknown name 'canal_costs'") for line in lines)
    assert err.strip().endswith(": 2 problems")


def test_validate_refuses_a_folder_with_code_unless_trusted(capsys, tmp_path):
    folder = tmp_path / "birmingham"
    shutil.copytree(BIRMINGHAM, folder, ignore=shutil.ignore_patterns("__pycache__"))
    marker = tmp_path / "ran"
    (folder / "__init__.py").write_text(
        (folder / "__init__.py").read_text() + f"\nopen({str(marker)!r}, 'w').close()\n")
    code, out, err = run(capsys, "validate", str(folder))
    assert code == 1
    assert "holds Python code, which runs when the ruleset is loaded" in out + err
    assert not marker.exists()
    code, out, _ = run(capsys, "validate", "--trust", str(folder))
    assert code == 0, out
    assert marker.exists()


def test_replay_shows_the_final_state(capsys, tmp_path):
    record = tmp_path / "game"
    run(capsys, "simulate", "birmingham", "--games", "1", "--seed", "2", "--bot", "quick", "--save", str(record))
    code, out, _ = run(capsys, "replay", str(tmp_path / "game-1.json"))
    assert code == 0
    assert out.startswith("Replayed ")
    assert "Final standings:" in out


def test_replay_of_a_bad_file(capsys, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    code, _, err = run(capsys, "replay", str(bad))
    assert code == 1
    assert err.strip() == f"brass: {bad}: not a game record (expected format 'brass-game-record/1')"


def test_play_in_the_terminal(capsys, monkeypatch, tmp_path):
    saved = tmp_path / "saved.json"
    script = "\n".join(["help", "moves pass", "1", "1", "loan card=nowhere", "moves pass", "1", "1", "undo", f"save {saved}", "quit"]) + "\n"
    code, out, _ = run(capsys, "play", "birmingham", "--players", "2", "--seats", "human,quick", "--seed", "3", stdin=script, monkeypatch=monkeypatch)
    assert code == 0
    assert "Commands:" in out
    assert "== Brass: Birmingham: Canal era, round 1" in out
    assert "took back: pass card=" in out
    assert "cannot take a loan: 'nowhere' is not a possible choice for card" in out
    assert saved.exists()
    record = json.loads(saved.read_text())
    assert record["ruleset"] == "birmingham" and len(record["moves"]) >= 1


def test_unknown_ruleset(capsys):
    code, _, err = run(capsys, "simulate", "nosuch")
    assert code == 2
    assert err.startswith("brass: no ruleset named 'nosuch' is installed; installed: birmingham")
    code, _, err = run(capsys, "play", "birminghm")
    assert code == 2 and err.startswith("brass: no ruleset named 'birminghm' is installed (did you mean birmingham?); installed: birmingham, ")


def test_rulesets_lists_the_installed(capsys):
    code, out, _ = run(capsys, "rulesets")
    assert code == 0
    assert "birmingham               Brass: Birmingham 1.0.0 (brass.rulesets.birmingham); players 2, 3, 4" in out


def test_simulate_can_show_its_progress_on_stderr(capsys):
    code, out, err = run(capsys, "simulate", "birmingham", "--games", "2", "--seed", "3", "--bot", "quick", "--progress", "always")
    assert code == 0
    lines = err.splitlines()
    assert lines[0].startswith("1/2 games, ") and "about" in lines[0] and "s left" in lines[0]
    assert lines[-1].startswith("2/2 games, ")
    assert "games" not in out.splitlines()[0]  # the results stay on stdout, apart


def test_simulate_shows_no_progress_unless_on_a_terminal_or_asked(capsys):
    code, _, err = run(capsys, "simulate", "birmingham", "--games", "1", "--seed", "3", "--bot", "quick")
    assert code == 0 and err == ""


def test_the_progress_line_is_rewritten_in_place_on_a_terminal():
    import io

    from brass.cli import Progress

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    stream = Terminal()
    progress = Progress(3, "auto", stream)
    progress.started -= 5  # as if the run had gone on for a while
    progress.game_done(80)

    class Played:
        history = [None] * 12

    progress.move(Played())
    progress.close()
    text = stream.getvalue()
    assert text.startswith("\r1/3 games, 92 moves, 5 s; game 2 at move 12; about 10 s left")
    assert text.endswith("\r" + " " * 78 + "\r")


def test_an_action_that_shares_a_command_name_is_played_when_given_choices(capsys, monkeypatch, tmp_path):
    # Birmingham's network action and the terminal's network view have one name:
    # bare, it is the view; with choices, the move.
    monkeypatch.chdir(tmp_path)
    script = "\n".join(["network", "network card=cannock line=gloucester--redditch", "quit", "n"]) + "\n"
    code, out, _ = run(capsys, "play", "birmingham", "--players", "2", "--seats", "human,quick", "--seed", "7", stdin=script, monkeypatch=monkeypatch)
    assert code == 0
    assert "Player 1 has no network yet" in out
    assert "(to play the network action, give its choices: network NAME=VALUE ...; 'moves network' lists them)" in out
    assert "played: network card=cannock line=gloucester--redditch" in out


def test_rules_code_prints_the_generated_source_under_its_rule_lines(capsys):
    from brass.cli import main

    assert main(["rules", "birmingham", "--code"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# The Python that brass generates")
    assert "# rulesets/birmingham/rules/actions.brass:" in out
    assert "def FA_build(S):" in out


# ------------------------------------------------------------------- help
def _commands():
    import argparse

    from brass.cli import build_parser

    parser = build_parser()
    subparsers = next(action for action in parser._actions if isinstance(action, argparse._SubParsersAction))
    return parser, subparsers.choices


def test_every_option_of_every_command_says_what_it_is_and_its_default():
    parser, commands = _commands()
    unsaid = []
    for name, command in commands.items():
        assert command.description, f"{name} has no description"
        assert command.epilog and command.epilog.startswith("examples:\n"), f"{name} has no examples"
        formatter = command._get_formatter()
        for action in command._actions:
            if action.dest == "help":
                continue
            text = formatter._get_help_string(action) or ""
            if not text:
                unsaid.append(f"{name} {action.dest}: no help")
            elif action.option_strings and action.nargs != 0 and "default" not in text:
                unsaid.append(f"{name} {action.option_strings[0]}: no default said")
    assert unsaid == []


def test_every_example_in_the_help_is_a_command_that_parses():
    import shlex

    parser, commands = _commands()
    for name, command in commands.items():
        assert command.examples, name
        for example in command.examples:
            words = shlex.split(example.split(" >")[0].split("  #")[0])  # the shell's redirection aside
            assert words[:2] == ["brass", name], example
            parser.parse_args(words[1:])  # exits (fails) if it does not parse


def test_the_help_shows_the_defaults_and_the_examples(capsys):
    import pytest

    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    out = capsys.readouterr().out
    assert "players in each game (default: 2)" in out
    assert "examples:\n  brass simulate birmingham --players 3 --games 1 --seed 1 --bot greedy\n" in out


def test_load_takes_the_ruleset_from_the_record(capsys, monkeypatch, tmp_path):
    saved = tmp_path / "game.json"
    code, out, _ = run(capsys, "play", "lancashire", "--players", "2", "--seats", "human,quick", "--seed", "3", stdin=f"save {saved}\nquit\n", monkeypatch=monkeypatch)
    assert code == 0 and saved.exists()
    code, out, err = run(capsys, "play", "--load", str(saved), "--seats", "human,quick", stdin="quit\n", monkeypatch=monkeypatch)
    assert code == 0, err
    assert out.startswith("Brass: Lancashire (lancashire ") and f"0 moves loaded from {saved}" in out
    code, _, err = run(capsys, "play", "birmingham", "--load", str(saved), "--seats", "human,quick", stdin="quit\n", monkeypatch=monkeypatch)
    assert code == 2 and err.strip() == f"brass: {saved} is a game of lancashire, not birmingham"
