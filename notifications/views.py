"""One-click links into a game and to unsubscribe, muting a game, taking vacation days,
and the mail providers' inbound webhook (moves by email reply)."""

from __future__ import annotations

import logging

from anymail.webhooks.amazon_ses import AmazonSESInboundWebhookView
from anymail.webhooks.brevo import BrevoInboundWebhookView
from anymail.webhooks.mailersend import MailerSendInboundWebhookView
from anymail.webhooks.mailgun import MailgunInboundWebhookView
from anymail.webhooks.mailjet import MailjetInboundWebhookView
from anymail.webhooks.postal import PostalInboundWebhookView
from anymail.webhooks.postmark import PostmarkInboundWebhookView
from anymail.webhooks.resend import ResendInboundWebhookView
from anymail.webhooks.sparkpost import SparkPostInboundWebhookView
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import authenticate, get_user_model
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core import signing
from django.core.exceptions import ImproperlyConfigured
from django.db import DatabaseError
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts import links
from accounts.links import sign_in_by_link
from games.access import game_for_player, play_again, refusal_status
from games.dates import date_format
from games.deadlines import largest_bank, take_vacation, take_vacation_everywhere
from games.lobby import LobbyError, rematch_note
from games.models import Seat
from notifications.emails import link_scope, read_unsubscribe
from notifications.preferences import stopped_by, toggle_mute
from notifications.preferences import unsubscribe as unsubscribe_from

log = logging.getLogger(__name__)


def game_paths(game_id: int) -> tuple[str, ...]:
    """The pages a one-click link of game ``game_id`` signs its recipient in on: the table
    and the pages under it, its chat, its mails' settings, and its log's download, which
    a game over offers beside its salt."""
    return (
        reverse("games:game", args=(game_id,)),
        reverse("chat:panel", args=(game_id,)),
        reverse("notifications:link", args=(game_id,)).removesuffix("link/"),
        reverse("api:export", args=(game_id,)),
    )


@require_GET
def link(request: HttpRequest, game_id: int) -> HttpResponse:
    """A game email's one-click link: its django-sesame token, scoped to this game and
    ``SESAME_MAX_AGE`` old at most, signs its recipient in on this game's pages only
    (``accounts.links``: its table and the pages under it, its chat, its mails'
    settings), once, then opens ``next`` (a page of this game) or the table. A token of
    another game, an expired, used or forged one signs nobody in: sign in to go on (a
    browser the link signed in stays so)."""
    paths = game_paths(game_id)
    table = paths[0]
    page = request.GET.get("next", "")
    if not page.startswith(paths):
        page = table
    token = request.GET.get("sesame", "")
    user = authenticate(request, sesame=token, scope=link_scope(game_id))
    if user is not None and not links.spend(token):
        user = None
    if user is not None:
        sign_in_by_link(request, user, paths)
    elif not request.user.is_authenticated:
        messages.info(
            request, _("This link was used already, or has expired: sign in to open the game.")
        )
        return redirect_to_login(page)
    return redirect(page)


@csrf_exempt  # RFC 8058 one-click: mail clients POST here without a session or token.
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    """GET shows what the link stops; POST (the button, or a mail client's one-click)
    stops it. The signed token names the user and the kind of email."""
    try:
        target = read_unsubscribe(token)
    except signing.SignatureExpired:
        return render(request, "notifications/unsubscribed.html", {"expired": True}, status=410)
    except signing.BadSignature:
        return HttpResponseBadRequest(_("This unsubscribe link is not valid."))
    user = get_user_model().objects.filter(pk=target["user"]).first()
    if user is None:
        return HttpResponseBadRequest(_("This unsubscribe link is not valid."))
    kind = target["kind"]
    if request.method == "POST":
        unsubscribe_from(user, kind)
        return render(request, "notifications/unsubscribed.html", {"done": True})
    context = {"done": False, "stops": stopped_by(kind)}
    return render(request, "notifications/unsubscribed.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def again(request: HttpRequest, game_id: int) -> HttpResponse:
    """The game-over mail's "Play again": GET asks (a mail client may open a link by
    itself, and that must open no table); POST plays the game again as its table's button
    does (:func:`games.lobby.game_rematch`) and opens the new table. A browser the mail's
    link signed in on the finished game's pages only is signed in on the new game's too:
    its player opened it. A refusal (a game not over) is the page again saying why, 409."""
    game, seat = game_for_player(request, game_id)
    status = 200
    if request.method == "POST":
        try:
            again = play_again(request, game)
        except LobbyError as error:
            messages.error(request, str(error))
            status = refusal_status(error)
        else:
            links.widen_link(request, game_paths(again.pk))
            return redirect("games:game", again.pk)
    context = {"game": game, "note": rematch_note(game, seat)}
    return render(request, "notifications/again.html", context, status=status)


@login_required
@require_POST
def mute(request: HttpRequest, game_id: int) -> HttpResponse:
    game, _seat = game_for_player(request, game_id)
    muted = toggle_mute(request.user, game)
    messages.success(
        request,
        _("No more emails about this game.") if muted else _("Emails about this game are back on."),
    )
    return redirect("games:game", game.pk)


@login_required
@require_POST
def vacation(request: HttpRequest, game_id: int) -> HttpResponse:
    """Pause the player's clock for the days asked, then the table; 400 with how many
    days may be taken, nothing paused, for a number out of them or no number."""
    game, seat = game_for_player(request, game_id)
    holder = Seat.objects.get(game=game, number=seat)
    try:
        take_vacation(holder, int(request.POST.get("days", "0")))
    except ValueError:
        message = _("Take between 1 and %(days)d days.") % {"days": holder.vacation_days}
        back = (reverse("games:game", args=[game.pk]), _("Back to the table"))
        return render(request, "400.html", {"message": message, "back": back}, status=400)
    assert holder.paused_until is not None  # the vacation just taken
    back = date_format(timezone.localtime(holder.paused_until), "DATETIME_FORMAT")
    # The moment first: in English it may end with "p.m.", whose full stop ends the sentence.
    messages.success(request, _("Until %(when)s, your clock is paused.") % {"when": back})
    return redirect("games:game", game.pk)


@login_required
@require_POST
def vacation_everywhere(request: HttpRequest) -> HttpResponse:
    """Pause the player's clock in each of their games with a time per move, for the
    days asked or what each game's time bank holds, then the lobby; 400 with how many
    days may be taken, nothing paused, for a number out of them or no number."""
    try:
        paused = take_vacation_everywhere(request.user.pk, int(request.POST.get("days", "0")))
    except ValueError:
        most = largest_bank(request.user.pk)
        if most:
            message = _("Take between 1 and %(days)d days.") % {"days": most}
        else:  # the last game with a clock ended since the lobby was drawn
            message = _("None of your games has a clock to pause.")
        back = (reverse("games:lobby"), _("Back to my games"))
        return render(request, "400.html", {"message": message, "back": back}, status=400)
    messages.success(
        request,
        ngettext(
            "Your clock is paused in %(n)d game.", "Your clock is paused in %(n)d games.", paused
        )
        % {"n": paused},
    )
    return redirect("games:lobby")


#: The mail providers whose inbound webhook may post replies (django-anymail's views).
INBOUND_PROVIDERS = {
    "amazon_ses": AmazonSESInboundWebhookView,
    "brevo": BrevoInboundWebhookView,
    "mailersend": MailerSendInboundWebhookView,
    "mailgun": MailgunInboundWebhookView,
    "mailjet": MailjetInboundWebhookView,
    "postal": PostalInboundWebhookView,
    "postmark": PostmarkInboundWebhookView,
    "resend": ResendInboundWebhookView,
    "sparkpost": SparkPostInboundWebhookView,
}


@csrf_exempt
def inbound(request: HttpRequest, provider: str) -> HttpResponse:
    """A mail provider's inbound webhook: anymail checks the shared secret
    (``NUMX_INBOUND_WEBHOOK_SECRET`` as HTTP basic auth) and parses the provider's post
    into an ``AnymailInboundMessage``, which ``notifications.inbound`` keeps. Off (404)
    without a secret; a post anymail cannot read is a 400, never a 500."""
    view_class = INBOUND_PROVIDERS.get(provider)
    if view_class is None or not settings.ANYMAIL.get("WEBHOOK_SECRET"):
        raise Http404("no such inbound webhook")
    try:
        response: HttpResponse = view_class.as_view()(request)
    except ImproperlyConfigured:
        # A provider that needs its own key (Mailgun's signing key...) and was not given it.
        raise Http404("this inbound webhook is not configured") from None
    except DatabaseError:
        raise  # ours, not the post's: a 500, which the provider retries
    except Exception as bad:
        # Whatever the provider's parser makes of a post that is not one of its own (JSON
        # that is not, a field missing, a MIME body that does not parse): the post's fault.
        log.info("refused a %s inbound post: %r", provider, bad)
        return HttpResponseBadRequest(f"not a {provider} inbound post")
    return response
