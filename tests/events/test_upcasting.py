"""Schema evolution: events written with an old payload shape still replay."""

import copy
import json
from pathlib import Path
from types import SimpleNamespace

import pytest

from games.engine.numx import GameConfig
from games.engine.numx.payload_versions import plays_action_card
from games.events import store
from games.events.log import LogError, export_game, import_log, verify
from games.events.models import Event
from games.events.upcasting import REGISTRIES, Upcasters, upcasters
from games.registry import rule_set
from games.rulesets.numx import descriptions
from games.selectors import event_log
from tests.chains import unlinked

pytestmark = pytest.mark.django_db

NUMX = rule_set("numx")
UPCASTERS = upcasters(NUMX)

STORED_V1_LOG = Path(__file__).with_name("data") / "speed-run-v1.json"


def test_a_payload_goes_through_each_upcaster_in_turn() -> None:
    registry = Upcasters()
    registry.register("play", 1)(lambda p: {"cards": p["faces"]})
    registry.register("play", 2)(lambda p: {**p, "checked": True})
    assert registry.current("play") == 3 and registry.current("pass") == 1
    assert registry.upcast("play", 1, {"faces": ["blue-1"]}) == {
        "cards": ["blue-1"],
        "checked": True,
    }
    assert registry.upcast("play", 3, {"cards": []}) == {"cards": []}
    with pytest.raises(ValueError):
        registry.register("play", 1)(lambda p: p)


def test_a_stored_version_1_log_replays_after_an_upcaster_is_added(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    log = json.loads(STORED_V1_LOG.read_text())
    assert {event["version"] for event in log["events"]} == {1}
    before = verify(log).state

    # The next version of "play" names the cards "laid" instead of "cards": the replay code
    # now reads "laid", and one more upcaster, after those already registered, turns stored
    # version-1 payloads into that version.
    evolved = copy.deepcopy(UPCASTERS)
    evolved.register("play", UPCASTERS.current("play"))(
        lambda payload: {"laid": payload.pop("cards"), **payload}
    )
    monkeypatch.setitem(REGISTRIES, "numx", evolved)
    read_v2 = store.rule_set("numx").action_from_json

    def from_v2(payload: dict[str, object]) -> object:
        if payload.get("type") == "play":
            assert "cards" not in payload, "replay must only see the newest payloads"
            payload = {**payload, "cards": payload["laid"]}
        return read_v2(payload)

    monkeypatch.setattr(
        type(store.rule_set("numx")), "action_from_json", lambda self, p: from_v2(p)
    )
    assert verify(log).state == before
    game = import_log(log)
    assert set(Event.objects.filter(game=game).values_list("version", flat=True)) == {1}
    assert store.load(game.pk, "numx", cache=False).state == before
    assert unlinked(export_game(game.pk)["events"]) == log["events"]


def test_each_rule_set_has_its_own_payload_versions() -> None:
    """Event types are a rule set's own: another game's "play" is not NUM-X's, and does
    not go through NUM-X's steps."""

    another_game = SimpleNamespace(
        name="other", payload_upcasters={("play", 1): lambda p: {**p, "v2": True}}
    )
    other = upcasters(another_game)  # type: ignore[arg-type]
    try:
        assert other.current("play") == 2 and other.current("swipe") == 1
        assert other.upcast("swipe", 1, {"type": "swipe"}) == {"type": "swipe"}
        assert UPCASTERS.upcast("play", 1, {"type": "play", "cards": []}) == {
            "type": "play",
            "cards": [],
        }
    finally:
        REGISTRIES.pop("other")


def test_action_card_events_are_at_version_2_the_others_still_at_1() -> None:
    for kind in ("flip", "swipe", "block", "eclair", "quantum", "malus", "resolve", "play", "take"):
        assert UPCASTERS.current(kind) == 2
    for kind in ("created", "deal", "pick", "pass", "draw", "distribute", "game-ended"):
        assert UPCASTERS.current(kind) == 1


def test_a_version_1_action_card_reads_with_its_effects_not_recorded() -> None:
    swipe = {"type": "swipe", "direction": "right", "target": "all"}
    bonus = {"type": "play", "cards": ["shadow-0"], "bonus": {"type": "block", "target": 1}}
    taken = {"type": "take", "index": 0, "play": {"type": "flip", "target": 0}}
    plain = {"type": "play", "cards": ["blue-3"]}
    laid = {"type": "take", "index": 0, "play": plain}

    assert UPCASTERS.upcast("swipe", 1, swipe) == {**swipe, "effects": None}
    assert UPCASTERS.upcast("play", 1, bonus) == {**bonus, "effects": None}
    assert UPCASTERS.upcast("take", 1, taken) == {**taken, "effects": None}
    assert UPCASTERS.upcast("play", 1, plain) == plain
    assert UPCASTERS.upcast("take", 1, laid) == laid
    recorded = {**swipe, "effects": {"moved": []}}
    assert UPCASTERS.upcast("swipe", 2, recorded) == recorded


def test_the_stored_version_1_log_still_verifies_imports_and_reads_after_effects() -> None:
    log = json.loads(STORED_V1_LOG.read_text())
    assert {event["version"] for event in log["events"]} == {1}
    assert not any("effects" in event["payload"] for event in log["events"])

    verified = verify(log)
    game = import_log(log)

    assert verified.summary["phase"] == "game-over"
    assert store.load(game.pk, "numx", cache=False).state == verified.state
    assert unlinked(export_game(game.pk)["events"]) == log["events"]
    cards_played = [e for e in store.read(game.pk, NUMX) if plays_action_card(e.payload)]
    assert {e.type for e in cards_played} >= {"block", "swipe", "malus", "quantum"}
    assert all(e.payload["effects"] is None for e in cards_played)
    names = [seat["name"] for seat in log["game"]["seats"]]
    played = GameConfig.from_json(game.config)
    for viewer in (0, 1, None):
        for entry in event_log(game, viewer):
            if entry["type"] in {e.type for e in cards_played}:
                assert entry["action"].get("effects", None) is None
            assert descriptions.event(entry, names, viewer, played)


def test_a_version_1_event_that_claims_effects_has_them_checked() -> None:
    log = json.loads(STORED_V1_LOG.read_text())
    swipe = next(e for e in log["events"] if e["type"] == "swipe")
    swipe["payload"] = {**swipe["payload"], "effects": {"moved": []}}

    with pytest.raises(LogError) as error:
        verify(log)

    assert (error.value.sequence, error.value.rule) == (swipe["sequence"], "log.effects")
