"""The pictures in docs/howto/play-in-a-browser.rst, made by the code the browser tests use.

    python -m tests.web.screenshots        # writes docs/howto/images/web-*.png

A game against two bots, the person's moves chosen by the greedy bot through the table
(as a page would send them), then the page photographed: at the start of a turn on a
wide screen, while choosing a line on the board, on a phone, and a finished game.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

OUT = Path(__file__).resolve().parents[2] / "docs" / "howto" / "images"


def main() -> int:
    import httpx
    from selenium.webdriver.common.by import By

    from brass import Game
    from brass.bots import make_bot
    from brass.bots.seating import play_out, seat_bots
    from tests.web.server import running_server
    from tests.web.test_browser import browser, settle, wait

    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as data, running_server(data, bot_delay=0.01) as server:
        created = httpx.post(f"{server.url}api/games", json={"ruleset": "birmingham", "seats": ["human", "greedy", "greedy"], "names": ["Ann", "Bob", "Cy"], "seed": 5}).json()
        table = server.store.tables[created["game"]]
        advisor = make_bot("greedy", 1)
        for _ in range(3):
            settle(table)
            table.play(0, advisor.choose(table.game.copy()).notation(), table.version)
        settle(table)
        url = server.url.rstrip("/") + created["links"][0]["url"]
        wide = browser(1400, 900)
        try:
            wide.get(url)
            wait(wide, lambda d: d.find_elements(By.CSS_SELECTOR, "#options button.legal"))
            time.sleep(0.5)
            wide.save_screenshot(str(OUT / "web-start.png"))
            wide.find_element(By.CSS_SELECTOR, '#options button[data-value="network"]').click()
            wide.find_element(By.CSS_SELECTOR, "#options button.legal").click()
            wait(wide, lambda d: d.find_elements(By.CSS_SELECTOR, "#board g.legal"))
            time.sleep(0.3)
            wide.save_screenshot(str(OUT / "web-pointing.png"))
        finally:
            wide.quit()
        phone = browser(390, 844, phone=True)
        try:
            phone.get(url)
            wait(phone, lambda d: d.find_elements(By.CSS_SELECTOR, "#options button.legal"))
            time.sleep(0.5)
            phone.save_screenshot(str(OUT / "web-phone.png"))
        finally:
            phone.quit()
        finished = play_out(Game("birmingham", ["Ann", "Bob", "Cy"], seed=11), seat_bots(["greedy"] * 3, 11)).record()
        over = httpx.post(f"{server.url}api/games", json={"record": finished, "seats": ["human", "greedy", "greedy"]}).json()
        wide = browser(1400, 900)
        try:
            wide.get(server.url.rstrip("/") + over["links"][0]["url"])
            wait(wide, lambda d: d.find_element(By.ID, "outcome").is_displayed())
            time.sleep(0.5)
            wide.save_screenshot(str(OUT / "web-over.png"))
        finally:
            wide.quit()
    for name in ("web-start.png", "web-pointing.png", "web-phone.png", "web-over.png"):
        print(OUT / name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
