"""What the history says a Swipe, a Flip on everyone and a Malus did to the score rows,
wherever it is read (the table, the replay, the mails, the API's events all say it with the
same words): who received the cards a Swipe slid, whom a Flip or a Swipe on everyone
reached when a Quantum spared someone, and from whose row a Malus removed each card, as
each reader knows them ("you" for their own seat).

The events are played on positions and recorded as the site records them (the engine's
effects, then what each reader may see of them), so a sentence can only say what its
reader could see at the table."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import translation

from games.bots import play_bot_move
from games.descriptions import and_list, who
from games.engine.numx import GameConfig, GameState, apply, parse_action
from games.engine.numx.history import effects, redact, revealed
from games.engine.numx.notation import action_to_json
from games.engine.numx.positions import arrange
from games.events import store
from games.events.models import Event
from games.lobby import game_join, game_open, game_start
from games.models import Game
from games.rulesets.numx.site import SITE as NUMX
from tests.games.test_numx_block_history import latest_api_events, replay_reads, table_reads
from tests.notifications.conftest import turn_mail_now

NBSP = "\u00a0"
TRIO = ["alice", "bob", "carol"]
CONFIG = GameConfig(3)
#: Its configuration as the game records it (the edition says whom a Malus on all hits).
RECORDED = {"players": 3, "edition": CONFIG.edition}
#: Two score cards in each row; Bob's second lies face down, known to nobody.
ROWS = ["blue-1 blue-2", "red-1 ?red-2", "green-1 green-2"]


def position(alice_holds: str, bob_holds: str = "flip") -> GameState:
    """Alice (seat 0) to play, holding ``alice_holds``; Bob holds ``bob_holds``."""
    hands = [f"{alice_holds} blue-9 blue-10", f"{bob_holds} red-9 red-10", "green-9 green-10"]
    return arrange(CONFIG, hands, ROWS)


def reads(state: GameState, seat: int, move: str) -> list[str]:
    """``seat``'s ``move`` on ``state`` in the history, as Alice, Bob, Carol and a
    spectator read it."""
    action = parse_action(move)
    after = apply(state, seat, action)
    recorded = {**action_to_json(action), "effects": effects(state, seat, action, after)}
    said = []
    for viewer in (0, 1, 2, None):
        seen, _ = redact(seat, recorded, {}, viewer, revealed(after), CONFIG)
        entry: dict[str, Any] = {"seat": seat, "type": "move", "action": seen}
        said.append(NUMX.describe_event(entry, TRIO, viewer, RECORDED))
    return said


def locked_by_carols_quantum(bob_holds: str) -> GameState:
    """Bob to play ``bob_holds``, after Alice's Quantum on Carol's row."""
    return apply(position("quantum", bob_holds), 0, parse_action("quantum 2"))


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        (
            "en",
            [
                "You: play Swipe right on bob. "
                "1 score card slid to a neighbouring row, received by carol.",
                "alice: play Swipe right on you. "
                "1 score card slid to a neighbouring row, received by carol.",
                "alice: play Swipe right on bob. "
                "1 score card slid to a neighbouring row, received by you.",
                "alice: play Swipe right on bob. "
                "1 score card slid to a neighbouring row, received by carol.",
            ],
        ),
        (
            "fr",
            [
                f"Vous{NBSP}: jouer Swipe vers la droite sur bob. "
                "1 carte Score a glissé dans une zone de score voisine, reçue par carol.",
                f"alice{NBSP}: jouer Swipe vers la droite sur vous. "
                "1 carte Score a glissé dans une zone de score voisine, reçue par carol.",
                f"alice{NBSP}: jouer Swipe vers la droite sur bob. "
                "1 carte Score a glissé dans une zone de score voisine, reçue par vous.",
                f"alice{NBSP}: jouer Swipe vers la droite sur bob. "
                "1 carte Score a glissé dans une zone de score voisine, reçue par carol.",
            ],
        ),
    ],
)
def test_a_swipe_names_who_received_the_card_it_slid(language: str, expected: list[str]) -> None:
    # Bob's rightmost card (face down, known to nobody) goes to Carol, his next seat.
    with translation.override(language):
        assert reads(position("swipe"), 0, "swipe right 1") == expected


def test_a_card_on_everyone_that_reached_all_names_the_receivers_and_nobody_spared() -> None:
    with translation.override("en"):
        slid = reads(position("swipe"), 0, "swipe left all")
        flipped = reads(position("flip"), 0, "flip all")
    assert slid[1] == (
        "alice: play Swipe left on everyone. "
        "3 score cards slid to neighbouring rows, received by alice, you and carol."
    )
    assert flipped[2] == "alice: play Flip on everyone. 6 score cards turned over."


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        (
            "en",
            [
                "bob: play Flip on everyone. 4 score cards turned over. "
                "Players affected: you and bob.",
                "You: play Flip on everyone. 4 score cards turned over. "
                "Players affected: alice and you.",
                "bob: play Flip on everyone. 4 score cards turned over. "
                "Players affected: alice and bob.",
                "bob: play Flip on everyone. 4 score cards turned over. "
                "Players affected: alice and bob.",
            ],
        ),
        (
            "fr",
            [
                f"bob{NBSP}: jouer Flip sur tous les joueurs. 4 cartes Score retournées. "
                f"Joueurs touchés{NBSP}: vous et bob.",
                f"Vous{NBSP}: jouer Flip sur tous les joueurs. 4 cartes Score retournées. "
                f"Joueurs touchés{NBSP}: alice et vous.",
                f"bob{NBSP}: jouer Flip sur tous les joueurs. 4 cartes Score retournées. "
                f"Joueurs touchés{NBSP}: alice et bob.",
                f"bob{NBSP}: jouer Flip sur tous les joueurs. 4 cartes Score retournées. "
                f"Joueurs touchés{NBSP}: alice et bob.",
            ],
        ),
    ],
)
def test_a_flip_on_everyone_names_only_the_players_a_quantum_did_not_spare(
    language: str, expected: list[str]
) -> None:
    with translation.override(language):
        assert reads(locked_by_carols_quantum("flip"), 1, "flip all") == expected


def test_a_swipe_on_everyone_names_only_the_players_a_quantum_did_not_spare() -> None:
    # Carol's locked row neither gives nor receives: only Alice's card slides, to Bob.
    with translation.override("en"):
        said = reads(locked_by_carols_quantum("swipe"), 1, "swipe right all")
    assert said[0] == (
        "bob: play Swipe right on everyone. "
        "1 score card slid to a neighbouring row, received by bob. "
        "Players affected: you and bob."
    )


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        (
            "en",
            [
                "You: play Malus (hand +1, score \u22122) on every opponent. "
                "Score cards removed from bob's row: red 1 and red 2. "
                "Score cards removed from carol's row: green 1 and green 2.",
                "alice: play Malus (hand +1, score \u22122) on every opponent. "
                "Score cards removed from your row: red 1 and red 2. "
                "Score cards removed from carol's row: green 1 and green 2.",
            ],
        ),
        (
            "fr",
            [
                f"Vous{NBSP}: jouer Malus (main +1, score \u22122) sur chaque adversaire. "
                f"Cartes Score retirées chez bob{NBSP}: rouge 1 et rouge 2. "
                f"Cartes Score retirées chez carol{NBSP}: vert 1 et vert 2.",
                f"alice{NBSP}: jouer Malus (main +1, score \u22122) sur chaque adversaire. "
                f"Cartes Score retirées de votre zone de score{NBSP}: rouge 1 et rouge 2. "
                f"Cartes Score retirées chez carol{NBSP}: vert 1 et vert 2.",
            ],
        ),
    ],
)
def test_a_malus_says_from_whose_row_it_removed_each_score_card(
    language: str, expected: list[str]
) -> None:
    # The Malus's -2 with a true minus sign (U+2212): failed before, a hyphen-minus.
    # Both opponents' rows are no longer than the Malus's -2: they go at once, the face-down
    # red 2 too (the discard is public).
    with translation.override(language):
        assert reads(position("malus+1/-2"), 0, "malus+1/-2 all")[:2] == expected


def test_a_malus_answer_says_the_card_left_its_players_row() -> None:
    answering = apply(position("malus+2/-1"), 0, parse_action("malus+2/-1 1"))
    with translation.override("en"):
        said = reads(answering, 1, "resolve remove 0")
    assert said[1] == (
        "You: answer the Malus: remove a score card. Score card removed from your row: red 1."
    )
    assert said[0] == (
        "bob: answer the Malus: remove a score card. Score card removed from bob's row: red 1."
    )


# A game played to its first Swipe, read where players read it -------------------------------


def slid_by_a_swipe(game: Game) -> bool:
    """Whether the game's latest event is a Swipe (however played) that moved a card."""
    latest = Event.objects.filter(game=game).order_by("-sequence").first()
    assert latest is not None
    payload = latest.payload
    played = [payload, payload.get("bonus") or {}, payload.get("play") or {}]
    return any(part.get("type") == "swipe" for part in played) and bool(
        (payload.get("effects") or {}).get("moved")
    )


@pytest.fixture
def swiped(alice: User, bob: User, carol: User) -> tuple[Game, list[int]]:
    """A game of Alice, Bob and Carol, played at random up to its first Swipe that moved
    score cards; the seats that received them."""
    game = game_open(creator=alice, name="Swipe", config={"players": 3, "mode": "speed-run"})
    for user in (bob, carol):
        game_join(game=game, user=user, token=game.invite_token)
    game = game_start(game=game, by=alice, rng=random.Random(2))
    rng = random.Random(5)
    while not slid_by_a_swipe(game):
        assert play_bot_move(game, rng), "the game ended first"
    game.refresh_from_db()
    moved = Event.objects.get(game=game, sequence=game.last_sequence).payload["effects"]["moved"]
    return game, sorted({entry["to"] for entry in moved})


def receivers_as_read(receivers: list[int]) -> list[str]:
    """The end of a Swipe's sentence ("received by …"), as Alice, Bob and Carol read it."""
    return [
        "received by " + and_list([who(seat, viewer, TRIO) for seat in receivers]) + "."
        for viewer in range(3)
    ]


def test_the_table_replay_mail_and_api_name_who_received_a_swipes_cards(
    swiped: tuple[Game, list[int]],
) -> None:
    game, receivers = swiped
    expected = receivers_as_read(receivers)
    with translation.override("en"):
        for said in (table_reads(game, "en"), replay_reads(game)):
            assert [read.endswith(end) for read, end in zip(said, expected, strict=True)] == [
                True
            ] * 3, said
        api = [event["description"] for event in latest_api_events(game)]
        assert [read.endswith(end) for read, end in zip(api, expected, strict=True)] == [True] * 3
        to_act = store.load(game.pk, game.rules).state.turn  # type: ignore[attr-defined]
        assert api[to_act] in turn_mail_now(game, to_act).body
