"""A game entered as it is played (engine/recording.py, brass record).

A reference game, seeded, stands for the table: the teller answers each
question by looking at it, and the entered game must end where it does.
"""

import json
import re

import pytest

from brass import Game
from brass.bots import QuickRandomBot
from brass.cli import main
from brass.recording import Recorder, Stop, record_game


class Table:
    """Answers the recorder's questions from a reference game, as people at the table would."""

    def __init__(self, ruleset, names, seed):
        self.ref = Game(ruleset, names, seed=seed)
        self.names = names
        self.turned_up = []  # tiles turned up by the move being entered, in order
        self.asked = []

    def ask(self, prompt):
        self.asked.append(prompt)
        ref = self.ref
        drawn = re.match(r"(.+) draws (\d+)(?: more)? (?:card|tile)s?: which\?", prompt)
        if drawn:
            player = ref.players[self.names.index(drawn.group(1))]
            return " ".join(card.id for card in player.hand[-int(drawn.group(2)):])
        if prompt.startswith("Turn order"):
            return ", ".join(self.names[seat] for seat in ref.state.turn_order)
        if "turned up" in prompt:
            count = 1 if prompt.startswith("A ") else int(prompt.split()[0])
            answer, self.turned_up = self.turned_up[:count], self.turned_up[count:]
            return " ".join(token.id for token in answer)
        if "one on each of" in prompt:
            return " ".join(space.token.id for space in ref.state.spaces if space.token)
        raise AssertionError(f"unexpected question: {prompt}")

    def play(self, recorder, moves, bot):
        for _ in range(moves):
            if self.ref.is_over():
                break
            piles = {pool: list(pile) for pool, pile in self.ref.state.token_piles.items()}
            drawn_before = dict(self.ref.state.counters)
            move = bot.choose(self.ref)
            self.ref.push(move)
            self.turned_up = []
            for pool, pile in piles.items():
                count = self.ref.state.counters.get(f"{pool}_drawn", 0) - drawn_before.get(f"{pool}_drawn", 0)
                if len(self.ref.state.token_piles[pool]) < len(pile) and count > 0:
                    self.turned_up += pile[:count]
            recorder.play(move.notation())


def same_table(game, other):
    assert game.view(None) == other.view(None)
    for mine, theirs in zip(game.players, other.players):
        assert [c.id for c in mine.hand] == [c.id for c in theirs.hand]


@pytest.mark.parametrize("ruleset", ["birmingham", "lancashire"])
def test_a_game_entered_draw_by_draw_replays_to_the_same_position(ruleset):
    names = ["Ada", "Ben"]
    table = Table(ruleset, names, seed=3)
    recorder = Recorder(ruleset, names, table.ask, say=pytest.fail)
    same_table(recorder.game, table.ref)
    table.play(recorder, 1000, QuickRandomBot(seed=5))
    assert table.ref.is_over()
    same_table(recorder.game, table.ref)
    record = recorder.record()
    replayed = Game.from_record(json.loads(json.dumps(record)))
    same_table(replayed, table.ref)
    given = Game(ruleset, names, chance=record["chance"])  # the same orders, given up front
    for entry in record["moves"]:
        given.play(entry["move"])
    same_table(given, replayed)
    assert "Ada draws 8 cards: which? " in table.asked


def test_set_up_questions_in_the_players_terms():
    table = Table("birmingham", ["Ada", "Ben"], seed=1)
    Recorder("birmingham", ["Ada", "Ben"], table.ask, say=pytest.fail)
    assert table.asked == [
        "The Merchant tiles, one on each of shrewsbury:0, gloucester:0, gloucester:1, oxford:0, oxford:1: which 5, in order? ",
        "Ada draws 8 cards: which? ",
        "Ben draws 8 cards: which? ",
        "Turn order: which players, first to play first? (Ada, Ben) ",
    ]


def test_lancashire_distant_market_tiles_are_asked_when_turned_up():
    names = ["Ada", "Ben"]
    table = Table("lancashire", names, seed=10)
    recorder = Recorder("lancashire", names, table.ask, say=pytest.fail)
    bot = QuickRandomBot(seed=10)  # it sells to the distant market at its 18th move
    for _ in range(60):
        if any("turned up from the Distant cotton market" in q for q in table.asked) or table.ref.is_over():
            break
        table.play(recorder, 1, bot)
    assert "A tile turned up from the Distant cotton market: which? " in table.asked
    same_table(recorder.game, table.ref)
    same_table(Game.from_record(recorder.record()), table.ref)


def scripted(lines):
    lines = iter(lines)
    asked = []

    def ask(prompt):
        asked.append(prompt)
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None

    return ask, asked


SETUP = [
    "any blank-1 cotton-1 manufacturer-1 blank-2",
    "Birmingham, Coventry, Iron works, Brewery, Dudley, Stafford, Coal mine, Worcester",  # names
    "birmingham coalbrookdale brewery kidderminster iron pottery wolverhampton redditch",  # ids
    "Ben, Ada",
]


def test_names_and_ids_both_accepted():
    ask, _ = scripted(SETUP)
    game = Recorder("birmingham", ["Ada", "Ben"], ask, say=pytest.fail).game
    assert [c.id for c in game.players[0].hand] == ["birmingham", "coventry", "iron", "brewery", "dudley", "stafford", "coal", "worcester"]
    assert [c.id for c in game.players[1].hand] == ["birmingham", "coalbrookdale", "brewery", "kidderminster", "iron", "pottery", "wolverhampton", "redditch"]
    assert game.state.turn_order == [1, 0]
    assert [s.token.id for s in game.state.spaces if s.token] == ["any", "blank-1", "cotton-1", "manufacturer-1", "blank-2"]


MESSAGE = (
    "there is no Coventry card left in the draw deck; left: Stafford, Burton-on-Trent (2), Cannock (2), Tamworth, "
    "Walsall, Coalbrookdale (3), Dudley, Kidderminster (2), Wolverhampton (2), Worcester (2), Birmingham (2), "
    "Nuneaton, Redditch, Iron works (3), Coal mine, Pottery (2), Brewery (4)"
)


def test_a_card_that_does_not_fit_is_refused_at_once_and_retried():
    # Two players play with three Coventry cards: a fourth is refused, at that card.
    said = []
    ask, asked = scripted([
        SETUP[0],
        "coventry coventry coventry iron brewery dudley stafford coal",
        "birmingham coventry brewery",
        "brewery kidderminster iron pottery wolverhampton redditch walsall",
        SETUP[3],
    ])
    game = Recorder("birmingham", ["Ada", "Ben"], ask, say=said.append).game
    assert said == [MESSAGE]
    assert asked[2:4] == ["Ben draws 8 cards: which? ", "Ben draws 7 more cards: which? "]
    assert [c.id for c in game.players[1].hand] == ["birmingham", "brewery", "kidderminster", "iron", "pottery", "wolverhampton", "redditch", "walsall"]


def test_a_name_that_is_no_card_is_refused():
    lines = list(SETUP)
    lines[1] = "birmingham xyzzy"
    lines.insert(2, "birmingham coventry iron brewery dudley stafford coal worcester")
    said = []
    ask, asked = scripted(lines)
    Recorder("birmingham", ["Ada", "Ben"], ask, say=said.append)
    assert said[0].startswith("there is no card 'xyzzy' in the draw deck; left: ")
    assert asked[2] == "Ada draws 7 more cards: which? "


def test_brass_record_on_the_command_line(tmp_path, monkeypatch, capsys):
    table = Table("birmingham", ["Ada", "Ben"], seed=4)
    bot = QuickRandomBot(seed=2)
    moves = []

    def ask(prompt):
        if prompt.endswith("> ") or prompt.endswith(">"):
            if len(moves) == 3:
                raise EOFError
            move = bot.choose(table.ref)
            table.ref.push(move)
            moves.append(move.notation())
            return move.notation()
        return table.ask(prompt)

    monkeypatch.setattr("builtins.input", ask)
    out = tmp_path / "table.json"
    assert main(["record", "birmingham", "--players", "2", "--names", "Ada,Ben", "--out", str(out)]) == 0
    assert "stopped; the record so far is in" in capsys.readouterr().out
    replayed = Game.load(out)
    assert [p["move"] for p in json.loads(out.read_text())["moves"]] == moves
    same_table(replayed, table.ref)
    assert main(["replay", str(out)]) == 0


def test_quit_during_set_up_saves_nothing(tmp_path):
    ask, _ = scripted(["quit"])
    assert record_game("birmingham", ["Ada", "Ben"], tmp_path / "x.json", ask=ask, say=lambda text: None) is None
    assert not (tmp_path / "x.json").exists()
    with pytest.raises(Stop):
        Recorder("birmingham", ["Ada", "Ben"], scripted([])[0])


def test_a_card_nobody_saw_gives_way_to_one_drawn_later():
    # Ada's face-down card was taken to be the last Stafford; when Ben draws a
    # Stafford, her face-down card becomes another one and the game is rebuilt.
    ask, _ = scripted(SETUP + ["Stafford"])
    recorder = Recorder("birmingham", ["Ada", "Ben"], ask, say=pytest.fail)
    ada, ben = recorder.game.players
    assert ada.discard[0].id == "stafford"
    recorder.play(next(iter(recorder.game.legal_moves)).notation())
    ada, ben = recorder.game.players
    assert ben.hand[-1].id == "stafford" and ada.discard[0].id != "stafford"
    same_table(Game.from_record(recorder.record()), recorder.game)
    assert [c.id for c in Game.from_record(recorder.record()).players[0].discard] == [c.id for c in ada.discard]
