"""Rule code in plain English (brass.explain): exact readings, and every rule of every ruleset."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from brass import installed_rulesets, load_ruleset
from brass.explain import Step, explain_declaration, explain_expression, render_steps
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


def test_birmingham_loan(birmingham):
    assert texts(explain_declaration(birmingham, "action", "loan")) == [
        ("Choose a card from your hand.", "step"),
        ("Then play the card (see Play card).", "step"),
        (
            "Require: your income level minus loan_levels (3) is at least lowest_income (-10). "
            "Refused if not so: a loan may not take your income below level -10 (yours is [your income level]).",
            "step",
        ),
        ("Take loan_money (30) from the bank.", "step"),
        ("Move the income marker down loan_levels (3) levels, onto the highest space of the new level.", "step"),
    ]


def test_birmingham_coal_resource(birmingham):
    assert texts(explain_declaration(birmingham, "resource", "coal")) == [
        (
            "The nearest unflipped coal mine connected to the place being built, of any player, free. "
            "Equally near mines: the player chooses. When one runs dry, the next nearest.",
            "note",
        ),
        ("First: tiles with coal where the tile is connected to the target, the nearest first (equally near ones: your choice).", "step"),
        (
            "No connected coal mine left: the coal market, cheapest cube first, but only if the place is "
            "connected to a merchant location.",
            "note",
        ),
        (
            "Then: the coal market (cheapest cube first), only where the target is connected to the locations that have market access"
            " — otherwise: [target] is not connected to a merchant location, so no coal can be bought.",
            "step",
        ),
        ("An empty coal market still sells at £8.", "note"),
        ("When the market is empty: pay 8 each.", "step"),
    ]


def test_beer_resource_offered_tier(birmingham):
    steps = [s.text for s in explain_declaration(birmingham, "resource", "beer") if s.kind == "step"]
    assert steps == [
        "First: tiles with beer where the tile's owner is you or the tile is connected to the target (your choice among them).",
        "Also: what the action offers, at most 1.",
    ]


def test_where_clause_with_its_message(birmingham):
    steps = explain_declaration(birmingham, "action", "build")
    choose_location = next(s for s in steps if s.text == "Choose a location.")
    assert choose_location.children[0] == Step(
        "Not allowed when: the card played is the [card] location card "
        "(it must be that the card's kind is not location or the location is the card's location)."
    )
    assert len(choose_location.children) == 4  # every where clause, none dropped


def test_choose_with_empty_message_and_comment_between_clauses(birmingham):
    steps = explain_declaration(birmingham, "action", "build")
    slot = next(s for s in steps if s.text == "Choose a slot from the location's slots.")
    assert slot.children[0].text == "If nothing can be chosen: there is no space for [an industry] in [location]."
    notes = [c.text for c in slot.children if c.kind == "note"]
    assert notes[0] == "Overbuilding (p.10-11): a higher level of the same industry over a tile."
    assert sum(1 for c in slot.children if c.text.startswith("Not allowed when:")) == 7


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
        ("Advance the income marker as many spaces as the bonus's amount.", "step"),
    ]


def test_setting_with_value_and_comment(birmingham, lancashire):
    assert texts(explain_declaration(birmingham, "setting", "canal_cost")) == [("canal_cost = 3 — p.10: a canal link costs £3", "step")]
    assert explain_declaration(lancashire, "setting", "loan_amounts")[-1].text == "loan_amounts = [10, 20, 30] — Rulebook: Loan -- £10, £20 or £30 ..."


def test_definitions(birmingham, lancashire):
    assert explain_declaration(birmingham, "definition", "first_round")[-1].text == (
        "First round: true when the era is the first and the round is 1."
    )
    assert explain_declaration(birmingham, "definition", "free_spaces")[-1].text == (
        "Free spaces (a location, an industry): the spaces in the location's slots for which the space is empty and the industry is in the space's industries."
    )
    # ``a or b`` as a value: the first that is not empty.
    assert ", or if that is empty (or none), free spaces (the location, the industry)." in (
        explain_declaration(lancashire, "definition", "preferred_spaces")[-1].text
    )


def test_blocks_nest(birmingham):
    steps = explain_declaration(birmingham, "action", "network")
    otherwise = next(s for s in steps if s.text == "Otherwise:")
    optional = next(s for s in otherwise.children if s.text == "If you like (second link):")
    assert [c.text for c in optional.children][-3:] == [
        "Pay double_rail_cost (15) minus rail_cost (5) (spent this round).",
        "Consume 1 coal for the second line (see Coal).",
        "Consume double_rail_beer (1) beer for the second line (see Beer).",
    ]
    sell = explain_declaration(birmingham, "action", "sell")
    repeat = next(s for s in sell if s.kind == "step" and s.text.startswith("Do this"))
    assert repeat.text == "Do this at least once, and again as often as you like:"
    develop = explain_declaration(birmingham, "action", "develop")
    assert any(s.text == "Do this 1 to 2 times (you choose how many):" for s in develop)
    scout = explain_declaration(birmingham, "action", "scout")
    assert "Choose 3 cards from your hand." in [s.text for s in scout]
    assert "For each card:" in [s.text for s in scout]


def test_lancashire_sell_and_stop(lancashire):
    sell = texts(explain_declaration(lancashire, "action", "sell"))
    assert (
        "    Not allowed when: the distant cotton market is closed (it must be that the route is not distant or "
        "the market marker counter is less than the closing marker position of the distant cotton market).",
        "step",
    ) in sell
    assert ("  Choose a route: port or distant.", "step") in sell
    abroad = [s.text for s in explain_declaration(lancashire, "procedure", "sell_abroad") if s.kind == "step"]
    assert abroad[0] == "Turn up the top token of the distant cotton market (what was hidden is now known: this cannot be taken back)."
    assert abroad[1] == "Add the move of the token drawn to the market marker counter."


def test_keywords_with_a_player_and_uses(lancashire):
    flip = [s.text for s in explain_declaration(lancashire, "procedure", "flip")]
    assert flip == ["Turn the tile to its flipped side.", "For the tile's owner: advance the income marker as many spaces as the tile's income."]
    double = [s.text for s in explain_declaration(lancashire, "action", "double_build") if s.kind == "step"]
    assert double[0] == "It takes 2 actions."
    assert "Then construct, with none as the card, the industry and the location (see Construct)." in double


def test_handler(birmingham):
    steps = explain_declaration(birmingham, "handler", "emptied")
    assert [s.text for s in steps if s.kind == "step"] == [
        "When emptied(tile) happens: a tile's last cube or barrel was removed by consume or sell_to_market.",
        "Then flip the tile (see Flip).",
    ]


def test_unknown_declaration(birmingham):
    with pytest.raises(KeyError):
        explain_declaration(birmingham, "action", "no_such_action")
    with pytest.raises(ValueError):
        explain_declaration(birmingham, "gadget", "build")


# ---------------------------------------------------------------- expressions


@pytest.mark.parametrize(
    "text, english",
    [
        ("you.hand", "your hand"),
        ("tile.cost", "the tile's cost"),
        ("tile.industry.id in space.goods", "the tile's industry is in the space's goods"),
        ("canal_cost", "canal_cost (3)"),
        ('"wild-location"', "wild-location"),
        ("connected(tile, target)", "the tile is connected to the target"),
        ("len(you.hand)", "the number of cards in your hand"),
        ("len(p.tiles) > 0", "the number of p's tiles is more than 0"),
        ('card.kind not in ["industry", "wild_industry"]', "the card's kind is neither industry nor wild industry"),
        ('industry.id in ["coal", "iron"]', "the industry is coal or iron"),
        ("[s for s in location.slots if s.empty]", "the location's slots that are empty"),
        ("[s for s in location.slots if s.empty and s.industries]", "the spaces in the location's slots for which the space is empty, and the space's industries is true (not empty, not none)"),
        ("not any(c.pile for c in you.hand)", "there is no card in your hand that has a pile"),
        ("sum(t.vp for t in you.tiles if t.flipped)", "the total VP of your tiles that are flipped"),
        # A definition that is a condition reads in full, with the arguments in place.
        (
            "none_left(industry.id)",
            "the number of cubes of the industry on tiles and spaces on the board (markets not counted) is 0 "
            "and the number of cubes in the market of the industry is 0",
        ),
        ("not touches_network(line)", "(there is no place in the line's locations that is in your network) and you have a tile or a link on the board"),
        ("buyers(tile)", "the tile's buyers"),  # a definition's value: by its name in words (see its terms)
        ("slot.empty or (slot.tile.owner == you and not era.is_last)", "the slot is empty or (the owner of the slot's tile is you and the era is not the last)"),
        ("sell_tile.cost // 2", "half (rounded down) of the cost of the sell tile"),
        ("1 if first_round else 2", "1 if it is the first round, otherwise 2"),
        # A place in an ordered list, counted from 0, reads by its ordinal.
        ("era.index == 0", "the era is the first"),
        ("era.index != 1", "the era is not the second"),
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
            "the industries for which the lowest tile of the industry on your mat exists and is developable",
        ),
        ("order(p in players by p.spent)", "the players ordered by money spent, lowest first (ties keep their order)"),
        ("[p.vp, p.money]", "p's VP and p's money, in that order"),
        ("tile != none", "the tile exists"),
        ("slot.tile == none", "the slot has no tile"),
        ("you.hand != none", "you have a hand"),
    ],
)
def test_expressions(birmingham, text, english):
    assert explain_expression(text, birmingham) == english


def test_expression_nodes_and_conditions(birmingham):
    node = birmingham.rules.declarations[("definition", "era_over")].value
    assert explain_expression(node, birmingham) == (
        "the number of cards in the draw deck is 0, and (for every player, the number of cards in the player's hand is 0)"
    )
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
    assert texts(explain_declaration(ruleset, "definition", "first_turn")) == [("First turn: true when the round is 1.", "step")]


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
        ("Then apply the merchant's beer bonus (see Beer bonus).", "step"),  # a noun phrase: it applies
        ("Then sell the merchant abroad (see Sell abroad).", "step"),  # a verb and where: the thing between
        ("Then count bells for the merchant (see Count bells).", "step"),  # a verb and a thing: "for"
        ("For each player:", "step"),
        ("  Collect income (see Collect income).", "step"),  # what each player does
        ("For each link on the board:", "step"),
        ("  Take 1 from the bank.", "step"),
    ]
    # a parameter given as a keyword's player is a player
    assert texts(explain_declaration(ruleset, "procedure", "collect_income")) == [("For the player: take the player's income level from the bank.", "step")]


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
            assert step.kind in ("step", "note")
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
