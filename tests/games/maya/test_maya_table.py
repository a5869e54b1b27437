"""Maya at the table: the lobby's options, what each seat sees (the count in figures, Maya
numerals and on the ladder, its hand with what each card makes, its own secret only), the
move forms (plays, a Temple's follow-up, the expert guess), refusals, the replay, French."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.template.loader import render_to_string
from django.test import Client
from django.utils import translation

from games import deadlines
from games.bots import play_bot_move
from games.descriptions import number
from games.engine.maya import EDITION, MayaConfig, MayaState, Phase
from games.engine.ruleset import BotLevel
from games.events import store
from games.events.models import Event
from games.lobby import game_add_bot, game_join, game_open, game_start
from games.models import Game
from games.registry import game_type
from games.rulesets.maya import descriptions
from games.rulesets.maya.forms import Option, PlayForm
from games.rulesets.maya.templatetags import maya_numeral, vigesimal

from ..conftest import finish

pytestmark = pytest.mark.django_db

Login = Callable[[User], Client]


def maya_game(alice: User, bob: User, expert: bool = False, seed: int = 5) -> Game:
    """A duel of today's rules edition, started with chance drawn from ``seed``."""
    game = game_open(
        creator=alice,
        name="Maya duel",
        rules="maya",
        config=MayaConfig(2, expert).to_json(),
        public=True,
    )
    game_join(game=game, user=bob, token=game.invite_token)
    return game_start(game=game, by=alice, rng=random.Random(seed))


@pytest.fixture
def duel(alice: User, bob: User) -> Game:
    return maya_game(alice, bob)


def state(game: Game) -> MayaState:
    loaded: MayaState = store.load(game.pk, game.rules).state
    return loaded


def last(game: Game) -> int:
    game.refresh_from_db()
    return game.last_sequence


def post(client: Client, game: Game, form: str, **fields: str) -> object:
    data = {
        "form": form,
        f"{form}-expected_sequence": str(last(game)),
        f"{form}-idempotency_key": f"k{last(game)}",
        **{f"{form}-{name}": value for name, value in fields.items()},
    }
    return client.post(f"/games/{game.pk}/move/", data, HTTP_HX_REQUEST="true")


def player(game: Game, seat: int) -> User:
    user = game.seats.get(number=seat).user
    assert isinstance(user, User)
    return user


# The lobby --------------------------------------------------------------------------------


def test_the_lobby_opens_a_maya_game_with_its_options(alice: User, as_user: Login) -> None:
    client = as_user(alice)
    form = client.get("/games/new/?game=maya").content.decode()
    assert 'name="expert"' in form and 'name="players"' in form
    response = client.post(
        "/games/new/?game=maya",
        {"name": "Tikal", "players": "3", "expert": "on", "deadline_policy": "bot"},
    )
    game = Game.objects.get(name="Tikal")
    assert response.status_code == 302
    assert (game.rules, game.config) == (
        "maya",
        {"players": 3, "expert": True, "edition": EDITION},
    )


def test_the_lobby_refuses_five_maya_players(alice: User, as_user: Login) -> None:
    response = as_user(alice).post(
        "/games/new/?game=maya", {"name": "Too many", "players": "5", "deadline_policy": "pass"}
    )
    assert response.status_code == 400 and not Game.objects.filter(name="Too many").exists()


# What a seat sees -------------------------------------------------------------------------


def test_the_table_shows_the_count_its_numeral_the_ladder_the_hand_and_my_secret(
    alice: User, duel: Game, as_user: Login
) -> None:
    now = state(duel)
    page = as_user(alice).get(f"/games/{duel.pk}/").content.decode()
    count = number(now.total)
    assert 'class="count-number' in page and f">{count}</strong>" in page
    assert f'aria-label="{count} in Maya numerals"' in page
    assert page.count('class="rung') == 21
    if -10 <= now.total <= 10:
        assert f'<li class="rung here" aria-current="true">{count}</li>' in page
    assert f"Your secret number: <strong>{now.secrets[0]}</strong>" in page
    effects = re.findall(r'<span class="effect">([^<]*)</span>', page)
    assert len(effects) == len(now.hands[0]) == 5
    assert all(effect.startswith(f"{count} \u2192") for effect in effects)
    # Every one-card play is a button saying the count it makes.
    for value in sorted({c.value for c in now.hands[0] if c.kind.value == "number"}):
        made = number(now.total + value)
        card = descriptions.signed(value)
        assert f"{card}: {count} \u2192 {made}</button>" in page


def test_the_discard_direction_and_tokens_show(alice: User, duel: Game, as_user: Login) -> None:
    page = as_user(alice).get(f"/games/{duel.pk}/").content.decode()
    assert "Play goes up the seats (clockwise)." in page
    assert "Discard pile:" in page and page.count('<p class="tokens">0 tokens won') == 2


def test_a_seats_page_and_the_api_never_show_another_seats_secret_or_hand(
    alice: User, bob: User, mallory: User, duel: Game, as_user: Login
) -> None:
    """Through a game played at random, for both players and a spectator: the page, its live
    fragment and the API's view and events never give another seat's secret number or
    cards."""
    rng = random.Random(2)
    viewers = {0: as_user(alice), 1: as_user(bob), None: as_user(mallory)}
    for moves in range(40):
        if duel.status == Game.Status.FINISHED:
            break
        if moves % 8 == 0:
            now = state(duel)
            for seat, client in viewers.items():
                for htmx in (False, True):
                    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
                    page = client.get(f"/games/{duel.pk}/", **headers).content.decode()
                    mine = re.findall(r"Your secret number: <strong>(\d+)</strong>", page)
                    assert mine == ([] if seat is None else [str(now.secrets[seat])])
                    assert "Secret number: " not in page and "Every hand" not in page
                    others = [s for s in (0, 1) if s != seat]
                    for other in others:
                        name = duel.seats.get(number=other).name
                        assert f"{name} drew secret number" not in page
                    hand = page.count('<span class="effect">')
                    assert hand == (0 if seat is None else len(now.hands[seat]))
                api = client.get(f"/api/games/{duel.pk}/").json()["state"]
                assert [s is not None for s in api["secrets"]] == [s == seat for s in (0, 1)]
                assert [h is not None for h in api["hands"]] == [s == seat for s in (0, 1)]
                assert api["pile"] is None and api["supply"] is None
                events = client.get(f"/api/games/{duel.pk}/events/", {"limit": 500}).json()
                for entry in events["results"]:
                    facts = entry.get("facts") or {}
                    for key in ("dealt", "from_pile", "tokens"):
                        for holder, value in (facts.get(key) or {}).items():
                            if seat is None or holder != str(seat):
                                assert value is None or set(value) == {None}, (key, holder)
                    assert "order" not in entry["action"], entry["action"]
        play_bot_move(duel, rng)
        duel.refresh_from_db()
    assert moves >= 16


def test_a_spectator_sees_no_hand_and_no_form(mallory: User, duel: Game, as_user: Login) -> None:
    page = as_user(mallory).get(f"/games/{duel.pk}/").content.decode()
    assert "You are watching" in page and 'name="form"' not in page
    assert "Your secret number" not in page and "in Maya numerals" in page


# Moves -------------------------------------------------------------------------------------


def turn_player(duel: Game, as_user: Login) -> tuple[int, Client]:
    seat = state(duel).turn
    return seat, as_user(player(duel, seat))


def test_a_play_posted_from_its_button_is_recorded(duel: Game, as_user: Login) -> None:
    seat, client = turn_player(duel, as_user)
    page = client.get(f"/games/{duel.pk}/").content.decode()
    move = re.findall(r'name="play-move" value="([^"]+)"', page)[0]
    response = post(client, duel, "play", move=move)
    assert response.status_code == 200  # type: ignore[attr-defined]
    played = Event.objects.filter(game=duel, type="play", seat=seat).get()
    assert game_type("maya").rules.parse_action(move) == game_type("maya").rules.action_from_json(
        {k: v for k, v in played.payload.items() if k in ("type", "cards")}
    )


def test_an_illegal_play_is_refused_with_its_rule_and_writes_nothing(
    duel: Game, as_user: Login
) -> None:
    seat, client = turn_player(duel, as_user)
    held = {str(card) for card in state(duel).hands[seat]}
    missing = next(c for c in ("+5", "-5", "+4", "-4", "+3") if c not in held)
    events = Event.objects.count()
    response = post(client, duel, "play", move=f"play {missing}")
    page = response.content.decode()  # type: ignore[attr-defined]
    assert response.status_code == 400  # type: ignore[attr-defined]
    assert (
        "You play only cards you hold." in page and "maya" not in page.split('role="alert"')[0][-1:]
    )
    assert Event.objects.count() == events
    # A guess through the play form, or garbage, is refused by the form itself.
    for bad in ("guess 1 3", "dance"):
        response = post(client, duel, "play", move=bad)
        assert response.status_code == 400  # type: ignore[attr-defined]
    assert Event.objects.count() == events


def dealt(seed: int) -> MayaState:
    """The duel ``game_start`` deals with ``seed``: chance's moves drawn as ``services``
    draws them, up to the first player's move (or the dealer's choice)."""
    rules, rng = game_type("maya").rules, random.Random(seed)
    now = rules.new_game(MayaConfig(2).to_json())
    while (action := rules.chance_action(now, rng)) is not None:
        now = rules.apply(now, -1, action)
    return now


def first_holds(card: str) -> Callable[[int], bool]:
    """Whether the deal of a seed has the first player hold ``card``, play under way."""

    def holds(seed: int) -> bool:
        now = dealt(seed)
        return now.phase is Phase.PLAY and card in {str(c) for c in now.hands[now.turn]}

    return holds


def test_a_temple_is_played_with_its_follow_up_from_one_form(
    alice: User, bob: User, as_user: Login
) -> None:
    """The deal is searched for a first hand holding a Temple of Zero: its form lists each
    follow-up with the count it makes, and one post plays both cards; the Temple alone, its
    bonus left, is a button of its own."""
    seed = next(seed for seed in range(300) if first_holds("temple")(seed))
    game = maya_game(alice, bob, seed=seed)
    seat, client = turn_player(game, as_user)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert 'name="play-move" value="play temple">Temple of Zero: ' in page
    assert "0, then another card if you like</span>" in page
    assert 'value="then-temple"' in page
    chain = re.search(r'<select name="then-temple-move"[^>]*>(.*?)</select>', page, re.S)
    assert chain is not None
    follow = re.findall(r'<option value="([^"]+)">', chain.group(1))
    assert follow and all(move.startswith("play temple then ") for move in follow)
    response = post(client, game, "then-temple", move=follow[0])
    assert response.status_code == 200  # type: ignore[attr-defined]
    recorded = Event.objects.get(game=game, type="play", seat=seat).payload
    assert recorded["cards"][0] == {"card": "temple"} and len(recorded["cards"]) == 2


def test_with_two_players_a_skip_alone_keeps_the_count_and_the_turn(
    alice: User, bob: User, as_user: Login
) -> None:
    """A Skip is a button of the play form like any card: the count stays, the opponent
    loses a turn, and the same player plays again."""
    seed = next(seed for seed in range(300) if first_holds("skip")(seed))
    game = maya_game(alice, bob, seed=seed)
    seat, client = turn_player(game, as_user)
    count = number(state(game).total)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert f'name="play-move" value="play skip">Skip: {count} \u2192 {count}</button>' in page
    assert 'value="then-skip"' not in page
    assert post(client, game, "play", move="play skip").status_code == 200  # type: ignore[attr-defined]
    assert state(game).turn == seat
    page = client.get(f"/games/{game.pk}/").content.decode()
    other = player(game, 1 - seat).username
    assert "Your turn." in page and f"{other} loses a turn." in page


# A Joker turned up: the dealer's choice ---------------------------------------------------


@pytest.fixture
def joker_up(alice: User, bob: User) -> Game:
    """A duel whose deal turns up a Joker: Bob, seat 1, deals and must name the count."""
    seed = next(seed for seed in range(300) if dealt(seed).phase is Phase.START)
    return maya_game(alice, bob, seed=seed)


def test_the_dealer_of_a_joker_chooses_the_starting_count_from_a_button(
    alice: User, bob: User, joker_up: Game, as_user: Login
) -> None:
    dealer = as_user(bob)
    page = dealer.get(f"/games/{joker_up.pk}/").content.decode()
    # The dealer reads of themselves as "you", on the board and in the history.
    assert "A Joker is turned up: you, the dealer, choose the count the game starts at." in page
    assert "is turned up: you, the dealer, choose the starting count." in page
    assert f"{bob.username}, the dealer" not in page
    assert "as the dealer, choose the count the game starts at" in page
    counts = re.findall(r'name="start-count" value="(-?\d)">Start at ([^<]+)</button>', page)
    assert [int(value) for value, _ in counts] == [-5, -4, -3, -2, -1, 1, 2, 3, 4, 5]
    assert ("-3", "\u22123") in counts
    assert 'class="count"' not in page and "Your secret number" not in page
    first = as_user(alice).get(f"/games/{joker_up.pk}/").content.decode()
    assert 'name="start-count"' not in first and "Your turn." not in first
    dealt_by = f"A Joker is turned up: {bob.username}, the dealer, chooses the count"
    assert dealt_by + " the game starts at." in first
    assert f"Joker is turned up: {bob.username}, the dealer, chooses the starting count." in first
    assert post(dealer, joker_up, "start", count="-3").status_code == 200  # type: ignore[attr-defined]
    now = state(joker_up)
    assert (now.phase, now.total, now.turn) == (Phase.PLAY, -3, 0)
    first = as_user(alice).get(f"/games/{joker_up.pk}/").content.decode()
    assert f"{bob.username}: start the count at \u22123." in first and "Your turn." in first


def test_a_forged_starting_count_is_refused_with_its_rule(
    alice: User, bob: User, joker_up: Game, as_user: Login
) -> None:
    events = Event.objects.count()
    response = post(as_user(bob), joker_up, "start", count="0")
    assert response.status_code == 400  # type: ignore[attr-defined]
    assert "the dealer chooses the starting count: from -5 to 5, not 0." in (
        response.content.decode()  # type: ignore[attr-defined]
    )
    response = post(as_user(alice), joker_up, "start", count="2")
    assert response.status_code == 400  # type: ignore[attr-defined]
    assert Event.objects.count() == events


def test_for_an_absent_dealer_the_bot_names_the_starting_count(joker_up: Game) -> None:
    """Maya has no pass: whatever the policy, the bot chooses for a dealer out of time."""
    assert joker_up.deadline_policy == Game.DeadlinePolicy.PASS
    assert deadlines.play_for_absent(joker_up, 1)
    (chosen,) = Event.objects.filter(game=joker_up, type="start", seat=1)
    assert chosen.payload["reason"] == "bot" and chosen.payload["count"] == -5
    assert state(joker_up).phase is Phase.PLAY


def test_the_expert_variant_offers_a_guess_form_and_plays_it(
    alice: User, bob: User, as_user: Login
) -> None:
    game = maya_game(alice, bob, expert=True)
    seat, client = turn_player(game, as_user)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert 'value="guess"' in page and 'name="guess-number"' in page
    other = 1 - seat
    response = post(client, game, "guess", target=str(other), number="3")
    assert response.status_code == 200  # type: ignore[attr-defined]
    recorded = Event.objects.get(game=game, type="guess", seat=seat)
    assert (recorded.payload["target"], recorded.payload["number"]) == (other, 3)
    # Guessing out of range is refused with its rule, nothing written.
    seat, client = turn_player(game, as_user)
    if state(game).phase.value == "play":
        events = Event.objects.count()
        response = post(client, game, "guess", target=str(1 - seat), number="11")
        assert response.status_code == 400  # type: ignore[attr-defined]
        assert "Secret numbers go from 1 to 10." in response.content.decode()  # type: ignore[attr-defined]
        assert Event.objects.count() == events


def test_the_standard_game_has_no_guess_form(duel: Game, as_user: Login) -> None:
    _seat, client = turn_player(duel, as_user)
    page = client.get(f"/games/{duel.pk}/").content.decode()
    assert 'value="guess"' not in page
    response = post(client, duel, "guess", target="1", number="3")
    assert response.status_code == 400  # type: ignore[attr-defined]


def test_bots_fill_maya_seats_and_play_their_turns(
    alice: User, as_user: Login, django_capture_on_commit_callbacks: Callable[..., object]
) -> None:
    game = game_open(creator=alice, name="Alice and the bots", rules="maya", config={"players": 3})
    game_add_bot(game=game, by=alice)
    game_add_bot(game=game, by=alice)
    game = game_start(game=game, by=alice, rng=random.Random(5))
    assert state(game).turn == 0
    page = as_user(alice).get(f"/games/{game.pk}/").content.decode()
    move = re.findall(r'name="play-move" value="([^"]+)"', page)[0]
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        post(as_user(alice), game, "play", move=move)
    players = Event.objects.filter(game=game, type="play").values_list("seat", flat=True)
    assert {1, 2} & set(players), "the bots took their turns"
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED or state(game).turn == 0


# The end, the replay ------------------------------------------------------------------------


def test_a_finished_game_is_replayed_with_every_secret_and_scored_in_tokens(
    alice: User, duel: Game, client: Client, as_user: Login
) -> None:
    """One finished game for both checks: playing a Maya game out takes seconds (the
    heuristic's: random moves rarely make a target)."""
    game = finish(duel, BotLevel.HEURISTIC)
    page = client.get(f"/games/{game.pk}/replay/?step=4").content.decode()
    then = store.load(game.pk, game.rules, upto=4).state
    assert "Every hand and secret number" in page
    for secret in then.secrets:
        assert f"secret number {secret}</p>" in page or f"Secret number: {secret}</p>" in page
    final = client.get(f"/games/{game.pk}/").content.decode()
    assert "Final scores" in final and "secret numbers reached" in final
    table = as_user(alice).get(f"/games/{game.pk}/").content.decode()
    assert '<span class="score">5 tokens · winner</span>' in table
    assert "points" not in table
    # The cards left in her hand are shown as they are: no count is left for them to change.
    assert state(game).hands[0] and "<h2>Your hand</h2>" in table
    assert '<span class="effect">' not in table and "\u2192" not in table


# Words ----------------------------------------------------------------------------------------


def test_maya_numerals_stack_twenties_and_show_the_sign() -> None:
    assert vigesimal(38) == [1, 18] and vigesimal(-7) == [7]
    seven = maya_numeral(7)
    assert seven.count('class="dot"') == 2 and seven.count('class="bar"') == 1
    assert 'class="shell"' in maya_numeral(0)
    negative = maya_numeral(-12)
    assert "negative" in negative and "\u2212" in negative and 'aria-label="\u221212 in' in negative
    assert (
        maya_numeral(20).count('class="shell"') == 1 and maya_numeral(20).count('class="dot"') == 1
    )


def test_french_words_render(alice: User, duel: Game, as_user: Login) -> None:
    names = ["Alice", "Bob"]
    with translation.override("fr"):
        assert descriptions.card("temple") == "Temple du Zéro"
        play = {"type": "play", "cards": [{"card": "temple"}, {"card": "joker", "as": -2}]}
        assert (
            descriptions.action(play, names) == "jouer Temple du Zéro, puis un Joker valant \u22122"
        )
        assert descriptions.action({"type": "guess", "target": 1, "number": 7}, names) == (
            "deviner que le nombre secret tenu par Bob est 7"
        )
        assert descriptions.score_rule("maya.revealed") == "nombres secrets atteints"
        assert descriptions.action({"type": "start", "count": -3}, names) == (
            "commencer le décompte à \u22123"
        )
        joker = {"type": "deal", "order": []}
        entry = {
            "type": "deal",
            "seat": -1,
            "action": joker,
            "facts": {"start": {"card": "joker", "count": None}},
        }
        assert "Joker est retourné : Bob, le donneur, choisit le nombre de départ." in (
            descriptions.event(entry, names, None).replace("\u00a0", " ")
        )
    page = as_user(alice).get(f"/games/{duel.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Votre nombre secret" in page and "en chiffres mayas" in page


def test_a_draw_is_a_whole_french_sentence_for_you_and_for_another() -> None:
    """Failed before: « Vous (pioche) : -4. » and « Bob (pioche) : 1 carte. », a label
    where French needs a verb agreeing with its subject."""
    names = ["Alice", "Bob"]
    play = {"type": "play", "cards": [{"card": "0"}]}

    def drawn(seat: int, viewer: int | None, taken: list[str | None]) -> str:
        entry = {
            "type": "play",
            "seat": seat,
            "action": play,
            "facts": {"from_pile": {str(seat): taken}},
        }
        return descriptions.event(entry, names, viewer).replace("\u00a0", " ")

    with translation.override("fr"):
        assert drawn(0, 0, ["-4"]).endswith("Vous avez pioché \u22124.")
        assert drawn(1, 0, [None]).endswith("Bob a pioché 1 carte.")
        assert drawn(1, None, ["skip", "+3"]).endswith("Bob a pioché Skip et +3.")
    with translation.override("en"):
        assert drawn(0, 0, ["-4"]).endswith("You drew \u22124.")
        assert drawn(1, 0, [None]).endswith("Bob drew 1 card.")


def test_a_play_button_speaks_french_typography(duel: Game, as_user: Login) -> None:
    """Failed before: "+4: 5 → 9" in French too, where a colon takes a space before it."""
    _seat, client = turn_player(duel, as_user)
    page = client.get(f"/games/{duel.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    buttons = re.findall(r'<button type="submit" name="play-move" value="[^"]+">([^<]+)<', page)
    assert buttons and all(re.fullmatch(r".+\u00a0: \S+ → \S+", words) for words in buttons)


def test_a_card_with_one_way_to_go_on_is_one_button_with_nothing_to_confirm(rf: Any) -> None:
    """A Temple of Zero whose player holds one card to follow it with: that play is a
    button of its own, not a list of one behind a confirmation."""
    form = PlayForm(
        prefix="then-temple",
        initial={"expected_sequence": 4, "idempotency_key": "k"},
        options=[Option("play temple then +2", "+2", 2)],
        first="Temple of Zero",
    )
    table = SimpleNamespace(game=SimpleNamespace(pk=1), board=SimpleNamespace(count=0))
    page = render_to_string(
        "games/maya/table.html#moves", {"forms": {"then-temple": form}, "t": table}, rf.get("/")
    )
    assert 'name="then-temple-move" value="play temple then +2">Temple of Zero, then +2' in page
    assert "<select" not in page and "data-confirm" not in page


def test_the_cards_a_play_may_start_with_are_marked_in_the_hand_on_ones_turn_only(
    duel: Game, as_user: Login
) -> None:
    seat, client = turn_player(duel, as_user)
    page = client.get(f"/games/{duel.pk}/").content.decode()
    hand = page[page.index('<section class="hand maya"') :]
    hand = hand[: hand.index("</section>")]
    assert hand.count('<li class="playable">') == len(state(duel).hands[seat])
    assert hand.count("(playable now)") == len(state(duel).hands[seat])
    other = as_user(player(duel, 1 - seat))
    waiting = other.get(f"/games/{duel.pk}/").content.decode()
    assert 'class="playable"' not in waiting and "(playable now)" not in waiting


def test_where_a_game_stands_counts_the_tokens_won_by_everyone_and_says_so() -> None:
    """The game list's "Turn 2 · 0 tokens won" read as if the reader had won none, where
    others had: the count is everyone's, and says it."""
    with translation.override("en"):
        assert descriptions.progress("play", 3, 2) == "Turn 2 · 3 tokens won in all"
    with translation.override("fr"):
        assert descriptions.progress("play", 1, 4) == "Tour 4 · 1 jeton gagné en tout"


def test_the_player_to_move_reads_what_their_secret_number_is_for(
    duel: Game, as_user: Login
) -> None:
    """Failed before: the table said "your secret number is 9. Play a card to move the
    count." and a newcomer did not know that reaching it wins a token; in French too."""
    _seat, client = turn_player(duel, as_user)
    for language, says in (
        ("en", "bringing it to your secret number wins you a token"),
        ("fr", "l’amener sur votre nombre secret vous fait gagner un jeton"),
    ):
        page = client.get(f"/games/{duel.pk}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert says in page
