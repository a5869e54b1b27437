"""How the API's OpenAPI schema is made: drf-spectacular's, with what every answer carries."""

from __future__ import annotations

from typing import Any

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiParameter

from games.api.scopes import TokenScope


class Schema(AutoSchema):
    """drf-spectacular's, documenting the ``RateLimit-*`` headers every answer counted
    against the requester's rate carries (:class:`games.api.throttling.TokenRateThrottle`),
    and the token scope each operation needs (:mod:`games.api.scopes`): its 401 and 403."""

    def get_override_parameters(self) -> list[Any]:
        return [*super().get_override_parameters(), *RATE_LIMIT]

    def get_operation(self, *args: Any, **kwargs: Any) -> Any:
        operation = super().get_operation(*args, **kwargs)
        scopes = [
            permission.needed(self.method)
            for permission in self.view.get_permissions()
            if isinstance(permission, TokenScope)
        ]
        responses = operation.get("responses", {}) if operation else {}
        if not scopes or "401" not in responses:
            return operation
        scope = scopes[0]
        operation["description"] = (
            f"{operation.get('description', '')}\n\nA token needs the `{scope}` scope."
        ).strip()
        unauthorized = responses["401"]
        unauthorized["description"] = "No credentials, or an unknown, expired or revoked token."
        lacking = f"The token lacks the `{scope}` scope."
        if "403" in responses:
            responses["403"]["description"] += f" Or: {lacking.lower()}"
        else:
            responses["403"] = {**unauthorized, "description": lacking}
        # Keep the answers in the order of their codes, as drf-spectacular writes them.
        operation["responses"] = dict(sorted(responses.items()))
        return operation


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
