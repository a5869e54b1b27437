from django.urls import path

from tournaments import views

app_name = "tournaments"

urlpatterns = [
    path("", views.tournament_list, name="list"),
    path("new/", views.new, name="new"),
    path("<int:tournament_id>/", views.tournament, name="tournament"),
    path("<int:tournament_id>/register/", views.register, name="register"),
    path("<int:tournament_id>/unregister/", views.unregister, name="unregister"),
    path("<int:tournament_id>/tables/", views.tables, name="tables"),
    path("<int:tournament_id>/standings/", views.standings, name="standings"),
    path("<int:tournament_id>/standings.csv", views.standings_export, name="standings-csv"),
    path("<int:tournament_id>/organise/", views.dashboard, name="dashboard"),
    path("<int:tournament_id>/organise/invite/", views.invite, name="invite"),
    path(
        "<int:tournament_id>/organise/players/<int:entry_id>/withdraw/",
        views.withdraw,
        name="withdraw",
    ),
    path(
        "<int:tournament_id>/organise/invitations/<int:invitation_id>/cancel/",
        views.cancel_invitation,
        name="cancel-invitation",
    ),
    path("<int:tournament_id>/organise/start/", views.start_stage, name="start-stage"),
    path("<int:tournament_id>/organise/end/", views.end, name="end"),
    path(
        "<int:tournament_id>/organise/tables/<int:table_id>/finish/",
        views.finish_table,
        name="finish-table",
    ),
    path("<int:tournament_id>/organise/email/", views.email_players, name="email"),
]
