"""A player's name at the tables follows their profile: a display name changed in the
profile is the name every seat of theirs shows, in running and finished games alike (as on
other game sites, where a player is known by their current name)."""

from __future__ import annotations

from typing import Any

from django.db.models.signals import post_save
from django.dispatch import receiver

from accounts.models import Profile, display_name
from games.models import Seat


@receiver(post_save, sender=Profile)
def seats_follow_the_display_name(sender: Any, instance: Profile, **kwargs: Any) -> None:
    """Every seat of the profile's user takes its display name (the email's name part
    when it is emptied)."""
    name = display_name(instance.user)
    Seat.objects.filter(user_id=instance.user_id).exclude(name=name).update(name=name)
