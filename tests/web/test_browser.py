"""The page in a real browser (headless Chromium through selenium): a short game
played by pointing, with a refused move, an undo, a bot's reply and a reload.

Skipped, saying why, when Chromium or its driver is not installed; under CI, which
installs them (.ci/run), a failure. One worker runs them all: one Chromium."""

from __future__ import annotations

import json
import os
import socket
import threading
import time

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
from tests.support.needs import need, need_programs  # noqa: E402

webdriver = need("selenium.webdriver", "python -m pip install -e '.[test]'")

CHROMIUM = os.environ.get("BRASS_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("BRASS_CHROMEDRIVER", "/usr/bin/chromedriver")
need_programs(CHROMIUM, CHROMEDRIVER, install="apt-get install chromium chromium-driver")

pytestmark = pytest.mark.xdist_group("browser")

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

from tests.web.server import running_server  # noqa: E402


def browser(width=1280, height=800):
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", f"--window-size={width},{height}"):
        options.add_argument(argument)
    return webdriver.Chrome(options=options, service=webdriver.ChromeService(executable_path=CHROMEDRIVER))


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with running_server(tmp_path_factory.mktemp("games")) as server:
        yield server


@pytest.fixture(scope="module")
def driver():
    driver = browser()
    yield driver
    driver.quit()


def wait(driver, test, seconds=20):
    return WebDriverWait(driver, seconds, poll_frequency=0.05).until(lambda d: test(d))


def my_turn(driver):
    return "Your move" in driver.find_element(By.ID, "turn").text


def log_length(driver):
    return len(driver.find_elements(By.CSS_SELECTOR, "#log li"))


def page_state(driver):
    return json.loads(driver.execute_script("return JSON.stringify(state)"))


def point_a_move(driver, action=None, board_first=True):
    """Make a move by clicking: the action, then each choice (on the board when it can)."""
    clicked_board = False
    for _ in range(12):
        play = driver.find_elements(By.CSS_SELECTOR, "#options button.play")
        if play:
            text = play[0].text.removeprefix("Play: ")
            play[0].click()
            return text, clicked_board
        board = driver.find_elements(By.CSS_SELECTOR, "#board g.legal")
        if board and board_first:
            board[0].click()
            clicked_board = True
            continue
        buttons = driver.find_elements(By.CSS_SELECTOR, "#options button.legal")
        if action is not None:
            named = [b for b in buttons if b.get_attribute("data-value") == action]
            buttons = named or buttons
            action = None
        buttons[0].click()
    raise AssertionError("no move came of clicking the choices")


def start_game(driver, server, seats=("human", "greedy")):
    driver.get(server.url)
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#seat-list .seat-kind"))
    Select(driver.find_element(By.ID, "ruleset")).select_by_value("birmingham")
    Select(driver.find_element(By.ID, "players")).select_by_value(str(len(seats)))
    for select, kind in zip(driver.find_elements(By.CSS_SELECTOR, "#seat-list .seat-kind"), seats):
        Select(select).select_by_value(kind)
    driver.find_element(By.ID, "seed").send_keys("5")
    driver.find_element(By.ID, "start").click()
    wait(driver, lambda d: "/play/" in d.current_url)
    wait(driver, my_turn)


def test_a_short_game_by_pointing(driver, server):
    start_game(driver, server)
    token = driver.current_url.rsplit("/", 1)[1]
    table, seat = server.store.by_token(token)

    # A refused choice: an action that cannot be taken now says why.
    other = driver.find_elements(By.CSS_SELECTOR, "#options button.other")
    assert other, "every action is legal at the start?"
    refused_action = other[0].get_attribute("data-value")
    other[0].click()
    wait(driver, lambda d: d.find_element(By.ID, "reason").text.strip())
    reason = driver.find_element(By.ID, "reason").text
    assert refused_action in reason and "refused" in driver.find_element(By.ID, "reason").get_attribute("class")

    # A move by clicking, a place on the board among its choices; then the bot replies.
    before = log_length(driver)
    text, clicked_board = point_a_move(driver, action="build")
    assert clicked_board
    wait(driver, lambda d: log_length(d) > before and text in d.find_element(By.ID, "log").text)
    wait(driver, lambda d: my_turn(d) and any(e["player"] != seat for e in page_state(d)["log"]))

    # Later turns have two actions: the first one can be taken back.
    while table.game.state.actions_left < 2:
        before = log_length(driver)
        point_a_move(driver, board_first=False)
        wait(driver, lambda d: log_length(d) > before)
        wait(driver, my_turn)
    before = log_length(driver)
    point_a_move(driver, board_first=False)
    wait(driver, lambda d: log_length(d) == before + 1 and d.find_element(By.ID, "undo").is_enabled())
    driver.find_element(By.ID, "undo").click()
    wait(driver, lambda d: log_length(d) == before and not d.find_element(By.ID, "undo").is_enabled())

    # A reload picks the game up where it was; typed notation works too.
    driver.refresh()
    wait(driver, lambda d: my_turn(d) and log_length(d) == before)
    move = next(iter(table.game.legal_moves)).notation()
    box = driver.find_element(By.ID, "notation")
    box.send_keys(move)
    box.submit()
    wait(driver, lambda d: log_length(d) == before + 1)

    # No other seat's cards reached the page.
    state = page_state(driver)
    for player in state["view"]["players"]:
        assert ("hand" in player) == (player["index"] == seat)
    assert sorted(state["view"]["players"][seat]["hand"]) == sorted(c.id for c in table.game.state.players[seat].hand)
    shown = [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#hand li")]
    assert sorted(shown) == sorted(state["view"]["players"][seat]["hand"])
    source = driver.page_source
    assert "deck" not in json.dumps(state).replace("deck_size", "").replace("draw deck", "")
    other_seats = [p for p in table.game.state.players if p.index != seat]
    for player in other_seats:
        assert json.dumps(sorted(c.id for c in player.hand)) not in source


def test_keyboard_and_a_phone_sized_screen(driver, server):
    start_game(driver, server)
    driver.set_window_size(390, 844)
    try:
        width = driver.execute_script("return document.querySelector('#board svg').getBoundingClientRect().width")
        viewport = driver.execute_script("return document.documentElement.clientWidth")
        assert 0 < width <= viewport, "the map does not fit a phone's width"
        assert driver.execute_script("return document.documentElement.scrollWidth") <= viewport + 1
        # Tab to the first legal choice and press Enter: the choice is made.
        from selenium.webdriver.common.keys import Keys

        first = driver.find_element(By.CSS_SELECTOR, "#options button.legal")
        driver.execute_script("arguments[0].focus()", first)
        assert driver.switch_to.active_element == first
        first.send_keys(Keys.ENTER)
        wait(driver, lambda d: d.find_element(By.ID, "chosen").text.strip())
    finally:
        driver.set_window_size(1280, 800)
