"""Behind a reverse proxy that ends TLS, a form posted from the site's https address is
accepted. The proxy passes plain HTTP on, so Django sees an http request while the
browser's Origin header says https: without that origin trusted, every POST (logging in,
moving, inviting) answers 403 for CSRF. The trusted origin is SITE_URL's."""

from __future__ import annotations

import runpy

import pytest
from django.test import Client, override_settings

import numx_site.settings

pytestmark = pytest.mark.django_db

SITE = "https://numx.example"


def post_login_through_the_proxy() -> int:
    """A browser at SITE posts the login form; the proxy hands Django plain HTTP."""
    browser = Client(enforce_csrf_checks=True, HTTP_HOST="numx.example")
    assert browser.get("/accounts/login/").status_code == 200
    answer = browser.post(
        "/accounts/login/",
        {"login": "nobody@example.com", "password": "wrong"},
        HTTP_ORIGIN=SITE,
        HTTP_X_CSRFTOKEN=browser.cookies["csrftoken"].value,
    )
    return answer.status_code


def test_a_form_posted_from_the_sites_https_address_is_accepted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SITE_URL", SITE)
    trusted = runpy.run_path(numx_site.settings.__file__).get("CSRF_TRUSTED_ORIGINS", [])

    with override_settings(ALLOWED_HOSTS=["numx.example"], CSRF_TRUSTED_ORIGINS=trusted):
        # The form again, with its error (400, a refusal), not the CSRF check's 403.
        assert post_login_through_the_proxy() == 400


def test_another_origin_is_still_refused() -> None:
    with override_settings(
        ALLOWED_HOSTS=["numx.example"], CSRF_TRUSTED_ORIGINS=["https://elsewhere.example"]
    ):
        assert post_login_through_the_proxy() == 403
