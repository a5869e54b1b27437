"""Resigning and calling a game off from the table, and what every page says of it after:
the table (for whoever left, the others and watchers), the history, the replay, the score
sheet, the lists of games and the player page."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games import endings
from games.endings import abort, resign
from games.events.log import export_game
from games.events.models import Event
from games.lobby import game_join, game_open, game_start
from games.models import Game, Seat
from games.moves import legal_moves, read_move
from games.registry import rule_set
from games.services import game_submit
from games.tasks import play_bots
from notifications.emails import turn_context
from notifications.models import Notification
from tests.games.conftest import Committed
from tests.members import speaks

pytestmark = pytest.mark.django_db

Login = Callable[[User], Client]

RESIGN_QUESTION = "A bot plays your seat to the end and you rank last."
RESIGNED_NOW = "You resigned: a bot plays your seat to the end."
LAST_ONE_LEFT = "Every other player resigned: you win; bots finish the game."


def _table(rules: str, players: list[User], **config: Any) -> Game:
    """A public table of ``rules`` between ``players`` (the first opens it), started."""
    game = game_open(
        creator=players[0],
        name="Table",
        rules=rules,
        config={"players": len(players), **config},
        public=True,
    )
    for other in players[1:]:
        game_join(game=game, user=other, token=game.invite_token)
    return game_start(game=game, by=players[0], rng=random.Random(3))


@pytest.fixture
def trio(alice: User, bob: User, carol: User) -> Game:
    """A NUM-X game of three: when one resigns, the other two play on."""
    return _table("numx", [alice, bob, carol], mode="speed-run")


@pytest.fixture
def maya(alice: User, bob: User) -> Game:
    """A game of Maya between Alice (seat 0) and Bob (seat 1), nobody having moved."""
    return _table("maya", [alice, bob])


def _page(client: Client, game: Game, path: str = "") -> str:
    return client.get(f"/games/{game.pk}/{path}").content.decode()


def _move_forms(page: str) -> list[str]:
    """The names of the move forms a table page offers (each posts its ``form``)."""
    return re.findall(r'name="form" value="([\w-]+)"', page)


def _first_move(game: Game, by: dict[int, User]) -> None:
    """The seat the game waits for first plays its first listed move."""
    game.refresh_from_db()
    seat = game.awaiting[0]
    moves = legal_moves(game, seat)
    game_submit(
        game_id=game.pk,
        seat=seat,
        action=read_move(rule_set(game.rules), moves.listed[0].action),
        expected_sequence=moves.sequence,
        actor=by[seat],
    )


# Resigning --------------------------------------------------------------------------------


def test_resigning_asks_first_then_the_table_says_a_bot_plays_on(
    alice: User, trio: Game, as_user: Login
) -> None:
    client = as_user(alice)
    table = _page(client, trio)
    assert f'href="/games/{trio.pk}/resign/"' in table and RESIGNED_NOW not in table

    question = client.get(f"/games/{trio.pk}/resign/")
    assert question.status_code == 200
    page = question.content.decode()
    assert "Resign?" in page and RESIGN_QUESTION in page
    assert 'method="post"' in page and "csrfmiddlewaretoken" in page
    assert not Event.objects.filter(game=trio, type="resigned").exists()  # asking is not doing

    answer = client.post(f"/games/{trio.pk}/resign/")
    assert answer.status_code == 302 and answer["Location"] == f"/games/{trio.pk}/"
    assert Event.objects.filter(game=trio, type="resigned", seat=0).count() == 1
    after = _page(client, trio)
    assert RESIGNED_NOW in after
    assert _move_forms(after) == [] and "Your turn." not in after
    assert f'/games/{trio.pk}/resign/"' not in after and "Standing orders" not in after
    assert "You resigned." in after  # the table's history


def test_a_french_player_is_asked_and_told_in_french(
    alice: User, trio: Game, as_user: Login
) -> None:
    speaks(alice, "fr")
    client = as_user(alice)

    question = client.get(f"/games/{trio.pk}/resign/").content.decode()
    client.post(f"/games/{trio.pk}/resign/")

    assert "Abandonner\u00a0?" in question
    table = _page(client, trio)
    assert "Vous avez abandonné\u00a0: un bot joue à votre place jusqu’à la fin." in table
    assert "Vous avez abandonné." in table  # the history


def test_the_others_see_the_resignation_and_play_on(
    alice: User, bob: User, mallory: User, trio: Game, as_user: Login
) -> None:
    resign(game=trio, user=alice)

    for viewer in (bob, mallory):
        page = _page(as_user(viewer), trio)
        alice_row = page[page.index("<h3>alice") : page.index("</h3>", page.index("<h3>alice"))]
        assert ">resigned</span>" in alice_row
        assert "alice resigned." in page and RESIGNED_NOW not in page
    bobs = _page(as_user(bob), trio)
    assert f'href="/games/{trio.pk}/resign/"' in bobs and LAST_ONE_LEFT not in bobs


def test_the_mails_what_happened_says_who_resigned(alice: User, bob: User, trio: Game) -> None:
    resign(game=trio, user=alice)
    trio.refresh_from_db()
    bobs = Seat.objects.get(game=trio, user=bob).number

    said = turn_context(trio, bobs, Notification.Kind.YOUR_TURN, trio.last_sequence)

    assert said["recap"][-1] == "alice resigned."


def test_the_last_player_left_is_told_they_win_and_offered_no_move(
    alice: User, bob: User, carol: User, trio: Game, as_user: Login
) -> None:
    resign(game=trio, user=alice)
    resign(game=trio, user=carol)  # the bots have not moved yet: the game is still on

    client = as_user(bob)
    page = _page(client, trio)
    assert LAST_ONE_LEFT in page
    assert _move_forms(page) == [] and f'/games/{trio.pk}/resign/"' not in page
    refused = client.post(f"/games/{trio.pk}/resign/")
    assert refused.status_code == 400
    assert "you have won, and bots finish the game" in refused.content.decode()
    # An old link to the question leads to the table, which says where the game stands.
    assert client.get(f"/games/{trio.pk}/resign/")["Location"] == f"/games/{trio.pk}/"


def test_resigning_twice_is_refused_with_the_table_and_nothing_more_recorded(
    alice: User, trio: Game, as_user: Login
) -> None:
    client = as_user(alice)
    client.post(f"/games/{trio.pk}/resign/")

    again = client.post(f"/games/{trio.pk}/resign/")

    assert again.status_code == 400
    page = again.content.decode()
    assert "You have resigned already." in page and 'id="table"' in page
    assert Event.objects.filter(game=trio, type="resigned").count() == 1


def test_only_a_seated_player_resigns_and_only_by_a_post_with_its_token(
    alice: User, mallory: User, trio: Game, as_user: Login, client: Client
) -> None:
    assert as_user(mallory).get(f"/games/{trio.pk}/resign/").status_code == 403
    assert as_user(mallory).post(f"/games/{trio.pk}/resign/").status_code == 403
    assert client.post(f"/games/{trio.pk}/resign/")["Location"].startswith("/accounts/login/")
    assert as_user(alice).put(f"/games/{trio.pk}/resign/").status_code == 405
    guarded = Client(enforce_csrf_checks=True)
    guarded.force_login(alice)
    assert guarded.post(f"/games/{trio.pk}/resign/").status_code == 403  # no CSRF token
    assert not Event.objects.filter(game=trio, type="resigned").exists()


def test_a_move_posted_from_the_table_after_resigning_says_why_it_is_refused(
    alice: User, bob: User, carol: User, trio: Game, as_user: Login
) -> None:
    trio.refresh_from_db()
    seat = trio.awaiting[0]
    player = [alice, bob, carol][seat]
    client = as_user(player)
    (kind, *_others) = _move_forms(_page(client, trio))
    resign(game=trio, user=player)

    trio.refresh_from_db()
    response = client.post(
        f"/games/{trio.pk}/move/",
        {"form": kind, f"{kind}-expected_sequence": str(trio.last_sequence)},
    )

    assert response.status_code == 400
    page = response.content.decode()
    assert "A bot plays this seat to the end of the game: it takes no more moves from you." in page
    assert Event.objects.filter(game=trio, seat=seat).exclude(type="resigned").count() == 0


def test_a_resigned_game_over_ranks_the_resigner_last_everywhere(
    alice: User, bob: User, mallory: User, maya: Game, as_user: Login, committed: Committed
) -> None:
    committed(lambda: resign(game=maya, user=alice))
    committed(lambda: play_bots(maya.pk))
    maya.refresh_from_db()
    assert maya.status == Game.Status.FINISHED

    page = _page(as_user(alice), maya)
    assert "You resigned: a bot played your seat to the end." in page
    assert "Won by bob." in page
    # The winner reads it of themselves: failed before, bob's own table said "Won by bob."
    assert "Won by you." in _page(as_user(bob), maya)
    sheet = page[page.index('class="score-sheet"') :]
    rows = re.findall(r'<th scope="row">(\w+)(.*?)</th>', sheet)
    assert [name for name, _badges in rows] == ["bob", "alice"]
    assert ">resigned<" in rows[1][1] and ">winner<" in rows[0][1]
    history = _page(as_user(mallory), maya, "history/")
    assert "alice resigned." in history and "The game is over. Winner: bob." in history
    # The replay marks Alice from the step she resigned on, not before.
    step = Event.objects.get(game=maya, type="resigned").sequence
    before = _page(as_user(mallory), maya, f"replay/?step={step - 1}")
    at = _page(as_user(mallory), maya, f"replay/?step={step}")
    assert ">resigned</span>" not in before and ">resigned</span>" in at
    assert "alice resigned." in at
    lobby = as_user(alice).get("/games/").content.decode()
    finished = lobby[lobby.index('id="finished"') :].split("</li>")[0]
    assert "your score" in finished and "· resigned" in finished


def test_a_resigned_players_running_game_is_listed_as_theirs_no_more_to_play(
    alice: User, trio: Game, as_user: Login
) -> None:
    resign(game=trio, user=alice)

    lobby = as_user(alice).get("/games/").content.decode()

    waiting = lobby[lobby.index('id="playing"') : lobby.index('id="learn"')]
    assert "Table" in waiting and "you resigned: a bot plays your seat" in waiting
    assert "Table" not in lobby[lobby.index('id="your-turn"') : lobby.index('id="playing"')]


# Calling a game off -----------------------------------------------------------------------


def test_a_game_nobody_moved_in_is_called_off_after_a_question(
    alice: User, bob: User, mallory: User, maya: Game, as_user: Login
) -> None:
    client = as_user(alice)
    assert f'href="/games/{maya.pk}/call-off/"' in _page(client, maya)
    question = client.get(f"/games/{maya.pk}/call-off/").content.decode()
    assert "Call the game off?" in question and "with no result" in question
    assert Game.objects.get(pk=maya.pk).status == Game.Status.RUNNING

    answer = client.post(f"/games/{maya.pk}/call-off/")

    assert answer.status_code == 302 and answer["Location"] == f"/games/{maya.pk}/"
    assert Game.objects.get(pk=maya.pk).status == Game.Status.ABORTED
    mine = _page(client, maya)
    assert "You called this game off before anybody moved: it has no result." in mine
    for viewer in (bob, mallory):
        page = _page(as_user(viewer), maya)
        assert "alice called this game off before anybody moved: it has no result." in page
        assert "alice called the game off." in page  # the history
    for viewer in (alice, bob):
        page = _page(as_user(viewer), maya)
        assert _move_forms(page) == [] and "Your turn." not in page and "to play" not in page
        assert "/poll/" not in page and "Play again" not in page
        assert "/resign/" not in page and "/call-off/" not in page
    poll = as_user(mallory).get(f"/games/{maya.pk}/poll/?seq=0")
    assert poll.status_code == 286  # htmx: stop polling


def test_call_off_is_offered_only_before_anybody_moves(
    alice: User, bob: User, maya: Game, as_user: Login
) -> None:
    _first_move(maya, {0: alice, 1: bob})
    client = as_user(alice)

    assert "/call-off/" not in _page(client, maya)
    assert client.get(f"/games/{maya.pk}/call-off/")["Location"] == f"/games/{maya.pk}/"
    refused = client.post(f"/games/{maya.pk}/call-off/")
    assert refused.status_code == 400
    assert "called off only before anybody has moved: resign instead" in refused.content.decode()
    assert Game.objects.get(pk=maya.pk).status == Game.Status.RUNNING


def test_call_off_is_not_offered_where_another_app_objects(
    alice: User, maya: Game, as_user: Login, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As a tournament's table: its stage needs it played."""
    monkeypatch.setattr(endings, "_abort_guards", [*endings._abort_guards])
    endings.register_abort_guard(lambda game: "This table is played, not called off.")
    client = as_user(alice)

    page = _page(client, maya)
    assert "/call-off/" not in page and f'href="/games/{maya.pk}/resign/"' in page
    refused = client.post(f"/games/{maya.pk}/call-off/")
    assert refused.status_code == 400
    assert "This table is played, not called off." in refused.content.decode()


def test_the_resign_question_adds_what_another_app_says_of_its_game(
    alice: User, trio: Game, maya: Game, as_user: Login, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As a tournament's table: what a resignation gives there; other games say nothing
    more."""
    monkeypatch.setattr(endings, "_resign_notes", [*endings._resign_notes])
    endings.register_resign_note(
        lambda game: "Resigning here costs a round." if game.pk == trio.pk else None
    )
    client = as_user(alice)

    question = _page(client, trio, "resign/")
    assert RESIGN_QUESTION in question and "<p>Resigning here costs a round.</p>" in question
    assert "Resigning here costs a round." not in _page(client, maya, "resign/")


def test_a_move_posted_to_a_called_off_game_says_so(
    alice: User, bob: User, maya: Game, as_user: Login
) -> None:
    maya.refresh_from_db()
    seat = maya.awaiting[0]
    client = as_user([alice, bob][seat])
    (kind, *_others) = _move_forms(_page(client, maya))
    abort(game=maya, user=bob)

    response = client.post(
        f"/games/{maya.pk}/move/", {"form": kind, f"{kind}-expected_sequence": "1"}
    )

    assert response.status_code == 400
    assert "This game was called off before anybody moved." in response.content.decode()


def test_a_called_off_game_is_replayed_and_its_history_read_by_players_and_watchers(
    alice: User, bob: User, mallory: User, maya: Game, as_user: Login
) -> None:
    abort(game=maya, user=bob)
    maya.refresh_from_db()

    for viewer in (alice, mallory):
        client = as_user(viewer)
        replay = client.get(f"/games/{maya.pk}/replay/")
        assert replay.status_code == 200
        page = replay.content.decode()
        assert "bob called the game off." in page
        assert "bob called this game off before anybody moved: it has no result." in page
        history = client.get(f"/games/{maya.pk}/history/").content.decode()
        assert "bob called the game off." in history
        assert f'href="/games/{maya.pk}/replay/?step={maya.last_sequence}"' in history


def test_a_called_off_games_table_reveals_its_chains_salt_as_its_log_does(
    alice: User, bob: User, mallory: User, maya: Game, as_user: Login
) -> None:
    abort(game=maya, user=bob)
    salt = export_game(maya.pk)["chain"]["salt"]

    for viewer in (alice, mallory):
        page = _page(as_user(viewer), maya)
        assert "Revealed now that the game is over, to check its log:" in page
        assert f"salt {salt}" in page


def test_a_called_off_game_is_listed_as_called_off_and_never_counted_as_played(
    alice: User, bob: User, maya: Game, as_user: Login
) -> None:
    abort(game=maya, user=alice)

    lobby = as_user(bob).get("/games/").content.decode()
    finished = lobby[lobby.index('id="finished"') :]
    assert "Table" in finished and "called off" in finished and "your score" not in finished
    assert "Table" not in lobby[lobby.index('id="your-turn"') : lobby.index('id="finished"')]
    player = as_user(bob).get(f"/players/{bob.pk}/").content.decode()
    recent = player[player.index("Recent games") :]
    assert f'href="/games/{maya.pk}/replay/"' in recent and "called off" in recent
    assert "No finished game yet." in player  # played: none


def test_a_resigned_game_says_so_on_the_player_page(
    alice: User, maya: Game, as_user: Login, committed: Committed
) -> None:
    committed(lambda: resign(game=maya, user=alice))
    committed(lambda: play_bots(maya.pk))

    player = as_user(alice).get(f"/players/{alice.pk}/").content.decode()

    recent = player[player.index("Recent games") :]
    assert "not won, resigned" in recent


# What players read ----------------------------------------------------------------------


def test_every_rules_page_tells_players_how_to_leave_a_game(client: Client) -> None:
    for game_id in ("numx", "maya"):
        page = client.get(f"/rules/{game_id}/").content.decode()
        leaving = page[page.index('id="leaving"') :]
        assert "call the game off" in leaving and "resign" in leaving
    french = client.get("/rules/nmbr9/", headers={"accept-language": "fr"}).content.decode()
    assert "Quitter une partie" in french
