"""Each game's rules in the site, in English and French: every rule a move can break, under
the id a refusal names, reached from the home page, the header and the table."""

from __future__ import annotations

import html
import re

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation
from django.utils.html import escape

from games.models import Game
from games.registry import game_ids, game_type

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("game_id", game_ids())
def test_a_games_rules_page_states_every_rule_under_its_id(game_id: str) -> None:
    answer = Client().get(f"/rules/{game_id}/")

    assert answer.status_code == 200
    page = answer.content.decode()
    rulebook = game_type(game_id).site.rulebook
    assert rulebook
    for rule, statement in rulebook.items():
        assert f'id="rule-{rule}"' in page
        assert escape(statement) in page


@pytest.mark.parametrize("game_id", game_ids())
def test_a_games_rules_page_reads_in_french(game_id: str) -> None:
    rule, statement = next(iter(game_type(game_id).site.rulebook.items()))
    with translation.override("fr"):
        french = translation.gettext(statement)
    assert french != statement, "the rule book's statements are in the French catalogue"

    page = Client(headers={"accept-language": "fr"}).get(f"/rules/{game_id}/").content.decode()

    assert escape(french) in page
    assert f'id="rule-{rule}"' in page
    assert "Règles de" in page


def test_a_game_the_site_does_not_have_has_no_rules_page() -> None:
    assert Client().get("/rules/chess/").status_code == 404


def test_the_rules_index_and_the_home_page_link_every_games_rules() -> None:
    index = Client().get("/rules/").content.decode()
    home = Client().get("/").content.decode()
    for game_id in game_ids():
        assert f'href="/rules/{game_id}/"' in index
        assert f'href="/rules/{game_id}/"' in home
    assert 'href="/rules/"' in home  # the header, on every page


def test_the_table_links_to_its_games_rules(alice: User, duel: Game) -> None:
    client = Client()
    client.force_login(alice)
    page = client.get(f"/games/{duel.pk}/").content.decode()
    assert f'href="/rules/{duel.rules}/"' in page
    assert "Rules of NUM-X" in page


@pytest.mark.parametrize("game_id", game_ids())
def test_a_games_rules_page_carries_its_whole_reference_with_every_decision(
    game_id: str,
) -> None:
    """The statements come first, then the game's rules reference (the rule book's passages
    and every house decision), drawn from its Markdown: each of its sections, its tables."""
    reference = game_type(game_id).site.rules_reference
    assert reference is not None
    text = (settings.BASE_DIR / reference).read_text(encoding="utf-8")
    headings = [line[3:].strip() for line in text.splitlines() if line.startswith("## ")]
    assert headings

    page = Client().get(f"/rules/{game_id}/").content.decode()

    words = html.unescape(re.sub(r"<[^>]+>", "", page))
    for heading in headings:
        assert re.sub(r"[`*]", "", heading) in words
    assert page.count("<h2>") >= len(headings)
    assert ("<table>" in page) == any(line.startswith("| ---") for line in text.splitlines())
    assert "The whole reference" in page
    french = Client(headers={"accept-language": "fr"}).get(f"/rules/{game_id}/").content.decode()
    assert "Cette référence est écrite en anglais" in french
