from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        # The tournaments consumer, the outbox's sender of tournament emails and the
        # demo's tournament register themselves when their module is imported.
        from games import belonging, endings, notices
        from tournaments import consumer, demo, mail  # noqa: F401
        from tournaments.hooks import (
            invitation_notices,
            resign_note,
            standings_link,
            table_result,
            tournament_link,
        )
        from tournaments.selectors import abort_guard

        endings.register_abort_guard(abort_guard)
        endings.register_resign_note(resign_note)
        belonging.register_finder(tournament_link)
        belonging.register_next(standings_link)
        belonging.register_result(table_result)
        notices.register_source(invitation_notices)
