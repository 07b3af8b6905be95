"""Authors and learners (issue 11, item 4): what a variant's author sees when a
change names nothing, where each problem is said to be, follow-on errors,
nested variants, the position format's ``mat`` and the generated English.

Each finding is tested on the refused side, with the exact message, and on the
accepted side.
"""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

import pytest

from brass import Game
from brass.cli import main
from brass.position import PositionError
from brass.rulesdoc import rules_document, to_text
from brass.ruleset import load_ruleset
from tests.support.variants import BIRMINGHAM, VARIANT

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def in_tmp_path(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)


def variant(tmp_path: Path, manifest: str = "", files: dict | None = None, name: str = "v") -> Path:
    folder = tmp_path / name
    folder.mkdir()
    (folder / "ruleset.yaml").write_text(VARIANT + textwrap.dedent(manifest), encoding="utf-8")
    for relative, text in (files or {}).items():
        path = folder / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return folder


def with_rules(tmp_path: Path, *texts: str) -> Path:
    names = [f"rules/r{i}.brass" for i in range(len(texts))]
    return variant(tmp_path, f"rules: [{', '.join(names)}]\n", dict(zip(names, texts)))


def validate(capsys, path, *options) -> tuple[int, list[str], list[str]]:
    """``brass validate`` on a folder, named as a user in the current directory would."""
    path = Path(path)
    if path.is_absolute() and path.is_relative_to(Path.cwd()):
        path = path.relative_to(Path.cwd())
    code = main(["validate", *options, str(path)])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out.splitlines(), err.splitlines()


# ------------------------------------------------ a change that names nothing
def test_a_misspelt_setting_is_refused_with_did_you_mean(capsys, tmp_path):
    code, lines, err = validate(capsys, with_rules(tmp_path, "set loan_mony = 40\n"))
    assert code == 1
    assert lines == [
        "v/rules/r0.brass:1:1: setting 'loan_mony' changes nothing: the base ruleset has no setting of that name, and no rule uses it",
        "    set loan_mony = 40",
        "    ^",
        "Did you mean 'loan_money'? A variant changes a setting by declaring it again under the same name.",
    ]
    assert err == ["v: 1 problem"]


def test_the_setting_spelt_right_changes_the_game(capsys, tmp_path):
    folder = with_rules(tmp_path, "set loan_money = 40\n")
    code, lines, _ = validate(capsys, folder)
    assert code == 0, lines
    assert load_ruleset(str(folder)).rules.settings["loan_money"] == 40


def test_a_new_setting_that_a_rule_uses_is_accepted(capsys, tmp_path):
    # The introductory game adds settings of its own, used by its procedure.
    folder = with_rules(tmp_path, "set loan_mony = 40\ndefine actions_this_turn = 2 if loan_mony > 0 else 1\n")
    code, lines, _ = validate(capsys, folder)
    assert code == 0, lines


def test_a_misspelt_definition_and_action_are_refused(capsys, tmp_path):
    code, lines, _ = validate(capsys, with_rules(tmp_path, "define first_rond = false\n", 'action loann "Loan":\n    pay 1\n'))
    assert code == 1
    assert "v/rules/r0.brass:1:1: definition 'first_rond' changes nothing: the base ruleset has no definition of that name, and no rule uses it" in lines
    assert "Did you mean 'first_round'? A variant changes a definition by declaring it again under the same name." in lines
    assert (
        "v/rules/r1.brass:1:1: action 'loann' replaces nothing: the base ruleset has no action of that name, "
        "so it would be a new action beside 'loan'"
    ) in lines


def test_a_misspelt_patch_target_is_refused_at_the_patch(capsys, tmp_path):
    folder = variant(tmp_path, "patches:\n  - file: industries\n    path: industries[breweries].tiles[0].vp\n    set: 3\n")
    code, lines, _ = validate(capsys, folder)
    assert code == 1
    assert lines == [
        "v/ruleset.yaml:7: patches[0].path: 'industries[breweries].tiles[0].vp': no item of industries has id 'breweries' "
        "(ids: cotton, manufacturer, pottery, coal, iron, brewery); did you mean 'brewery'?"
    ]


def test_a_misspelt_patch_field_is_refused_with_did_you_mean(capsys, tmp_path):
    folder = variant(tmp_path, "patches:\n  - file: industries\n    path: industries[brewery].tyles[0].vp\n    set: 3\n")
    code, lines, _ = validate(capsys, folder)
    assert code == 1
    assert lines[0].startswith("v/ruleset.yaml:7: patches[0].path: 'industries[brewery].tyles[0].vp': industries[brewery] has no field 'tyles' (fields: ")
    assert lines[0].endswith("; did you mean 'tiles'?")


# ------------------------------------------------ where a problem is said to be
def test_a_bad_value_a_patch_sets_is_blamed_on_the_patch(capsys, tmp_path):
    folder = variant(tmp_path, "patches:\n  - file: industries\n    path: industries[manufacturer].tiles[level=4].cost\n    set: fourteen\n")
    code, lines, _ = validate(capsys, folder)
    assert code == 1
    assert lines == ["v/ruleset.yaml:8: industries[manufacturer].tiles[3].cost: expected an integer or null, found 'fourteen'"]


def test_a_bad_item_a_patch_appends_is_blamed_on_the_patch(capsys, tmp_path):
    folder = variant(tmp_path, "patches:\n  - file: industries\n    path: industries[brewery].tiles\n    append: {level: 5, count: 1}\n")
    code, lines, _ = validate(capsys, folder)
    assert lines == ["v/ruleset.yaml:8: industries[brewery].tiles[4]: missing field 'cost', 'vp', 'income', 'link_icons', 'eras'"]
    assert code == 1


def test_a_good_patch_is_accepted(capsys, tmp_path):
    folder = variant(tmp_path, "patches:\n  - file: industries\n    path: industries[manufacturer].tiles[level=4].cost\n    set: 14\n")
    code, lines, _ = validate(capsys, folder)
    assert code == 0, lines


def test_files_are_named_as_they_are_on_disk(capsys, tmp_path, monkeypatch):
    copy = tmp_path / "work" / "birmingham"
    shutil.copytree(BIRMINGHAM, copy, ignore=shutil.ignore_patterns("__pycache__", "introductory", "open_beer"))
    links = copy / "data" / "links.yaml"
    links.write_text(links.read_text().replace("kinds: [canal, rail]}", "kinds: [canal, rial]}", 1))
    message = "data/links.yaml:9: lines[belper--derby].kinds: no era builds 'rial' links (eras build: canal, rail)"
    # Inside the current directory: relative to it.
    code, lines, _ = validate(capsys, copy, "--trust")
    assert code == 1 and lines == ["work/birmingham/" + message]
    # Outside it: absolute.
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(tmp_path / "elsewhere")
    code, lines, _ = validate(capsys, copy, "--trust")
    assert code == 1 and lines == [f"{copy}/{message}"]


def test_a_variant_s_file_is_named_under_the_variant(capsys, tmp_path):
    code, lines, _ = validate(capsys, with_rules(tmp_path, "action a:\n    pay canal_costs\n"))
    assert code == 1
    assert lines[0] == "v/rules/r0.brass:2:9: unknown name 'canal_costs'"


def test_a_yaml_error_in_the_manifest_is_one_line_not_a_traceback(capsys, tmp_path):
    code, lines, err = validate(capsys, variant(tmp_path, "players: [2, 3\n"))
    assert code == 1
    assert lines == ["v/ruleset.yaml:6: not valid YAML: did not find expected ',' or ']'"]
    assert err == ["v: 1 problem"]


def test_a_missing_flow_procedure_is_placed_at_the_manifest(capsys, tmp_path):
    copy = tmp_path / "copy" / "birmingham"  # not "birmingham": that names the installed ruleset
    shutil.copytree(BIRMINGHAM, copy, ignore=shutil.ignore_patterns("__pycache__", "introductory", "open_beer"))
    manifest = copy / "ruleset.yaml"
    text = manifest.read_text(encoding="utf-8")
    start = text.index("rules:\n")
    end = text.index("extend:")
    manifest.write_text(text[:start] + "rules:\n  - rules/a.brass\n" + text[end:], encoding="utf-8")
    (copy / "rules" / "a.brass").write_text("action pass:\n    pay 0\n", encoding="utf-8")
    line = text[:start].count("\n") + 2  # the list's first entry
    code, lines, _ = validate(capsys, copy, "--trust")
    assert code == 1
    assert f"copy/birmingham/ruleset.yaml:{line}:1: the rule files declare no procedure 'setup', which the game flow runs" in lines


# ------------------------------------------------ no follow-on errors
def test_a_syntax_error_is_the_only_error_it_causes(capsys, tmp_path):
    copy = tmp_path / "copy" / "birmingham"  # not "birmingham": that names the installed ruleset
    shutil.copytree(BIRMINGHAM, copy, ignore=shutil.ignore_patterns("__pycache__", "introductory", "open_beer"))
    actions = copy / "rules" / "actions.brass"
    text = actions.read_text(encoding="utf-8")
    line = text[: text.index('action loan "Loan":')].count("\n") + 1
    actions.write_text(text.replace('action loan "Loan":', 'action loan "Loan"'), encoding="utf-8")
    code, lines, err = validate(capsys, copy, "--trust")
    assert code == 1
    assert lines[:3] == [f'copy/birmingham/rules/actions.brass:{line}:19: unexpected end of line; expected ":"', '    action loan "Loan"', "                      ^"]
    assert not any("declare no" in line or "unknown name" in line for line in lines), lines
    assert err == ["copy/birmingham: 1 problem"]


def test_syntax_errors_in_two_files_are_both_reported(capsys, tmp_path):
    code, lines, err = validate(capsys, with_rules(tmp_path, "set a =\n", "define b = 1 +\n"))
    assert code == 1
    assert [line for line in lines if line.startswith("v/")] == [
        "v/rules/r0.brass:1:8: unexpected end of line; expected an expression",
        "v/rules/r1.brass:1:15: unexpected end of line; expected an expression",
    ]
    assert err == ["v: 2 problems"]


# ------------------------------------------------ nested variants
def test_validate_checks_the_variants_inside_a_ruleset_folder(capsys):
    code, lines, _ = validate(capsys, BIRMINGHAM)
    assert code == 0
    assert [line.split(": valid -- ")[1].split(" 1.0.0")[0] for line in lines[:-1]] == [
        "Brass: Birmingham",
        "Brass: Birmingham, introductory game",
        "Brass: Birmingham, with open beer (house rule)",
    ]
    assert lines[-1] == "checked birmingham and its variants introductory, open_beer"


def test_a_broken_nested_variant_is_reported_over_its_folder_s_base(capsys, tmp_path):
    copy = tmp_path / "copy" / "birmingham"  # not "birmingham": that names the installed ruleset
    shutil.copytree(BIRMINGHAM, copy, ignore=shutil.ignore_patterns("__pycache__"))
    rules = copy / "open_beer" / "rules" / "open_beer.brass"
    rules.write_text(rules.read_text().replace("take tiles", "take tile"), encoding="utf-8")
    code, lines, err = validate(capsys, copy, "--trust")
    assert code == 1
    assert lines[:2] == [
        "copy/birmingham: valid -- Brass: Birmingham 1.0.0: 27 locations, 39 lines, 6 industries, 7 actions, 8 procedures",
        "copy/birmingham/introductory: valid -- Brass: Birmingham, introductory game 1.0.0: 27 locations, 39 lines, 6 industries, 7 actions, 9 procedures",
    ]
    assert lines[2].startswith("copy/birmingham/open_beer/rules/open_beer.brass:")
    assert err == ["checked birmingham and its variants introductory, open_beer", "copy/birmingham: 1 problem"]


def test_a_ruleset_without_variants_says_nothing_more(capsys, tmp_path):
    code, lines, _ = validate(capsys, with_rules(tmp_path, "set loan_money = 40\n"))
    assert code == 0
    assert len(lines) == 1 and lines[0].startswith("v: valid -- A variant 1.0.0")


# ------------------------------------------------ the mat in a position
def test_a_position_can_say_how_many_tiles_of_a_level_are_left():
    game = Game("birmingham", 2, seed=1)
    cotton = game.board.get("industry", "cotton")
    game.set_position({"players": [{"mat": {"cotton": {"level": 1, "left": 1}}}]})
    taken = game.state.players[0].mat["cotton"]
    assert [t.level for t in cotton.stack[taken:]].count(1) == 1
    # The old form still means the lowest level left, all of it.
    game.set_position({"players": [{"mat": {"cotton": 2}}]})
    assert [t.level for t in cotton.stack[game.state.players[0].mat["cotton"] :]][:2] == [2, 2]


@pytest.mark.parametrize(
    "mat, message",
    [
        ({"cotton": {"level": 1, "left": 4}}, "Cotton mill has 3 tiles of level 1, so 4 cannot be left"),
        ({"cotton": {"level": 9, "left": 1}}, "Cotton mill has no level 9"),
        ({"cotton": {"level": 1}}, "position.players[0].mat.cotton: missing field 'left'"),
        ({"cotton": {"level": 1, "left": 0}}, "position.players[0].mat.cotton.left: 0 is out of range: it must be at least 1"),
    ],
)
def test_a_mat_that_cannot_be_is_refused(mat, message):
    game = Game("birmingham", 2, seed=1)
    with pytest.raises(PositionError) as error:
        game.set_position({"players": [{"mat": mat}]})
    assert str(error.value) == message


def test_tiles_on_the_board_must_fit_the_count_left():
    game = Game("birmingham", 2, seed=1)
    with pytest.raises(PositionError) as error:
        game.set_position(
            {
                "players": [{"mat": {"coal": {"level": 2, "left": 2}}}],
                "tiles": [{"space": "dudley.0", "owner": 0, "level": 2}],
            }
        )
    assert str(error.value) == "Player 1's Coal mine tiles on the board (1 of level 2) cannot all have come off the mat (with 2 of level 2 left on it)"


# ------------------------------------------------ the generated English and tables
@pytest.fixture(scope="module", params=["birmingham", "lancashire"])
def chapter(request):
    return to_text(rules_document(load_ruleset(request.param)))


@pytest.mark.parametrize("phrase", ["such that", "True", "False", "produces 0", "type victory_points", ": type ", "space(s)"])
def test_machine_phrasings_are_gone_from_the_rules_chapter(chapter, phrase):
    assert phrase not in chapter


def test_no_single_letter_variables_in_the_prose(chapter):
    import re

    prose = [line for line in chapter.splitlines() if not re.match(r"^[-\s]*$", line) and "  " not in line.strip()]
    found = [line for line in prose if re.search(r"\b(there is (no|a|some)|for (each|every)) [a-z]\b(?! \w+ \()", line)]
    assert found == []


def test_sentences_read_like_a_rulebook():
    text = to_text(rules_document(load_ruleset("birmingham")))
    flat = " ".join(text.split())
    assert "- There must be no wild card in your hand." in flat
    assert "There must be no tile in the location's tiles that is yours and whose slot is not the slot." in flat
    assert "- For each player: - Take £17 from the bank." in flat
    # the rulebook's own examples of the tone (issue 21): a negative income, a build with no card
    assert "The player pays the bank £1 for each level their income is below zero" in " ".join(to_text(rules_document(load_ruleset("birmingham"))).split())
    lancashire = " ".join(to_text(rules_document(load_ruleset("lancashire"))).split())
    assert "- Construct, with no card (see Construct)." in lancashire
    assert "beer bonus: 4 VP" in flat and "beer bonus: £5" in flat


def test_tile_tables_have_one_column_order_and_no_empty_columns():
    document = rules_document(load_ruleset("birmingham"))
    brewery = to_text(document.find("tiles-brewery")).splitlines()
    assert brewery[3].split() == ["level", "count", "cost", "iron", "VP", "income", "link", "icons", "eras", "developable"]
    assert brewery[5].split() == ["1", "2", "5", "1", "4", "4", "2", "canal", "yes"]
    order = ["cost", "coal", "iron", "beer", "VP", "income", "link icons", "produces", "eras", "developable"]
    for industry in ("cotton", "manufacturer", "pottery", "coal", "iron", "brewery"):
        header = to_text(document.find(f"tiles-{industry}")).splitlines()[3]
        columns = [c for c in order if f"  {c}  " in f"  {header}  "]
        assert [c for c in order if c in columns] == columns
        assert sorted(header.index(c) for c in columns) == [header.index(c) for c in columns], header


def tile_header(ruleset, industry: str) -> list:
    return to_text(rules_document(ruleset).find(f"tiles-{industry}")).splitlines()[3].replace("link icons", "link_icons").split()


def test_the_tile_columns_come_from_the_manifest_and_a_variant_inherits_them(tmp_path):
    birmingham = ["level", "count", "cost", "iron", "VP", "income", "link_icons", "eras", "developable"]
    assert tile_header(load_ruleset("birmingham-introductory"), "brewery") == birmingham
    # A variant's own order; the fields it leaves out follow in the data's order.
    own = variant(tmp_path, "show:\n  tile_columns: [vp, income, cost]\n")
    assert tile_header(load_ruleset(str(own)), "brewery") == ["level", "count", "VP", "income", "cost", "iron", "link_icons", "eras", "developable"]


def test_a_variant_s_headings_keep_its_base_s_column_order(tmp_path):
    own = variant(tmp_path, "show:\n  headings: {vp: points, link_icons: links}\n")
    assert tile_header(load_ruleset(str(own)), "brewery") == ["level", "count", "cost", "iron", "points", "income", "links", "eras", "developable"]


def test_without_a_setting_the_columns_follow_the_data(tmp_path):
    copy = tmp_path / "copy" / "birmingham"
    shutil.copytree(BIRMINGHAM, copy, ignore=shutil.ignore_patterns("__pycache__", "introductory", "open_beer"))
    manifest = copy / "ruleset.yaml"
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text[: text.index("show:")] + text[text.index("extend:") :], encoding="utf-8")
    ruleset = load_ruleset(str(copy), trust=True)
    # The order of the mat's rows in tiles.yaml; produces, which only mines and works give, comes last.
    assert tile_header(ruleset, "coal") == ["level", "count", "cost", "iron", "VP", "income", "link_icons", "eras", "produces", "developable"]
    assert "beer bonus: type victory_points, amount 4" in to_text(rules_document(ruleset).find("locations"))


def test_a_column_the_tiles_cannot_have_is_refused_with_did_you_mean(capsys, tmp_path):
    folder = variant(tmp_path, "show:\n  tile_columns: [cost, beers, vp]\n  headings: {victory_points: points}\n")
    code, lines, _ = validate(capsys, folder)
    assert code == 1
    assert lines == [
        "v/ruleset.yaml:6: show.tile_columns[1]: 'beers' is not a tile field; did you mean 'beer'?",
        "v/ruleset.yaml:7: show.headings.victory_points: 'victory_points' is not a field (fields: banner, beer, beer_bonus, coal, copies, cost, "
        "count, developable, doubt, ends, eras, goods and 25 more)",
    ]


def test_a_value_s_text_must_name_the_object_s_fields(capsys, tmp_path):
    folder = variant(tmp_path, "show:\n  values:\n    beer_bonus: {by: kind, text: {money: '{amont} pounds'}}\n")
    code, lines, _ = validate(capsys, folder)
    assert code == 1
    assert lines == [
        "v/ruleset.yaml:7: show.values.beer_bonus.by: 'kind' is not a field of beer_bonus (fields of beer_bonus: amount, type)",
        "v/ruleset.yaml:7: show.values.beer_bonus.text.money: 'amont' is not a field of beer_bonus; did you mean 'amount'?",
    ]


def test_a_value_s_text_is_how_the_board_table_says_it(tmp_path):
    folder = variant(tmp_path, "show:\n  values:\n    beer_bonus: '{amount} of {type}'\n")
    places = to_text(rules_document(load_ruleset(str(folder))).find("locations"))
    assert "beer bonus: 4 of victory_points" in places and "beer bonus: 5 of money" in places


def test_a_variant_s_new_declarations_are_listed_as_new():
    overview = to_text(rules_document(load_ruleset("birmingham-introductory")).find("overview"))
    assert "new setting" in overview and "money_per_point" in overview
    assert "birmingham-introductory/rules/introductory.brass" in overview


def test_the_bots_terms_stand_apart_from_the_rules():
    document = rules_document(load_ruleset("birmingham"))
    terms = to_text(document.find("terms"))
    assert "Bot " not in terms and "Lasting level" not in terms
    bots = to_text(document.find("bot-terms"))
    assert bots.startswith("What the bots are told")
    assert "- Lasting level: 2." in bots and "- Sold (a tile): true when the tile's industry is sold." in bots
    assert document.children[-1].key == "bot-terms"  # after every rule a learner reads
