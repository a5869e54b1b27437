"""The site's form renderer: Django's widget templates in their Jinja2 version, which draw
the table's move forms far cheaper than Django's template engine (bench/README.md,
2026-11-26 morning), and Django's own engine for a widget that has no Jinja2 version: the
admin's (its related-object links around a select), whose change pages otherwise failed."""

from __future__ import annotations

from typing import Any

from django.forms.renderers import DjangoTemplates, Jinja2
from django.template import TemplateDoesNotExist


class SiteFormRenderer(Jinja2):
    """Jinja2's widget templates, else the project's Django templates (the admin's)."""

    def get_template(self, template_name: str) -> Any:
        try:
            return super().get_template(template_name)
        except TemplateDoesNotExist:
            return _DJANGO.get_template(template_name)


_DJANGO = DjangoTemplates()
