"""Rule code in plain English (brass.explain): exact readings, and every rule of every ruleset."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from brass import installed_rulesets, load_ruleset
from brass.explain import Step, explain_declaration, explain_expression, render_steps
from brass.explain.steps import split_engine_notes
from brass.language.parser import parse_rules
from brass.language.vocabulary import BUILTINS


def texts(steps: list[Step]) -> list[tuple]:
    """(text, kind) of each step, children after their parent, indented by depth."""
    found = []

    def walk(items, depth):
        for step in items:
            found.append(("  " * depth + step.text, step.kind))
            walk(step.children, depth + 1)

    walk(steps, 0)
    return found


@pytest.fixture(scope="module")
def birmingham():
    return load_ruleset("birmingham")


@pytest.fixture(scope="module")
def lancashire():
    return load_ruleset("lancashire")


# ------------------------------------------------------------- exact readings
# Each kind of statement, read as a rulebook says it. The old readings, a program
# listing in English ("Not allowed when: ... (it must be that ...)", "Require: ...",
# "Then construct, with none as the card, ...", "For the player: pay minus ..."),
# must not come back: test_no_listing_phrases_anywhere looks for them everywhere.


def test_require_reads_with_must_and_values_not_setting_names(birmingham):
    assert texts(explain_declaration(birmingham, "action", "loan")) == [
        ("Choose a card from your hand.", "step"),
        ("Play the card (see Play card).", "step"),
        ("Your income level minus 3 must be at least -10.", "step"),
        ("Take £30 from the bank.", "step"),
        ("Move your income marker down 3 levels, onto the highest space of the new level.", "step"),
        ("The numbers above are settings of the rule files (a variant may change them): loan_levels = 3, lowest_income = -10 and loan_money = 30.", "engine"),
    ]
    scout = explain_declaration(birmingham, "action", "scout")
    assert scout[0] == Step("There must be no wild card in your hand.")  # a card with a pile, by the piles' cards


def test_where_clauses_read_as_requirements_with_their_case(birmingham):
    steps = explain_declaration(birmingham, "action", "build")
    choose_location = next(s for s in steps if s.text == "Choose a location.")
    assert [c.text for c in choose_location.children] == [
        "If the card is a location card, the location must be the card's location.",
        "If the card is a wild location card, the location must be a town location.",
        "If the card is an industry card or a wild industry card, the location must be in your network, unless you have no tile and no link on the board.",
        "There must be a space in the location's slots whose industries include the industry.",
    ]


def test_where_clauses_for_one_case_are_gathered_under_it(birmingham):
    steps = explain_declaration(birmingham, "action", "build")
    slot = next(s for s in steps if s.text == "Choose a slot from the location's slots.")
    assert texts(slot.children) == [
        ("The slot's industries must include the industry.", "step"),
        ("If the slot is empty, it must be one of the preferred spaces.", "step"),
        ("Overbuilding (p.10-11): a higher level of the same industry over a tile.", "note"),
        ("If the slot is not empty:", "step"),
        ("  The industry of the slot's tile must be the industry.", "step"),
        ("  The level of the slot's tile must be less than the tile's level.", "step"),
        ("  The slot's tile must be yours, unless the industry is coal or iron.", "step"),
        ("  The slot's tile must be yours, unless no cube of the industry is left on the board and the market of the industry is empty.", "step"),
        ("p.9: with nothing on the board, an industry card builds on a free space.", "note"),
        ("If the slot is not empty and you have no tile and no link on the board, the card must be neither an industry card nor a wild industry card.", "step"),
    ]


def test_let_names_a_value_and_a_require_can_say_such(birmingham):
    steps = [s.text for s in explain_declaration(birmingham, "action", "build") if s.kind == "step"]
    index = steps.index("The tile is the lowest tile of the industry on your mat.")
    assert steps[index + 1 : index + 3] == ["There must be such a tile.", "The tile's eras must include the current era."]
    assert "If it is the Canal era:" in steps  # an era by the board's name for it


def test_comments_become_notes_before_their_statement(birmingham):
    steps = explain_declaration(birmingham, "action", "build")
    assert steps[0].kind == "note"
    assert steps[0].text.startswith("Step 1: the card decides where (p.8). A location card: that location,")
    assert "#" not in steps[0].text
    assert steps[1].text == "Choose a card from your hand."
    # A trailing comment on a statement's line is a note too.
    bonus = explain_declaration(birmingham, "procedure", "beer_bonus")
    oxford = next(s for s in bonus if s.text == "Otherwise, if the bonus's type is income:")
    assert texts(oxford.children) == [
        ("Oxford: income, in spaces", "note"),
        ("Advance your income marker as many spaces as the bonus's amount.", "step"),
    ]


def test_statements_marked_engine_are_notes_for_engine_readers(birmingham):
    develop = texts(explain_declaration(birmingham, "action", "develop"))
    assert develop == [
        ("Choose a card from your hand.", "step"),
        ("Play the card (see Play card).", "step"),
        ("One or two tiles, each the lowest of its industry, each for one iron.", "note"),
        ("The two are developed alike in either order, so a move names them in the order of the industries' ids (either order may be typed): one move, not two.", "engine"),
        ("Not a rule of play, left out above: “The previous is none”.", "engine"),
        ("Once or twice, as you choose:", "step"),
        ("  Choose an industry.", "step"),
        ("    Not a rule of play, left out above: “If there is such a previous, the industry's id must be at least the previous's id” (the order a move names them in).", "engine"),
        ("    You must have a tile of the industry left on your mat.", "step"),
        ("    The lowest tile of the industry on your mat must be developable.", "step"),
        ("  Take the lowest tile of the industry off your mat and out of the game (develop).", "step"),
        ("  Consume 1 iron (see Iron).", "step"),
        ("  Not a rule of play, left out above: “The previous is now the industry”.", "engine"),
    ]


def test_the_engine_notes_come_apart_from_the_rule_text(birmingham):
    rules, engine = split_engine_notes(explain_declaration(birmingham, "action", "network"))
    assert [n.text for n in engine] == [
        "A move that takes the step below “If you like” writes second_link.",
        "The numbers above are settings of the rule files (a variant may change them): canal_cost = 3, rail_cost = 5, double_rail_cost = 15 and double_rail_beer = 1.",
    ]
    otherwise = next(s for s in rules if s.text == "Otherwise:")
    assert [c.text for c in otherwise.children if c.kind == "step"] == [
        "Pay £5.",
        "Consume 1 coal for the line (see Coal).",
        "If you like:",
    ]


def test_resources_tier_by_tier(birmingham):
    assert texts(explain_declaration(birmingham, "resource", "coal")) == [
        (
            "The nearest unflipped coal mine connected to the place being built, of any player, free. "
            "Equally near mines: the player chooses. When one runs dry, the next nearest.",
            "note",
        ),
        ("First: tiles with coal where the tile is connected to the place that needs it, the nearest first (equally near ones: your choice).", "step"),
        (
            "No connected coal mine left: the coal market, cheapest cube first, but only if the place is "
            "connected to a merchant location.",
            "note",
        ),
        ("Then: the coal market (cheapest cube first), only if the place that needs it is connected to one of the locations that have market access.", "step"),
        ("An empty coal market still sells at £8.", "note"),
        ("When the market is empty: pay £8 each.", "step"),
    ]
    steps = [s.text for s in explain_declaration(birmingham, "resource", "beer") if s.kind == "step"]
    assert steps == [
        "First: tiles with beer where the tile is yours or is connected to the place that needs it (your choice among them).",
        "Also: what the action offers, at most 1.",
    ]


def test_setting_with_value_and_comment(birmingham, lancashire):
    assert texts(explain_declaration(birmingham, "setting", "canal_cost")) == [("canal_cost = 3 — p.10: a canal link costs £3", "step")]
    assert explain_declaration(lancashire, "setting", "loan_amounts")[-1].text == "loan_amounts = [10, 20, 30] — Rulebook: Loan -- £10, £20 or £30 ..."


def test_definitions(birmingham, lancashire):
    assert explain_declaration(birmingham, "definition", "first_round")[-1].text == "It is the first round when the current era is the first and the round is 1."
    assert explain_declaration(birmingham, "definition", "era_over")[-1].text == "The era is over when the draw deck is empty and every player's hand is empty."
    assert explain_declaration(birmingham, "definition", "free_spaces")[-1].text == (
        "Free spaces (a location, an industry): the spaces in the location's slots for which the space is empty and the space's industries include the industry."
    )
    # ``a or b`` as a value: the first that is not empty.
    assert explain_declaration(lancashire, "definition", "preferred_spaces")[-1].text == (
        "Preferred spaces (a location, an industry): the free spaces that have exactly one industry; if there are none, the free spaces."
    )
    # a one-letter parameter by what is read of it: only a player has VP, income and money
    assert explain_declaration(birmingham, "definition", "ranking")[-1].text == "Ranking (a player): the player's VP, income level and money, in that order."
    classic = load_ruleset("lancashire-classic")
    assert explain_declaration(classic, "definition", "ranking")[-1].text == (
        "Ranking (a player): the player's VP, income space, money and how early the player comes in the players, in that order."
    )


def test_blocks_nest(birmingham):
    steps = explain_declaration(birmingham, "action", "network")
    otherwise = next(s for s in steps if s.text == "Otherwise:")
    optional = next(s for s in otherwise.children if s.text == "If you like:")
    assert [c.text for c in optional.children][-3:] == [
        "Pay £10 (£15 minus £5).",
        "Consume 1 coal for the second line (see Coal).",
        "Consume 1 beer for the second line (see Beer).",
    ]
    sell = explain_declaration(birmingham, "action", "sell")
    repeat = next(s for s in sell if s.kind == "step" and s.text.startswith("Once"))
    assert repeat.text == "Once, and again as often as you like:"
    assert [c.text for c in repeat.children[0].children] == [
        "The tile's industry must be one that is sold.",  # a participle: not an order to sell it
        "The tile must not be flipped.",
        "The tile must have buyers.",
    ]
    develop = explain_declaration(birmingham, "action", "develop")
    assert any(s.text == "Once or twice, as you choose:" for s in develop)
    scout = explain_declaration(birmingham, "action", "scout")
    assert "Choose 3 cards from your hand." in [s.text for s in scout]
    assert "For each card:" in [s.text for s in scout]


def test_lancashire_sell_and_stop(lancashire):
    sell = texts(explain_declaration(lancashire, "action", "sell"))
    assert ("  Choose a route: port or distant.", "step") in sell
    assert ("    If the route is port, there must be a port for the mill.", "step") in sell
    assert ("    If the route is distant:", "step") in sell
    assert ("      The market must be open.", "step") in sell  # a term named for a state, by its name
    abroad = [s.text for s in explain_declaration(lancashire, "procedure", "sell_abroad") if s.kind == "step"]
    assert abroad[0] == "Turn up the top token of the distant cotton market (what was hidden is now known: this cannot be taken back)."
    assert abroad[1] == "Add the move of the token drawn to the market marker counter."
    assert abroad[2:] == [
        "If the market marker counter is at least the closing marker position of the distant cotton market:",
        "Advance your income marker as many spaces as the entry of the track of the distant cotton market at the position the market marker counter gives (counting from 1).",
        "Flip the mill (see Flip).",
    ]
    stop = next(s for s in explain_declaration(lancashire, "procedure", "sell_abroad") if s.text.startswith("If the market"))
    assert stop.children[-1].text == "The action ends here."


def test_a_call_says_only_what_its_arguments_add(lancashire):
    double = [s.text for s in explain_declaration(lancashire, "action", "double_build") if s.kind == "step"]
    assert double == [
        "It takes 2 actions.",
        "You must have at least 2 cards in your hand.",
        "Choose 2 cards from your hand.",
        "For each card:",
        "Choose an industry.",
        "Choose a location.",
        "Construct, with no card (see Construct).",  # the industry and the location go as themselves
    ]


def test_keywords_said_of_a_player(lancashire, birmingham):
    flip = [s.text for s in explain_declaration(lancashire, "procedure", "flip")]
    assert flip == ["Turn the tile to its flipped side.", "The tile's owner advances their income marker as many spaces as the tile's income."]
    income = texts(explain_declaration(birmingham, "procedure", "collect_income"))
    assert income == [
        ("If the player's income level is at least 0:", "step"),
        ("  The player takes money equal to their income level from the bank.", "step"),
        ("Otherwise:", "step"),
        ("  The player pays the bank £1 for each level their income is below zero (this is not spending, and money may go below zero).", "step"),
        ("  Short of money: remove your own industry tiles, your choice, for half their cost (rounded down) each, stopping as soon as the debt is paid.", "note"),
        ("  As long as the player's money is less than 0 and the player has tiles:", "step"),
        ("    The player chooses a sell tile from their tiles.", "step"),
        ("    Remove the sell tile from the board and from the game (cubes on it go to the general supply).", "step"),
        ("    The player takes half (rounded down) of the cost of the sell tile from the bank.", "step"),
        ("  Still short: 1 VP for each £1, as far as your VP go.", "note"),
        ("  If the player's money is less than 0:", "step"),
        ("    The player loses 1 VP for each £1 their money is below zero (VP never go below zero).", "step"),
        ("    The bank brings the player's money back to £0.", "step"),
    ]
    # in a loop over the players, what each does is said to them
    setup = explain_declaration(birmingham, "procedure", "setup")
    players = next(s for s in setup if s.text == "For each player:")
    assert [c.text for c in players.children if c.kind == "step"] == [
        "Take £17 from the bank.",
        "Put your income marker on space 10.",
        "Draw 8 cards from the draw deck (fewer if it runs out).",
        "Put the top card of the draw deck face down on your discard pile (nobody may look at it until the discards are gathered).",
    ]


def test_the_end_of_an_era_and_of_the_game(lancashire, birmingham):
    era = split_engine_notes(explain_declaration(lancashire, "procedure", "end_of_era"))
    lines = [t for t, kind in texts(era[0]) if kind == "step"]
    assert lines[:6] == [
        "For each link on the board:",
        "  The link's owner scores as many VP as the total icons of the link's locations.",
        "For each link on the board:",
        "  Remove the link from the board.",
        "For each industry tile on the board:",
        "  If the tile is flipped:",
    ]
    assert "  Gather all the market tiles of the distant cotton market used with this number of players, those drawn too, and shuffle them face down." in lines
    assert [n.text for n in era[1]][:2] == [
        "The score breakdown lists these points under links.",
        "The score breakdown lists these points under tiles, by the tile's industry.",
    ]
    game = [s.text for s in explain_declaration(lancashire, "procedure", "end_of_game")]
    assert game[:2] == ["For each player:", "The score breakdown lists these points under money."] or game[0] == "For each player:"
    player = explain_declaration(lancashire, "procedure", "end_of_game")[0].children[0]
    assert player.text == "Score 1 VP for each full £10 of the player's money."
    turn = [s.text for s in explain_declaration(birmingham, "procedure", "end_of_turn") if s.kind == "step"]
    assert turn == ["Draw cards from the draw deck until you hold 8 (fewer if it runs out)."]
    turn = [s.text for s in explain_declaration(lancashire, "procedure", "end_of_turn") if s.kind == "step"]
    assert turn[0] == "Draw cards from the draw deck until you hold 8, drawing at most the drawable (fewer if it runs out)."
    round_ = [s.text for s in explain_declaration(lancashire, "procedure", "end_of_round")]
    assert round_[2] == "If the current era is not the last or the era is not over:"


def test_handler(birmingham):
    steps = explain_declaration(birmingham, "handler", "emptied")
    assert texts(steps) == [
        ("p.8: coal mines, iron works and breweries flip when their last cube or barrel is removed, often on another player's turn.", "note"),
        ("When the tile is emptied:", "step"),
        ("  Flip the tile (see Flip).", "step"),
        ("The engine reports emptied(tile) when a tile's last cube or barrel was removed by consume or sell_to_market.", "engine"),
    ]


def test_unknown_declaration(birmingham):
    with pytest.raises(KeyError):
        explain_declaration(birmingham, "action", "no_such_action")
    with pytest.raises(ValueError):
        explain_declaration(birmingham, "gadget", "build")


# The phrasings of the explainer before it read like a rulebook: none may come back.
LISTING_PHRASES = [
    "Not allowed when",
    "it must be that",
    "Require:",
    "Refused if not so",
    "If nothing can be chosen",
    "Then ",
    "For the player:",
    "with none as",
    "pay minus",
    "(spent this round)",
    "If you like (",
    "Let the ",
    "is named before",
    "true (not empty, not none)",
    "(drawn ones too)",
    "Do this",
    "has a pile",
    "happens:",
]


@pytest.mark.parametrize("name", ["birmingham", "lancashire", "lancashire-classic", "birmingham-introductory"])
def test_no_listing_phrases_anywhere(name):
    ruleset = load_ruleset(name)
    found = []
    for kind, declared in ruleset.rules.declarations:
        rules, _engine = split_engine_notes(explain_declaration(ruleset, kind, declared))
        for text, step_kind in texts(rules):
            if step_kind != "step":
                continue
            found += [(declared, phrase, text.strip()) for phrase in LISTING_PHRASES if phrase in text]
            if kind != "setting" and re.search(r"\b[a-z]+_[a-z_]+\b", text) and "sell_to_market" not in text:
                found.append((declared, "a name of the rule code", text.strip()))  # setting and definition names are notes
    assert found == []


# ---------------------------------------------------------------- expressions


@pytest.mark.parametrize(
    "text, english",
    [
        ("you.hand", "your hand"),
        ("tile.cost", "the tile's cost"),
        ("tile.industry.id in space.goods", "the space's goods include the tile's industry"),
        ("canal_cost", "3"),  # a setting by its value: the notes for engine readers name it
        ('"wild-location"', "wild-location"),
        ("connected(tile, target)", "the tile is connected to the target"),
        ("len(you.hand)", "the number of cards in your hand"),
        ("len(p.tiles) > 0", "p has tiles"),
        ("len(you.hand) >= 2", "you have at least 2 cards in your hand"),
        ("len(deck) == 0", "the draw deck is empty"),
        ("len(buyers(tile)) > 0", "the tile has buyers"),
        ("all(len(p.hand) == 0 for p in players)", "every player's hand is empty"),
        ('card.kind not in ["industry", "wild_industry"]', "the card is neither an industry card nor a wild industry card"),
        ('card.kind == "wild_location"', "the card is a wild location card"),
        ('location.kind == "town"', "the location is a town location"),
        ('era.id == "canal"', "it is the Canal era"),
        ('era.id != "rail"', "it is not the Rail era"),
        ("industry in card.industries", "the card's industries include the industry"),
        ("slot in preferred_spaces(location, industry)", "the slot is one of the preferred spaces"),
        ("connected(location, market_locations)", "the location is connected to one of the locations that have market access"),
        ("any(t.owner == you and t.slot != slot for t in location.tiles)", "there is a tile in the location's tiles that is yours and whose slot is not the slot"),
        ('industry.id in ["coal", "iron"]', "the industry is coal or iron"),
        ("[s for s in location.slots if s.empty]", "the location's slots that are empty"),
        ("[s for s in location.slots if s.empty and s.industries]", "the spaces in the location's slots for which the space is empty, and the space's industries is true (not empty, not none)"),
        ("not any(c.pile for c in you.hand)", "there is no wild card in your hand"),
        ("sum(t.vp for t in you.tiles if t.flipped)", "the total VP of your tiles that are flipped"),
        # A definition that is a condition reads in full, with the arguments in place.
        ("none_left(industry.id)", "no cube of the industry is left on the board and the market of the industry is empty"),
        ("not touches_network(line)", "(there is no place in the line's locations that is in your network) and you have a tile or a link on the board"),
        ("buyers(tile)", "the tile's buyers"),  # a definition's value: by its name in words (see its terms)
        ("slot.empty or (slot.tile.owner == you and not era.is_last)", "the slot is empty or (the slot's tile is yours and the current era is not the last)"),
        ("sell_tile.cost // 2", "half (rounded down) of the cost of the sell tile"),
        ("1 if first_round else 2", "1 if it is the first round, otherwise 2"),
        # A place in an ordered list, counted from 0, reads by its ordinal.
        ("era.index == 0", "the current era is the first"),
        ("era.index != 1", "the current era is not the second"),
        # A term named for a moment of the game reads by its name, and so does its body.
        ("era.index == 0 and round == 1", "it is the first round"),
        ("not last_round_of_game", "it is not the last round of the game"),
        # ... and one named for a state, when it is too long to read in full.
        ("era_over", "the era is over"),
        # Parts of a condition that speak of one thing say it once.
        ("slot.empty or slot.tile.level < 2", "the slot is empty or the level of the slot's tile is less than 2"),
        ("slot.tile.level > 1 and slot.tile.level < 3", "the level of the slot's tile is more than 1 and is less than 3"),
        # Totals and the elements of a collection that meet a condition.
        ("sum(t.link_icons for t in location.tiles)", "the total link icons of the location's tiles"),
        ("sum(icons(l) for l in link.locations)", "the total icons of the link's locations"),
        (
            "[i for i in industries if lowest_tile(you, i) != none and lowest_tile(you, i).developable]",
            "the industries for which you have a tile of the industry left on your mat and the lowest tile of the industry on your mat is developable",
        ),
        ("order(p in players by p.spent)", "the players ordered by money spent, lowest first (ties keep their order)"),
        ("[p.vp, p.money]", "p's VP and money, in that order"),
        ("-index_of(players, p)", "how early p comes in the players"),
        # a definition of several things: the arguments its parameters already say are left out
        ("preferred_spaces(location, industry)", "the preferred spaces"),
        ('cubes_when_built(tile, "coal", era)', "the cubes when built for coal"),
        ("tile != none", "the tile exists"),
        ("slot.tile == none", "the slot has no tile"),
        ("you.hand != none", "you have a hand"),
    ],
)
def test_expressions(birmingham, text, english):
    assert explain_expression(text, birmingham) == english


def test_expression_nodes_and_conditions(birmingham):
    node = birmingham.rules.declarations[("definition", "era_over")].value
    assert explain_expression(node, birmingham) == "the draw deck is empty and every player's hand is empty"
    assert explain_expression("slot.empty", birmingham, condition=True) == "the slot is empty"
    assert explain_expression("not you.on_board", birmingham) == "you have no tile and no link on the board"
    assert explain_expression("canal_cost") == "the canal cost"  # without a ruleset, nothing is known of it


# -------------------------------------------------------- words of a ruleset


def fake_ruleset(tmp_path, text: str, vocabulary=BUILTINS):
    """A ruleset-like object holding the declarations of one rule file."""
    folder = tmp_path / "fake"
    (folder / "rules").mkdir(parents=True)
    (folder / "rules" / "fake.brass").write_text(text, encoding="utf-8")
    rule_file = parse_rules(text, "fake/rules/fake.brass")
    kinds = {"Setting": "setting", "Define": "definition", "Resource": "resource", "Action": "action", "Procedure": "procedure", "Handler": "handler"}
    declarations = {(kinds[type(d).__name__], d.name): d for d in rule_file.declarations}
    rules = SimpleNamespace(declarations=declarations, settings={}, vocabulary=vocabulary)
    return SimpleNamespace(name="fake", rules=rules, layers=[SimpleNamespace(name="fake", folder=folder)], board=None)


def test_a_ruleset_keyword_reads_by_its_docstring(tmp_path):
    vocabulary = BUILTINS.copy()

    @vocabulary.keyword
    def ring_bell(run, times, loud=False):
        """Ring the town bell. Everybody hears it."""

    ruleset = fake_ruleset(
        tmp_path,
        "procedure alarm:\n"
        "    # The bell rings twice,\n"
        "    # loudly.\n"
        "\n"
        "    #\n"
        "    # A second paragraph.\n"
        "    ring_bell 2, loud=true\n"
        "    stop\n",
        vocabulary,
    )
    assert texts(explain_declaration(ruleset, "procedure", "alarm")) == [
        ("The bell rings twice, loudly.", "note"),
        ("A second paragraph.", "note"),
        ("Ring the town bell (ring_bell: times = 2, loud = true).", "step"),
        ("The action ends here.", "step"),
    ]


def test_notes_stay_with_their_declaration(tmp_path):
    ruleset = fake_ruleset(
        tmp_path,
        "# ---------------------------------------------- Section\n"
        "\n"
        "# Said of the setting.\n"
        "set bells = 3     # three of them\n"
        "define quiet = bells < 2\n",
    )
    assert texts(explain_declaration(ruleset, "setting", "bells")) == [
        ("Said of the setting.", "note"),
        ("bells = 3 — three of them", "step"),
    ]
    assert texts(explain_declaration(ruleset, "definition", "quiet")) == [("Quiet: true when bells is less than 2.", "step")]


def test_a_field_named_by_a_preposition_reads_by_its_heading(tmp_path):
    ruleset = fake_ruleset(tmp_path, "define shut = counter(\"marker\") >= pool(\"market\").closed_at\n")
    ruleset.layers[0].manifest = {"show": {"headings": {"closed_at": "closing position", "move": "marker moves down"}}}
    assert explain_expression("token.closed_at", ruleset) == "the token's closing position"
    assert explain_expression("token.move", ruleset) == "the token's move"  # a noun keeps its own name
    assert explain_expression("token.open_at", ruleset) == "the token's open at"  # no heading: its words


def test_a_definition_of_one_thing_reads_as_its_name(tmp_path):
    ruleset = fake_ruleset(tmp_path, "define buyers(tile) = [s for s in spaces if s.token]\ndefine ports_for(mill) = [t for t in board_tiles if t.flipped]\n")
    assert explain_expression("len(buyers(tile))", ruleset) == "the number of the tile's buyers"
    assert explain_expression("ports_for(mill)", ruleset) == "the ports for the mill"


def test_terms_named_for_a_moment_or_a_state(tmp_path):
    ruleset = fake_ruleset(
        tmp_path,
        "define first_turn = round == 1\n"
        "define last_turn_of_game = era.is_last and round == 9\n"
        "define bells_rung = round > 2\n"
        "define bells_allowed = len(deck) == 0 and len(you.hand) == 0 and len(you.discard) == 0 and all(len(p.hand) == 0 for p in players)\n",
    )
    assert explain_expression("1 if first_turn else 2", ruleset) == "1 if it is the first turn, otherwise 2"
    assert explain_expression("round == 1", ruleset, condition=True) == "it is the first turn"  # the term's very body
    assert explain_expression("not last_turn_of_game", ruleset) == "it is not the last turn of the game"
    assert explain_expression("bells_rung", ruleset, condition=True) == "the round is more than 2"  # short: in full
    assert explain_expression("bells_allowed", ruleset, condition=True) == "bells are allowed"  # too long: by its name
    assert texts(explain_declaration(ruleset, "definition", "first_turn")) == [("It is the first turn when the round is 1.", "step")]


def test_calls_of_procedures_read_by_the_shape_of_their_names(tmp_path):
    ruleset = fake_ruleset(
        tmp_path,
        "procedure beer_bonus(merchant):\n"
        "    gain 1\n"
        "procedure sell_abroad(mill):\n"
        "    gain 1\n"
        "procedure collect_income(p):\n"
        "    gain p.income_level, player=p\n"
        "procedure count_bells(tower):\n"
        "    gain 1\n"
        "action go:\n"
        "    choose merchant from players\n"
        "    call beer_bonus(merchant)\n"
        "    call sell_abroad(merchant)\n"
        "    call count_bells(merchant)\n"
        "    for p in players:\n"
        "        call collect_income(p)\n"
        "    for l in board_links:\n"
        "        gain 1\n",
    )
    assert texts(explain_declaration(ruleset, "action", "go")) == [
        ("Choose a merchant from the players.", "step"),
        ("Apply the merchant's beer bonus (see Beer bonus).", "step"),  # a noun phrase: it applies
        ("Sell the merchant abroad (see Sell abroad).", "step"),  # a verb and where: the thing between
        ("Count bells for the merchant (see Count bells).", "step"),  # a verb and a thing: "for"
        ("For each player:", "step"),
        ("  Collect income (see Collect income).", "step"),  # what each player does
        ("For each link on the board:", "step"),
        ("  Take £1 from the bank.", "step"),
    ]
    # a parameter given as a keyword's player is a player
    assert texts(explain_declaration(ruleset, "procedure", "collect_income")) == [("The player takes money equal to their income level from the bank.", "step")]


# ------------------------------------------------------------- every ruleset


def declarations_of_every_ruleset():
    for name in installed_rulesets():
        ruleset = load_ruleset(name)
        for kind, declared in ruleset.rules.declarations:
            yield pytest.param(name, kind, declared, id=f"{name}-{kind}-{declared}")


@pytest.mark.parametrize("ruleset_name, kind, name", list(declarations_of_every_ruleset()))
def test_every_declaration_renders(ruleset_name, kind, name):
    ruleset = load_ruleset(ruleset_name)
    steps = explain_declaration(ruleset, kind, name)
    assert steps, "nothing rendered"

    def check(items):
        for step in items:
            assert isinstance(step, Step)
            assert step.kind in ("step", "note", "engine")
            assert step.text.strip(), "an empty step"
            assert step.text == step.text.strip()
            assert "{" not in step.text and "}" not in step.text, step.text
            if step.kind == "note":
                assert not step.children and not step.text.startswith("#")
            check(step.children)

    check(steps)
    if kind in ("action", "procedure", "resource", "handler", "setting", "definition"):
        assert any(step.kind == "step" for step in steps) or kind == "procedure"
    assert render_steps(steps)


def test_the_documented_marks_for_engine_readers(tmp_path):
    """The rule language reference's example (brass.sphinxext.COMMENT_EXAMPLE), read as it says."""
    from brass.sphinxext import COMMENT_EXAMPLE

    ruleset = fake_ruleset(tmp_path, COMMENT_EXAMPLE)
    rules, engine = split_engine_notes(explain_declaration(ruleset, "action", "develop"))
    assert texts(rules) == [
        ("Choose a card from your hand.", "step"),
        ("One or two tiles, each the lowest of its industry, each for one iron.", "note"),
        ("Once or twice, as you choose:", "step"),
        ("  Choose an industry.", "step"),
        ("  Take the lowest tile of the industry off your mat and out of the game (develop).", "step"),
        ("  Consume 1 iron (see Iron).", "step"),
    ]
    assert [n.text for n in engine] == [
        "A move names the two industries in the order of their ids.",
        "Not a rule of play, left out above: “The previous is none”.",
        "Not a rule of play, left out above: “If there is such a previous, the industry's id must be at least the previous's id” (one move, not two).",
        "Not a rule of play, left out above: “The previous is now the industry”.",
    ]


def test_a_comment_that_only_mentions_engine_is_prose(tmp_path):
    ruleset = fake_ruleset(tmp_path, "action go:\n    # Engines of growth: the rule in prose.\n    gain 1    # engineered\n")
    assert texts(explain_declaration(ruleset, "action", "go")) == [
        ("Engines of growth: the rule in prose.", "note"),
        ("engineered", "note"),
        ("Take £1 from the bank.", "step"),
    ]
