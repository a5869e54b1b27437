"""The demo's tournament (``manage.py numx demo``, ``make run``): a newcomer finds one being
played, with Alice (its organiser, whose dashboard they may open) and Bob at its tables."""

from __future__ import annotations

import random
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.dispatch import receiver
from django.urls import reverse
from django.utils import timezone

from games import demo
from tournaments.models import Tournament
from tournaments.services import stage_start, tournament_create, tournament_register

NAME = "Demo cup"
#: Members who fill the tables beside the demo's two players: six players, two tables of
#: three. They log in with the demo's password too.
OTHERS = ("carla@demo.numx", "dan@demo.numx", "eve@demo.numx", "fred@demo.numx")


@receiver(demo.seeded)
def seed_tournament(sender: Any, players: list[Any], **kwargs: Any) -> tuple[str, str]:
    """Alice's two-stage tournament, its first stage being played (once); its page."""
    tournament = Tournament.objects.filter(name=NAME).first()
    if tournament is None:
        organiser = players[0]
        with transaction.atomic():
            tournament = tournament_create(
                organiser=organiser,
                name=NAME,
                description="The demo's tournament: two stages of X-Games at tables of three.",
                registration_closes=timezone.now() + timedelta(days=7),
                table_size=3,
                stage_count=2,
                move_deadline=timedelta(days=2),
            )
            for player in [*players, *(demo.player(email) for email in OTHERS)]:
                tournament_register(tournament=tournament, user=player)
            stage_start(tournament=tournament, by=organiser, rng=random.Random(2026))
    return "a tournament being played", reverse("tournaments:tournament", args=(tournament.pk,))
