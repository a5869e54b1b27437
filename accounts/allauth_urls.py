"""allauth's pages as the site serves them: its own addresses and names, each of its form
pages answering a form sent with errors with 400 (``views.RefusedWith400``)."""

from __future__ import annotations

from allauth import urls as allauth_urls
from django.urls import URLPattern, URLResolver
from django.views.generic.edit import FormMixin

from accounts.views import RefusedWith400


def _refusing(
    patterns: list[URLPattern | URLResolver],
) -> list[URLPattern | URLResolver]:
    """``patterns``, each form view among them (however deep in their includes) replaced by
    its subclass that answers 400 to a form with errors; every other view as it was."""
    served: list[URLPattern | URLResolver] = []
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            served.append(
                URLResolver(
                    pattern.pattern,
                    _refusing(pattern.url_patterns),
                    pattern.default_kwargs,
                    pattern.app_name,
                    pattern.namespace,
                )
            )
            continue
        view_class = getattr(pattern.callback, "view_class", None)
        if view_class is None or not issubclass(view_class, FormMixin):
            served.append(pattern)
            continue
        refusing = type(view_class.__name__, (RefusedWith400, view_class), {})
        view = refusing.as_view(**pattern.callback.view_initkwargs)
        served.append(URLPattern(pattern.pattern, view, pattern.default_args, pattern.name))
    return served


urlpatterns = _refusing(allauth_urls.urlpatterns)
