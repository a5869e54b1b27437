"""A game's history as records: the facts chance decided during each action, and what each
viewer may read of a recorded action.

An action's JSON says what a player chose; its *facts* say what the cards decided — the
card a draw took, the cards a Malus or a round-2 refill drew — so that a log reads on its
own and a verifier can check that replaying it gives the same draws. Both are private in
places: :func:`redact` gives the version a seat (or a spectator) may see, the way
:func:`~games.engine.numx.view.view` does for states.
"""

from __future__ import annotations

from typing import Any

from games.engine.numx.state import GameState, MalusResolution, Phase


def facts(before: GameState, after: GameState) -> dict[str, Any]:
    """What chance decided between ``before`` and ``after`` (one action apart).

    ``from_pile`` maps each seat (as a string, JSON-style) to the cards it took from the
    draw pile during the action, into its hand or into a Malus's pending score draw.
    """
    taken = len(before.pile) - len(after.pile)
    if taken <= 0 or before.pile[taken:] != after.pile:
        return {}
    from_pile = set(before.pile[:taken])
    received: dict[str, list[str]] = {}
    pending_draws = {
        task.seat: task.drawn
        for task in (after.pending.tasks if isinstance(after.pending, MalusResolution) else ())
    }
    for seat in range(after.players):
        new_cards = set(after.hands[seat]) - set(before.hands[seat])
        cards = [card for card in after.hands[seat] if card in new_cards and card in from_pile]
        cards += [card for card in pending_draws.get(seat, ()) if card in from_pile]
        if cards:
            received[str(seat)] = [card.face.text for card in cards]
    return {"from_pile": received} if received else {}


def revealed(state: GameState) -> dict[str, bool]:
    """Which secrets the current ``state`` has already revealed to everyone."""
    over = state.phase is Phase.GAME_OVER
    return {
        "all": over,
        "picks": over or state.phase is not Phase.OPENING_PICK,
        "choices": over or state.phase is not Phase.BETWEEN_ROUNDS,
    }


def redact(
    seat: int,
    action: dict[str, Any],
    recorded_facts: dict[str, Any],
    viewer: int | None,
    now: dict[str, bool],
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The action JSON and facts of ``seat``'s recorded action as ``viewer`` may read them
    (``None``: a spectator), given what the game reveals ``now`` (:func:`revealed`)."""
    if now["all"]:
        return action, recorded_facts
    own = viewer == seat
    kind = action.get("type")
    if kind in ("deal", "shuffle"):
        action = {"type": kind, "cards": len(action.get("order", ()))}
    elif kind == "pick" and not (own or now["picks"]):
        action = {"type": "pick"}
    elif kind in ("refill", "reset") and not (own or now["choices"]):
        action = {"type": "choice"}
    elif kind == "distribute" and not own:
        action = {
            **action,
            "placements": [
                p if p.get("face_up") else {**p, "card": None} for p in action["placements"]
            ],
        }
    received = recorded_facts.get("from_pile")
    if received:
        recorded_facts = {
            "from_pile": {
                who: cards if viewer is not None and who == str(viewer) else [None] * len(cards)
                for who, cards in received.items()
            }
        }
    return action, recorded_facts
