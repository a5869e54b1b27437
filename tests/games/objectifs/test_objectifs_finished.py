"""A finished game of NUM-X Objectifs: the table's final scores made of each round's lines,
the score sheet with every round, and the replay, step by step, showing every hand and
objective as they stood."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.engine.objectifs import RULES, Phase
from games.events import store
from games.models import Game
from games.rulesets.objectifs import descriptions
from games.rulesets.objectifs.site import SITE
from games.selectors import game_view

from .conftest import Login, advance, start

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished(alice: User, bob: User) -> Game:
    game = start([alice, bob], seed=12)
    advance(game, RULES.is_terminal)
    return game


def cards_in(section: str) -> list[str]:
    return re.findall(r'class="card[^"]*" role="img" aria-label="([^"]+)"', section)


def test_the_final_table_scores_each_round_line_by_line(
    finished: Game, alice: User, as_user: Login
) -> None:
    now = store.load(finished.pk, finished.rules).state
    result = RULES.outcome(now)
    assert result is not None
    page = as_user(alice).get(f"/games/{finished.pk}/").content.decode()
    assert "Final scores" in page
    sheet_head = page.split('class="score-sheet"')[1].split("</thead>")[0]
    assert all(f"Round {round_no}</th>" in sheet_head for round_no in range(1, 6))
    for rule, line in (("malus", "malus cards"), ("hand", "cards left in hand")):
        scored = any(x.points for lines in result.breakdown for x in lines if x.rule.endswith(rule))
        assert (f">{line}</th>" in sheet_head) == scored
    score = SITE.describe_score(result.scores[0])
    assert f'<span class="score">{score}' in page
    # The score sheet: a row per round, a cell per player, the totals the outcome gives.
    sheet = page.split('class="objectifs-sheet"')[1].split("</section>")[0]
    rows = re.findall(r"<tr><th scope=\"row\">(\d)</th>", sheet)
    assert rows == ["1", "2", "3", "4", "5"]
    totals = re.findall(r"<td><strong>([^<]+)</strong></td>", sheet.split("<tfoot>")[1])
    assert totals == [descriptions.signed(total) for total in result.scores]
    assert "Every hand and objective" in page


def test_the_replay_shows_every_hand_and_objective_at_each_step(
    finished: Game, client: Client
) -> None:
    rules = RULES
    steps = [
        n
        for n in range(2, finished.last_sequence, 7)
        if store.load(finished.pk, finished.rules, upto=n).state.phase is Phase.PLAY
    ][:4]
    assert steps
    for step in steps:
        then = store.load(finished.pk, finished.rules, upto=step).state
        page = client.get(f"/games/{finished.pk}/replay/?step={step}").content.decode()
        assert f'data-step="{step}"' in page
        shown = page.split('class="all-hands objectifs"')[1].split("</section>")[0]
        lines = re.findall(r'<span class="who">([^<]+)</span>(.*?)</p>', shown, re.DOTALL)
        assert [name for name, _line in lines] == ["alice", "bob"]
        for seat, (_name, line) in enumerate(lines):
            hand = [descriptions.card(str(card)) for card in sorted(then.hands[seat])]
            assert cards_in(line) == hand
            objective = then.objectives[seat]
            assert objective is not None
            assert f"objective {descriptions.objective(objective.value)}" in line
        assert rules.view(then, None, reveal=True)["hands"][0] is not None
    # A spectator of the live table of a finished game sees it all too.
    page = Client().get(f"/games/{finished.pk}/").content.decode()
    assert "Every hand and objective" in page


def test_the_end_gives_each_players_malus_not_a_score_so_far(
    finished: Game, client: Client
) -> None:
    """At the end the player's heading has their final score: beside it, "score so far"
    would read as if the game went on; the replay's earlier steps still say it."""
    for page in (
        client.get(f"/games/{finished.pk}/").content.decode(),
        client.get(f"/games/{finished.pk}/replay/").content.decode(),
    ):
        malus = re.findall(r'<p class="objectifs-malus">([^<]+)</p>', page)
        assert len(malus) == 2
        assert all(re.fullmatch(r"Malus: \u2212?\d+", words) for words in malus), malus
    earlier = client.get(f"/games/{finished.pk}/replay/?step=40").content.decode()
    assert "score so far" in earlier


def test_malus_cards_worth_less_than_nothing_read_with_a_minus_sign(finished: Game) -> None:
    """Malus cards of -2 and -1 count -3, written as every other negative number here."""
    view = game_view(finished, None)
    view["rows"][0] = ["-2", "-1"]
    assert SITE.player_context(view, 0)["malus"] == "\u22123"


def test_the_end_has_one_region_called_score_sheet(finished: Game, client: Client) -> None:
    """At the end two sheets show, the rounds' and the final scores': only the final one is a
    region a screen reader lists, so that its name "Score sheet" names one thing (the rounds'
    sheet has its heading)."""
    for page in (
        client.get(f"/games/{finished.pk}/").content.decode(),
        client.get(f"/games/{finished.pk}/replay/").content.decode(),
    ):
        assert page.count('aria-label="Score sheet"') == 1
        assert '<section class="objectifs-sheet">' in page
        assert "{#" not in page  # (a template's comment, shown)
