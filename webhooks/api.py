"""A member's webhooks in the REST API, under ``/api/webhooks/``: listing, registering and
removing endpoints, reading an endpoint's delivery log and sending a given-up delivery again
(``webhooks.services`` and ``webhooks.redelivery``, as the pages)."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from games.api import serializers as s
from games.api.base import StrictSerializer
from games.api.views import ERROR, INVALID, NO_BODY, NOT_JSON, endpoint, no_body
from webhooks import redelivery, services
from webhooks.models import Kind

ENDPOINT_ID = s.path_id("webhook_id", "The webhook's id.")
DELIVERY_ID = s.path_id("delivery_id", "The delivery's id (its `X-Numx-Delivery`).")
NO_SUCH_WEBHOOK = {404: OpenApiResponse(s.ErrorSerializer, "You have no such webhook.")}
NO_SUCH_DELIVERY = {
    404: OpenApiResponse(s.ErrorSerializer, "You have no such webhook, or it has no such delivery.")
}
NOT_GIVEN_UP = {
    409: OpenApiResponse(
        s.ErrorSerializer,
        "The delivery was delivered, or is still being tried: only a given-up one is sent again.",
    )
}


class WebhookSerializer(serializers.Serializer):
    """One of my webhooks: where deliveries go, and which."""

    id = serializers.IntegerField()
    url = serializers.URLField()
    events = serializers.ListField(
        child=serializers.ChoiceField(choices=Kind.choices),
        help_text="The kinds of news it is sent.",
    )
    created_at = serializers.DateTimeField()


class NewWebhookSerializer(WebhookSerializer):
    """A webhook just registered, with the secret its deliveries are signed with: keep it,
    it is shown only now (the webhooks page shows it to its owner)."""

    secret = serializers.CharField(help_text="HMAC-SHA256 key of the signatures.")


class WebhookRequestSerializer(StrictSerializer):
    """A webhook to register."""

    url = serializers.URLField(
        max_length=500,
        help_text="Where to POST: https:// (a development site also takes http://localhost). "
        "A site in production refuses private network addresses.",
    )
    events = serializers.ListField(
        child=serializers.ChoiceField(choices=Kind.choices),
        required=False,
        max_length=len(Kind.choices),
        help_text="The kinds of news wanted; every kind when left out or empty.",
    )


class AttemptSerializer(serializers.Serializer):
    at = serializers.DateTimeField()
    status = serializers.IntegerField(
        allow_null=True, help_text="The receiver's HTTP status; null when it did not answer."
    )
    error = serializers.CharField(help_text="Why it did not answer (a timeout...), or empty.")
    response = serializers.CharField(help_text="The start of the receiver's answer.")
    duration_ms = serializers.IntegerField()


class DeliverySerializer(serializers.Serializer):
    """One piece of news owed to the webhook, and its attempts, newest first."""

    id = serializers.IntegerField()
    type = serializers.ChoiceField(choices=Kind.choices, source="kind")
    game = serializers.IntegerField(source="game_id")
    sequence = serializers.IntegerField()
    created_at = serializers.DateTimeField()
    sent_at = serializers.DateTimeField(
        allow_null=True, help_text="When the receiver took it (2xx); null until then."
    )
    next_attempt_at = serializers.DateTimeField(
        allow_null=True, help_text="When it is tried again; null once sent or given up."
    )
    attempts = AttemptSerializer(many=True)


@extend_schema(
    methods=["GET"],
    operation_id="webhooks_list",
    summary="My webhooks",
    description="Every webhook I registered, oldest first (at most 10).",
    tags=["webhooks"],
    responses={200: WebhookSerializer(many=True), **ERROR},
)
@extend_schema(
    methods=["POST"],
    operation_id="webhooks_create",
    summary="Register a webhook",
    description="201 with the webhook and its signing secret. 400 for an address that is "
    "not https:// or is on a private network, or past 10 webhooks.",
    tags=["webhooks"],
    request=WebhookRequestSerializer,
    responses={201: NewWebhookSerializer, **INVALID, **NOT_JSON, **ERROR},
)
@endpoint("GET", "POST")
def webhooks(request: Request) -> Response:
    if request.method == "GET":
        rows = services.endpoints_of(request.user)
        return Response(WebhookSerializer(rows, many=True).data)
    body = WebhookRequestSerializer(data=request.data)
    body.is_valid(raise_exception=True)
    try:
        created = services.register(
            request.user, body.validated_data["url"], body.validated_data.get("events", [])
        )
    except services.Refused as refused:
        raise ValidationError({"url": [str(refused)]}) from None
    return Response(NewWebhookSerializer(created).data, status=status.HTTP_201_CREATED)


@extend_schema(
    methods=["GET"],
    operation_id="webhook",
    summary="One of my webhooks",
    tags=["webhooks"],
    parameters=[ENDPOINT_ID],
    responses={200: WebhookSerializer, **NO_SUCH_WEBHOOK, **ERROR},
)
@extend_schema(
    methods=["DELETE"],
    operation_id="webhook_delete",
    summary="Remove one of my webhooks",
    description="204: nothing more is sent to it, and its delivery log is gone.",
    tags=["webhooks"],
    parameters=[ENDPOINT_ID],
    responses={204: None, **NO_SUCH_WEBHOOK, **ERROR},
)
@endpoint("GET", "DELETE")
def webhook(request: Request, webhook_id: int) -> Response:
    found = services.endpoint_of(request.user, webhook_id)
    if request.method == "GET":
        return Response(WebhookSerializer(found).data)
    found.delete()
    return Response(status=status.HTTP_204_NO_CONTENT)


@extend_schema(
    methods=["GET"],
    operation_id="webhook_deliveries",
    summary="A webhook's delivery log",
    description="Its latest 50 deliveries, newest first, each with its attempts (status, "
    "time, error, the start of the answer).",
    tags=["webhooks"],
    parameters=[ENDPOINT_ID],
    responses={200: DeliverySerializer(many=True), **NO_SUCH_WEBHOOK, **ERROR},
)
@endpoint("GET")
def deliveries(request: Request, webhook_id: int) -> Response:
    found = services.endpoint_of(request.user, webhook_id)
    return Response(DeliverySerializer(services.delivery_log(found), many=True).data)


@extend_schema(
    methods=["POST"],
    operation_id="webhook_delivery_redeliver",
    summary="Send a given-up delivery again",
    description="For a delivery whose attempts were given up (`next_attempt_at` and `sent_at` "
    "null): 202 with the delivery, due again now. A fresh round of attempts starts on the "
    "webhooks' queue (as many, the same back-off), each logged; it keeps its id "
    "(`X-Numx-Delivery`), so a receiver that took it after all can drop it. No body (or `{}`).",
    tags=["webhooks"],
    parameters=[ENDPOINT_ID, DELIVERY_ID],
    request=None,
    responses={
        202: OpenApiResponse(DeliverySerializer, "The delivery, due again now."),
        **NO_BODY,
        **NO_SUCH_DELIVERY,
        **NOT_GIVEN_UP,
        **ERROR,
    },
)
@endpoint("POST")
def redeliver(request: Request, webhook_id: int, delivery_id: int) -> Response:
    no_body(request)
    found = services.endpoint_of(request.user, webhook_id)
    try:
        delivery = redelivery.send_again(found, delivery_id)
    except redelivery.NotGivenUp as refused:
        return Response({"detail": str(refused)}, status=status.HTTP_409_CONFLICT)
    return Response(DeliverySerializer(delivery).data, status=status.HTTP_202_ACCEPTED)
