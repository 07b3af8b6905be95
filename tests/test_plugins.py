"""Rulesets as plugins: entry points, hooks, and words a ruleset adds to the language."""

from __future__ import annotations

import textwrap

import pytest

from brass import Game, installed_rulesets, load_ruleset
from brass.errors import PluginError


def write(folder, files: dict) -> None:
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))


def test_birmingham_is_found_through_the_entry_point_group():
    entry = installed_rulesets()["birmingham"]
    assert entry.group == "brass.rulesets"
    assert entry.value == "brass.rulesets.birmingham"


def test_a_ruleset_adds_a_keyword_and_a_function_through_a_hook(tmp_path):
    folder = tmp_path / "charity"
    write(
        folder,
        {
            "ruleset.yaml": """
                name: charity
                title: "Brass: Birmingham with a charity action"
                version: "0.1.0"
                base: birmingham
                rules: [rules/charity.brass]
            """,
            "__init__.py": '''
                from brass import hookimpl

                @hookimpl
                def brass_language(vocabulary):
                    @vocabulary.function(example="let poorest = poorest_player()")
                    def poorest_player(run):
                        "The player with the least money (the first in turn order on a tie)."
                        players = [run.state.players[i] for i in run.state.turn_order]
                        return min(players, key=lambda p: p.money)

                    @vocabulary.keyword(example="donate 5, to=poorest_player()")
                    def donate(run, amount, to):
                        "Give money to another player."
                        if run.you.money < amount:
                            return __import__("brass.language.vocabulary", fromlist=["Problem"]).Problem("not enough money to give")
                        run.journal.add(run.you, "money", -amount)
                        run.journal.add(to, "money", amount)
            ''',
            "rules/charity.brass": """
                # A house rule: give 5 to the poorest player, as an action.
                action charity "Charity":
                    describe "give to the poorest"
                    choose card from you.hand
                    call play_card(card)
                    require poorest_player() != you else "you are the poorest player"
                    donate 5, to=poorest_player()
            """,
        },
    )
    ruleset = load_ruleset(str(folder), trust=True)
    assert ruleset.lineage() == ["birmingham 1.0.0", "charity 0.1.0"]
    game = Game(ruleset, 2, seed=1)
    game.set_position({"era": "canal", "round": 2, "turn_order": [0, 1], "players": [{"money": 20, "hand": ["leek"]}, {"money": 3}]}, any_cards=True)
    game.play("charity card=leek")
    assert [p.money for p in game.state.players] == [15, 8]


def test_a_hook_that_does_not_exist_is_refused(tmp_path):
    folder = tmp_path / "typo"
    write(
        folder,
        {
            "ruleset.yaml": 'name: typo\ntitle: "Typo"\nversion: "0.1.0"\nbase: birmingham\n',
            "__init__.py": "from brass import hookimpl\n\n@hookimpl\ndef brass_languag(vocabulary):\n    pass\n",
        },
    )
    with pytest.raises(PluginError) as error:
        load_ruleset(str(folder), trust=True)
    assert "brass_languag" in str(error.value)
    assert str(error.value).startswith("a ruleset implements a hook that does not exist:")
