"""WSGI entry point: ``numx_site.wsgi:application``."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "numx_site.settings")

application = get_wsgi_application()
