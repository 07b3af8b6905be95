"""brass.game.wording, through Game.parse: a move said as a player says it (issue 21, point 2).

Each case is what the audit typed at the start of ``brass play birmingham --seed 7``
(or in a small position), and what it must now give."""

from __future__ import annotations

import pytest

from brass import Game
from brass.errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveError


@pytest.fixture(scope="module")
def seven():
    """The audit's game: Player 1 holds Birmingham, Burton-on-Trent, Cannock, Dudley x2, Iron works, Redditch, Stafford."""
    return Game("birmingham", ["Player 1", "Greedy 2"], seed=7)


def candidates(game, text) -> list:
    with pytest.raises(AmbiguousMoveError) as error:
        game.parse(text)
    return error.value.candidates


@pytest.mark.parametrize(
    "said, meant",
    [
        ("build coal in dudley", "build card=dudley industry=coal"),
        ("build coal dudley", "build card=dudley industry=coal"),
        ("Build Coal Location=Dudley", "build card=dudley industry=coal"),
        ("BUILD coal-mine location=dudley", "build card=dudley industry=coal"),
        ("build cotton birmingham", "build card=birmingham industry=cotton"),
        ("build burton brewery", "build card=burton-on-trent industry=brewery"),
        ("network birmingham dudley with the birmingham card", "network card=birmingham line=birmingham--dudley"),
        ("network card stafford from dudley to birmingham", "network card=stafford line=birmingham--dudley"),
    ],
)
def test_said_as_a_player_says_it(seven, said, meant):
    assert seven.parse(said).notation() == meant


@pytest.mark.parametrize("said", ["network birmingham--dudley", "network dudley--birmingham", "network birmingham dudley",
                                  "network birmingham-dudley", "Network line=Dudley-Birmingham", "network from dudley to birmingham"])
def test_a_line_by_its_ends_any_way_round_leaves_only_the_card_to_choose(seven, said):
    cards = ["cannock", "burton-on-trent", "birmingham", "stafford", "dudley", "iron", "redditch"]
    assert candidates(seven, said) == [f"network card={card} line=birmingham--dudley" for card in cards]


def test_where_words_fit_several_moves_all_are_given(seven):
    assert candidates(seven, "build coal in") == [
        "build card=cannock industry=coal", "build card=burton-on-trent industry=coal",
        "build card=dudley industry=coal", "build card=redditch industry=coal",
    ]


def test_iron_is_the_industry_and_not_a_bare_choice_name(seven):
    # 'iron' is also the name of the choice of where iron comes from; said alone it is the industry.
    with pytest.raises(IllegalMoveError) as error:
        seven.parse("build iron")
    assert str(error.value) == (
        "cannot build an Iron works in Birmingham: not enough coal for this (1 coal needed): Birmingham is not connected "
        "to a merchant location, so no coal can be bought (p.8-9: The Build action); read as 'build industry=iron'"
    )
    with pytest.raises(IllegalMoveError) as error:
        seven.parse("build iron works in dudley")
    assert str(error.value).endswith("; read as 'build industry=iron location=dudley'")


def test_a_word_that_names_nothing_says_what_is_close(seven):
    with pytest.raises(InvalidMoveError) as error:
        seven.parse("network birmingham dudly")
    assert str(error.value) == "'dudly' names nothing in this game (did you mean dudley?); the choices of a network now are: card, line"
    with pytest.raises(InvalidMoveError) as error:
        seven.parse("build cotton birmigham")
    assert str(error.value) == "'birmigham' names nothing in this game (did you mean location=birmingham?); the choices of a build now are: card, industry, location, slot, iron"


def test_cards_named_for_a_scout_are_the_cards_typed(seven):
    # The audit's answer suggested other cards than the ones typed.
    with pytest.raises(IllegalMoveError) as error:
        seven.parse("scout coalbrookdale coalbrookdale dudley")
    assert str(error.value).startswith("cannot scout: 'coalbrookdale+coalbrookdale+dudley' is not a possible choice for cards; ")
    assert "did you mean" not in str(error.value)


# ------------------------------------------------------------------- sales
@pytest.fixture
def sale():
    """Player 1's Cotton mill and Manufacturer in Birmingham, joined to Oxford's cotton and manufactured-goods merchants."""
    game = Game("birmingham", 2, seed=1)
    game.set_position({
        "round": 2, "turn_order": [0, 1],
        "players": [{"hand": ["stafford"]}, {"hand": ["coalbrookdale"]}],
        "tiles": [{"space": "birmingham.0", "owner": 0, "industry": "cotton", "level": 1},
                  {"space": "birmingham.1", "owner": 0, "industry": "manufacturer", "level": 1}],
        "links": [{"line": "birmingham--oxford", "owner": 0}],
        "spaces": {"oxford:0": {"token": "cotton-1", "cubes": {"beer": 1}}, "oxford:1": {"token": "manufacturer-1", "cubes": {"beer": 1}}},
    })
    return game


def test_a_sale_by_its_place_or_its_space(sale):
    assert candidates(sale, "sell birmingham") == ["sell tile=birmingham.0", "sell tile=birmingham.1"]
    assert candidates(sale, "sell") == ["sell tile=birmingham.0", "sell tile=birmingham.1"]  # was: tile=... is missing
    assert sale.parse("sell birmingham.1").full_notation() == "sell card=stafford tile=birmingham.1 beer=oxford:1"
    assert sale.parse("Sell birmingham.1 birmingham.0").notation() == "sell tile=birmingham.0 tile=birmingham.1"


def test_a_typed_pairing_is_never_replaced_by_another(sale):
    """The manufacturer with the cotton merchant's barrel was re-paired to the legal sale."""
    refusal = "cannot sell the Cotton mill in Birmingham: oxford:1 is not a possible beer now (p.10: The Sell action)"
    with pytest.raises(IllegalMoveError) as error:
        sale.parse("sell tile=birmingham.0 beer=oxford:1 tile=birmingham.1 beer=oxford:0")
    assert str(error.value) == refusal
    with pytest.raises(IllegalMoveError) as error:
        sale.parse("sell birmingham.0 beer=oxford:1 birmingham.1 beer=oxford:0")
    assert str(error.value) == refusal + "; read as 'sell tile=birmingham.0 beer=oxford:1 tile=birmingham.1 beer=oxford:0'"
    # The same pairs in another order are the same sale.
    assert sale.parse("sell tile=birmingham.1 beer=oxford:1 tile=birmingham.0 beer=oxford:0").notation() == "sell tile=birmingham.0 tile=birmingham.1"


def test_a_second_sale_or_step_not_said_is_not_made(sale):
    moves = candidates(sale, "sell")
    assert all(move.count("tile=") == 1 for move in moves)


# --------------------------------------------------------------- Lancashire
@pytest.fixture(scope="module")
def lancashire():
    game = Game("lancashire", 2, seed=1)
    game.set_position({"turn_order": [0, 1], "players": [{"hand": ["bolton", "bury"]}, {}]})
    return game


@pytest.mark.parametrize(
    "said, meant",
    [
        ("loan 20 bolton", "loan card=bolton amount=20"),
        ("Loan bolton 30", "loan card=bolton amount=30"),
        ("network bury warrington manchester", "network card=bury line=manchester--warrington-and-runcorn"),
        ("network card=bury line=warrington--manchester", "network card=bury line=manchester--warrington-and-runcorn"),
        # Bury's two spaces both take a cotton mill or a coal mine: one choice, the first taken.
        ("build cotton bury", "build card=bury industry=cotton slot=bury.0"),
        ("build card=bury industry=cotton", "build card=bury industry=cotton slot=bury.0"),
    ],
)
def test_said_in_lancashire(lancashire, said, meant):
    assert lancashire.parse(said).notation() == meant


def test_loan_20_with_several_cards_asks_which_card():
    game = Game("lancashire", 2, seed=3)
    found = candidates(game, "loan 20")
    assert len(found) == 8 and all(move.endswith(" amount=20") for move in found)


def test_a_lancashire_mill_with_no_port_is_refused_as_such():
    game = Game("lancashire", 2, seed=1)
    game.set_position({"round": 2, "turn_order": [0, 1], "players": [{"hand": ["manchester", "iron"]}, {"hand": ["bolton"]}],
                       "tiles": [{"space": "manchester.0", "owner": 0, "industry": "cotton", "level": 1}]})
    with pytest.raises(IllegalMoveError) as error:
        game.parse("sell")
    assert str(error.value) == (
        "cannot sell: you have no cotton mill that can be sold (an unflipped one, connected to an unflipped port, "
        "or to a trade location while the distant market is open) (Rulebook: Sell)"
    )
