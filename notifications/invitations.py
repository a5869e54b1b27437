"""Game invitations leave by email: each new invitation row is an outbox row
(:mod:`notifications.outbox`), sent once by :func:`notifications.tasks.send_invitation`
after its transaction commits, or by the sweep if that enqueue is lost."""

from __future__ import annotations

from typing import Any

from django.db.models.signals import post_save
from django.dispatch import receiver

from games.models import Invitation
from notifications.outbox import deliver_after_commit


@receiver(post_save, sender=Invitation, dispatch_uid="notifications.send_new_invitation")
def send_new_invitation(
    sender: type[Invitation], instance: Invitation, created: bool, **kwargs: Any
) -> None:
    """Deliver the email of an invitation just created, once its transaction commits."""
    if created:
        deliver_after_commit(instance)
