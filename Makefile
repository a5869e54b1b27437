# Everything runs from .venv, installed from the hashed lock files; see README.md.
SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := test

PY := .venv/bin/python
MANAGE := $(PY) manage.py
STAMP := .venv/.installed

# Lock files: pip-compile in a throwaway venv with pinned tools.
# `make lock` keeps the current pins where pyproject.toml allows them;
# `make lock LOCK_ARGS=--upgrade` moves everything to the newest allowed versions.
LOCK_VENV := .venv-lock
LOCK_TOOLS := pip==25.3 pip-tools==7.6.2
LOCK_ARGS ?=
PIP_COMPILE := CUSTOM_COMPILE_COMMAND="make lock" $(LOCK_VENV)/bin/pip-compile --quiet \
	--generate-hashes --strip-extras --no-emit-index-url --no-emit-find-links $(LOCK_ARGS)

.PHONY: test lint run lock clean messages

$(STAMP): requirements-dev.txt
	test -x $(PY) || python3 -m venv .venv
	.venv/bin/pip install --require-hashes -r requirements-dev.txt
	touch $@

lint: $(STAMP)
	.venv/bin/ruff check .
	.venv/bin/ruff format --check .
	.venv/bin/mypy

# The suite in one process; TEST_WORKERS=auto spreads it over every core (pytest-xdist).
# Spread, the tests of a module stay together, so that what a module sets up once (a game
# played out, a browser page) is set up once, and the modules run in pytest-django's order,
# the database's tests first: once a process has driven the browser, Playwright's event loop
# runs in its thread, and Django refuses the database to a thread running one. One process
# is the default: on two cores beside CI's PostgreSQL lane, spread, it saved 3 of some 26
# minutes, and its two browsers, starved of CPU, missed a page's navigation.
TEST_WORKERS ?= 0
test: lint
	.venv/bin/pytest --numprocesses $(TEST_WORKERS) --dist loadscope --no-loadscope-reorder

run: $(STAMP)
	$(MANAGE) migrate --noinput
	$(MANAGE) numx demo
	$(MANAGE) runserver 127.0.0.1:8000

# French catalogues: extract new strings into the site's (locale/) and each game's own
# (games/rulesets/<id>/locale/, its engine's rule statements included: the project's
# makemessages files them there), then, once translated, compile (the .mo files are
# committed so that nobody else needs gettext).
messages: $(STAMP)
	$(MANAGE) makemessages -l fr --no-obsolete --ignore=".venv*" --ignore="tests/*" \
		--ignore="staticfiles/*" --ignore="artefacts/*" --ignore="requirements*.txt"
	$(MANAGE) compilemessages -l fr --ignore=".venv*"

$(LOCK_VENV)/.installed:
	python3 -m venv $(LOCK_VENV)
	$(LOCK_VENV)/bin/pip install $(LOCK_TOOLS)
	touch $@

lock: $(LOCK_VENV)/.installed
	$(PIP_COMPILE) -o requirements.txt pyproject.toml
	$(PIP_COMPILE) --extra dev --constraint requirements.txt -o requirements-dev.txt pyproject.toml

clean:
	rm -rf .venv $(LOCK_VENV) .venv-es .pytest_cache .mypy_cache .ruff_cache .hypothesis staticfiles
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
