"""A game's history as records: the facts chance decided during each action, the effects of
Action cards, and what each viewer may read of a recorded action.

An action's JSON says what a player chose; its *facts* say what the cards decided — the
card a draw took, the cards a Malus or a round-2 refill drew — so that a log reads on its
own and a verifier can check that replaying it gives the same draws. The *effects* of an
Action card say what it did to the table (which score cards turned over, slid, were
swapped, removed or placed; who is blocked; which rows are locked), so that nobody has to
replay the game to know. All are private in places: :func:`redact` gives the version a seat
(or a spectator) may see, the way :func:`~games.engine.numx.view.view` does for states.
"""

from __future__ import annotations

from typing import Any

from games.engine.climbing import own_only
from games.engine.numx.action_cards import block_targets
from games.engine.numx.actions import (
    CARD_ACTIONS,
    Action,
    Block,
    CardAction,
    Play,
    Quantum,
    Resolve,
    TakeBack,
)
from games.engine.numx.cards import Card
from games.engine.numx.modes import GameConfig
from games.engine.numx.rounds import dealt_to
from games.engine.numx.state import GameState, MalusResolution, Phase, ScoreCard


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


#: The lists of :func:`effects` whose entries name score cards.
CARD_EFFECTS = ("turned", "moved", "removed", "placed")


def effects(before: GameState, seat: int, action: Action, after: GameState) -> dict[str, Any]:
    """What ``seat``'s Action card ``action`` did to the table between ``before`` and
    ``after``; ``{}`` for any other action, and for an Action card that changed no score row
    and blocked or locked nobody (a Malus that only touched hands).

    Action cards are Flip, Swipe, Eclair, Block, Quantum and Malus, whether played from the
    hand, as a Shadow's bonus (``play … + flip 1``) or taken back from the score row
    (``take 0: flip all``; the taken card leaving the row is the action's own, not an
    effect), and a Malus target's answer (``resolve``). The result is JSON-ready, with its
    keys in this order, each only when not empty:

    - ``turned``: ``[{"seat", "at", "card", "face_up", "known_to"?}]`` score cards turned
      over where they lie (Flip);
    - ``moved``: ``[{"from", "from_at", "to", "at", "card", "face_up", "known_to"?}]``
      score cards that went from one seat's row to another's, keeping their side (Swipe,
      Eclair);
    - ``removed``: ``[{"seat", "at", "card", "face_up"}]`` score cards taken out of a row
      to the discard (Malus: a short row at once, chosen ones in the answer);
    - ``placed``: ``[{"seat", "at", "card", "face_up", "known_to"?}]`` cards from the draw
      pile placed into a row (a Malus answer's ``+Y``);
    - ``blocked``: the seats the Block blocks; ``locked``: the seats the Quantum locks.

    ``seat`` names a score row; ``at`` is the card's position in it (0 = leftmost): after
    the action for a card still on the table (``at`` of ``to`` for a moved card), before it
    for a removed card and for ``from_at``. ``face_up`` is the side it shows (after the
    action; a removed card's as it lay). ``known_to`` (sorted seats) is given for a face-down
    card: who knows its face, which is who may read its name (:func:`redact`). Entries are
    ordered by seat then position (``moved``: by where they came from).
    """
    played = _action_card(action)
    if played is None:
        return {}
    taken = before.rows[seat][action.index].card if isinstance(action, TakeBack) else None
    found = _row_changes(before.rows, after.rows, taken)
    if isinstance(played, Block):
        found["blocked"] = sorted(block_targets(before, seat, played.target))
    elif isinstance(played, Quantum):
        found["locked"] = sorted(before.config.team_of(played.target))
    return found


def _action_card(action: Action) -> CardAction | Resolve | None:
    """The Action card (or Malus answer) ``action`` plays, if any."""
    if isinstance(action, (*CARD_ACTIONS, Resolve)):
        return action
    if isinstance(action, Play):
        return action.bonus
    if isinstance(action, TakeBack) and isinstance(action.play, CARD_ACTIONS):
        return action.play
    return None


def _row_changes(
    before: tuple[tuple[ScoreCard, ...], ...],
    after: tuple[tuple[ScoreCard, ...], ...],
    taken: Card | None,
) -> dict[str, Any]:
    """The score cards that turned, moved, left or arrived between two tables (cards are
    told apart by their physical identity, so two copies of a face never mix up)."""
    was = {
        sc.card: (s, i, sc)
        for s, row in enumerate(before)
        for i, sc in enumerate(row)
        if sc.card is not taken
    }
    now = {sc.card: (s, i, sc) for s, row in enumerate(after) for i, sc in enumerate(row)}
    found: dict[str, list[dict[str, Any]]] = {key: [] for key in CARD_EFFECTS}
    for card, (s, i, sc) in now.items():
        old = was.get(card)
        if old is None:
            found["placed"].append({"seat": s, "at": i, **_side(sc)})
        elif old[0] != s:
            found["moved"].append(
                {"from": old[0], "from_at": old[1], "to": s, "at": i, **_side(sc)}
            )
        elif old[2].face_up != sc.face_up:
            found["turned"].append({"seat": s, "at": i, **_side(sc)})
    for card, (s, i, sc) in was.items():
        if card not in now:
            found["removed"].append(
                {"seat": s, "at": i, "card": card.face.text, "face_up": sc.face_up}
            )
    found["moved"].sort(key=lambda entry: (entry["from"], entry["from_at"]))
    return {key: entries for key, entries in found.items() if entries}


def _side(sc: ScoreCard) -> dict[str, Any]:
    """A score card's name and side, and who knows it when it lies face down."""
    if sc.face_up:
        return {"card": sc.card.face.text, "face_up": True}
    return {"card": sc.card.face.text, "face_up": False, "known_to": sorted(sc.known_to)}


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
    config: GameConfig,
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The action JSON and facts of ``seat``'s recorded action as ``viewer`` may read them
    (``None``: a spectator), given what the game reveals ``now`` (:func:`revealed`), in a
    game of ``config``.

    A deal and a shuffle keep their ``order`` secret (``cards`` says how many it held)
    until the game is over. A deal also gives ``hands``, each seat's as dealt, by seat (as
    JSON keys): the viewer's own, every other one's hidden (as many ``None`` as cards)
    until the game is over, so that whoever replays the log finds their own cards in it.

    ``action`` may hold the action's recorded ``effects`` (:func:`effects`): a card they name
    is hidden (``"card": None``) unless the viewer could see it on the table after the
    action — face up, or face down and known to the viewer (``known_to``); a spectator sees
    face-up cards only. Removed cards went to the discard, which everyone sees.
    """
    kind = action.get("type")
    if kind == "deal":
        order = action.get("order", ())
        hands = {str(s): list(order[dealt_to(s, config)]) for s in range(config.players)}
        action = {**action, "hands": hands}
    if now["all"]:
        return action, recorded_facts
    own = viewer == seat
    if kind == "deal":
        action = {"type": kind, "cards": len(order), "hands": own_only(hands, viewer)}
    elif kind == "shuffle":
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
    recorded_effects = action.get("effects")
    if recorded_effects:
        action = {**action, "effects": _redact_effects(recorded_effects, viewer)}
    received = recorded_facts.get("from_pile")
    if received:
        recorded_facts = {"from_pile": own_only(received, viewer)}
    return action, recorded_facts


def _redact_effects(recorded: dict[str, Any], viewer: int | None) -> dict[str, Any]:
    """``recorded`` effects with the names of the cards ``viewer`` may not see hidden."""

    def seen(kind: str, entry: dict[str, Any]) -> bool:
        return (
            kind == "removed"
            or entry.get("face_up") is True
            or (viewer is not None and viewer in entry.get("known_to", ()))
        )

    return {
        kind: [
            entry if not isinstance(entry, dict) or seen(kind, entry) else {**entry, "card": None}
            for entry in value
        ]
        if isinstance(value, list)
        else value
        for kind, value in recorded.items()
    }
