"""A bare page for load balancers and uptime checks (and the floor of bench/http.sh)."""

from django.http import HttpRequest, HttpResponse


def healthz(request: HttpRequest) -> HttpResponse:
    return HttpResponse("ok\n", content_type="text/plain")
