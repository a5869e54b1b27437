"""The level-1 NUM-X bot: a handful of rules of thumb, read from the rule book's tips.

It plays from what its seat may know only (its hand, every public card, the face-down score
cards it knows, hand sizes): hidden cards never enter its reckoning, so a determinized
state (:mod:`games.engine.numx.determinize`) and the real one give it the same choices.

- Lay low sets first, and shed as many cards as a pli allows without breaking a set.
- Keep Rainbows, Shadows, Infinity and Num-X for rich tricks (tricks whose eligible cards
  are worth winning), or to lay one's last cards.
- Hand out score cards to build one's own combinations and to break the leader's (a card
  that pairs a lone card of theirs cancels it).
- Play Action cards against the leader: a Malus that loads their hand or strips their row,
  a Flip, Swipe or Eclair that widens the gap (of the hundreds of Eclairs long rows offer,
  a random 32 are weighed: :data:`ECLAIRS_WEIGHED`).

Randomness (ties) comes only from the given ``random.Random``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from operator import attrgetter

from games.engine.numx import action_cards
from games.engine.numx.actions import (
    ALL,
    Action,
    Block,
    CardAction,
    Complete,
    Distribute,
    Draw,
    Eclair,
    Flip,
    Malus,
    Pass,
    Pick,
    Placement,
    Play,
    Quantum,
    Refill,
    Reset,
    Resolve,
    Side,
    Swipe,
    TakeBack,
)
from games.engine.numx.cards import JOKER, Face, Kind
from games.engine.numx.legal import Narrowing, legal_actions, play_moves
from games.engine.numx.plis import can_open
from games.engine.numx.scoring import ScoreRule, score_faces
from games.engine.numx.state import (
    CHANCE,
    Distributing,
    GameState,
    MalusResolution,
    Phase,
    ScoreCard,
)

#: Eligible cards in the trick from which winning it is worth a special card.
RICH_TRICK = 3
#: What shedding one card from the hand is worth: the round is won by emptying it.
SHED = 10.0
#: What each special card costs to spend on a trick that is not rich.
SPECIAL_COST = {Kind.INFINITY: 15.0, Kind.NUMX: 25.0, Kind.JOKER: 4.0}
RAINBOW_SHADOW_COST = 12.0
#: Spent on a rich trick, a special card costs little: that is what it was kept for.
RICH_DISCOUNT = 0.15
#: An Action card that does nothing useful costs this much to spend (it could hurt the
#: leader later).
ACTION_KEEP = 8.0
#: The leader's losses count this much more than another opponent's.
LEADER_WEIGHT = 1.5
#: What laying one's last cards is worth: the round is won.
LAST_CARDS = 1000.0
#: The most Eclairs a move weighs, a random choice. Each is two rows to count, and long rows
#: give hundreds (814 in one of 33,380 decisions, one row of 37 cards): the slowest moves of
#: level 1, 42 ms with every one weighed. With 64 a position of 748 Eclairs still took
#: 10-14 ms on a quiet core; with 32, 7-9 ms, and a seat weighing 32 won as often as one
#: weighing 64 against three that did (22.7 % and 22.8 % of the same 800 X-Games,
#: bench/README.md). They are drawn before the plis are listed with them as a Shadow's
#: bonus (:func:`~games.engine.numx.legal.play_moves`): listing every pli with every Eclair
#: first took a position of 1,537 moves to 11-14 ms, drawing first to 4-5 ms. The 32 are
#: for the whole move, the hand's pool drawn from first: 32 for each pool of cards (the
#: hand, or the hand with a score card taken back) weighed 72 in the slowest position left,
#: 5.3 ms cold against 2.7 ms, and won as often (23.0 % and 22.9 % of the same 800 X-Games).
ECLAIRS_WEIGHED = 32


def heuristic_action(state: GameState, seat: int, rng: random.Random) -> Action:
    """``seat``'s move by the rules of thumb above; chance shuffles at random.

    >>> from games.engine.numx import GameConfig
    >>> from games.engine.numx.positions import arrange
    >>> state = arrange(GameConfig(2), ["blue-2 red-2 green-9 rainbow-5", "blue-1 red-12"])
    >>> str(heuristic_action(state, 0, random.Random(1)))
    'play blue-2 red-2'
    """
    if seat == CHANCE or state.phase in (Phase.DEAL, Phase.RESHUFFLE):
        return legal_actions(state, seat).sample(rng)
    if state.phase is Phase.OPENING_PICK:
        return _pick(state, seat)
    if state.phase is Phase.BETWEEN_ROUNDS:
        return _refill_or_reset(state, seat)
    pending = state.pending
    if isinstance(pending, Distributing):
        return _distribute(state, seat, pending)
    if isinstance(pending, MalusResolution):
        return _resolve(state, seat, legal_actions(state, seat).sample(rng))
    moves = play_moves(state, seat, _some_eclairs(rng))
    rng.shuffle(moves)
    judge = _Judge(state, seat)
    return max(moves, key=judge.value)


def _some_eclairs(rng: random.Random) -> Narrowing:
    """A narrowing that keeps every Action-card option but Eclairs, and of those a random
    :data:`ECLAIRS_WEIGHED` over the whole move: each pool of cards is drawn from until
    none are left to draw."""
    left = ECLAIRS_WEIGHED

    def keep(options: list[CardAction]) -> list[CardAction]:
        nonlocal left
        eclairs = [option for option in options if isinstance(option, Eclair)]
        if len(eclairs) <= left:
            left -= len(eclairs)
            return options
        kept = set(rng.sample(eclairs, left))
        left = 0
        return [option for option in options if not isinstance(option, Eclair) or option in kept]

    return keep


# What the seat knows ----------------------------------------------------------------------


def faces_where(state: GameState, owner: int, counted: Callable[[ScoreCard], bool]) -> list[Face]:
    """The faces of the cards ``counted`` keeps in the rows counting for ``owner`` (its
    team's rows)."""
    return [
        sc.card.face
        for member in sorted(state.config.team_of(owner))
        for sc in state.rows[member]
        if counted(sc)
    ]


def known_faces(state: GameState, seat: int, owner: int) -> list[Face]:
    """The faces ``seat`` knows in the rows counting for ``owner``."""
    return faces_where(state, owner, lambda sc: sc.visible_to(seat))


def row_total(faces: Iterable[Face], rules: frozenset[ScoreRule]) -> int:
    """What a row of ``faces`` scores under ``rules``.

    The bot counts the same few rows again and again, move after move and, in a level-2
    search, play-out after play-out: each row is scored once (a row's score does not
    depend on the order of its cards).

    >>> from games.engine.numx.cards import parse_faces
    >>> from games.engine.numx.scoring import FULL_SCORING
    >>> row_total(parse_faces("blue-6 rainbow-6"), FULL_SCORING)
    12
    """
    return _sorted_row_total(tuple(sorted(faces, key=_ORDER)), rules)


_ORDER = attrgetter("order")


#: Rows whose score the process keeps. Few: a search meets the same rows again within a
#: play-out and the next, and found 90 % of them among 4,096 kept. 65,536 found 92 %, but
#: held so many objects that each of the garbage collector's full passes took up to 80 ms,
#: inside some bot's move: the only level-1 moves over 10 ms (bench/README.md).
ROWS_KEPT = 1 << 12


@lru_cache(maxsize=ROWS_KEPT)
def _sorted_row_total(faces: tuple[Face, ...], rules: frozenset[ScoreRule]) -> int:
    return score_faces(faces, rules).total


def known_scores_of(state: GameState, seat: int, owner: int) -> int:
    """``owner``'s score as ``seat`` can count it (unknown face-down cards left out)."""
    return row_total(known_faces(state, seat, owner), state.config.scoring)


def known_scores(state: GameState, seat: int) -> list[int]:
    """Each seat's score as ``seat`` can count it."""
    return [known_scores_of(state, seat, s) for s in range(state.players)]


def leader(state: GameState, seat: int, scores: Sequence[int]) -> int:
    """The opponent ahead on known score (the fewest cards in hand among equals)."""
    team = state.config.team_of(seat)
    opponents = [s for s in range(state.players) if s not in team]
    return max(opponents, key=lambda s: (scores[s], -len(state.hands[s]), -s))


def _gain(faces: Iterable[Face], added: Iterable[Face], state: GameState) -> int:
    """How many points ``added`` brings to a row of ``faces`` (negative: it breaks one)."""
    rules = state.config.scoring
    before = list(faces)
    return row_total([*before, *added], rules) - row_total(before, rules)


# Moments with a single decision -----------------------------------------------------------


def _pick(state: GameState, seat: int) -> Pick:
    """The opening pick: a lone classic card, the highest (a lone card scores its value
    when it is the smallest of its colour), keeping sets and special cards for play."""
    hand = [card.face for card in state.hands[seat]]
    counts = Counter(face.value for face in hand)
    lone = [face for face in hand if face.is_classic and counts[face.value] == 1]
    candidates = lone or [face for face in hand if face.is_classic] or hand
    return Pick(max(candidates, key=lambda face: (face.value or 0, -face.order)))


def _refill_or_reset(state: GameState, seat: int) -> Refill | Reset:
    """Keep a hand with special cards or sets to play; reset a hand of lone cards."""
    hand = [card.face for card in state.hands[seat]]
    counts = Counter(face.value for face in hand if face.value is not None)
    useful = sum(1 for face in hand if not face.is_classic) + sum(
        count for count in counts.values() if count > 1
    )
    return Refill() if useful >= 3 else Reset()


def _distribute(state: GameState, seat: int, pending: Distributing) -> Distribute:
    """Each card to the row where it helps my team most or hurts an opponent most, mine
    face up (so that I may take it back), theirs face down; cards that would only help an
    opponent are discarded once the minimum is reached."""
    scores = known_scores(state, seat)
    first = leader(state, seat, scores)
    team = state.config.team_of(seat)
    rows = {s: known_faces(state, seat, s) for s in range(state.players)}
    given: Counter[int] = Counter()
    left = list(pending.cards)
    placements: list[Placement] = []
    capped = not pending.blank and len(pending.cards) > 1
    # What a card would bring each row, counted again only for the row that changed.
    gains: dict[tuple[int, int], int] = {}
    while left:
        choices = []
        for card in left:
            for receiver in sorted(pending.receivers):
                if capped and given[receiver] >= pending.cap:
                    continue
                gain = gains.get((receiver, card.id))
                if gain is None:
                    gain = gains[receiver, card.id] = _gain(rows[receiver], (card.face,), state)
                mine = receiver in team
                weight = 1.0 if mine else -(LEADER_WEIGHT if receiver == first else 1.0)
                choices.append((gain * weight, -card.id, receiver, card))
        if not choices:
            break
        worth, _, receiver, card = max(choices)
        if worth <= 0 and len(placements) >= pending.minimum:
            break
        placements.append(Placement(card.face, receiver, receiver in team, Side.RIGHT))
        given[receiver] += 1
        for member in state.config.team_of(receiver):
            rows[member] = [*rows[member], card.face]
            for other in pending.cards:
                gains.pop((member, other.id), None)
        left.remove(card)
        if pending.blank:
            break
    return Distribute(tuple(placements))


def _resolve(state: GameState, seat: int, sample: Action) -> Resolve:
    """A Malus's choices: discard the cards hardest to lay (lone high ones, keeping special
    cards), remove the score cards worth least, place drawn cards face up."""
    assert isinstance(sample, Resolve)
    task = action_cards.malus_task(state, seat)
    assert task is not None
    hand = [card.face for card in state.hands[seat]]
    counts = Counter(face.value for face in hand)

    def keep(face: Face) -> tuple[int, int, int]:
        special = 0 if face.is_classic else 1
        return special, counts[face.value], -(face.value or 0)

    discard = tuple(sorted(hand, key=keep)[: task.discard])
    # A face-down card the seat has not seen is left out of the count: weighing it would
    # reveal its face through the choice of the cards removed.
    row = [sc.card.face if sc.visible_to(seat) else None for sc in state.rows[seat]]
    remove: list[int] = []
    for _ in range(task.remove):
        kept = [i for i in range(len(row)) if i not in remove]
        remove.append(
            max(
                kept,
                key=lambda i: row_total(
                    [face for j in kept if j != i and (face := row[j]) is not None],
                    state.config.scoring,
                ),
            )
        )
    place = tuple((True, Side.RIGHT) for _ in task.drawn)
    return Resolve(discard, tuple(remove), place)


# Turns ------------------------------------------------------------------------------------


class _Judge:
    """Values the moves of one seat at one moment (the higher, the better); Pass is 0."""

    def __init__(self, state: GameState, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.hand = [card.face for card in state.hands[seat]]
        # Sets, to keep whole: classic cards only (a Rainbow or Shadow left is kept, not
        # broken off).
        self.counts = Counter(face.value for face in self.hand if face.is_classic)
        self.scores = known_scores(state, seat)
        self.leader = leader(state, seat, self.scores)
        self.team = state.config.team_of(seat)
        self.eligible = sum(
            sum(1 for card in pli.cards if card.face.is_numbered)
            for pli in state.trick.plis
            if pli.eligible
        )
        self.mine = known_faces(state, seat, seat)
        # The cards the seat knows now, by id: an Action card's rows are counted again by
        # these alone (a card a Flip turns up is not known while choosing it).
        self.known_ids = {sc.card.id for row in state.rows for sc in row if sc.visible_to(seat)}
        self._actions: dict[CardAction, float] = {}
        # Plays of the same cards differ only by their bonus (a Shadow's, times every
        # Eclair): the cards are valued once, and the bonus added.
        self._lays: dict[tuple[bool, tuple[Face, ...], int | None], float] = {}
        self._row_losses: dict[int, int] = {}
        self._known: dict[int, list[Face]] | None = None

    def _eclair(self, target: int, mine: int, theirs: int) -> float:
        """How much an Eclair widens the gap I can count: each row's known cards with the
        two swapped (each keeps who knows it, so a card taken blind stays unknown)."""
        state, seat = self.state, self.seat
        given, taken = state.rows[seat][mine], state.rows[target][theirs]
        known = self._known
        if known is None:
            known = self._known = {s: known_faces(state, seat, s) for s in range(state.players)}
        change = 0.0
        for owner, out, into in ((seat, given, taken), (target, taken, given)):
            faces = list(known[owner])
            if out.visible_to(seat):
                faces.remove(out.card.face)
            if into.visible_to(seat):
                faces.append(into.card.face)
            for s in state.config.team_of(owner):
                change -= self._weight(s) * (self._score(faces) - self.scores[s])
        return change

    def _row_loss(self, index: int) -> int:
        """What my row loses when its card at ``index`` is taken back (counted once for
        the many ways of playing it)."""
        known = self._row_losses.get(index)
        if known is None:
            row = self.state.rows[self.seat]
            rest = [
                sc.card.face for i, sc in enumerate(row) if i != index and sc.visible_to(self.seat)
            ]
            known = self._score([*rest, row[index].card.face]) - self._score(rest)
            self._row_losses[index] = known
        return known

    def _score(self, faces: list[Face]) -> int:
        return row_total(faces, self.state.config.scoring)

    def value(self, move: Action) -> float:
        match move:
            case Play() | Complete():
                return self._lay(move, len(self.hand))
            case TakeBack(index, play):
                lost = self._row_loss(index)
                rest = len(self.hand) + 1
                inner = (
                    self._lay(play, rest)
                    if isinstance(play, (Play, Complete))
                    else self._action(play)
                )
                worth = inner - SHED - lost
                if self.state.trick.top is None and worth < LAST_CARDS:
                    # Opening a trick with a card of one's row would win a blank trick
                    # and hand the card back to oneself, round after round.
                    return min(worth, -2.5 * SHED)
                return worth
            case Draw():
                # Worth a try only where there is nothing to lay: an empty centre this
                # hand cannot open (where it can, the rules make it open).
                if self.state.trick.top is None:
                    return 1.0 if not can_open(self.state.hands[self.seat]) else -2.0 * SHED
                return -2.0
            case Pass():
                return 0.0
            case Flip() | Swipe() | Block() | Eclair() | Quantum() | Malus():
                return self._action(move)
        return 0.0

    def _lay(self, move: Play | Complete, hand_size: int) -> float:
        completes = isinstance(move, Complete)
        faces = move.faces if isinstance(move, Play) else (move.face,)
        value = move.value if isinstance(move, Play) else faces[0].value
        bonus = move.bonus if isinstance(move, Play) else None
        if len(faces) + (bonus is not None) >= hand_size:
            return LAST_CARDS  # my last cards: the round is mine
        key = (completes, faces, value)
        worth = self._lays.get(key)
        if worth is None:
            worth = self._lays[key] = self._lay_cards(completes, faces, value)
        if bonus is not None:
            worth += self._action(bonus)
        return worth

    def _lay_cards(self, completes: bool, faces: tuple[Face, ...], value: int | None) -> float:
        """What laying ``faces`` as ``value`` (completing the top pli or not) is worth,
        before a bonus Action card's own worth."""
        top = self.state.trick.top
        # What is at stake is the others' cards: those already eligible, and those of the
        # pli a completion makes eligible.
        completed = len(top.cards) if completes and top and not top.eligible else 0
        rich = self.eligible + completed >= RICH_TRICK
        discount = RICH_DISCOUNT if rich else 1.0
        worth = SHED * len(faces)
        used = Counter(face.value for face in faces if face.is_classic)
        for face in faces:
            if face.is_rainbow or face.is_shadow:
                worth -= RAINBOW_SHADOW_COST * discount
            elif face.kind in SPECIAL_COST:
                worth -= SPECIAL_COST[face.kind] * discount
        if any(face.kind is Kind.NUMX for face in faces):
            worth += 2.0 * (self.eligible + 1)  # wins the trick at once
        worth -= 0.5 * (value or 0)
        # Breaking a set: the cards of a value left behind in the hand.
        worth -= 4.0 * sum(self.counts[v] - n for v, n in used.items() if self.counts[v] > n)
        if not completes and faces.count(JOKER) and value is not None:
            worth -= 0.0 if rich else 2.0
        return worth

    def _action(self, action: CardAction) -> float:
        known = self._actions.get(action)
        if known is None:
            known = self._actions[action] = self._judge_action(action)
        return known

    def _weight(self, target: int) -> float:
        if target in self.team:
            return -1.0
        return LEADER_WEIGHT if target == self.leader else 1.0

    def _judge_action(self, action: CardAction) -> float:
        state, seat = self.state, self.seat
        match action:
            case Malus(face, target):
                hit = action_cards.malus_targets(state, seat, target)
                harm = 0.0
                for s in hit:
                    # A hand to shed grows: worse the nearer its holder was to going out.
                    urgency = 2.0 if len(state.hands[s]) <= 3 else 1.0
                    score_harm = 0.0 if state.trick.protected(s, seat) else -2.0 * face.score
                    harm += self._weight(s) * (3.0 * face.hand * urgency + score_harm)
                return SHED - ACTION_KEEP + harm
            case Block(target):
                # Worth it to stop the owner of a rich top pli from keeping it; else kept.
                top = state.trick.top
                if top is None or self.eligible < RICH_TRICK or top.seat in self.team:
                    return -ACTION_KEEP
                return SHED - ACTION_KEEP + (1.0 if target == ALL else 0.0)
            case Quantum(target):
                ahead = self.scores[seat] >= self.scores[self.leader]
                return SHED - ACTION_KEEP - 4.0 + (6.0 if ahead and target in self.team else 0.0)
            case Eclair(target, mine, theirs):
                return SHED - ACTION_KEEP + self._eclair(target, mine, theirs)
            case Flip() | Swipe():
                after = action_cards.carry_out(state, seat, action)
                # Only the rows the card changed are counted again, by the cards the seat
                # knew before (``known_ids``).
                changed = {
                    s
                    for m in range(state.players)
                    if after.rows[m] is not state.rows[m]
                    for s in state.config.team_of(m)
                }
                change = sum(
                    -self._weight(s)
                    * (
                        self._score(faces_where(after, s, lambda sc: sc.card.id in self.known_ids))
                        - self.scores[s]
                    )
                    for s in changed
                )
                return SHED - ACTION_KEEP + change
        return -ACTION_KEEP
