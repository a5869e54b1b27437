"""NUM-X on the site: its table, its forms, its descriptions, its options (the game's adapter)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.descriptions import and_list, points, signed, who
from games.engine.numx import Card, Face, GameConfig, TripleRule
from games.engine.numx.rulebook import RULES as RULEBOOK
from games.engine.ruleset import Progress
from games.models import Game, StandingOrder
from games.rulesets.letters import likeliest
from games.rulesets.numx import api as numx_api
from games.rulesets.numx import descriptions
from games.rulesets.numx.forms import NumxOptions, distribution_start, move_forms
from games.rulesets.site import ApiSchema

if TYPE_CHECKING:
    from games.moves import Move
    from games.presenters import Table

_MODES = {
    "speed-run": gettext_lazy("Speed Run"),
    "x-game": gettext_lazy("X-Game"),
    "family": gettext_lazy("Family"),
}


class NumxSite:
    """How the site shows and plays NUM-X."""

    title = "NUM-X"
    table_template = "games/numx/table.html"
    howto_template = "games/numx/howto.html"
    rulebook: ClassVar[Mapping[str, str]] = RULEBOOK
    #: docs/rules.md names the test of each decision, for developers; players read the
    #: how-to and the rules.
    rules_reference = None
    standing_orders: ClassVar[Mapping[str, str]] = {
        str(StandingOrder.Kind.PASS): gettext_lazy("Pass for the rest of this trick"),
        str(StandingOrder.Kind.NO_COMPLETION): gettext_lazy(
            "Never complete out of turn in this trick"
        ),
    }
    api = ApiSchema(
        config=numx_api.NumxConfigSerializer,
        view=numx_api.NumxViewSerializer,
        pending=numx_api.NumxPendingSerializer,
        actions=numx_api.ACTION_SERIALIZERS,
        notation_help=numx_api.NOTATION_HELP,
        enums=numx_api.ENUMS,
        events=numx_api.EVENTS,
        facts=numx_api.FACTS,
        chance_moves=numx_api.CHANCE_MOVES,
    )

    def new_game_form(self, data: Mapping[str, Any] | None = None) -> NumxOptions:
        return NumxOptions(data)

    def describe_mode(self, mode: str) -> str:
        return str(_MODES.get(mode, mode))

    def sides(self, config: Mapping[str, Any]) -> tuple[tuple[int, ...], ...]:
        # With the Teams option partners share one score: they are rated as one side.
        read = GameConfig.from_json(dict(config))
        return tuple(sorted({tuple(sorted(read.team_of(seat))) for seat in read.seats}))

    def describe_config(self, config: Mapping[str, Any]) -> str:
        mode = _MODES.get(str(config.get("mode", "speed-run")), str(config.get("mode")))
        text = _("%(mode)s, %(players)d players") % {"mode": mode, "players": config["players"]}
        if config.get("teams"):
            text += _(", teams")
        if config.get("triple_rule") == TripleRule.EVERY.value:
            text += _(", a Rainbow or Shadow in every triple")
        if config.get("infinity_on_infinity"):
            text += _(", Infinity cuts Infinity")
        if "family_scoring" in config:
            rules = [descriptions.score_rule(rule) for rule in config["family_scoring"]]
            text += _(", scoring: %(rules)s") % {"rules": and_list(rules) or _("face value only")}
        if config.get("round_two_pick"):
            text += _(", a pick at the start of round 2")
        if "malus_values" in config:
            cards = " ".join(
                f"{signed(hand)}/{signed(score)}" for hand, score in config["malus_values"]
            )
            text += _(", Malus: %(cards)s") % {"cards": cards}
        return text

    def describe_progress(self, progress: Progress) -> str:
        if progress.phase == "game-over":
            return _("Game over")
        if progress.phase in ("reshuffle", "between-rounds"):
            # X-Game's round 1 is over: a trick number would name one nobody plays.
            return _("Between rounds %(round)d and %(next)d") % {
                "round": progress.round,
                "next": progress.round + 1,
            }
        return _("Round %(round)d, trick %(trick)d") % {
            "round": progress.round,
            "trick": progress.step,
        }

    def describe_action(
        self,
        action: Mapping[str, Any],
        names: Sequence[str],
        config: Mapping[str, Any],
        viewer: int | None = None,
    ) -> str:
        return descriptions.action(dict(action), names, GameConfig.from_json(dict(config)), viewer)

    def describe_event(
        self,
        entry: Mapping[str, Any],
        names: Sequence[str],
        viewer: int | None,
        config: Mapping[str, Any],
    ) -> str:
        return descriptions.event(dict(entry), names, viewer, GameConfig.from_json(dict(config)))

    def describe_task(self, view: Mapping[str, Any], out_of_turn: bool = False) -> str:
        return descriptions.task(view, out_of_turn)

    def position_words(self, view: Mapping[str, Any], names: Sequence[str]) -> str:
        return descriptions.position(view, names)

    def likely_moves(self, moves: Sequence[Move], view: Mapping[str, Any]) -> Sequence[Move]:
        """The letters of a "your turn" email: the pass, the plis laying most cards (then
        the others, a completion, a pick, in the engine's order), the draw, and last the
        Action cards, alone or after a pli, which multiply the moves; the pass and the draw
        keep their letters however many plis there are (a player who cannot beat the pli
        draws or passes)."""
        return likeliest(moves, _likeliness, lambda move: move.kind in ("pass", "draw"))

    def choice_help(self, view: Mapping[str, Any], names: Sequence[str]) -> str:
        """A distribution by email reply: the trick's cards, how many to hand out, how a
        placement is written, the seats' numbers, and a legal distribution to start from
        (the one the table's form starts from); a Malus's answer (:func:`malus_help`)."""
        pending = view.get("pending") or {}
        if pending.get("kind") == "malus":
            return descriptions.malus_help(view)
        if pending.get("kind") != "distribution":
            return ""
        cards = list(pending["cards"])
        if pending["blank"]:
            rule = _("A blank trick: choose exactly one card of the trick and hand it out.")
        elif len(cards) == 1:
            rule = _("Hand out this card.")
        else:
            rule = _(
                "Hand out at least %(minimum)s of these %(n)s cards (half, rounded up); "
                "nobody, you included, may receive more than %(cap)s. Cards you keep back go "
                "to the discard."
            ) % {"minimum": pending["minimum"], "n": len(cards), "cap": pending["cap"]}
        receivers, starting = distribution_start(view, pending, len(names))
        example = " ".join(
            ["distribute"]
            + [
                f"{name}>{to}:up:left"
                for name, to in zip(cards, starting, strict=True)
                if to is not None
            ]
        )
        return _(
            "The cards of the trick: %(cards)s. %(rule)s Write distribute, then for each card "
            "you hand out: the card, > and the number of the player who receives it, :up or "
            ":down (face up or down), :left or :right (the end of their score row). The "
            "players: %(seats)s. For example: %(example)s"
        ) % {
            "cards": and_list([descriptions.card(name) for name in cards]),
            "rule": rule,
            # The reader's own number by "you", as every line of their mail names them.
            "seats": ", ".join(f"{n} {who(n, view['seat'], names)}" for n in receivers),
            "example": example,
        }

    def describe_score_line(self, rule: str) -> str:
        return descriptions.score_rule(rule)

    def describe_score(self, score: int) -> str:
        return points(score)

    def refusal_argument(self, value: object) -> str:
        """A card a refusal names, in the reader's words; anything else (a number) as it is."""
        if isinstance(value, Card):
            value = value.face
        if isinstance(value, Face):
            return descriptions.card(value.text)
        return str(value)

    def move_forms(
        self, table: Table, form_key: str, data: Mapping[str, Any] | None = None
    ) -> dict[str, forms.Form]:
        return move_forms(table, form_key, data)

    def player_context(self, view: Mapping[str, Any], seat: int) -> dict[str, Any]:
        return {
            "row": view["rows"][seat],
            "hand_size": view["hand_sizes"][seat],
            "blocked": seat in view["blocked"],
            "locked": seat in view["locked"],
            "hand": view["hands"][seat],
        }

    def table_context(self, table: Table) -> dict[str, Any]:
        names = [player.name for player in table.players]
        hand = table.view["hands"][table.seat] if table.seat is not None else None
        return {
            "plis": descriptions.plis(table.view, names),
            "scoring": any(pli["eligible"] for pli in table.view["plis"]),
            "last_trick": descriptions.last_trick(table.view, names),
            "face_down": descriptions.face_down_legend(table.view),
            # A finished game's table and replay show every card: nobody "knows" them.
            "revealed": table.game.status == Game.Status.FINISHED,
            "drawn": descriptions.drawn_card(table.view, names),
            "next_pli": descriptions.next_pli(
                table.view, bool(table.game.config.get("infinity_on_infinity"))
            ),
            "hand": list(hand or []),
        }


SITE = NumxSite()


#: The moves an Action card makes, played alone (after a pli, a play carries it as its bonus).
_ACTIONS = {"flip", "block", "quantum", "swipe", "eclair", "malus", "take"}


def _likeliness(move: Move) -> tuple[int, int]:
    data = move.action
    if move.kind == "pass":
        return (0, 0)
    if move.kind in _ACTIONS or data.get("bonus"):
        return (3, 0)
    if move.kind == "draw":
        return (2, 0)
    return (1, -len(data.get("cards") or ()))
