"""Objectifs on the site: its table, its forms, its words, its options (the game's adapter),
NUM-X's sibling at the table, in the mails and in the API."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from django import forms
from django.utils.translation import gettext_lazy

from games.descriptions import number, points
from games.engine.objectifs import Card
from games.engine.objectifs.errors import Writings
from games.engine.objectifs.objectives import malus_sum
from games.engine.objectifs.rulebook import RULES as RULEBOOK
from games.engine.ruleset import Progress
from games.models import Game, StandingOrder
from games.rulesets.letters import likeliest
from games.rulesets.objectifs import api as objectifs_api
from games.rulesets.objectifs import descriptions
from games.rulesets.objectifs.forms import ObjectifsOptions, move_forms
from games.rulesets.site import ApiSchema

if TYPE_CHECKING:
    from games.moves import Move
    from games.presenters import Table


def _points(names: Sequence[str]) -> int:
    """What malus cards count (an Infinity or a special card 20)."""
    return malus_sum([Card.parse(name) for name in names])


class ObjectifsSite:
    """How the site shows and plays NUM-X "Objectifs"."""

    title = "NUM-X Objectifs"
    table_template = "games/objectifs/table.html"
    howto_template = "games/objectifs/howto.html"
    rulebook: ClassVar[Mapping[str, str]] = RULEBOOK
    rules_reference = "docs/rules-objectifs.md"
    standing_orders: ClassVar[Mapping[str, str]] = {
        str(StandingOrder.Kind.PASS): gettext_lazy("Pass for the rest of this trick"),
        str(StandingOrder.Kind.NO_COMPLETION): gettext_lazy(
            "No Facteur X out of turn for me in this trick (no email about it)"
        ),
    }
    api = ApiSchema(
        config=objectifs_api.ObjectifsConfigSerializer,
        view=objectifs_api.ObjectifsViewSerializer,
        pending=objectifs_api.ObjectifsPendingSerializer,
        actions=objectifs_api.ACTION_SERIALIZERS,
        notation_help=objectifs_api.NOTATION_HELP,
        enums=objectifs_api.ENUMS,
        events=objectifs_api.EVENTS,
        facts=objectifs_api.FACTS,
        chance_moves=objectifs_api.CHANCE_MOVES,
    )

    def new_game_form(self, data: Mapping[str, Any] | None = None) -> ObjectifsOptions:
        return ObjectifsOptions(data)

    def describe_config(self, config: Mapping[str, Any]) -> str:
        return descriptions.config(config)

    def describe_progress(self, progress: Progress) -> str:
        return descriptions.progress(progress.phase, progress.round, progress.step)

    def describe_action(
        self,
        action: Mapping[str, Any],
        names: Sequence[str],
        config: Mapping[str, Any],
        viewer: int | None = None,
    ) -> str:
        return descriptions.action(action, names, config, viewer)

    def describe_event(
        self,
        entry: Mapping[str, Any],
        names: Sequence[str],
        viewer: int | None,
        config: Mapping[str, Any],
    ) -> str:
        return descriptions.event(entry, names, viewer, config)

    def describe_task(self, view: Mapping[str, Any], out_of_turn: bool = False) -> str:
        return descriptions.task(view, out_of_turn)

    def describe_score_line(self, rule: str) -> str:
        return descriptions.score_rule(rule)

    def describe_score(self, score: int) -> str:
        return points(score)

    def refusal_argument(self, value: object) -> str:
        """A card (or a value, as its classic card) a refusal names, in the reader's words;
        the moves it writes out for the player, each quoted, one or the other; anything
        else (a number) as it is."""
        if isinstance(value, Card):
            return descriptions.card(str(value))
        if isinstance(value, Writings):
            return descriptions.writings(value)
        return str(value)

    def move_forms(
        self, table: Table, form_key: str, data: Mapping[str, Any] | None = None
    ) -> dict[str, forms.Form]:
        return move_forms(table, form_key, data)

    def player_context(self, view: Mapping[str, Any], seat: int) -> dict[str, Any]:
        row = view["rows"][seat]
        phase = view["phase"]
        return {
            "row": row,
            "malus": number(_points(row)),
            "hand_size": view["hand_sizes"][seat],
            "hand": view["hands"][seat],
            "objective": view["objectives"][seat],
            "laid": phase == "setup" and view["laid"][seat],
            "lay": view["lays"][seat],
            "due": view["due"][seat] if phase == "replace" else 0,
            "total": view["totals"][seat],
            "first_out": view["first_out"] == seat,
            "owner": view["owner"] == seat and bool(view["plis"]),
        }

    def table_context(self, table: Table) -> dict[str, Any]:
        view = table.view
        names = [player.name for player in table.players]
        seat = table.seat
        hand = list(view["hands"][seat] or []) if seat is not None else []
        out_of_turn = (
            seat is not None
            and seat not in table.progress.awaiting
            and bool(table.moves and table.moves.of_kind("play"))
        )
        return {
            "plis": _named(view["plis"], names),
            "next_pli": descriptions.next_pli(view),
            "last_trick": _last_trick(view, names),
            "hand": hand,
            "objective": view["objectives"][seat] if seat is not None else None,
            "lay": view["lays"][seat] if seat is not None else None,
            "sheet": _sheet(view, names),
            "out_of_turn": descriptions.task(view, out_of_turn=True) if out_of_turn else "",
            # A finished game's table and replay show every card: nobody "knows" them.
            "revealed": table.game.status == Game.Status.FINISHED,
        }

    def position_words(self, view: Mapping[str, Any], names: Sequence[str]) -> str:
        return descriptions.position(view, names)

    def mail_moves(self, moves: Sequence[Move], view: Mapping[str, Any]) -> Sequence[Move]:
        """The moves a mail lists, the likeliest first as its letters are chosen (plain
        plis before those with an action card, which multiply them: a mail lists at most
        40 moves). At two players an Echange of every player's malus cards to the left and
        one to the right hand them to the same neighbour: the mail lists the left one
        only."""
        if len(view["rows"]) == 2:
            moves = [move for move in moves if not _passes_right(move.action)]
        return sorted(moves, key=_likeliness)

    def likely_moves(self, moves: Sequence[Move], view: Mapping[str, Any]) -> Sequence[Move]:
        """The letters of a "your turn" email: at the set-up, the pairs worth the fewest
        malus points; at the end of a trick, the completions laying the lowest cards of the
        hand first; on a turn, the plis shedding most cards of the hand (the lowest value
        first), then the draw and the pass, which keep their letters however many plis
        there are: the mail's question names them."""
        return likeliest(moves, _likeliness, lambda move: _likeliness(move)[0] in (_DRAW, _PASS))


#: The ranks of the pile's draw and of the pass in :func:`_likeliness`.
_DRAW, _PASS = 2, 3


def _passes_right(data: Mapping[str, Any]) -> bool:
    """Whether an action plays an Echange to the right, alone or after a pli."""
    if data.get("type") == "play":
        return bool(data.get("action")) and _passes_right(data["action"])
    return data.get("type") == "echange" and data.get("direction") == "right"


def _likeliness(move: Move) -> tuple[int, int, str]:
    data = move.action
    kind = move.kind
    if kind == "lay":
        return (0, _points(data["cards"]), move.notation)
    if kind == "replace":
        # A card drawn counts as an unknown one, worse than any classic card of the hand.
        return (0, _points(data["cards"]) + 14 * int(data["draws"]), move.notation)
    if kind == "play" and not data.get("action"):
        shed = len(data["cards"])
        return (1, -shed * 100 + _points(data["cards"]), move.notation)
    if kind == "draw" and "card" not in data:
        return (_DRAW, 0, move.notation)
    if kind == "pass":
        return (_PASS, 0, move.notation)
    return (4, 0, move.notation)


def _named(plis: list[dict[str, Any]], names: Sequence[str]) -> list[dict[str, Any]]:
    return [{**pli, "name": names[pli["seat"]]} for pli in plis]


def _last_trick(view: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any] | None:
    last = view["last_trick"]
    if last is None:
        return None
    return {
        "number": view["tricks"],
        "winner": names[last["winner"]],
        "plis": _named(last["plis"], names),
    }


def _sheet(view: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any] | None:
    """The score sheet: each scored round's lines for every player, their totals, and what
    each round ended with (malus cards, hands left, objectives), shown to all once scored."""
    results = view["results"]
    if not results:
        return None
    rounds = []
    for result in results:
        seats = [
            {**score, "name": names[s], "first_out": result["first_out"] == s}
            for s, score in enumerate(result["seats"])
        ]
        ender = result["seat"]
        rounds.append(
            {
                "round": result["round"],
                "end": descriptions.round_end_words(
                    result["end"], result["round"], names, ender, view["seat"]
                ),
                "seats": seats,
            }
        )
    return {"names": names, "rounds": rounds, "totals": view["totals"]}


SITE = ObjectifsSite()
