from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        # Consumers and receivers register themselves when their module is imported
        # (renames: seats follow the profile's display name).
        from games import bots, renames  # noqa: F401
        from games.events import snapshots  # noqa: F401
