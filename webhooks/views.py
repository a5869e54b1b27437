"""The webhooks pages: a member's endpoints, registering one, one endpoint's secret and
delivery log, removing it (``webhooks.services``, as the API)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from webhooks import services
from webhooks.forms import EndpointForm
from webhooks.models import MAX_ENDPOINTS


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
    found = services.endpoint_of(request.user, endpoint_id)
    context = {"endpoint": found, "deliveries": services.delivery_log(found)}
    return render(request, "webhooks/endpoint.html", context)


@login_required
@require_POST
def delete(request: HttpRequest, endpoint_id: int) -> HttpResponse:
    """Remove one of the member's webhooks, its log with it."""
    services.endpoint_of(request.user, endpoint_id).delete()
    return redirect("webhooks:endpoints")
