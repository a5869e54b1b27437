"""Play again from the game-over mail: its link opens a page that asks (a mail client may
open links by itself), whose button opens the same table again (game, options, the other
players invited), and the browser the link signed in is signed in at the new table."""

import random
import re
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client

from games.bots import play_bot_move
from games.events import consumers
from games.models import Game, Invitation
from tests.notifications.conftest import sent_to

pytestmark = pytest.mark.django_db


def play_again_link(game: Game, user: User) -> str:
    """The "Play again" link of the game-over mail sent to ``user``."""
    (ending,) = [m for m in sent_to(user.email) if "is over" in m.subject]
    found = re.search(r"Play again, same players and options: https?://[^/\s]+(/\S+)", ending.body)
    assert found, ending.body
    return found.group(1)


@pytest.fixture
def finished(trio: Game, commit: Callable[[Callable[[], object]], object]) -> Game:
    rng = random.Random(1)
    mail.outbox.clear()
    while Game.objects.get(pk=trio.pk).status != Game.Status.FINISHED:
        commit(lambda: (play_bot_move(trio, rng), consumers.dispatch(trio.pk)))
    return Game.objects.get(pk=trio.pk)


def test_the_game_over_mail_plays_again_with_the_same_players_and_options(
    finished: Game, bob: User, commit: Callable[[Callable[[], object]], object]
) -> None:
    browser = Client()
    asked = browser.get(play_again_link(finished, bob), follow=True)
    # Following the link asks; it opens no table by itself.
    assert asked.redirect_chain[-1][0] == f"/notifications/games/{finished.pk}/again/"
    page = asked.content.decode()
    assert "Play again" in page and "Friday" in page
    assert not Game.objects.exclude(pk=finished.pk).exists()

    opened = commit(lambda: browser.post(f"/notifications/games/{finished.pk}/again/"))
    again = Game.objects.exclude(pk=finished.pk).get()
    assert opened.status_code == 302 and opened["Location"] == f"/games/{again.pk}/"  # type: ignore[attr-defined]
    assert (again.rules, again.config, again.created_by) == (finished.rules, finished.config, bob)
    invited = set(Invitation.objects.filter(game=again).values_list("email", flat=True))
    assert invited == {"alice@example.com", "mallory@example.com"}
    # The link signed the browser in on the finished game's pages: its player is at the
    # new table too, not sent to sign in.
    table = browser.get(f"/games/{again.pk}/")
    assert table.status_code == 200 and "Friday" in table.content.decode()
    assert browser.get("/games/")["Location"].startswith("/accounts/login/")


def test_only_a_player_plays_again(finished: Game, as_user: Callable[[User], Client]) -> None:
    stranger = User.objects.create_user("eve", "eve@example.com", "x")
    assert as_user(stranger).get(f"/notifications/games/{finished.pk}/again/").status_code in (
        403,
        404,
    )
    assert as_user(stranger).post(f"/notifications/games/{finished.pk}/again/").status_code in (
        403,
        404,
    )
    assert not Game.objects.exclude(pk=finished.pk).exists()


def test_playing_again_a_game_not_over_is_refused_on_the_page_that_asks(
    trio: Game, bob: User, as_user: Callable[[User], Client]
) -> None:
    """An old or forged link of a game still being played: a 409 with the page saying
    why, no table opened (failed before: a 302 to the game, as a success)."""
    answer = as_user(bob).post(f"/notifications/games/{trio.pk}/again/")

    assert answer.status_code == 409
    page = answer.content.decode()
    assert "A game is played again once it is over." in page and "Friday" in page
    assert Game.objects.count() == 1 and not Invitation.objects.exists()


def test_the_game_over_mails_replay_link_lets_its_player_download_the_log(
    finished: Game, bob: User
) -> None:
    """Failed before: the replay offered the log, but the link's session was signed in on
    the game's pages only, so the download got the API's refusal instead of the log."""
    (ending,) = [m for m in sent_to(bob.email) if "is over" in m.subject]
    found = re.search(r"Replay it move by move: https?://[^/\s]+(/\S+)", ending.body)
    assert found, ending.body
    browser = Client()
    replay = browser.get(found.group(1), follow=True).content.decode()
    download = re.search(r'href="([^"]+)" download="[^"]+">Download the log<', replay)
    assert download, replay
    log = browser.get(download.group(1).replace("&amp;", "&"))
    assert log.status_code == 200
    assert log.json()["events"][-1]["type"] == "game-ended"
    assert browser.get("/api/games/").status_code in (401, 403)  # the rest stays shut
