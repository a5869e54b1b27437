"""What makes a pli, and what covers the pli on top: checking one, and listing them all.

*Jouer une carte de valeur supérieure à la précédente. Jouer un nombre de cartes supérieur
de 1 au pli précédent, avec des cartes de même valeur.* A pli is classic cards of one value,
X-Jokers taking it, or a lone Num-X. With ``n`` cards of value ``v`` on top, a player on
their turn lays ``n`` cards of a higher value, or ``n + 1`` cards of any one value (of value
``v`` they fuse with the pli on top: *Fusion X*), or more cards still of a higher value;
a lone X-Joker may also take a value lower than ``v`` when ``n`` is 1. Anyone, out of turn,
lays a *Facteur X*: more cards, of a higher value. Checking (:func:`pli_value`,
:func:`refusal`) and listing (:func:`plis`) state the same rules from both sides; the tests
play every listed pli and try unlisted ones to keep them agreeing.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import product

from games.engine.objectifs.actions import HAND, Play, RowCard
from games.engine.objectifs.cards import (
    INFINITY,
    JOKER,
    NUMX,
    VALUES,
    Card,
    Kind,
    classic,
)
from games.engine.objectifs.errors import IllegalAction
from games.engine.objectifs.state import Pli


def pli_value(cards: Sequence[Card], named: int | None) -> int | None:
    """The value of a pli of ``cards`` (``named``: the value its X-Jokers name), ``None``
    for a lone Num-X; :class:`IllegalAction` for cards that make no pli."""
    if not cards:
        raise IllegalAction("pli.same-value", "a pli holds at least one card")
    value: int | None = None
    for card in cards:
        if card.is_action:
            raise IllegalAction(
                "pli.action-card", "%(card)s is played as itself, not in a pli", card=card
            )
        if card.kind is Kind.NUMX:
            if len(cards) > 1:
                raise IllegalAction("pli.num-x", "Num-X is laid alone")
            return None
        if card.kind is Kind.CLASSIC:
            if value is None:
                value = card.value
            elif card.value != value:
                raise IllegalAction(
                    "pli.same-value",
                    "%(first)s and %(card)s differ",
                    first=classic(value),
                    card=card,
                )
    if value is not None:
        if named is not None:
            raise IllegalAction("pli.joker-value", "X-Jokers take the classic cards' value")
        return value
    if named is None or named not in VALUES:
        raise IllegalAction("pli.joker-value", "say which value the X-Jokers stand for")
    return named


#: More cards than any pli can hold: no upper bound.
MANY = 1 << 8


def count_bounds(value: int, top: Pli | None, in_turn: bool) -> tuple[int, int]:
    """The least and the most cards a pli of ``value`` holds to cover ``top`` on its
    player's turn (``in_turn``) or out of it (least above most: no count covers it); a lone
    X-Joker's lower value aside (:func:`refusal`)."""
    if top is None:
        return (1, MANY) if in_turn else (1, 0)
    if top.value is None:
        return 1, 0  # nothing goes on Num-X: it has ended the trick
    on_top = len(top.cards)
    if not in_turn:
        return (on_top + 1, MANY) if value > top.value else (1, 0)
    if value > top.value:
        return on_top, MANY
    return on_top + 1, on_top + 1


def lone_joker_covers(value: int, top: Pli | None, in_turn: bool) -> bool:
    """Whether a lone X-Joker naming ``value`` covers ``top``: on its player's turn, on a
    single card, any other value (*strictement inférieure ou supérieure*)."""
    return (
        in_turn
        and top is not None
        and top.value is not None
        and len(top.cards) == 1
        and value != top.value
    )


def refusal(count: int, value: int, lone_joker: bool, top: Pli | None, in_turn: bool) -> str | None:
    """The rule a pli of ``count`` cards of ``value`` breaks when laid on ``top`` on its
    player's turn (``in_turn``) or out of it, or ``None`` when it covers. ``lone_joker``: a
    single X-Joker laid without a classic card.

    >>> from games.engine.objectifs.cards import parse_cards
    >>> two_nines = Pli(0, parse_cards("9 9"), 9)
    >>> refusal(2, 10, False, two_nines, True), refusal(3, 1, False, two_nines, True)
    (None, None)
    >>> refusal(2, 8, False, two_nines, True), refusal(3, 9, False, two_nines, False)
    ('pli.higher', 'facteur.shape')
    """
    least, most = count_bounds(value, top, in_turn)
    if least <= count <= most or (lone_joker and lone_joker_covers(value, top, in_turn)):
        return None
    if top is None or not in_turn:
        return "facteur.shape"
    if top.value is None:
        return "pli.num-x"
    return "pli.higher" if count == len(top.cards) else "pli.count"


def fuses(count: int, value: int | None, top: Pli | None, in_turn: bool) -> bool:
    """Whether the pli joins the one on top (*Fusion X*): on its player's turn, one card
    more than it holds, of its value."""
    return in_turn and top is not None and value == top.value and count == len(top.cards) + 1


def ends_trick(pli: Pli, infinity_four: bool) -> bool:
    """Whether laying ``pli`` ends the trick at once: Num-X always (*met fin immédiatement
    au tour en cours*), four cards of Infinity with the table option *Infini 4*."""
    return pli.value is None or (infinity_four and pli.value == INFINITY and len(pli.cards) >= 4)


#: A place cards come from: :data:`~games.engine.objectifs.actions.HAND`, or a seat.
Source = int


def plis(
    hand: Sequence[Card], rows: Sequence[Sequence[Card]], top: Pli | None, in_turn: bool
) -> Iterator[Play]:
    """Every pli (without an Echange or Malus +) that covers ``top`` from ``hand`` and the
    malus cards ``rows``, each once (copies of a face in one place are one choice)."""
    sources: list[tuple[Source, Sequence[Card]]] = [(HAND, hand), *enumerate(rows)]
    if top is not None and in_turn:
        for source, cards in sources:
            if NUMX in cards:
                yield _play(((source, NUMX),))
    jokers = [(source, cards.count(JOKER)) for source, cards in sources if JOKER in cards]
    joker_choices = [(sum(taken), taken) for taken in product(*(range(n + 1) for _, n in jokers))]
    by_value: dict[int, list[tuple[Source, int]]] = {}
    for source, cards in sources:
        counts: dict[int, int] = {}
        for card in cards:
            if card.kind is Kind.CLASSIC:
                assert card.value is not None
                counts[card.value] = counts.get(card.value, 0) + 1
        for value, count in counts.items():
            by_value.setdefault(value, []).append((source, count))
    # Without an X-Joker, only the values of the classic cards there are.
    for value in VALUES if jokers else sorted(by_value):
        classics = by_value.get(value, [])
        least, most = count_bounds(value, top, in_turn)
        lone = jokers and lone_joker_covers(value, top, in_turn)
        if least > most and not lone:
            continue
        available = sum(n for _, n in classics) + sum(n for _, n in jokers)
        if available < least and not lone:
            continue
        card = classic(value)
        for taken in product(*(range(n + 1) for _, n in classics)):
            classic_count = sum(taken)
            for joker_count, extra in joker_choices:
                count = classic_count + joker_count
                if not (least <= count <= most or (lone and count == 1 and not classic_count)):
                    continue
                if count == 0:
                    continue
                chosen = (*_copies(classics, taken, card), *_copies(jokers, extra, JOKER))
                yield _play(chosen, value if classic_count == 0 else None)


def _copies(
    sources: Sequence[tuple[Source, int]], taken: Sequence[int], card: Card
) -> Iterator[tuple[Source, Card]]:
    """``card`` from each source, as many times as taken from it."""
    for (source, _), count in zip(sources, taken, strict=True):
        for _ in range(count):
            yield source, card


def _play(chosen: tuple[tuple[Source, Card], ...], named: int | None = None) -> Play:
    return Play(
        tuple(card for source, card in chosen if source == HAND),
        tuple(RowCard(source, card) for source, card in chosen if source != HAND),
        named,
    )
