from django.urls import path

from accounts import views

app_name = "accounts"

urlpatterns = [
    path("profile/", views.profile, name="profile"),
    path("profile/api-token/", views.api_token, name="api-token"),
]
