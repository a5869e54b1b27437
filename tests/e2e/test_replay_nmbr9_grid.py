"""A finished NMBR 9 game's replay: its stacks' grids, whose row and column numbers read whole
(a stack that grows far up has rows −10 and beyond, wider than one square of the grid)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.helpers import Site

pytestmark = pytest.mark.browser

#: A public NMBR 9 game between two random bots, played to its end: random bots lay their
#: tiles far apart, and this one's stacks reach row −10.
_FINISHED_NMBR9 = """
import random
from games.bots import bot_seats, play_bot_move
from games.lobby import default_config
from games.services import game_create

config = default_config("nmbr9")
config["players"] = 2
rng = random.Random({seed})
game = game_create(
    name="NMBR 9 to replay", config=config, seats=bot_seats(2, automatic=False),
    rules="nmbr9", rng=rng, public=True,
)
while play_bot_move(game, rng):
    pass
print(game.pk)
"""
SEED = 3


def finished_nmbr9(site: Site) -> int:
    made = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", _FINISHED_NMBR9.format(seed=SEED)],
        cwd=Path(__file__).resolve().parents[2],
        env={**os.environ, "DATABASE_URL": site.database_url, "EMAIL_URL": "dummymail://"},
        capture_output=True,
        text=True,
    )
    assert made.returncode == 0, made.stderr
    return int(made.stdout.split()[-1])


def test_the_grids_numbers_read_on_one_line(browser: Browser, site: Site) -> None:
    game = finished_nmbr9(site)
    context = browser.new_context(base_url=site.url, locale="en-GB")
    try:
        page = context.new_page()
        page.goto(f"/games/{game}/replay/")
        labels = page.locator(".player .n9-grid .axis:not(.corner)")
        expect(labels.first).to_be_visible()
        wide = labels.filter(has_text="−1")
        texts = [wide.nth(i).inner_text() for i in range(wide.count())]
        assert any(len(text) == 3 for text in texts), f"no row beyond −9 with seed {SEED}"
        folded = labels.evaluate_all(
            """labels => labels
                .filter((label) => label.textContent.length > 2)
                .filter((label) => {
                  const range = document.createRange();
                  range.selectNodeContents(label);
                  return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1;
                })
                .map((label) => label.textContent)"""
        )
        assert folded == []
    finally:
        context.close()
