from django.urls import path

from webhooks import views

app_name = "webhooks"

urlpatterns = [
    path("", views.endpoints, name="endpoints"),
    path("<int:endpoint_id>/", views.endpoint, name="endpoint"),
    path("<int:endpoint_id>/delete/", views.delete, name="delete"),
]
