"""A player's profile: how they are named, their language and time zone, which emails
they want. Sign-up, log-in and email addresses themselves are django-allauth's."""

from __future__ import annotations

import re
import zoneinfo
from collections.abc import Collection, Iterable
from functools import cache
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

from accounts.names import MAX_NAME_LENGTH, free_name, name_key
from games.names import validate_one_line


@cache
def time_zones() -> frozenset[str]:
    """Every IANA time zone name this machine knows (read once: it scans the disk)."""
    return frozenset(zoneinfo.available_timezones())


def known_time_zone(name: str) -> zoneinfo.ZoneInfo | None:
    """The time zone named ``name``, or None if it is no IANA zone name (a cookie or a
    form may hold anything).

    >>> known_time_zone("Europe/Paris")
    zoneinfo.ZoneInfo(key='Europe/Paris')
    >>> known_time_zone("../../etc/passwd") is None
    True
    """
    return zoneinfo.ZoneInfo(name) if name in time_zones() else None


def validate_time_zone(value: str) -> None:
    if known_time_zone(value) is None:
        raise ValidationError(_("%(zone)s is not a time zone."), params={"zone": value})


class Profile(models.Model):
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile"
    )
    display_name = models.CharField(_("display name"), max_length=MAX_NAME_LENGTH, blank=True)
    #: The display name as it is taken (``accounts.names.name_key``), kept by ``save``:
    #: unique, so that the database decides which of two members who chose names alike at
    #: the same moment gets it. None without a display name ("Player 12" is nobody's).
    name_key = models.TextField(null=True, blank=True, editable=False)
    language = models.CharField(
        _("language"),
        max_length=8,
        choices=settings.LANGUAGES,
        blank=True,
        help_text=_("Empty: your browser's language."),
    )
    #: The language the member last used the site in (signing up, logging in): what their
    #: emails, which have no browser to ask, are written in while ``language`` is empty.
    #: Kept apart so that an empty ``language`` still lets the pages follow the browser.
    last_language = models.CharField(
        max_length=8, choices=settings.LANGUAGES, blank=True, default="", editable=False
    )
    # Empty: the browser's own zone (accounts.middleware), which emails cannot know; they
    # are written in UTC.
    time_zone = models.CharField(
        _("time zone"),
        max_length=64,
        blank=True,
        default="",
        validators=[validate_time_zone],
        help_text=_("Empty: your browser's time zone."),
    )
    email_your_turn = models.BooleanField(_("email me when it is my turn"), default=True)
    email_reminders = models.BooleanField(_("remind me of games waiting for me"), default=True)
    email_game_end = models.BooleanField(_("email me the results of my games"), default=True)
    email_invitations = models.BooleanField(_("email me invitations to games"), default=True)
    daily_digest = models.BooleanField(
        _("one daily digest instead of an email per move"), default=False
    )
    # A program plays on this account through the API: shown as a bot wherever its name
    # is, and kept out of the people's ratings unless its owner says otherwise.
    bot_account = models.BooleanField(
        _("this account is a bot"),
        default=False,
        help_text=_("A program plays on it through the API; others see a BOT badge by its name."),
    )
    rate_bot_with_people = models.BooleanField(
        _("rate my bot's games with people"),
        default=False,
        help_text=_("Otherwise a game with a bot account changes nobody's rating."),
    )

    class Meta:
        constraints = (models.UniqueConstraint(fields=("name_key",), name="display_name_once"),)

    def __str__(self) -> str:
        return display_name(self.user)

    def clean(self) -> None:
        """Refuse a name that is not one line (``games.names``) or that another member
        holds, whatever form edits the profile (the admin's too), before the database would
        (its unique key, a 500 to the admin)."""
        try:
            validate_one_line(self.display_name)
            validate_name_free(self.display_name, self.user_id)
        except ValidationError as refused:
            raise ValidationError({"display_name": refused}) from None

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Save, the name's key with the name."""
        self.name_key = name_key(self.display_name) or None
        fields = kwargs.get("update_fields")
        if fields is not None and "display_name" in fields:
            kwargs["update_fields"] = {*fields, "name_key"}
        super().save(*args, **kwargs)


def profile_of(user: AbstractBaseUser) -> Profile:
    """The user's profile, created with the defaults the first time it is needed."""
    profile, _created = Profile.objects.get_or_create(user_id=user.pk)
    return profile


def mail_language(user: AbstractBaseUser | None, now: str = "") -> str:
    """The language of the emails to ``user`` (None: an address that is no member's): the
    one their profile sets; else ``now``, that of the request the email answers (a code
    to log in, asked for from the site); else the one they last used the site in; else
    the site's. Every email the site sends a member picks its language here."""
    profile = Profile.objects.filter(user_id=user.pk).first() if user is not None else None
    return profile_mail_language(profile, now)


def profile_mail_language(profile: Profile | None, now: str = "") -> str:
    """:func:`mail_language` from the member's profile already read (None: no profile)."""
    chosen = profile.language if profile else ""
    last = profile.last_language if profile else ""
    return chosen or now or last or settings.LANGUAGE_CODE


def default_name(user_id: int) -> str:
    """The name of an account that has given none (made by the admin, or before sign-up
    asked for one): "Player 12", after its id. Never a part of the email address, which
    other players must not learn. It is a name, not a sentence: the same in every
    language, as it is stored in the seats of the account's games."""
    return f"Player {user_id}"


def display_name(user: AbstractBaseUser) -> str:
    """How a player is shown to others: their display name, else :func:`default_name`."""
    return display_names([user.pk])[user.pk]


def display_names(user_ids: Iterable[int]) -> dict[int, str]:
    """How each of these players is shown to others (:func:`display_name`), by user id,
    with one query for them all: a page listing many players asks once."""
    ids = set(user_ids)
    given = Profile.objects.filter(user_id__in=ids).values_list("user_id", "display_name")
    names = dict(given)
    return {user_id: names.get(user_id) or default_name(user_id) for user_id in ids}


def give_name(user: AbstractBaseUser, name: str) -> None:
    """Make ``name`` the display name of ``user``'s profile; if another member holds it,
    the first "name (2)", "name (3)"… nobody holds (the demo's members, seeded where
    somebody may already be called "Alice")."""
    profile = profile_of(user)
    profile.display_name = free_name(name, lambda key: name_held(key, user.pk))
    profile.save()


def name_held(key: str, user_id: int | None) -> bool:
    """Whether a member other than ``user_id`` holds a display name of key ``key``."""
    return Profile.objects.filter(name_key=key).exclude(user_id=user_id).exists()


def bot_accounts(user_ids: Collection[int]) -> dict[int, bool]:
    """The bot accounts among ``user_ids``, each mapped to whether its owner lets its games
    with people be rated (``games.players``' question, registered by the app)."""
    found = Profile.objects.filter(user_id__in=user_ids, bot_account=True)
    return dict(found.values_list("user_id", "rate_bot_with_people"))


#: Names of the form the site gives accounts without one ("Player 12"): nobody may take
#: one, which would pass them off as another account.
RESERVED_NAME = re.compile(r"player\s*\d+", re.IGNORECASE)
#: Names of the form the site's bots sit under ("Bot 2"): a member of that name would pass
#: for one of them.
BOT_NAME = re.compile(r"bot\s*\d+", re.IGNORECASE)


def validate_display_name(value: str) -> None:
    """Refuse a display name that is blank, not one line (``games.names``), of the
    reserved form "Player 12", or a site bot's "Bot 2"."""
    key = name_key(value)
    if not key:
        raise ValidationError(_("Give the name other players will see."))
    validate_one_line(value)
    # Matched in its key: "Player 12" in wide letters reads as "Player 12".
    if RESERVED_NAME.fullmatch(key):
        raise ValidationError(
            _("Names such as “%(name)s” are given to accounts without one: choose another."),
            params={"name": value.strip()},
        )
    if BOT_NAME.fullmatch(key):
        raise ValidationError(
            _("Names such as “%(name)s” are those of the site's bots: choose another."),
            params={"name": value.strip()},
        )


def validate_name_free(value: str, user_id: int | None) -> None:
    """Refuse a display name another member than ``user_id`` (None: anyone) holds, or one
    that looks the same (:func:`accounts.names.name_key`)."""
    if name_held(name_key(value), user_id):
        raise ValidationError(
            _(
                "The name “%(name)s” is taken (capitals and look-alike letters do not "
                "make another name): choose another."
            ),
            code="taken",
            params={"name": value.strip()},
        )


class SpentLink(models.Model):
    """A one-click link of an email that has signed somebody in (``accounts.links``): it
    signs nobody in again. Kept by the SHA-256 of its token (what the database holds opens
    nothing), and only while the link would still work."""

    digest = models.CharField(max_length=64, primary_key=True)
    spent_at = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return f"link {self.digest[:12]} spent at {self.spent_at}"


class Scope(models.TextChoices):
    """What an API token may do: ``read`` the games (every GET of the games' API), ``play``
    (open, join, start, add bots, move: whatever changes a game), ``chat`` (a game's chat)."""

    READ = "read", _("read games")
    PLAY = "play", _("play")
    CHAT = "chat", _("chat")


class ApiToken(models.Model):
    """A named API token of a member (one per program): its scopes, its own expiry, revoked
    on its own. The key is shown once, when it is made; the database keeps its SHA-256 only
    (what it holds opens nothing), and its first characters, so that the owner can tell
    their tokens apart."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = models.CharField(_("name"), max_length=60)
    digest = models.CharField(max_length=64, unique=True)
    prefix = models.CharField(max_length=8)
    can_read = models.BooleanField(_("read games"), default=True)
    can_play = models.BooleanField(_("play"), default=True)
    can_chat = models.BooleanField(_("chat"), default=False)
    created = models.DateTimeField()
    expires = models.DateTimeField()
    last_used = models.DateTimeField(null=True, blank=True)
    revoked = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("-created", "-pk")

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"

    @property
    def scopes(self) -> frozenset[str]:
        """The scopes granted, as the API's permissions ask them of ``request.auth``."""
        granted = (
            (Scope.READ, self.can_read),
            (Scope.PLAY, self.can_play),
            (Scope.CHAT, self.can_chat),
        )
        return frozenset(str(scope) for scope, given in granted if given)

    @property
    def scope_labels(self) -> list[str]:
        """The scopes granted, in the reader's language (the profile page's list)."""
        return [str(scope.label) for scope in Scope if scope in self.scopes]
