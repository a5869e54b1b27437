from django.urls import path

from notifications import views

app_name = "notifications"

urlpatterns = [
    path("unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
    path("games/<int:game_id>/link/", views.link, name="link"),
    path("games/<int:game_id>/again/", views.again, name="again"),
    path("games/<int:game_id>/mute/", views.mute, name="mute"),
    path("games/<int:game_id>/vacation/", views.vacation, name="vacation"),
    path("vacation/", views.vacation_everywhere, name="vacation-everywhere"),
    path("inbound/<str:provider>/", views.inbound, name="inbound"),
]
