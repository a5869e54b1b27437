"""How the API's OpenAPI schema is made: drf-spectacular's, with what every answer carries."""

from __future__ import annotations

from typing import Any

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiParameter


class Schema(AutoSchema):
    """drf-spectacular's, documenting the ``RateLimit-*`` headers every answer counted
    against the requester's rate carries (:class:`games.api.throttling.TokenRateThrottle`)."""

    def get_override_parameters(self) -> list[Any]:
        return [*super().get_override_parameters(), *RATE_LIMIT]


RATE_LIMIT = [
    OpenApiParameter(
        name,
        int,
        OpenApiParameter.HEADER,
        response=True,
        description=description,
    )
    for name, description in (
        ("RateLimit-Limit", "The requests your token may make in a window (`API_RATE`)."),
        ("RateLimit-Remaining", "The requests left to you in the window now."),
        (
            "RateLimit-Reset",
            "Seconds until the oldest request of the window leaves it, giving one back.",
        ),
    )
]
