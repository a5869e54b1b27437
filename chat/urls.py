from django.urls import path

from chat import views

app_name = "chat"

urlpatterns = [
    path("<int:game_id>/", views.panel, name="panel"),
    path("<int:game_id>/say/", views.say, name="say"),
    path("<int:game_id>/hide/", views.hide, name="hide"),
    path("<int:game_id>/report/<int:line_id>/", views.report, name="report"),
]
