"""The player pages and their API (``/api/players/``, before the games' API catches every
other ``/api/`` path)."""

from django.urls import path

from ratings import api, views

app_name = "ratings"

urlpatterns = [
    path("players/<int:player_id>/", views.player, name="player"),
    path("players/<int:player_id>/ratings/<str:pool>/", views.history, name="history"),
    path("ratings/", views.boards, name="leaderboards"),
    path("api/players/<int:player_id>/", api.player, name="api-player"),
]
