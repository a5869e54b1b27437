"""A page for Django's bare 405: an address that only takes what a form sends (a move,
a new API token), opened as a page from the browser's history, a bookmark or Back and
Forward, showed a blank page. The API's answers are DRF's own (JSON), left as they are."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


class NotAllowedPageMiddleware:
    """Draws 405 answers that have no body of their own with the site's 405 page."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        # DRF's 405 (the API's) has a body of its own; a streamed answer is never bare.
        if response.status_code != 405 or response.streaming or response.content:
            return response
        page = render(request, "405.html", status=405)
        page["Allow"] = response.get("Allow", "")
        return page
