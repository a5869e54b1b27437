"""Numenko on the site: its table, its forms, its words, its options (the game's adapter)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from django import forms
from django.utils.translation import gettext as _

from games.engine.numenko import Fault, Mode, Run, bare_grid
from games.engine.numenko.rulebook import RULES as RULEBOOK
from games.engine.ruleset import Progress
from games.rulesets.numenko import api as numenko_api
from games.rulesets.numenko import descriptions, preview
from games.rulesets.numenko.forms import NumenkoOptions, PlayForm, move_forms
from games.rulesets.site import ApiSchema

if TYPE_CHECKING:
    from games.presenters import Table


class NumenkoSite:
    """How the site shows and plays Numenko."""

    title = "Numenko"
    table_template = "games/numenko/table.html"
    howto_template = "games/numenko/howto.html"
    rulebook: ClassVar[Mapping[str, str]] = RULEBOOK
    rules_reference = "docs/rules-numenko.md"
    #: A move that asks for nothing may end the game (a round in which nobody asks): it is
    #: no order to give in advance.
    standing_orders: ClassVar[Mapping[str, str]] = {}
    api = ApiSchema(
        config=numenko_api.NumenkoConfigSerializer,
        view=numenko_api.NumenkoViewSerializer,
        pending=numenko_api.NumenkoPendingSerializer,
        actions=numenko_api.ACTION_SERIALIZERS,
        notation_help=numenko_api.NOTATION_HELP,
        enums=numenko_api.ENUMS,
        events=numenko_api.EVENTS,
        facts=numenko_api.FACTS,
        chance_moves=numenko_api.CHANCE_MOVES,
    )

    def describe_mode(self, mode: str) -> str:
        """A rating pool's name (``Ratings``): rounds by mail and live tables are rated
        apart, a race and a daily game being different games."""
        return descriptions.mode_name(mode)

    def why_no_bots(self, config: Mapping[str, Any]) -> str:
        """A live table seats no bot of the site's (``BotSeats``): a bot moves the moment it
        may, and at a live table it may at once and again, so it would lay its grid and say
        fini before a person made a move. A table in rounds waits for everyone."""
        if config.get("mode") != Mode.LIVE.value:
            return ""
        return _(
            "A live table is a race between people: the site's bots would play all their "
            "moves before you made one. To play Numenko against bots, open a table in rounds."
        )

    def sides(self, config: Mapping[str, Any]) -> tuple[tuple[int, ...], ...]:
        """Every seat plays for itself."""
        return tuple((seat,) for seat in range(int(config["players"])))

    def new_game_form(self, data: Mapping[str, Any] | None = None) -> NumenkoOptions:
        return NumenkoOptions(data)

    def describe_config(self, config: Mapping[str, Any]) -> str:
        return descriptions.config(config)

    def describe_progress(self, progress: Progress) -> str:
        return descriptions.progress(progress.phase, progress.round)

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

    def describe_step(
        self,
        before: Mapping[str, Any],
        after: Mapping[str, Any],
        entry: Mapping[str, Any],
        names: Sequence[str],
        viewer: int | None,
        config: Mapping[str, Any],
    ) -> str | None:
        """A replay's move in words (``ReplayWords``): the tiles laid and taken back, from
        the player's grid before it, since the replay draws the grid below, where the
        history writes it in notation for a reply to copy; a round's end without its
        grids."""
        return descriptions.replay_step(entry, before["grids"], names, viewer)

    def describe_task(self, view: Mapping[str, Any], out_of_turn: bool = False) -> str:
        return descriptions.task(view, out_of_turn)

    def choice_help(self, view: Mapping[str, Any], names: Sequence[str]) -> str:
        """The player's grid a row a line, then moves of their own tiles and grid written
        out for a reply by email: the HTML mail draws this help in a fixed-width font,
        where the grid's columns stay under each other."""
        return "\n\n".join(
            said
            for said in (descriptions.grid_lines(view), descriptions.reply_examples(view))
            if said
        )

    def reply_slip(self, said: str) -> str:
        """A reply's ``grid`` with no row after it is not played (``ReplySlips``): the rows
        were left in the quoted mail, or could not be read, and an empty grid would take
        every tile back without a word. ``grid .`` empties the grid on purpose."""
        if not bare_grid(said):
            return ""
        return _(
            "Your reply has no grid after “grid” that we could read: nothing was played. "
            "Write your grid after the word, its rows separated by /, or a row a line under "
            "it; to keep your grid, write `pass`; to take every tile back, write `grid .`"
        )

    def describe_score_line(self, rule: str) -> str:
        return descriptions.score_rule(rule)

    def describe_score(self, score: int) -> str:
        return descriptions.score(score)

    def refusal_argument(self, value: object) -> str:
        """A run a refusal names (what it reads, as written, and where it lies) or what is
        wrong with it, in the reader's words; anything else (a number) as it is."""
        if isinstance(value, Run):
            return _("%(run)s (%(where)s)") % {"run": value.text, "where": preview.where(value)}
        if isinstance(value, Fault):
            return preview.said(value)
        return str(value)

    def move_forms(
        self, table: Table, form_key: str, data: Mapping[str, Any] | None = None
    ) -> dict[str, forms.Form]:
        found = move_forms(table, form_key, data)
        play = found.get("play")
        if isinstance(play, PlayForm):
            play.build = preview.for_form(table, data)
        return found

    def preview(self, table: Table, query: Mapping[str, str]) -> dict[str, Any] | None:
        """The grid written in ``query`` (the move form's field) drawn, each run marked right
        or wrong, and the hand it leaves, from the seat's own tiles only."""
        build = preview.read(table, query)
        return None if build is None else {"build": build}

    def player_context(self, view: Mapping[str, Any], seat: int) -> dict[str, Any]:
        hands = view["hands"]
        return {
            "grid": view["grids"][seat],
            "laid": len(view["grids"][seat]["squares"]),
            "held": view["hand_sizes"][seat],
            "hand": hands[seat] if hands is not None else None,
            "status": _status(view, seat),
        }

    def table_context(self, table: Table) -> dict[str, Any]:
        view = table.view
        seat = table.seat
        names = [player.name for player in table.players]
        submission = view["submission"]
        playing = view["phase"] == "play"
        return {
            "rounds": view["mode"] == "rounds",
            "round": view["round"],
            "pot": descriptions.pot_words(int(view["pot"])),
            "serves": view["serves"],
            "moved": sum(view["submitted"]),
            "players": len(names),
            "playing": playing,
            "last": _last(view, names, seat),
            "hand": view["hand"],
            "points": None
            if view["hand_points"] is None
            else descriptions.points(int(view["hand_points"])),
            "submission": None if submission is None else descriptions.action(submission, names),
            "hands": (
                [(name, hand) for name, hand in zip(names, view["hands"], strict=True)]
                if view["hands"] is not None
                else []
            ),
            "pot_tiles": view["pot_tiles"],
            "over": view["phase"] == "game-over",
            "draft": draft_key(view),
        }


def draft_key(view: Mapping[str, Any]) -> str:
    """What a grid being built rests on (the seat's pending move, the moment), in short: the
    table keeps a draft across its live refreshes while this stays the same, and starts
    afresh once it changes (a round served, the seat's own move counted)."""
    basis = {
        "pending": view.get("pending"),
        "phase": view["phase"],
        "round": view["round"],
        "content": view["content"][view["seat"]] if view["seat"] is not None else None,
    }
    return hashlib.sha256(json.dumps(basis, sort_keys=True).encode()).hexdigest()[:16]


def _status(view: Mapping[str, Any], seat: int) -> str:
    """Where a player stands in the step being played: moved this round or not (rounds),
    content or not (live), asked the pot for tiles."""
    if view["phase"] == "draw" and view["asked"][seat]:
        return _("waits for the pot")
    if view["phase"] != "play":
        return ""
    if view["mode"] == "rounds":
        if view["submitted"][seat] and view["submissions"] is not None:
            # A finished game's replay: nothing is secret, but the grids are drawn as the
            # round will serve them, after every move.
            return _("has moved this round: the grids show once everyone has moved")
        if view["submitted"][seat]:
            return _("has moved this round (the move stays secret until everyone has moved)")
        return _("has not moved yet this round")
    if view["content"][seat]:
        return _("is content: asked for nothing last")
    return ""


def _last(view: Mapping[str, Any], names: Sequence[str], seat: int | None) -> str:
    """How the last requests were served, in words (rounds mode: the last round's order)."""
    last = view["last"]
    if last is None or view["mode"] != "rounds":
        return ""
    # The grids are drawn beside it: the words say the order only.
    return descriptions.round_ended(last, names, seat, grids=False)


SITE = NumenkoSite()
