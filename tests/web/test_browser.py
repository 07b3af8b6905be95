"""The page in a real browser (headless Chromium through selenium), as people use it:
a whole game by pointing, a double click, one seat in two tabs, a restart mid-game, a
link that opens nothing, a phone-sized screen, the keyboard alone, an onlooker.

Skipped, saying why, when Chromium or its driver is not installed; under CI (CI=true),
which installs them (.ci/run), a failure. The tests share one Chromium (and run on one
xdist worker); only the two-tab race starts a second one, as it needs two at once."""

from __future__ import annotations

import json
import os
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

from selenium.common.exceptions import StaleElementReferenceException  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

from brass.web.table import STALE  # noqa: E402
from tests.web.server import free_port, running_server  # noqa: E402

# Counts the WebSockets a page opens (to see that a dead link is not tried again and again).
COUNT_SOCKETS = """
window.__sockets = 0;
const Real = window.WebSocket;
window.WebSocket = function (...args) { window.__sockets += 1; return new Real(...args); };
window.WebSocket.prototype = Real.prototype;
window.WebSocket.OPEN = Real.OPEN;
"""


def browser(width=1280, height=800, phone=False):
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", f"--window-size={width},{height}", "--hide-scrollbars"):
        options.add_argument(argument)
    if phone:
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": width, "height": height, "pixelRatio": 2, "touch": True}})
    driver = webdriver.Chrome(options=options, service=webdriver.ChromeService(executable_path=CHROMEDRIVER))
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": COUNT_SOCKETS})
    return driver


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with running_server(tmp_path_factory.mktemp("games"), bot_delay=0.01) as server:
        yield server


@pytest.fixture(scope="module")
def driver():
    driver = browser()
    yield driver
    driver.quit()


@pytest.fixture
def desktop(driver):
    driver.set_window_size(1280, 800)
    yield driver


def wait(driver, test, seconds=20):
    return WebDriverWait(driver, seconds, poll_frequency=0.05, ignored_exceptions=(StaleElementReferenceException,)).until(lambda d: test(d))


def my_turn(driver):
    return "Your move" in driver.find_element(By.ID, "turn").text


def new_table(server, seats, seed=5, **extra):
    import httpx

    created = httpx.post(f"{server.url}api/games", json={"ruleset": "birmingham", "seats": list(seats), "seed": seed, **extra}).json()
    return created, server.store.tables[created["game"]]


def open_seat(driver, server, created, seat=0):
    link = next(link for link in created["links"] if link["seat"] == seat)
    driver.get(server.url.rstrip("/") + link["url"])
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#board svg"))


def settle(table):
    """Wait until no bot is to move (a person's turn, or the game over)."""
    deadline = time.time() + 30
    while time.time() < deadline:
        with table.lock:
            if table.game.is_over() or (table.seats[table.game.to_move] == "human" and table.thinking is None):
                return
        time.sleep(0.01)
    raise AssertionError("the bots did not give the move back")


def point_a_move(driver, action=None, board_first=True):
    """Make a move by clicking: the action, then each choice (on the board when it can);
    returns the move's text and whether the board was clicked."""
    clicked_board = False
    for _ in range(16):
        play = driver.find_elements(By.CSS_SELECTOR, "#options button.play")
        if play:
            text = play[0].get_attribute("data-text")
            play[0].click()
            return text, clicked_board
        board = driver.find_elements(By.CSS_SELECTOR, "#board g.legal")
        if board and board_first:
            driver.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'center'})", board[0])
            board[0].click()
            clicked_board = True
            continue
        buttons = driver.find_elements(By.CSS_SELECTOR, "#options button.legal")
        if action is not None:
            buttons = [b for b in buttons if b.get_attribute("data-value") == action] or buttons
            action = None
        buttons[0].click()
    raise AssertionError("no move came of clicking the choices")


def log_length(driver):
    return len(driver.find_elements(By.CSS_SELECTOR, "#log li"))


# ------------------------------------------------------------------ tests
def test_the_home_page_shows_no_empty_panel_and_starts_a_game(desktop, server):
    driver = desktop
    driver.get(server.url)
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#seat-list .seat-kind"))
    assert not driver.find_element(By.ID, "play").is_displayed(), "the play panel shows on the home page"
    Select(driver.find_element(By.ID, "ruleset")).select_by_value("birmingham")
    Select(driver.find_element(By.ID, "players")).select_by_value("2")
    names = driver.find_elements(By.CSS_SELECTOR, "#seat-list .seat-name")
    assert names[0].get_attribute("maxlength") == "40"
    Select(driver.find_elements(By.CSS_SELECTOR, "#seat-list .seat-kind")[1]).select_by_value("greedy")
    driver.find_element(By.ID, "seed").send_keys("5")
    driver.find_element(By.ID, "start").click()
    wait(driver, lambda d: "/play/" in d.current_url and d.find_elements(By.CSS_SELECTOR, "#board svg"))
    assert not driver.find_element(By.ID, "home").is_displayed()


# Clicks the choices of one move in the page, as point_a_move does through WebDriver but
# in one call (a whole game is some fifty moves): the same buttons and board parts, the
# same handlers, each click answered before the next.
POINT_IN_PAGE = """
let [preferBoard, action] = arguments;
const clicks = [];
for (let i = 0; i < 20; i++) {
  const play = document.querySelector('#options button.play');
  if (play) { const text = play.dataset.text; play.click(); return [text, clicks]; }
  const part = preferBoard ? document.querySelector('#board g.legal') : null;
  if (part) { part.dispatchEvent(new MouseEvent('click', {bubbles: true})); clicks.push('board'); continue; }
  let buttons = [...document.querySelectorAll('#options button.legal')];
  if (action) { buttons = buttons.filter(b => b.dataset.value === action).concat(buttons); action = null; }
  buttons[0].click();
  clicks.push('button');
}
return [null, clicks];
"""


def test_a_whole_game_by_pointing(desktop, server):
    """Against a bot, every move of the person's made by clicking (on the board where the
    choice is on it), to the end and its score breakdown; a refused choice says why."""
    driver = desktop
    created, table = new_table(server, ["human", "greedy"], seed=9)
    open_seat(driver, server, created)
    settle(table)
    wait(driver, my_turn)
    other = driver.find_elements(By.CSS_SELECTOR, "#options button.other")
    assert other, "every action is legal at the start?"
    refused = other[0].get_attribute("data-value")
    other[0].click()
    wait(driver, lambda d: "refused" in d.find_element(By.ID, "reason").get_attribute("class") and d.find_element(By.ID, "reason").text)
    assert driver.find_element(By.ID, "reason").text.lower().startswith(refused)
    board_moves = moves = 0
    while not table.game.is_over():
        settle(table)
        if table.game.is_over():
            break
        before = len(table.log)
        wait(driver, lambda d: my_turn(d) and fetch_version(d) == table.version)
        # Mostly the quickest moves (the game is long); every third on the board.
        action = None if moves % 3 == 0 else next((a for a in ("loan", "pass", "develop") if driver.find_elements(By.CSS_SELECTOR, f'#options button.legal[data-value="{a}"]')), None)
        if moves < 2:  # the first moves with WebDriver's own clicks
            text, on_board = point_a_move(driver, action=action, board_first=moves % 3 == 0)
        else:
            text, clicks = driver.execute_script(POINT_IN_PAGE, moves % 3 == 0, action)
            on_board = "board" in clicks
        board_moves += on_board
        moves += 1
        wait(driver, lambda d: len(table.log) > before)
        assert table.log[before]["text"] == text and table.log[before]["player"] == 0
    wait(driver, lambda d: d.find_element(By.ID, "outcome").is_displayed())
    text = driver.find_element(By.ID, "outcome").text
    assert "The game is over" in text and "VP for links" in text and "VP for tiles" in text and "Canal era" in text and "Rail era" in text
    assert moves >= 20 and board_moves >= 5, (moves, board_moves)
    assert "Over" in driver.title


def fetch_version(driver):
    return driver.execute_script("return window.__version ?? null")


def test_a_double_click_plays_one_move(desktop, server):
    driver = desktop
    created, table = new_table(server, ["human", "human"], seed=1)
    while table.game.state.actions_left < 2:  # the first round: one action a turn
        table.play(table.game.to_move, next(iter(table.game.legal_moves)).notation(), table.version)
    mover = table.game.to_move
    open_seat(driver, server, created, mover)
    wait(driver, my_turn)
    money = table.game.state.players[mover].money
    before = len(table.log)
    driver.find_element(By.CSS_SELECTOR, '#options button[data-value="loan"]').click()
    while not driver.find_elements(By.CSS_SELECTOR, "#options button.play"):
        driver.find_element(By.CSS_SELECTOR, "#options button.legal").click()
    ActionChains(driver).double_click(driver.find_element(By.CSS_SELECTOR, "#options button.play")).perform()
    wait(driver, lambda d: len(table.log) > before)
    time.sleep(0.5)  # a second move would have come by now
    assert [e["text"].split()[0] for e in table.log[before:]] == ["loan"]
    assert table.game.state.players[mover].money == money + 30
    assert table.game.state.actions_left == 1


def test_the_hint_button_shows_three_moves_their_worth_and_why_and_a_click_plays_one(desktop, server):
    from brass.bots.advice import advise

    driver = desktop
    created, table = new_table(server, ["human", "human"], seed=5)
    advice = advise(table.game.copy())  # the same position, seen by the same seat: the same advice
    open_seat(driver, server, created, table.game.to_move)
    wait(driver, my_turn)
    driver.find_element(By.ID, "hint").click()
    wait(driver, lambda d: d.find_elements(By.ID, "hint-reason"))
    buttons = driver.find_elements(By.CSS_SELECTOR, "#hints button.hinted")
    assert [b.get_attribute("data-text") for b in buttons] == [c.move.full_notation() for c in advice.candidates]
    assert [b.text.splitlines()[0].rsplit(" (", 1)[1] for b in buttons] == [f"{'+' if c.worth > 0 else ''}{round(c.worth, 1):g})" for c in advice.candidates]
    assert driver.find_element(By.ID, "hint-reason").text == f"Why: {advice.reason}"
    before = len(table.log)
    buttons[1].click()
    wait(driver, lambda d: len(table.log) > before)
    assert table.log[before]["text"] == advice.candidates[1].move.full_notation()


def test_one_seat_in_two_tabs_moves_once(server):
    """Two browsers on one seat click Play at the same instant, each on its own move: one is
    played, the other is refused as chosen on an older position, and says so."""
    created, table = new_table(server, ["human", "human"], seed=2)
    while table.game.state.actions_left < 2:
        table.play(table.game.to_move, next(iter(table.game.legal_moves)).notation(), table.version)
    mover = table.game.to_move
    tabs = [browser(1000, 700), browser(1000, 700)]
    try:
        for tab, action in zip(tabs, ("loan", "pass")):
            open_seat(tab, server, created, mover)
            wait(tab, my_turn)
            tab.find_element(By.CSS_SELECTOR, f'#options button[data-value="{action}"]').click()
            while not tab.find_elements(By.CSS_SELECTOR, "#options button.play"):
                tab.find_element(By.CSS_SELECTOR, "#options button.legal").click()
        before = len(table.log)
        # Both clicks at the same moment by the clock the two browsers share (a WebDriver
        # command each would be some 50 ms apart: the first move's state would be there).
        at = time.time() * 1000 + 600
        for tab in tabs:
            tab.execute_script("const b = document.querySelector('#options button.play'); setTimeout(() => b.click(), arguments[0] - Date.now());", at)
        time.sleep(1.5)
        assert len(table.log) == before + 1, "both tabs' moves were played"
        reasons = [tab.find_element(By.ID, "reason").text for tab in tabs]
        assert sum(STALE in reason for reason in reasons) == 1, reasons
    finally:
        for tab in tabs:
            tab.quit()


def test_a_restart_mid_game_goes_on_where_it_was(desktop, tmp_path):
    driver = desktop
    port = free_port()
    with running_server(tmp_path, port=port) as first:
        created, table = new_table(first, ["human", "greedy"], seed=4)
        open_seat(driver, first, created)
        settle(table)
        wait(driver, my_turn)
        point_a_move(driver, board_first=False)
        settle(table)
        wait(driver, lambda d: my_turn(d) and log_length(d) == len(table.log))
        shown = [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#log li")]
    wait(driver, lambda d: "reconnecting" in d.find_element(By.ID, "status").text)
    with running_server(tmp_path, port=port) as second:
        table = second.store.tables[created["game"]]
        wait(driver, lambda d: "reconnecting" not in d.find_element(By.ID, "status").text)
        assert my_turn(driver) and [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#log li")] == shown
        before = len(table.log)
        point_a_move(driver, board_first=False)
        wait(driver, lambda d: len(table.log) > before)


def test_a_link_that_opens_nothing_says_so_and_stops(desktop, server):
    driver = desktop
    driver.get(server.url + "play/" + "n0-such-link" * 3)
    wait(driver, lambda d: "opens no game" in d.find_element(By.ID, "home-error").text)
    time.sleep(2)
    assert driver.execute_script("return window.__sockets") == 1, "the page kept trying a dead link"
    assert not driver.find_element(By.ID, "play").is_displayed()


def test_keyboard_alone_plays_and_focus_stays_on_the_choices(desktop, server):
    driver = desktop
    created, table = new_table(server, ["human", "greedy"], seed=6)
    open_seat(driver, server, created)
    settle(table)
    wait(driver, my_turn)
    body = driver.find_element(By.TAG_NAME, "body")
    for presses in range(60):  # Tab from the top of the page to the first choice
        body.send_keys(Keys.TAB) if presses == 0 else driver.switch_to.active_element.send_keys(Keys.TAB)
        if driver.execute_script("return document.activeElement.matches('#options button.legal')"):
            break
    else:
        raise AssertionError("Tab never reached a choice")
    before = len(table.log)
    for _ in range(12):
        focused = driver.switch_to.active_element
        assert driver.execute_script("return document.getElementById('options').contains(document.activeElement)"), "focus left the choices"
        if "play" in (focused.get_attribute("class") or ""):
            focused.send_keys(Keys.ENTER)
            break
        focused.send_keys(Keys.ENTER)
        wait(driver, lambda d: d.execute_script("return document.getElementById('options').contains(document.activeElement)"))
    wait(driver, lambda d: len(table.log) > before)


def test_a_phone_sized_screen_has_no_sideways_scroll_and_readable_text(server, tmp_path):
    phone = browser(390, 844, phone=True)
    try:
        phone.get(server.url)
        wait(phone, lambda d: d.find_elements(By.CSS_SELECTOR, "#seat-list .seat-kind"))
        assert phone.execute_script("return document.documentElement.scrollWidth <= document.documentElement.clientWidth")
        created, table = new_table(server, ["human", "greedy"], seed=7)
        open_seat(phone, server, created)
        settle(table)
        wait(phone, my_turn)
        phone.save_screenshot(str(tmp_path / "phone.png"))
        assert (tmp_path / "phone.png").stat().st_size > 10_000
        assert phone.execute_script("return document.documentElement.scrollWidth <= document.documentElement.clientWidth"), "the page scrolls sideways"
        # The board at its first zoom: names of 12 px and more, industry spaces of 44 px and more.
        sizes = phone.execute_script("""
            const label = document.querySelector('#labels text:nth-of-type(2)').getBoundingClientRect();
            const slot = document.querySelector('g[data-cat="slot"] .box').getBoundingClientRect();
            const fonts = [...document.querySelectorAll('#side p, #side li, #side button, #side summary')]
                .filter(e => e.offsetParent).map(e => parseFloat(getComputedStyle(e).fontSize));
            const buttons = [...document.querySelectorAll('#side button, #board-tools button')].filter(e => e.offsetParent).map(e => e.getBoundingClientRect().height);
            return {label: label.height, slot: Math.min(slot.width, slot.height), font: Math.min(...fonts), button: Math.min(...buttons)};
        """)
        assert sizes["label"] >= 12 and sizes["slot"] >= 44 and sizes["font"] >= 12 and sizes["button"] >= 44, sizes
        # A tap on the board says what was tapped.
        place = phone.find_element(By.CSS_SELECTOR, 'g[data-cat="place"]')
        phone.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'center'})", place)
        place.click()
        wait(phone, lambda d: d.find_element(By.ID, "tip").is_displayed() and d.find_element(By.ID, "tip").text)
        # A move by tapping.
        before = len(table.log)
        point_a_move(phone, board_first=False)
        wait(phone, lambda d: len(table.log) > before)
    finally:
        phone.quit()


def test_an_onlooker_sees_no_hand_and_cannot_move(desktop, server):
    driver = desktop
    created, table = new_table(server, ["human", "human"], seed=8)
    driver.get(server.url.rstrip("/") + created["watch"])
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#board svg") and d.find_elements(By.CSS_SELECTOR, "#player-boards details"))
    assert not driver.find_element(By.ID, "hand-box").is_displayed()
    assert not driver.find_element(By.ID, "builder").is_displayed()
    assert not driver.find_element(By.ID, "chat-form").is_displayed()
    source = driver.page_source
    for player in table.game.state.players:
        assert json.dumps(sorted(c.id for c in player.hand)) not in source
    state = json.loads(driver.execute_script("return JSON.stringify(window.__state)"))
    assert state["seat"] is None and state["moves"] == [] and state["hand"] == []
    assert all("hand" not in p for p in state["view"]["players"])


def test_hovering_the_board_says_what_is_there(desktop, server):
    driver = desktop
    created, table = new_table(server, ["human", "greedy"], seed=3)
    open_seat(driver, server, created)
    place = driver.find_element(By.CSS_SELECTOR, 'g[data-cat="slot"]')
    driver.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'center'})", place)
    ActionChains(driver).move_to_element(place).perform()
    wait(driver, lambda d: d.find_element(By.ID, "tip").is_displayed())
    assert ", space " in driver.find_element(By.ID, "tip").text
