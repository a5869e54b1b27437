from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        # Consumers register themselves when their module is imported.
        from games import bots  # noqa: F401
        from games.events import snapshots  # noqa: F401
