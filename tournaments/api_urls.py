"""The tournaments' part of the REST API, under ``/api/tournaments/``."""

from django.urls import path

from tournaments import api

app_name = "tournaments-api"

urlpatterns = [
    path("", api.tournaments, name="tournaments"),
    path("<int:tournament_id>/", api.tournament, name="tournament"),
    path("<int:tournament_id>/standings/", api.standings, name="standings"),
]
