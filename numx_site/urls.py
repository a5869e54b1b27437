"""Root URL configuration."""

from django.contrib import admin
from django.urls import include, path

from accounts.views import SignupView

urlpatterns = [
    path("admin/", admin.site.urls),
    # allauth's sign-up, where the database decides between two newcomers of one name.
    path("accounts/signup/", SignupView.as_view()),
    path("accounts/", include("allauth.urls")),
    path("accounts/", include("accounts.urls")),
    # Before the games' API, whose last pattern answers every other /api/ path.
    path("api/tournaments/", include("tournaments.api_urls")),
    path("api/", include("chat.api_urls")),
    path("api/webhooks/", include("webhooks.api_urls")),
    path("", include("ratings.urls")),
    path("api/", include("games.api.urls")),
    path("notifications/", include("notifications.urls")),
    path("tournaments/", include("tournaments.urls")),
    path("chat/", include("chat.urls")),
    path("webhooks/", include("webhooks.urls")),
    path("", include("games.urls")),
]
