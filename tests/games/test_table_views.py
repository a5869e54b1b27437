"""The game table: what a seat sees, the moves it may post, live updates, standing orders."""

import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.template.loader import render_to_string
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games.bots import bot_seats, play_bot_move
from games.engine.numx import Face, GameConfig, Kind, legal_actions, parse_action
from games.engine.numx.state import DrawnCard
from games.events import store
from games.events.models import Event
from games.models import Game, StandingOrder
from games.moves import LegalMoves, Move
from games.presenters import Table
from games.rulesets.numx.descriptions import card as card_words
from games.rulesets.numx.forms import PliForm
from games.services import SeatSpec, game_create, game_submit
from games.views import table as table_views
from tests.members import speaks

pytestmark = pytest.mark.django_db

Login = Callable[[User], Client]


def state(game: Game) -> object:
    return store.load(game.pk, game.rules).state


def hand(game: Game, seat: int) -> list[str]:
    return [card.face.text for card in state(game).hands[seat]]  # type: ignore[attr-defined]


def post_move(client: Client, game: Game, form: str, **fields: str) -> object:
    data = {
        "form": form,
        f"{form}-expected_sequence": str(game_last(game)),
        f"{form}-idempotency_key": "k" + str(game_last(game)),
    }
    data.update({f"{form}-{name}": value for name, value in fields.items()})
    return client.post(f"/games/{game.pk}/move/", data, HTTP_HX_REQUEST="true")


def game_last(game: Game) -> int:
    game.refresh_from_db()
    return game.last_sequence


def pick_both(game: Game) -> None:
    for seat in (0, 1):
        loaded = store.load(game.pk, game.rules)
        pick = next(iter(legal_actions(loaded.state, seat)))
        game_submit(game_id=game.pk, seat=seat, action=pick, expected_sequence=loaded.sequence)


def public_faces(game: Game) -> set[Face]:
    """Cards everyone has seen: laid on the centre or lying face up in a score row. They
    stay public knowledge even once turned face down (docs/rules.md, Distribution)."""
    now = state(game)
    faces = {card.face for pli in now.trick.plis for card in pli.cards}
    return faces | {sc.card.face for row in now.rows for sc in row if sc.face_up}


def secret_cards(game: Game, seat: int | None, public: set[Face] = frozenset()) -> set[Face]:
    """The numbered cards ``seat`` (None: a spectator) must not see: other hands, the draw
    pile, score cards face down to it, others' secret choices and a card another seat drew,
    unless ``public`` (seen by all earlier). Numbered cards are unique, so a page that names
    one of these, in any form, gives it away; other faces come in several copies, and the
    copy a page names may be one the viewer may see."""
    now = state(game)
    hidden = [card for s, cards in enumerate(now.hands) if s != seat for card in cards]
    hidden += list(now.pile)
    hidden += [sc.card for row in now.rows for sc in row if not sc.visible_to(seat)]
    faces = [card.face for card in hidden]
    faces += [pick for s, pick in enumerate(now.secret) if s != seat and isinstance(pick, Face)]
    if isinstance(now.pending, DrawnCard) and now.pending.seat != seat:
        faces.append(now.pending.card.face)
    return {face for face in faces if face.kind is Kind.NUMBER and face not in public}


def leaked(page: str, faces: set[Face]) -> list[str]:
    """Which of ``faces`` the page names: in words (text, labels) or in notation (the
    values of forms and attributes)."""
    # "blue 1" must not match inside "blue 16", nor "red-1" inside "red-16".
    return sorted(
        name
        for face in faces
        for name in (card_words(face.text), face.text)
        if re.search(rf"(?<![a-z]){re.escape(name)}(?!\d)", page)
    )


def pile_in_order(page: str, game: Game) -> bool:
    """Whether the page lists the next cards of the draw pile in their order, as a dump of
    the deck's order would (the deal's, or round 2's shuffle). Faces of the pile that are
    not numbered cannot be flagged one by one (the viewer may hold another copy), but three
    in the pile's order, side by side as in a list, are no coincidence."""
    nxt = [card.face.text for card in state(game).pile[:3]]  # type: ignore[attr-defined]
    if len(nxt) < 3:
        return False  # the last cards are left to the check card by card
    joint = r"(?:[\s,;'\"\[\]]|&quot;|&#x27;|&#39;|&#34;)+"
    run = joint.join(rf"(?<![a-z]){re.escape(name)}(?![\w+/])" for name in nxt)
    return re.search(run, page) is not None


def test_a_player_sees_their_hand_and_never_the_others(
    alice: User, duel: Game, as_user: Login
) -> None:
    page = as_user(alice).get(f"/games/{duel.pk}/").content.decode()
    for name in hand(duel, 0):
        assert f'aria-label="{card_words(name)}"' in page
    assert secret_cards(duel, 0) and leaked(page, secret_cards(duel, 0)) == []


@pytest.mark.parametrize("seed", [3, 8])
def test_no_page_ever_shows_a_hidden_card(
    seed: int, alice: User, bob: User, mallory: User, duel: Game, as_user: Login
) -> None:
    """Through a game played at random: the table, its live fragment and the replay, for
    both players and a spectator, never name another seat's hidden card or the deck."""
    rng = random.Random(seed)
    viewers = {0: as_user(alice), 1: as_user(bob), None: as_user(mallory)}
    moves, public = 0, public_faces(duel)
    while duel.status != Game.Status.FINISHED and moves < 200:
        if moves % 7 == 0:
            for seat, client in viewers.items():
                faces = secret_cards(duel, seat, public)
                pages = [
                    (f"/games/{duel.pk}/", False),
                    (f"/games/{duel.pk}/", True),
                    (f"/games/{duel.pk}/poll/?seq=0", True),
                ]
                if seat is not None:  # a spectator replays finished games only
                    pages += [
                        (f"/games/{duel.pk}/replay/", False),
                        (f"/games/{duel.pk}/replay/", True),
                    ]
                for url, htmx in pages:
                    response = client.get(url, **({"HTTP_HX_REQUEST": "true"} if htmx else {}))
                    assert response.status_code == 200, url
                    page = response.content.decode()
                    assert leaked(page, faces) == [], (url, htmx, seat)
                    assert not pile_in_order(page, duel), (url, htmx, seat)
        play_bot_move(duel, rng)
        duel.refresh_from_db()
        public |= public_faces(duel)
        moves += 1
    assert moves >= 14


def test_a_spectator_sees_public_facts_only(mallory: User, duel: Game, as_user: Login) -> None:
    page = as_user(mallory).get(f"/games/{duel.pk}/").content.decode()
    assert "You are watching" in page and 'name="form"' not in page
    assert leaked(page, secret_cards(duel, None)) == []
    assert all(f'aria-label="{card_words(name)}"' not in page for name in hand(duel, 0))


def test_only_legal_moves_are_offered(alice: User, duel: Game, as_user: Login) -> None:
    page = as_user(alice).get(f"/games/{duel.pk}/").content.decode()
    offered = set(re.findall(r'name="choice-move" value="([^"]+)"', page))
    offered |= set(re.findall(r'<option value="([^"]+)"', page))
    # The other moves, where there are any: radio buttons, whose words wrap on a phone.
    offered |= set(re.findall(r'type="radio" name="choice-other" value="([^"]+)"', page))
    legal = {str(action) for action in legal_actions(state(duel), 0)}
    assert offered and offered <= legal


def test_without_javascript_a_button_plays_its_own_move(
    alice: User, bob: User, duel: Game, as_user: Login
) -> None:
    """A browser without htmx posts the list's selection along with the clicked button:
    the button's move is the one played."""
    rng, clients = random.Random(4), {0: as_user(alice), 1: as_user(bob)}
    for _ in range(300):
        for seat, client in clients.items():
            page = client.get(f"/games/{duel.pk}/").content.decode()
            buttons = re.findall(r'name="choice-move" value="([^"]+)"', page)
            listed = re.findall(r'type="radio" name="choice-other" value="([^"]+)"', page)
            if buttons and listed:
                events = Event.objects.filter(game=duel).count()
                response = client.post(
                    f"/games/{duel.pk}/move/",
                    {
                        "form": "choice",
                        "choice-expected_sequence": str(game_last(duel)),
                        "choice-idempotency_key": "nojs",
                        "choice-move": buttons[-1],
                        "choice-other": listed[0],
                    },
                )
                assert response.status_code == 302
                recorded = Event.objects.filter(game=duel).order_by("sequence")[events]
                assert (recorded.seat, recorded.type) == (seat, buttons[-1].split()[0])
                return
        play_bot_move(duel, rng)
    pytest.fail("no table offered both buttons and listed moves")


def test_a_move_is_recorded_and_the_table_comes_back(
    alice: User, duel: Game, as_user: Login
) -> None:
    card = hand(duel, 0)[0]
    response = post_move(as_user(alice), duel, "choice", move=f"pick {card}")
    assert response.status_code == 200  # type: ignore[attr-defined]
    assert 'id="table"' in response.content.decode()  # type: ignore[attr-defined]
    assert Event.objects.filter(game=duel, type="pick", seat=0).exists()


def test_an_illegal_pli_is_refused_with_its_rule_and_nothing_is_written(
    alice: User, duel: Game, as_user: Login
) -> None:
    pick_both(duel)
    loaded = store.load(duel.pk, duel.rules)
    seat = loaded.state.turn  # type: ignore[attr-defined]
    player = alice if seat == 0 else User.objects.get(username="bob")
    cards = hand(duel, seat)
    numbered = [
        i
        for i, name in enumerate(cards)
        if name.split("-")[0] in ("blue", "red", "yellow", "green")
    ]
    values = {cards[i].split("-")[1] for i in numbered}
    first, second = next(
        (a, b)
        for a in numbered
        for b in numbered
        if cards[a].split("-")[1] != cards[b].split("-")[1]
    )
    assert len(values) > 1
    events = Event.objects.filter(game=duel).count()
    response = post_move(as_user(player), duel, "pli", cards=[str(first), str(second)])  # type: ignore[arg-type]
    assert response.status_code == 400  # type: ignore[attr-defined]
    assert "same value" in response.content.decode()  # type: ignore[attr-defined]
    assert Event.objects.filter(game=duel).count() == events


def test_a_move_made_on_an_old_page_is_a_conflict(alice: User, duel: Game, as_user: Login) -> None:
    data = {
        "form": "choice",
        "choice-expected_sequence": "1",
        "choice-idempotency_key": "x",
        "choice-move": f"pick {hand(duel, 0)[0]}",
    }
    response = as_user(alice).post(f"/games/{duel.pk}/move/", data, HTTP_HX_REQUEST="true")
    assert response.status_code == 409 and "moved on" in response.content.decode()
    assert not Event.objects.filter(game=duel, type="pick").exists()


def test_a_double_click_records_the_move_once(alice: User, duel: Game, as_user: Login) -> None:
    data = {
        "form": "choice",
        "choice-expected_sequence": "2",
        "choice-idempotency_key": "same",
        "choice-move": f"pick {hand(duel, 0)[0]}",
    }
    client = as_user(alice)
    assert client.post(f"/games/{duel.pk}/move/", data).status_code == 302
    assert client.post(f"/games/{duel.pk}/move/", data).status_code == 302
    assert Event.objects.filter(game=duel, type="pick").count() == 1


def test_the_copy_of_a_click_that_loses_the_race_shows_the_table_as_the_first(
    alice: User, duel: Game, as_user: Login, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first copy of a double click commits just as its twin reads the table: the
    twin then finds its move no longer offered, yet the move is in. It answers as the
    first did (#17, finding 9), not with "That move is not available now"."""
    card = hand(duel, 0)[0]
    data = {
        "form": "choice",
        "choice-expected_sequence": "2",
        "choice-idempotency_key": "twin",
        "choice-move": f"pick {card}",
    }
    looked = table_views.table

    def first_copy_commits_now(game: Game, seat: int, *args: Any, **kwargs: Any) -> Table:
        monkeypatch.setattr(table_views, "table", looked)
        game_submit(
            game_id=game.pk,
            seat=seat,
            action=parse_action(f"pick {card}"),
            expected_sequence=2,
            idempotency_key="twin",
        )
        return looked(game, seat, *args, **kwargs)

    monkeypatch.setattr(table_views, "table", first_copy_commits_now)
    response = as_user(alice).post(f"/games/{duel.pk}/move/", data, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    page = response.content.decode()
    assert "not available" not in page and "moved on" not in page
    assert Event.objects.filter(game=duel, type="pick").count() == 1


def test_a_nul_byte_in_the_form_key_is_refused_and_nothing_is_played(
    alice: User, duel: Game, as_user: Login
) -> None:
    data = {
        "form": "choice",
        "choice-expected_sequence": "2",
        "choice-idempotency_key": "bad\x00key",
        "choice-move": f"pick {hand(duel, 0)[0]}",
    }
    response = as_user(alice).post(f"/games/{duel.pk}/move/", data)
    assert response.status_code == 400 and "Check the form" in response.content.decode()
    assert not Event.objects.filter(game=duel, type="pick").exists()


def test_an_unavailable_form_and_a_bad_form_are_refused(
    alice: User, duel: Game, as_user: Login
) -> None:
    assert post_move(as_user(alice), duel, "distribution").status_code == 400  # type: ignore[attr-defined]
    response = post_move(as_user(alice), duel, "choice", move="flip all")
    assert response.status_code == 400 and "Check the form" in response.content.decode()  # type: ignore[attr-defined]


def test_nobody_moves_for_a_seat_they_do_not_hold(
    mallory: User, duel: Game, as_user: Login
) -> None:
    response = post_move(as_user(mallory), duel, "choice", move=f"pick {hand(duel, 0)[0]}")
    assert response.status_code == 403  # type: ignore[attr-defined]
    assert as_user(mallory).post(f"/games/{duel.pk}/orders/", {}).status_code == 403


def test_polling_answers_no_content_until_the_game_moves(
    alice: User, duel: Game, as_user: Login
) -> None:
    client = as_user(alice)
    url = f"/games/{duel.pk}/poll/?seq=2"
    assert client.get(url, HTTP_HX_REQUEST="true").status_code == 204
    pick_both(duel)
    response = client.get(url, HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and 'id="table"' in response.content.decode()
    assert f"seq={game_last(duel)}" in response.content.decode()


def test_polling_stops_when_the_game_is_over(alice: User, duel: Game, as_user: Login) -> None:
    rng = random.Random(2)
    while game_last(duel) and Game.objects.get(pk=duel.pk).status != Game.Status.FINISHED:
        assert play_bot_move(duel, rng)
    response = as_user(alice).get(f"/games/{duel.pk}/poll/?seq=1", HTTP_HX_REQUEST="true")
    assert response.status_code == 286 and "hx-trigger" not in response.content.decode()
    assert as_user(alice).get(f"/games/{duel.pk}/poll/?seq=1").status_code == 286


def awaited_plays(game: Game, seat: int) -> None:
    """``seat`` makes its first legal move (a single-card pli when it opens)."""
    loaded = store.load(game.pk, game.rules)
    moves = list(legal_actions(loaded.state, seat))
    move = next(
        (m for m in moves if str(m).startswith("play") and len(str(m).split()) == 2), moves[0]
    )
    game_submit(game_id=game.pk, seat=seat, action=move, expected_sequence=loaded.sequence)


def test_a_standing_order_passes_for_me_until_the_trick_ends(
    alice: User, bob: User, duel: Game, as_user: Login
) -> None:
    pick_both(duel)
    starter = store.load(duel.pk, duel.rules).state.turn  # type: ignore[attr-defined]
    other = 1 - starter
    as_user([alice, bob][other]).post(f"/games/{duel.pk}/orders/", {"pass": "on"})
    awaited_plays(duel, starter)  # opens the trick; the order passes for the other player
    passed = Event.objects.get(game=duel, type="pass", seat=other)
    assert passed.payload["reason"] == "standing-order" and passed.actor is None
    while store.load(duel.pk, duel.rules).state.tricks == 0:  # type: ignore[attr-defined]
        awaited_plays(duel, starter)  # the winner hands out the trick's score card
    assert not StandingOrder.objects.filter(seat__game=duel).exists()  # lapsed with its trick
    awaited_plays(duel, starter)  # the next trick waits for the other player as usual
    assert Event.objects.filter(game=duel, type="pass", seat=other).count() == 1
    assert Game.objects.get(pk=duel.pk).awaiting == [other]


def test_the_table_shows_my_standing_orders_ticked_until_i_clear_them(
    alice: User, bob: User, duel: Game, as_user: Login
) -> None:
    pick_both(duel)
    page = as_user(alice).post(f"/games/{duel.pk}/orders/", {"pass": "on"}, follow=True)
    boxes = re.findall(r'<input type="checkbox" name="(\w+)" id="\w+"( checked)?>', page.text)
    assert dict(boxes) == {"pass": " checked", "no_completion": ""}
    assert 'for="id_pass">Pass for the rest of this trick</label>' in page.text
    page = as_user(alice).post(f"/games/{duel.pk}/orders/", {}, follow=True)
    boxes = re.findall(r'<input type="checkbox" name="(\w+)" id="\w+"( checked)?>', page.text)
    assert dict(boxes) == {"pass": "", "no_completion": ""}


def test_bots_play_their_turns_once_a_move_has_committed(
    alice: User,
    against_bots: Game,
    as_user: Login,
    django_capture_on_commit_callbacks: Callable[..., object],
) -> None:
    card = hand(against_bots, 0)[0]
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[attr-defined]
        post_move(as_user(alice), against_bots, "choice", move=f"pick {card}")
    picks = Event.objects.filter(game=against_bots, type="pick")
    assert sorted(picks.values_list("seat", flat=True)) == [0, 1, 2]
    game = Game.objects.get(pk=against_bots.pk)
    assert game.awaiting == [] or 0 in game.awaiting or game.status == Game.Status.FINISHED


def test_a_refused_move_is_explained_in_the_players_language(
    alice: User, bob: User, duel: Game, as_user: Login
) -> None:
    pick_both(duel)
    seat = store.load(duel.pk, duel.rules).state.turn  # type: ignore[attr-defined]
    player = [alice, bob][seat]
    speaks(player, "fr")
    cards = hand(duel, seat)
    numbered = [i for i, n in enumerate(cards) if n.startswith(("blue", "red", "yellow", "green"))]
    first, second = next(
        (a, b)
        for a in numbered
        for b in numbered
        if cards[a].split("-")[1] != cards[b].split("-")[1]
    )
    response = post_move(as_user(player), duel, "pli", cards=[str(first), str(second)])  # type: ignore[arg-type]
    page = response.content.decode()  # type: ignore[attr-defined]
    # What was wrong, the cards named in French, then the rule.
    said = "n’ont pas la même valeur (Un pli est composé de cartes de même valeur.)"
    assert "Coup refusé\u00a0: " in page and said in page


def test_a_distribution_beyond_the_bounds_is_refused_with_its_rule(
    alice: User, bob: User, duel: Game, as_user: Login
) -> None:
    """Handing out nothing breaks the minimum of half the eligible cards: the table comes
    back with the rule, and nothing is written."""
    rng, clients = random.Random(2), [as_user(alice), as_user(bob)]
    for _ in range(400):
        for client in clients:
            page = client.get(f"/games/{duel.pk}/").content.decode()
            if 'class="distribution-form"' not in page:
                continue
            cards = len(re.findall(r'name="distribution-to_\d+"', page))
            events = Event.objects.filter(game=duel).count()
            fields = {}
            for i in range(cards):
                fields |= {f"to_{i}": "", f"up_{i}": "up", f"side_{i}": "right"}
            response = post_move(client, duel, "distribution", **fields)
            assert response.status_code == 400  # type: ignore[attr-defined]
            text = response.content.decode()  # type: ignore[attr-defined]
            assert "Not allowed" in text and "at least" in text
            assert Event.objects.filter(game=duel).count() == events
            return
        play_bot_move(duel, rng)
    pytest.fail("no distribution came up")


def test_the_tables_reads_do_not_grow_with_the_game_or_its_seats(
    alice: User, duel: Game, mallory: User, as_user: Login
) -> None:
    """The busiest page of the site reads as much for a long six-player game as for a
    two-player game that has just started, for a player and for a spectator; asked for
    again by a browser holding the page (a 304), it reads no event at all."""
    seats = [SeatSpec("Alice", user=alice), *bot_seats(5, automatic=False)]
    long_game = game_create(name="Long", config={"players": 6}, seats=seats, public=True)
    rng = random.Random(3)
    while Game.objects.get(pk=long_game.pk).last_sequence < 80:
        play_bot_move(long_game, rng)
    for viewer in (alice, mallory):
        client = as_user(viewer)
        counts = []
        for game in (duel, long_game):
            client.get(f"/games/{game.pk}/")
            with CaptureQueriesContext(connection) as queries:
                drawn = client.get(f"/games/{game.pk}/")
            assert drawn.status_code == 200 and b'id="table"' in drawn.content
            counts.append(len(queries.captured_queries))
            with CaptureQueriesContext(connection) as queries:
                again = client.get(f"/games/{game.pk}/", HTTP_IF_NONE_MATCH=drawn.headers["ETag"])
            assert again.status_code == 304
            read = [query["sql"] for query in queries.captured_queries]
            assert not any("games_event" in sql for sql in read)
            assert len(read) < counts[-1]
        assert counts[0] == counts[1], counts


def test_a_posted_move_reads_the_game_row_once_for_the_page_and_once_for_the_move(
    alice: User, duel: Game, as_user: Login
) -> None:
    """A move is posted, recorded and the table drawn again for htmx, this process holding
    the game's state: the game's row is read when the request starts, and by the move
    (joined with the seats: its last event number, the seat's holder, whether orders are
    set). The players' clocks
    (when each awaited player is due) come from the first read, not from one more read per
    awaited player."""
    store.CACHE.put(duel.pk, store.load(duel.pk, duel.rules))  # as after the last commit
    data = {
        "form": "choice",
        "choice-expected_sequence": str(duel.last_sequence),
        "choice-idempotency_key": "k1",
        "choice-move": f"pick {hand(duel, 0)[0]}",
    }
    client = as_user(alice)
    with CaptureQueriesContext(connection) as queries:
        response = client.post(f"/games/{duel.pk}/move/", data, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert Event.objects.filter(game=duel, seat=0, type="pick").exists()
    reads = [
        query["sql"]
        for query in queries.captured_queries
        if query["sql"].startswith("SELECT")
        and re.search(r'(FROM|JOIN) "?games_game"?\b', query["sql"])
    ]
    assert len(reads) == 2, reads


@pytest.mark.parametrize("with_joker", [False, True])
def test_the_jokers_value_is_asked_only_of_a_hand_holding_a_joker(with_joker: bool) -> None:
    hand = ["blue-3", "red-7", "green-7", "joker" if with_joker else "yellow-9"]
    # Each card opens a pli alone: each is offered.
    plays = [Move(f"play {name}", {"type": "play", "cards": [name]}, "") for name in hand]
    form = PliForm(
        hand=hand,
        moves=LegalMoves(2, plays),
        names=["Alice", "Bob"],
        config=GameConfig(2),
        prefix="pli",
    )
    page = render_to_string(
        "games/numx/table.html#moves", {"forms": {"pli": form}, "t": {"game": {"pk": 1}}}
    )
    assert page.count('type="checkbox" name="pli-cards"') == 4
    assert ('name="pli-value"' in page) is with_joker
