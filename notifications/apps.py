from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    name = "notifications"
    verbose_name = "Notifications"

    def ready(self) -> None:
        # The notifications consumer registers itself when its module is imported.
        from notifications import consumer  # noqa: F401
