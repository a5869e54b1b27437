from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    name = "notifications"
    verbose_name = "Notifications"

    def ready(self) -> None:
        # The consumer, the invitations', reminders', inbound mail's, cancelled and full
        # tables' and chat reports' receivers, and the outbox's senders (the tasks) register
        # themselves when their module is imported.
        from notifications import (  # noqa: F401
            cancellations,
            consumer,
            full_tables,
            inbound,
            invitations,
            moderation,
            reminders,
            tasks,
        )
