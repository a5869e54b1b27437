"""The profile page: display name, language, time zone, email preferences, bot account,
API tokens."""

from __future__ import annotations

from typing import Any

from allauth.account import views as allauth_views
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.forms import ProfileForm, saved_unless_taken
from accounts.models import ApiToken, profile_of
from accounts.token_form import ApiTokenForm
from accounts.tokens import issue


def _page(request: HttpRequest, status: int = 200, **context: Any) -> HttpResponse:
    context.setdefault("form", ProfileForm(instance=profile_of(request.user)))
    context.setdefault("token_form", ApiTokenForm(user=request.user))
    context["tokens"] = ApiToken.objects.filter(user_id=request.user.pk)
    context["now"] = timezone.now()
    return render(request, "accounts/profile.html", context, status=status)


@login_required
def profile(request: HttpRequest) -> HttpResponse:
    form = ProfileForm(request.POST or None, instance=profile_of(request.user))
    if request.method == "POST" and form.is_valid():
        profile = saved_unless_taken(form, form.save, request.user.pk)
        if profile is None:
            return _page(request, status=400, form=form)
        # Said in the language the player just chose (the browser's when none), as the
        # next page will be, not in the one this form was sent in.
        language = profile.language or translation.get_language_from_request(request)
        with translation.override(language):
            messages.success(request, _("Your profile is saved."))
        return redirect("accounts:profile")
    return _page(request, status=400 if form.errors else 200, form=form)


class SignupView(allauth_views.SignupView):
    """allauth's sign-up, where a name another newcomer took at the same moment is refused
    as one taken before is, and no account is made (the sign-up's mail leaves once the
    account is committed: the site's account adapter)."""

    def form_valid(self, form: Any) -> HttpResponse:
        made = saved_unless_taken(form, lambda: super(SignupView, self).form_valid(form), None)
        return made if made is not None else self.form_invalid(form)


@login_required
@require_POST
def api_tokens(request: HttpRequest) -> HttpResponse:
    """Make a named token once its form, the password included, is right; else the form
    comes back filled in (the password aside) with what is wrong, and nothing is made. The
    key is in this answer only (the database keeps its digest), so the page is rendered
    here rather than after a redirect."""
    form = ApiTokenForm(request.POST, user=request.user)
    if not form.is_valid():
        return _page(request, status=400, token_form=form)
    token, key = issue(
        request.user,
        form.cleaned_data["name"],
        form.cleaned_data["scopes"],
        form.expires(),
    )
    return _page(request, made=token, key=key)


@login_required
@require_POST
def revoke_api_token(request: HttpRequest, token_id: int) -> HttpResponse:
    """Revoke one of the member's tokens (another's is a 404); revoking takes no password."""
    token = get_object_or_404(ApiToken, pk=token_id, user_id=request.user.pk)
    if token.revoked is None:
        token.revoked = timezone.now()
        token.save(update_fields=["revoked"])
    messages.success(request, _("The token “%(name)s” is revoked.") % {"name": token.name})
    return redirect("accounts:profile")
