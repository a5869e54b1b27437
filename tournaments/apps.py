from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        # The tournaments consumer registers itself when its module is imported.
        from tournaments import consumer  # noqa: F401
