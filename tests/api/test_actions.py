"""My legal actions, and submitting one: recorded once, or refused with nothing written."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import timezone
from rest_framework.test import APIClient

from games.events.models import Event
from games.lobby import game_open
from games.models import Game
from games.moves import legal_moves
from games.selectors import game_view
from games.services import SeatSpec, game_create

pytestmark = pytest.mark.django_db


def submit(client: APIClient, game: Game, body: dict[str, Any], **headers: str) -> Any:
    return client.post(f"/api/games/{game.pk}/actions/", body, format="json", **headers)


def recorded(game: Game) -> int:
    return Event.objects.filter(game=game).count()


def a_pick(client: APIClient, game: Game, index: int = 0) -> dict[str, Any]:
    return client.get(f"/api/games/{game.pk}/legal-actions/").json()["listed"][index]


# Legal actions --------------------------------------------------------------------------


def test_my_legal_actions_are_listed_with_notation_json_and_words(
    as_alice: APIClient, game: Game
) -> None:
    response = as_alice.get(f"/api/games/{game.pk}/legal-actions/")

    assert response.status_code == 200
    offered = response.json()
    assert offered["sequence"] == 2 and offered["seat"] == 0
    assert offered["pending"] is None and offered["sample"] is None and offered["rules"] == "numx"
    hand = game_view(game, 0)["hands"][0]
    assert sorted(m["notation"] for m in offered["listed"]) == sorted(
        f"pick {card}" for card in set(hand)
    )
    first = offered["listed"][0]
    assert first["action"] == {"type": "pick", "card": first["notation"].split()[1]}
    assert first["description"].startswith("pick ")


def test_a_seat_the_game_does_not_wait_for_has_nothing_to_do(
    as_alice: APIClient, game: Game, play_first: Callable[[Game, int], None]
) -> None:
    play_first(game, 0)

    offered = as_alice.get(f"/api/games/{game.pk}/legal-actions/").json()

    assert offered == {
        "sequence": 3,
        "seat": 0,
        "rules": "numx",
        "listed": [],
        "pending": None,
        "sample": None,
    }


def test_a_distribution_is_offered_as_its_constraints(
    as_alice: APIClient, as_bob: APIClient, game: Game, advance: Callable[..., Game]
) -> None:
    advance(game, lambda g: g.phase == "distribution")
    winner = game.awaiting[0]
    client = as_alice if winner == 0 else as_bob

    offered = client.get(f"/api/games/{game.pk}/legal-actions/").json()

    assert offered["listed"] == []
    constraints = offered["pending"]
    assert constraints["kind"] == "distribution" and constraints["seats"] == [winner]
    assert constraints["cards"] and {"minimum", "cap", "blank"} <= constraints.keys()


def test_a_choice_too_large_to_list_comes_with_a_legal_move_drawn_from_it(
    as_alice: APIClient, as_bob: APIClient, game: Game, advance: Callable[..., Game]
) -> None:
    advance(game, lambda g: g.phase == "distribution")
    client = as_alice if game.awaiting[0] == 0 else as_bob
    offered = client.get(f"/api/games/{game.pk}/legal-actions/").json()

    sample = offered["sample"]
    body = {"action": sample["action"], "expected_sequence": offered["sequence"]}
    played = client.post(f"/api/games/{game.pk}/actions/", body, format="json")

    assert sample["action"]["type"] == "distribute" and sample["description"]
    assert played.status_code == 201, played.json()


def test_only_players_have_legal_actions(as_carol: APIClient, game: Game) -> None:
    response = as_carol.get(f"/api/games/{game.pk}/legal-actions/")

    assert response.status_code == 403
    assert response.json() == {"detail": "You have no seat at this game."}


def test_an_open_game_offers_no_action_yet(as_alice: APIClient, alice: User) -> None:
    opened = game_open(creator=alice, name="Open", config={"players": 2})

    offered = as_alice.get(f"/api/games/{opened.pk}/legal-actions/").json()

    assert offered == {
        "sequence": 0,
        "seat": 0,
        "rules": "numx",
        "listed": [],
        "pending": None,
        "sample": None,
    }


# Submitting -----------------------------------------------------------------------------


def test_a_move_in_notation_is_recorded_and_answered_with_the_new_view(
    as_alice: APIClient, game: Game
) -> None:
    move = a_pick(as_alice, game)

    response = submit(as_alice, game, {"action": move["notation"], "expected_sequence": 2})

    assert response.status_code == 201
    answer = response.json()
    assert answer["duplicate"] is False and answer["recorded"] == [3]
    assert answer["game"]["state"] == {"rules": "numx", **game_view(game, 0)}
    assert answer["game"]["state"]["sequence"] == 3
    assert answer["game"]["state"]["my_secret"] == move["notation"].split()[1]
    assert answer["game"]["awaiting"] == [1] and answer["game"]["awaiting_me"] is False
    event = Event.objects.get(game=game, sequence=3)
    assert (event.type, event.seat, event.actor.username) == ("pick", 0, "alice")


def test_a_move_in_its_json_form_is_recorded(as_bob: APIClient, game: Game) -> None:
    move = a_pick(as_bob, game)

    response = submit(as_bob, game, {"action": move["action"], "expected_sequence": 2})

    assert response.status_code == 201
    assert Event.objects.get(game=game, sequence=3).payload == move["action"]


def test_an_illegal_move_is_refused_with_the_rule_broken_and_nothing_written(
    as_alice: APIClient, game: Game
) -> None:
    response = submit(as_alice, game, {"action": "pass", "expected_sequence": 2})

    assert response.status_code == 400
    assert response.json() == {
        "rule": "game.phase",
        "message": response.json()["message"],
        "statement": "That action belongs to another moment of the game.",
    }
    assert response.json()["message"]
    assert recorded(game) == 2


def test_a_card_i_do_not_hold_breaks_a_rule(as_alice: APIClient, game: Game) -> None:
    hand = set(game_view(game, 0)["hands"][0])
    missing = next(
        f"{colour}-{value}"
        for colour in ("blue", "red", "green", "yellow")
        for value in range(17)
        if f"{colour}-{value}" not in hand
    )

    response = submit(as_alice, game, {"action": f"pick {missing}", "expected_sequence": 2})

    assert response.status_code == 400
    assert response.json()["rule"] == "hand.has-cards"
    assert recorded(game) == 2


def test_a_refusal_is_said_in_the_requests_language_as_the_table_says_it(
    as_alice: APIClient, game: Game
) -> None:
    """Failed before: the 409's detail and the notation help came in French, a refused
    move's message and rule in English whatever the request's language."""
    hand = set(game_view(game, 0)["hands"][0])
    missing = next(f"red-{value}" for value in range(17) if f"red-{value}" not in hand)
    move = {"action": f"pick {missing}", "expected_sequence": 2}

    english = submit(as_alice, game, move, HTTP_ACCEPT_LANGUAGE="en").json()
    french = submit(as_alice, game, move, HTTP_ACCEPT_LANGUAGE="fr").json()

    assert english["rule"] == french["rule"] == "hand.has-cards"
    assert english["statement"] == "You can only lay cards you hold."
    assert french["statement"] == "Vous ne pouvez poser que des cartes que vous avez en main."
    assert english["message"].startswith("you hold no ")
    assert french["message"].startswith("vous n’avez aucune carte ")
    assert recorded(game) == 2


@pytest.mark.parametrize(
    ("action", "english", "french"),
    [
        # Words the catalogue has: said in French, with what was sent.
        ("dance", "unknown action “dance”", "coup inconnu «\u00a0dance\u00a0»"),
        ("pick red-99", "“red-99”: numbered cards", "«\u00a0red-99\u00a0»\u00a0: les cartes"),
        ("play", "a pli needs at least one card", "un pli compte au moins une carte"),
    ],
)
def test_a_move_that_cannot_be_read_is_refused_in_the_requests_language(
    as_alice: APIClient, game: Game, action: str, english: str, french: str
) -> None:
    """Failed before: a move that could not be read was refused in the engine's English
    whatever the request's language, its statement alone in French; the dry run alike."""
    for address, move in (
        (f"/api/games/{game.pk}/actions/", {"action": action, "expected_sequence": 2}),
        (f"/api/games/{game.pk}/check/", {"action": action}),
    ):
        said = {
            language: as_alice.post(address, move, format="json", HTTP_ACCEPT_LANGUAGE=language)
            for language in ("en", "fr")
        }

        assert [answer.status_code for answer in said.values()] == [400, 400]
        assert said["en"].json()["message"].startswith(english)
        assert said["fr"].json()["message"].startswith(french)
        assert said["fr"].json()["rule"] == "notation"
    assert recorded(game) == 2


@pytest.mark.parametrize(
    ("rules", "french"),
    [
        ("maya", "coup inconnu «\u00a0dance\u00a0»\u00a0: écrivez `play +4` ou `guess 2 7`"),
        ("objectifs", "coup inconnu «\u00a0dance\u00a0»"),
    ],
)
def test_another_games_unknown_move_is_refused_in_french_too(
    as_alice: APIClient, rules: str, french: str
) -> None:
    """Failed before: Maya's and Objectifs' words for a move they do not know stayed
    English in a French request."""
    opened = as_alice.post(
        "/api/games/", {"name": "Try", "rules": rules, "config": {"players": 2}}, format="json"
    ).json()
    as_alice.post(f"/api/games/{opened['id']}/bots/", {}, format="json")
    as_alice.post(f"/api/games/{opened['id']}/start/", {}, format="json")

    said = as_alice.post(
        f"/api/games/{opened['id']}/check/",
        {"action": "dance"},
        format="json",
        HTTP_ACCEPT_LANGUAGE="fr",
    )

    assert said.status_code == 400
    assert (said.json()["rule"], said.json()["message"]) == ("notation", french)


def test_a_body_that_is_no_json_is_refused_in_the_requests_language(
    as_alice: APIClient, game: Game
) -> None:
    """Failed before: the JSON decoder's English ("JSON parse error - Expecting property
    name enclosed in double quotes…") whatever the request's language."""
    for address, key in ((f"/api/games/{game.pk}/actions/", "message"), ("/api/games/", "detail")):
        said = as_alice.post(
            address, '{"action": pass}', content_type="application/json", HTTP_ACCEPT_LANGUAGE="fr"
        )

        assert said.status_code == 400
        assert said.json()[key] == "Erreur de lecture JSON\u00a0: ligne 1, colonne 12."


@pytest.mark.parametrize(
    "action",
    [
        "dance",
        "play purple-99",
        {"type": "teleport"},
        {"type": "pick"},
        {"type": "play", "cards": ["joker"], "as": "nine"},
        {"type": "play", "cards": ["joker"], "as": True},
    ],
)
def test_a_move_that_cannot_be_read_is_a_notation_error(
    as_alice: APIClient, game: Game, action: Any
) -> None:
    response = submit(as_alice, game, {"action": action, "expected_sequence": 2})

    assert response.status_code == 400
    refused = response.json()
    assert refused["rule"] == "notation" and refused["message"] and refused["statement"]
    # The API reads a move's JSON form too (a reply by email does not: its mails never say so).
    assert refused["statement"].endswith("A move may also be sent as its JSON form.")
    assert recorded(game) == 2


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"action": "pass"},
        {"expected_sequence": 2},
        {"action": 7, "expected_sequence": 2},
        {"action": "", "expected_sequence": 2},  # the schema's minLength
        {"action": ["pass"], "expected_sequence": 2},
        {"action": "pass", "expected_sequence": -1},
        {"action": "pass", "expected_sequence": "two"},
        {"action": "pass", "expected_sequence": 2, "idempotency_key": "k" * 65},
    ],
)
def test_a_malformed_request_is_refused_as_such(
    as_alice: APIClient, game: Game, body: dict[str, Any]
) -> None:
    response = submit(as_alice, game, body)

    assert response.status_code == 400
    assert response.json()["rule"] == "request"
    assert recorded(game) == 2


@pytest.mark.parametrize(
    ("address", "body", "half"),
    [
        ("actions/", r'{"action": "play purple-\ud800", "expected_sequence": 2}', r"\ud800"),
        ("actions/", r'{"action": "pass", "expected_sequence": 2, "\udc00": 1}', r"\udc00"),
        ("check/", r'{"action": "play \ud800"}', r"\ud800"),
        ("resign/", r'{"\ud800": true}', r"\ud800"),
    ],
)
def test_a_body_holding_half_a_character_is_unreadable(
    as_alice: APIClient, game: Game, address: str, body: str, half: str
) -> None:
    """Failed before: a JSON escape of a lone surrogate (half of a UTF-16 pair, no character
    alone) read well, and the refusal quoting the move or the key it was in could not be
    written as UTF-8: a 500."""

    def said(language: str) -> str:
        answer = as_alice.post(
            f"/api/games/{game.pk}/{address}",
            body,
            content_type="application/json",
            HTTP_ACCEPT_LANGUAGE=language,
        )
        assert answer.status_code == 400
        refusal = answer.json()
        return str(refusal.get("message", refusal.get("detail")))

    assert said("en") == f"JSON parse error - {half} is only half of a character."
    assert said("fr") == (
        f"Erreur de lecture JSON\u00a0: {half} n\u2019est que la moiti\u00e9 d\u2019un "
        "caract\u00e8re."
    )
    assert recorded(game) == 2
    assert not game.seats.get(number=0).resigned


def test_a_body_that_is_not_json_is_a_bad_request(as_alice: APIClient, game: Game) -> None:
    response = as_alice.post(
        f"/api/games/{game.pk}/actions/", "{oops", content_type="application/json"
    )

    assert response.status_code == 400
    assert response.json()["rule"] == "request"


def test_a_secret_pick_made_while_the_other_seat_picked_is_recorded(
    as_alice: APIClient, as_bob: APIClient, game: Game
) -> None:
    mine, theirs = a_pick(as_alice, game), a_pick(as_bob, game)
    bob_first = submit(as_bob, game, {"action": theirs["notation"], "expected_sequence": 2})
    assert bob_first.status_code == 201

    # Alice chose at event 2 too; Bob's pick, hidden from her, changed nothing she may do.
    response = submit(as_alice, game, {"action": mine["notation"], "expected_sequence": 2})

    assert response.status_code == 201
    assert [e.seat for e in Event.objects.filter(game=game, sequence__in=(3, 4))] == [1, 0]


def test_a_move_on_a_stale_view_is_a_conflict_with_the_game_as_it_stands(
    as_alice: APIClient, as_bob: APIClient, game: Game
) -> None:
    for client in (as_alice, as_bob):
        game.refresh_from_db()
        body = {"action": a_pick(client, game)["notation"], "expected_sequence": game.last_sequence}
        assert submit(client, game, body).status_code == 201
    game.refresh_from_db()
    seen, first = game.last_sequence, game.awaiting[0]
    player, other = (as_alice, as_bob) if first == 0 else (as_bob, as_alice)
    body = {"action": a_pick(player, game)["notation"], "expected_sequence": seen}
    assert submit(player, game, body).status_code == 201
    # The other seat chose from the table as it stood before that move was made.
    stale = legal_moves(game, 1 - first).listed[0]

    response = submit(other, game, {"action": stale.notation, "expected_sequence": seen})

    assert response.status_code == 409
    game.refresh_from_db()
    conflict = response.json()
    assert conflict["detail"]
    assert conflict["game"]["state"] == {"rules": "numx", **game_view(game, 1 - first)}
    assert conflict["game"]["state"]["sequence"] == game.last_sequence
    assert conflict["game"]["my_seat"] == 1 - first
    assert conflict["game"]["state"]["hands"][first] is None  # the mover's hand stays theirs
    assert recorded(game) == game.last_sequence


def test_a_sequence_ahead_of_the_game_is_a_conflict_saying_so_in_the_players_language(
    as_alice: APIClient, game: Game
) -> None:
    """A bot sending a number the game has not reached (an off-by-one, another game's) is
    not told the game moved on since it looked: it never stood there."""
    move = a_pick(as_alice, game)["notation"]
    ahead = {"action": move, "expected_sequence": game.last_sequence + 1}

    english = submit(as_alice, game, ahead, HTTP_ACCEPT_LANGUAGE="en")
    french = submit(as_alice, game, ahead, HTTP_ACCEPT_LANGUAGE="fr")

    assert english.status_code == french.status_code == 409
    assert english.json()["detail"] == (
        f"expected_sequence {game.last_sequence + 1} is ahead of the game, "
        f"which stands at {game.last_sequence}"
    )
    assert french.json()["detail"] == (
        f"expected_sequence {game.last_sequence + 1} est en avance sur la partie, "
        f"qui en est à {game.last_sequence}"
    )
    assert recorded(game) == game.last_sequence


def test_the_same_key_records_a_move_once(as_alice: APIClient, game: Game) -> None:
    move = a_pick(as_alice, game)
    body = {"action": move["notation"], "expected_sequence": 2, "idempotency_key": "click-1"}

    first = submit(as_alice, game, body)
    again = submit(as_alice, game, body)

    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json()["duplicate"] is True and again.json()["recorded"] == [3]
    assert again.json()["game"]["state"] == first.json()["game"]["state"]
    assert recorded(game) == 3
    assert Event.objects.filter(game=game, idempotency_key="click-1").count() == 1


def test_a_move_sent_again_lists_what_it_recorded_the_first_time(
    as_alice: APIClient, as_bob: APIClient, alice: User, bob: User
) -> None:
    """Failed before: the second answer listed the move's own event alone, where the first
    listed what followed it too (here the end of the round and the exchange served), though
    both answer the same recording: a bot whose first answer was lost learned less."""
    numenko = game_create(
        name="Grids",
        rules="numenko",
        config={"players": 2},
        seats=[SeatSpec("Alice", user=alice), SeatSpec("Bob", user=bob)],
        rng=random.Random(2),
    )
    start = numenko.last_sequence
    submit(as_alice, numenko, {"action": "pass", "expected_sequence": start})
    offered = as_bob.get(f"/api/games/{numenko.pk}/legal-actions/").json()
    body = {"action": offered["sample"]["notation"], "expected_sequence": offered["sequence"]}

    first = submit(as_bob, numenko, body, HTTP_IDEMPOTENCY_KEY="lost")
    again = submit(as_bob, numenko, body, HTTP_IDEMPOTENCY_KEY="lost")

    assert len(first.json()["recorded"]) > 1, "the round's end should have followed the move"
    assert again.json()["recorded"] == first.json()["recorded"]
    assert recorded(numenko) == first.json()["recorded"][-1]


def test_a_move_sent_again_lists_its_own_events_though_the_next_came_at_the_same_time(
    monkeypatch: pytest.MonkeyPatch, as_alice: APIClient, as_bob: APIClient, game: Game
) -> None:
    """Failed before: the events of the first recording were found by its one timestamp,
    so Bob's pick, recorded within the same microsecond (a frozen clock here; a fast
    machine), was listed as Alice's too."""
    frozen = timezone.now()
    monkeypatch.setattr(timezone, "now", lambda: frozen)
    body = {"action": a_pick(as_alice, game)["notation"], "expected_sequence": 2}
    first = submit(as_alice, game, body, HTTP_IDEMPOTENCY_KEY="mine")
    bob = {"action": a_pick(as_bob, game)["notation"], "expected_sequence": 3}
    assert submit(as_bob, game, bob).status_code == 201

    again = submit(as_alice, game, body, HTTP_IDEMPOTENCY_KEY="mine")

    assert first.json()["recorded"] == [3]
    assert again.json()["duplicate"] is True and again.json()["recorded"] == [3]
    assert recorded(game) > 3


def test_the_idempotency_key_header_works_like_the_body(as_alice: APIClient, game: Game) -> None:
    move = a_pick(as_alice, game)
    body = {"action": move["action"], "expected_sequence": 2}

    first = submit(as_alice, game, body, HTTP_IDEMPOTENCY_KEY="retry-me")
    again = submit(as_alice, game, {**body, "idempotency_key": "retry-me"})

    assert (first.status_code, again.status_code) == (201, 200)
    assert Event.objects.get(game=game, sequence=3).idempotency_key == "retry-me"
    assert recorded(game) == 3


def test_a_header_and_body_naming_different_keys_are_refused(
    as_alice: APIClient, game: Game
) -> None:
    move = a_pick(as_alice, game)
    body = {"action": move["notation"], "expected_sequence": 2, "idempotency_key": "a"}

    response = submit(as_alice, game, body, HTTP_IDEMPOTENCY_KEY="b")

    assert response.status_code == 422 and "different keys" in response.json()["detail"]
    assert recorded(game) == 2


def test_a_key_cannot_carry_another_move(as_alice: APIClient, game: Game) -> None:
    first, other = a_pick(as_alice, game, 0), a_pick(as_alice, game, 1)
    submit(
        as_alice,
        game,
        {"action": first["notation"], "expected_sequence": 2, "idempotency_key": "k"},
    )

    response = submit(
        as_alice,
        game,
        {"action": other["notation"], "expected_sequence": 3, "idempotency_key": "k"},
    )

    assert response.status_code == 422
    assert "detail" in response.json()
    assert recorded(game) == 3


def test_a_key_is_the_seats_own_another_seat_may_use_it_too(
    as_alice: APIClient, as_bob: APIClient, game: Game
) -> None:
    """Failed before: keys were unique per game, so Bob's move was refused (422) because
    Alice had used the same key, though clients choose their keys apart."""
    first = submit(
        as_alice,
        game,
        {
            "action": a_pick(as_alice, game)["notation"],
            "expected_sequence": 2,
            "idempotency_key": "1",
        },
    )
    assert first.status_code == 201
    sequence = first.json()["game"]["state"]["sequence"]
    body = {"action": a_pick(as_bob, game)["notation"], "expected_sequence": sequence}

    answer = submit(as_bob, game, {**body, "idempotency_key": "1"})
    again = submit(as_bob, game, {**body, "idempotency_key": "1"})

    assert (answer.status_code, again.status_code) == (201, 200)
    assert again.json()["duplicate"] is True
    assert Event.objects.filter(game=game, idempotency_key="1").count() == 2


def test_only_players_submit_moves(as_carol: APIClient, game: Game) -> None:
    response = submit(as_carol, game, {"action": "pass", "expected_sequence": 2})

    assert response.status_code == 403
    assert recorded(game) == 2


def test_a_move_in_an_unknown_game_is_not_found(as_alice: APIClient) -> None:
    response = as_alice.post(
        "/api/games/4242/actions/", {"action": "pass", "expected_sequence": 0}, format="json"
    )

    assert response.status_code == 404


def test_a_game_that_has_not_started_takes_no_move(as_alice: APIClient, alice: User) -> None:
    opened = game_open(creator=alice, name="Open", config={"players": 2})

    response = submit(as_alice, opened, {"action": "pass", "expected_sequence": 0})

    assert response.status_code == 409
    assert response.json()["game"]["state"] is None
    assert not Event.objects.filter(game=opened).exists()


@pytest.mark.parametrize("looked", [0, -3, 1], ids=["at-the-end", "before-it", "ahead"])
def test_after_the_end_every_move_breaks_the_game_over_rule(
    as_alice: APIClient, game: Game, advance: Callable[..., Game], looked: int
) -> None:
    """Failed before for a move chosen before the end (or sent with a number the game never
    reached): it was told the game had moved on (409), as if looking again would find a
    move to make, where the game is over."""
    advance(game, lambda g: g.status == Game.Status.FINISHED)
    events = recorded(game)

    response = submit(as_alice, game, {"action": "pass", "expected_sequence": events + looked})

    assert response.status_code == 400
    assert response.json()["rule"] == "game.over"
    assert response.json()["statement"] == "The game is over: nothing more can be played."
    assert legal_moves(game, 0).listed == []
    assert recorded(game) == events
