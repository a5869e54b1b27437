"""Numenko's moves, events and table in words, in the reader's language (the table, the
history, the "your turn" emails and the API's descriptions all say things the same way).

Grids are said in the game's notation (``2x4=8 / ..x / ..2 / ..= / ..8``): the very text a player
may copy into a reply or the table's field. Only a replay's step, which draws the grids right
below its words, says a move by the tiles it laid and took back (:func:`replay_step`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, npgettext, pgettext

from games.descriptions import MINUS, actor, and_list, common_event, reason_text, who
from games.engine.numenko import parse_grid
from games.engine.numenko.tiles import bag, tile_of, written

#: How a redacted record writes a tile it hides (the engine's ``history.HIDDEN``).
HIDDEN = "?"
#: The signs as a page prints them: ×, ÷ and the minus sign (U+2212) for the notation's
#: ``x``, ``:`` and ``-``.
GLYPHS = {"x": "\u00d7", ":": "\u00f7", "-": MINUS, "+": "+", "=": "="}


def glyph(face: str) -> str:
    """A square's face as printed: a digit, or a sign in its typographic form.

    >>> glyph("x"), glyph(":"), glyph("7")
    ('×', '÷', '7')
    """
    return GLYPHS.get(face, face)


def printed(text: str) -> str:
    """A calculation in notation (``92x4=8``) as printed (``92 × 4 = 8``).

    >>> printed("5-1x5=20") == "5 \u2212 1 \u00d7 5 = 20"
    True
    """
    return "".join(f" {GLYPHS[char]} " if char in GLYPHS else char for char in text)


def kind_class(char: str) -> str:
    """The CSS class of a tile's kind, as pages colour it: a number tile, a Multichoice, a
    Freechoice.

    >>> kind_class("7"), kind_class("M"), kind_class("F")
    ('nk-d', 'nk-m', 'nk-f')
    """
    return {"M": "nk-m", "F": "nk-f"}.get(char, "nk-d")


def tile(char: str) -> str:
    """A tile in words: its digit, "a Multichoice", "a Freechoice", "a tile" (hidden)."""
    if char == "M":
        return _("a Multichoice")
    if char == "F":
        return _("a Freechoice")
    if char == HIDDEN:
        return _("a tile")
    return char


#: More tiles than this are listed as the notation writes them (``0 1 1 4 M M``), not in words.
IN_WORDS = 4


def tiles(written: str) -> str:
    """Tiles written one character each (``79MF``) in words: "7, 9, a Multichoice and a
    Freechoice"; a longer list as the notation writes them, "0 1 1 2 4 M M M"; "no tile"
    for none."""
    if not written:
        return _("no tile")
    if len(written) > IN_WORDS:
        return " ".join(written)
    said = [tile(char) for char in written if char.isdigit()]
    for char in ("M", "F", HIDDEN):
        count = written.count(char)
        if count:
            said.append(tile(char) if count == 1 else _several(char, count))
    return and_list(said)


def _several(char: str, count: int) -> str:
    """Several tiles of one kind that is not a digit: "2 Multichoices"."""
    if char == "M":
        words = ngettext("%(n)d Multichoice", "%(n)d Multichoices", count)
    elif char == "F":
        words = ngettext("%(n)d Freechoice", "%(n)d Freechoices", count)
    else:
        words = ngettext("%(n)d tile", "%(n)d tiles", count)
    return words % {"n": count}


def grid(rows: Sequence[str]) -> str:
    """A grid in notation, rows separated by `` / `` and set in quotes ("an empty grid" for
    none): in a sentence, the full stop after an unquoted grid ran into its last row, a "."
    being an empty square, and a row copied from it was one square too long."""
    return _("“%(grid)s”") % {"grid": " / ".join(rows)} if rows else _("an empty grid")


def action(data: Mapping[str, Any], names: Sequence[str], viewer: int | None = None) -> str:
    """What an action does, from its JSON form (as recorded, possibly redacted: another
    seat's move of the round being played shows only as made, and the tile another seat
    gives back in an exchange as ``?``), as ``viewer`` reads it ("you" in a draw's order)."""
    kind = data.get("type")
    if kind == "play":
        if not {"grid", "exchange", "fini"} & data.keys():
            return _("move, in secret until everyone has moved this round")
        return and_list(_play(data))
    if kind == "deal":
        sizes = data.get("sizes") or [len(hand) for hand in data.get("hands", [])]
        return _("deal %(n)d tiles and a Freechoice to each player") % {
            "n": sizes[0] if sizes else 0
        }
    if kind == "draw":
        seats = [int(seat) for seat in data.get("order", [])]
        if len(seats) == 1:
            # One request (a live table serves each as it comes): chance drew no order.
            if seats[0] == viewer:
                return _("serve your request")
            return _("serve %(who)s’s request") % {"who": names[seats[0]]}
        order = [who(seat, viewer, names) for seat in seats]
        return _("serve the requests in the order drawn: %(order)s") % {"order": ", ".join(order)}
    return str(kind)


def _play(data: Mapping[str, Any]) -> list[str]:
    said = []
    rows = data.get("grid")
    if rows is None:
        said.append(_("keep the grid"))
    elif not rows:
        said.append(_("take every tile back into the hand"))
    else:
        said.append(_("lay out the grid %(grid)s") % {"grid": grid(rows)})
    given = data.get("exchange")
    if given is not None:
        said.append(_("exchange %(tile)s") % {"tile": tile(str(given))})
    elif data.get("fini"):
        said.append(_("say fini"))
    else:
        said.append(_("ask for nothing"))
    return said


def event(entry: Mapping[str, Any], names: Sequence[str], viewer: int | None) -> str:
    """One entry of a redacted event log (``selectors.event_log``), as a sentence."""
    if entry["type"] == "round-ended":
        return round_ended(entry["action"], names, viewer)
    common = common_event(entry, names, viewer)
    if common is not None:
        return common
    data = entry["action"]
    seat = entry["seat"]
    mover = actor(seat, viewer, names)
    said = [_("%(who)s: %(what)s.") % {"who": mover, "what": action(data, names, viewer)}]
    if data.get("type") == "deal":
        mine = _own(data.get("hands"), viewer)
        if mine is not None:
            said.append(_("Your tiles: %(tiles)s and a Freechoice.") % {"tiles": tiles(mine)})
    if data.get("type") == "draw":
        said += _drawn(data, names, viewer)
    pot = (entry.get("facts") or {}).get("pot")
    if pot is not None:
        said.append(pot_words(int(pot)))
    if data.get("reason"):
        said.append(reason_text(data["reason"]))
    return " ".join(said)


def replay_step(
    entry: Mapping[str, Any],
    grids_before: Sequence[Mapping[str, Any]],
    names: Sequence[str],
    viewer: int | None,
) -> str | None:
    """A move as a replay says it, the grid being drawn right below: the tiles the player
    laid and took back (against their grid in ``grids_before``, every seat's a step
    before, as ``grid_json`` writes it), then what they asked the pot for ("alice laid 3
    tiles (1, 4 and a Multichoice) and exchanged one 9.", "bob passed."); a round's end
    without its grids. None for any other entry, and for a move still secret to
    ``viewer``: it is said as the history says it."""
    data = entry["action"]
    if entry["type"] == "round-ended":
        return round_ended(data, names, viewer, grids=False)
    if data.get("type") != "play" or not {"grid", "exchange", "fini"} & data.keys():
        return None
    you = entry["seat"] == viewer
    said = _grid_change(grids_before[entry["seat"]], data.get("grid"), you)
    given = data.get("exchange")
    if given is not None:
        tile_given = _one(str(given))
        said.append(
            pgettext("you", "exchanged %(tile)s") % {"tile": tile_given}
            if you
            else pgettext("another player", "exchanged %(tile)s") % {"tile": tile_given}
        )
    elif data.get("fini"):
        said.append(
            pgettext("you", "said fini") if you else pgettext("another player", "said fini")
        )
    elif said:
        said.append(
            pgettext("you", "asked for nothing")
            if you
            else pgettext("another player", "asked for nothing")
        )
    else:
        said.append(pgettext("you", "passed") if you else pgettext("another player", "passed"))
    words = _("%(who)s %(what)s.") % {
        "who": actor(entry["seat"], viewer, names),
        "what": and_list(said),
    }
    if data.get("reason"):
        words += " " + reason_text(data["reason"])
    return words


#: A clause of tiles laid from the hand, by whether the reader laid them (French conjugates
#: the verb for "vous"), of a count of tiles.
_LAID: Mapping[bool, Callable[[int], str]] = {
    True: lambda n: npgettext(
        "you", "laid %(n)d tile (%(tiles)s)", "laid %(n)d tiles (%(tiles)s)", n
    ),
    False: lambda n: npgettext(
        "another player", "laid %(n)d tile (%(tiles)s)", "laid %(n)d tiles (%(tiles)s)", n
    ),
}
#: The same of tiles taken back from the grid into the hand.
_TAKEN_BACK: Mapping[bool, Callable[[int], str]] = {
    True: lambda n: npgettext(
        "you", "took back %(n)d tile (%(tiles)s)", "took back %(n)d tiles (%(tiles)s)", n
    ),
    False: lambda n: npgettext(
        "another player",
        "took back %(n)d tile (%(tiles)s)",
        "took back %(n)d tiles (%(tiles)s)",
        n,
    ),
}


def _grid_change(before: Mapping[str, Any], rows: Sequence[str] | None, you: bool) -> list[str]:
    """What a grid laid out anew (``rows``, None: kept) changed of the grid ``before``: the
    tiles laid from the hand, those taken back into it, or, with the same tiles, that they
    were moved; nothing for a grid kept or laid out as it was."""
    if rows is None or list(rows) == list(before["rows"]):
        return []
    was = Counter(square["tile"] for square in before["squares"])
    now = Counter(tile.value for tile in parse_grid(rows).tiles)
    laid, back = now - was, was - now
    said = []
    for found, words in ((laid, _LAID), (back, _TAKEN_BACK)):
        if found:
            count, listed = _counted(found)
            said.append(words[you](count) % {"n": count, "tiles": listed})
    if not said:
        said.append(
            pgettext("you", "moved tiles of the grid")
            if you
            else pgettext("another player", "moved tiles of the grid")
        )
    return said


def _counted(found: Counter[str]) -> tuple[int, str]:
    """Tiles by their characters: how many, and the list in words, in the box's order."""
    return found.total(), tiles(written(bag(map(tile_of, found.elements()))))


def _one(char: str) -> str:
    """One tile given back, as an exchange says it: "one 9", "one Multichoice", "one tile"
    (hidden)."""
    if char == "M":
        return _("one Multichoice")
    if char == "F":
        return _("one Freechoice")
    if char == HIDDEN:
        return _("one tile")
    return _("one %(digit)s") % {"digit": char}


def _own(hands: Sequence[str | None] | None, viewer: int | None) -> str | None:
    if not hands or viewer is None or not 0 <= viewer < len(hands):
        return None
    return hands[viewer]


def _drawn(data: Mapping[str, Any], names: Sequence[str], viewer: int | None) -> list[str]:
    """Each seat served, in order: what it drew (the viewer's own tiles, the others' count),
    or that the pot could not serve it."""
    order = data.get("order", [])
    drawn = data.get("tiles", [])
    sizes = data.get("sizes") or [len(found or "") for found in drawn]
    said = []
    for at, seat in enumerate(order):
        mine = int(seat) == viewer
        name = names[int(seat)]
        found = drawn[at] if at < len(drawn) else None
        size = int(sizes[at]) if at < len(sizes) else 0
        if not size:
            if mine:
                said.append(_("The pot cannot serve you: the game stops."))
            else:
                said.append(_("The pot cannot serve %(who)s: the game stops.") % {"who": name})
            continue
        got = tiles(found) if found else ngettext("%(n)d tile", "%(n)d tiles", size) % {"n": size}
        if mine:
            said.append(_("You draw %(tiles)s.") % {"tiles": got})
        else:
            said.append(_("%(who)s draws %(tiles)s.") % {"who": name, "tiles": got})
    return said


def round_ended(
    data: Mapping[str, Any], names: Sequence[str], viewer: int | None, grids: bool = True
) -> str:
    """A round over: every grid shows (``grids``: say each, as the round left it), and the
    requests were served in the order drawn (each with what it asked and whether the pot
    served it), or nobody asked."""
    head = _("Round %(round)d is over: every grid shows.") % {"round": int(data["round"])}
    laid = data.get("grids")
    if grids and laid is not None:
        # A middle dot between grids: their rows are separated by "/", and French sets a
        # no-break space before ";".
        each = " · ".join(
            _("%(who)s: %(grid)s") % {"who": who(seat, viewer, names), "grid": grid(rows)}
            for seat, rows in enumerate(laid)
        )
        head += " " + _("The grids now: %(grids)s.") % {"grids": each}
    order = data.get("order") or []
    if not order:
        return head + " " + _("Nobody asked for tiles: the game stops.")
    asked = data.get("asked") or []
    served = data.get("served") or []
    parts = []
    for seat in order:
        request = asked[seat] if seat < len(asked) else None
        what = _("exchange") if request == "exchange" else _("fini")
        if seat < len(served) and not served[seat]:
            what = _("%(request)s, not served") % {"request": what}
        parts.append(f"{who(int(seat), viewer, names)} ({what})")
    return (
        head
        + " "
        + _("Requests served in the order drawn: %(order)s.") % {"order": ", ".join(parts)}
    )


def pot_words(pot: int) -> str:
    """The pot's size: "The pot holds 74 tiles."."""
    return ngettext("The pot holds %(n)d tile.", "The pot holds %(n)d tiles.", pot) % {"n": pot}


def points(value: int) -> str:
    """Points in hand: "17 points"."""
    return ngettext("%(n)d point", "%(n)d points", value) % {"n": value}


_SCORE_RULES = {
    "numenko.numbers": lambda: _("number tiles in hand"),
    "numenko.multichoices": lambda: _("Multichoices in hand (1 each)"),
    "numenko.freechoices": lambda: _("Freechoices in hand (10 each)"),
    "numenko.game-over": lambda: _("game over: no tile left"),
}


def score_rule(rule: str) -> str:
    """The name of a line of the final breakdown."""
    named = _SCORE_RULES.get(rule)
    return named() if named else rule


def score(value: int) -> str:
    """A final score: the points left in hand (a score is their negative), or, for a seat
    out of tiles, game over."""
    if value > 0:
        return _("game over: no tile left")
    return ngettext("%(n)d point in hand", "%(n)d points in hand", -value) % {"n": -value}


def mode(value: str) -> str:
    """A table's mode in words."""
    if value == "live":
        return _("live: each move counts as it arrives")
    return _("in rounds, by mail: everyone moves once a round")


def mode_name(value: str) -> str:
    """A mode's short name, as a rating pool is shown: "in rounds", "live"."""
    return _("live") if value == "live" else _("in rounds")


def config(data: Mapping[str, Any]) -> str:
    """A game's options in words: "3 players, in rounds, by mail: ..."."""
    players = int(data["players"])
    count = ngettext("%(n)d player", "%(n)d players", players) % {"n": players}
    return _("%(players)s, %(mode)s") % {
        "players": count,
        "mode": mode(str(data.get("mode", "rounds"))),
    }


def progress(phase: str, round_number: int) -> str:
    """Where the game stands: the round (rounds mode) or the live table."""
    if phase == "game-over":
        return _("Game over")
    if phase == "deal":
        return _("The tiles are being dealt")
    if phase == "draw":
        return _("Drawing from the pot")
    if round_number:
        return _("Round %(round)d") % {"round": round_number}
    return _("Live table")


def task(view: Mapping[str, Any], out_of_turn: bool = False) -> str:
    """What this moment asks of the seat whose ``view`` this is: its hand (in notation,
    ready for a reply), the pot, and the move to make. Not its grid: the table draws it
    and the "your turn" email writes it a row a line (:func:`grid_lines`)."""
    pending = view.get("pending")
    if view["seat"] is None or pending is None:
        return ""
    said = []
    if view["mode"] == "rounds":
        said.append(
            _(
                "Round %(round)d: everyone moves once, in secret; then the requests are "
                "served in an order drawn by chance."
            )
            % {"round": int(view["round"])}
        )
    else:
        said.append(_("Live: each move counts as it arrives."))
    said.append(
        _("Your hand: %(hand)s (%(points)s).")
        % {
            "hand": " ".join(pending["hand"]) or _("no tile"),
            "points": points(int(view["hand_points"] or 0)),
        }
    )
    said.append(pot_words(int(view["pot"])))
    if not pending["hand"]:
        said.append(_("Every tile is in your grid: say fini to draw four."))
    else:
        said.append(
            _(
                "Lay out your grid anew or keep it, then exchange a tile of your hand, say "
                "fini once every tile is laid, or ask for nothing."
            )
        )
    if view["mode"] == "rounds":
        said.append(_("If nobody exchanges or says fini this round, the game stops after it."))
    serves = pending["serves"]
    if not serves["exchange"]:
        said.append(_("The pot can no longer serve an exchange: asking for one ends the game."))
    elif not serves["fini"]:
        said.append(_("The pot can no longer serve a fini: saying it ends the game."))
    return " ".join(said)


def grid_lines(view: Mapping[str, Any]) -> str:
    """The seat's own grid a row a line, for the "your turn" email, where a player who plays
    by email reads it and copies rows from it ("" when the seat has no move to make)."""
    pending = view.get("pending")
    if view["seat"] is None or pending is None:
        return ""
    if not pending["grid"]:
        return _("Your grid is empty: every tile is in your hand.")
    return "\n".join([_("Your grid, a row a line:"), *aligned(pending["grid"])])


#: One square of a row in the notation: a Freechoice's F, then one character or a
#: bracketed pair of signs ([x+]).
_SQUARE = re.compile(r"[Ff]?(?:\[[^\]]*\]|\S)")


def aligned(rows: Sequence[str]) -> list[str]:
    """``rows`` with each square padded to the widest of its column, so that a column
    reads down under itself although a Freechoice (``F7``) or a sign read differently down
    (``[x+]``) writes its square in several characters. Still the grid in the notation,
    which reads past spaces.

    >>> aligned(["1F+1", "+..."])
    ['1F+1', '+. ..']
    """
    squares = [_SQUARE.findall(row) for row in rows]
    widths: list[int] = []
    for row in squares:
        for column, square in enumerate(row):
            if column == len(widths):
                widths.append(0)
            widths[column] = max(widths[column], len(square))
    return [
        "".join(square.ljust(widths[column]) for column, square in enumerate(row)).rstrip()
        for row in squares
    ]


def reply_examples(view: Mapping[str, Any]) -> str:
    """Moves of the seat's own tiles a reply to its email may carry as they are: an
    exchange of the hand's highest number, and the grid on one line, ready to copy and
    change ("" when the seat has no move to make, or nothing to exchange and no grid)."""
    pending = view.get("pending")
    if view["seat"] is None or pending is None:
        return ""
    said = []
    if {"M", "F"} & set(pending["hand"]):
        # The table draws these tiles; a mail writes them as the notation does.
        said.append(
            _(
                "In your hand, M is a Multichoice (a sign of your choice: + - x : =) and F a "
                "Freechoice (any digit or sign, written F before it in a grid)."
            )
        )
    digits = sorted(tile for tile in pending["hand"] if tile.isdigit())
    if digits and pending["serves"]["exchange"]:
        said.append(
            _(
                "For example, `exchange %(tile)s` keeps your grid and exchanges one %(tile)s "
                "of your hand; `pass` keeps it and asks for nothing."
            )
            % {"tile": digits[-1]}
        )
    if pending["grid"]:
        said.append(
            _(
                "To change your grid in a reply, copy it on one line and change it: "
                "`grid %(rows)s` (or write `grid`, and under it your grid a row a line, "
                "as drawn above)"
            )
            % {"rows": " / ".join(pending["grid"])}
        )
    return "\n".join(said)
