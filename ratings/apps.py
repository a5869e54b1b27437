from django.apps import AppConfig


class RatingsConfig(AppConfig):
    name = "ratings"
    verbose_name = "Ratings"

    def ready(self) -> None:
        # The ratings consumer registers itself when its module is imported.
        from games import belonging
        from ratings import consumer  # noqa: F401
        from ratings.hooks import rating_changes

        belonging.register_aftermath(rating_changes)
