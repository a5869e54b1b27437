from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    name = "notifications"
    verbose_name = "Notifications"

    def ready(self) -> None:
        # The consumer, the invitations', reminders' and inbound mail's receivers, and the outbox's
        # senders (the tasks) register themselves when their module is imported.
        from notifications import consumer, inbound, invitations, reminders, tasks  # noqa: F401
