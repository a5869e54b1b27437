"""Celery tasks of notifications: sending one email (a notification, an invitation) once.

The daily digest's task is in :mod:`notifications.reminders`; both kinds of rows go
through the outbox (:mod:`notifications.outbox`), which enqueues these tasks and sweeps
what they never sent."""

from __future__ import annotations

from celery import shared_task
from django.contrib.auth import get_user_model
from django.core.mail import EmailMessage

from accounts.models import profile_of
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

    def compose_for(invitation: Invitation) -> EmailMessage | None:
        user = get_user_model().objects.filter(email__iexact=invitation.email).first()
        if user is not None and not profile_of(user).email_invitations:
            return None
        return compose_invitation(invitation, user)

    return send_once(Invitation, invitation_id, ("game", "invited_by"), compose_for)
