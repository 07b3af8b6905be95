"""Bad ruleset folders: whatever a careless or hostile author writes, validating
it ends quickly with the project's own errors saying what is wrong and where.

Each test builds a broken ruleset in a temporary folder, usually a small variant
of Brass: Birmingham (a folder without Python code, so no trust is needed) or a
copy of the whole ruleset (validated with --trust), and checks what
``brass validate`` prints. A test that does not finish within a few seconds
fails: "never a hang" is part of what is checked.
"""

from __future__ import annotations

import os
import re
import shutil
import textwrap
import time
from pathlib import Path

import pytest

from brass import check_ruleset
from brass import data as data_module
from brass.cli import main
from brass.errors import RuleFileError
from brass.language.parser import MAX_NESTING, MAX_NUMBER, parse_rules

from tests.support.variants import BIRMINGHAM, VARIANT, fails_after

MARKETS = (BIRMINGHAM / "data" / "markets.yaml").read_text(encoding="utf-8")


@pytest.fixture(autouse=True)
def no_hang():
    """Fail, rather than wait, if loading a bad file takes more than a few seconds."""
    with fails_after(10, "validating"):
        yield


@pytest.fixture(autouse=True)
def in_tmp_path(tmp_path, monkeypatch):
    """Run from the temporary folder, so messages name its files relative to it ("v/ruleset.yaml")."""
    monkeypatch.chdir(tmp_path)


def validate(capsys, folder: Path, trust: bool = False) -> tuple[int, list[str]]:
    """Run ``brass validate`` on a folder: its exit code and the problems it printed."""
    code = main(["validate", *(["--trust"] if trust else []), str(folder)])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out.splitlines()


def variant(tmp_path: Path, manifest: str = "", files: dict | None = None) -> Path:
    """A variant of Birmingham named v: the lines added to its ruleset.yaml, and its files
    (text, or bytes written as they are)."""
    folder = tmp_path / "v"
    folder.mkdir()
    (folder / "ruleset.yaml").write_text(VARIANT + textwrap.dedent(manifest), encoding="utf-8")
    for name, content in (files or {}).items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    return folder


def with_markets(tmp_path: Path, text: str) -> Path:
    """A variant whose markets file is the text given."""
    return variant(tmp_path, "data: {markets: data/markets.yaml}\n", {"data/markets.yaml": text})


def with_rules(tmp_path: Path, text: str | bytes) -> Path:
    """A variant with one rule file of its own, rules/v.brass."""
    return variant(tmp_path, "rules: [rules/v.brass]\n", {"rules/v.brass": text})


def copy_of_birmingham(tmp_path: Path) -> Path:
    folder = tmp_path / "birmingham"
    shutil.copytree(BIRMINGHAM, folder, ignore=shutil.ignore_patterns("__pycache__"))
    return folder


def test_the_variant_used_by_these_tests_is_valid(capsys, tmp_path):
    code, lines = validate(capsys, with_rules(tmp_path, "set v_bonus = 1\n"))
    assert code == 0, lines


# ------------------------------------------------------- 1. YAML errors and tags
def test_a_yaml_error_in_the_manifest_names_the_file_and_line(capsys, tmp_path):
    code, lines = validate(capsys, variant(tmp_path, "players: [2, 3\n"))
    assert code == 1
    assert lines[0].startswith("v/ruleset.yaml:6: not valid YAML: ")


def test_a_python_tag_in_the_manifest_is_refused_and_never_run(capsys, tmp_path):
    marker = tmp_path / "ran"
    code, lines = validate(capsys, variant(tmp_path, f"note: !!python/object/apply:os.system ['touch {marker}']\n"))
    assert code == 1
    assert lines == ["v/ruleset.yaml:5: the tag '!!python/object/apply:os.system' is not allowed: data files hold plain values (numbers, text, lists, mappings)"]
    assert not marker.exists()


def test_a_yaml_error_in_a_data_file_names_the_file_and_line(capsys, tmp_path):
    code, lines = validate(capsys, with_markets(tmp_path, MARKETS + "  - {id: lead, name: [Lead market}\n"))
    assert code == 1
    assert lines[0].startswith("v/data/markets.yaml:9: not valid YAML: ")


def test_a_python_tag_in_a_data_file_is_refused(capsys, tmp_path):
    code, lines = validate(capsys, with_markets(tmp_path, MARKETS + "note: !!python/name:os.system\n"))
    assert code == 1
    assert lines == ["v/data/markets.yaml:9: the tag '!!python/name:os.system' is not allowed: data files hold plain values (numbers, text, lists, mappings)"]


def test_the_loaders_are_safe_loaders():
    for loader in data_module._LOADERS:
        with pytest.raises(data_module.FileProblem, match="is not allowed"):
            data_module.load_yaml("a: !!python/object/new:dict {}\n", loader)


# ------------------------------------------------------------------ 2. encodings
def test_a_manifest_not_in_utf8(capsys, tmp_path):
    folder = variant(tmp_path)
    manifest = folder / "ruleset.yaml"
    raw = manifest.read_bytes() + b"description: caf\xe9\n"
    manifest.write_bytes(raw)
    code, lines = validate(capsys, folder)
    assert code == 1
    offset = raw.index(b"caf") + 3
    assert lines == [f"v/ruleset.yaml:5: not UTF-8 text (byte 0xe9 at offset {offset}); save the file as UTF-8"]


def test_a_data_file_not_in_utf8(capsys, tmp_path):
    raw = MARKETS.encode() + b"# \xff\xfe\n"
    code, lines = validate(capsys, with_markets(tmp_path, raw))
    assert code == 1
    assert lines == [f"v/data/markets.yaml:9: not UTF-8 text (byte 0xff at offset {len(MARKETS) + 2}); save the file as UTF-8"]


def test_a_rule_file_not_in_utf8_names_line_and_column(capsys, tmp_path):
    code, lines = validate(capsys, with_rules(tmp_path, b"set v_bonus = 1\nset v_name = \"caf\xe9\"\n"))
    assert code == 1
    assert lines == ["v/rules/v.brass:2:18: not UTF-8 text (byte 0xe9 at offset 33); save the file as UTF-8"]


# --------------------------------------------------------------- 3. alias abuse
def test_a_self_referencing_alias_is_refused(capsys, tmp_path):
    code, lines = validate(capsys, with_markets(tmp_path, MARKETS + "note: &x [*x]\n"))
    assert code == 1
    assert lines == ["v/data/markets.yaml:9: the alias *x is inside the value it names, which would never end"]


def test_billion_laughs_is_refused_while_reading(capsys, tmp_path):
    laughs = "note:\n  a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
    for level in "bcdefghi":
        previous = chr(ord(level) - 1)
        laughs += f"  {level}: &{level} [{', '.join([f'*{previous}'] * 10)}]\n"
    started = time.perf_counter()
    code, lines = validate(capsys, with_markets(tmp_path, MARKETS + laughs))
    assert code == 1
    assert lines == [f"v/data/markets.yaml:14: too many values: more than {data_module.MAX_YAML_VALUES:,}, counting what aliases repeat"]
    assert time.perf_counter() - started < 5


def test_twenty_thousand_nested_lists_are_refused(capsys, tmp_path):
    code, lines = validate(capsys, with_markets(tmp_path, MARKETS + "note: " + "[" * 20_000 + "]" * 20_000 + "\n"))
    assert code == 1
    assert lines == [f"v/data/markets.yaml:9: nested too deeply: more than {data_module.MAX_YAML_DEPTH} lists or mappings inside one another"]


def test_anchors_and_aliases_within_bounds_still_load(capsys, tmp_path):
    coal, iron = "[1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7]", "[1, 1, 2, 2, 3, 3, 4, 4, 5, 5]"
    shared = MARKETS.replace(f"prices: {coal}", f"prices: &ladder {coal}").replace(f"prices: {iron}", "prices: *ladder")
    assert "*ladder" in shared
    code, lines = validate(capsys, with_markets(tmp_path, shared))
    assert code == 0, lines


@pytest.mark.parametrize("loader", data_module._LOADERS, ids=lambda loader: loader.__name__)
def test_both_yaml_loaders_keep_the_bounds(loader):
    """libyaml's parser is used where PyYAML has it; the pure-Python one is the fallback."""
    for text, expected in (
        ("a: &x {b: *x}\n", "inside the value it names"),
        ("a: &a [1, 1, 1, 1, 1, 1, 1, 1]\n" + "".join(f"{c}: &{c} [{', '.join([f'*{chr(ord(c) - 1)}'] * 8)}]\n" for c in "bcdefgh"), "too many values"),
        ("a: " + "{a: " * 500 + "1" + "}" * 500 + "\n", "nested too deeply"),
        ("a: " + "9" * 5000 + "\n", "a number of 5,000 characters is too long"),
        ("a: {4: 1, 2: 0, 4: 2}\n", "the key '4' appears twice"),
        ("a: 1\nb: x\x00y\n", re.escape("the control character '\\x00' is not allowed")),
    ):
        with pytest.raises(data_module.FileProblem, match=expected):
            data_module.load_yaml(text, loader)
    assert data_module.load_yaml("a: &n [1, 2]\nb: *n\nc: {<<: {x: 1}, y: 2}\n", loader)[0] == {"a": [1, 2], "b": [1, 2], "c": {"x": 1, "y": 2}}


def test_a_key_written_twice_is_refused(capsys, tmp_path):
    cards = (BIRMINGHAM / "data" / "cards.yaml").read_text(encoding="utf-8")
    cards = cards.replace("copies: {2: 0, 3: 0, 4: 2}}", "copies: {2: 0, 3: 0, 4: 2, 4: 5}}", 1)
    folder = variant(tmp_path, "data: {cards: data/cards.yaml}\n", {"data/cards.yaml": cards})
    code, lines = validate(capsys, folder)
    assert code == 1
    assert lines == ["v/data/cards.yaml:6: the key '4' appears twice in one mapping"]


# ------------------------------------------------------- 4. schemas in extend:
@pytest.mark.parametrize(
    "field, message",
    [
        (
            "{type: string, pattern: '^(a+)+$'}",
            "extend.card.label: 'pattern' is not allowed in an added field's schema (a regular expression can take very long to check); allowed keywords: ",
        ),
        (
            "{$ref: 'https://example.com/schema.json'}",
            "extend.card.label: '$ref' is not allowed in an added field's schema (an added field is described in place, without references); allowed keywords: ",
        ),
        (
            "{type: integer, maximun: 3}",
            "extend.card.label: 'maximun' is not allowed in an added field's schema (did you mean 'maximum'?); allowed keywords: ",
        ),
        ("{type: strnig}", "extend.card.label.type: 'strnig' is not one of 'integer', 'number', 'string', 'boolean', 'array', 'object'"),
        ("{type: array, items: {type: string, format: email}}", "extend.card.label.items: 'format' is not allowed in an added field's schema"),
        ("{type: integer, default: many}", "extend.card.label.default: the default does not fit the field: expected an integer, found 'many'"),
    ],
)
def test_an_added_field_may_use_only_a_small_part_of_json_schema(capsys, tmp_path, field, message):
    code, lines = validate(capsys, variant(tmp_path, f"extend:\n  card:\n    label: {field}\n"))
    assert code == 1
    assert len(lines) == 1 and lines[0].startswith("v/ruleset.yaml:7: " + message), lines


def test_the_refusal_lists_every_keyword_allowed(capsys, tmp_path):
    code, lines = validate(capsys, variant(tmp_path, "extend:\n  card:\n    label: {type: string, pattern: x}\n"))
    assert lines[0].endswith(
        "allowed keywords: additionalProperties, default, description, enum, items, maxItems, maxLength, maximum, "
        "minItems, minLength, minimum, properties, required, type"
    )


def test_an_added_field_may_not_redefine_one_of_the_engine(capsys, tmp_path):
    code, lines = validate(capsys, variant(tmp_path, "extend:\n  location:\n    id: {type: integer}\n"))
    assert code == 1
    assert lines == ["v/ruleset.yaml:7: extend.location.id: 'id' is a field the engine already defines for a location; an added field needs a name of its own"]


def test_a_nested_added_field_as_the_real_rulesets_write_them_is_accepted(capsys, tmp_path):
    manifest = """\
        extend:
          card:
            bonus:
              type: object
              required: [kind]
              additionalProperties: false
              properties:
                kind: {enum: [money, vp]}
                amounts: {type: array, items: {type: integer, minimum: 0, maximum: 9}, maxItems: 4}
              description: A bonus printed on the card.
    """
    code, lines = validate(capsys, variant(tmp_path, manifest))
    assert code == 0, lines


# ------------------------------------------------- 5. what a file path may name
def test_a_rule_file_that_is_a_device_is_refused(capsys, tmp_path):
    code, lines = validate(capsys, variant(tmp_path, "rules: [/dev/zero]\n"))
    assert code == 1
    assert lines == ["v/ruleset.yaml:5:1: the rule file '/dev/zero' is an absolute path; files must be inside the ruleset folder, named relative to it"]


def test_reading_a_device_never_reads_it():
    with pytest.raises(data_module.FileProblem, match=r"^is not a regular file \(it is a character device\)$"):
        data_module.read_text(Path("/dev/zero"))


def test_a_rule_file_that_is_a_folder_is_refused(capsys, tmp_path):
    folder = variant(tmp_path, "rules: [rules/x.brass]\n")
    (folder / "rules" / "x.brass").mkdir(parents=True)
    code, lines = validate(capsys, folder)
    assert code == 1
    assert lines == ["v/ruleset.yaml:5:1: the rule file 'rules/x.brass' is not a regular file (it is a folder)"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_data_file_that_is_a_named_pipe_is_refused_without_waiting(capsys, tmp_path):
    folder = variant(tmp_path, "data: {markets: data/markets.yaml}\n")
    (folder / "data").mkdir()
    os.mkfifo(folder / "data" / "markets.yaml")  # reading it would wait for a writer forever
    code, lines = validate(capsys, folder)
    assert code == 1
    assert lines == ["v/ruleset.yaml:5: data.markets: the file 'data/markets.yaml' is not a regular file (it is a named pipe)"]


def test_a_data_file_outside_the_folder_is_refused_and_not_shown(capsys, tmp_path):
    secret = tmp_path / "secret.yaml"
    secret.write_text("the secret is 42\n")
    code, lines = validate(capsys, variant(tmp_path, f"data: {{board: {secret}, links: ../secret.yaml}}\n"))
    assert code == 1
    assert lines[:2] == [
        f"v/ruleset.yaml:5: data.board: the file '{secret}' is an absolute path; files must be inside the ruleset folder, named relative to it",
        "v/ruleset.yaml:5: data.links: the file '../secret.yaml' leads outside the ruleset folder (by '..' or a symbolic link); "
        "files must be inside the ruleset folder, named relative to it",
    ]
    assert not any("secret is" in line for line in lines)


def test_etc_passwd_as_a_data_file_is_not_printed(capsys, tmp_path):
    code, lines = validate(capsys, variant(tmp_path, "data: {board: /etc/passwd}\n"))
    assert code == 1
    assert not any("root:" in line for line in lines)


def test_a_symbolic_link_out_of_the_folder_is_refused(capsys, tmp_path):
    outside = tmp_path / "elsewhere.brass"
    outside.write_text("set v_bonus = 1\n")
    folder = variant(tmp_path, "rules: [rules/v.brass]\n")
    (folder / "rules").mkdir()
    (folder / "rules" / "v.brass").symlink_to(outside)
    code, lines = validate(capsys, folder)
    assert code == 1
    assert lines == [
        "v/ruleset.yaml:5:1: the rule file 'rules/v.brass' leads outside the ruleset folder (by '..' or a symbolic link); "
        "files must be inside the ruleset folder, named relative to it"
    ]


def test_a_huge_value_is_quoted_briefly(capsys, tmp_path):
    name = "Coal" * 75_000  # 300 kB: under the file limit, far over a name's
    code, lines = validate(capsys, with_markets(tmp_path, MARKETS.replace("name: Coal market", f"name: {name}")))
    assert code == 1
    assert len(lines) == 1 and len(lines[0]) < 200, lines
    assert lines[0].startswith("v/data/markets.yaml:7: markets[coal].name: expected at most 200 characters, found 300,000: 'CoalCoal")


def test_many_problems_are_cut_to_the_first_hundred(capsys, tmp_path):
    # 150 markets with a field too many, and more markets than the schema allows: 151 problems.
    markets = "markets:\n" + "".join(f"  - {{id: m{i}, name: M, resource: coal, prices: [1], initial: 1, colour: red}}\n" for i in range(150))
    code, lines = validate(capsys, with_markets(tmp_path, markets))
    assert code == 1
    assert len(lines) == data_module.MAX_PROBLEMS_PER_FILE + 1
    assert lines[-1] == "v/data/markets.yaml: and 51 more problems"


# ---------------------------------------------------------------------- 6. sizes
def test_a_number_of_4400_digits_in_a_data_file(capsys, tmp_path):
    code, lines = validate(capsys, with_markets(tmp_path, MARKETS.replace("initial: 13", "initial: " + "9" * 4400)))
    assert code == 1
    assert lines == ["v/data/markets.yaml:7: a number of 4,400 characters is too long (at most 30)"]


def test_a_number_of_4400_digits_in_a_rule_file(capsys, tmp_path):
    code, lines = validate(capsys, with_rules(tmp_path, "set v_bonus = " + "9" * 4400 + "\n"))
    assert code == 1
    assert lines[0] == f"v/rules/v.brass:1:15: the number 999999999999... (4,400 digits) is too big: numbers in rule files are at most {MAX_NUMBER:,}"
    assert len(lines[1]) < 200  # the offending line is shown cut short


def test_the_largest_number_a_rule_file_may_write():
    assert parse_rules(f"set a = {MAX_NUMBER}\n", "t.brass").declarations[0].value.value == MAX_NUMBER
    with pytest.raises(RuleFileError, match=r"^t.brass:1:9: the number 1000000001 is too big"):
        parse_rules(f"set a = {MAX_NUMBER + 1}\n", "t.brass")


def test_a_billion_copies_of_a_card(capsys, tmp_path):
    cards = (BIRMINGHAM / "data" / "cards.yaml").read_text(encoding="utf-8")
    cards = cards.replace("copies: {2: 0, 3: 0, 4: 2}}", "copies: {2: 0, 3: 0, 4: 1000000000}}", 1)
    code, lines = validate(capsys, variant(tmp_path, "data: {cards: data/cards.yaml}\n", {"data/cards.yaml": cards}))
    assert code == 1
    assert lines == ["v/data/cards.yaml:6: cards[belper].copies.4: 1000000000 is greater than the maximum of 100"]


def test_a_billion_tiles_of_a_level(capsys, tmp_path):
    folder = copy_of_birmingham(tmp_path)
    tiles = folder / "data" / "tiles.yaml"
    text = tiles.read_text(encoding="utf-8")
    assert "{level: 1, count: 3," in text
    tiles.write_text(text.replace("{level: 1, count: 3,", "{level: 1, count: 1000000000,", 1), encoding="utf-8")
    code, lines = validate(capsys, folder, trust=True)
    assert code == 1
    assert len(lines) == 1 and lines[0].endswith(".count: 1000000000 is greater than the maximum of 100"), lines


def test_a_thousand_and_one_locations(capsys, tmp_path):
    board = (BIRMINGHAM / "data" / "board.yaml").read_text(encoding="utf-8")
    board += "".join(f"  - {{id: extra-{i}, name: Extra, kind: town}}\n" for i in range(1001 - 27))
    code, lines = validate(capsys, variant(tmp_path, "data: {board: data/board.yaml}\n", {"data/board.yaml": board}))
    assert code == 1
    assert lines[0].endswith(": locations: expected at most 1,000 items, found 1,001"), lines


def test_twenty_thousand_locations_are_refused_quickly(capsys, tmp_path):
    board = "locations:\n" + "".join(f"  - {{id: l{i}, name: L{i}, kind: town}}\n" for i in range(20_000))
    started = time.perf_counter()
    code, lines = validate(capsys, variant(tmp_path, "data: {board: data/board.yaml}\n", {"data/board.yaml": board}))
    assert code == 1
    assert lines[0].startswith("v/data/board.yaml:") and lines[0].endswith(f"too many values: more than {data_module.MAX_YAML_VALUES:,}, counting what aliases repeat")
    assert time.perf_counter() - started < 5


def test_a_rule_file_over_a_megabyte_is_refused(capsys, tmp_path):
    code, lines = validate(capsys, with_rules(tmp_path, "set v_bonus = 1\n" + "# padding\n" * 100_000))
    assert code == 1
    assert lines == [f"v/ruleset.yaml:5:1: the rule file 'rules/v.brass' is too big: more than {data_module.MAX_FILE_BYTES:,} bytes (ruleset files are small text files)"]


def test_a_sum_of_500_terms_is_refused_where_it_starts(capsys, tmp_path):
    code, lines = validate(capsys, with_rules(tmp_path, "set v_bonus = 1\nset v_many = " + " + ".join(["1"] * 500) + "\n"))
    assert code == 1
    assert lines[0] == f"v/rules/v.brass:2:14: this is nested too deeply: more than {MAX_NESTING} levels of blocks, brackets and operators"


def test_500_nested_parentheses_parse_as_one_number(capsys, tmp_path):
    code, lines = validate(capsys, with_rules(tmp_path, "set v_deep = " + "(" * 500 + "1" + ")" * 500 + "\n"))
    assert code == 0, lines


@pytest.mark.parametrize(
    "text",
    [
        "set a = " + "[" * 5000 + "1" + "]" * 5000 + "\n",
        "set a = " + "not " * 500 + "true\n",
        "set a = " + "-(" * 500 + "1" + ")" * 500 + "\n",
        "set a = " + "f(" * 500 + "1" + ")" * 500 + "\n",
        'action a "A":\n' + "".join("    " * depth + "if true:\n" for depth in range(1, 200)) + "    " * 200 + "stop\n",
        'action a "A":\n    describe "{' + "[" * 500 + "1" + "]" * 500 + '}"\n',
    ],
    ids=["lists", "not", "negation", "calls", "blocks", "message-hole"],
)
def test_deep_nesting_of_any_kind_is_a_rule_file_error(text):
    with pytest.raises(RuleFileError, match="nested too deeply"):
        parse_rules(text, "t.brass")


def test_nesting_up_to_the_limit_still_validates(capsys, tmp_path):
    # start -> setting -> the sum's operators -> the last number: one level short of the limit.
    code, lines = validate(capsys, with_rules(tmp_path, "set v_many = " + " + ".join(["1"] * (MAX_NESTING - 1)) + "\n"))
    assert code == 0, lines


def test_every_problem_here_is_a_ruleset_error_not_a_traceback(tmp_path):
    """The Python API refuses the same way: check_ruleset returns the errors."""
    folder = with_markets(tmp_path, MARKETS + "note: &x [*x]\n")
    errors = check_ruleset(str(folder))
    assert [str(p) for p in errors[0].problems] == ["v/data/markets.yaml:9: the alias *x is inside the value it names, which would never end"]
