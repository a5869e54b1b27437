"""NUM-X Objectifs at the table: the lobby's options, what each seat sees (its own hand and
objective, everyone's malus cards), the move forms (the set-up, a pli from the hand and the
malus cards, a draw, a pass, an Echange, a Malus +, the completions at the end of a trick,
a Facteur X out of turn and its race), refusals, spectators, bots and absent players."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import translation

from games import deadlines
from games.engine.objectifs import (
    RULES,
    Action,
    Echange,
    MalusPlus,
    ObjectifsState,
    Pass,
    Phase,
    Play,
    Replace,
)
from games.events import store
from games.events.models import Event
from games.lobby import game_add_bot, game_open, game_start
from games.models import Game
from games.rulesets.objectifs import descriptions

from .conftest import (
    Commit,
    Login,
    advance,
    advance_in_some_game,
    last,
    legal,
    pli_fields,
    post,
    start,
    state,
)

pytestmark = pytest.mark.django_db


def player(game: Game, seat: int) -> User:
    user = game.seats.get(number=seat).user
    assert isinstance(user, User)
    return user


def recorded(game: Game, seat: int) -> dict[str, Any]:
    """The last move ``seat`` recorded, as the store holds it."""
    payload: dict[str, Any] = Event.objects.filter(game=game, seat=seat).latest("sequence").payload
    return payload


def played(game: Game, seat: int) -> Action:
    """The last move ``seat`` recorded, as the engine reads it."""
    return RULES.action_from_json(store.action_json(recorded(game, seat)))


@pytest.fixture
def duel(alice: User, bob: User) -> Game:
    return start([alice, bob])


@pytest.fixture
def playing(duel: Game) -> Game:
    """The duel past its set-up: a trick being played."""
    advance(duel, lambda now: now.phase is Phase.PLAY)
    return duel


# The lobby --------------------------------------------------------------------------------


def test_the_lobby_opens_an_objectifs_game_with_its_options(alice: User, as_user: Login) -> None:
    client = as_user(alice)
    form = client.get("/games/new/?game=objectifs").content.decode()
    assert 'name="players"' in form and 'name="objectives"' in form
    assert 'name="infinity_four"' in form and 'name="bot_level"' in form
    response = client.post(
        "/games/new/?game=objectifs",
        {
            "name": "Five rounds",
            "players": "5",
            "objectives": "off",
            "infinity_four": "on",
            "move_deadline": "2",
            "deadline_policy": "bot",
            "bot_level": "0",
        },
    )
    assert response.status_code == 302
    game = Game.objects.get(name="Five rounds")
    assert game.rules == "objectifs"
    assert game.config == {"players": 5, "objectives": False, "infinity_four": True}
    assert (game.deadline_policy, game.bot_level, game.move_deadline.days) == ("bot", 0, 2)


def test_a_game_opened_without_the_options_plays_the_rule_book(alice: User, as_user: Login) -> None:
    response = as_user(alice).post(
        "/games/new/?game=objectifs",
        {"name": "Plain", "players": "3", "deadline_policy": "pass"},
    )
    assert response.status_code == 302
    assert Game.objects.get(name="Plain").config == {
        "players": 3,
        "objectives": True,
        "infinity_four": False,
    }


def test_the_lobby_refuses_seven_players(alice: User, as_user: Login) -> None:
    response = as_user(alice).post(
        "/games/new/?game=objectifs", {"name": "Crowd", "players": "7", "deadline_policy": "pass"}
    )
    assert response.status_code == 400 and not Game.objects.filter(name="Crowd").exists()


# What each seat sees ------------------------------------------------------------------------


def test_at_the_set_up_each_player_sees_their_own_hand_and_objective_only(
    alice: User, bob: User, mallory: User, duel: Game, as_user: Login
) -> None:
    now = state(duel)
    objectives = [objective.value for objective in now.objectives if objective is not None]
    pages = {
        0: as_user(alice).get(f"/games/{duel.pk}/").content.decode(),
        1: as_user(bob).get(f"/games/{duel.pk}/").content.decode(),
        None: as_user(mallory).get(f"/games/{duel.pk}/").content.decode(),
    }
    for seat, page in pages.items():
        for other, objective in enumerate(objectives):
            said = descriptions.objective_text(objective)
            assert (said in page) == (other == seat), (seat, other)
        boxes = re.findall(r'name="lay-cards" value="(\d+)"', page)
        assert len(boxes) == (0 if seat is None else 13)
    assert "You are watching" in pages[None] and 'name="form"' not in pages[None]
    assert "Choose two cards of your hand to lay face up" in pages[0]


def test_the_set_up_says_who_starts_the_player_with_the_smallest_malus_card(
    alice: User, duel: Game, as_user: Login
) -> None:
    """Said "The smallest malus card starts" before: a card does not start."""
    client = as_user(alice)
    page = client.get(f"/games/{duel.pk}/").content.decode()
    french = client.get(f"/games/{duel.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "The player with the smallest malus card starts the round." in page
    assert "Le joueur qui a la plus petite carte Malus commence la manche." in french


def test_the_status_line_says_only_what_is_asked_the_hand_and_objective_show_in_their_panel(
    alice: User, duel: Game, as_user: Login
) -> None:
    """Failed before: the status line said the hand and the objective again."""
    objective = state(duel).objectives[0]
    assert objective is not None
    said = descriptions.objective_text(objective.value)
    page = as_user(alice).get(f"/games/{duel.pk}/").content.decode()
    status = re.search(r'<p class="status" role="status">(.*?)</p>', page, re.S)
    assert status is not None and "Choose two cards of your hand" in status.group(1)
    assert "You hold" not in status.group(1) and "objective" not in status.group(1).lower()
    panel = re.search(r'<section class="hand objectifs".*?</section>', page, re.S)
    assert panel is not None and said in panel.group(0)
    assert 'name="lay-cards"' in page  # the hand, as the set-up's boxes


def test_the_malus_cards_chosen_stay_secret_until_both_players_have_chosen(
    alice: User, bob: User, duel: Game, as_user: Login
) -> None:
    hand = sorted(state(duel).hands[0])
    response = post(as_user(alice), duel, "lay", cards=["0", "1"])
    assert response.status_code == 200
    chosen = [str(card) for card in hand[:2]]
    assert recorded(duel, 0)["cards"] == chosen
    mine = as_user(alice).get(f"/games/{duel.pk}/").content.decode()
    assert "Your malus cards, shown to all once every player has chosen:" in mine
    theirs = as_user(bob).get(f"/games/{duel.pk}/").content.decode()
    assert "has chosen their malus cards" in theirs
    assert "choose two malus cards (shown once every player has chosen)" in theirs
    assert f"lay {descriptions.cards(chosen)} as malus cards" not in theirs
    post(as_user(bob), duel, "lay", cards=["3", "7"])
    now = state(duel)
    assert now.phase is Phase.PLAY and [str(c) for c in now.rows[0]] == chosen
    theirs = as_user(bob).get(f"/games/{duel.pk}/").content.decode()
    assert f"alice: lay {descriptions.cards(chosen)} as malus cards." in theirs


def test_every_players_malus_cards_show_to_everyone(
    alice: User, bob: User, mallory: User, playing: Game, as_user: Login
) -> None:
    now = state(playing)
    for user in (alice, bob, mallory):
        page = as_user(user).get(f"/games/{playing.pk}/").content.decode()
        for seat, row in enumerate(now.rows):
            name = player(playing, seat).username
            shown = re.search(rf'aria-label="Malus cards of {name}">(.*?)</div>', page, re.DOTALL)
            assert shown is not None
            labels = re.findall(r'aria-label="([^"]+)"', shown.group(1))
            assert labels == [descriptions.card(str(card)) for card in row]


# Moves --------------------------------------------------------------------------------------


def test_a_pli_with_a_malus_card_of_the_table_is_laid_from_the_pli_form(
    playing: Game, as_user: Login
) -> None:
    def with_a_malus_card(now: ObjectifsState) -> bool:
        return now.phase is Phase.PLAY and any(
            p.rows and p.action is None for p in legal(now, now.turn, Play)
        )

    now = advance(playing, with_a_malus_card)
    seat = now.turn
    play = next(p for p in legal(now, seat, Play) if p.rows and p.action is None)
    client = as_user(player(playing, seat))
    page = client.get(f"/games/{playing.pk}/").content.decode()
    assert 'class="pli-form"' in page and 'name="pli-rows"' in page
    response = post(client, playing, "pli", **pli_fields(now, seat, play))
    assert response.status_code == 200, response.content.decode()[:2000]
    assert played(playing, seat) == play
    page = client.get(f"/games/{playing.pk}/").content.decode()
    # Seen by its player: a malus card of their own is "your malus cards".
    assert descriptions.action(RULES.action_to_json(play), ["alice", "bob"], {}, seat) in page


def test_a_draw_and_a_pass_are_buttons(playing: Game, as_user: Login) -> None:
    now = advance(playing, lambda now: now.phase is Phase.PLAY and Pass() in legal(now, now.turn))
    seat = now.turn
    client = as_user(player(playing, seat))
    page = client.get(f"/games/{playing.pk}/").content.decode()
    assert 'name="choice-move" value="pass">Pass</button>' in page
    assert 'name="choice-move" value="draw">Draw a card from the pile</button>' in page
    before = len(now.hands[seat])
    assert post(client, playing, "choice", move="draw").status_code == 200
    after = state(playing)
    assert len(after.hands[seat]) == before + 1
    drawn = str(sorted(set(after.hands[seat]) - set(now.hands[seat]) or after.hands[seat])[0])
    page = client.get(f"/games/{playing.pk}/").content.decode()
    assert "You drew " in page and " into your hand." in page
    other = as_user(player(playing, 1 - seat)).get(f"/games/{playing.pk}/").content.decode()
    name = player(playing, seat).username
    assert f"{name} drew a card into their hand." in other
    assert drawn  # the drawer's own page names it
    now = advance(playing, lambda now: now.phase is Phase.PLAY and Pass() in legal(now, now.turn))
    seat = now.turn
    client = as_user(player(playing, seat))
    assert post(client, playing, "choice", move="pass").status_code == 200
    assert recorded(playing, seat)["type"] == "pass"


def test_an_echange_and_a_malus_plus_are_played_from_the_list(
    playing: Game, as_user: Login
) -> None:
    game = playing
    for kind in (Echange, MalusPlus):

        def playable(now: ObjectifsState, kind: type = kind) -> bool:
            return now.phase is Phase.PLAY and bool(legal(now, now.turn, kind))

        game, now = advance_in_some_game(game, playable)
        seat = now.turn
        action = legal(now, seat, kind)[0]
        client = as_user(player(game, seat))
        page = client.get(f"/games/{game.pk}/").content.decode()
        assert f'type="radio" name="choice-other" value="{action}"' in page
        assert 'data-confirm="Play this move?"' in page
        assert post(client, game, "choice", other=str(action)).status_code == 200
        assert played(game, seat) == action


def test_a_pli_carries_an_echange_or_a_malus_plus_chosen_beside_it(
    playing: Game, as_user: Login
) -> None:
    now = advance(
        playing,
        lambda now: (
            now.phase is Phase.PLAY
            and any(p.action is not None for p in legal(now, now.turn, Play))
        ),
    )
    seat = now.turn
    play = next(p for p in legal(now, seat, Play) if p.action is not None)
    client = as_user(player(playing, seat))
    page = client.get(f"/games/{playing.pk}/").content.decode()
    assert f'type="radio" name="pli-carried" value="{play.action}"' in page
    assert post(client, playing, "pli", **pli_fields(now, seat, play)).status_code == 200
    assert recorded(playing, seat)["action"] == RULES.action_to_json(play.action)


def test_at_the_end_of_a_trick_both_players_complete_their_malus_cards_at_once(
    playing: Game, as_user: Login
) -> None:
    """Each completes from the table's form, the second against the page it saw before the
    first's completion: its choice is still whole, so it is recorded, not refused."""
    now = advance(
        playing, lambda now: now.phase is Phase.REPLACE and all(now.due) and all(now.hands)
    )
    seen = last(playing)
    for seat in (0, 1):
        client = as_user(player(playing, seat))
        page = client.get(f"/games/{playing.pk}/").content.decode()
        assert 'class="replace-form"' in page
        assert "The trick is over: complete your malus cards" in page
        wanted = legal(now, seat, Replace)[0]
        count = len(wanted.cards) + wanted.draws
        # The lowest card of the hand, the rest drawn from the pile.
        response = post(client, playing, "replace", sequence=seen, cards=["0"])
        assert response.status_code == 200, response.content.decode()[:2000]
        laid = recorded(playing, seat)
        assert laid["type"] == "replace" and laid["cards"] == [str(sorted(now.hands[seat])[0])]
        assert laid["draws"] == count - 1
    assert state(playing).phase is not Phase.REPLACE or not any(state(playing).due)


def facteur_position(now: ObjectifsState) -> bool:
    """A seat whose turn it is not may lay a Facteur X, while the player to act may cover
    the same pli."""
    return (
        now.phase is Phase.PLAY
        and any(legal(now, seat, Play) for seat in range(now.players) if seat != now.turn)
        and any(p.action is None for p in legal(now, now.turn, Play))
    )


@pytest.fixture
def facteur(alice: User, bob: User, mallory: User) -> tuple[Game, ObjectifsState]:
    game = start([alice, bob, mallory], seed=4)
    return game, advance(game, facteur_position)


def test_a_facteur_x_is_offered_out_of_turn_to_whoever_can_lay_one(
    facteur: tuple[Game, ObjectifsState], as_user: Login
) -> None:
    game, now = facteur
    out = next(s for s in range(now.players) if s != now.turn and legal(now, s, Play))
    client = as_user(player(game, out))
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "Out of turn: lay a Facteur X" in page
    assert "You may lay a Facteur X out of turn on the pli on top" in page
    assert "Your turn." not in page
    assert 'name="pli-carried"' not in page  # a Facteur X carries nothing
    for seat in range(now.players):
        if seat != now.turn and not legal(now, seat, Play):
            other = as_user(player(game, seat)).get(f"/games/{game.pk}/").content.decode()
            assert 'class="pli-form"' not in other
    play = legal(now, out, Play)[0]
    assert post(client, game, "pli", **pli_fields(now, out, play)).status_code == 200
    laid = recorded(game, out)
    assert laid["effects"]["facteur_x"] is True
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "A Facteur X, out of turn!" in page and 'class="badge objectifs-facteur"' in page
    after = state(game)
    assert after.trick.owner == out and after.turn == (out + 1) % now.players


@pytest.mark.parametrize("facteur_first", [True, False])
def test_a_facteur_x_and_the_cover_of_the_same_pli_race_and_the_first_recorded_wins(
    facteur: tuple[Game, ObjectifsState], as_user: Login, facteur_first: bool
) -> None:
    game, now = facteur
    seen = last(game)
    out = next(s for s in range(now.players) if s != now.turn and legal(now, s, Play))
    cover = next(p for p in legal(now, now.turn, Play) if p.action is None)
    moves = [(out, legal(now, out, Play)[0]), (now.turn, cover)]
    (first, first_play), (second, second_play) = moves if facteur_first else moves[::-1]
    won = post(
        as_user(player(game, first)), game, "pli", seen, **pli_fields(now, first, first_play)
    )
    assert won.status_code == 200
    lost = post(
        as_user(player(game, second)), game, "pli", seen, **pli_fields(now, second, second_play)
    )
    # Refused as stale (409), or, where the new state offers that player no pli, as a move
    # no longer available: either way nothing is played.
    said = lost.content.decode()
    assert lost.status_code in (400, 409)
    assert (
        "The game moved on while you were choosing" in said
        or "That move is not available now." in said
    )
    assert Event.objects.get(game=game, sequence=seen + 1).seat == first
    assert not Event.objects.filter(game=game, seat=second, sequence__gt=seen).exists()


# Refusals ------------------------------------------------------------------------------------


def test_a_refused_pli_names_its_rule_in_english_and_in_french(
    playing: Game, as_user: Login
) -> None:
    now = advance(
        playing,
        lambda now: (
            now.phase is Phase.PLAY
            and now.trick.top is not None
            and now.trick.top.value is not None
            and len(now.trick.top.cards) == 1
            and any(
                c.is_classic and c.value is not None and c.value < now.trick.top.value
                for c in now.hands[now.turn]
            )
        ),
    )
    seat = now.turn
    assert now.trick.top is not None and now.trick.top.value is not None
    low = next(
        c
        for c in now.hands[seat]
        if c.is_classic and c.value is not None and c.value < now.trick.top.value
    )
    events = Event.objects.count()
    client = as_user(player(playing, seat))
    response = post(client, playing, "pli", **pli_fields(now, seat, Play((low,))))
    page = response.content.decode()
    assert response.status_code == 400
    assert "A pli of as many cards as the pli on top has a higher value." in page
    assert 'href="/rules/objectifs/#rule-pli.higher"' in page
    response = client.post(
        f"/games/{playing.pk}/move/",
        {
            "form": "pli",
            "pli-expected_sequence": str(last(playing)),
            "pli-idempotency_key": "french",
            "pli-cards": pli_fields(now, seat, Play((low,)))["cards"],
        },
        HTTP_HX_REQUEST="true",
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    with translation.override("fr"):
        french = translation.gettext("A pli of as many cards as the pli on top has a higher value.")
    assert response.status_code == 400 and french in response.content.decode()
    assert french.startswith("Un pli d’autant de cartes")
    assert Event.objects.count() == events


def test_an_empty_pli_and_an_unknown_move_are_refused_by_the_forms(
    playing: Game, as_user: Login
) -> None:
    seat = state(playing).turn
    client = as_user(player(playing, seat))
    events = Event.objects.count()
    response = post(client, playing, "pli")
    assert (
        response.status_code == 400 and "Choose the cards of your pli." in response.content.decode()
    )
    response = post(client, playing, "choice", other="dance")
    assert response.status_code == 400
    assert Event.objects.count() == events


# Spectators, bots, absent players -----------------------------------------------------------


def test_a_spectator_sees_the_malus_cards_and_no_hand_objective_or_form(
    mallory: User, playing: Game, as_user: Login
) -> None:
    page = as_user(mallory).get(f"/games/{playing.pk}/").content.decode()
    assert "You are watching" in page and 'name="form"' not in page
    assert "Your hand" not in page and "Your objective" not in page
    assert "Objective: " not in page
    assert 'aria-label="Malus cards of alice"' in page


def test_bots_fill_the_seats_and_play_every_moment(
    alice: User, as_user: Login, commit: Commit
) -> None:
    game = game_open(
        creator=alice, name="Alice and the bots", rules="objectifs", config={"players": 3}
    )
    game_add_bot(game=game, by=alice)
    game_add_bot(game=game, by=alice)
    commit(lambda: game_start(game=game, by=alice, rng=random.Random(5)))
    # The bots have laid their malus cards; the set-up waits for Alice alone.
    assert RULES.awaiting(state(game)) == frozenset({0})
    commit(lambda: post(as_user(alice), game, "lay", cards=["0", "1"]))
    laid = Event.objects.filter(game=game, type="lay").values_list("seat", flat=True)
    assert set(laid) == {0, 1, 2}
    now = state(game)
    assert now.phase is not Phase.SETUP
    assert RULES.awaiting(now) - {RULES.chance} == frozenset({0}) or RULES.is_terminal(now)


def test_for_an_absent_player_the_clock_passes_or_a_bot_moves(alice: User, bob: User) -> None:
    """At the set-up there is no pass: the bot lays the malus cards whatever the policy;
    on a turn where passing is legal, the pass policy passes."""
    game = start([alice, bob], seed=8)
    assert game.deadline_policy == Game.DeadlinePolicy.PASS
    assert deadlines.play_for_absent(game, 0)
    laid = Event.objects.get(game=game, seat=0, type="lay").payload
    assert laid["reason"] == "bot" and len(laid["cards"]) == 2
    now = advance(game, lambda now: now.phase is Phase.PLAY and Pass() in legal(now, now.turn))
    seat = now.turn
    assert deadlines.play_for_absent(game, seat)
    passed = Event.objects.filter(game=game, seat=seat).latest("sequence").payload
    assert passed["type"] == "pass" and passed["reason"] == "deadline"


def test_an_absent_player_whose_turn_has_no_pass_gets_a_bot_move(alice: User, bob: User) -> None:
    game = start([alice, bob], seed=8)
    now = advance(
        game,
        lambda now: (
            now.phase is Phase.PLAY and now.trick.top is None and Pass() not in legal(now, now.turn)
        ),
    )
    seat = now.turn
    assert deadlines.play_for_absent(game, seat)
    moved = Event.objects.filter(game=game, seat=seat).latest("sequence").payload
    assert moved["type"] != "pass" and moved["reason"] == "bot"
