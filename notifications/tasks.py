"""Celery tasks of notifications: sending one email (a notification, an invitation, an
answer to a reply, a chat report to the moderators) once, and processing one mail received
at a reply address.

The daily digest's task is in :mod:`notifications.reminders`; both kinds of rows go
through the outbox (:mod:`notifications.outbox`), which enqueues these tasks and sweeps
what they never sent."""

from __future__ import annotations

from celery import shared_task

from chat.models import ChatReport
from games.models import Invitation
from notifications.emails import compose_due, compose_invitation
from notifications.models import Answer, Notification
from notifications.moderation import compose_report
from notifications.outbox import RETRIED, send_once, sends
from notifications.replies import compose_answer, process


@sends(Notification)
@shared_task(**RETRIED)
def send_notification(notification_id: int) -> bool:
    """Send one notification unless it is already sent; True if this call sent it."""
    return send_once(Notification, notification_id, ("recipient", "game"), compose_due)


@sends(Invitation)
@shared_task(**RETRIED)
def send_invitation(invitation_id: int) -> bool:
    """Send one game invitation unless it is already sent or the invitee, having an
    account, turned invitations off; True if this call sent it."""
    return send_once(Invitation, invitation_id, ("game", "invited_by"), compose_invitation)


@shared_task
def process_reply(inbound_id: int) -> str | None:
    """Judge one mail received at a reply address, once: play its move or answer it."""
    return process(inbound_id)


@sends(Answer)
@shared_task(**RETRIED)
def send_answer(answer_id: int) -> bool:
    """Send the answer to a reply (why it was not played, or its move's confirmation), once."""
    return send_once(Answer, answer_id, ("inbound",), compose_answer)


@sends(ChatReport)
@shared_task(**RETRIED)
def send_chat_report(report_id: int) -> bool:
    """Send the moderators the email of one chat report, once; True if this call sent it."""
    return send_once(ChatReport, report_id, ("line", "line__game", "reporter"), compose_report)
