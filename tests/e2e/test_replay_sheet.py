"""A finished game's replay on a 360 px phone, in French: its score sheet's column headings
read whole (a long heading wraps), and a sheet of one scoring column fits without scrolling."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.helpers import PHONE, Site

pytestmark = pytest.mark.browser

#: A public Maya game between two bots, played to its end (bots' random moves).
_FINISHED_MAYA = """
import random
from games.bots import bot_seats, play_bot_move
from games.lobby import default_config
from games.services import game_create

config = default_config("maya")
config["players"] = 2
rng = random.Random(3)
game = game_create(
    name="Maya to replay", config=config, seats=bot_seats(2, automatic=False),
    rules="maya", rng=rng, public=True,
)
while play_bot_move(game, rng):
    pass
print(game.pk)
"""


def finished_maya(site: Site) -> int:
    made = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", _FINISHED_MAYA],
        cwd=Path(__file__).resolve().parents[2],
        env={**os.environ, "DATABASE_URL": site.database_url, "EMAIL_URL": "dummymail://"},
        capture_output=True,
        text=True,
    )
    assert made.returncode == 0, made.stderr
    return int(made.stdout.split()[-1])


def test_the_score_sheets_headings_read_whole_on_a_phone(browser: Browser, site: Site) -> None:
    game = finished_maya(site)
    context = browser.new_context(base_url=site.url, locale="fr-FR", viewport=PHONE)
    try:
        page = context.new_page()
        page.goto(f"/games/{game}/replay/")
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        sheet = page.locator(".score-sheet")
        expect(sheet.get_by_role("columnheader", name="nombres secrets atteints")).to_be_visible()
        # The heading is not hidden under the Total column that stays in view.
        scrolled = sheet.evaluate("element => element.scrollWidth - element.clientWidth")
        assert scrolled <= 0, f"the sheet scrolls {scrolled} px"
    finally:
        context.close()
