"""allauth's sentences on the pages and in the mails of signing up, logging in and resetting
a password, whose French the site writes again: allauth's has typewriter apostrophes and
ordinary spaces before « ? », « ! » and « : ». Listed here so that ``makemessages`` keeps them
in the site's catalog, whose translations come before allauth's own (``LOCALE_PATHS``)."""

from django.utils.translation import gettext_noop

#: Each exactly as allauth marks it for translation (its line breaks included).
SENTENCES = (
    gettext_noop("Already have an account? Then please %(link)ssign in%(end_link)s."),
    gettext_noop("Are you sure you want to sign out?"),
    gettext_noop("Confirm Email Address"),
    gettext_noop("Forgot Password?"),
    gettext_noop("Forgot your password?"),
    gettext_noop(
        "Forgotten your password? Enter your email address below, and we'll send you "
        "an email allowing you to reset it."
    ),
    gettext_noop("Hello from %(site_name)s!"),
    gettext_noop(
        'Please confirm that <a href="mailto:%(email)s">%(email)s</a> is an email address '
        "for user %(user_display)s."
    ),
    gettext_noop(
        "If you have not created an account yet, then please %(link)ssign up%(end_link)s first."
    ),
    gettext_noop("If it was you, you can sign up for an account using the link below."),
    gettext_noop("Thank you for using %(site_name)s!\n%(site_domain)s"),
    gettext_noop("This mail can be safely ignored if you did not initiate this action."),
    gettext_noop(
        "We have sent an email to you for\nverification. Please click on the link "
        "inside that email. If you do not see the verification email in your main "
        "inbox, check your spam folder. Otherwise\ncontact us if you do not receive it "
        "within a few minutes."
    ),
    gettext_noop(
        "We've sent a code to %(recipient)s. The code expires shortly, so please enter it soon."
    ),
    gettext_noop(
        "You are receiving this email because you or someone else tried to signup for "
        "an\naccount using email address:\n\n%(email)s\n\nHowever, an account using "
        "that email address already exists.  In case you have\nforgotten about this, "
        "please use the password forgotten procedure to recover\nyour account:\n\n"
        "%(password_reset_url)s"
    ),
    gettext_noop(
        "You are receiving this email because you, or someone else, tried to access an "
        "account with email %(email)s. However, we do not have any record of such an "
        "account in our database."
    ),
    gettext_noop(
        "You're receiving this email because user %(user_display)s has given your "
        "email address to register an account on %(site_domain)s."
    ),
    gettext_noop(
        "You're receiving this email because you or someone else has requested a "
        "password reset for your user account.\nIt can be safely ignored if you did "
        "not request a password reset. Click the link below to reset your password."
    ),
    gettext_noop(
        "Your password reset code is listed below. Please enter it in your open browser window."
    ),
    gettext_noop("Your sign-in code is listed below. Please enter it in your open browser window."),
)

#: The label of an address's field on the sign-up, log-in and password pages: allauth's
#: French is the site's "E-mail", but Django's own catalog, which ranks before allauth's
#: (``django.contrib.auth`` comes first in ``INSTALLED_APPS``), says "Courriel".
LABELS = (gettext_noop("Email"),)
