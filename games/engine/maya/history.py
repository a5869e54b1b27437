"""A game's history as records: what chance decided during each action (its *facts*), what a
player's action visibly did (its *effects*), and what each viewer may read of them.

Facts: the hands dealt and the card turned up (``dealt``, ``start``: its count is ``None``
when the dealer has still to name a Joker's), the cards a seat drew from the pile
(``from_pile``) and the secret tokens drawn (``tokens``). Effects: the count a
play announced, the seat a Skip passed over, a Reverse, the token a player revealed — "shown
briefly" to everyone in the expert variant means shown here, in that move's record, while
the views keep it face down — and whether a guess was right, with the guesser's token the
opponent won when it was not. :func:`redact` hides what a viewer may not see, the way
:func:`~games.engine.maya.view.view` does for states.
"""

from __future__ import annotations

from typing import Any

from games.engine.maya.actions import Action, Guess, Play
from games.engine.maya.cards import Kind
from games.engine.maya.state import How, MayaState, Phase
from games.engine.maya.turns import next_seat, resolve


def facts(before: MayaState, after: MayaState) -> dict[str, Any]:
    """What chance decided between ``before`` and ``after`` (one action apart).

    Seats are JSON object keys, so strings; every entry but ``start`` is private to its seat.
    """
    if before.phase is Phase.DEAL:
        # A Joker the dealer has yet to name starts no count: ``None`` until they choose.
        count = None if after.phase is Phase.START else after.total
        return {
            "dealt": {str(s): [str(card) for card in hand] for s, hand in enumerate(after.hands)},
            "start": {"card": str(after.discard[0]), "count": count},
        }
    if before.phase is Phase.MIX:
        return {"tokens": {str(s): secret for s, secret in enumerate(after.secrets)}}
    found: dict[str, Any] = {}
    drawn = _cards_drawn(before, after)
    if drawn:
        found["from_pile"] = drawn
    drawer = _token_drawer(before, after)
    if drawer is not None:
        found["tokens"] = {str(drawer): after.secrets[drawer]}
    return found


def _cards_drawn(before: MayaState, after: MayaState) -> dict[str, list[str]]:
    """The cards a seat took from the pile: during a turn the player drew from the top of
    the old pile; after a reshuffle the owed seat drew the last cards of its hand."""
    if before.phase is Phase.RESHUFFLE:
        assert before.owed is not None
        seat, owed = before.owed
        return {str(seat): [str(card) for card in after.hands[seat][-owed:]]}
    taken = len(before.pile) - len(after.pile)
    return {str(before.turn): [str(card) for card in before.pile[:taken]]} if taken else {}


def _token_drawer(before: MayaState, after: MayaState) -> int | None:
    """The seat that drew a new token during a turn, if one did: the player who revealed
    its token or lost it by a wrong guess, or the opponent whose token was guessed right."""
    if len(after.supply) == len(before.supply):
        return None
    actor = before.turn
    (token,) = (won[-1] for s, won in enumerate(after.won) if len(won) > len(before.won[s]))
    if token.how is not How.GUESSED:
        return actor
    holders = [s for s in before.config.seats if s != actor and before.secrets[s] == token.number]
    # Two opponents may hold the two tokens of a number: the target is the one whose
    # token changed (its new one cannot bear that number: both are out of the supply).
    return next((s for s in holders if after.secrets[s] != token.number), holders[0])


def effects(before: MayaState, seat: int, action: Action, after: MayaState) -> dict[str, Any]:
    """What ``seat``'s play or guess visibly did, JSON-ready (``{}`` for chance's actions).

    A play: ``count`` (announced), ``skipped`` (the seat that lost its turn), ``reversed``,
    ``revealed`` (the token the player matched). A guess: ``right``, and when wrong
    ``token``, the guesser's token its opponent won (private to those two).
    """
    won = len(after.won[seat]) > len(before.won[seat])
    if isinstance(action, Play):
        found: dict[str, Any] = {"count": after.total}
        kinds = {played.card.kind for played in action.cards}
        if resolve(before.total, before.direction, action, before.config).skip:
            found["skipped"] = next_seat(seat, after.direction, before.players)
        if Kind.REVERSE in kinds:
            found["reversed"] = True
        if won:
            found["revealed"] = after.won[seat][-1].number
        return found
    if isinstance(action, Guess):
        return {"right": True} if won else {"right": False, "token": before.secrets[seat]}
    return {}


def redact(
    seat: int,
    action: dict[str, Any],
    recorded_facts: dict[str, Any],
    viewer: int | None,
    now: MayaState,
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The action JSON (with its ``effects``, if recorded) and facts of ``seat``'s recorded
    action as ``viewer`` may read them (``None``: a spectator). Once the game is over,
    everything shows.

    >>> from games.engine.maya.positions import arrange
    >>> mix = {"type": "mix", "order": [3, 7]}
    >>> redact(-1, mix, {"tokens": {"0": 3, "1": 7}}, 1, arrange(["", ""]))
    ({'type': 'mix', 'tokens': 2}, {'tokens': {'0': None, '1': 7}})
    """
    if now.phase is Phase.GAME_OVER:
        return action, recorded_facts
    kind = action.get("type")
    if kind in ("deal", "mix", "shuffle"):
        order = action.get("order", ())
        hidden = {"type": kind, "tokens" if kind == "mix" else "cards": len(order)}
        action = {**hidden, **({"start": action["start"]} if "start" in action else {})}
    recorded_effects = action.get("effects")
    if (
        kind == "guess"
        and recorded_effects
        and "token" in recorded_effects
        and viewer not in (seat, action.get("target"))
    ):
        action = {**action, "effects": {**recorded_effects, "token": None}}
    return action, {
        key: _own_only(value, viewer) if key != "start" else value
        for key, value in recorded_facts.items()
    }


def _own_only(per_seat: dict[str, Any], viewer: int | None) -> dict[str, Any]:
    """A per-seat fact with every seat's entry but the viewer's hidden (``None`` for a
    token, as many ``None`` as cards for cards)."""
    return {
        who: value
        if viewer is not None and who == str(viewer)
        else [None] * len(value)
        if isinstance(value, list)
        else None
        for who, value in per_seat.items()
    }
