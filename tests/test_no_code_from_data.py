"""No code from data (SECURITY.md): what a file or a request says is never run or imported.

``brass new-variant`` copies a base's title into the files it makes, escaped for
each of them; the web app seats only registered bots and loads only installed
rulesets, by name, whatever a request asks.
"""

from __future__ import annotations

import ast
import json
import sys
import tomllib

import pytest
import yaml

from brass.cli import main
from brass.ruleset import load_ruleset
from tests.support.variants import VARIANT

# A code-free ruleset's title that closes a docstring, a TOML string, a YAML line.
HOSTILE = 'Mine"""\nimport os; os.system("touch pwned")\n"""\'\'\' # ]\n[x]'


def hostile_base(tmp_path):
    folder = tmp_path / "base"
    folder.mkdir()
    manifest = VARIANT.replace('title: "A variant"', f"title: {json.dumps(HOSTILE)}").replace("name: v", "name: hostile")
    (folder / "ruleset.yaml").write_text(manifest, encoding="utf-8")
    return folder


def test_new_variant_writes_a_hostile_title_only_as_data(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    base = hostile_base(tmp_path)
    title = load_ruleset(str(base)).title
    assert '"""' in title and "\n" in title  # the title really is hostile
    assert main(["new-variant", "mine", "--base", str(base), "--dir", str(tmp_path)]) == 0
    made = tmp_path / "mine"
    module = ast.parse((made / "mine" / "__init__.py").read_text(encoding="utf-8"))
    assert len(module.body) == 1 and isinstance(module.body[0], ast.Expr)  # a docstring, nothing else
    assert tomllib.loads((made / "pyproject.toml").read_text(encoding="utf-8"))["project"]["description"] == f"{title}: mine"
    manifest = yaml.safe_load((made / "mine" / "ruleset.yaml").read_text(encoding="utf-8"))
    assert manifest["title"] == f"{title}: mine"
    assert set(manifest) == {"name", "title", "version", "base", "description", "rules"}
    for file in ("mine/rules/mine.brass", "README.md"):
        first = (made / file).read_text(encoding="utf-8").splitlines()[0]
        assert "import os" in first  # kept as text, on its one line
    assert not (tmp_path / "pwned").exists()


def test_new_variant_from_an_installed_base_validates(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["new-variant", "quiet", "--base", "birmingham", "--dir", str(tmp_path)]) == 0
    capsys.readouterr()
    assert main(["validate", "--trust", str(tmp_path / "quiet" / "quiet")]) == 0


# ------------------------------------------------------------------ the web app
starlette = pytest.importorskip("starlette")
pytest.importorskip("httpx")


@pytest.fixture
def client(tmp_path):
    from starlette.testclient import TestClient

    from brass.web.app import make_app

    with TestClient(make_app(tmp_path, bot_delay=0)) as client:
        yield client


def test_the_web_app_imports_no_bot_a_request_names(client):
    sys.modules.pop("this", None)
    response = client.post("/api/games", json={"ruleset": "birmingham", "seats": ["human", "this:x"], "seed": 1})
    assert response.status_code == 400
    assert response.json()["error"].startswith("unknown bot 'this:x'; bots: random, quick, greedy")
    assert response.json()["error"].endswith("(a module:Class is loaded only from the command line)")
    assert "this" not in sys.modules


def test_the_web_app_loads_installed_rulesets_by_name_only(client, tmp_path):
    folder = tmp_path / "v"
    folder.mkdir()
    (folder / "ruleset.yaml").write_text(VARIANT, encoding="utf-8")
    for asked in (str(folder), "../rulesets/birmingham", "nowhere"):
        response = client.post("/api/games", json={"ruleset": asked, "seats": ["human", "quick"], "seed": 1})
        assert response.status_code == 400
        error = response.json()["error"]
        assert error.startswith(f"unknown ruleset {asked!r}; installed: birmingham, ")
        assert str(tmp_path) not in error.replace(asked, "")  # no server path in the answer


def test_a_saved_web_game_that_names_a_module_is_not_imported(tmp_path):
    from brass import Game
    from brass.web.store import Store

    store = Store(tmp_path, bot_delay=0)
    table = store.create(Game("birmingham", 2, seed=1), ["human", "human"])  # no bot to save it again meanwhile
    path = tmp_path / "games" / f"{table.id}.json"
    data = json.loads(path.read_text())
    data["seats"][1] = "this:x"
    path.write_text(json.dumps(data))
    sys.modules.pop("this", None)
    logged = []
    reloaded = Store(tmp_path, bot_delay=0, log=logged.append)
    assert table.id not in reloaded.tables
    assert "this" not in sys.modules
    assert any("unknown bot 'this:x'" in line for line in logged)
