"""Objectifs' cards, objectives, moves, events and table in words, in the reader's language:
the table, the history, the "your turn" emails and the API's descriptions all say things
the same way, as NUM-X's words say them (its sibling game)."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.descriptions import (
    MINUS,
    actor,
    and_list,
    common_event,
    or_list,
    pli_on_top,
    reason_text,
    seat_lines,
    signed,
    who,
    you_hold,
)
from games.engine.objectifs import Card, Kind, Objective
from games.engine.objectifs.cards import INFINITY
from games.engine.objectifs.cards import JOKER as JOKER_CARD
from games.engine.objectifs.objectives import BONUS

#: An X-Joker's name, as the table and the mails find it among a pli's cards: it stands for
#: the pli's value there.
JOKER = JOKER_CARD.to_json()
#: How many cards each player receives at the deal (*Chaque joueur reçoit 13 cartes*).
DEALT = 13


def value(text: str | int) -> str:
    """A value as players say it: ``-2`` → "-2" (with a minus sign), ``infinity`` (or 14)
    → "Infinity"."""
    if _infinite(text):
        return _("Infinity")
    return str(text).replace("-", MINUS)


def _infinite(text: str | int) -> bool:
    """Whether a value, as a view or an action writes it, is Infinity's."""
    return str(text) in ("infinity", str(INFINITY))


def card(name: str | None) -> str:
    """A card in words: ``-2`` → "-2" (with a minus sign), ``joker`` → "X-Joker",
    ``malus+2/+1`` → "Malus + (2 into the hand, 1 onto the malus cards)"; ``None`` (a hidden
    card) → "a hidden card"."""
    # A table names the same few faces over and over (hands, malus cards, moves, history).
    return _card(name, translation.get_language())


@functools.lru_cache(maxsize=256)
def _card(name: str | None, language: str | None) -> str:
    if name is None:
        return _("a hidden card")
    face = Card.parse(name)
    if face.kind is Kind.CLASSIC:
        assert face.value is not None
        return value(face.value)
    if face.kind is Kind.MALUS:
        return _("Malus + (%(hand)d into the hand, %(row)d onto the malus cards)") % {
            "hand": face.hand,
            "row": face.row,
        }
    return {Kind.JOKER: _("X-Joker"), Kind.NUMX: _("Num-X"), Kind.ECHANGE: _("Echange")}[face.kind]


def joker_words(named: str) -> str:
    """An X-Joker laid in a pli, with the value it stands for there: "X-Joker as 9"."""
    return _("X-Joker as %(value)s") % {"value": value(named)}


def writings(moves: Sequence[str]) -> str:
    """Moves written out in notation for the player to send, each quoted, one or another:
    “play 9 9@0” or “play 9 9@1”."""
    # Translators: a move written in the game's notation, quoted as a reply would copy it.
    return or_list([_("“%(move)s”") % {"move": move} for move in moves])


def cards(names: Sequence[str | None]) -> str:
    """Cards in words: "7, 7 and X-Joker"."""
    return and_list([card(name) for name in names])


_OBJECTIVES = {
    Objective.PAIR: lambda: _("Pair"),
    Objective.INFINITY: lambda: _("Infinity"),
    Objective.OVER_20: lambda: _("More than 20"),
    Objective.UNDER_5: lambda: _("Fewer than 5"),
    Objective.EXACTLY_7: lambda: _("Exactly 7"),
    Objective.EXACTLY_13: lambda: _("Exactly 13"),
    Objective.TWO_SPECIALS: lambda: _("Two special cards"),
    Objective.FOUR_MALUS: lambda: _("Four malus cards"),
    Objective.FIRST_OUT: lambda: _("First out"),
    Objective.NEIGHBOUR: lambda: _("Right-hand neighbour"),
}
_ASKS = {
    Objective.PAIR: lambda: _("exactly two similar malus cards, which then count 0"),
    Objective.INFINITY: lambda: _("an Infinity among your malus cards"),
    Objective.OVER_20: lambda: _("malus cards worth more than 20 points"),
    Objective.UNDER_5: lambda: _("malus cards worth fewer than 5 points"),
    Objective.EXACTLY_7: lambda: _("malus cards worth exactly 7 points"),
    Objective.EXACTLY_13: lambda: _("malus cards worth exactly 13 points"),
    Objective.TWO_SPECIALS: lambda: _("exactly two malus cards, both special, which then count 0"),
    Objective.FOUR_MALUS: lambda: _("four malus cards or more"),
    Objective.FIRST_OUT: lambda: _("be the first of the round to empty your hand"),
    Objective.NEIGHBOUR: lambda: _("your right-hand neighbour achieves their objective"),
}


def objective(name: str | None) -> str:
    """An objective's name: ``under-5`` → "Fewer than 5"; ``None`` (hidden) → "a secret
    objective"."""
    if name is None:
        return _("a secret objective")
    return _OBJECTIVES[Objective.parse(name)]()


def objective_text(name: str) -> str:
    """An objective with what it asks and what it is worth: "Fewer than 5: malus cards
    worth fewer than 5 points (bonus 10)"."""
    found = Objective.parse(name)
    bonus = (
        _("bonus: the value of one of the two cards")
        if found is Objective.PAIR
        else _("bonus %(points)d") % {"points": BONUS[found]}
    )
    return _("%(name)s: %(asks)s (%(bonus)s)") % {
        "name": objective(name),
        "asks": _ASKS[found](),
        "bonus": bonus,
    }


def _whose_malus(
    seat: int, viewer: int | None, names: Sequence[str], mover: int | None = None
) -> str:
    if seat == viewer:
        return _("your malus cards")
    if seat == mover:
        # "Alice: lay 2, with 2 from the malus cards of Alice" would name her twice.
        return _("their own malus cards")
    return _("the malus cards of %(who)s") % {"who": names[seat]}


def whose_malus_cards(seat: int, viewer: int | None, names: Sequence[str]) -> str:
    """Whose malus cards these are, as a heading: "Your malus cards", "Malus cards of Bob"."""
    if seat == viewer:
        return _("Your malus cards")
    return _("Malus cards of %(who)s") % {"who": names[seat]}


def _target(target: Any, viewer: int | None, names: Sequence[str]) -> str:
    return _("everyone") if target == "all" else who(int(target), viewer, names)


# A turn lists each pli alone and with every Echange and Malus + the player may add (up to
# thousands of moves, each said in words on the table and in the API): a pli's words and
# an Echange's or a Malus +'s are each said once per language and table, not once a move.


@functools.lru_cache(maxsize=2048)
def _laid(
    hand: tuple[str, ...],
    rows: tuple[tuple[int, str], ...],
    named: str | None,
    names: tuple[str, ...],
    viewer: int | None,
    mover: int | None,
    language: str | None,
) -> str:
    """A pli in words: the cards of the hand, then the malus cards taken, grouped by whose,
    and the value X-Jokers alone name."""
    taken: dict[int, list[str]] = {}
    for seat, name in rows:
        taken.setdefault(seat, []).append(name)
    from_rows = and_list(
        [
            _("%(cards)s from %(place)s")
            % {"cards": cards(laid), "place": _whose_malus(seat, viewer, names, mover)}
            for seat, laid in taken.items()
        ]
    )
    if hand and from_rows:
        text = _("%(hand)s, with %(rows)s") % {"hand": cards(hand), "rows": from_rows}
    else:
        text = cards(hand) or from_rows
    if named is not None:
        text = _("%(cards)s as %(value)s") % {"cards": text, "value": value(named)}
    return _("lay %(cards)s") % {"cards": text}


@functools.lru_cache(maxsize=512)
def _card_action(
    kind: str,
    name: str | None,
    target: int | str,
    direction: str | None,
    source: int | None,
    names: tuple[str, ...],
    viewer: int | None,
    mover: int | None,
    language: str | None,
) -> str:
    """An Echange or a Malus + in words, and where its card came from if not the hand."""
    if kind == "malus":
        text = _("play %(card)s on %(target)s") % {
            "card": card(name),
            "target": _target(target, viewer, names),
        }
    elif target == "all":
        text = (
            _("play Echange: every player's malus cards go to their right-hand neighbour")
            if direction == "right"
            else _("play Echange: every player's malus cards go to their left-hand neighbour")
        )
    else:
        text = _("play Echange: swap malus cards with %(who)s") % {
            "who": who(int(target), viewer, names)
        }
    if source is None:
        return text
    return _("%(move)s (the card from %(place)s)") % {
        "move": text,
        "place": _whose_malus(source, viewer, names, mover),
    }


def action(
    data: Mapping[str, Any],
    names: Sequence[str],
    config: Mapping[str, Any],
    viewer: int | None = None,
    mover: int | None = None,
) -> str:
    """What an action does, from its JSON form (as recorded, possibly redacted), in the game
    of ``config``, as ``viewer`` reads it: their own malus cards are "your malus cards",
    and those of ``mover``, the seat that made it, "their own malus cards"."""
    kind = data.get("type")
    language = translation.get_language()
    if kind == "play":
        laid = _laid(
            tuple(data.get("cards", [])),
            tuple((int(taken["seat"]), taken["card"]) for taken in data.get("rows", [])),
            data.get("as"),
            tuple(names),
            viewer,
            mover,
            language,
        )
        if data.get("action"):
            return _("%(pli)s, then %(action)s") % {
                "pli": laid,
                "action": action(data["action"], names, config, viewer, mover),
            }
        return laid
    if kind in ("echange", "malus"):
        return _card_action(
            kind,
            data.get("card"),
            data["target"],
            data.get("direction"),
            data.get("from"),
            tuple(names),
            viewer,
            mover,
            language,
        )
    if kind == "draw":
        if "card" not in data:
            return _("draw a card from the pile")
        return _("draw %(card)s from %(place)s") % {
            "card": card(data["card"]),
            "place": _whose_malus(int(data["from"]), viewer, names, mover),
        }
    if kind == "pass":
        return _("pass")
    if kind == "lay":
        if "cards" not in data:
            return _("choose two malus cards (shown once every player has chosen)")
        return _("lay %(cards)s as malus cards") % {"cards": cards(data["cards"])}
    if kind == "replace":
        parts = [card(name) for name in data.get("cards", [])]
        draws = int(data.get("draws", 0))
        if draws:
            parts.append(
                ngettext("a card drawn from the pile", "%(n)d cards drawn from the pile", draws)
                % {"n": draws}
            )
        return _("complete the malus cards with %(cards)s") % {"cards": and_list(parts)}
    if kind == "deal":
        if config.get("objectives", True):
            return _("deal %(n)d cards and an objective to each player") % {"n": DEALT}
        return _("deal %(n)d cards to each player") % {"n": DEALT}
    return str(kind)


_ENDS = {
    "out": lambda: _("Round %(round)d ends: %(who)s has no card left in hand."),
    "shed": lambda: _(
        "Round %(round)d ends at once: %(who)s has shed every card, hand and malus cards."
    ),
    "stalemate": lambda: _("Round %(round)d ends: nobody can open a trick."),
}
#: The same, the reader ending it (said whole: the verb agrees with "you").
_YOU_END = {
    "out": lambda: _("Round %(round)d ends: you have no card left in hand."),
    "shed": lambda: _(
        "Round %(round)d ends at once: you have shed every card, hand and malus cards."
    ),
}


def round_end_words(
    end: str, round_no: int, names: Sequence[str], seat: int, viewer: int | None = None
) -> str:
    """How round ``round_no`` ended (``out``, ``shed``, ``stalemate``), ``seat`` ending it,
    as ``viewer`` reads it."""
    if seat >= 0 and seat == viewer and end in _YOU_END:
        return _YOU_END[end]() % {"round": round_no}
    return _ENDS[end]() % {"round": round_no, "who": names[seat] if seat >= 0 else ""}


def round_end(data: Mapping[str, Any], names: Sequence[str], viewer: int | None = None) -> str:
    """A ``round-ended`` milestone: how the round ended, each objective (shown now) and
    each player's score for the round, as ``viewer`` reads it."""
    said = [round_end_words(data["end"], int(data["round"]), names, int(data["seat"]), viewer)]
    objectives = data.get("objectives") or []
    if any(name is not None for name in objectives):
        said.append(
            _("Objectives: %(list)s.")
            % {
                "list": and_list(
                    [
                        (
                            _("%(who)s (%(objective)s): achieved")
                            if achieved
                            else _("%(who)s (%(objective)s): missed")
                        )
                        % {"who": who(s, viewer, names), "objective": objective(name)}
                        for s, (name, achieved) in enumerate(
                            zip(objectives, data["achieved"], strict=True)
                        )
                        if name is not None
                    ]
                )
            }
        )
    said.append(
        _("Scores of the round: %(list)s.")
        % {
            "list": and_list(
                [
                    f"{who(s, viewer, names)} {signed(int(points))}"
                    for s, points in enumerate(data["scores"])
                ]
            )
        }
    )
    return " ".join(said)


def event(
    entry: Mapping[str, Any],
    names: Sequence[str],
    viewer: int | None,
    config: Mapping[str, Any],
) -> str:
    """One entry of a redacted event log (``selectors.event_log``) as a sentence."""
    common = common_event(entry, names, viewer)
    if common is not None:
        return common
    data = entry["action"]
    if entry["type"] == "round-ended":
        return round_end(data, names, viewer)
    seat = entry["seat"]
    said = [
        _("%(who)s: %(what)s.")
        % {
            "who": actor(seat, viewer, names),
            "what": action(data, names, config, viewer, seat),
        }
    ]
    said += _effects(data.get("effects") or {}, names, viewer)
    said += _facts(entry.get("facts") or {}, names, viewer)
    if data.get("reason"):
        said.append(reason_text(data["reason"]))
    return " ".join(said)


def _effects(done: Mapping[str, Any], names: Sequence[str], viewer: int | None) -> list[str]:
    said = []
    if done.get("facteur_x"):
        said.append(_("A Facteur X, out of turn!"))
    if done.get("fused"):
        said.append(_("The cards fuse with the pli below (Fusion X)."))
    if "trick_won_by" in done:
        starter = int(done["trick_won_by"])
        if starter == viewer:
            said.append(_("The trick is over: you start the next."))
        else:
            said.append(_("The trick is over: %(who)s starts the next.") % {"who": names[starter]})
    return said


def _facts(found: Mapping[str, Any], names: Sequence[str], viewer: int | None) -> list[str]:
    said = []
    mine = None if viewer is None else str(viewer)
    dealt = (found.get("dealt") or {}).get(mine) if mine is not None else None
    if dealt and None not in dealt:
        said.append(_("Your hand: %(cards)s.") % {"cards": cards(sorted_names(dealt))})
    drawn_objective = (found.get("objectives") or {}).get(mine) if mine is not None else None
    if drawn_objective is not None:
        said.append(
            _("Your objective — %(objective)s.") % {"objective": objective_text(drawn_objective)}
        )
    for taker, taken in (found.get("from_pile") or {}).items():
        if None in taken:
            got = ngettext("a card", "%(n)d cards", len(taken)) % {"n": len(taken)}
        else:
            got = cards(taken)
        if taker == mine:
            said.append(_("You drew %(cards)s into your hand.") % {"cards": got})
        else:
            said.append(
                _("%(who)s drew %(cards)s into their hand.")
                % {"who": names[int(taker)], "cards": got}
            )
    for owner, laid in (found.get("to_rows") or {}).items():
        if owner == mine:
            said.append(
                ngettext(
                    "Drawn face up onto your malus cards: %(cards)s.",
                    "Drawn face up onto your malus cards: %(cards)s.",
                    len(laid),
                )
                % {"cards": cards(laid)}
            )
            continue
        said.append(
            ngettext(
                "Drawn face up onto the malus cards of %(who)s: %(cards)s.",
                "Drawn face up onto the malus cards of %(who)s: %(cards)s.",
                len(laid),
            )
            % {"who": names[int(owner)], "cards": cards(laid)}
        )
    return said


def sorted_names(names: Sequence[str]) -> list[str]:
    """Card names in the order a hand is shown: classic cards by value, then the special
    cards."""
    return [str(found) for found in sorted(Card.parse(name) for name in names)]


def score_rule(rule: str) -> str:
    """A score line's name: ``round-2.malus`` → "round 2: malus cards"; a line of every
    round (the score sheet's column), ``malus`` → "malus cards"."""
    every_round = {
        "malus": lambda: _("malus cards"),
        "hand": lambda: _("cards left in hand"),
        "objective": lambda: _("objective"),
    }.get(rule)
    if every_round:
        return every_round()
    head, _dot, line = rule.partition(".")
    number = head.removeprefix("round-")
    words = {
        "malus": lambda: _("round %(n)s: malus cards"),
        "hand": lambda: _("round %(n)s: cards left in hand"),
        "objective": lambda: _("round %(n)s: objective"),
    }.get(line)
    return words() % {"n": number} if words and number.isdigit() else rule


def config(data: Mapping[str, Any]) -> str:
    """A game's options in words: "4 players, Objective cards, Infini 4"."""
    players = int(data["players"])
    parts = [ngettext("%(n)d player", "%(n)d players", players) % {"n": players}]
    parts.append(_("Objective cards") if data.get("objectives", True) else _("no Objective cards"))
    if data.get("infinity_four"):
        parts.append(_("Infini 4"))
    return ", ".join(parts)


def progress(phase: str, round_no: int, trick: int) -> str:
    """Where the game stands: "Round 2 of 5, trick 3"."""
    if phase == "game-over":
        return _("Game over")
    if phase in ("deal", "setup"):
        return _("Round %(round)d of 5: laying the malus cards") % {"round": round_no}
    return _("Round %(round)d of 5, trick %(trick)d") % {"round": round_no, "trick": trick}


def next_pli(view: Mapping[str, Any]) -> str:
    """What covers the pli on top, in words; on an empty centre, what opens a trick."""
    if view["phase"] != "play":
        return ""
    plis = view["plis"]
    if not plis:
        return _(
            "New trick: the first pli is any number of cards of one value (X-Jokers laid "
            "alone name theirs)."
        )
    top = plis[-1]
    count = len(top["cards"])
    words = {"count": count, "more": count + 1, "value": value(top["value"])}
    # One card more of any one value covers any pli; of the pli's own value it fuses with it.
    if _infinite(top["value"]):
        return (
            _(
                "Next pli: %(more)d cards of any one value (%(more)d × %(value)s fuse with the "
                "pli on top: Fusion X). Nothing is higher than %(value)s: no Facteur X can "
                "cover it."
            )
            % words
        )
    return (
        ngettext(
            "Next pli: %(count)d card higher than %(value)s, or %(more)d cards of any one value "
            "(%(more)d × %(value)s fuse with the pli on top: Fusion X). Out of turn, anyone "
            "may lay a Facteur X: more cards, of a higher value.",
            "Next pli: %(count)d cards higher than %(value)s, or %(more)d cards of any one "
            "value (%(more)d × %(value)s fuse with the pli on top: Fusion X). Out of turn, "
            "anyone may lay a Facteur X: more cards, of a higher value.",
            count,
        )
        % words
    )


def task(view: Mapping[str, Any], out_of_turn: bool = False) -> str:
    """What this moment asks of the seat whose ``view`` this is (the table's status and the
    "your turn" email), and only that: the table shows the hand and the objective in their
    own panel, the email says them with the position (:func:`position`), or at the set-up
    with the deal it recounts."""
    if out_of_turn:
        return _(
            "You may lay a Facteur X out of turn on the pli on top: more cards than it, of a "
            "higher value."
        )
    seat = view["seat"]
    phase = view["phase"]
    if seat is None or phase not in ("setup", "play", "replace"):
        return ""
    said = []
    if phase == "setup":
        said.append(_("Choose two cards of your hand to lay face up as your malus cards."))
    elif phase == "replace":
        wanted = min(view["due"][seat], view["hand_sizes"][seat] + view["pile_size"])
        said.append(
            ngettext(
                "The trick is over: complete your malus cards with %(n)d card, from your "
                "hand or drawn from the pile.",
                "The trick is over: complete your malus cards with %(n)d cards, from your "
                "hand or drawn from the pile.",
                wanted,
            )
            % {"n": wanted}
        )
    elif view["plis"]:
        said.append(_("Cover the pli on top, play an Echange or a Malus +, draw or pass."))
    else:
        said.append(
            _(
                "Open a trick with a pli, or play an Echange or a Malus +, or draw; pass only "
                "if you cannot open."
            )
        )
    return " ".join(said)


def position(view: Mapping[str, Any], names: Sequence[str]) -> str:
    """The pli to cover (an X-Joker in it with the value it stands for there), the reader's
    hand and objective (but at the set-up, when the deal the mail recounts says them), and
    every player's malus cards, for the "your turn" email: a player who plays by email sees
    them nowhere else (the moves name a malus card by its owner). It opens with the round
    and trick, and once a round is scored ends with every player's score so far: the score
    sheet the table shows."""
    lines = [progress(view["phase"], int(view["round"]), int(view["tricks"]) + 1) + "."]
    plis = view["plis"]
    if view["phase"] == "play" and plis:
        # An X-Joker reads with the value it stands for, as the table draws it ("J=9").
        top = pli_on_top(plis[-1], card, joker_words, JOKER)
        lines.append(f"{top} {next_pli(view)}")
    seat = view["seat"]
    # At the set-up the mail's recap has just told the deal, the hand and the objective
    # with it (the player has not moved since): said once.
    if seat is not None and view["phase"] != "setup":
        hand = view["hands"][seat] or []
        mine = [you_hold(hand, cards)]
        objective = view["objectives"][seat]
        if objective is not None:
            mine.append(
                _("Your objective — %(objective)s.") % {"objective": objective_text(objective)}
            )
        lines.append(" ".join(mine))
    lines.append(_("Malus cards:"))
    malus = [cards(row) if row else _("no card") for row in view["rows"]]
    lines += seat_lines(malus, view["seat"], names)
    if view["results"]:
        lines.append(_("Scores after round %(round)d:") % {"round": len(view["results"])})
        lines += seat_lines([signed(total) for total in view["totals"]], view["seat"], names)
    return "\n".join(lines)
