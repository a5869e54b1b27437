"""Tournament pages: the list, a tournament, registration, tables, standings (and their
CSV), and the organiser's dashboard with its tools. Thin: reads come from selectors,
writes go through services."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.forms import Form
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.formats import get_format
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST

from accounts.models import display_name
from games.descriptions import time_per_move
from games.lobby import AlreadyInvited, TooManyInvitations, invitation_news
from games.models import Game
from tournaments import seating, selectors, services
from tournaments.forms import EmailForm, InviteForm, TournamentForm
from tournaments.mail import tables_in_words
from tournaments.models import Entry, Invitation, Table, Tournament
from tournaments.standings import COMMA_CSV, SEMICOLON_CSV, points_row, standings_csv


def _tournament(tournament_id: int) -> Tournament:
    return get_object_or_404(Tournament.objects.select_related("organiser"), pk=tournament_id)


def _tournament_for_organiser(request: HttpRequest, tournament_id: int) -> Tournament:
    """The tournament, for its organiser only: 404 if missing, 403 for anybody else."""
    tournament = _tournament(tournament_id)
    if not selectors.is_organiser(tournament, request.user):
        raise PermissionDenied(_("Only the organiser of this tournament can do that."))
    return tournament


def tournament_list(request: HttpRequest) -> HttpResponse:
    return render(request, "tournaments/list.html", {"tournaments": selectors.tournaments_listed()})


@login_required
def new(request: HttpRequest) -> HttpResponse:
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        tournament = services.tournament_create(organiser=request.user, **form.values())
        messages.success(request, _("Your tournament is open for registration."))
        return redirect("tournaments:dashboard", tournament.pk)
    return render(
        request, "tournaments/new.html", {"form": form}, status=400 if form.errors else 200
    )


def tournament(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = _tournament(tournament_id)
    entries = list(selectors.entries_of(tournament))
    names = selectors.names_of(entries)
    entry = selectors.entry_of(tournament, request.user)
    # The podium's lines are among the leaders', which go on past the fifth to every tie.
    leaders = selectors.leaders(tournament)
    context = {
        "page": "tournament",
        "tournament": tournament,
        "organiser_name": display_name(tournament.organiser),
        "players": [(entry, names[entry.pk]) for entry in entries],
        "entry": entry,
        "your_table": selectors.table_to_play(tournament, entry),
        "invited": selectors.invitations_of(tournament, request.user).exists(),
        "is_organiser": selectors.is_organiser(tournament, request.user),
        "registration_open": tournament.registration_is_open(),
        # Starting stage 1 closed registration: its moment, not the close first set.
        "closed_early": selectors.registration_closed_early(tournament),
        "stage": selectors.current_stage(tournament),
        "points_rows": _points_rows(tournament),
        # The sizes its tables can have, as its invitation says them.
        "tables": tables_in_words(tournament),
        "leaders": leaders,
        # Who won is the first thing a finished tournament's page says.
        "podium": selectors.podium(leaders)
        if tournament.status == Tournament.Status.FINISHED
        else [],
        # A stage being played: the leaders count its tables done only.
        "in_play": selectors.in_play(tournament),
        # The final ranks its players first: said with the ranking when there is one.
        "has_final": tournament.format == Tournament.Format.FINAL,
    }
    return render(request, "tournaments/tournament.html", context)


def _points_rows(tournament: Tournament) -> list[tuple[int, str]]:
    """The tournament's points per place for each size its tables can have
    (``selectors.table_sizes_of``): ``(4, "8 / 4 / 2 / 1")``."""
    rows = tournament.points_table()
    return [
        (size, " / ".join(str(points) for points in points_row(rows, size)))
        for size in selectors.table_sizes_of(tournament)
    ]


@login_required
def register(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """GET: the registration page (register, accept or decline an invitation, cancel);
    POST: register, or the page with why (409: registered already, registration closed)."""
    tournament = _tournament(tournament_id)
    if request.method == "POST":
        try:
            services.tournament_register(tournament=tournament, user=request.user)
        except services.TournamentError as error:
            messages.error(request, str(error))
            return _registration(request, tournament, status=409)
        messages.success(request, _("You are registered."))
        return redirect("tournaments:register", tournament.pk)
    return _registration(request, tournament)


def _registration(request: HttpRequest, tournament: Tournament, status: int = 200) -> HttpResponse:
    """The registration page; ``status``: 409 when it answers a refusal, which its
    messages say."""
    entry = selectors.entry_of(tournament, request.user)
    context = {
        "page": "register",
        "tournament": tournament,
        "entry": entry,
        "your_table": selectors.table_to_play(tournament, entry),
        "invited": selectors.invitations_of(tournament, request.user).exists(),
        "registration_open": tournament.registration_is_open(),
        "per_move": time_per_move(tournament.move_deadline),
        # An invitation sent between stages is accepted only until the next one starts.
        "in_play": selectors.in_play(tournament),
    }
    return render(request, "tournaments/register.html", context, status=status)


@login_required
@require_POST
def unregister(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Cancel a registration or decline an invitation; the registration page with why
    (409) once the tournament has started, or for somebody not registered."""
    tournament = _tournament(tournament_id)
    try:
        declined = services.tournament_unregister(tournament=tournament, user=request.user)
    except services.TournamentError as error:
        messages.error(request, str(error))
        return _registration(request, tournament, status=409)
    if declined:
        messages.success(request, _("You declined the invitation."))
    else:
        messages.success(request, _("You are no longer registered."))
    return redirect("tournaments:register", tournament.pk)


def tables(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = _tournament(tournament_id)
    context = {
        "page": "tables",
        "tournament": tournament,
        "stages": selectors.stages_of(tournament),
    }
    return render(request, "tournaments/tables.html", context)


#: ``?sep=`` of the standings' CSV (docs/tournaments.md): the cells' separator, which
#: decides the decimals' too; commas when it is left out.
CSV_SEPARATORS = {"comma": COMMA_CSV, "semicolon": SEMICOLON_CSV}


def _csv_query(upto: int | None) -> str:
    """The query of the standings page's CSV link: the stage shown, and semicolons where
    the page writes decimals with a comma (French), which is what a spreadsheet in that
    language splits a file at; the commas a program expects stay the default."""
    query: dict[str, str | int] = {} if upto is None else {"stage": upto}
    if get_format("DECIMAL_SEPARATOR") == SEMICOLON_CSV.decimal:
        query["sep"] = "semicolon"
    return urlencode(query)


def standings(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = _tournament(tournament_id)
    upto = selectors.standings_upto(tournament, request.GET.get("stage"))
    stages = list(tournament.stages.order_by("number"))
    final_started = any(stage.is_final for stage in stages)
    context = {
        "csv_query": _csv_query(upto),
        # A stage being played: the standings count its tables done only.
        "in_play": selectors.in_play(tournament, upto),
        "page": "standings",
        "tournament": tournament,
        "lines": selectors.standings_lines(tournament, upto),
        "stages": [stage for stage in stages if not stage.is_final],
        # Once the final started, even a single stage before it has standings of its own.
        "final_started": final_started,
        "has_final": final_started and upto is None,
        "upto": upto,
    }
    return render(request, "tournaments/standings.html", context)


def standings_export(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = _tournament(tournament_id)
    upto = selectors.standings_upto(tournament, request.GET.get("stage"))
    style = CSV_SEPARATORS.get(request.GET.get("sep") or "comma")
    if style is None:
        return HttpResponseBadRequest(
            _("A CSV's separator is sep=comma or sep=semicolon."),
            content_type="text/plain; charset=utf-8",
        )
    lines = selectors.standings_lines(tournament, upto)
    stages = tournament.stages.filter(is_final=False).order_by("number")
    if upto is not None:
        stages = stages.filter(number__lte=upto)
    body = standings_csv(
        [line.standing for line in lines],
        {line.entry.pk: line.name for line in lines},
        list(stages.values_list("number", flat=True)),
        withdrawn={line.entry.pk for line in lines if line.withdrawn},
        ratings={
            line.entry.pk: (line.rating.rating, line.rating.provisional)
            for line in lines
            if line.rating is not None
        },
        style=style,
    )
    # The byte order mark tells Excel the file is UTF-8: without it, it reads the file in
    # the computer's code page and accented names come out garbled ("HÃ©lÃ¨ne").
    response = HttpResponse("\ufeff" + body, content_type="text/csv; charset=utf-8")
    suffix = f"-stage-{upto}" if upto else ""
    response["Content-Disposition"] = (
        f'attachment; filename="tournament-{tournament.pk}-standings{suffix}.csv"'
    )
    return response


# --- The organiser's dashboard and tools ------------------------------------------------


@login_required
def dashboard(request: HttpRequest, tournament_id: int) -> HttpResponse:
    return _dashboard(request, _tournament_for_organiser(request, tournament_id))


def _dashboard(
    request: HttpRequest, tournament: Tournament, status: int = 200, **forms: Form
) -> HttpResponse:
    """The organiser's dashboard; ``forms``: one of its forms as it was sent, with its
    errors (``invite_form``, ``email_form``), the others empty."""
    entries = list(selectors.entries_of(tournament))
    names = selectors.names_of(entries)
    stages = selectors.stages_of(tournament, timezone.now())
    current = stages[-1] if stages else None
    playing = [
        table
        for table in (current.tables if current else [])
        # A finished game whose result is not recorded yet is recorded by the next start.
        if not table.done and table.game.status != Game.Status.FINISHED
    ]
    active = sum(1 for entry in entries if entry.status == Entry.Status.REGISTERED)
    next_stage = selectors.next_stage_number(tournament)
    # Once stage 1 started, between stages with a stage left to play: what tournament_end
    # asks (and inviting). Once the last stage's games are over, it finishes as soon as
    # they are recorded: nothing is left to end early.
    can_end = (
        tournament.status == Tournament.Status.RUNNING and not playing and next_stage is not None
    )
    context = {
        "page": "dashboard",
        "tournament": tournament,
        "entries": [(entry, names[entry.pk]) for entry in entries],
        "invitations": tournament.invitations.all(),
        "active": active,
        "too_few": selectors.too_few_to_start(tournament, active, next_stage),
        "current": current,
        "playing": playing,
        "next_stage": next_stage,
        "can_start": tournament.status != Tournament.Status.FINISHED and not playing,
        "can_end": can_end,
        # Between stages, inviting as ending early, unless only the final is left.
        "cannot_invite": services.final_left(tournament) if can_end else None,
        "invite_form": InviteForm(),
        "email_form": EmailForm(),
        **forms,
    }
    return render(request, "tournaments/dashboard.html", context, status=status)


def _left_too_few(tournament: Tournament) -> int | None:
    """The players one more withdrawal would leave when they are too few to start the next
    stage (the organiser would then have to invite a replacement or end it early), else
    None. Only once stage 1 has started: before it, others may still register."""
    next_stage = selectors.next_stage_number(tournament)
    if tournament.status != Tournament.Status.RUNNING or next_stage is None:
        return None
    left = selectors.active_entries(tournament).count() - 1
    return left if left < seating.smallest_table(tournament.small_tables) else None


def _organiser_action(
    request: HttpRequest, tournament_id: int, act: Callable[[Tournament], str]
) -> HttpResponse:
    """Run an organiser's tool, then the dashboard saying what it did; a refusal is the
    dashboard saying why (409: the tournament is not where the tool needs it; 429: the
    organiser's invitations of the day are spent)."""
    tournament = _tournament_for_organiser(request, tournament_id)
    try:
        done = act(tournament)
    except services.TournamentError as error:
        messages.error(request, str(error))
        return _dashboard(request, tournament, status=409)
    except TooManyInvitations as error:
        messages.error(request, str(error))
        return _dashboard(request, tournament, status=429)
    messages.success(request, done)
    return redirect("tournaments:dashboard", tournament.pk)


@login_required
@require_POST
def invite(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Invite an email address; an address not valid, or invited already, is the form
    again with the fault beside its field (400, nothing changed)."""
    form = InviteForm(request.POST)

    def act(tournament: Tournament) -> str:
        services.tournament_invite(
            tournament=tournament, by=request.user, email=form.cleaned_data["email"]
        )
        return invitation_news(owed=True, new=True)

    if form.is_valid():
        try:
            return _organiser_action(request, tournament_id, act)
        except AlreadyInvited as refused:
            form.add_error("email", str(refused))
    tournament = _tournament_for_organiser(request, tournament_id)
    # The form drawn again says the fault beside the field: no banner saying it twice.
    return _dashboard(request, tournament, status=400, invite_form=form)


@login_required
@require_POST
def cancel_invitation(request: HttpRequest, tournament_id: int, invitation_id: int) -> HttpResponse:
    def act(tournament: Tournament) -> str:
        services.invitation_cancel(
            invitation=get_object_or_404(Invitation, pk=invitation_id, tournament=tournament),
            by=request.user,
        )
        return _("Invitation cancelled.")

    return _organiser_action(request, tournament_id, act)


@login_required
@require_http_methods(["GET", "POST"])
def withdraw(request: HttpRequest, tournament_id: int, entry_id: int) -> HttpResponse:
    """Withdraw a player: asked first on a page of its own (GET), since it cannot be
    undone, done by its button (POST); then the dashboard, which says so."""
    if request.method == "GET":
        tournament = _tournament_for_organiser(request, tournament_id)
        entry = get_object_or_404(Entry, pk=entry_id, tournament=tournament)
        over = tournament.status == Tournament.Status.FINISHED
        if entry.status == Entry.Status.WITHDRAWN or over:
            # An old link: the dashboard says where the player stands.
            return redirect("tournaments:dashboard", tournament.pk)
        context = {
            "page": "dashboard",
            "tournament": tournament,
            "entry": entry,
            "name": selectors.names_of([entry])[entry.pk],
            # The organiser withdrawing their own entry is asked about themselves.
            "themselves": services.withdrew_themselves(entry),
            # A table whose result is not recorded yet gives them the fixed value.
            "seated": entry.places.filter(table__recorded_at__isnull=True).exists(),
            "smallest": seating.smallest_table(tournament.small_tables),
            "left_too_few": _left_too_few(tournament),
            # Too few for the final: no replacement to invite before it (services.final_left).
            "final_next": tournament.is_final(selectors.next_stage_number(tournament)),
        }
        return render(request, "tournaments/withdraw.html", context)

    def act(tournament: Tournament) -> str:
        entry = get_object_or_404(Entry, pk=entry_id, tournament=tournament)
        services.entry_withdraw(entry=entry, by=request.user)
        if services.withdrew_themselves(entry):
            return _("You withdrew from this tournament.")
        return _("Player withdrawn.")

    return _organiser_action(request, tournament_id, act)


@login_required
@require_POST
def start_stage(request: HttpRequest, tournament_id: int) -> HttpResponse:
    def act(tournament: Tournament) -> str:
        stage = services.stage_start(tournament=tournament, by=request.user)
        if stage.is_final:
            return _("The final has started.")
        return _("Stage %(stage)d has started.") % {"stage": stage.number}

    return _organiser_action(request, tournament_id, act)


@login_required
@require_http_methods(["GET", "POST"])
def end(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """End the tournament after the stages played: asked first on a page of its own
    (GET), since it cannot be undone, done by its button (POST); then the dashboard."""
    if request.method == "GET":
        tournament = _tournament_for_organiser(request, tournament_id)
        if tournament.status != Tournament.Status.RUNNING:
            # An old link: the dashboard says where the tournament stands.
            return redirect("tournaments:dashboard", tournament.pk)
        context = {
            "page": "dashboard",
            "tournament": tournament,
            "stage": selectors.current_stage(tournament),
        }
        return render(request, "tournaments/end.html", context)

    def act(tournament: Tournament) -> str:
        services.tournament_end(tournament=tournament, by=request.user)
        return _("The tournament is over.")

    return _organiser_action(request, tournament_id, act)


@login_required
@require_POST
def finish_table(request: HttpRequest, tournament_id: int, table_id: int) -> HttpResponse:
    def act(tournament: Tournament) -> str:
        table = get_object_or_404(Table, pk=table_id, stage__tournament=tournament)
        services.table_force_finish(table=table, by=request.user)
        return _("The deadline policy is playing the table to its end.")

    return _organiser_action(request, tournament_id, act)


@login_required
@require_POST
def email_players(request: HttpRequest, tournament_id: int) -> HttpResponse:
    form = EmailForm(request.POST)
    if not form.is_valid():
        tournament = _tournament_for_organiser(request, tournament_id)
        messages.error(request, _("Write a subject and a message."))
        return _dashboard(request, tournament, status=400, email_form=form)

    def act(tournament: Tournament) -> str:
        sent = services.tournament_email(
            tournament=tournament,
            by=request.user,
            subject=form.cleaned_data["subject"],
            message=form.cleaned_data["message"],
            reply_to_me=form.cleaned_data["reply_to_me"],
        )
        return ngettext("Email sent to %(n)d player.", "Email sent to %(n)d players.", sent) % {
            "n": sent
        }

    return _organiser_action(request, tournament_id, act)
