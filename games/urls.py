from django.urls import path

from games.views import finished, health, history, lobby, replay, rules, table

app_name = "games"

urlpatterns = [
    path("", lobby.home, name="home"),
    path("healthz/", health.healthz, name="healthz"),
    path("games/", lobby.lobby, name="lobby"),
    path("games/new/", lobby.new_game, name="new"),
    path("games/finished/", finished.finished, name="finished"),
    path("games/next/", lobby.next_game, name="next"),
    path("games/try/<str:rules>/", lobby.try_game, name="try"),
    path("games/<int:game_id>/", table.game, name="game"),
    path("games/<int:game_id>/join/", lobby.join, name="join-public"),
    path("games/<int:game_id>/join/<str:token>/", lobby.join, name="join"),
    path("games/<int:game_id>/invite/", lobby.invite, name="invite"),
    path("games/<int:game_id>/bot/", lobby.add_bot, name="add-bot"),
    path("games/<int:game_id>/start/", lobby.start, name="start"),
    path("games/<int:game_id>/leave/", lobby.leave, name="leave"),
    path("games/<int:game_id>/cancel/", lobby.cancel, name="cancel"),
    path("games/<int:game_id>/rematch/", lobby.rematch, name="rematch"),
    path("games/<int:game_id>/move/", table.move, name="move"),
    path("games/<int:game_id>/preview/", table.preview, name="preview"),
    path("games/<int:game_id>/orders/", table.orders, name="orders"),
    path("games/<int:game_id>/resign/", table.resign, name="resign"),
    path("games/<int:game_id>/call-off/", table.call_off, name="call-off"),
    path("games/<int:game_id>/poll/", table.poll, name="poll"),
    path("games/<int:game_id>/replay/", replay.replay, name="replay"),
    path("games/<int:game_id>/history/", history.history, name="history"),
    path("rules/", rules.rules_index, name="rules-index"),
    path("rules/<str:game_id>/", rules.rules, name="rules"),
]
