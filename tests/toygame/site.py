"""Toy on the site: its table, its forms, its words (the game's adapter, ``SITE``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from django import forms

from games.descriptions import and_list, common_event
from games.engine.ruleset import Progress
from games.events.store import PLATFORM_EVENTS
from tests.toygame.api import TOY_API
from tests.toygame.forms import BidForm, TakeForm, ToyOptions
from tests.toygame.rules import STATEMENTS

if TYPE_CHECKING:
    from games.moves import Move
    from games.presenters import Table


class ToySite:
    """How the site shows and plays Toy."""

    title = "Toy"
    table_template = "games/toy/table.html"
    howto_template = "games/toy/howto.html"
    standing_orders: ClassVar[Mapping[str, str]] = {}
    rulebook: ClassVar[Mapping[str, str]] = STATEMENTS
    rules_reference = None
    api = TOY_API

    def new_game_form(self, data: Mapping[str, Any] | None = None) -> ToyOptions:
        return ToyOptions(data)

    def describe_config(self, config: Mapping[str, Any]) -> str:
        return f"Toy, {config['players']} players, a pile of {config.get('pile', 10)}"

    def describe_progress(self, progress: Progress) -> str:
        return "Game over" if progress.phase == "game-over" else f"Turn {progress.step}"

    def describe_action(
        self,
        action: Mapping[str, Any],
        names: Sequence[str],
        config: Mapping[str, Any],
        viewer: int | None = None,
    ) -> str:
        if action["type"] == "deal":
            return "deals the lucky charms"
        if action["type"] == "bid":
            return "bids" if action["count"] is None else f"bids {action['count']}"
        return f"takes {action['count']}"

    def describe_event(
        self,
        entry: Mapping[str, Any],
        names: Sequence[str],
        viewer: int | None,
        config: Mapping[str, Any],
    ) -> str:
        action = entry["action"]
        if entry["type"] == "created":
            return f"The table is set for {and_list(names)}."
        if entry["type"] == "game-ended":
            return f"The game is over. Winner: {and_list([names[s] for s in action['winners']])}."
        if entry["type"] in PLATFORM_EVENTS:  # resigned, called off: every game says them alike
            return str(common_event(entry, names, viewer))
        who = "Chance" if entry["seat"] == -1 else names[entry["seat"]]
        return f"{who} {self.describe_action(action, names, config)}."

    def describe_task(self, view: Mapping[str, Any], out_of_turn: bool = False) -> str:
        if view["phase"] == "bid":
            return "Bid 1, 2 or 3 for the first turn, in secret."
        return f"Take 1, 2 or 3 of the {view['pile']} tokens left."

    def describe_score_line(self, rule: str) -> str:
        return {"last-token": "took the last token"}.get(rule, rule)

    def describe_score(self, score: int) -> str:
        return f"{score} won"

    def move_forms(
        self, table: Table, form_key: str, data: Mapping[str, Any] | None = None
    ) -> dict[str, forms.Form]:
        if not table.moves:
            return {}
        initial = {"expected_sequence": table.sequence, "idempotency_key": form_key}
        kind = "bid" if table.view["phase"] == "bid" else "take"
        form = BidForm if kind == "bid" else TakeForm
        bound = data if data is not None and data.get("form") == kind else None
        return {kind: form(bound, prefix=kind, initial=initial)}

    def player_context(self, view: Mapping[str, Any], seat: int) -> dict[str, Any]:
        charms = view["charms"]
        return {"charm": charms[seat] if charms else None}

    def table_context(self, table: Table) -> dict[str, Any]:
        charms = table.view["charms"]
        mine = charms[table.seat] if charms and table.seat is not None else None
        return {"pile": table.view["pile"], "my_charm": mine}

    def likely_moves(self, moves: Sequence[Move], view: Mapping[str, Any]) -> Sequence[Move]:
        """A "your turn" email letters the biggest takes first (LikelyMoves): whoever can
        take the last tokens wants to."""
        return sorted(moves, key=lambda move: -int(move.action["count"]))


SITE = ToySite()
