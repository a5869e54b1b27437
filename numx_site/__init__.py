"""NUM-X by mail: Django project settings and the Celery app."""

from .celery import app as celery_app

__all__ = ["celery_app"]
