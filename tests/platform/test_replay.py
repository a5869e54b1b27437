"""Replaying a Toy game step by step: every step draws, and the secrets are shown once the
game is over (while it runs, a player replays it in their own view)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.models import Game
from tests.platform.conftest import state_of, take

pytestmark = pytest.mark.django_db

Login = Callable[[User], Client]


def test_every_step_of_a_finished_game_replays_with_every_charm_shown(
    as_user: Login, mallory: User, finished_duel: Game
) -> None:
    charms = state_of(finished_duel).charms
    watcher = as_user(mallory)
    for step in range(1, finished_duel.last_sequence + 1):
        answer = watcher.get(f"/games/{finished_duel.pk}/replay/?step={step}")
        assert answer.status_code == 200, step
        page = answer.content.decode()
        assert f'data-step="{step}"' in page
        if step > 1:  # dealt by the second event
            assert all(charm in page for charm in charms), step


def test_the_last_step_shows_the_winner_and_the_final_scores(
    as_user: Login, mallory: User, finished_duel: Game
) -> None:
    page = as_user(mallory).get(f"/games/{finished_duel.pk}/replay/").content.decode()
    assert "The game is over. Winner:" in page
    assert "Final scores" in page and "Tokens left: 0" in page


def test_a_player_replays_an_unfinished_game_seeing_only_their_own_charm(
    as_user: Login, bob: User, duel: Game
) -> None:
    take(duel, 0, 1)
    hers, his = state_of(duel).charms
    duel.refresh_from_db()
    for step in range(2, duel.last_sequence + 1):
        page = as_user(bob).get(f"/games/{duel.pk}/replay/?step={step}").content.decode()
        assert his in page and hers not in page, step
