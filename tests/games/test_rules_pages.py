"""Each game's rules in the site, in English and French: how to play it first, then every
rule a move can break, under the id a refusal names, reached from the home page, the header
and the table. Players read these pages: nothing of the code shows there."""

from __future__ import annotations

import html
import itertools
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
    assert "Comment jouer à" in page


def test_a_game_the_site_does_not_have_has_no_rules_page() -> None:
    assert Client().get("/rules/chess/").status_code == 404


def test_the_rules_index_and_the_home_page_link_every_games_rules() -> None:
    index = Client().get("/rules/").content.decode()
    assert "How to play NMBR 9" in index
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


#: The headings every game's how-to has, in this order, and their French.
HOWTO = [
    ("The goal", "Le but"),
    ("What you play with", "Le matériel"),
    ("A turn", "Un tour"),
    ("An example", "Un exemple"),
    ("The end and the scoring", "La fin et le score"),
]
#: The site's own card and tile pictures, whichever game draws them.
PICTURES = re.compile(r'class="(card |maya-card |n9-tile|n9-grid|nk-tile |nk-grid)')


def section(page: str, start: str, end: str) -> str:
    """The page's text between the heading ``start`` and the heading ``end``."""
    words = html.unescape(re.sub(r"<[^>]+>", " ", page))
    return words[words.index(start) + len(start) : words.index(end)]


@pytest.mark.parametrize("game_id", game_ids())
def test_a_games_rules_page_opens_with_how_to_play_it_in_english_and_french(game_id: str) -> None:
    english = Client().get(f"/rules/{game_id}/").content.decode()
    french = Client(headers={"accept-language": "fr"}).get(f"/rules/{game_id}/").content.decode()

    for page, language in ((english, 0), (french, 1)):
        howto = page.index('id="how-to-play"')
        assert howto < page.index('id="rule-'), "how to play comes before the rules' list"
        headings = [pair[language] for pair in HOWTO]
        for heading, following in itertools.pairwise(headings):
            assert len(section(page, heading, following).split()) >= 8, heading
        last = section(page, headings[-1], "Every rule" if language == 0 else "Toutes les")
        assert len(last.split()) >= 8
        assert PICTURES.search(page[howto : page.index('id="refusals"')]), "its cards drawn"
    goal = "The goal"
    assert section(english, goal, "What you play with") != section(french, "Le but", "Le matériel")


#: What only developers should read: test names, the repository's source paths and files.
CODE = re.compile(r"\btest_\w+|\b(?:games|tests|docs)/[\w/.-]+|\b\w+\.py\b")


@pytest.mark.parametrize("game_id", game_ids())
def test_no_rules_page_shows_players_test_names_or_source_paths(game_id: str) -> None:
    for language in ("en", "fr"):
        page = Client(headers={"accept-language": language}).get(f"/rules/{game_id}/")
        text = html.unescape(re.sub(r"<[^>]+>", " ", page.content.decode()))

        assert CODE.findall(text) == []


@pytest.mark.parametrize(
    "game_id", [game_id for game_id in game_ids() if game_type(game_id).site.rules_reference]
)
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
