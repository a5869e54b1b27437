"""The webhooks' part of the REST API, under ``/api/webhooks/`` (before the games' API
catches every other ``/api/`` path)."""

from django.urls import path

from webhooks import api

app_name = "webhooks-api"

urlpatterns = [
    path("", api.webhooks, name="webhooks"),
    path("<int:webhook_id>/", api.webhook, name="webhook"),
    path("<int:webhook_id>/deliveries/", api.deliveries, name="deliveries"),
    path(
        "<int:webhook_id>/deliveries/<int:delivery_id>/redeliver/",
        api.redeliver,
        name="redeliver",
    ),
]
