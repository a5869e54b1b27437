"""Toy: the pure rules of a test-only game that proves the platform is game-agnostic.

A pile of tokens; players take 1 to 3 in turn; whoever takes the last token wins. Before the
first turn chance deals each seat a secret lucky charm, shown only to its seat until the game
ends. With the option ``bids``, every seat then bids 1 to 3 in secret, all at once (as in
Goofspiel), the bids revealed together once all are in; the highest bid starts. No Django
here: this is an engine, like ``games/engine/numx``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from itertools import permutations
from typing import Any

from games.engine.ruleset import (
    ConfigError,
    IllegalAction,
    NotationError,
    Outcome,
    Progress,
    RuleSet,
    ScoreLine,
)

CHANCE = -1
CHARMS = ("clover", "horseshoe", "ladybird", "acorn", "wishbone", "seashell")
MOST_TAKEN = 3
#: Each rule's id and statement, as a refusal names them.
STATEMENTS = {
    "deal.charms": "Chance first deals each seat one lucky charm, all different.",
    "bid.secret": "With bids, every seat first bids 1 to 3 in secret, once; the highest starts.",
    "turn.order": "Players take tokens in turn, seat after seat.",
    "take.count": "A player takes 1, 2 or 3 tokens, never more than the pile holds.",
    "game.over": "Nobody moves once the last token is taken.",
}


@dataclass(frozen=True)
class Deal:
    """Chance deals one charm per seat (the action carries its outcome)."""

    charms: tuple[str, ...]

    def __str__(self) -> str:
        return "deal " + " ".join(self.charms)


@dataclass(frozen=True)
class Bid:
    """A seat's secret bid for the first turn."""

    count: int

    def __str__(self) -> str:
        return f"bid {self.count}"


@dataclass(frozen=True)
class Take:
    """A player takes ``count`` tokens from the pile."""

    count: int

    def __str__(self) -> str:
        return f"take {self.count}"


@dataclass(frozen=True)
class ToyState:
    """The whole game: the pile, whose turn, how many turns were played, the charms."""

    players: int
    pile: int
    charms: tuple[str, ...] = ()
    turn: int = 0
    turns: int = 0
    winner: int | None = None
    #: Each seat's secret bid (None: not yet), while the table bids; empty without bids.
    bids: tuple[int | None, ...] = ()

    @property
    def bidding(self) -> bool:
        return any(bid is None for bid in self.bids)


Action = Deal | Bid | Take


@dataclass(frozen=True)
class Listed:
    """A seat's legal actions, few enough to list."""

    actions: tuple[Action, ...]
    listable = True

    def __contains__(self, action: object) -> bool:
        return action in self.actions

    def __iter__(self) -> Iterator[Action]:
        return iter(self.actions)

    def __bool__(self) -> bool:
        return bool(self.actions)

    def sample(self, rng: random.Random) -> Action:
        return rng.choice(self.actions)


def _refuse(rule: str, message: str) -> IllegalAction:
    return IllegalAction(rule, message, STATEMENTS[rule])


class ToyRules(RuleSet[ToyState]):
    """Toy behind :class:`games.engine.ruleset.RuleSet`."""

    name = "toy"
    min_players = 2
    max_players = 4
    state_format = "toy-state-2"
    state_type = ToyState
    #: Who has bid shows while the others still bid.
    marks_of_others = frozenset({"awaiting", "bids_made"})

    # The rules ----------------------------------------------------------------------------

    def new_game(self, config: Mapping[str, Any]) -> ToyState:
        players, pile = config.get("players"), config.get("pile", 10)
        bids = config.get("bids", False)
        if not isinstance(bids, bool):
            raise ConfigError("Toy's bids are on or off")
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise ConfigError("Toy is for 2 to 4 players")
        if not isinstance(pile, int) or not 1 <= pile <= 30:
            raise ConfigError("Toy's pile holds 1 to 30 tokens")
        return ToyState(players, pile, bids=(None,) * players if bids else ())

    def apply(self, state: ToyState, seat: int, action: Action) -> ToyState:
        if state.winner is not None:
            raise _refuse("game.over", "the game is over")
        if not state.charms:
            if seat != CHANCE or action not in self.legal_actions(state, CHANCE):
                raise _refuse("deal.charms", "the charms must be dealt first")
            return replace(state, charms=action.charms)
        if state.bidding:
            if not isinstance(action, Bid) or action not in self.legal_actions(state, seat):
                raise _refuse("bid.secret", "bid 1, 2 or 3, once, before anybody takes")
            bids = tuple(action.count if n == seat else b for n, b in enumerate(state.bids))
            if None in bids:
                return replace(state, bids=bids)
            return replace(state, bids=bids, turn=bids.index(max(bid or 0 for bid in bids)))
        if seat != state.turn:
            raise _refuse("turn.order", "it is not your turn")
        if not isinstance(action, Take) or not 1 <= action.count <= min(MOST_TAKEN, state.pile):
            raise _refuse("take.count", f"you cannot take that from a pile of {state.pile}")
        pile = state.pile - action.count
        return replace(
            state,
            pile=pile,
            turn=(seat + 1) % state.players,
            turns=state.turns + 1,
            winner=seat if pile == 0 else None,
        )

    def legal_actions(self, state: ToyState, seat: int) -> Listed:
        if seat not in self.to_act(state):
            return Listed(())
        if seat == CHANCE:
            return Listed(tuple(Deal(charms) for charms in permutations(CHARMS, state.players)))
        if state.bidding:
            return Listed(tuple(Bid(n) for n in range(1, MOST_TAKEN + 1)))
        return Listed(tuple(Take(n) for n in range(1, min(MOST_TAKEN, state.pile) + 1)))

    def to_act(self, state: ToyState) -> frozenset[int]:
        if state.winner is not None:
            return frozenset()
        if not state.charms:
            return frozenset({CHANCE})
        if state.bidding:
            return frozenset(n for n, bid in enumerate(state.bids) if bid is None)
        return frozenset({state.turn})

    def outcome(self, state: ToyState) -> Outcome | None:
        if state.winner is None:
            return None
        scores = tuple(int(seat == state.winner) for seat in range(state.players))
        breakdown = tuple((ScoreLine("last-token", score),) for score in scores)
        return Outcome(scores, frozenset({state.winner}), breakdown)

    def progress(self, state: ToyState) -> Progress:
        phase = "game-over" if state.winner is not None else "bid" if state.bidding else "play"
        awaiting = self.awaiting(state) - {CHANCE}
        return Progress(phase, round=1, step=state.turns + 1, awaiting=awaiting)

    # What each seat may know ---------------------------------------------------------------

    def view(self, state: ToyState, seat: int | None, reveal: bool = False) -> dict[str, Any]:
        shown = reveal or state.winner is not None
        return {
            "phase": self.progress(state).phase,
            "players": state.players,
            "pile": state.pile,
            "turn": state.turn,
            "turns": state.turns,
            "winner": state.winner,
            "charms": [
                charm if shown or number == seat else None
                for number, charm in enumerate(state.charms)
            ],
            "bids": [
                bid if shown or number == seat or not state.bidding else None
                for number, bid in enumerate(state.bids)
            ],
            "bids_made": [bid is not None for bid in state.bids],
        }

    def redact(
        self,
        seat: int,
        action: dict[str, Any],
        facts: dict[str, Any],
        viewer: int | None,
        now: ToyState,
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        if now.winner is not None or viewer == seat:
            return action, facts
        if action.get("type") == "bid":
            return ({**action, "count": None} if now.bidding else action), facts
        if action.get("type") != "deal":
            return action, facts
        charms = [c if n == viewer else None for n, c in enumerate(action["charms"])]
        return {**action, "charms": charms}, facts

    # Notation -----------------------------------------------------------------------------

    def action_to_json(self, action: Action) -> dict[str, Any]:
        if isinstance(action, Deal):
            return {"type": "deal", "charms": list(action.charms)}
        return {"type": self.action_type(action), "count": action.count}

    def action_from_json(self, data: Mapping[str, Any]) -> Action:
        kinds = {"deal": {"type", "charms"}, "take": {"type", "count"}, "bid": {"type", "count"}}
        fields = kinds.get(str(data.get("type")))
        if fields is None or set(data) != fields:
            raise NotationError(f"not a Toy action: {dict(data)!r}")
        if data["type"] == "deal":
            if not isinstance(data["charms"], list):
                raise NotationError("a deal's charms are a list")
            return Deal(tuple(str(charm) for charm in data["charms"]))
        if not isinstance(data["count"], int) or isinstance(data["count"], bool):
            raise NotationError(f"a {data['type']}'s count is a number")
        return Bid(data["count"]) if data["type"] == "bid" else Take(data["count"])

    def parse_action(self, text: str) -> Action:
        words = text.split()
        if len(words) == 2 and words[0] in ("take", "bid") and words[1].isdigit():
            return Bid(int(words[1])) if words[0] == "bid" else Take(int(words[1]))
        if len(words) > 1 and words[0] == "deal":
            return Deal(tuple(words[1:]))
        raise NotationError(f"not a Toy move: {text!r} (write `take 2`)")

    def action_type(self, action: Action) -> str:
        return {Deal: "deal", Bid: "bid", Take: "take"}[type(action)]

    # Chance, bots and the record ----------------------------------------------------------

    def chance_action(self, state: ToyState, rng: random.Random) -> Deal | None:
        if CHANCE not in self.to_act(state):
            return None
        return Deal(tuple(rng.sample(CHARMS, state.players)))

    def example_configs(self) -> list[dict[str, Any]]:
        """Every player count, and a table that bids for the first turn."""
        return [*super().example_configs(), {"players": 3, "bids": True}]


RULES = ToyRules()
