"""The profile page: display name, language, time zone, email preferences, API token."""

from __future__ import annotations

from allauth.account.decorators import reauthentication_required
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from rest_framework.authtoken.models import Token

from accounts.forms import ProfileForm
from accounts.models import profile_of
from accounts.tokens import expires_at


@login_required
def profile(request: HttpRequest) -> HttpResponse:
    form = ProfileForm(request.POST or None, instance=profile_of(request.user))
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("Your profile is saved."))
        return redirect("accounts:profile")
    token = Token.objects.filter(user_id=request.user.pk).first()
    context = {"form": form, "token": token, "expires": token and expires_at(token)}
    return render(request, "accounts/profile.html", context)


def _making_a_token(request: HttpRequest) -> bool:
    return not request.POST.get("revoke")


@login_required
@require_POST
# A token is the account's lasting key, so making one takes the password again (allauth's
# reauthentication: the form is sent on once it is given), whatever signed the browser in.
# Revoking takes nothing.
@reauthentication_required(enabled=_making_a_token)
def api_token(request: HttpRequest) -> HttpResponse:
    """Create a new API token (replacing any old one), or revoke it."""
    Token.objects.filter(user_id=request.user.pk).delete()
    if not _making_a_token(request):
        messages.success(request, _("Your API token is revoked."))
    else:
        Token.objects.create(user_id=request.user.pk)
        messages.success(request, _("Here is your new API token. Keep it secret."))
    return redirect("accounts:profile")
