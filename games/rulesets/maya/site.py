"""Maya on the site: its table, its forms, its words, its options (the game's adapter)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from django import forms
from django.utils.translation import ngettext

from games.descriptions import number
from games.engine.maya import MayaConfig, Play, Played, parse_cards
from games.engine.maya.cards import Card, Kind
from games.engine.maya.rulebook import RULES as RULEBOOK
from games.engine.maya.turns import continues, resolve
from games.engine.ruleset import Progress
from games.rulesets.maya import api as maya_api
from games.rulesets.maya import descriptions
from games.rulesets.maya.forms import MayaOptions, move_forms
from games.rulesets.site import ApiSchema

if TYPE_CHECKING:
    from games.presenters import Table


class MayaSite:
    """How the site shows and plays Maya mystery numbers."""

    title = "Maya"
    table_template = "games/maya/table.html"
    howto_template = "games/maya/howto.html"
    rulebook: ClassVar[Mapping[str, str]] = RULEBOOK
    #: docs/rules-maya.md names the test of each decision, for developers; players read the
    #: how-to and the rules.
    rules_reference = None
    #: Every turn plays a card (or guesses): there is no pass to order in advance.
    standing_orders: ClassVar[Mapping[str, str]] = {}
    api = ApiSchema(
        config=maya_api.MayaConfigSerializer,
        view=maya_api.MayaViewSerializer,
        pending=maya_api.MayaPendingSerializer,
        actions=maya_api.ACTION_SERIALIZERS,
        notation_help=maya_api.NOTATION_HELP,
        enums=maya_api.ENUMS,
        events=maya_api.EVENTS,
        facts=maya_api.FACTS,
        chance_moves=maya_api.CHANCE_MOVES,
    )

    def new_game_form(self, data: Mapping[str, Any] | None = None) -> MayaOptions:
        return MayaOptions(data)

    def describe_config(self, config: Mapping[str, Any]) -> str:
        return descriptions.config(config)

    def describe_progress(self, progress: Progress) -> str:
        return descriptions.progress(progress.phase, progress.round - 1, progress.step)

    def describe_action(
        self,
        action: Mapping[str, Any],
        names: Sequence[str],
        config: Mapping[str, Any],
        viewer: int | None = None,
    ) -> str:
        return descriptions.action(action, names, viewer)

    def describe_event(
        self,
        entry: Mapping[str, Any],
        names: Sequence[str],
        viewer: int | None,
        config: Mapping[str, Any],
    ) -> str:
        return descriptions.event(entry, names, viewer)

    def describe_task(self, view: Mapping[str, Any], out_of_turn: bool = False) -> str:
        return descriptions.task(view, out_of_turn)

    def describe_score_line(self, rule: str) -> str:
        return descriptions.score_rule(rule)

    def describe_score(self, score: int) -> str:
        return ngettext("%(n)d token", "%(n)d tokens", score) % {"n": score}

    def refusal_argument(self, value: object) -> str:
        """A card a refusal names, in the reader's words; anything else (a number) as it is."""
        return descriptions.card(str(value)) if isinstance(value, Card) else str(value)

    def move_forms(
        self, table: Table, form_key: str, data: Mapping[str, Any] | None = None
    ) -> dict[str, forms.Form]:
        return move_forms(table, form_key, data)

    def player_context(self, view: Mapping[str, Any], seat: int) -> dict[str, Any]:
        return {
            "hand_size": view["hand_sizes"][seat],
            "hand": view["hands"][seat],
            "secret": view["secrets"][seat],
            "won": view["won"][seat],
            "guessed": view["guessed"][seat],
            "left": view["left"][seat],
        }

    def table_context(self, table: Table) -> dict[str, Any]:
        view = table.view
        seat = table.seat
        hand = list(view["hands"][seat] or []) if seat is not None else []
        discard = view["discard"]
        # A Joker turned up and not yet named, or the game over: there is no count for a
        # card to change.
        countless = view["phase"] in ("start", "game-over")
        # The cards a legal play starts with now: marked in the hand (none when it is not
        # the seat's turn, when every card is shown as it is).
        plays = table.moves.of_kind("play") if table.moves else []
        playable = {move.action["cards"][0]["card"] for move in plays}
        return {
            "count": view["count"],
            "choosing": view["phase"] == "start",
            "dealer": table.players[MayaConfig.from_json(view["config"]).dealer],
            "direction": descriptions.direction(view["direction"]),
            "top": discard[-1] if discard else None,
            "hand": [
                (name, "" if countless else _effect(view, name), name in playable) for name in hand
            ],
            "playing": bool(playable),
            "secret": view["secrets"][seat] if seat is not None else None,
        }


def _effect(view: Mapping[str, Any], name: str) -> str:
    """What a card of the hand would do to the count: "5 → 9", "5 → 0, then another card if
    you like"."""
    count = view["count"]
    (card,) = parse_cards(name)
    before = number(count)
    if card.kind is Kind.JOKER:
        return f"{before} \u2192 {number(count - 5)}…{number(count + 5)}"
    config = MayaConfig.from_json(view["config"])
    made = resolve(count, view["direction"], Play((Played(card),)), config)
    after = f"{before} \u2192 {number(made.total)}"
    if card.kind is Kind.TEMPLE:
        return descriptions.another_if_you_like(after)
    if continues(card, config):
        return descriptions.then_another(after)
    return after


SITE = MayaSite()
