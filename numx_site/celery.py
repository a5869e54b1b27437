"""The Celery app, configured from the Django settings whose names start with CELERY_."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "numx_site.settings")

app = Celery("numx_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
