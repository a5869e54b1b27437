"""Commands of tournaments: creating one, registering, inviting (before the first stage
or between stages), withdrawing, starting stages, finishing tables, ending a tournament
early, emailing players.

Each follows the shape of the game commands: check (who asks, what state the tournament
is in), write in one transaction, then notify after the commit. The tables are ordinary
games made by ``games.services.game_create``: what the tournament adds is who sits where
and how their results count.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from accounts.models import display_name, display_names
from games.bots import MAX_MOVES, play_bot_move
from games.descriptions import and_list, time_per_move
from games.endings import EndingRefused, take_off
from games.lobby import check_not_invited, new_config, spend_invitation
from games.models import Game
from games.services import SeatSpec, game_create
from games.tasks import enqueue
from notifications.outbox import DeliveredFirst, deliver_after_commit
from tournaments import seating, selectors, tasks
from tournaments.mail import place_in_words, queue_mail
from tournaments.models import Entry, Invitation, Stage, Table, TablePlayer, Tournament
from tournaments.results import table_record_result, tournament_finish
from tournaments.standings import DEFAULT_POINTS

_SYSTEM_RANDOM = secrets.SystemRandom()


class TournamentError(ValueError):
    """A request the tournament cannot grant now, in words for the person who made it."""


class StageInPlay(TournamentError):
    """Refused while stage ``number`` is being played, in the organiser's words (a player
    is told when to come back)."""

    def __init__(self, number: int) -> None:
        super().__init__(_("Every table of the current stage must finish first."))
        self.number = number


class NotOrganiser(PermissionError):
    """Only the tournament's organiser may do that."""


def _check_organiser(tournament: Tournament, user: AbstractBaseUser) -> None:
    if tournament.organiser_id != user.pk:
        raise NotOrganiser(_("Only the organiser of this tournament can do that."))


# --- Creating a tournament and taking registrations -------------------------------------


def tournament_create(
    *,
    organiser: AbstractBaseUser,
    name: str,
    registration_closes: datetime,
    registration_opens: datetime | None = None,
    description: str = "",
    format: str = Tournament.Format.STAGES,
    table_size: int = 4,
    small_tables: bool = False,
    seat_by_rating: bool = False,
    stage_count: int = 3,
    final_size: int = 4,
    move_deadline: timedelta = timedelta(days=3),
    deadline_policy: str = Game.DeadlinePolicy.PASS,
    points: Mapping[int, Sequence[int]] | None = None,
    forfeit_points: int = 0,
) -> Tournament:
    """Create a tournament taking registrations between its two dates. ``points`` are
    the points per place of each table size (sizes left out keep the default rows).
    Invalid values raise Django's ``ValidationError``."""
    rows = {**DEFAULT_POINTS, **(points or {})}
    tournament = Tournament(
        organiser=organiser,
        name=name,
        description=description,
        format=format,
        table_size=table_size,
        small_tables=small_tables,
        seat_by_rating=seat_by_rating,
        stage_count=stage_count,
        final_size=final_size,
        move_deadline=move_deadline,
        deadline_policy=deadline_policy,
        registration_opens=registration_opens or timezone.now(),
        registration_closes=registration_closes,
        points={str(size): list(row) for size, row in sorted(rows.items())},
        forfeit_points=forfeit_points,
    )
    tournament.full_clean()
    if move_deadline <= timedelta(0):
        raise TournamentError(_("The time for each move must be positive."))
    tournament.save()
    return tournament


def tournament_register(
    *, tournament: Tournament, user: AbstractBaseUser, now: datetime | None = None
) -> Entry:
    """Register ``user``: anybody while registration is open, an invited player any time
    before the first stage starts, or between stages once it has (accepting an invitation
    sent then: they start with 0 points and are seated from the next stage on)."""
    now = now or timezone.now()
    _record_finished_tables(tournament)
    with transaction.atomic():
        Tournament.objects.select_for_update().get(pk=tournament.pk)
        tournament.refresh_from_db()
        entry = tournament.entries.filter(user_id=user.pk).first()
        if entry is not None and entry.status == Entry.Status.REGISTERED:
            raise TournamentError(_("You are already registered."))
        if entry is not None and entry.status == Entry.Status.WITHDRAWN:
            if withdrew_themselves(entry):
                raise TournamentError(_("You withdrew from this tournament."))
            raise TournamentError(_("The organiser withdrew you from this tournament."))
        invitations = selectors.invitations_of(tournament, user)
        if tournament.status != Tournament.Status.REGISTRATION and not invitations.exists():
            raise TournamentError(_("This tournament has already started."))
        if tournament.status != Tournament.Status.REGISTRATION:
            try:
                _check_between_stages(tournament)
            except StageInPlay as playing:
                raise TournamentError(
                    # The registration page's words, which a template gives as %(n)s.
                    _("Stage %(n)s is being played: wait until stage %(n)s ends to accept.")
                    % {"n": playing.number}
                ) from None
        elif not tournament.registration_is_open(now) and not invitations.exists():
            raise TournamentError(_("Registration is not open."))
        invitations.delete()  # accepted
        entry = Entry.objects.create(
            tournament=tournament, user=user, status=Entry.Status.REGISTERED, registered_at=now
        )
    return entry


def tournament_unregister(*, tournament: Tournament, user: AbstractBaseUser) -> bool:
    """Cancel a registration before the first stage, or decline an invitation (sent
    before it or between stages) any time. True when it was an invitation declined (the
    member was not registered), which the member is told as such."""
    with transaction.atomic():
        Tournament.objects.select_for_update().get(pk=tournament.pk)
        tournament.refresh_from_db()
        if tournament.status != Tournament.Status.REGISTRATION:
            declined, _rows = selectors.invitations_of(tournament, user).delete()
            if declined:
                return True
            raise TournamentError(
                _("The tournament has started: ask the organiser to withdraw you.")
            )
        registrations, _rows = tournament.entries.filter(
            user_id=user.pk, status=Entry.Status.REGISTERED
        ).delete()
        invitations, _rows = selectors.invitations_of(tournament, user).delete()
        if not registrations and not invitations:
            raise TournamentError(_("You are not registered."))
        return not registrations


def tournament_invite(*, tournament: Tournament, by: AbstractBaseUser, email: str) -> Invitation:
    """The organiser invites an email address, once per address and tournament
    (:class:`games.lobby.AlreadyInvited` for an address invited already). Before the first
    stage, or between stages (no stage being played, the tournament not over, a stage
    other than the final left): whoever accepts then starts with 0 points and is seated
    from the next stage on. The address may belong to a member or to nobody yet: nothing
    here depends on it, so that nobody learns who has an account. The invitation is
    emailed once it commits (:func:`tournaments.mail.send_invitation`); the member with
    that address accepts by registering, or declines. Past the day's invitations of ``by``
    (games' and tournaments' together), :class:`TooManyInvitations`."""
    _check_organiser(tournament, by)
    address = email.strip().lower()
    _record_finished_tables(tournament)
    with transaction.atomic():
        # Locked before stage 1 too: stage_start, under the same lock, lets the invitations
        # nobody accepted lapse, and one written meanwhile would outlive them.
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if tournament.status != Tournament.Status.REGISTRATION:
            _check_stage_left(tournament)
            refusal = final_left(tournament)
            if refusal:
                raise TournamentError(refusal)
            _check_between_stages(tournament)
        check_not_invited(tournament.invitations.all(), address)
        spend_invitation(by)
        # The tournament's row is locked: nobody invites the address meanwhile.
        invitation = Invitation.objects.create(tournament=tournament, email=address, invited_by=by)
        deliver_after_commit(invitation)
    return invitation


def invitation_cancel(*, invitation: Invitation, by: AbstractBaseUser) -> None:
    """The organiser cancels an invitation nobody accepted yet (its email, if still
    owed, is not sent)."""
    _check_organiser(invitation.tournament, by)
    invitation.delete()


def entry_withdraw(
    *, entry: Entry, by: AbstractBaseUser, rng: random.Random | None = None
) -> Entry:
    """The organiser withdraws a player, until the tournament is over. A withdrawn player
    is seated at no further stage; at a table still being played, their seat is handed to a
    bot at once and the table gives them the fixed value."""
    tournament = entry.tournament
    _check_organiser(tournament, by)
    with transaction.atomic():
        entry = Entry.objects.select_for_update().get(pk=entry.pk)
        if entry.status == Entry.Status.WITHDRAWN:
            raise TournamentError(_("This player is already withdrawn."))
        # Every table of a finished tournament is recorded: a withdrawal would change no
        # result, only mark a player who played them all as withdrawn.
        if tournament.status == Tournament.Status.FINISHED:
            raise TournamentError(_("This tournament is over."))
        entry.status = Entry.Status.WITHDRAWN
        entry.withdrawn_at = timezone.now()
        entry.save(update_fields=["status", "withdrawn_at"])
        # Every table whose result is not recorded yet, even if its game just ended: the
        # withdrawal counts there (docs/tournaments.md). A running game also gets a bot.
        unrecorded = TablePlayer.objects.filter(
            entry=entry, table__recorded_at__isnull=True
        ).select_related("table__game")
        for place in unrecorded:
            place.withdrawn = True
            place.save(update_fields=["withdrawn"])
            if place.table.game.status == Game.Status.RUNNING:
                _hand_to_bot(place, by, rng or random.Random())
        _tell_withdrawn(entry, by, seated=bool(unrecorded))
    return entry


def withdrew_themselves(entry: Entry) -> bool:
    """Whether ``entry`` is the organiser's own: only the organiser withdraws, so its
    withdrawal is (or would be) the player's own act, said to them in the first person."""
    return entry.user_id == entry.tournament.organiser_id


def _tell_withdrawn(entry: Entry, by: AbstractBaseUser, seated: bool) -> None:
    """Tell the player withdrawn by ``by``, after the commit: what they keep and, if
    ``seated`` at a table not recorded yet, what it gives them. An organiser who withdrew
    their own entry reads that they withdrew, not that somebody withdrew them."""
    tournament = entry.tournament
    link = settings.SITE_URL + reverse("tournaments:standings", args=(tournament.pk,))
    themselves = withdrew_themselves(entry)
    organiser = display_name(by)

    def compose() -> tuple[str, str]:
        words = {"organiser": organiser, "tournament": tournament.name}
        if themselves:
            subject = _("%(tournament)s: you withdrew") % words
            said = _(
                "You withdrew from %(tournament)s: you will be seated at no further stage, and "
                "you keep the points you earned."
            )
        else:
            subject = _("%(tournament)s: the organiser has withdrawn you") % words
            said = _(
                "%(organiser)s has withdrawn you from %(tournament)s: you will be seated at no "
                "further stage, and you keep the points you earned."
            )
        body = [said % words]
        if seated:
            body.append(
                ngettext(
                    "At your table still being played a bot plays your seat, and the table "
                    "gives you %(n)d point and no place.",
                    "At your table still being played a bot plays your seat, and the table "
                    "gives you %(n)d points and no place.",
                    tournament.forfeit_points,
                )
                % {"n": tournament.forfeit_points}
            )
        body.append(_("The standings: %(link)s") % {"link": link})
        return subject, "\n\n".join(body)

    queue_mail(tournament, [entry.user], compose)


def _hand_to_bot(place: TablePlayer, by: AbstractBaseUser, rng: random.Random) -> None:
    """A bot takes the seat: it plays now if the game waits for it, and from then on
    whenever it does (the games' ``bots`` consumer). The seat belongs to nobody from then
    on: the player who left no longer sees its hand nor moves for it (the table keeps
    their name, and the tournament's ``TablePlayer`` says whose place it was). The game
    records it as the player's resignation, and rates it so (docs/ratings.md). A game
    its last move ended since it was read as being played has no seat left to hand over:
    the table records the withdrawal with its result all the same."""
    game = place.table.game
    try:
        take_off(game=game, seat=place.seat, by=by)
    except EndingRefused as refused:
        game.refresh_from_db()
        if game.status == Game.Status.RUNNING:  # moves kept coming: the organiser tries again
            raise TournamentError(str(refused)) from refused
        return
    for _move in range(MAX_MOVES):
        # Said in the history as the bots consumer says the seat's later moves.
        if not play_bot_move(game, rng, only=[place.seat], reasons={place.seat: "withdrawn"}):
            break
    game.refresh_from_db()
    if game.status == Game.Status.FINISHED:
        table_record_result(table=place.table)


# --- Stages and tables ------------------------------------------------------------------


def stage_start(
    *, tournament: Tournament, by: AbstractBaseUser, rng: random.Random | None = None
) -> Stage:
    """The organiser starts the next stage once every table of the current one is done.

    Stage 1 seats the registered players in a random order, or by X-Game rating if the
    organiser chose so (``selectors.by_rating``); later stages seat them in standings
    order, avoiding repeat opponents (``seating.seat``); the final seats the top of the
    standings at one table. Each table is an X-Game whose seat order is drawn at random,
    with the tournament's move deadline and deadline policy. ``rng`` (tests) draws the
    seating and the tables' deals; without it, each table's deals come from its game's
    committed seed (``games.services.Chance``).
    """
    _check_organiser(tournament, by)
    dealer = rng
    rng = rng or _SYSTEM_RANDOM
    _record_finished_tables(tournament)
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        number = selectors.next_stage_number(tournament)
        if tournament.status == Tournament.Status.FINISHED or number is None:
            raise TournamentError(_("This tournament is over."))
        _check_between_stages(tournament)
        is_final = tournament.is_final(number)
        active = {entry.pk: entry for entry in selectors.active_entries(tournament)}
        smallest = seating.smallest_table(tournament.small_tables)
        if number == 1 and tournament.seat_by_rating:
            order = selectors.by_rating(active.values(), rng)
        elif number == 1:
            order = list(active)
            rng.shuffle(order)
        else:
            ranked = [line.player for line in selectors.standings_of(tournament)]
            order = [player for player in ranked if player in active]  # type: ignore[misc]
        if is_final:
            order = order[: tournament.final_size]
            if len(order) < smallest:
                raise TournamentError(
                    _("The final needs at least %(n)d active players.") % {"n": smallest}
                )
            tables = [order]
        else:
            try:
                sizes = seating.table_sizes(
                    len(order), tournament.table_size, tournament.small_tables
                )
            except seating.SeatingError:
                raise TournamentError(
                    _("A stage needs at least %(n)d registered players.") % {"n": smallest}
                ) from None
            tables = seating.seat(order, sizes, selectors.met_before(tournament))
        stage = Stage.objects.create(tournament=tournament, number=number, is_final=is_final)
        # Each table's game wakes its consumers once committed, which owe its players a
        # "your turn": the stage's mail, naming the table and the opponents, goes first.
        announced = DeliveredFirst()
        for table_number, players in enumerate(tables, start=1):
            _open_table(tournament, stage, table_number, [active[p] for p in players], rng, dealer)
        if tournament.status == Tournament.Status.REGISTRATION:
            tournament.status = Tournament.Status.RUNNING
            tournament.save(update_fields=["status"])
        if number == 1 or number >= tournament.stage_count:
            # Invitations nobody accepted lapse with the start, and with the last stage of
            # reseating's (the final, if any, seats the top of the standings only): who
            # accepted after it would have nothing left to play.
            tournament.invitations.all().delete()
        _announce_stage(stage, announced)
    return stage


#: The name of a table's game, in each reader's language (migration 0007 names the tables
#: opened before with the same messages).
TABLE_NAME = gettext_noop("%(tournament)s: stage %(stage)d, table %(table)d")
#: The name of the final's game.
FINAL_NAME = gettext_noop("%(tournament)s: final")


def _open_table(
    tournament: Tournament,
    stage: Stage,
    number: int,
    entries: list[Entry],
    rng: random.Random,
    dealer: random.Random | None,
) -> Table:
    """Create the table's X-Game, its seat order drawn with ``rng``, its deals with
    ``dealer`` if given (else from the game's committed seed)."""
    entries = list(entries)
    rng.shuffle(entries)
    words: dict[str, object] = {"tournament": tournament.name}
    names = display_names(entry.user_id for entry in entries)
    if not stage.is_final:
        words |= {"stage": stage.number, "table": number}
    game = game_create(
        # Named in each reader's language (Game.display_name).
        name_msgid=FINAL_NAME if stage.is_final else TABLE_NAME,
        name_args=words,
        # NUM-X's own options form completes the configuration (its latest rules edition).
        config=new_config("numx", {"players": len(entries), "mode": "x-game"}),
        seats=[SeatSpec(names[entry.user_id], user=entry.user) for entry in entries],
        created_by=tournament.organiser,
        rng=dealer,
        # A tournament is watched by anyone: its pages link every table's game.
        public=True,
    )
    Game.objects.filter(pk=game.pk).update(
        move_deadline=tournament.move_deadline, deadline_policy=tournament.deadline_policy
    )
    table = Table.objects.create(stage=stage, number=number, game=game)
    TablePlayer.objects.bulk_create(
        TablePlayer(table=table, entry=entry, seat=seat) for seat, entry in enumerate(entries)
    )
    return table


def _announce_stage(stage: Stage, announced: DeliveredFirst) -> None:
    """Tell each seated player where they play, what a missed deadline costs there, and,
    after the first stage, where they stand; after the commit, in ``announced``'s place."""
    tournament = stage.tournament
    standings = settings.SITE_URL + reverse("tournaments:standings", args=(tournament.pk,))
    # The new stage's tables are not recorded: these are the standings after the last one.
    lines = {line.player: line for line in selectors.standings_of(tournament)}
    ranked = sum(line.rank is not None for line in lines.values())
    # Who a tie-break set a player against is named (tournaments.mail.place_in_words).
    everybody = selectors.names_of(selectors.entries_of(tournament))
    for table in stage.tables.select_related("game"):
        link = settings.SITE_URL + reverse("games:game", args=(table.game_id,))
        places = list(table.players.select_related("entry__user"))
        names = display_names(place.entry.user_id for place in places)
        for place in places:
            # By seat, not by name: two players of one name are two others.
            others = [names[other.entry.user_id] for other in places if other.pk != place.pk]
            line = lines.get(place.entry_id)
            queue_mail(
                tournament,
                [place.entry.user],
                lambda stage=stage, others=others, link=link, line=line: (
                    (
                        _("%(tournament)s: the final has started")
                        if stage.is_final
                        else _("%(tournament)s: stage %(stage)d has started")
                    )
                    % {"tournament": tournament.name, "stage": stage.number},
                    _("Your table, with %(others)s: %(link)s\n\n%(per_move)s; good luck!")
                    % {
                        "others": and_list(others),
                        "link": link,
                        "per_move": capfirst(time_per_move(tournament.move_deadline)),
                    }
                    + "\n\n"
                    + _late_words(tournament)
                    + (
                        ""
                        if line is None or line.rank is None
                        else "\n\n"
                        + place_in_words(line, ranked, everybody, after_stage=stage.number - 1)
                        + " "
                        + _("The standings: %(link)s") % {"link": standings}
                    ),
                ),
                deliver=announced.add,
            )


def _late_words(tournament: Tournament) -> str:
    """What a player who lets their time and time bank run out gets at a table, in the
    active language: the policy moves for them, and the fixed value instead of a place."""
    return ngettext(
        "If your time and time bank run out, the deadline policy moves for you: %(policy)s; "
        "this table then gives you %(n)d point and no place.",
        "If your time and time bank run out, the deadline policy moves for you: %(policy)s; "
        "this table then gives you %(n)d points and no place.",
        tournament.forfeit_points,
    ) % {"policy": tournament.get_deadline_policy_display(), "n": tournament.forfeit_points}


def table_force_finish(*, table: Table, by: AbstractBaseUser, now: datetime | None = None) -> Table:
    """The organiser finishes a table whose game waits for a player past the move
    deadline. The players it waits for past their deadline (and those the clock already
    had to move for) count as timed out; the others keep their place. After the commit a
    task lets the game's deadline policy play the game to its end
    (:func:`games.deadlines.play_out`); the ``tournaments`` consumer records its result.

    A table already being finished may be asked again (an interrupted finish resumes).
    """
    _check_organiser(table.stage.tournament, by)
    now = now or timezone.now()
    with transaction.atomic():
        table = Table.objects.select_for_update().select_related("game").get(pk=table.pk)
        game = table.game
        if game.status != Game.Status.RUNNING or table.recorded_at is not None:
            raise TournamentError(_("This table is not being played."))
        if table.forced_at is None:
            late = selectors.overdue_seats(game, now)
            if not late:
                raise TournamentError(_("Nobody at this table is past the move deadline."))
            earlier = set(game.seats.filter(timeouts__gt=0).values_list("number", flat=True))
            table.players.filter(seat__in=late | earlier).update(timed_out=True)
            table.forced_at = now
            table.save(update_fields=["forced_at"])
        table_id = table.pk
        transaction.on_commit(lambda: enqueue(tasks.finish_table, table_id), robust=True)
    return table


def _record_finished_tables(tournament: Tournament) -> None:
    """Record the finished games' results the tournaments consumer has not recorded yet (it
    runs after each commit), before the caller locks the tournament's row, never under
    that lock: recording locks tables, and whoever holds a table's lock (the consumer, a
    withdrawal) goes on to write rows of the tournament, so taking the tournament first
    would take the two locks in the opposite order (a deadlock on PostgreSQL)."""
    for table in selectors.unfinished_tables(tournament):
        table_record_result(table=table)


def _check_stage_left(tournament: Tournament) -> None:
    """Refuse ending early or inviting once the last stage has started: nothing is left to
    end before, nor for a newcomer to play, and the tournament ends with that stage (the
    dashboard offers neither then)."""
    last_started = selectors.next_stage_number(tournament) is None
    if tournament.status == Tournament.Status.RUNNING and last_started:
        raise TournamentError(_("The last stage is being played: the tournament ends with it."))


def final_left(tournament: Tournament) -> str | None:
    """Why nobody may be invited to ``tournament`` (started) when only its final is left
    to start, or None: the final seats the top of the standings, where a newcomer on 0
    points would not be (the dashboard says it instead of offering the invitation)."""
    if not tournament.is_final(selectors.next_stage_number(tournament)):
        return None
    return _(
        "Only the final is left, and it seats the top %(n)d of the standings: a player "
        "invited now would not play it."
    ) % {"n": tournament.final_size}


def _check_between_stages(tournament: Tournament) -> None:
    """Refuse, under the caller's lock on ``tournament`` (its finished tables recorded
    before, :func:`_record_finished_tables`), once the tournament is over, and while a
    stage is being played (:class:`StageInPlay`)."""
    if tournament.status == Tournament.Status.FINISHED:
        raise TournamentError(_("This tournament is over."))
    playing = selectors.unfinished_tables(tournament).values_list("stage__number", flat=True)
    if playing:
        raise StageInPlay(playing[0])


def tournament_end(*, tournament: Tournament, by: AbstractBaseUser) -> Tournament:
    """The organiser ends the tournament after the stages played, once none is being
    played: when too few players are left for the next stage, or when the league stops
    there. The standings after the last stage played are the final ones, and the
    tournament finishes as one whose last stage closed (``results.tournament_finish``:
    its emails too). Refused before any stage was played (there are no standings to end
    on) and once it is over."""
    _check_organiser(tournament, by)
    _record_finished_tables(tournament)
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        _check_stage_left(tournament)
        _check_between_stages(tournament)
        if not tournament.stages.filter(finished_at__isnull=False).exists():
            raise TournamentError(
                _("No stage has been played yet: there are no standings to end on.")
            )
        tournament_finish(tournament)
    return tournament


# --- Emails -----------------------------------------------------------------------------


def tournament_email(
    *,
    tournament: Tournament,
    by: AbstractBaseUser,
    subject: str,
    message: str,
    reply_to_me: bool = False,
) -> int:
    """The organiser emails every registered player (withdrawn ones left out); returns
    how many. The site shows nobody's address, so replies reach the organiser only if
    they agree to show theirs (``reply_to_me``): it is then the mail's Reply-To, and
    otherwise its footer says that replies do not reach them."""
    _check_organiser(tournament, by)
    if not subject.strip() or not message.strip():
        raise TournamentError(_("Write a subject and a message."))
    address = getattr(by, "email", "") if reply_to_me else ""
    if reply_to_me and not address:
        raise TournamentError(_("Your account has no email address for players to reply to."))
    users = [entry.user for entry in selectors.active_entries(tournament)]
    link = settings.SITE_URL + reverse("tournaments:tournament", args=(tournament.pk,))
    organiser = display_name(by)

    def footer() -> str:
        """Who sent it, and where a reply goes, in the active language."""
        replies = (
            _("Reply to this email to write to %(organiser)s.")
            if address
            else _(
                "Replies to this email do not reach %(organiser)s, whose address the site "
                "does not share."
            )
        )
        return (
            _("Sent by %(organiser)s, organiser of %(tournament)s: %(link)s")
            % {"organiser": organiser, "tournament": tournament.name, "link": link}
            + "\n"
            + replies % {"organiser": organiser}
        )

    queue_mail(
        tournament,
        users,
        lambda: (
            f"[{tournament.name}] {subject.strip()}",
            message.strip() + "\n\n-- \n" + footer(),
        ),
        reply_to=address,
    )
    return len(users)
