"""A form sent with errors is bad input, answered 400 like every other: allauth's pages
(log-in, sign-up, password reset, reauthentication…) draw the form again with its errors
and answer 200, as Django's generic form views do. htmx swaps 400 answers in as it does
200s (``responseHandling`` in templates/base.html), so nothing else changes for a player."""

from __future__ import annotations

from collections.abc import Callable

from django.forms import BaseForm
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse


class RefusedFormsMiddleware:
    """Answers 400 to a POST whose page (a template response: a generic form view's,
    allauth's) draws a form sent with errors; an answer other than the page again (a
    redirect) is left as it is."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_template_response(
        self, request: HttpRequest, response: TemplateResponse
    ) -> TemplateResponse:
        form = (response.context_data or {}).get("form")
        if (
            request.method == "POST"
            and response.status_code == 200
            and isinstance(form, BaseForm)
            and form.is_bound
            and form.errors
        ):
            response.status_code = 400
        return response
