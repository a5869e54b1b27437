from django.urls import path

from webhooks import views

app_name = "webhooks"

urlpatterns = [
    path("", views.endpoints, name="endpoints"),
    path("<int:endpoint_id>/", views.endpoint, name="endpoint"),
    path("<int:endpoint_id>/delete/", views.delete, name="delete"),
    path(
        "<int:endpoint_id>/deliveries/<int:delivery_id>/send-again/",
        views.send_again,
        name="send_again",
    ),
]
