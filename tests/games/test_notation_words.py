"""A move that cannot be read is refused in the reader's language, whatever the game and
whichever of its notation's messages says why: every message an engine raises as a
NotationError is a template marked for translation, and the French catalogue has it (a new
message without its French fails here); on the French table (Maya's play, Numenko's grid)
and through the API in French (NUM-X, Objectifs, NMBR 9, whose table reads no notation)
the player reads the French sentence. So is every message an engine raises as a
ConfigError, and a new game's options the rules refuse are refused in French on the French
new-game form and through the API."""

from __future__ import annotations

import ast
import importlib
import random
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation
from rest_framework.test import APIClient

from games.descriptions import refused_options_in_words, unreadable_in_words
from games.engine import climbing
from games.engine.ruleset import ConfigError, NotationError
from games.events import store
from games.events.models import Event
from games.lobby import game_join, game_open, game_start
from games.models import Game
from games.registry import GAMES, rule_set

pytestmark = pytest.mark.django_db

Login = Callable[[User], Client]

#: Modules whose NotationErrors no player meets: positions written out by the tests and
#: the developers' command, and a record's replay (the record was read once already).
DEVELOPERS_ONLY = {"positions.py", "replay.py"}


def engine_modules(game_id: str) -> Iterator[Path]:
    """The game's engine modules a player's move goes through, and the climbing games'
    shared module."""
    package = importlib.import_module(type(rule_set(game_id)).__module__.rpartition(".")[0])
    assert package.__file__ is not None
    for path in sorted(Path(package.__file__).parent.glob("*.py")):
        if path.name not in DEVELOPERS_ONLY:
            yield path
    if game_id in ("numx", "objectifs"):
        assert climbing.__file__ is not None
        yield Path(climbing.__file__)


def _name(node: ast.expr) -> str:
    return node.id if isinstance(node, ast.Name) else getattr(node, "attr", "")


#: The engines' errors whose message is a template said in the reader's language.
WORDED = ("NotationError", "ConfigError")


def notation_messages(path: Path) -> tuple[list[str], list[str]]:
    """In one module: every message marked with ``gettext_noop``, and where a NotationError
    or a ConfigError is raised with a message that is not (an f-string, a string left
    unmarked, another error's words said; another's ``template`` is marked where that one
    is raised). A message held in a name (a constant, a parameter) is one marked where the
    name is given it."""
    marked, unmarked = [], []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if not isinstance(node, ast.Call):
            continue
        if _name(node.func) == "gettext_noop":
            assert isinstance(node.args[0], ast.Constant), f"{path.name}:{node.lineno}"
            marked.append(str(node.args[0].value))
        elif node.args and (
            _name(node.func) in WORDED
            # climbing.check_arity raises the game's NotationError it is given as ``error``
            or (isinstance(node.func, ast.Name) and node.func.id == "error")
        ):
            message = node.args[0]
            if not (
                isinstance(message, ast.Name)
                or (isinstance(message, ast.Call) and _name(message.func) == "gettext_noop")
                or (isinstance(message, ast.Attribute) and message.attr == "template")
            ):
                unmarked.append(f"{path.name}:{node.lineno}")
    return marked, unmarked


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_notation_and_configuration_message_of_the_engine_is_marked_and_said_in_french(
    game_id: str,
) -> None:
    """Failed before: most of NUM-X's, Objectifs' and Maya's notation messages, and all of
    NMBR 9's and Numenko's, were f-strings, said in English to a French reader; then, every
    engine's configuration messages."""
    marked: list[str] = []
    for path in engine_modules(game_id):
        found, unmarked = notation_messages(path)
        assert unmarked == [], "NotationError or ConfigError messages not marked"
        marked += found
    with translation.override("fr"):
        untranslated = [message for message in marked if translation.gettext(message) == message]
    assert marked and untranslated == []


def test_a_message_the_catalogues_lack_is_said_as_a_move_that_cannot_be_read() -> None:
    """The safety net (the API's test kept it before every message had its French): in
    French, that the move cannot be read, whose refusal says how to write one."""
    unknown = NotationError("a message no catalogue has: %(word)s", word="jump")
    with translation.override("fr"):
        assert unreadable_in_words(unknown) == "Ce coup ne se lit pas dans la notation du jeu."
    with translation.override("en"):
        assert unreadable_in_words(unknown) == "a message no catalogue has: jump"


def test_options_the_catalogues_lack_are_said_as_options_the_rules_refuse() -> None:
    unknown = ConfigError("a message no catalogue has: %(option)s", option="jump")
    with translation.override("fr"):
        assert refused_options_in_words(unknown) == (
            "Les règles du jeu n’autorisent pas ces options."
        )
    with translation.override("en"):
        assert refused_options_in_words(unknown) == "a message no catalogue has: jump"


# What a player reads -----------------------------------------------------------------------


def started(alice: User, bob: User, rules: str) -> Game:
    game = game_open(creator=alice, name="Words", rules=rules, config={"players": 2}, public=True)
    game_join(game=game, user=bob, token=game.invite_token)
    return game_start(game=game, by=alice, rng=random.Random(5))


@pytest.mark.parametrize(
    ("rules", "action", "french"),
    [
        ("numx", "flip", "«\u00a0flip\u00a0» attend un argument, pas 0"),
        ("numx", "play", "un pli compte au moins une carte"),
        (
            "objectifs",
            "lay 99",
            "«\u00a099\u00a0»\u00a0: les cartes classiques vont de -2 à 13, puis l’infini",
        ),
        ("nmbr9", "place 7 at 0,0 turn 45", "une tuile tourne de 0, 90, 180 ou 270 degrés, pas 45"),
    ],
)
def test_a_move_the_api_cannot_read_is_refused_in_french(
    alice: User, bob: User, rules: str, action: str, french: str
) -> None:
    """Failed before: these messages stayed English in a French request (or, NUM-X's
    empty pli, said only that the move could not be read)."""
    game = started(alice, bob, rules)
    client = APIClient()
    client.force_authenticate(alice)
    events = Event.objects.filter(game=game).count()

    said = client.post(
        f"/api/games/{game.pk}/check/", {"action": action}, format="json", HTTP_ACCEPT_LANGUAGE="fr"
    )

    assert said.status_code == 400
    assert (said.json()["rule"], said.json()["message"]) == ("notation", french)
    assert Event.objects.filter(game=game).count() == events


def _post(client: Client, game: Game, form: str, **fields: str) -> str:
    game.refresh_from_db()
    data = {
        "form": form,
        f"{form}-expected_sequence": str(game.last_sequence),
        f"{form}-idempotency_key": uuid.uuid4().hex,
        **{f"{form}-{name}": value for name, value in fields.items()},
    }
    answer = client.post(
        f"/games/{game.pk}/move/", data, HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE="fr"
    )
    assert answer.status_code == 400
    return str(answer.content.decode())


def test_a_play_the_maya_table_cannot_read_is_refused_in_french(
    alice: User, bob: User, as_user: Login
) -> None:
    """Failed before: the play form showed the engine's English (a Joker without its
    value: "say what the Joker counts as")."""
    game = started(alice, bob, "maya")
    turn = game.seats.get(number=store.load(game.pk, game.rules).state.turn).user
    assert isinstance(turn, User)
    events = Event.objects.filter(game=game).count()

    page = _post(as_user(turn), game, "play", move="play joker")

    assert "dites ce que vaut le Joker\u00a0: `play joker -3`" in page
    assert "say what the Joker" not in page
    assert Event.objects.filter(game=game).count() == events


def test_a_grid_the_numenko_table_cannot_read_is_refused_in_french(
    alice: User, bob: User, as_user: Login
) -> None:
    """Failed before: the grid form showed the engine's English ("row 1: 'y' is no
    square")."""
    game = started(alice, bob, "numenko")
    events = Event.objects.filter(game=game).count()

    page = _post(as_user(alice), game, "play", grid="2 y 4", ask="nothing", tile="")

    assert "ligne 1\u00a0: «\u00a0y\u00a0» n’est pas une case" in page
    assert "is no square" not in page
    assert Event.objects.filter(game=game).count() == events


# A new game's options ---------------------------------------------------------------------

#: Options the rules refuse, each with the French sentence that says why.
REFUSED_OPTIONS = [
    (
        {"players": 3, "teams": True},
        "On joue en 2 ou 3 équipes de deux\u00a0: choisissez 4 ou 6 joueurs.",
    ),
    (
        {"players": 3, "mode": "speed-run", "round_two_pick": True},
        "Seule une partie X-Game a une manche 2 où choisir une carte.",
    ),
    (
        {"players": 3, "mode": "family", "malus_values": [[1, 1]] * 5},
        "Le mode Family se joue sans cartes Malus.",
    ),
    (
        {"players": 3, "mode": "speed-run", "family_scoring": ["pair"]},
        "Seule une partie Family choisit ses règles de décompte.",
    ),
    (
        {"players": 3, "malus_values": [[0, 0]] * 5},
        "les nombres d’une carte Malus vont de -3 à +3, sans être tous deux 0",
    ),
]


@pytest.mark.parametrize(("config", "french"), REFUSED_OPTIONS)
def test_options_the_api_refuses_are_refused_in_french(
    alice: User, config: dict[str, object], french: str
) -> None:
    """Failed before: the engine's English reached a French request ("teams are 2 or 3
    teams of 2: 4 or 6 players")."""
    client = APIClient()
    client.force_authenticate(alice)

    said = client.post(
        "/api/games/",
        {"name": "Options", "rules": "numx", "config": config},
        format="json",
        HTTP_ACCEPT_LANGUAGE="fr",
    )

    assert said.status_code == 400
    assert said.json()["config"] == {"non_field_errors": [french]}
    assert not Game.objects.exists()


def test_options_the_new_game_form_refuses_are_refused_in_french(
    alice: User, as_user: Login
) -> None:
    """The form says what the API says: the engine's words, which decide (the form checked
    the same rules again in words of its own)."""
    form = {"name": "Options", "players": "3", "deadline_policy": "pass", "mode": "speed-run"}
    page = as_user(alice).post(
        "/games/new/?game=numx", {**form, "teams": "on"}, HTTP_ACCEPT_LANGUAGE="fr"
    )

    assert page.status_code == 400
    assert REFUSED_OPTIONS[0][1] in page.content.decode()
    assert not Game.objects.exists()
