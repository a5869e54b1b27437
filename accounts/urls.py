from django.urls import path

from accounts import views

app_name = "accounts"

urlpatterns = [
    path("profile/", views.profile, name="profile"),
    path("profile/api-tokens/", views.api_tokens, name="api-tokens"),
    path(
        "profile/api-tokens/<int:token_id>/revoke/",
        views.revoke_api_token,
        name="revoke-api-token",
    ),
]
