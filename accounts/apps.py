from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Accounts"

    def ready(self) -> None:
        from accounts import signals  # noqa: F401  (connects the receivers)
        from accounts.models import bot_accounts, display_name, give_name
        from games import players

        # The platform names seats, shows bot accounts and the ratings leave their games
        # out without knowing profiles: it asks through games.players, answered here.
        players.register(bot_accounts)
        players.register_names(display_name, give_name)
