"""What the platform asks of players' accounts, and the accounts app answers: how a member is
named, and which players are bot accounts.

A member's name at the tables is the display name of their profile, which ``games`` does
not know: it asks :func:`display_name`, and the demo names its members with
:func:`give_name`. A member may mark their account as a bot (a program plays it through
the API, with one of its tokens). The platform shows a BOT badge by such a player's
name, and the ratings leave its games with people out unless its owner allows them; but
``games`` knows nothing of profiles. The ``accounts`` app registers its answers when it is
ready (``AccountsConfig.ready``); until then, no account is a bot and members are named
after their id.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping

from django.contrib.auth.models import AbstractBaseUser
from django.utils.translation import gettext as _

from games.models import Seat

#: Given user ids, the bot accounts among them, each mapped to whether its owner lets its
#: games with people be rated.
Finder = Callable[[Collection[int]], Mapping[int, bool]]


#: How a user is shown to others, and how a name is given to a user.
Namer = Callable[[AbstractBaseUser], str]
NameGiver = Callable[[AbstractBaseUser, str], None]


def _name_after_the_id(user: AbstractBaseUser) -> str:
    return f"Player {user.pk}"


def _names_nobody(user: AbstractBaseUser, name: str) -> None:
    raise LookupError("no accounts app registered to keep players' names")


_namers: list[tuple[Namer, NameGiver]] = [(_name_after_the_id, _names_nobody)]


def register_names(namer: Namer, giver: NameGiver) -> None:
    """Make ``namer`` the answer to :func:`display_name`, ``giver`` to :func:`give_name`."""
    _namers.append((namer, giver))


def display_name(user: AbstractBaseUser) -> str:
    """How ``user`` is shown to others (a seat taken is named so)."""
    return _namers[-1][0](user)


def give_name(user: AbstractBaseUser, name: str) -> None:
    """Make ``name`` the one ``user`` is shown by."""
    _namers[-1][1](user, name)


def _no_bot_accounts(user_ids: Collection[int]) -> Mapping[int, bool]:
    return {}


_finders: list[Finder] = [_no_bot_accounts]


def register(finder: Finder) -> None:
    """Make ``finder`` the answer to :func:`bot_accounts` (the last registered counts)."""
    _finders.append(finder)


def bot_accounts(user_ids: Iterable[int | None]) -> Mapping[int, bool]:
    """The bot accounts among ``user_ids`` (None, a site bot's seat, is none), each mapped
    to whether its games with people are rated; one question for them all."""
    ids = {user_id for user_id in user_ids if user_id is not None}
    return _finders[-1](ids) if ids else {}


def with_bot_accounts(seats: Iterable[Seat]) -> list[Seat]:
    """The ``seats``, each told whether its player is a bot account (``seat.bot_account``,
    what the pages' BOT badge reads), with one question for them all. Seats already told
    are not asked about again: a page of games tells all its seats at once, and each
    game's list of seats then asks nothing."""
    seats = list(seats)
    # Told means set on the seat itself: the model's class default (False) is no answer.
    untold = [seat for seat in seats if "bot_account" not in vars(seat)]
    bots = bot_accounts(seat.user_id for seat in untold)
    for seat in untold:
        seat.bot_account = seat.user_id in bots
    return seats


def labelled(seat: Seat) -> str:
    """A seat's name where only text may go (a list of names): "BOT Ada" for a bot
    account's, once :func:`with_bot_accounts` has told the seat."""
    if seat.bot_account:
        return str(_("BOT %(name)s") % {"name": seat.name})
    return str(seat.name)
