"""Game invitations leave by email: each new invitation row, once committed, is sent by a
task (once, whatever the retries: :func:`notifications.tasks.send_invitation`)."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models.signals import post_save
from django.dispatch import receiver

from games.models import Invitation
from games.tasks import enqueue
from notifications.tasks import send_invitation


@receiver(post_save, sender=Invitation, dispatch_uid="notifications.send_new_invitation")
def send_new_invitation(
    sender: type[Invitation], instance: Invitation, created: bool, **kwargs: Any
) -> None:
    """Enqueue the email of an invitation just created, after its transaction commits."""
    if created:
        transaction.on_commit(lambda: enqueue(send_invitation, instance.pk))
