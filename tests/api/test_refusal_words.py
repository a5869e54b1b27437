"""What the API says when it refuses, in English and in French: a game that is none of the
site's, a player that is not there, and a request from somebody without a seat (said one
way wherever it comes from)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from games.models import Game
from games.registry import game_ids

pytestmark = pytest.mark.django_db

GAMES = ", ".join(game_ids())


@pytest.mark.parametrize("rules", [None, "chess", 5, ""])
@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", f"Name one of the site's games: {GAMES}."),
        ("fr", f"Nommez un des jeux du site : {GAMES}."),
    ],
)
def test_a_new_game_of_no_game_of_the_site_lists_them(
    as_alice: APIClient, rules: object, language: str, words: str
) -> None:
    body = {"name": "g", "rules": rules, "config": {"players": 2}}

    answer = as_alice.post("/api/games/", body, format="json", HTTP_ACCEPT_LANGUAGE=language)

    assert answer.status_code == 400
    assert answer.json() == {"rules": [words.replace(" :", "\u00a0:")]}
    assert not Game.objects.exists()


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "No player has the number 999999."), ("fr", "Aucun joueur n’a le numéro 999999.")],
)
def test_an_unknown_player_is_said_so(as_alice: APIClient, language: str, words: str) -> None:
    answer = as_alice.get("/api/players/999999/", HTTP_ACCEPT_LANGUAGE=language)

    assert answer.status_code == 404
    assert answer.json() == {"detail": words}


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "You have no seat at this game."), ("fr", "Vous n’avez pas de place à cette partie.")],
)
def test_one_refusal_for_no_seat_whatever_is_asked(
    as_carol: APIClient, game: Game, language: str, words: str
) -> None:
    legal = as_carol.get(f"/api/games/{game.pk}/legal-actions/", HTTP_ACCEPT_LANGUAGE=language)
    resign = as_carol.post(f"/api/games/{game.pk}/resign/", HTTP_ACCEPT_LANGUAGE=language)

    assert (legal.status_code, resign.status_code) == (403, 403)
    assert legal.json() == resign.json() == {"detail": words}
