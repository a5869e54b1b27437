"""``manage.py numx simulate --rules toy``: bots play any registered game from the command
line, in memory or through the event store."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command


@pytest.mark.django_db
def test_bots_simulate_toy_games_from_the_command_line() -> None:
    out = StringIO()
    call_command("numx", "simulate", "--rules", "toy", "--games", "3", "--players", "3", stdout=out)
    assert json.loads(out.getvalue())["games"] == 3
