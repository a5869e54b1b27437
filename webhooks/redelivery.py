"""Sending a delivery again: its owner's say, once its attempts were given up (after the
last retry, ``webhooks.sending``), what the pages and the API both call."""

from __future__ import annotations

from django.db import transaction
from django.http import Http404
from django.utils import timezone
from django.utils.translation import gettext as _

from webhooks.models import Delivery, Endpoint
from webhooks.tasks import send_after_commit


class NotGivenUp(Exception):
    """A delivery that is not sent again: delivered, or still being tried; its message
    says which, to the member."""


def send_again(endpoint: Endpoint, delivery_id: int) -> Delivery:
    """Start a fresh round of attempts (as many, the same back-off) of the endpoint's given-up
    delivery ``delivery_id``, the first one due now, sent through the ``webhooks`` queue
    once committed; the delivery. It keeps its id, which each attempt carries, so that a
    receiver that took it after all can drop it. 404 for a delivery not the endpoint's;
    :class:`NotGivenUp` for one delivered or still being tried (nothing changes)."""
    with transaction.atomic():
        # Locked, as an attempt locks it: two requests at once start one round.
        delivery: Delivery | None = (
            endpoint.deliveries.select_for_update().filter(pk=delivery_id).first()
        )
        if delivery is None:
            raise Http404(_("There is no such delivery."))
        if delivery.sent_at is not None:
            raise NotGivenUp(_("This delivery was delivered: it is not sent again."))
        if delivery.next_attempt_at is not None:
            raise NotGivenUp(
                _("This delivery is still being tried: it can be sent again once given up.")
            )
        delivery.attempts_made, delivery.next_attempt_at = 0, timezone.now()
        delivery.save(update_fields=["attempts_made", "next_attempt_at"])
        send_after_commit(delivery.pk)
    return delivery
