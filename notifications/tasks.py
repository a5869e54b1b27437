"""Celery tasks of notifications: sending one email (a notification, an invitation) once.

The daily digest's task is in :mod:`notifications.reminders`; both kinds of rows go
through the outbox (:mod:`notifications.outbox`), which enqueues these tasks and sweeps
what they never sent."""

from __future__ import annotations

from celery import shared_task

from games.models import Invitation
from notifications.emails import compose, compose_invitation
from notifications.models import Notification
from notifications.outbox import RETRIED, send_once, sends


@sends(Notification)
@shared_task(**RETRIED)
def send_notification(notification_id: int) -> bool:
    """Send one notification unless it is already sent; True if this call sent it."""
    return send_once(Notification, notification_id, ("recipient", "game"), compose)


@sends(Invitation)
@shared_task(**RETRIED)
def send_invitation(invitation_id: int) -> bool:
    """Send one game invitation unless it is already sent or the invitee, having an
    account, turned invitations off; True if this call sent it."""
    return send_once(Invitation, invitation_id, ("game", "invited_by"), compose_invitation)
