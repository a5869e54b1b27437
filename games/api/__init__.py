"""The REST API (Django REST framework) over the same services as the web pages."""
