"""The chat's part of the REST API, under ``/api/`` (before the games' API catches every
other ``/api/`` path)."""

from django.urls import path

from chat import api

app_name = "chat-api"

urlpatterns = [
    path("games/<int:game_id>/chat/", api.chat, name="chat"),
    path("games/<int:game_id>/chat/<int:line_id>/report/", api.report, name="report"),
]
