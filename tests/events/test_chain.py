"""Each game's hash chain: links written with every append, heads nobody can recompute
before the game is over, chance committed to, and logs whose chain breaks refused."""

from __future__ import annotations

import copy
import hashlib
import json
import random
from collections.abc import Callable
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
import rfc8785
from django.conf import settings
from django.core.management import CommandError, call_command
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from games.bots import bot_seats, play_bot_move
from games.events import chain, store
from games.events.log import LogError, export_game, import_log, verify
from games.events.models import Chain, Event, Link
from games.models import Game
from games.registry import rule_set
from games.services import game_create
from tests.chains import assert_chained, forged, unlinked

pytestmark = pytest.mark.django_db

STORED_V1_LOG = Path(__file__).with_name("data") / "speed-run-v1.json"


def committed_game(rules: str = "numx", config: dict[str, Any] | None = None) -> Game:
    """A game of bots driven by the test, its chance drawn from its committed seed (no
    ``rng`` given to the service, as the lobby and tournaments create games)."""
    config = config or {"players": 3, "mode": "speed-run"}
    seats = bot_seats(config["players"], automatic=False)
    return game_create(name="Committed", config=config, seats=seats, rules=rules)


def play(game: Game, moves: int = 100_000, seed: int = 1) -> Game:
    """Up to ``moves`` bot moves (their choices drawn from ``seed``; chance from the game's)."""
    rng = random.Random(seed)
    for _ in range(moves):
        if not play_bot_move(game, rng):
            break
    game.refresh_from_db()
    return game


@pytest.fixture(scope="module")
def finished_log(django_db_setup: None, django_db_blocker: Any) -> dict[str, Any]:
    """The log of a whole committed game, played once for the module (a minute on a busy
    machine) and rolled back: the tests read, change and import copies of it."""
    with django_db_blocker.unblock(), transaction.atomic():
        log = export_game(play(committed_game()).pk)
        transaction.set_rollback(True)
    return log


@pytest.fixture
def log(finished_log: dict[str, Any]) -> dict[str, Any]:
    return copy.deepcopy(finished_log)


# --- Appends ---------------------------------------------------------------------------------


def test_every_event_is_linked_at_its_append_from_the_game_header() -> None:
    game = play(committed_game(), moves=12)
    links = list(Link.objects.filter(game_id=game.pk).order_by("sequence"))
    assert [link.sequence for link in links] == list(range(game.last_sequence + 1))
    assert_chained(game.pk)
    keys = Chain.objects.get(game=game)
    assert keys.linked_late_by == "" and keys.linked_late_through == 0
    header = chain.header("numx", game.config, keys.commitment)
    assert links[0].hash == chain.header_hash(keys.salt, header)


def test_a_move_reads_the_link_it_follows_with_the_games_row_not_on_its_own() -> None:
    game = play(committed_game(), moves=3)
    with CaptureQueriesContext(connection) as queries:
        play(game, moves=1)
    link_reads = [
        q["sql"] for q in queries.captured_queries if q["sql"].startswith('SELECT "games_link"')
    ]
    assert link_reads == []
    assert_chained(game.pk)


def test_a_refused_move_writes_no_link() -> None:
    game = play(committed_game(), moves=3)
    before = Link.objects.count()
    with pytest.raises(store.AppendRefused), transaction.atomic():
        store.append(
            game.pk,
            rule_set("numx"),
            expected_last=game.last_sequence - 1,
            events=[store.NewEvent("pass", {"type": "pass"}, seat=0)],
        )
    assert Link.objects.count() == before
    assert_chained(game.pk)


def test_links_and_keys_are_never_changed_nor_removed() -> None:
    game = committed_game()
    link = Link.objects.filter(game_id=game.pk).first()
    assert link is not None
    link.hash = "0" * 64
    with pytest.raises(Exception, match="immutable"):
        link.save()
    with pytest.raises(Exception, match="immutable"):
        Link.objects.filter(game_id=game.pk).update(hash="0" * 64)
    with pytest.raises(Exception, match="immutable"):
        Chain.objects.filter(game=game).delete()


# --- Hidden information ----------------------------------------------------------------------


def test_a_printed_head_cannot_be_recomputed_by_guessing_a_hidden_secret() -> None:
    """Maya: Bob knows the head printed before the tokens were mixed and the one after,
    and (generously) everything of the mixing event but Alice's secret number, one of 21.
    Hashing each guess as the chain would without its salt finds nothing; the same attack
    with the salt, which nobody has before the game is over, finds the secret at once."""
    game = committed_game("maya", {"players": 2})
    mixed = Event.objects.get(game=game, type="mix")
    secret = mixed.payload["facts"]["tokens"]["0"]
    before = store.head(game.pk, mixed.sequence - 1)
    after = store.head(game.pk, mixed.sequence)
    assert before is not None and after is not None

    def guessed(number: int) -> dict[str, Any]:
        payload = copy.deepcopy(mixed.payload)
        payload["facts"]["tokens"]["0"] = number
        return chain.event_json(
            mixed.sequence, mixed.type, mixed.seat, payload, mixed.version, mixed.recorded_at
        )

    def unsalted(event: dict[str, Any]) -> str:
        digest = chain.LINK_TAG + bytes.fromhex(before.hash) + rfc8785.dumps(event)
        return hashlib.sha256(digest).hexdigest()

    guesses = range(-10, 11)
    assert secret in guesses
    assert not [n for n in guesses if unsalted(guessed(n)) == after.hash]
    assert not [n for n in guesses if unsalted(guessed(n))[: chain.SHORT] == after.short]
    salt = Chain.objects.get(game=game).salt
    found = [n for n in guesses if chain.link_hash(before.hash, salt, guessed(n)) == after.hash]
    assert found == [secret]


def test_a_head_shows_the_secrets_only_when_asked_to_reveal_them() -> None:
    game = committed_game()
    keys = Chain.objects.get(game=game)
    link = Link.objects.get(game_id=game.pk, sequence=game.last_sequence).hash
    hidden = store.head(game.pk, game.last_sequence)
    assert hidden == store.Head(game.last_sequence, link, keys.commitment)
    assert hidden.salt is None and hidden.seed is None
    shown = store.head(game.pk, game.last_sequence, reveal=True)
    assert shown is not None and (shown.salt, shown.seed) == (keys.salt, keys.seed)
    assert chain.commitment(keys.salt, keys.seed) == keys.commitment


# --- Chance committed to -----------------------------------------------------------------------


def test_every_chance_move_is_the_one_the_committed_seed_draws(log: dict[str, Any]) -> None:
    rules = rule_set("numx")
    keys = log["chain"]
    assert chain.commitment(keys["salt"], keys["seed"]) == keys["commitment"]
    state: Any = None
    chance_moves = 0
    for event in log["events"]:
        if event["type"] == "created":
            state = rules.new_game(event["payload"]["config"])
            continue
        if event["seat"] is None:
            continue
        action = rules.action_from_json(store.action_json(event["payload"]))
        if event["seat"] == rules.chance:
            drawn = rules.chance_action(state, chain.chance_rng(keys["seed"], event["sequence"]))
            assert rules.action_to_json(drawn) == rules.action_to_json(action)
            chance_moves += 1
        state = rules.apply(state, event["seat"], action)
    assert chance_moves >= 1
    assert verify(log).chance_checked


def test_a_deal_changed_mid_game_is_caught_even_with_the_chain_forged_to_follow(
    log: dict[str, Any],
) -> None:
    """The server deals the cards again (another legal deal) and rewrites the chain: the
    replay checks every later move against it, and the seed says the deal is not its own."""
    rules = rule_set("numx")
    deal = next(e for e in log["events"] if e["seat"] == rules.chance)
    other = rules.chance_action(rules.new_game(log["game"]["config"]), random.Random(99))
    bad = copy.deepcopy(log)
    bad["events"][deal["sequence"] - 1]["payload"] = rules.action_to_json(other)
    with pytest.raises(LogError) as refused:
        verify(forged(bad))
    assert (refused.value.sequence, refused.value.rule) == (deal["sequence"], "log.chance")


def test_a_seed_other_than_the_one_committed_to_is_refused(log: dict[str, Any]) -> None:
    bad = copy.deepcopy(log)
    bad["chain"]["seed"] = chain.new_secret()
    with pytest.raises(LogError) as refused:
        verify(bad)
    assert (refused.value.sequence, refused.value.rule) == (0, "log.commitment")


def test_a_caller_that_draws_chance_itself_gets_a_chain_without_commitment() -> None:
    game = game_create(
        name="Drawn by its caller",
        config={"players": 2, "mode": "speed-run"},
        seats=bot_seats(2, automatic=False),
        rng=random.Random(5),
    )
    keys = Chain.objects.get(game=game)
    assert keys.seed == "" and keys.commitment == ""
    assert_chained(game.pk)


# --- Verifying and importing -------------------------------------------------------------------


def test_a_finished_games_log_verifies_with_its_head(log: dict[str, Any]) -> None:
    assert log["format"] == 2
    verified = verify(log)
    assert verified.summary["phase"] == "game-over"
    assert verified.head == log["events"][-1]["hash"]


def swapped(log: dict[str, Any], number: int) -> dict[str, Any]:
    """Events ``number`` and ``number + 1`` in each other's place, renumbered."""
    bad = copy.deepcopy(log)
    events = bad["events"]
    events[number - 1], events[number] = events[number], events[number - 1]
    events[number - 1]["sequence"], events[number]["sequence"] = number, number + 1
    return bad


def removed(log: dict[str, Any], number: int) -> dict[str, Any]:
    """Event ``number`` removed, those after it renumbered."""
    bad = copy.deepcopy(log)
    del bad["events"][number - 1]
    for later in bad["events"][number - 1 :]:
        later["sequence"] -= 1
    return bad


def tampered(log: dict[str, Any], number: int) -> dict[str, Any]:
    """Event ``number`` said to have been recorded at another time."""
    bad = copy.deepcopy(log)
    bad["events"][number - 1]["recorded_at"] = "2020-01-01T00:00:00+00:00"
    return bad


@pytest.mark.parametrize(
    ("spoil", "at"),
    [
        pytest.param(tampered, 7, id="a changed event"),
        pytest.param(swapped, 9, id="two events swapped"),
        pytest.param(removed, 11, id="an event removed"),
    ],
)
def test_verify_names_the_first_broken_link(
    log: dict[str, Any], spoil: Callable[[dict[str, Any], int], dict[str, Any]], at: int
) -> None:
    with pytest.raises(LogError) as refused:
        verify(spoil(log, at))
    assert (refused.value.sequence, refused.value.rule) == (at, "log.chain")
    assert f"the chain breaks at event {at}" in str(refused.value)


def test_a_changed_payload_breaks_its_own_link(log: dict[str, Any]) -> None:
    bad = copy.deepcopy(log)
    move = next(e for e in bad["events"] if e["type"] == "pick")
    move["payload"]["reason"] = "bot"
    with pytest.raises(LogError) as refused:
        verify(bad)
    assert (refused.value.sequence, refused.value.rule) == (move["sequence"], "log.chain")


def test_a_wrong_salt_breaks_the_chain_at_its_start(log: dict[str, Any]) -> None:
    bad = copy.deepcopy(log)
    bad["chain"]["salt"] = chain.new_secret()
    with pytest.raises(LogError) as refused:
        verify(bad)
    assert (refused.value.sequence, refused.value.rule) == (0, "log.chain")


def test_a_forged_log_whose_chain_follows_is_caught_by_a_printed_head(
    log: dict[str, Any],
) -> None:
    """Once the game is over anyone may rehash a changed log: the heads players were
    emailed during the game still say what it was."""
    printed = {20: chain.short(log["events"][19]["hash"])}
    assert verify(log, printed).events == len(log["events"])
    bad = copy.deepcopy(log)
    bad["events"][14]["recorded_at"] = "2020-01-01T00:00:00+00:00"
    with pytest.raises(LogError) as refused:
        verify(forged(bad), printed)
    assert (refused.value.sequence, refused.value.rule) == (20, "log.witness")


def test_import_refuses_a_broken_chain_and_writes_nothing(log: dict[str, Any]) -> None:
    counts = [Game.objects.count(), Event.objects.count(), Chain.objects.count()]
    links = Link.objects.count()
    with pytest.raises(LogError) as refused:
        import_log(tampered(log, 5))
    assert refused.value.sequence == 5
    assert [Game.objects.count(), Event.objects.count(), Chain.objects.count()] == counts
    assert Link.objects.count() == links


def test_an_imported_log_keeps_its_chain_so_its_printed_heads_still_hold(
    log: dict[str, Any],
) -> None:
    copy_ = import_log(log, name="Archived")
    again = export_game(copy_.pk)
    assert again["chain"] == log["chain"]
    assert [e["hash"] for e in again["events"]] == [e["hash"] for e in log["events"]]
    assert_chained(copy_.pk)


def test_a_log_of_format_1_verifies_by_replay_and_imports_with_a_chain_made_then() -> None:
    old = json.loads(STORED_V1_LOG.read_text())
    assert old["format"] == 1
    assert verify(old).head is None
    with pytest.raises(LogError) as refused:
        verify(old, {3: "0" * 12})
    assert refused.value.rule == "log.witness"
    game = import_log(old)
    keys = Chain.objects.get(game=game)
    assert (keys.linked_late_by, keys.linked_late_through) == ("import", len(old["events"]))
    assert keys.commitment == ""
    again = export_game(game.pk)
    assert again["format"] == 2 and unlinked(again["events"]) == old["events"]
    assert verify(again).head == again["events"][-1]["hash"]


def test_the_verify_command_checks_heads_printed_in_emails(
    log: dict[str, Any], tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(log))
    out = StringIO()
    witness = f"12:{chain.short(log['events'][11]['hash'])}"
    call_command("numx", "verify", str(path), "--witness", witness, stdout=out)
    report = json.loads(out.getvalue())
    assert report["chain_head"] == log["events"][-1]["hash"] and report["chance_checked"]
    with pytest.raises(CommandError, match="event 12: the head printed"):
        call_command("numx", "verify", str(path), "--witness", "12:0123456789ab")


# --- What a log says about who played ---------------------------------------------------------


def renamed(log: dict[str, Any], **header: Any) -> dict[str, Any]:
    """``log`` whose header (its ``game`` section) says ``header`` instead: the name, the
    seats, as an editor of the file would change them."""
    bad = copy.deepcopy(log)
    bad["game"].update(header)
    return bad


@pytest.mark.parametrize(
    "header",
    [
        pytest.param(
            {
                "seats": [
                    {"name": "Forged Player", "bot": False},
                    *([{"name": "B", "bot": True}] * 2),
                ]
            },
            id="the seats",
        ),
        pytest.param({"name": "Forged game"}, id="the game's name"),
        pytest.param({"id": 424242}, id="the game's number"),
        pytest.param({"site": "https://elsewhere.example"}, id="the site"),
    ],
)
def test_a_header_saying_who_played_otherwise_than_the_chain_is_refused(
    log: dict[str, Any], header: dict[str, Any]
) -> None:
    """Failed before: the header is not chained, so the name and the players a log names
    could be changed and still verify with a genuine head from the game's emails, and an
    import showed "Forged Player" under the original heads. The creation (event 1, chained)
    records the game and its seats; the header must say the same."""
    witness = {5: chain.short(log["events"][4]["hash"])}
    assert verify(log, witness).events == len(log["events"])

    with pytest.raises(LogError) as refused:
        verify(renamed(log, **header), witness)

    assert (refused.value.sequence, refused.value.rule) == (1, "log.header")
    games = Game.objects.count()
    with pytest.raises(LogError):
        import_log(renamed(log, **header))
    assert Game.objects.count() == games


def test_a_log_vouches_for_the_game_and_the_players_its_creation_recorded(
    log: dict[str, Any],
) -> None:
    created = log["events"][0]["payload"]
    report = verify(log).report()
    assert report["vouched"] == {
        "site": settings.SITE_URL,
        "id": created["game"]["id"],
        "name": "Committed",
        "seats": created["seats"],
    }
    assert log["game"]["name"] == "Committed" and log["game"]["seats"] == created["seats"]
    imported = import_log(log)
    assert imported.name == "Committed"
    assert [seat["name"] for seat in created["seats"]] == list(
        imported.seats.order_by("number").values_list("name", flat=True)
    )


def test_an_export_names_the_players_as_the_game_recorded_them_at_its_start(
    log: dict[str, Any],
) -> None:
    """A player who renamed themselves since is named in the log as the chain recorded
    them (the table shows today's name): the log verifies."""
    game = import_log(log)
    game.seats.filter(number=0).update(name="Renamed since")
    again = export_game(game.pk)
    assert again["game"]["seats"] == log["game"]["seats"]
    assert verify(again).events == len(log["events"])


def test_a_log_of_a_game_created_before_games_were_named_in_it_vouches_for_no_name(
    log: dict[str, Any],
) -> None:
    """A game created by an earlier release: its creation records the seats, not the game;
    the name its header gives is not the chain's, so an import does not take it."""
    old = copy.deepcopy(log)
    del old["events"][0]["payload"]["game"]
    for key in ("site", "id"):
        del old["game"][key]
    old["game"]["name"] = "Whatever the file says"
    old = forged(old)  # as its chain was made then

    report = verify(old).report()

    assert report["vouched"]["name"] is None and report["vouched"]["id"] is None
    assert report["vouched"]["seats"] == log["game"]["seats"]
    assert import_log(old).name == "Imported game"
    assert import_log(old, name="Archived by hand").name == "Archived by hand"


def test_a_log_of_format_1_vouches_for_nothing_and_its_import_takes_no_name() -> None:
    old = json.loads(STORED_V1_LOG.read_text())
    assert verify(old).report()["vouched"] is None
    game = import_log(old)
    assert game.name == "Imported game"
    assert list(game.seats.values_list("name", flat=True)) == ["Bot 1", "Bot 2"]


def test_a_log_cut_before_the_end_verifies_as_unfinished_and_is_not_imported(
    log: dict[str, Any],
) -> None:
    """Failed before: a log cut at event 400 of 460 imported as a running game (whose bots
    and clock would then have played on). Verify still vouches for what it holds, says the
    game is not over in it, and a head printed for a later event shows the cut."""
    cut = copy.deepcopy(log)
    keep = len(log["events"]) - 10
    cut["events"] = cut["events"][:keep]

    report = verify(cut, {keep: chain.short(log["events"][keep - 1]["hash"])}).report()

    assert report["events"] == keep and report["over"] is False
    assert verify(log).report()["over"] is True
    with pytest.raises(LogError) as later:
        verify(cut, {keep + 5: chain.short(log["events"][keep + 4]["hash"])})
    assert later.value.rule == "log.witness"
    games = Game.objects.count()
    with pytest.raises(LogError) as refused:
        import_log(cut)
    assert (refused.value.sequence, refused.value.rule) == (keep, "log.unfinished")
    assert Game.objects.count() == games
