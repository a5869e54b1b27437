"""What other apps have to tell a member shows on their games page, each notice linking
where it leads (``games.notices``)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games import notices

pytestmark = pytest.mark.django_db

Login = Callable[[User], Client]


def test_a_registered_notice_shows_on_the_members_games_page_only(
    alice: User, bob: User, as_user: Login, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(notices, "_sources", [*notices._sources])
    notices.register_source(
        lambda user: [("Come to the fair.", "/fair/")] if user.pk == alice.pk else []
    )

    page = as_user(alice).get("/games/").content.decode()
    assert '<li><a href="/fair/">Come to the fair.</a></li>' in page
    assert "Come to the fair." not in as_user(bob).get("/games/").content.decode()
