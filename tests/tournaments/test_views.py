"""The tournament pages and the organiser's tools: who sees what, and every error path."""

from __future__ import annotations

import codecs
import csv
import html
import io
import random
import re
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.contrib.messages import get_messages
from django.core import mail
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from django.utils.formats import date_format
from pytest_django.fixtures import Settings

from accounts.models import give_name, profile_of
from games.lobby import game_invite, game_open
from games.models import Seat
from tests.forms import field_error
from tests.members import speaks
from tournaments import results, services
from tournaments.models import Entry, Stage, Table, Tournament
from tournaments.services import (
    entry_withdraw,
    stage_start,
    tournament_create,
    tournament_invite,
)

from .conftest import (
    Players,
    cup_to_the_final,
    fake_result,
    first_stage,
    one_table_of_three,
    open_for_a_day,
    play_out,
    register_all,
    three_winners,
)

pytestmark = pytest.mark.django_db

Login = Callable[[User], Client]


@pytest.fixture
def started(league: Tournament, alice: User, make_players: Players) -> Stage:
    """Alice's league with eight players; stage 1 (two tables) being played."""
    register_all(league, make_players(8))
    return stage_start(tournament=league, by=alice, rng=random.Random(12))


def finish_stage(stage: Stage) -> None:
    """Each table's first seat wins, the second is second..."""
    for table in stage.tables.all():
        names = [p.entry.user.username for p in table.players.order_by("seat")]
        fake_result(table, {name: 40 - 10 * i for i, name in enumerate(names)})


def url(tournament: Tournament, page: str = "") -> str:
    return f"/tournaments/{tournament.pk}/{page}"


# --- Public pages ------------------------------------------------------------------------


def test_the_list_shows_every_tournament_to_anybody(client: Client, league: Tournament) -> None:
    page = client.get("/tournaments/").content.decode()
    assert "Spring league" in page and url(league) in page
    assert "Organise a tournament" not in page, "creating one needs an account"


def test_the_site_menu_links_to_the_tournaments(client: Client) -> None:
    assert 'href="/tournaments/"' in client.get("/").content.decode()


def test_the_tournament_page_is_public(
    client: Client, league: Tournament, make_players: Players
) -> None:
    register_all(league, make_players(2))
    response = client.get(url(league))
    page = response.content.decode()
    assert response.status_code == 200
    assert "Three stages of X-Games." in page and "2 players" in page and "player1" in page
    assert "Organiser's dashboard" not in page


def test_a_missing_tournament_is_a_404_on_every_page(
    client: Client, alice: User, as_user: Login
) -> None:
    for page in ("", "register/", "tables/", "standings/", "standings.csv", "organise/"):
        assert as_user(alice).get(f"/tournaments/999/{page}").status_code == 404
    for tool in ("invite/", "players/1/withdraw/", "start/", "tables/1/finish/", "email/"):
        assert as_user(alice).post(f"/tournaments/999/organise/{tool}").status_code == 404


def test_a_big_tournaments_pages_ask_no_more_than_a_small_ones(
    alice: User, as_user: Login, make_players: Players
) -> None:
    """Failed before: each player's name was asked on its own (the tournament page made
    20 queries with 4 players and 76 with 32, its dashboard 18 and 74, the tables and
    standings pages and the standings' CSV 11-12 and 39-40)."""
    pages = ("", "tables/", "standings/", "standings.csv", "organise/")
    reads: dict[str, list[int]] = {page: [] for page in pages}
    for count in (4, 32):
        players = make_players(count)
        for player in players:
            give_name(player, f"Known as {player.username}")
        tournament = tournament_create(
            organiser=alice,
            name=f"League of {count}",
            registration_closes=timezone.now() + timedelta(days=1),
        )
        register_all(tournament, players)
        stage_start(tournament=tournament, by=alice, rng=random.Random(12))
        client = as_user(alice)
        for page in pages:
            with CaptureQueriesContext(connection) as queries:
                response = client.get(url(tournament, page))
            reads[page].append(len(queries.captured_queries))
            # Every player is still shown by the name other players see.
            shown = response.content.decode()
            assert all(f"Known as {player.username}" in shown for player in players), page
    assert {page: small for page, (small, _large) in reads.items()} == {
        page: large for page, (_small, large) in reads.items()
    }


def test_the_tables_page_shows_each_table_and_whom_it_waits_for(
    client: Client, started: Stage
) -> None:
    page = client.get(url(started.tournament, "tables/")).content.decode()
    for table in started.tables.select_related("game"):
        assert f"/games/{table.game_id}/" in page
    assert "Stage 1" in page and "to play, since" in page
    assert "player1" in page


def test_the_tables_page_says_since_when_in_the_sites_one_format(
    client: Client, started: Stage
) -> None:
    """The long format with the hour, as every tournament page and the tables write a
    moment: not a short one here and a long one there."""
    since = datetime(2026, 1, 10, 12, 0, tzinfo=UTC)
    Seat.objects.filter(game__tournament_table__stage=started).update(awaited_since=since)
    page = client.get(url(started.tournament, "tables/")).content.decode()
    assert "since Jan. 10, 2026, noon" in page  # to play, or past the deadline


def test_the_tournament_page_says_registration_closed_when_stage_1_started(
    client: Client, started: Stage
) -> None:
    """Starting stage 1 closes registration (the registration page says the tournament has
    started): the tournament page gives that moment as its close, not the date the
    organiser first set, which would read as registration still open until then."""
    begun = datetime(2026, 1, 10, 12, 0, tzinfo=UTC)
    Stage.objects.filter(pk=started.pk).update(started_at=begun)
    league = started.tournament
    page = client.get(url(league)).content.decode()
    scheduled = date_format(timezone.localtime(league.registration_closes), "DATETIME_FORMAT")
    assert scheduled not in page
    assert "Jan. 10, 2026, noon (closed when stage 1 started)" in page
    french = client.get(url(league), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "10 janvier 2026 12:00 (closes au début de la ronde 1)" in french


def test_the_tournament_page_gives_the_planned_close_while_registration_runs(
    client: Client, league: Tournament
) -> None:
    closes = date_format(timezone.localtime(league.registration_closes), "DATETIME_FORMAT")
    page = client.get(url(league)).content.decode()
    assert closes in page and "closed when stage 1 started" not in page


def test_anybody_watches_the_games_the_tables_page_links_to(
    client: Client, mallory: User, as_user: Login, started: Stage
) -> None:
    """A tournament's tables are public games: anybody follows the links of its public
    pages (they were private games, which only their players may now watch)."""
    for table in started.tables.all():
        assert client.get(f"/games/{table.game_id}/").status_code == 200
        assert as_user(mallory).get(f"/games/{table.game_id}/history/").status_code == 200


def test_a_tables_game_links_back_to_its_tournament(
    client: Client, started: Stage, alice: User
) -> None:
    """Failed before: the tables page linked each table's game, but the game's page named
    the tournament only in its title, with no way back to its tables and standings."""
    game = started.tables.get(number=1).game
    back = f'href="/tournaments/{started.tournament.pk}/"'
    text = client.get(f"/games/{game.pk}/").content.decode()
    assert back in text and "Tournament: Spring league" in text
    play_out(game, random.Random(1))
    text = client.get(f"/games/{game.pk}/replay/").content.decode()
    assert back in text and "Tournament: Spring league" in text
    french = client.get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Tournoi\u00a0: Spring league" in french
    other = game_open(creator=alice, name="Friendly", config={"players": 2}, public=True)
    assert "/tournaments/" not in client.get(f"/games/{other.pk}/").content.decode().replace(
        'href="/tournaments/">', ""
    )


def test_a_finished_stage_reads_as_a_finished_ronde_in_french(
    client: Client, started: Stage
) -> None:
    """A "ronde" is feminine: "Ronde 1 — terminée", where a tournament is "terminé"."""
    finish_stage(started)
    page = client.get(url(started.tournament, "tables/"), HTTP_ACCEPT_LANGUAGE="fr")
    assert re.search(r"Ronde 1\s+— terminée</h3>", page.content.decode())


def test_a_withdrawn_player_is_marked_in_french_whatever_their_gender(
    client: Client, started: Stage, alice: User
) -> None:
    """Failed before: "(retiré)", a man's word, beside every withdrawn player's name."""
    entry = started.tournament.entries.first()
    assert entry is not None
    entry_withdraw(entry=entry, by=alice, rng=random.Random(1))
    for page in ("tables/", "standings/"):
        french = client.get(url(started.tournament, page), HTTP_ACCEPT_LANGUAGE="fr")
        words = french.content.decode()
        assert " (retrait)" in words and "(retiré)" not in words, page


def test_what_a_forfeit_gives_is_said_in_french_of_anybody(
    client: Client, started: Stage, alice: User, as_user: Login
) -> None:
    """Failed before: "Un joueur retiré, ayant abandonné ou hors délai reçoit…" on the
    standings, "Joueurs retirés…" on the tournament page and "Points d’un joueur
    retiré…" on the new tournament's form: a man's words, said of every player."""
    finish_stage(started)
    pages = {
        "standings": client.get(url(started.tournament, "standings/"), HTTP_ACCEPT_LANGUAGE="fr"),
        "tournament": client.get(url(started.tournament), HTTP_ACCEPT_LANGUAGE="fr"),
        "new": as_user(speaks(alice, "fr")).get("/tournaments/new/"),
    }
    words = {name: html.unescape(page.content.decode()) for name, page in pages.items()}
    # The standings' note and the form's label: test_organisers_read_that_a_resigned_…
    assert "<dt>Retrait, abandon ou délai dépassé</dt>" in words["tournament"]
    for name, page in words.items():
        assert "retiré" not in page and "joueur retir" not in page.lower(), name


def test_finished_tables_show_scores_places_and_points(client: Client, started: Stage) -> None:
    finish_stage(started)
    page = client.get(url(started.tournament, "tables/")).content.decode()
    assert "Place" in page and ">8</td>" in page and ">40</td>" in page


def test_a_finished_tables_score_below_zero_has_the_minus_sign(
    client: Client, started: Stage
) -> None:
    """Failed before: "-15" with a hyphen, where the table, the replay and the mails write
    a NUM-X score below zero with the minus sign (U+2212)."""
    for table in started.tables.all():
        names = [p.entry.user.username for p in table.players.order_by("seat")]
        fake_result(table, {name: 25 - 20 * i for i, name in enumerate(names)})
    page = client.get(url(started.tournament, "tables/")).content.decode()
    assert ">\u221215</td>" in page and ">-15</td>" not in page


def test_the_standings_page_ranks_players_after_each_stage(client: Client, started: Stage) -> None:
    finish_stage(started)
    page = client.get(url(started.tournament, "standings/")).content.decode()
    assert "Opponents' points" in page and "Download as CSV" in page
    assert page.count('<td class="num">8</td>') >= 2, "two table winners with 8 points"
    after = client.get(url(started.tournament, "standings/?stage=1"))
    assert after.status_code == 200 and "Standings after stage 1" in after.content.decode()


def test_standings_during_a_stage_say_they_are_provisional_and_count_tables(
    client: Client, started: Stage
) -> None:
    """Failed before: with one table of stage 1 done, the page read "Standings" as if
    final, and nothing told its four players (one table played) from the four whose
    table was still being played, nor, later, a player two tables in from one a table
    behind: there was no count of tables played."""
    first, second = started.tables.order_by("number")
    names = [p.entry.user.username for p in first.players.order_by("seat")]
    fake_result(first, {name: 40 - 10 * i for i, name in enumerate(names)})

    page = client.get(url(started.tournament, "standings/")).content.decode()
    french = client.get(url(started.tournament, "standings/"), HTTP_ACCEPT_LANGUAGE="fr")

    assert "Provisional: stage 1 is being played (tables done: 1 of 2)." in page
    leaders = client.get(url(started.tournament)).content.decode().split("Leaders", 1)[1]
    assert "Provisional: stage 1 is being played (tables done: 1 of 2)." in leaders
    assert "Provisoire\u00a0: la ronde 1 est en cours (tables terminées\u00a0: 1 sur 2)." in (
        french.content.decode()
    )
    header = page.split("<thead>", 1)[1].split("</thead>", 1)[0]
    assert ">Tables<" in header
    rows = page.split("<tbody>", 1)[1].split("</tbody>", 1)[0].split("</tr>")[:-1]
    played = [row for row in rows if any(f">{name}<" in row for name in names)]
    waiting = [row for row in rows if row not in played]
    assert len(played) == 4 and all('<td class="num">1</td>' in row for row in played)
    assert len(waiting) == 4
    assert all("table being played" in row and '<td class="num">0</td>' in row for row in waiting)

    fake_result(second, {p.entry.user.username: 10 for p in second.players.all()})
    page = client.get(url(started.tournament, "standings/")).content.decode()
    assert "Provisional" not in page and "table being played" not in page
    assert "Provisional" not in client.get(url(started.tournament)).content.decode()


def _one_times_out(started: Stage) -> str:
    """Records every table of ``started``, the first seat of table 1 timed out; that
    player's user name."""
    first, second = started.tables.order_by("number")
    late = first.players.order_by("seat").first().entry.user.username
    for table in (first, second):
        names = [p.entry.user.username for p in table.players.order_by("seat")]
        fake_result(table, {name: 40 - 10 * i for i, name in enumerate(names)}, timed_out=(late,))
    return late


def test_the_standings_say_which_stage_a_player_forfeited(client: Client, started: Stage) -> None:
    """Failed before: a player who timed out read 0 in that stage's column like a last
    place worth nothing; only the tables page said why."""
    late = _one_times_out(started)
    for language, forfeit in (("en", "forfeit"), ("fr", "forfait")):
        page = client.get(url(started.tournament, "standings/"), HTTP_ACCEPT_LANGUAGE=language)
        rows = page.content.decode().split("<tbody>", 1)[1].split("</tbody>", 1)[0].split("</tr>")
        (row,) = [row for row in rows if f">{late}<" in row]
        assert f"0 ({forfeit})" in row, row
        assert sum(f"({forfeit})" in row for row in rows) == 1


def test_a_finished_tournaments_standings_are_headed_final_standings(
    alice: User, make_players: Players, client: Client
) -> None:
    """Failed before: the standings an organiser publishes at the end read "Standings",
    exactly as they did after the first table of the first stage."""
    tournament = open_for_a_day(alice, "One stage", stage_count=1)
    (table,) = first_stage(tournament, make_players(4), 2).tables.all()
    heading = re.compile(r"<h2>([^<]*)</h2>")
    page = client.get(url(tournament, "standings/")).content.decode()
    assert heading.search(page).group(1) == "Standings"
    fake_result(table, {f"player{n}": 10 * n for n in range(1, 5)})
    results._close_stage(table.stage)
    for language, final in (("en", "Final standings"), ("fr", "Classement final")):
        page = client.get(url(tournament, "standings/"), HTTP_ACCEPT_LANGUAGE=language)
        assert heading.search(page.content.decode()).group(1) == final


def test_a_bot_accounts_line_and_seat_have_the_bot_badge(client: Client, started: Stage) -> None:
    """Failed before: a program entered on a member's account looked like a person."""
    entry = Entry.objects.filter(tournament=started.tournament).order_by("pk").last()
    assert entry is not None
    profile = profile_of(entry.user)
    profile.bot_account = True
    profile.save()
    finish_stage(started)
    for page in ("standings/", "tables/"):
        shown = client.get(url(started.tournament, page)).content.decode()
        assert shown.count('class="badge bot-account"') == 1, page


def test_every_line_of_a_tie_shows_its_shared_rank(
    league: Tournament, alice: User, make_players: Players, client: Client
) -> None:
    """Three players equal on everything are "=1" all three, not "1, =1, =1"."""
    one_table_of_three(league, make_players(3), [20, 20, 20])
    page = client.get(url(league, "standings/")).content.decode()
    body = page.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    ranks = re.findall(r"<tr[^>]*>\s*<td class=\"num\">([^<]*)</td>", body)
    assert ranks == ["=1", "=1", "=1"]


def test_players_level_on_points_read_which_tie_break_ranked_them(
    league: Tournament, alice: User, make_players: Players, client: Client
) -> None:
    """Failed before: three winners on 4 points read "player1: 4, player4: 4, player7: 4"
    on the tournament page, and neither the standings nor their CSV said why they were
    1, 2 and 3."""
    first, second, third = (user.username for user in three_winners(league, make_players(9)))
    page = html.unescape(client.get(url(league)).content.decode())
    leaders = page.split("Leaders (tournament points)", 1)[1].split("</ol>", 1)[0]
    assert f"{first}: 4 (ahead of {second} on total NUM-X score, 50 to 40)" in leaders
    assert f"{second}: 4 (behind {first} on total NUM-X score, 40 to 50)" in leaders
    assert f"{third}: 4 (behind {second} on total NUM-X score, 30 to 40)" in leaders
    standings = html.unescape(client.get(url(league, "standings/")).content.decode())
    assert "Tie-break" in standings
    assert f"behind {first} on total NUM-X score, 40 to 50" in standings
    french = html.unescape(
        client.get(url(league, "standings/"), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    )
    assert f"derrière {first} au score NUM-X total, 40 à 50" in french
    rows = list(
        csv.DictReader(io.StringIO(client.get(url(league, "standings.csv")).content.decode()))
    )
    assert [row["tie_break"] for row in rows[:3]] == ["numx_score"] * 3


def test_players_level_on_every_tie_break_read_that_they_are_tied(
    league: Tournament, alice: User, make_players: Players, client: Client
) -> None:
    one_table_of_three(league, make_players(3), [20, 20, 0])
    page = html.unescape(client.get(url(league)).content.decode())
    assert re.search(r"player[12]: 3 \(tied with player[12] on every tie-break\)", page), page
    rows = list(
        csv.DictReader(io.StringIO(client.get(url(league, "standings.csv")).content.decode()))
    )
    assert [row["tie_break"] for row in rows] == ["tied", "tied", ""]


@pytest.mark.parametrize(
    ("language", "places", "ties"),
    [
        (
            "en",
            "At each table, players take places by their final NUM-X score: the X-Game's two "
            "rounds, counted once on the score rows at the end.",
            "ties go to the higher total NUM-X score, then opponents' points",
        ),
        (
            "fr",
            "À chaque table, les joueurs prennent leur place selon leur score NUM-X final\u00a0: "
            "les deux manches de la X-Game, comptées une seule fois sur les rangées de cartes "
            "Score, à la fin.",
            "à égalité de points, le meilleur score NUM-X total passe devant, puis les points "
            "des adversaires",
        ),
    ],
)
def test_players_and_organisers_read_how_places_and_ties_are_decided(
    language: str, places: str, ties: str, started: Stage, bob: User, as_user: Login
) -> None:
    """The tournament page, its standings and the page that creates one say, in the
    reader's language, that an X-Game's places come from its final score and how the
    standings break ties: organisers choose their format knowing it, players know what
    their moves weigh."""
    finish_stage(started)
    reader = Client(headers={"accept-language": language})
    pages = [
        reader.get(url(started.tournament)),
        reader.get(url(started.tournament, "standings/")),
        as_user(speaks(bob, language)).get("/tournaments/new/"),
    ]

    for page in pages:
        # Spaces run together, a no-break space kept: French typography is part of the text.
        text = html.unescape(re.sub(r"<[^>]+>", " ", page.content.decode()))
        words = re.sub(r"[ \t\r\n]+", " ", text)
        assert places in words, page.request["PATH_INFO"]
        assert ties in words, page.request["PATH_INFO"]


@pytest.mark.parametrize(
    ("language", "note", "label"),
    [
        (
            "en",
            "A withdrawn, resigned or timed-out player gets 0 points at that table and takes "
            "no place there (“forfeit” by the stage's points).",
            "Points of a withdrawn, resigned or timed-out player at a table",
        ),
        (
            "fr",
            "En cas de retrait, d’abandon ou de délai dépassé, on reçoit 0\u00a0point à cette "
            "table, sans y prendre de place («\u00a0forfait\u00a0» à côté des points de la "
            "ronde).",
            "Points à une table en cas de retrait, d’abandon ou de délai dépassé",
        ),
    ],
)
def test_organisers_read_that_a_resigned_player_gets_the_fixed_value_too(
    language: str, note: str, label: str, started: Stage, bob: User, as_user: Login
) -> None:
    """Failed before: the standings and the new-tournament form named only withdrawn and
    timed-out players, while a player who resigns at a table gets the fixed value too (the
    tables page shows them "resigned", with no place and the fixed points)."""
    finish_stage(started)

    def words(page: str) -> str:
        return re.sub(r"[ \t\r\n]+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page)))

    reader = Client(headers={"accept-language": language})
    assert note in words(reader.get(url(started.tournament, "standings/")).content.decode())
    form = as_user(speaks(bob, language)).get("/tournaments/new/").content.decode()
    assert label in words(form)


def test_a_finished_tournaments_page_opens_on_its_podium(
    alice: User, make_players: Players, client: Client
) -> None:
    """Failed before: a finished tournament's page named no winner; the podium was three
    clicks away, in the standings."""
    tournament = open_for_a_day(alice, "Three tables", stage_count=1, description="Autumn.")
    first, second, third = (user.username for user in three_winners(tournament, make_players(9)))
    page = html.unescape(client.get(url(tournament)).content.decode())
    assert "Podium" not in page, "not before the tournament is over"
    results._close_stage(tournament.stages.get())
    page = html.unescape(client.get(url(tournament)).content.decode())
    podium = page.split('<h2 id="podium">Podium</h2>', 1)[1].split("</ol>", 1)[0]
    assert page.index("Podium") < page.index("Autumn.")
    assert re.findall(r'<li value="(\d)">([^<]*)</li>', podium) == [
        ("1", f"{first}: 4 points (ahead of {second} on total NUM-X score, 50 to 40)"),
        ("2", f"{second}: 4 points (behind {first} on total NUM-X score, 40 to 50)"),
        ("3", f"{third}: 4 points (behind {second} on total NUM-X score, 30 to 40)"),
    ]
    french = html.unescape(client.get(url(tournament), HTTP_ACCEPT_LANGUAGE="fr").content.decode())
    assert f"{first}\u00a0: 4 points (devant" in french.split('<h2 id="podium">', 1)[1]


def test_the_tournament_page_says_the_sizes_its_tables_can_have(
    client: Client, league: Tournament
) -> None:
    """Failed before: "X-Games of 4 players", where 10 players sit at 4, 3 and 3."""
    page = html.unescape(client.get(url(league)).content.decode())
    assert "<dd>X-Games of 3 to 5 players, 4 where their number allows</dd>" in page


def test_the_tournament_page_says_its_stage_in_french_with_a_no_break_space(
    client: Client, started: Stage
) -> None:
    page = client.get(url(started.tournament), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "\u00a0: ronde 1 sur 3</dd>" in page


def test_the_leaders_points_are_said_in_french_with_a_no_break_space(
    client: Client, started: Stage
) -> None:
    """Failed before: "player1: 8" in French too."""
    finish_stage(started)
    page = client.get(url(started.tournament), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    leaders = page.split("En tête (points de tournoi)", 1)[1].split("</ol>", 1)[0]
    # Each is level on every tie-break with the other table's player of the same place.
    assert re.findall(r"<li[^>]*>[^<:]+\u00a0: \d+ \(à égalité avec [^<]+\)</li>", leaders), leaders


def test_the_leaders_share_a_place_as_the_standings_do(client: Client, started: Stage) -> None:
    """Failed before: the leaders were the first five lines, numbered 1 to 5 by the list,
    so of two tables won alike (ranks =1, =1, =3, =3, =5, =5) the page read 1, 2, 3, 4, 5
    and left out the player sharing 5th place with the 5th one listed."""
    finish_stage(started)
    page = client.get(url(started.tournament)).content.decode()
    leaders = page.split("Leaders (tournament points)", 1)[1].split("</ol>", 1)[0]
    assert re.findall(r'<li value="(\d+)"', leaders) == ["1", "1", "3", "3", "5", "5"], leaders


def test_the_leaders_after_a_final_say_that_its_places_come_first(
    client: Client, alice: User, make_players: Players
) -> None:
    """Failed before: once the final was played, the tournament page's "Leaders
    (tournament points)" listed the finalists in the final's order with their points
    (8, 6, 10, 11...), which read as a wrong order."""
    first, final = cup_to_the_final(alice, make_players(4))
    names = [p.entry.user.username for p in final.players.order_by("seat")]
    fake_result(final, {name: 10 * i for i, name in enumerate(names)})
    tournament = first.stage.tournament
    for language, heading in (
        ("en", "Leaders (the final's places, then tournament points)"),
        ("fr", "En tête (places de la finale, puis points de tournoi)"),
    ):
        page = client.get(url(tournament), HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert heading in html.unescape(page), language


def test_shared_points_have_a_decimal_comma_in_french(client: Client, started: Stage) -> None:
    """Three players tied first at a table of four share (8 + 4 + 2) / 3 points."""
    for table in started.tables.all():
        names = [p.entry.user.username for p in table.players.order_by("seat")]
        fake_result(table, {name: 10 if i == 3 else 30 for i, name in enumerate(names)})
    for page in ("standings/", "tables/", ""):
        french = client.get(url(started.tournament, page), HTTP_ACCEPT_LANGUAGE="fr")
        english = client.get(url(started.tournament, page)).content.decode()
        assert "4,67" in french.content.decode() and "4.67" not in french.content.decode()
        assert "4.67" in english


def test_the_tournament_page_says_with_the_ranking_that_the_final_ranks_first(
    client: Client, alice: User, make_players: Players, started: Stage, bob: User, as_user: Login
) -> None:
    """Failed before: only the standings said it, apart from how places are decided; the
    tournament page of a cup with a final did not. Said once, and only with a final."""
    final_first = "The final's places rank its players first."
    _first, final = cup_to_the_final(alice, make_players(4))
    cup = final.stage.tournament

    def words(path: str, reader: Client = client) -> str:
        return html.unescape(reader.get(path).content.decode())

    for page in ("", "standings/"):
        assert words(url(cup, page)).count(final_first) == 1, page
    for path in (url(started.tournament), url(started.tournament, "standings/")):
        assert final_first not in words(path), path
    assert final_first not in words("/tournaments/new/", as_user(bob))


def test_the_standings_after_the_final_are_the_tournaments_standings(
    client: Client, started: Stage
) -> None:
    """Typed by hand, the final's number showed the finalists first under "Standings after
    stage 2", without the Final column: half of the final's standings."""
    finish_stage(started)
    Stage.objects.create(tournament=started.tournament, number=2, is_final=True)
    plain = client.get(url(started.tournament, "standings/")).content.decode()
    for page in ("standings/?stage=2", "standings.csv?stage=2"):
        response = client.get(url(started.tournament, page))
        assert response.status_code == 200
        assert "after stage 2" not in response.content.decode()
    after_final = client.get(url(started.tournament, "standings/?stage=2")).content.decode()
    assert ">Final<" in plain and ">Final<" in after_final


def test_a_cup_of_one_stage_links_the_standings_before_its_final(
    client: Client, alice: User, make_players: Players
) -> None:
    """Failed before: with one stage and then a final, the standings offered no "After
    stage" links (a single stage before the final), so nobody reached the standings the
    final's players were chosen from but by typing ?stage=1."""
    first, final = cup_to_the_final(alice, make_players(4))
    cup = first.stage.tournament
    for reader in (url(cup, "standings/"), url(cup, "standings/?stage=1")):
        page = client.get(reader).content.decode()
        assert "After stage:" in page and 'href="?stage=1"' in page, reader
    names = [p.entry.user.username for p in final.players.order_by("seat")]
    fake_result(final, {name: 10 * i for i, name in enumerate(names)})
    assert 'href="?stage=1"' in client.get(url(cup, "standings/")).content.decode()


def _after_stage_links(page: str, current: bool = False) -> list[tuple[str, str]]:
    """The "After stage:" links of a standings page: each one's address and words (only
    the one marked as the page shown, if ``current``)."""
    links = page.split("After stage:", 1)[1].split("</p>", 1)[0]
    marked = ' aria-current="page"' if current else '(?: aria-current="page")?'
    return re.findall(rf'<a href="([^"]*)"{marked}>([^<]*)</a>', links)


def test_the_latest_standings_are_one_link_with_the_last_stages(
    client: Client, alice: User, started: Stage
) -> None:
    """Failed before: after two stages the links read "1 2 latest", the last two the same
    page under two names. The last stage's number leads to the standings as they stand,
    marked as the page shown whichever of its two addresses is open."""
    league = started.tournament
    finish_stage(started)
    second = stage_start(tournament=league, by=alice, rng=random.Random(12))
    plain = url(league, "standings/")
    for stage in (second, None):
        for address in (plain, f"{plain}?stage=2"):
            page = client.get(address).content.decode()
            assert _after_stage_links(page) == [("?stage=1", "1"), (plain, "2")], address
            assert _after_stage_links(page, current=True) == [(plain, "2")], address
        if stage is not None:
            finish_stage(stage)


def test_with_the_final_started_the_latest_standings_are_the_finals(
    client: Client, alice: User, make_players: Players
) -> None:
    """Once the final has started, the standings as they stand are not the last stage's:
    both are linked."""
    _first, final = cup_to_the_final(alice, make_players(4))
    cup = final.stage.tournament
    plain = url(cup, "standings/")
    page = client.get(plain).content.decode()
    assert _after_stage_links(page) == [("?stage=1", "1"), (plain, "latest")]


@pytest.mark.parametrize("stage", ["2", "x", "0", "²", "-1"])
def test_standings_after_a_stage_not_played_are_a_404(
    client: Client, started: Stage, stage: str
) -> None:
    assert client.get(url(started.tournament, f"standings/?stage={stage}")).status_code == 404
    assert client.get(url(started.tournament, f"standings.csv?stage={stage}")).status_code == 404


def test_the_standings_download_as_csv(client: Client, started: Stage) -> None:
    finish_stage(started)
    response = client.get(url(started.tournament, "standings.csv"))
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert "attachment" in response["Content-Disposition"]
    rows = list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert len(rows) == 8
    assert [row["points"] for row in rows] == ["8", "8", "4", "4", "2", "2", "1", "1"]
    assert rows[0]["stage_1"] == "8" and rows[0]["withdrawn"] == "no"


def test_the_standings_csv_says_which_stage_a_player_forfeited(
    client: Client, started: Stage
) -> None:
    """Failed before: the page read "0 (forfeit)" where the CSV gave a bare 0."""
    late = _one_times_out(started)
    for sep, cell in (("comma", ","), ("semicolon", ";")):
        response = client.get(url(started.tournament, f"standings.csv?sep={sep}"))
        text = response.content.decode("utf-8-sig")
        rows = {row["player"]: row for row in csv.DictReader(io.StringIO(text), delimiter=cell)}
        assert (rows[late]["stage_1"], rows[late]["stage_1_forfeit"]) == ("0", "yes")
        assert [row["stage_1_forfeit"] for row in rows.values()].count("no") == 7


def test_the_standings_csv_says_it_is_utf8_so_spreadsheets_read_accented_names(
    client: Client, started: Stage
) -> None:
    """Excel reads a CSV without a byte order mark in the computer's own code page: a
    player named Hélène came out as "HÃ©lÃ¨ne"."""
    first = started.tables.first().players.order_by("seat").first().entry.user
    give_name(first, "Hélène")
    finish_stage(started)
    body = client.get(url(started.tournament, "standings.csv")).content
    assert body.startswith(codecs.BOM_UTF8 + b"rank,player,")
    assert "Hélène" in body.decode("utf-8-sig")


def _csv_link(page: str) -> str:
    """The address the standings page's "Download as CSV" link gives."""
    found = re.search(r'<a href="([^"]*standings\.csv[^"]*)"', page)
    assert found, "the standings page links its CSV"
    return found.group(1).replace("&amp;", "&")


def test_the_french_standings_link_a_csv_french_spreadsheets_open_in_columns(
    client: Client, started: Stage
) -> None:
    """French Excel and LibreOffice split a CSV at semicolons, a comma being their decimal
    separator: the comma-separated file opened in a single column."""
    for table in started.tables.all():
        names = [p.entry.user.username for p in table.players.order_by("seat")]
        fake_result(table, {name: 10 if i == 3 else 30 for i, name in enumerate(names)})
    give_name(started.tables.first().players.order_by("seat").first().entry.user, "=1+1")
    page = client.get(url(started.tournament, "standings/?stage=1"), HTTP_ACCEPT_LANGUAGE="fr")

    link = _csv_link(page.content.decode())
    body = client.get(link, HTTP_ACCEPT_LANGUAGE="fr").content

    assert "stage=1" in link and "sep=semicolon" in link
    assert body.startswith(codecs.BOM_UTF8 + b"rank;player;points;stage_1;")
    rows = list(csv.DictReader(io.StringIO(body.decode("utf-8-sig")), delimiter=";"))
    assert len(rows) == 8 and rows[0]["points"] == "4,67" and rows[0]["stage_1"] == "4,67"
    assert "'=1+1" in [row["player"] for row in rows], "a formula stays text"


def test_the_english_standings_link_the_comma_separated_csv(client: Client, started: Stage) -> None:
    for table in started.tables.all():
        names = [p.entry.user.username for p in table.players.order_by("seat")]
        fake_result(table, {name: 10 if i == 3 else 30 for i, name in enumerate(names)})
    page = client.get(url(started.tournament, "standings/")).content.decode()

    link = _csv_link(page)
    body = client.get(link).content

    assert "sep=" not in link
    assert body.startswith(codecs.BOM_UTF8 + b"rank,player,points,stage_1,")
    rows = list(csv.DictReader(io.StringIO(body.decode("utf-8-sig"))))
    assert rows[0]["points"] == "4.67"


@pytest.mark.parametrize(("sep", "header"), [("comma", b"rank,player,"), ("semicolon", b"rank;")])
def test_either_csv_is_had_in_any_language_by_its_query_parameter(
    client: Client, started: Stage, sep: str, header: bytes
) -> None:
    for language in ("en", "fr"):
        answer = client.get(
            url(started.tournament, f"standings.csv?sep={sep}"), HTTP_ACCEPT_LANGUAGE=language
        )
        assert answer.content.startswith(codecs.BOM_UTF8 + header)


@pytest.mark.parametrize("sep", ["tab", ";", "SEMICOLON"])
def test_an_unknown_csv_separator_is_a_400_that_names_the_choices(
    client: Client, started: Stage, sep: str
) -> None:
    answer = client.get(url(started.tournament, "standings.csv"), {"sep": sep})

    assert answer.status_code == 400
    assert "semicolon" in answer.content.decode() and "comma" in answer.content.decode()


# --- Registration ------------------------------------------------------------------------


def test_the_menu_offers_registration_only_while_the_tournament_takes_it(
    started: Stage, bob: User, as_user: Login
) -> None:
    """Failed before: the menu kept "Registration" once the tournament had started, and its
    page said "already started" even of a tournament over."""
    tournament = started.tournament
    link = f'href="{url(tournament, "register/")}"'
    browser = as_user(bob)
    other = tournament_create(
        organiser=tournament.organiser,
        name="Autumn league",
        registration_closes=timezone.now() + timedelta(days=7),
    )
    assert f'href="{url(other, "register/")}"' in browser.get(url(other)).content.decode()
    for page in ("", "tables/", "standings/"):
        assert link not in browser.get(url(tournament, page)).content.decode(), page
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    over = browser.get(url(tournament, "register/")).content.decode()
    assert "This tournament is over." in over and "already started" not in over
    assert link not in over


def test_a_player_of_a_tournament_over_reads_that_it_is_over(
    started: Stage, as_user: Login
) -> None:
    """Failed before: a player who opened the invitation's link once the tournament was
    over read "You are playing in this tournament. Find your table", as if a table were
    still waiting for them."""
    tournament = started.tournament
    player = tournament.entries.first().user
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)

    page = as_user(player).get(url(tournament, "register/")).content.decode()

    assert "This tournament is over." in page
    assert "You are playing" not in page and "Find your table" not in page
    assert f'href="{url(tournament, "standings/")}">Final standings</a>' in page


def test_registration_needs_a_log_in(client: Client, league: Tournament) -> None:
    response = client.get(url(league, "register/"))
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    assert client.post(url(league, "register/")).status_code == 302
    assert not league.entries.exists()


def test_a_member_registers_and_cancels(league: Tournament, bob: User, as_user: Login) -> None:
    browser = as_user(bob)
    assert "Register" in browser.get(url(league, "register/")).content.decode()
    response = browser.post(url(league, "register/"), follow=True)
    assert "You are registered." in response.content.decode()
    assert league.entries.get(user=bob).status == Entry.Status.REGISTERED
    response = browser.post(url(league, "unregister/"), follow=True)
    assert "You are no longer registered." in response.content.decode()
    assert not league.entries.exists()


def test_the_registration_page_says_the_deadline_without_a_double_stop(
    alice: User, bob: User, as_user: Login
) -> None:
    """An English date ends in "a.m." or "p.m.": a sentence ending on it read "a.m..";
    and the tables' time per move is the tournament's, not "one move a day"."""
    closes = (timezone.now() + timedelta(days=3)).replace(hour=7, minute=50)
    cup = tournament_create(
        organiser=alice,
        name="Cup",
        registration_closes=closes,
        move_deadline=timedelta(days=2),
    )
    page = " ".join(as_user(bob).get(url(cup, "register/")).content.decode().split())
    assert "7:50 a.m.; every table is an X-Game with 2 days per move." in page
    assert "a.m.." not in page and "one move a day" not in page
    later = tournament_create(
        organiser=alice,
        name="Later",
        registration_opens=closes,
        registration_closes=closes + timedelta(days=1),
    )
    page = " ".join(as_user(bob).get(url(later, "register/")).content.decode().split())
    assert "7:50 a.m.: it is not open now." in page and "a.m.." not in page


def test_a_refused_registration_says_why(alice: User, bob: User, as_user: Login) -> None:
    """A 409 with the registration page, nothing registered (failed before: a 302)."""
    closed = tournament_create(
        organiser=alice,
        name="Later",
        registration_opens=timezone.now() + timedelta(days=1),
        registration_closes=timezone.now() + timedelta(days=2),
    )
    browser = as_user(bob)
    assert "it is not open now" in browser.get(url(closed, "register/")).content.decode()
    response = browser.post(url(closed, "register/"))
    assert response.status_code == 409
    assert "Registration is not open." in response.content.decode()
    assert "it is not open now" in response.content.decode()  # the registration page
    response = browser.post(url(closed, "unregister/"))
    assert response.status_code == 409
    assert "You are not registered." in response.content.decode()
    assert not closed.entries.exists()


def test_registering_twice_is_refused_in_french(
    league: Tournament, bob: User, as_user: Login
) -> None:
    """Failed before: the second press answered a 302, as a registration does."""
    browser = as_user(bob)
    assert browser.post(url(league, "register/")).status_code == 302
    speaks(bob, "fr")

    response = browser.post(url(league, "register/"))

    assert response.status_code == 409
    assert "Votre inscription est déjà enregistrée." in response.content.decode()
    assert list(league.entries.values_list("user", flat=True)) == [bob.pk]


def test_an_invited_member_accepts_or_declines(
    league: Tournament, alice: User, bob: User, as_user: Login
) -> None:
    tournament_invite(tournament=league, by=alice, email="bob@example.com")
    page = as_user(bob).get(url(league, "register/")).content.decode()
    assert "Accept the invitation" in page and "Decline" in page
    as_user(bob).post(url(league, "register/"))
    assert league.entries.get(user=bob).status == Entry.Status.REGISTERED


def test_declining_an_invitation_says_it_was_declined(
    league: Tournament, alice: User, bob: User, as_user: Login
) -> None:
    """Failed before: a member who declined read "You are no longer registered.", though
    they had never registered, and wondered whether they had been."""
    tournament_invite(tournament=league, by=alice, email="bob@example.com")
    speaks(bob, "fr")

    page = as_user(bob).post(url(league, "unregister/"), follow=True).content.decode()

    assert "Vous avez refusé l’invitation." in page
    assert "Votre inscription est annulée." not in page
    assert not league.entries.exists() and not league.invitations.exists()


def test_unregistering_is_a_post(league: Tournament, bob: User, as_user: Login) -> None:
    assert as_user(bob).get(url(league, "unregister/")).status_code == 405


# --- Creating a tournament ------------------------------------------------------------------


def test_creating_a_tournament_needs_a_log_in(client: Client) -> None:
    assert client.get("/tournaments/new/").status_code == 302


def test_the_new_tournament_form_says_what_is_required_and_what_only_a_final_uses(
    bob: User, as_user: Login
) -> None:
    """Failed before: an organiser learnt that the registration's closing date was required
    only when the browser refused the form, and read "Players at the final" whatever the
    format."""
    page = as_user(bob).get("/tournaments/new/").content.decode()

    def help_of(field: str) -> str:
        found = re.search(rf'<div class="helptext" id="id_{field}_helptext">([^<]*)</div>', page)
        return html.unescape(found.group(1)) if found else ""

    assert help_of("registration_closes").startswith("Required.")
    assert help_of("final_size") == "Only for the format with a final."


def test_a_member_creates_a_tournament_and_lands_on_its_dashboard(
    bob: User, as_user: Login
) -> None:
    browser = as_user(bob)
    assert browser.get("/tournaments/new/").status_code == 200
    response = browser.post(
        "/tournaments/new/",
        {
            "name": "Bob's cup",
            "description": "Friendly.",
            "format": "final",
            "table_size": "3",
            "seat_by_rating": "on",
            "stage_count": "2",
            "final_size": "4",
            "move_deadline": "2",
            "deadline_policy": "bot",
            "registration_closes": "2099-01-31T12:00",
            "points": "3: 6/3/1",
            "forfeit_points": "0",
        },
    )
    tournament = Tournament.objects.get(name="Bob's cup")
    assert response.status_code == 302 and response["Location"] == url(tournament, "organise/")
    assert tournament.organiser == bob and tournament.format == "final"
    assert tournament.table_size == 3 and tournament.stage_count == 2
    assert tournament.seat_by_rating
    assert tournament.move_deadline == timedelta(days=2) and tournament.deadline_policy == "bot"
    assert tournament.points_table()[3] == (6, 3, 1) and tournament.points_table()[4] == (
        8,
        4,
        2,
        1,
    )


#: The new tournament form, filled in but for its forfeit.
A_TOURNAMENT = {
    "name": "Cup",
    "format": "stages",
    "table_size": "4",
    "stage_count": "3",
    "final_size": "4",
    "move_deadline": "3",
    "deadline_policy": "pass",
    "registration_closes": "2099-01-31T12:00",
}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"name": ""}, "This field is required"),
        # Failed before: created, a name whose line break broke every mail naming it.
        ({"name": "Cup\r\nBcc: x@evil.example"}, "A name is one line"),
        ({"table_size": "7"}, "Select a valid choice"),
        ({"points": "4: 1/2/3/4"}, "must never increase"),
        ({"registration_opens": "2099-02-01T12:00"}, "close after it opens"),
        # Failed before with a 500: left empty, registration opens now, after a closing
        # date already past (an organiser's typo of the year).
        ({"registration_closes": "2020-01-31T12:00"}, "Registration opens now: it must close"),
    ],
)
def test_a_bad_tournament_form_is_shown_again_with_its_errors(
    bob: User, as_user: Login, change: dict[str, str], message: str
) -> None:
    data = {**A_TOURNAMENT, "forfeit_points": "0", **change}
    response = as_user(bob).post("/tournaments/new/", data)
    assert response.status_code == 400 and message in response.content.decode()
    assert not Tournament.objects.exists()


@pytest.mark.parametrize(
    ("points", "english", "french"),
    [
        (
            "4: 8/4/2",
            "“4: 8/4/2”: a table of 4 needs 4 numbers, one per place, not 3.",
            "«\u00a04: 8/4/2\u00a0»\u00a0: une table de 4 demande 4 nombres, un par place, et "
            "non 3.",
        ),
        (
            "7: 1/1/1/1/1/1/1",
            "“7: 1/1/1/1/1/1/1”: a table has 2 to 6 players, not 7.",
            "«\u00a07: 1/1/1/1/1/1/1\u00a0»\u00a0: une table réunit de 2 à 6 personnes, et non 7.",
        ),
        (
            "3: 1/2/4",
            "“3: 1/2/4”: the points must never increase from one place to the next.",
            "«\u00a03: 1/2/4\u00a0»\u00a0: les points ne doivent jamais augmenter d’une place",
        ),
        (
            "four: 1",
            "“four: 1” is not written as “4: 8/4/2/1”: a table's size, a colon, then its points.",
            "«\u00a0four: 1\u00a0» n’est pas écrit sous la forme «\u00a04: 8/4/2/1\u00a0»",
        ),
    ],
)
def test_a_bad_points_row_says_what_is_wrong_with_it_beside_the_field(
    points: str, english: str, french: str, bob: User, as_user: Login
) -> None:
    """Failed before: every bad row read "Write each row as “4: 8/4/2/1”: one number per
    place, never increasing.", whether it was a number short or a table of seven."""
    browser = as_user(bob)
    for language, message in (("en", english), ("fr", french)):
        response = browser.post(
            "/tournaments/new/",
            {**A_TOURNAMENT, "forfeit_points": "0", "points": points},
            HTTP_ACCEPT_LANGUAGE=language,
        )
        assert response.status_code == 400
        (error,) = response.context["form"].errors["points"]
        assert message in error
    assert not Tournament.objects.exists()


ROWS_ENDING_ON_2 = "3: 6/4/2; 4: 8/6/4/2; 5: 10/8/6/4/2"


@pytest.mark.parametrize(
    ("change", "refused"),
    [
        # Failed before: accepted, so a timed-out player could top the standings.
        ({"forfeit_points": "100"}, "At most 1: a forfeit must not be worth more"),
        ({"forfeit_points": "2"}, "At most 1: a forfeit must not be worth more"),
        ({"forfeit_points": "1"}, None),
        ({"forfeit_points": "2", "points": ROWS_ENDING_ON_2}, None),
        ({"forfeit_points": "3", "points": ROWS_ENDING_ON_2}, "At most 2"),
        # The final's table may be larger than the stages' (a final of six, tables of
        # three): its last place counts too.
        (
            {"forfeit_points": "2", "points": ROWS_ENDING_ON_2, "table_size": "3"},
            None,
        ),
        (
            {
                "forfeit_points": "2",
                "points": ROWS_ENDING_ON_2,
                "table_size": "3",
                "format": "final",
                "final_size": "6",
            },
            "At most 1",
        ),
    ],
)
def test_a_forfeit_worth_more_than_a_last_place_is_refused_beside_its_field(
    bob: User, as_user: Login, change: dict[str, str], refused: str | None
) -> None:
    data = {**A_TOURNAMENT, **change}
    response = as_user(bob).post("/tournaments/new/", data)
    if refused is None:
        assert response.status_code == 302
        return
    assert response.status_code == 400 and not Tournament.objects.exists()
    (error,) = response.context["form"].errors["forfeit_points"]
    assert refused in error


# --- The organiser's dashboard and tools -------------------------------------------------


ORGANISER_TOOLS = [
    ("organise/invite/", {"email": "bob@example.com"}),
    ("organise/start/", {}),
    ("organise/email/", {"subject": "Hello", "message": "Hi all"}),
]


def test_the_dashboard_is_for_the_organiser(
    client: Client,
    league: Tournament,
    alice: User,
    mallory: User,
    as_user: Login,
    make_players: Players,
) -> None:
    register_all(league, make_players(3))
    assert client.get(url(league, "organise/")).status_code == 302
    assert as_user(mallory).get(url(league, "organise/")).status_code == 403
    page = as_user(alice).get(url(league, "organise/")).content.decode()
    assert "Start stage 1" in page and "Email all players" in page and "Invite" in page


@pytest.mark.parametrize(("tool", "data"), ORGANISER_TOOLS)
def test_organiser_tools_are_forbidden_to_anybody_else(
    league: Tournament, bob: User, mallory: User, as_user: Login, tool: str, data: dict
) -> None:
    entry = Entry.objects.create(tournament=league, user=bob, status=Entry.Status.REGISTERED)
    assert as_user(mallory).post(url(league, tool), data).status_code == 403
    assert (
        as_user(mallory).post(url(league, f"organise/players/{entry.pk}/withdraw/")).status_code
        == 403
    )
    assert not league.stages.exists() and mail.outbox == []
    entry.refresh_from_db()
    assert entry.status == Entry.Status.REGISTERED


def test_organiser_tools_are_posts(league: Tournament, alice: User, as_user: Login) -> None:
    for tool, _data in ORGANISER_TOOLS:
        assert as_user(alice).get(url(league, tool)).status_code == 405


def test_the_organiser_invites_an_address(
    league: Tournament, alice: User, bob: User, as_user: Login
) -> None:
    invite = url(league, "organise/invite/")
    response = as_user(alice).post(invite, {"email": "bob@example.com"}, follow=True)
    page = response.content.decode()
    assert "Invitation recorded: the email is on its way." in page
    assert "bob@example.com" in page and league.invitations.get().email == "bob@example.com"


def test_an_invitation_to_no_address_is_refused_with_400_and_the_form_again(
    league: Tournament, alice: User, as_user: Login
) -> None:
    """Failed before: the dashboard after a redirect (302), the address typed lost."""
    response = as_user(alice).post(url(league, "organise/invite/"), {"email": "bob@"})
    page = response.content.decode()
    assert response.status_code == 400 and 'value="bob@"' in page
    # The fault is said once, beside the field (the page said it twice, banner and field).
    assert page.count("valid email address") == 1 and "Enter a valid email address." in page
    assert not league.invitations.exists() and not mail.outbox


def test_inviting_an_address_again_is_refused_beside_the_field_nothing_changed(
    league: Tournament,
    alice: User,
    as_user: Login,
    django_capture_on_commit_callbacks: Callable[..., object],
) -> None:
    """Failed before: a 302 to the dashboard, whose banner gave the refusal as news, where
    the site's refused forms answer 400 with the form again and the fault beside the
    field. Whether its email has left yet is said too (it is not sent twice)."""
    organiser = as_user(alice)
    invite(organiser, league, "carol@example.com")  # its email owed: not committed
    status, location, body, said = invite(organiser, league, "Carol@Example.com")
    page = body.decode()
    assert (status, location) == (400, "")
    # Said once, beside the field: no banner saying it again (the first one's news aside).
    assert not [words for words in said if "already invited" in words]
    assert page.count("already invited") == 1 and 'value="Carol@Example.com"' in page
    assert field_error(page) == (
        "This address is already invited: its email is on its way, it is not sent twice."
    )
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        invite(organiser, league, "dave@example.com")
    french = as_user(speaks(alice, "fr"))
    status, _location, body, _said = invite(french, league, "dave@example.com")
    assert status == 400 and field_error(body.decode()) == "Cette adresse est déjà invitée."
    assert sorted(league.invitations.values_list("email", flat=True)) == [
        "carol@example.com",
        "dave@example.com",
    ]
    assert [message.to for message in mail.outbox] == [["dave@example.com"]]


def test_a_members_address_and_an_unknown_one_get_the_same_answers(
    league: Tournament,
    alice: User,
    bob: User,
    as_user: Login,
    django_capture_on_commit_callbacks: Callable[..., object],
) -> None:
    """Inviting Bob's address or one nobody has: the same answer, first and again, and
    the dashboard lists the address typed in, never the member's name."""
    profile = profile_of(bob)
    profile.display_name = "Robert the Bold"
    profile.save()
    answers = {}
    for address in (bob.email, "nobody@example.com"):
        with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
            first = invite(as_user(alice), league, address)
        status, location, body, said = invite(as_user(alice), league, address)
        # The second: the form again with its fault, which names no one's account.
        answers[address] = [first, (status, location, field_error(body.decode()), said)]
    assert answers[bob.email] == answers["nobody@example.com"]
    assert answers[bob.email][0][-1] == ["Invitation recorded: the email is on its way."]
    assert answers[bob.email][1][:3] == (400, "", "This address is already invited.")
    dashboard = as_user(alice).get(url(league, "organise/")).content.decode()
    assert bob.email in dashboard and "nobody@example.com" in dashboard
    assert "Robert the Bold" not in dashboard
    assert sorted(message.to[0] for message in mail.outbox) == [bob.email, "nobody@example.com"]


def invite(
    organiser: Client, league: Tournament, address: str
) -> tuple[int, str, bytes, list[str]]:
    """All the organiser gets from inviting: status, where it leads, body, messages."""
    response = organiser.post(url(league, "organise/invite/"), {"email": address})
    said = [str(message) for message in get_messages(response.wsgi_request)]
    return response.status_code, response.get("Location", ""), response.content, said


def test_invitations_past_the_daily_limit_are_refused_and_owe_nothing(
    league: Tournament, alice: User, as_user: Login, settings: Settings
) -> None:
    """The limit counts a member's invitations to games and tournaments together."""
    settings.NUMX_INVITATIONS_PER_DAY = 2
    game = game_open(creator=alice, name="Friday", config={"players": 3})
    game_invite(game=game, by=alice, email="carol@example.com")
    answers = [
        invite(as_user(alice), league, address)
        for address in ("dave@example.com", "erin@example.com")
    ]
    assert answers[1][0] == 429  # failed before: a 302
    assert answers[1][-1] == [
        "You may send 2 email invitations a day: try again tomorrow, or share the link instead."
    ]
    assert list(league.invitations.values_list("email", flat=True)) == ["dave@example.com"]


def test_an_invitation_while_a_stage_is_being_played_is_refused_on_the_dashboard(
    started: Stage, alice: User, as_user: Login
) -> None:
    """Failed before: a 302, as an invitation sent. (Between stages it is sent.)"""
    status, _where, body, said = invite(as_user(alice), started.tournament, "carol@example.com")
    assert status == 409 and b"Every table of the current stage must finish first." in body
    assert said == ["Every table of the current stage must finish first."]
    assert not started.tournament.invitations.exists()


def test_the_organiser_cancels_an_invitation_from_the_dashboard(
    league: Tournament, alice: User, mallory: User, as_user: Login
) -> None:
    invitation = tournament_invite(tournament=league, by=alice, email="carol@example.com")
    cancel = url(league, f"organise/invitations/{invitation.pk}/cancel/")
    assert as_user(mallory).post(cancel).status_code == 403
    assert as_user(alice).get(cancel).status_code == 405
    response = as_user(alice).post(cancel, follow=True)
    page = response.content.decode()
    assert "Invitation cancelled." in page and "carol@example.com" not in page
    assert not league.invitations.exists()
    assert as_user(alice).post(cancel).status_code == 404


def test_a_seated_player_finds_their_table_from_the_tournament_and_registration_pages(
    started: Stage, as_user: Login, client: Client
) -> None:
    """Failed before: the tournament page said nothing of the reader's own table, and the
    registration page's "Find your table" led to every table of every stage, where a
    player had to look for their name."""
    seated = started.tables.get(number=2).players.order_by("seat").first()
    assert seated is not None
    game = seated.table.game
    browser = as_user(seated.entry.user)
    for page in ("", "register/"):
        text = browser.get(url(started.tournament, page)).content.decode()
        link = f'href="/games/{game.pk}/"'
        assert link in text and "Stage 1, table 2" in html.unescape(text), page
    french = browser.get(url(started.tournament), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Votre table\u00a0: ronde 1, table 2." in html.unescape(re.sub(r"<[^>]+>", "", french))
    # Once the table is over, nothing points at it as the table to play.
    finish_stage(started)
    text = browser.get(url(started.tournament)).content.decode()
    assert "Your table" not in text
    # Anybody else reads no "your table".
    assert "Your table" not in client.get(url(started.tournament)).content.decode()


def test_the_organiser_starts_a_stage_and_sees_whom_the_tables_wait_for(
    league: Tournament, alice: User, make_players: Players, as_user: Login
) -> None:
    browser = as_user(alice)
    response = browser.post(url(league, "organise/start/"))
    assert response.status_code == 409  # the dashboard, saying why; nothing started
    assert "A stage needs at least 3 registered players." in response.content.decode()
    assert not league.stages.exists()
    register_all(league, make_players(8))
    response = browser.post(url(league, "organise/start/"), follow=True)
    page = response.content.decode()
    assert "Stage 1 has started." in page
    assert league.stages.get().tables.count() == 2
    assert "Who the tables are waiting for" in page and "player1" in page
    assert "Start stage 2" not in page, "not while tables are being played"
    response = browser.post(url(league, "organise/start/"))
    assert response.status_code == 409
    assert "Every table of the current stage must finish first." in response.content.decode()
    assert league.stages.count() == 1


def test_the_tables_the_dashboard_waits_for_are_listed_with_french_typography(
    started: Stage, alice: User, as_user: Login
) -> None:
    page = as_user(alice).get(url(started.tournament, "organise/"), HTTP_ACCEPT_LANGUAGE="fr")
    waiting = page.content.decode().split("Joueurs attendus aux tables", 1)[1]
    assert re.findall(r">Table 1</a>\u00a0:", waiting), waiting[:400]


def test_the_time_an_awaited_player_has_left_reads_with_french_typography(
    started: Stage, alice: User, as_user: Login
) -> None:
    """Failed before: "(depuis 0 minute; échéance : …)", the semicolon between how long
    the table has waited and the deadline sat in the page's markup, out of the
    translation, so French read it with no space before it."""
    page = as_user(alice).get(url(started.tournament, "organise/"), HTTP_ACCEPT_LANGUAGE="fr")
    waiting = page.content.decode().split("Joueurs attendus aux tables", 1)[1]
    waiting = waiting.split("</section>", 1)[0]
    assert re.findall(r"\(depuis [^;()]*\u00a0; échéance\u00a0: ", waiting), waiting
    assert not re.findall(r"[^\u00a0];", html.unescape(re.sub(r"<[^>]+>", "", waiting)))


def test_the_dashboard_says_when_each_awaited_player_passes_the_deadline(
    started: Stage, alice: User, as_user: Login
) -> None:
    """Failed before: the dashboard said only "for 3 hours" until a player was past the
    deadline, so the organiser could not tell when a silent player's table could be
    finished with the deadline policy."""
    table = started.tables.order_by("number").first()
    assert table is not None
    since = timezone.now().replace(microsecond=0) - timedelta(days=1)
    Seat.objects.filter(game=table.game).update(awaited_since=since)
    page = as_user(alice).get(url(started.tournament, "organise/")).content.decode()
    due = timezone.localtime(since + started.tournament.move_deadline, UTC)
    waiting = page.split("Who the tables are waiting for", 1)[1].split("</section>", 1)[0]
    assert f"deadline: {date_format(due, 'DATETIME_FORMAT')}" in waiting, waiting
    assert "past the deadline" not in waiting


def test_the_organiser_starts_the_next_stage_once_the_tables_are_done(
    started: Stage, alice: User, as_user: Login
) -> None:
    finish_stage(started)
    page = as_user(alice).get(url(started.tournament, "organise/")).content.decode()
    assert "Start stage 2" in page


def test_the_organiser_withdraws_a_player(started: Stage, alice: User, as_user: Login) -> None:
    entry = Entry.objects.filter(tournament=started.tournament).first()
    assert entry is not None
    response = as_user(alice).post(
        url(started.tournament, f"organise/players/{entry.pk}/withdraw/"), follow=True
    )
    assert "Player withdrawn." in response.content.decode()
    entry.refresh_from_db()
    assert entry.status == Entry.Status.WITHDRAWN
    withdrawn_at = Entry.objects.get(pk=entry.pk).withdrawn_at
    response = as_user(alice).post(
        url(started.tournament, f"organise/players/{entry.pk}/withdraw/")
    )
    assert response.status_code == 409 and "already withdrawn" in response.content.decode()
    assert Entry.objects.get(pk=entry.pk).withdrawn_at == withdrawn_at


def test_a_withdrawal_as_the_last_move_ends_the_game_still_succeeds(
    started: Stage, alice: User, as_user: Login, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Failed before (a 500, the withdrawal undone): the game's last move landed after the
    withdrawal saw it being played and before the seat was taken off, which refused."""
    table = started.tables.order_by("pk").first()
    assert table is not None
    place = table.players.select_related("entry").get(seat=0)
    take_off = services.take_off

    def after_the_last_move(**kwargs: Any) -> None:
        play_out(table.game, random.Random(12))
        take_off(**kwargs)

    monkeypatch.setattr(services, "take_off", after_the_last_move)
    response = as_user(alice).post(
        url(started.tournament, f"organise/players/{place.entry.pk}/withdraw/"), follow=True
    )

    assert response.status_code == 200 and "Player withdrawn." in response.content.decode()
    place.refresh_from_db()
    assert place.entry.status == Entry.Status.WITHDRAWN and place.withdrawn
    assert Seat.objects.get(game=table.game, number=0).user == place.entry.user


def test_withdrawing_asks_first_when_too_few_would_be_left_for_the_next_stage(
    alice: User, as_user: Login, make_players: Players
) -> None:
    """Failed before: an organiser withdrew two of a league's four players after stage 1,
    read "This cannot be undone" and nothing more, and was left with a tournament that
    could start no stage 2. The question now says so first, and what is left to do then
    (invite a replacement, or end the tournament early); with players enough, it does
    not."""
    league = open_for_a_day(alice, "Small league", stage_count=2)
    players = make_players(3)
    first_stage(league, players, seed=3)
    entry = league.entries.get(user=players[0])
    page = as_user(alice).get(url(league, f"organise/players/{entry.pk}/withdraw/"))
    warning = (
        "Only 2 players would be left, too few for the next stage (it needs 3): "
        "you could then invite a replacement before it, or end the tournament early."
    )
    assert warning in html.unescape(page.content.decode())
    french = as_user(alice).get(
        url(league, f"organise/players/{entry.pk}/withdraw/"), HTTP_ACCEPT_LANGUAGE="fr"
    )
    assert (
        "Il resterait 2 joueurs, trop peu pour la ronde suivante (il en faut 3)\u00a0: vous "
        "pourriez alors inviter quelqu’un en remplacement avant elle, ou terminer le tournoi "
        "avant son terme." in html.unescape(french.content.decode())
    )


def test_withdrawing_with_players_enough_left_gives_no_such_warning(
    started: Stage, alice: User, as_user: Login
) -> None:
    entry = started.tournament.entries.first()
    assert entry is not None
    page = as_user(alice).get(url(started.tournament, f"organise/players/{entry.pk}/withdraw/"))
    assert "too few for the next stage" not in page.content.decode()


def test_withdrawing_a_player_of_another_tournament_is_a_404(
    started: Stage, alice: User, bob: User, as_user: Login
) -> None:
    other = tournament_create(
        organiser=bob, name="Other", registration_closes=timezone.now() + timedelta(days=1)
    )
    entry = Entry.objects.create(tournament=other, user=bob, status=Entry.Status.REGISTERED)
    response = as_user(alice).post(
        url(started.tournament, f"organise/players/{entry.pk}/withdraw/")
    )
    assert response.status_code == 404


def test_the_organiser_may_finish_only_a_table_past_its_deadline(
    started: Stage, alice: User, mallory: User, as_user: Login
) -> None:
    table = started.tables.get(number=1)
    path = url(started.tournament, f"organise/tables/{table.pk}/finish/")
    assert as_user(mallory).post(path).status_code == 403
    response = as_user(alice).post(path)
    assert response.status_code == 409
    assert "Nobody at this table is past the move deadline." in response.content.decode()
    table.refresh_from_db()
    assert table.forced_at is None
    assert "Finish this table" not in response.content.decode()
    # Three days later, the dashboard offers to finish it.
    Seat.objects.filter(game=table.game).update(awaited_since=timezone.now() - timedelta(days=4))
    page = as_user(alice).get(url(started.tournament, "organise/")).content.decode()
    assert "past the deadline" in page and "Finish this table with the deadline policy" in page


def test_finishing_a_table_of_another_tournament_is_a_404(
    started: Stage, bob: User, as_user: Login, make_players: Players
) -> None:
    other = tournament_create(
        organiser=bob, name="Other", registration_closes=timezone.now() + timedelta(days=1)
    )
    table = Table.objects.filter(stage=started).first()
    assert table is not None
    response = as_user(bob).post(url(other, f"organise/tables/{table.pk}/finish/"))
    assert response.status_code == 404


def test_the_organiser_emails_all_players(
    started: Stage,
    alice: User,
    as_user: Login,
    django_capture_on_commit_callbacks: Callable[..., object],
) -> None:
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        response = as_user(alice).post(
            url(started.tournament, "organise/email/"),
            {"subject": "Stage 2", "message": "Starts Monday."},
            follow=True,
        )
    assert "Email sent to 8 players." in response.content.decode()
    assert len(mail.outbox) == 8 and mail.outbox[0].subject == "[Spring league] Stage 2"


def test_players_reply_to_the_organiser_only_if_the_organiser_shows_their_address(
    started: Stage,
    alice: User,
    as_user: Login,
    django_capture_on_commit_callbacks: Callable[..., object],
) -> None:
    """Failed before: every reply went to the site's address; the site never shows a
    member's address, so the organiser chooses, message by message."""
    browser = as_user(alice)
    assert (
        "Players may reply to my address"
        in browser.get(url(started.tournament, "organise/")).content.decode()
    )
    for shown in (True, False):
        mail.outbox.clear()
        with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
            browser.post(
                url(started.tournament, "organise/email/"),
                {"subject": "Stage 2", "message": "Starts Monday.", "reply_to_me": shown or ""},
            )
        assert {tuple(m.reply_to) for m in mail.outbox} == ({(alice.email,)} if shown else {()})


def test_an_email_without_a_subject_is_refused_with_400_and_the_form_again(
    started: Stage, alice: User, as_user: Login
) -> None:
    """Failed before: the dashboard after a redirect (302), the message typed lost."""
    owed = started.tournament.mails.count()
    response = as_user(alice).post(
        url(started.tournament, "organise/email/"), {"subject": "", "message": "Starts Monday."}
    )
    page = response.content.decode()
    assert response.status_code == 400 and "Write a subject and a message." in page
    assert "Starts Monday." in page and "This field is required." in page
    assert started.tournament.mails.count() == owed


def test_the_organiser_finishes_a_table_past_its_deadline(
    alice: User,
    make_players: Players,
    as_user: Login,
    django_capture_on_commit_callbacks: Callable[..., object],
) -> None:
    tournament = open_for_a_day(alice, "Trio", table_size=3)
    table = first_stage(tournament, make_players(3), 3).tables.get()
    Seat.objects.filter(game=table.game).update(awaited_since=timezone.now() - timedelta(days=4))
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        response = as_user(alice).post(
            url(tournament, f"organise/tables/{table.pk}/finish/"), follow=True
        )
    assert "The deadline policy is playing the table to its end." in response.content.decode()
    table.refresh_from_db()
    assert table.recorded_at is not None and table.forced_at is not None
    assert all(place.timed_out for place in table.players.all()), "all three were late"
    page = as_user(alice).get(url(tournament, "tables/")).content.decode()
    assert "Finished by the organiser with the deadline policy." in page


def test_withdrawing_a_player_asks_first_on_a_page_of_its_own(
    started: Stage, alice: User, mallory: User, as_user: Login
) -> None:
    """Failed before: the dashboard's "Withdraw" posted at once, and a withdrawal cannot
    be undone (a bot takes the seat, the player gets the fixed value)."""
    tournament = started.tournament
    entry = Entry.objects.filter(tournament=tournament).select_related("user").first()
    assert entry is not None
    ask = url(tournament, f"organise/players/{entry.pk}/withdraw/")
    dashboard = as_user(alice).get(url(tournament, "organise/")).content.decode()
    assert f'href="{ask}"' in dashboard
    assert f'action="{ask}"' not in dashboard, "the dashboard no longer withdraws at once"
    assert as_user(mallory).get(ask).status_code == 403
    page = as_user(alice).get(ask).content.decode()
    assert f"Withdraw {entry.user.username}?" in html.unescape(page)
    assert "cannot be undone" in page and "a bot takes their seat" in page
    assert "gives them 0 points" in page
    assert '<form method="post" class="leave-confirm">' in page
    entry.refresh_from_db()
    assert entry.status == Entry.Status.REGISTERED, "asking withdraws nobody"
    response = as_user(alice).post(ask, follow=True)
    assert "Player withdrawn." in response.content.decode()
    entry.refresh_from_db()
    assert entry.status == Entry.Status.WITHDRAWN
    # An old link to the question: the dashboard, which says where the player stands.
    assert as_user(alice).get(ask).url == url(tournament, "organise/")


def test_a_french_organiser_reads_the_withdrawal_in_french_said_of_anybody(
    started: Stage, alice: User, as_user: Login
) -> None:
    """The question and the list of players say it alike of a woman and of a man, the
    list's statuses one of another's kind. Failed before: "ne sera plus placé" and "il ne
    prend pas de place" of a man only, and the statuses "inscrit" beside "retrait"; and
    the answers "Joueur retiré du tournoi." and "Ce joueur est déjà retiré du tournoi.",
    said of a man, whoever was withdrawn."""
    speaks(alice, "fr")
    tournament = started.tournament
    entry, other = Entry.objects.filter(tournament=tournament).select_related("user")[:2]
    ask = url(tournament, f"organise/players/{entry.pk}/withdraw/")
    page = html.unescape(as_user(alice).get(ask).content.decode())
    assert f"{entry.user.username} ne jouera plus aucune ronde" in page
    assert "la table lui donne 0 point et aucune place." in page
    done = as_user(alice).post(ask, follow=True).content.decode()
    assert "Retrait enregistré." in done and "retiré" not in done
    again = as_user(alice).post(ask).content.decode()
    assert "Ce retrait est déjà enregistré." in again and "retiré" not in again
    dashboard = as_user(alice).get(url(tournament, "organise/")).content.decode()
    assert f"<tr><td>{entry.user.username}</td><td>retrait</td>" in dashboard
    assert f"<tr><td>{other.user.username}</td><td>en lice</td>" in dashboard


@pytest.mark.parametrize(("players", "small_tables"), [(0, False), (2, False), (1, True)])
def test_the_dashboard_says_why_a_stage_cannot_start_with_too_few_players(
    alice: User, as_user: Login, make_players: Players, players: int, small_tables: bool
) -> None:
    """Failed before: "Start stage 1" was offered with nobody registered, and only the
    refusal after pressing it said why."""
    tournament = tournament_create(
        organiser=alice,
        name="Small",
        small_tables=small_tables,
        registration_closes=timezone.now() + timedelta(days=1),
    )
    register_all(tournament, make_players(players))
    page = as_user(alice).get(url(tournament, "organise/")).content.decode()
    smallest = 2 if small_tables else 3
    assert "Start stage 1" not in page
    assert f"A stage needs at least {smallest} registered players." in page
    register_all(tournament, make_players(smallest - players))
    page = as_user(alice).get(url(tournament, "organise/")).content.decode()
    assert "Start stage 1" in page and "A stage needs at least" not in page


def test_the_dashboard_says_why_the_final_cannot_start_with_too_few_players(
    alice: User, as_user: Login, make_players: Players
) -> None:
    players = make_players(4)
    first, final = cup_to_the_final(alice, players)
    tournament = first.stage.tournament
    final.delete()
    final.stage.delete()
    for entry in Entry.objects.filter(tournament=tournament)[:2]:
        as_user(alice).post(url(tournament, f"organise/players/{entry.pk}/withdraw/"))
    page = as_user(alice).get(url(tournament, "organise/")).content.decode()
    assert "Start the final" not in page
    assert "The final needs at least 3 active players." in page


def test_players_who_have_not_played_yet_are_listed_with_nothing(
    started: Stage, client: Client
) -> None:
    """Failed before: before any table was recorded every player read "=1" with zeros
    in the standings, and led the tournament page with 0, though nobody had played."""
    tournament = started.tournament
    standings = client.get(url(tournament, "standings/")).content.decode()
    body = standings.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    assert "player1" in body and "=1" not in body
    # Nothing but the count of tables played (0): no rank, no points, no score.
    assert not re.search(r'<td class="num">(?!0<)[^<]+</td>', body.replace("\u2013", "")), body
    assert "Leaders" not in client.get(url(tournament)).content.decode()
    first = started.tables.order_by("number").first()
    assert first is not None
    names = [p.entry.user.username for p in first.players.order_by("seat")]
    fake_result(first, {name: 40 - 10 * i for i, name in enumerate(names)})
    standings = client.get(url(tournament, "standings/")).content.decode()
    assert '<td class="num">1</td>' in standings and '<td class="num">8</td>' in standings
    page = client.get(url(tournament)).content.decode()
    leaders = page.split("Leaders (tournament points)", 1)[1].split("</ol>", 1)[0]
    assert leaders.count("<li ") == 4, "the four who played"


def _rows_shown(client: Client, tournament: Tournament) -> set[int]:
    """The table sizes whose points per place the tournament page lists."""
    page = html.unescape(client.get(url(tournament)).content.decode())
    return {int(size) for size in re.findall(r"Tables of (\d): ", page)}


@pytest.mark.parametrize(
    ("options", "sizes"),
    [
        # Five players at tables of three or four sit at one table of five.
        ({"table_size": 3}, {3, 4, 5}),
        ({"table_size": 4}, {3, 4, 5}),
        ({"table_size": 5}, {3, 4, 5}),
        ({"table_size": 6}, {3, 4, 5, 6}),
        ({"table_size": 3, "small_tables": True}, {2, 3}),
        ({"table_size": 4, "small_tables": True}, {2, 3, 4}),
        # The final is a table too: of its size, or fewer if fewer players are left.
        ({"table_size": 3, "format": "final", "final_size": 6}, {3, 4, 5, 6}),
    ],
)
def test_before_the_first_stage_the_terms_list_the_sizes_its_tables_can_have(
    client: Client, alice: User, options: dict[str, object], sizes: set[int]
) -> None:
    """Failed before: every size from the smallest table up to six was listed, tables of
    six in a tournament at tables of three or four, where no number of players sits at
    one."""
    assert _rows_shown(client, open_for_a_day(alice, "Sizes", **options)) == sizes


def test_once_seated_the_terms_list_the_sizes_of_its_tables(
    client: Client, started: Stage, alice: User, make_players: Players
) -> None:
    """Failed before: a league whose eight players sit at two tables of four, as they will
    at every stage, listed the rows of tables of three, five and six too."""
    league = started.tournament
    assert _rows_shown(client, league) == {4}
    leaving = Entry.objects.filter(tournament=league).first()
    entry_withdraw(entry=leaving, by=alice)
    assert _rows_shown(client, league) == {3, 4}, "the stages to come seat seven: 4 + 3"
    cup = cup_to_the_final(alice, make_players(4))[0].stage.tournament
    assert _rows_shown(client, cup) == {3, 4}, "its stage's table of four, its final of three"


def test_the_tournament_page_states_its_terms(client: Client, alice: User) -> None:
    """Failed before: the page said neither the points per place, nor the fixed value of
    a withdrawn, resigned or timed-out player, nor what happens when time runs out."""
    tournament = tournament_create(
        organiser=alice,
        name="Terms",
        points={3: [5, 2, 1], 4: [6, 3, 1, 1]},
        forfeit_points=1,
        deadline_policy="bot",
        registration_closes=timezone.now() + timedelta(days=1),
    )
    page = html.unescape(client.get(url(tournament)).content.decode())
    assert "Points per place" in page
    assert "Tables of 3: 5 / 2 / 1" in page and "Tables of 4: 6 / 3 / 1 / 1" in page
    assert "Tables of 5: 16 / 8 / 4 / 2 / 1" in page, "sizes left out keep the default"
    assert "Tables of 2:" not in page, "no tables of two unless allowed"
    assert "Withdrawn, resigned or timed-out players" in page
    assert "1 point, and no place" in page
    assert "When a player's time and time bank run out" in page
    assert "a bot plays the move" in page
    french = html.unescape(client.get(url(tournament), HTTP_ACCEPT_LANGUAGE="fr").content.decode())
    assert "Tables de 3\u00a0: 5 / 2 / 1" in french
    assert "1 point, sans prendre de place" in french


def test_a_cups_podium_says_the_finals_places(
    client: Client, alice: User, make_players: Players
) -> None:
    """Failed before: a cup's podium gave its finalists' tournament points, which the
    final's places do not follow ("1. Bob: 6 points, 2. Eve: 12 points")."""
    _first, final = cup_to_the_final(alice, make_players(4))
    names = [p.entry.user.username for p in final.players.order_by("seat")]
    fake_result(final, {name: 10 * i for i, name in enumerate(names)})
    results._close_stage(final.stage)
    cup = final.stage.tournament
    page = html.unescape(client.get(url(cup)).content.decode())
    podium = page.split('<h2 id="podium">Podium</h2>', 1)[1].split("</ol>", 1)[0]
    lines = re.findall(r'<li value="(\d)">([^<]*)</li>', podium)
    assert [place for place, _said in lines] == ["1", "2", "3"]
    for (_place, said), ordinal in zip(lines, ("1st", "2nd", "3rd"), strict=True):
        assert f": {ordinal} in the final (" in said, said
    french = html.unescape(client.get(url(cup), HTTP_ACCEPT_LANGUAGE="fr").content.decode())
    assert "\u00a0: 1re place de la finale (" in french.split('<h2 id="podium">', 1)[1]
