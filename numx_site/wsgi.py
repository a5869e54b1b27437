"""WSGI entry point: ``numx_site.wsgi:application``."""

import gc
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "numx_site.settings")

application = get_wsgi_application()

import numx_site.urls  # noqa: E402, F401  (the views, imported here to be frozen with the rest)

# The site's code (Django, the apps, the views the URLconf imports) lives as long as the
# process: frozen, the collector no longer walks it. Each full collection walked all of it,
# 60-80 ms during which the request being served waited (bench/move.py: the slowest moves
# of a run were the ones a full collection fell in).
gc.freeze()
