"""Django settings for NUM-X by mail.

Everything that differs between a laptop and production comes from the environment
(see the Configuration table in README.md). With nothing set, the embedded defaults run
the whole service on one machine: SQLite, Celery tasks run eagerly in-process, and
email is printed to the console.
"""

from email.utils import parseaddr
from pathlib import Path

import environ
from django.core.exceptions import ImproperlyConfigured, ValidationError
from django.core.validators import validate_email
from django.utils.translation import gettext_lazy as _
from kombu import Queue

from games.api.enums import EnumNames
from games.registry import app_packages, template_libraries

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()

# --- Core -----------------------------------------------------------------------------

# The default key is for local development only; production must set DJANGO_SECRET_KEY.
SECRET_KEY = env.str(
    "DJANGO_SECRET_KEY",
    default="django-insecure-dev-only-key-do-not-use-in-production",
)
DEBUG = env.bool("DJANGO_DEBUG", default=True)
ALLOWED_HOSTS = env.list(
    "DJANGO_ALLOWED_HOSTS",
    default=["localhost", "127.0.0.1", "[::1]", "testserver"],
)

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    # Its table only: accounts' migration 0005 turned its tokens into named ones
    # (accounts.ApiToken) and reads it; nothing else does.
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "template_partials",
    "allauth",
    "allauth.account",
    "accounts.apps.AccountsConfig",
    "games.apps.GamesConfig",
    # Each game's package (games/registry.py): its templates, static files and catalogue.
    *app_packages(),
    "notifications.apps.NotificationsConfig",
    "tournaments.apps.TournamentsConfig",
    "chat.apps.ChatConfig",
    "ratings.apps.RatingsConfig",
    "webhooks.apps.WebhooksConfig",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # After authentication: a signed-in player's language and time zone win over the
    # browser's Accept-Language.
    "accounts.middleware.PreferencesMiddleware",
    "accounts.middleware.LinkSessionMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # A game whose events cannot be replayed: a page saying so, not a 500 (games/damage.py).
    "games.damage.DamagedGameMiddleware",
    # A form's address opened as a page: the site's 405 page, not a blank one.
    "numx_site.not_allowed.NotAllowedPageMiddleware",
    # A form sent with errors, drawn again by allauth's pages: 400, not 200.
    "numx_site.refused_forms.RefusedFormsMiddleware",
]

ROOT_URLCONF = "numx_site.urls"
WSGI_APPLICATION = "numx_site.wsgi.application"
ASGI_APPLICATION = "numx_site.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            # Each game's template tags, loaded in its templates as {% load <game id> %}.
            "libraries": template_libraries(),
            # The ``date`` filter of every template writes French's "1er" (games/dates.py);
            # ``number`` writes a number below zero with the minus sign (games/numbers.py).
            "builtins": ["games.code_spans", "games.dates", "games.numbers"],
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "games.context_processors.game_stylesheets",
                "accounts.context_processors.contact",
            ],
        },
    },
]

# Form widgets are drawn by Jinja2 (Django's own widget templates, in their Jinja2 version):
# drawn by Django's template engine, a select costs one included template per option, and
# the table's move forms (a distribution's three selects a card, a Malus' check boxes) cost
# more than the rest of its moves section (bench/README.md, 2026-11-26 morning). The admin's
# widgets, which have no Jinja2 version, are drawn by Django's (numx_site/form_renderer.py).
FORM_RENDERER = "numx_site.form_renderer.SiteFormRenderer"

# Django's, allauth's and django-sesame's backends, each loading the signed-in user with
# the profile (accounts/backends.py). Sesame's are the one-click links in emails (signed,
# expiring).
AUTHENTICATION_BACKENDS = [
    "accounts.backends.ModelBackend",
    "accounts.backends.AllauthBackend",
    "accounts.backends.SesameBackend",
]

# --- Accounts (django-allauth) ---------------------------------------------------------

# Players sign up with an email address they must confirm, and log in with a password or
# with a code sent by email.
ACCOUNT_LOGIN_METHODS = {"email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "password1*", "password2*"]
# The name other players see is asked at sign-up: without it they would see the email's name part.
ACCOUNT_SIGNUP_FORM_CLASS = "accounts.forms.SignupForm"
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
# Confirming the address (in the browser that signed up) signs the player in, and the
# account mails say who sends them rather than the host name the site was reached at: the
# subject's prefix, and the adapter gives their templates the site's name and domain.
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
SITE_NAME = "NUM-X by mail"
ACCOUNT_EMAIL_SUBJECT_PREFIX = f"[{SITE_NAME}] "
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
ACCOUNT_LOGIN_BY_CODE_ENABLED = True
ACCOUNT_LOGOUT_ON_PASSWORD_CHANGE = False
ACCOUNT_USER_DISPLAY = "accounts.models.display_name"
LOGIN_REDIRECT_URL = "games:lobby"
LOGIN_URL = "account_login"
# django-sesame: the one-click link of a game's email signs its recipient in on that
# game's pages only (a scoped token, accounts/links.py), for this long: enough for the
# "your turn" mail and its reminder a day later, short for a forwarded or archived mail.
SESAME_MAX_AGE = env.int("NUMX_LINK_HOURS", default=48) * 3600
# One-click unsubscribe links (List-Unsubscribe) work this long; then the profile page.
NUMX_UNSUBSCRIBE_DAYS = env.int("NUMX_UNSUBSCRIBE_DAYS", default=60)
# An API token is refused this long after it was made: a new one is a click (and the
# password) away on the profile page.
NUMX_API_TOKEN_DAYS = env.int("NUMX_API_TOKEN_DAYS", default=90)
# Where the site is reached, for the links in emails.
SITE_URL = env.str("SITE_URL", default="http://127.0.0.1:8000").rstrip("/")
# Behind a reverse proxy that ends TLS, Django sees plain http while the browser's Origin
# says https: unless the site's own address is trusted, every POST fails the CSRF check.
CSRF_TRUSTED_ORIGINS = [SITE_URL]
# One reminder when a player has not moved for this long.
NUMX_REMINDER_AFTER_HOURS = env.int("NUMX_REMINDER_AFTER_HOURS", default=24)
# A game opened without a move deadline still never waits forever for an absent player.
NUMX_ABANDON_AFTER_DAYS = env.int("NUMX_ABANDON_AFTER_DAYS", default=14)
# No "your turn" email to a player who has the game's page open (it polls every few
# seconds) or looked at it within these minutes: they are playing live (counted in CACHES).
NUMX_PRESENCE_MINUTES = env.int("NUMX_PRESENCE_MINUTES", default=5)
# Email invitations (to games and tournaments) one member may send a day: plenty for a
# club, too few to mail strangers or probe addresses in bulk (counted in CACHES).
NUMX_INVITATIONS_PER_DAY = env.int("NUMX_INVITATIONS_PER_DAY", default=50)
# Reports of chat lines to the moderators one member may file a day: enough for a bad day
# at several tables, too few to flood the moderators' mailbox.
NUMX_CHAT_REPORTS_PER_DAY = env.int("NUMX_CHAT_REPORTS_PER_DAY", default=10)
# Webhooks (docs/bots-api.md): whether members' endpoints may be on this machine or a private
# network, plain http://localhost included (a development site: on in DEBUG); and the
# seconds a receiver has to connect and to send each part of its answer.
NUMX_WEBHOOKS_ALLOW_PRIVATE = env.bool("NUMX_WEBHOOKS_ALLOW_PRIVATE", default=DEBUG)
NUMX_WEBHOOKS_TIMEOUT = env.float("NUMX_WEBHOOKS_TIMEOUT", default=5.0)
# Moves by email reply (notifications/reply_address.py): the domain of the reply addresses
# play+<token>@<domain>, by default SITE_URL's host; set empty to send no reply address.
NUMX_REPLY_DOMAIN = env.str("NUMX_REPLY_DOMAIN", default=None)
# Answers to replies that could not be played, at most this many an hour to one address:
# a mail loop with a robot that does not say it is one ends there.
NUMX_REPLY_ANSWERS_PER_HOUR = env.int("NUMX_REPLY_ANSWERS_PER_HOUR", default=10)
# The largest mail the reply listener and webhook keep (bytes): a move is one line.
NUMX_INBOUND_MAX_BYTES = env.int("NUMX_INBOUND_MAX_BYTES", default=1_000_000)

# --- API (Django REST framework) ---------------------------------------------------------

# The reverse proxies in front of the site that add the client's address to
# X-Forwarded-For (1 behind docs/deploy.md's): an anonymous client's API budget and
# allauth's log-in limits count per the address the nearest proxy saw, never per a header
# the client wrote; with none (0), per the connection's own address.
NUMX_PROXIES = env.int("NUMX_PROXIES", default=0)
ALLAUTH_TRUSTED_PROXY_COUNT = NUMX_PROXIES
REST_FRAMEWORK = {
    # The token first: a request without credentials is answered 401 with
    # `WWW-Authenticate: Token` (the first class's), not a session's 403.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "accounts.tokens.NamedTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    # A token does what its scopes allow (games/api/scopes.py); a session, everything.
    "DEFAULT_PERMISSION_CLASSES": [
        "rest_framework.permissions.IsAuthenticated",
        "games.api.scopes.ReadOrPlay",
    ],
    # drf-spectacular's, with the RateLimit-* headers of every answer.
    "DEFAULT_SCHEMA_CLASS": "games.api.schema.Schema",
    # Per user (and so per API token): a bot may poll and play, not hammer.
    "DEFAULT_THROTTLE_CLASSES": ["games.api.throttling.TokenRateThrottle"],
    "DEFAULT_THROTTLE_RATES": {"user": env.str("API_RATE", default="600/minute")},
    # DRF's, and a damaged game's 410 (games/damage.py).
    "EXCEPTION_HANDLER": "games.api.views.exception_handler",
    "NUM_PROXIES": NUMX_PROXIES,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "NUM-X by mail API",
    "DESCRIPTION": "Play the site's games from clients and bots: the same moves as the site. "
    "The guide for bot authors, from a token to a whole game, webhooks and their signatures: "
    "[/api/guide/](/api/guide/). "
    "A method a path does not list here (DELETE, PUT, PATCH...) is answered 405 Method Not "
    "Allowed, with an `Allow` header naming those it takes.",
    "VERSION": "1.0.0",
    # 3.1: a nullable reference is a oneOf with null, which 3.0 could only write as
    # `nullable` beside `allOf` (rejected by strict 3.0 validators).
    "OAS_VERSION": "3.1.0",
    # A request's component apart from the answer's (`NumxConfigRequest` beside
    # `NumxConfig`): what the server sets (a configuration's `edition`) is read-only, in
    # answers only, instead of required in requests too.
    "COMPONENT_SPLIT_REQUEST": True,
    # Every enum has a name that adding a game does not change (games/api/enums.py): the
    # platform's here, each game's in its adapter (`ApiSchema.enums`).
    "ENUM_NAME_OVERRIDES": EnumNames(
        {
            "BotLevelEnum": "games.models.BotLevels",
            "RulesEnum": "games.registry.game_ids",
            "StatusEnum": "games.models.Game.Status",
            "LinkedLateByEnum": "games.api.serializers.LINKED_LATE_BY",
            "WebhookEventEnum": "webhooks.models.Kind",
            "TableForfeitEnum": "tournaments.selectors.FORFEIT_REASONS",
            "TieBreakEnum": "tournaments.standings.TIE_BREAK_NAMES",
            "ChatReportReasonEnum": "chat.models.ChatReport.Reason",
        }
    ),
    # The docs page's JavaScript is served from our static files, never from a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}

# --- Database -------------------------------------------------------------------------

DATABASES = {
    "default": env.db_url("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
}
# Production (DEBUG off) keeps connections open: a new PostgreSQL connection per request
# measured 2.7x the latency of a table page drawn for the request, and 4-7x that of a kept
# one (bench/http.sh). Development closes them, so a
# test database is never held open by a stray runserver.
DATABASES["default"]["CONN_MAX_AGE"] = env.int("DB_CONN_MAX_AGE", default=0 if DEBUG else 600)
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # A transaction that reads, then writes (a move, a table's start) takes SQLite's write
    # lock when it begins: taken only at its first write, while another request held it,
    # it failed at once ("database is locked", a 500) instead of waiting its turn, as bots
    # moving at once on the site `make run` serves met (tests/api/test_local_site.py).
    DATABASES["default"].setdefault("OPTIONS", {})["transaction_mode"] = "IMMEDIATE"
# On PostgreSQL, statements are bound on the server and prepared once a connection has run
# them this many times, so that their plans are made once per connection: planning a
# move's first SELECT took longer than running it, and with it a move's submits went
# from about 0.19 to 0.30 of raw inserts (bench/store.py). Empty turns it off.
PREPARE_THRESHOLD = env.str("DB_PREPARE_THRESHOLD", default="5")
# Behind a pooler in transaction mode (PgBouncer's pool_mode = transaction), consecutive
# transactions of one Django connection may run on different server connections, so
# nothing may outlive a transaction on the server: neither prepared statements (another
# server connection does not know them) nor the server-side cursors of .iterator() (as
# Django's PostgreSQL notes say); Django's defaults then bind parameters on the client.
TRANSACTION_POOLING = env.bool("DB_TRANSACTION_POOLING", default=False)
if TRANSACTION_POOLING:
    DATABASES["default"]["DISABLE_SERVER_SIDE_CURSORS"] = True
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and PREPARE_THRESHOLD:
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        server_side_binding=True, prepare_threshold=int(PREPARE_THRESHOLD)
    )
# Django's cache holds the sessions (below), allauth's rate limits and the API's throttle
# counts. CACHE_URL=redis://host:6379/1 (rediss:// for TLS) selects Django's own Redis
# backend, shared by every process; the embedded default is each process's own memory.
CACHES = {"default": env.cache_url("CACHE_URL", default="locmemcache://")}
# Every signed-in request reads its session: cached_db serves it from the cache and still
# writes it to the database, so a cache miss or a restart signs nobody out.
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# --- Email ----------------------------------------------------------------------------

# EMAIL_URL sets EMAIL_BACKEND, EMAIL_HOST, EMAIL_PORT, ... (e.g. smtp+tls://user:pw@host:587).
globals().update(env.email_url("EMAIL_URL", default="consolemail://"))
# A mail server that hangs must not hold a worker (and the row it locked) forever.
EMAIL_TIMEOUT = env.int("EMAIL_TIMEOUT", default=30)
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default="NUM-X by mail <numx@localhost>")
# Where a person who is waiting for one of the site's mails (a sign-up's confirmation, a new
# password) may write when it never comes; by default the address the site's mails come from.
CONTACT_EMAIL = env.str("CONTACT_EMAIL", default=parseaddr(DEFAULT_FROM_EMAIL)[1])
try:
    validate_email(CONTACT_EMAIL)
except ValidationError:
    # Those pages would link an address that goes nowhere ("NUM-X" out of an unquoted
    # "NUM-X, by mail <…>"): say so at start, not to the person waiting.
    raise ImproperlyConfigured(
        f"CONTACT_EMAIL (by default the address of DEFAULT_FROM_EMAIL) is no email address: "
        f"{CONTACT_EMAIL!r}"
    ) from None

# The inbound webhook of a mail provider (django-anymail, /notifications/inbound/<provider>/;
# docs/deploy.md) answers only with this "user:password" as HTTP basic auth; unset, it is off.
ANYMAIL = {"WEBHOOK_SECRET": env.str("NUMX_INBOUND_WEBHOOK_SECRET", default="")}

# --- Celery ---------------------------------------------------------------------------

CELERY_BROKER_URL = env.str("CELERY_BROKER_URL", default="")
# Embedded default: no broker, tasks run in-process when called and errors propagate (those a
# request sends run once its response is written: games/after_response.py).
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = CELERY_TASK_ALWAYS_EAGER
if not CELERY_BROKER_URL:
    CELERY_BROKER_URL = "memory://"
CELERY_TIMEZONE = "UTC"
# Four queues, so that each kind of work can have workers of its own (docs/deploy.md):
# mail waits on mail servers, webhooks on members' receivers; the bots' moves are searches
# (up to a second each at level 2); a game's other reactions to its moves (snapshots, the
# mails owed, tournament tables, ratings) are short, and must not wait behind a backlog of
# searches, or a "your turn" mail would; the periodic sweeps must wait behind none of them.
# A worker started without -Q consumes all five.
CELERY_TASK_QUEUES = [
    Queue("mail"),
    Queue("webhooks"),
    Queue("games"),
    Queue("bots"),
    Queue("housekeeping"),
]
CELERY_TASK_ROUTES = {
    # A reply to a game email is a move (first: the first matching pattern routes).
    "notifications.tasks.process_reply": {"queue": "games"},
    "notifications.tasks.*": {"queue": "mail"},
    "tournaments.mail.*": {"queue": "mail"},
    "webhooks.tasks.*": {"queue": "webhooks"},
    "games.tasks.dispatch_events": {"queue": "games"},
    "games.tasks.play_bots": {"queue": "bots"},
    "tournaments.tasks.*": {"queue": "games"},
}
# What is not routed above: the beat's sweeps (consumers to catch up, clocks, digests).
CELERY_TASK_DEFAULT_QUEUE = "housekeeping"
# Periodic work for `celery -A numx_site beat`: consumers whose wake-up after a commit was
# lost (a crash between commit and enqueue) are caught up within a minute.
CELERY_BEAT_SCHEDULE = {
    "catch-up-consumers": {"task": "games.tasks.catch_up_consumers", "schedule": 60.0},
    # Reminders and move deadlines (time banks, vacations, the game's policy).
    "clock": {"task": "games.deadlines.tick", "schedule": 300.0},
    "daily-digest": {"task": "notifications.reminders.send_daily_digests", "schedule": 24 * 3600.0},
}

# --- Internationalisation -------------------------------------------------------------

LANGUAGE_CODE = "en"
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGES = [
    ("en", _("English")),
    ("fr", _("French")),
]
USE_I18N = True
TIME_ZONE = "UTC"
USE_TZ = True

# --- Static files ---------------------------------------------------------------------

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
# WhiteNoise serves static files from the Django process, so one gunicorn (or runserver)
# is the whole service; it reads STATICFILES_DIRS directly in DEBUG.
WHITENOISE_USE_FINDERS = True

# --- Logging --------------------------------------------------------------------------

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "{asctime} {levelname} {name}: {message}", "style": "{"},
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler", "formatter": "plain"},
    },
    "root": {"handlers": ["console"], "level": "INFO"},
    # One line per task run drowns everything else, eagerly run tasks above all.
    "loggers": {"celery.app.trace": {"level": "WARNING"}, "kombu": {"level": "ERROR"}},
}
