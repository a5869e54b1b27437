from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        # The tournaments consumer and the outbox's sender of tournament emails register
        # themselves when their module is imported.
        from tournaments import consumer, mail  # noqa: F401
