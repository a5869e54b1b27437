"""NMBR 9 on the site: its table, its forms, its words, its options (the game's adapter)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from django import forms
from django.utils.translation import gettext as _

from games.engine.nmbr9 import CARDS, DECK
from games.engine.nmbr9.rulebook import RULES as RULEBOOK
from games.engine.ruleset import Progress
from games.rulesets.nmbr9 import api as nmbr9_api
from games.rulesets.nmbr9 import descriptions, preview
from games.rulesets.nmbr9.forms import Nmbr9Options, PlaceForm, move_forms
from games.rulesets.site import ApiSchema

if TYPE_CHECKING:
    from games.presenters import Table


class Nmbr9Site:
    """How the site shows and plays NMBR 9."""

    title = "NMBR 9"
    table_template = "games/nmbr9/table.html"
    howto_template = "games/nmbr9/howto.html"
    rulebook: ClassVar[Mapping[str, str]] = RULEBOOK
    #: docs/rules-nmbr9.md names the test of each decision, for developers; players read the
    #: how-to and the rules.
    rules_reference = None
    #: Every card must be placed: there is no pass to order in advance.
    standing_orders: ClassVar[Mapping[str, str]] = {}
    api = ApiSchema(
        config=nmbr9_api.Nmbr9ConfigSerializer,
        view=nmbr9_api.Nmbr9ViewSerializer,
        pending=nmbr9_api.Nmbr9PendingSerializer,
        actions=nmbr9_api.ACTION_SERIALIZERS,
        notation_help=nmbr9_api.NOTATION_HELP,
        enums=nmbr9_api.ENUMS,
        events=nmbr9_api.EVENTS,
        facts=nmbr9_api.FACTS,
        chance_moves=nmbr9_api.CHANCE_MOVES,
        outlook=nmbr9_api.Nmbr9OutlookSerializer,
    )

    def new_game_form(self, data: Mapping[str, Any] | None = None) -> Nmbr9Options:
        return Nmbr9Options(data)

    def describe_config(self, config: Mapping[str, Any]) -> str:
        return descriptions.config(config)

    def describe_progress(self, progress: Progress) -> str:
        return descriptions.progress(progress.phase, progress.step)

    def describe_action(
        self,
        action: Mapping[str, Any],
        names: Sequence[str],
        config: Mapping[str, Any],
        viewer: int | None = None,
    ) -> str:
        return descriptions.action(action, names)

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

    def choice_help(self, view: Mapping[str, Any], names: Sequence[str]) -> str:
        """The player's own stack drawn from above, and a legal placement written out: a
        reply may send it as it is, or start from it."""
        written = preview.example(view)
        shown = [descriptions.stack_help(view)]
        if written:
            shown.append(_("For example: %(move)s") % {"move": written})
        return "\n".join(line for line in shown if line)

    def describe_score_line(self, rule: str) -> str:
        return descriptions.score_rule(rule)

    def describe_score(self, score: int) -> str:
        return descriptions.score(score)

    def move_forms(
        self, table: Table, form_key: str, data: Mapping[str, Any] | None = None
    ) -> dict[str, forms.Form]:
        found = move_forms(table, form_key, data)
        place = found.get("place")
        if isinstance(place, PlaceForm):
            place.preview = preview.for_form(table, place)
        return found

    def preview(self, table: Table, query: Mapping[str, str]) -> dict[str, Any] | None:
        """Where the seat's tile would land at the square and turn of ``query`` (the
        placement form's fields), legal or not, from the seat's own stack only."""
        shown = preview.read(table, query)
        return None if shown is None else {"pick": shown}

    def outlook(
        self, view: Mapping[str, Any], seat: int, action: Mapping[str, Any]
    ) -> dict[str, Any]:
        """Where the seat's legal placement would lie and what it would score: the table's
        preview of it, from the seat's own stack."""
        shown = preview.judge(
            view["stacks"][seat], action["digit"], action["x"], action["y"], action["turn"]
        )
        assert shown.level is not None, "the engine judged this placement legal"
        return {"level": shown.level, "points": shown.digit * shown.level, "verdict": shown.verdict}

    def player_context(self, view: Mapping[str, Any], seat: int) -> dict[str, Any]:
        tiles = view["stacks"][seat]
        return {
            "tiles": tiles,
            "score": view["scores"][seat],
            "placed": view["placed"][seat],
            "height": max((tile["level"] for tile in tiles), default=-1) + 1,
        }

    def table_context(self, table: Table) -> dict[str, Any]:
        view = table.view
        seat = table.seat
        turned = Counter(view["turned"])
        per_digit = Counter(DECK)
        return {
            "card": view["card"],
            # "a 7", "an 8": the card with its article, in the reader's language.
            "a_card": descriptions.a_digit(view["card"]) if view["card"] is not None else "",
            "number": len(view["turned"]),
            "cards": CARDS,
            "cards_left": view["cards_left"],
            # The cards still face down, by digit: what may yet come (the order stays hidden).
            "to_come": [(digit, per_digit[digit] - turned[digit]) for digit in sorted(per_digit)],
            # The order of those still face down, once the game is over (its replay shows
            # it at every step, apart from the cards turned up by then).
            "deck_to_come": view["deck"][len(view["turned"]) :] if view["deck"] else [],
            "tiles": view["stacks"][seat] if seat is not None else [],
            "placed": seat is not None and bool(view["placed"][seat]),
            "pending": view.get("pending"),
        }


SITE = Nmbr9Site()
