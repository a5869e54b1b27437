"""The webhooks pages: a member's endpoints, registering one, one endpoint's secret and
delivery log, sending a given-up delivery again, removing it (``webhooks.services`` and
``webhooks.redelivery``, as the API)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from webhooks import redelivery, services
from webhooks.forms import EndpointForm
from webhooks.models import MAX_ENDPOINTS, Endpoint


@login_required
def endpoints(request: HttpRequest) -> HttpResponse:
    """The member's webhooks, and a form to register one (then its page, with its secret)."""
    form = EndpointForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            created = services.register(
                request.user, form.cleaned_data["url"], form.cleaned_data["events"]
            )
        except services.Refused as refused:
            form.add_error("url", str(refused))
        else:
            return redirect("webhooks:endpoint", created.pk)
    context = {
        "endpoints": services.endpoints_of(request.user),
        "form": form,
        "max_endpoints": MAX_ENDPOINTS,
    }
    return render(request, "webhooks/endpoints.html", context, status=400 if form.errors else 200)


@login_required
def endpoint(request: HttpRequest, endpoint_id: int) -> HttpResponse:
    """One of the member's webhooks: its secret and its latest deliveries."""
    return _log(request, services.endpoint_of(request.user, endpoint_id))


def _log(request: HttpRequest, found: Endpoint, status: int = 200) -> HttpResponse:
    context = {"endpoint": found, "deliveries": services.delivery_log(found)}
    return render(request, "webhooks/endpoint.html", context, status=status)


@login_required
@require_POST
def send_again(request: HttpRequest, endpoint_id: int, delivery_id: int) -> HttpResponse:
    """Send one of the member's given-up deliveries again, back to the log; 409 with the
    log for one delivered or still being tried."""
    found = services.endpoint_of(request.user, endpoint_id)
    try:
        redelivery.send_again(found, delivery_id)
    except redelivery.NotGivenUp as refused:
        messages.error(request, str(refused))
        return _log(request, found, status=409)
    messages.success(
        request, _("The delivery is being sent again: its new attempts show in the log below.")
    )
    return redirect("webhooks:endpoint", found.pk)


@login_required
@require_POST
def delete(request: HttpRequest, endpoint_id: int) -> HttpResponse:
    """Remove one of the member's webhooks, its log with it."""
    services.endpoint_of(request.user, endpoint_id).delete()
    return redirect("webhooks:endpoints")
