"""Migration 0007 of accounts: of members who shared a display name before names were
unique (whatever its capitals or look-alike letters), the first to sign up keeps it, each
later one keeps it with a number, at their tables too (docs: the README's accounts)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.db import IntegrityError

from accounts.models import Profile, display_name
from games.models import Game, Seat
from tests.migrations import migrate, model_at

#: "alice" in the wide letters of East Asian keyboards.
WIDE_ALICE = "\uff41\uff4c\uff49\uff43\uff45"
BEFORE = [("accounts", "0006_display_name_key")]


def member(username: str, name: str) -> User:
    user = User.objects.create_user(username)
    model_at(BEFORE, "accounts", "Profile").objects.create(user_id=user.pk, display_name=name)
    return user


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("flush_past_the_trigger")  # PostgreSQL's flush after the test
def test_later_holders_of_a_shared_name_keep_it_with_a_number() -> None:
    migrate(BEFORE)  # names are not unique yet
    first, second, third = member("a", "Alice"), member("b", "ALICE"), member("c", WIDE_ALICE)
    holder = member("d", "Alice (2)")  # chosen, never shared: kept as it is
    alone, nameless = member("e", "Bob"), User.objects.create_user("f")
    game = Game.objects.create(name="Before", config={"players": 2}, created_by=second)
    Seat.objects.create(game=game, number=0, user=second, name="ALICE")
    Seat.objects.create(game=game, number=1, user=first, name="Alice")

    migrate()

    names = [display_name(user) for user in (first, second, third, holder, alone, nameless)]
    assert names == [
        "Alice",
        "ALICE (3)",
        f"{WIDE_ALICE} (4)",
        "Alice (2)",
        "Bob",
        f"Player {nameless.pk}",
    ]
    assert list(game.seats.order_by("number").values_list("name", flat=True)) == [
        "ALICE (3)",
        "Alice",
    ]
    with pytest.raises(IntegrityError):
        Profile.objects.filter(user=holder).update(name_key="alice")
