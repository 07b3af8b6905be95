"""The pictures in docs/howto/play-in-a-browser.rst, made by the code the browser tests use.

    python -m tests.web.screenshots        # writes docs/howto/images/web-*.png
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

OUT = Path(__file__).resolve().parents[2] / "docs" / "howto" / "images"


def main() -> int:
    from selenium.webdriver.common.by import By

    from tests.web.server import running_server
    from tests.web.test_browser import browser, point_a_move, start_game, wait

    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as data, running_server(data) as server:
        driver = browser(1280, 800)
        try:
            start_game(driver, server)
            driver.save_screenshot(str(OUT / "web-start.png"))
            for button in driver.find_elements(By.CSS_SELECTOR, "#options button.legal"):
                if button.get_attribute("data-value") == "build":
                    button.click()
                    break
            cards = len(driver.find_elements(By.CSS_SELECTOR, "#options button.legal"))
            for index in range(cards):  # a card that leaves a choice of places on the board
                driver.find_elements(By.CSS_SELECTOR, "#options button.legal")[index].click()
                if driver.find_elements(By.CSS_SELECTOR, "#board g.legal"):
                    break
                driver.find_element(By.ID, "clear").click()
                driver.find_element(By.CSS_SELECTOR, '#options button[data-value="build"]').click()
            driver.save_screenshot(str(OUT / "web-pointing.png"))
            point_a_move(driver)
            wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#log li")) >= 2 and "Your move" in d.find_element(By.ID, "turn").text)
            driver.set_window_size(390, 844)
            driver.save_screenshot(str(OUT / "web-phone.png"))
        finally:
            driver.quit()
    for name in ("web-start.png", "web-pointing.png", "web-phone.png"):
        print(OUT / name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
