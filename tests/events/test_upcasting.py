"""Schema evolution: events written with an old payload shape still replay."""

import json
from pathlib import Path

import pytest

from games.events import store
from games.events.log import export_game, import_log, verify
from games.events.models import Event
from games.events.upcasting import Upcasters

pytestmark = pytest.mark.django_db

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

    # Version 2 of "play" names the cards "laid" instead of "cards": the replay code now
    # reads "laid", and an upcaster turns stored version-1 payloads into version 2.
    evolved = Upcasters()
    evolved.register("play", 1)(lambda payload: {"laid": payload.pop("cards"), **payload})
    monkeypatch.setattr("games.events.log.UPCASTERS", evolved)
    monkeypatch.setattr("games.events.store.UPCASTERS", evolved)
    read_v2 = store.rule_set("numx").action_from_json

    def from_v2(payload: dict[str, object]) -> object:
        if payload.get("type") == "play":
            assert "cards" not in payload, "replay must only see version-2 payloads"
            payload = {**payload, "cards": payload["laid"]}
        return read_v2(payload)

    monkeypatch.setattr(
        type(store.rule_set("numx")), "action_from_json", lambda self, p: from_v2(p)
    )
    assert verify(log).state == before
    game = import_log(log)
    assert set(Event.objects.filter(game=game).values_list("version", flat=True)) == {1}
    assert store.load(game.pk, "numx", cache=False).state == before
    assert export_game(game.pk)["events"] == log["events"]
