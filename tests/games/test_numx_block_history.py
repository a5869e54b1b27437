"""A Block on "everyone" or on the players between partners, and a Quantum on one player of
a team (it locks the whole team), name, wherever the game's history is read (the table,
the replay, the mails, the API's events), the players they blocked or locked, as each
reader knows them: "you" for their own seat, else the player's name. A Block or a Quantum
on one player that reaches that player alone already names them and says nothing more."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation

from games.engine.numx import parse_action
from games.events import store
from games.lobby import game_join, game_open, game_start
from games.models import Game
from games.rulesets.numx.site import SITE as NUMX
from games.services import game_submit
from tests.conftest import person
from tests.games.test_numx_table_details import StackedDeck
from tests.games.test_replay_views import said_at
from tests.notifications.conftest import turn_mail_now

NBSP = "\u00a0"
TRIO = ["alice", "bob", "carol"]
TRIO_CONFIG = {"players": 3}
#: Alice's Block on everyone, as recorded: it blocks Bob and Carol.
ON_EVERYONE = {"type": "block", "target": "all", "effects": {"blocked": [1, 2]}}


def entry(seat: int, action: dict[str, Any]) -> dict[str, Any]:
    """A recorded move of ``seat`` as the history reads it."""
    return {"seat": seat, "type": "move", "action": action}


@pytest.mark.parametrize(
    ("language", "alice_reads", "bob_reads", "spectator_reads"),
    [
        (
            "en",
            "You: play Block on everyone. Blocked players: bob and carol.",
            "alice: play Block on everyone. Blocked players: you and carol.",
            "alice: play Block on everyone. Blocked players: bob and carol.",
        ),
        (
            "fr",
            f"Vous{NBSP}: jouer Block sur tous les joueurs. Joueurs bloqués{NBSP}: bob et carol.",
            f"alice{NBSP}: jouer Block sur tous les joueurs. Joueurs bloqués{NBSP}: vous et carol.",
            f"alice{NBSP}: jouer Block sur tous les joueurs. Joueurs bloqués{NBSP}: bob et carol.",
        ),
    ],
)
def test_a_block_on_everyone_names_the_players_it_blocked_as_each_reader_knows_them(
    language: str, alice_reads: str, bob_reads: str, spectator_reads: str
) -> None:
    blocked = entry(0, ON_EVERYONE)
    with translation.override(language):
        assert NUMX.describe_event(blocked, TRIO, 0, TRIO_CONFIG) == alice_reads
        assert NUMX.describe_event(blocked, TRIO, 1, TRIO_CONFIG) == bob_reads
        assert NUMX.describe_event(blocked, TRIO, None, TRIO_CONFIG) == spectator_reads


def test_a_block_as_a_shadows_bonus_or_taken_back_names_the_players_it_blocked() -> None:
    bonus = {
        "type": "play",
        "cards": ["shadow-10"],
        "bonus": {"type": "block", "target": "all"},
        "effects": {"blocked": [0, 1]},
    }
    taken = {
        "type": "take",
        "index": 0,
        "play": {"type": "block", "target": "all"},
        "effects": {"blocked": [0, 1]},
    }
    with translation.override("en"):
        assert NUMX.describe_event(entry(2, bonus), TRIO, 1, TRIO_CONFIG) == (
            "carol: lay Shadow 10, then play Block on everyone. Blocked players: alice and you."
        )
        assert NUMX.describe_event(entry(2, taken), TRIO, 0, TRIO_CONFIG) == (
            "carol: take back score card 1 and play Block on everyone. "
            "Blocked players: you and bob."
        )


def test_a_block_on_one_player_names_them_once() -> None:
    on_bob = {"type": "block", "target": 1, "effects": {"blocked": [1]}}
    with translation.override("en"):
        assert NUMX.describe_event(entry(0, on_bob), TRIO, 1, TRIO_CONFIG) == (
            "alice: play Block on you."
        )


# A Teams game, played: Alice (seat 0) and Carol (seat 2) are partners, Bob (seat 1) and
# Dave (seat 3). Alice starts the first trick with a Block on the players between her and
# Carol: Bob, who plays after her.

FOUR_HANDS = " ".join(
    [
        # Alice: the Block, and red 0 to pick (the smallest card, so she starts).
        "block red-0 blue-10 blue-11 blue-12 blue-13 blue-14 blue-15 blue-16 "
        "yellow-13 yellow-14 yellow-15 yellow-16",
        "red-5 red-10 red-11 red-12 red-13 red-14 red-15 red-16 "
        "green-10 green-11 green-12 green-13 green-14",
        "green-5 rainbow-10 rainbow-11 rainbow-12 rainbow-13 rainbow-14 rainbow-15 rainbow-16 "
        "green-15 green-16 blue-9 red-9 yellow-9",
        "yellow-6 shadow-10 shadow-11 shadow-12 shadow-13 shadow-14 shadow-15 shadow-16 "
        "blue-8 red-8 yellow-8 green-8 green-9",
    ]
)
PICKS = ("red-0", "red-5", "green-5", "yellow-6")


@pytest.fixture
def dave(db: None) -> User:
    return person("dave")


def play(game: Game, seat: int, move: str) -> None:
    sequence = store.load(game.pk, game.rules).sequence
    game_submit(game_id=game.pk, seat=seat, action=parse_action(move), expected_sequence=sequence)


def teams_game(players: list[User], hands: str, opening: str) -> Game:
    """A Teams game of ``players`` dealt ``hands``, just after Alice's ``opening`` move."""
    config = {"players": 4, "mode": "speed-run", "teams": True}
    alice, *others = players
    game = game_open(creator=alice, name="Teams", config=config)
    for user in others:
        game_join(game=game, user=user, token=game.invite_token)
    game = game_start(game=game, by=alice, rng=StackedDeck(hands))
    for seat, picked in enumerate(PICKS):
        play(game, seat, f"pick {picked}")
    play(game, 0, opening)
    game.refresh_from_db()
    return game


@pytest.fixture
def teams(alice: User, bob: User, carol: User, dave: User) -> Game:
    """The Teams game, just after Alice's Block on the players between."""
    return teams_game([alice, bob, carol, dave], FOUR_HANDS, "block between")


#: What each seat reads of Alice's Block, in English and in French.
READS = {
    "en": [
        "You: play Block on the players between you and your partner. Blocked player: bob.",
        "alice: play Block on the players between alice and their partner carol. "
        "Blocked player: you.",
        "alice: play Block on the players between alice and you. Blocked player: bob.",
        "alice: play Block on the players between alice and their partner carol. "
        "Blocked player: bob.",
    ],
    "fr": [
        f"Vous{NBSP}: jouer Block sur les joueurs entre vous et votre partenaire. "
        f"Joueur bloqué{NBSP}: bob.",
        f"alice{NBSP}: jouer Block sur les joueurs entre les partenaires alice et carol. "
        f"Joueur bloqué{NBSP}: vous.",
        f"alice{NBSP}: jouer Block sur les joueurs entre alice et vous. Joueur bloqué{NBSP}: bob.",
        f"alice{NBSP}: jouer Block sur les joueurs entre les partenaires alice et carol. "
        f"Joueur bloqué{NBSP}: bob.",
    ],
}


def seated(game: Game) -> list[User]:
    return [seat.user for seat in game.seats.order_by("number")]


def as_player(user: User, language: str) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    return client


def table_reads(game: Game, language: str) -> list[str]:
    """The latest entry of the table's history, as each seat reads it."""
    said = []
    for user in seated(game):
        page = as_player(user, language).get(f"/games/{game.pk}/").content.decode()
        history = re.search(r'<ol reversed id="table-history".*?</ol>', page, re.S)
        assert history, page
        latest = re.search(r"<li[^>]*>(.*?)</li>", history.group(0), re.S)
        assert latest
        said.append(html.unescape(latest.group(1)).strip())
    return said


def replay_reads(game: Game) -> list[str]:
    """The replay's latest step, as each seat reads it."""
    step = game.last_sequence
    return [
        said_at(
            as_player(user, "en").get(f"/games/{game.pk}/replay/?step={step}").content.decode(),
            step,
        )
        for user in seated(game)
    ]


def latest_api_events(game: Game) -> list[dict[str, Any]]:
    """The API's latest event, as each seat reads it."""
    return [
        as_player(user, "en").get(f"/api/games/{game.pk}/events/").json()["results"][-1]
        for user in seated(game)
    ]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_table_history_names_whom_the_block_blocked(teams: Game, language: str) -> None:
    assert table_reads(teams, language) == READS[language]


def test_the_replay_names_whom_the_block_blocked(teams: Game) -> None:
    assert replay_reads(teams) == READS["en"]


def test_the_blocked_players_mail_says_the_block_blocked_them(teams: Game) -> None:
    # A Block lets its player act again: Alice lays a pli, and Bob's turn comes, which,
    # blocked, he must pass (or lay Num-X). His mail tells him why.
    play(teams, 0, "play blue-16")
    assert store.load(teams.pk, teams.rules).state.turn == 1  # type: ignore[attr-defined]
    body = turn_mail_now(teams, 1).body
    assert f"- {READS['en'][1]}\n- alice: lay blue 16." in body


def test_the_api_events_name_whom_the_block_blocked(teams: Game) -> None:
    events = latest_api_events(teams)
    assert [event["action"]["effects"] for event in events] == [{"blocked": [1]}] * 4
    assert [event["description"] for event in events] == READS["en"]


# Quantum: with teams, a Quantum on one player locks their whole team's score rows.

DUO_CONFIG = {"players": 4, "teams": True}
FOUR = ["alice", "bob", "carol", "dave"]
#: Alice's Quantum on Bob, as recorded in a Teams game: it locks Bob and his partner Dave.
ON_BOB = {"type": "quantum", "target": 1, "effects": {"locked": [1, 3]}}


@pytest.mark.parametrize(
    ("language", "reads"),
    [
        (
            "en",
            [
                "You: play Quantum on bob. Locked players: bob and dave.",
                "alice: play Quantum on you. Locked players: you and dave.",
                "alice: play Quantum on bob. Locked players: bob and dave.",
                "alice: play Quantum on bob. Locked players: bob and you.",
                "alice: play Quantum on bob. Locked players: bob and dave.",
            ],
        ),
        (
            "fr",
            [
                f"Vous{NBSP}: jouer Quantique sur bob. Joueurs verrouillés{NBSP}: bob et dave.",
                f"alice{NBSP}: jouer Quantique sur vous. Joueurs verrouillés{NBSP}: vous et dave.",
                f"alice{NBSP}: jouer Quantique sur bob. Joueurs verrouillés{NBSP}: bob et dave.",
                f"alice{NBSP}: jouer Quantique sur bob. Joueurs verrouillés{NBSP}: bob et vous.",
                f"alice{NBSP}: jouer Quantique sur bob. Joueurs verrouillés{NBSP}: bob et dave.",
            ],
        ),
    ],
)
def test_a_quantum_on_a_team_player_names_both_players_it_locked_as_each_reader_knows_them(
    language: str, reads: list[str]
) -> None:
    locked = entry(0, ON_BOB)
    with translation.override(language):
        for viewer, read in zip([0, 1, 2, 3, None], reads, strict=True):
            assert NUMX.describe_event(locked, FOUR, viewer, DUO_CONFIG) == read


def test_a_quantum_as_a_shadows_bonus_or_taken_back_names_the_players_it_locked() -> None:
    bonus = {
        "type": "play",
        "cards": ["shadow-10"],
        "bonus": {"type": "quantum", "target": 0},
        "effects": {"locked": [0, 2]},
    }
    taken = {
        "type": "take",
        "index": 0,
        "play": {"type": "quantum", "target": 2},
        "effects": {"locked": [0, 2]},
    }
    with translation.override("en"):
        assert NUMX.describe_event(entry(1, bonus), FOUR, 2, DUO_CONFIG) == (
            "bob: lay Shadow 10, then play Quantum on alice. Locked players: alice and you."
        )
        assert NUMX.describe_event(entry(3, taken), FOUR, 0, DUO_CONFIG) == (
            "dave: take back score card 1 and play Quantum on carol. Locked players: you and carol."
        )


def test_a_quantum_without_teams_names_its_one_player_once() -> None:
    on_bob = {"type": "quantum", "target": 1, "effects": {"locked": [1]}}
    with translation.override("en"):
        assert NUMX.describe_event(entry(0, on_bob), TRIO, 1, TRIO_CONFIG) == (
            "alice: play Quantum on you."
        )


@pytest.fixture
def quantum(alice: User, bob: User, carol: User, dave: User) -> Game:
    """The Teams game, just after Alice opens the first trick with a Quantum on Bob."""
    return teams_game(
        [alice, bob, carol, dave], FOUR_HANDS.replace("block", "quantum"), "quantum 1"
    )


#: What each seat reads of Alice's Quantum, in English and in French.
QUANTUM_READS = {
    "en": [
        "You: play Quantum on bob. Locked players: bob and dave.",
        "alice: play Quantum on you. Locked players: you and dave.",
        "alice: play Quantum on bob. Locked players: bob and dave.",
        "alice: play Quantum on bob. Locked players: bob and you.",
    ],
    "fr": [
        f"Vous{NBSP}: jouer Quantique sur bob. Joueurs verrouillés{NBSP}: bob et dave.",
        f"alice{NBSP}: jouer Quantique sur vous. Joueurs verrouillés{NBSP}: vous et dave.",
        f"alice{NBSP}: jouer Quantique sur bob. Joueurs verrouillés{NBSP}: bob et dave.",
        f"alice{NBSP}: jouer Quantique sur bob. Joueurs verrouillés{NBSP}: bob et vous.",
    ],
}


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_table_history_names_whom_the_quantum_locked(quantum: Game, language: str) -> None:
    assert table_reads(quantum, language) == QUANTUM_READS[language]


def test_the_replay_names_whom_the_quantum_locked(quantum: Game) -> None:
    assert replay_reads(quantum) == QUANTUM_READS["en"]


def test_the_next_players_mail_says_the_quantum_locked_them(quantum: Game) -> None:
    # A Quantum does not let its player act again: Bob's turn comes next.
    assert store.load(quantum.pk, quantum.rules).state.turn == 1  # type: ignore[attr-defined]
    body = turn_mail_now(quantum, 1).body
    assert f"- {QUANTUM_READS['en'][1]}\n" in body


def test_the_api_events_name_whom_the_quantum_locked(quantum: Game) -> None:
    events = latest_api_events(quantum)
    assert [event["action"]["effects"] for event in events] == [{"locked": [1, 3]}] * 4
    assert [event["description"] for event in events] == QUANTUM_READS["en"]
