"""The REST API (Django REST framework) over the same services as the web pages."""

from django.urls import path, re_path
from drf_spectacular.views import SpectacularSwaggerView

from games.api import views
from games.views import bots_guide

app_name = "api"

urlpatterns = [
    path("games/", views.games, name="games"),
    path("games/<int:game_id>/", views.game, name="game"),
    path("games/<int:game_id>/join/", views.join, name="join"),
    path("games/<int:game_id>/bots/", views.add_bot, name="add-bot"),
    path("games/<int:game_id>/start/", views.start, name="start"),
    path("games/<int:game_id>/leave/", views.leave, name="leave"),
    path("games/<int:game_id>/cancel/", views.cancel, name="cancel"),
    path("games/<int:game_id>/rematch/", views.rematch, name="rematch"),
    path("tables/", views.tables, name="tables"),
    path("games/<int:game_id>/legal-actions/", views.legal_actions, name="legal-actions"),
    path("games/<int:game_id>/actions/", views.submit, name="actions"),
    path("games/<int:game_id>/check/", views.check, name="check"),
    path("games/<int:game_id>/resign/", views.resign, name="resign"),
    path("games/<int:game_id>/abort/", views.abort, name="abort"),
    path("games/<int:game_id>/events/", views.events, name="events"),
    path("games/<int:game_id>/export/", views.export, name="export"),
    path("schema/", views.SchemaView.as_view(), name="schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api:schema"), name="docs"),
    # The guide is a page of the site, not of the API, kept beside the API's reference.
    path("guide/", bots_guide.guide, name="guide"),
    path("guide/bot.py", bots_guide.sample_bot, name="sample-bot"),
    # Any character, a line break too (which ``.`` alone would not take).
    re_path(r"^(?P<path>(?s:.*))$", views.not_found),
]
