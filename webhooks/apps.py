from django.apps import AppConfig


class WebhooksConfig(AppConfig):
    name = "webhooks"
    verbose_name = "Webhooks"

    def ready(self) -> None:
        # The consumer and the sweep's receiver register themselves when imported.
        from webhooks import consumer, tasks  # noqa: F401
