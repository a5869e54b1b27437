"""The apps depend on one another one way only, and the platform reaches games through the
registry: checked on the source, every import (top-level and inside functions) read with
``ast``.

- games imports neither accounts, notifications, tournaments, chat, ratings nor webhooks
  (it asks accounts through ``games.players``); webhooks
  uses games only, and no other app imports it; notifications does
  not import tournaments (tournaments may use both, notifications may use games and chat);
  chat uses games only; ratings imports neither notifications, tournaments nor chat
  (tournaments may use ratings);
- inside notifications and inside tournaments, modules import one another without cycles;
- no app imports another app's views (apps talk through services and consumers);
- no module outside a game's own folders (``games/engine/<id>/``, ``games/rulesets/<id>/``)
  imports that game's engine ``games.engine.<id>``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
APPS = (
    "accounts",
    "games",
    "notifications",
    "tournaments",
    "chat",
    "ratings",
    "webhooks",
    "numx_site",
)
ENGINES = sorted(
    path.name for path in (ROOT / "games" / "engine").iterdir() if (path / "__init__.py").exists()
)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported(path: Path) -> set[str]:
    """Every module ``path`` imports, wherever the import statement is."""
    names: set[str] = set()
    package = module_name(path).rsplit(".", 1)[0] if path.name != "__init__.py" else None
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level and package is not None:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1])
                module = f"{base}.{node.module}" if node.module else base
            else:
                module = node.module or ""
            names.add(module)
            # ``from package import module`` imports the module too.
            names.update(f"{module}.{alias.name}" for alias in node.names)
    return names


def sources(app: str) -> dict[str, set[str]]:
    """Module → the modules it imports, for every module of ``app`` (migrations aside)."""
    return {
        module_name(path): imported(path)
        for path in sorted((ROOT / app).rglob("*.py"))
        if "migrations" not in path.parts
    }


def imports_of(app: str, other: str) -> list[str]:
    return sorted(
        f"{module} imports {name}"
        for module, names in sources(app).items()
        for name in names
        if name == other or name.startswith(other + ".")
    )


@pytest.mark.parametrize(
    ("app", "forbidden"),
    [
        ("games", "accounts"),
        ("games", "notifications"),
        ("games", "tournaments"),
        ("games", "chat"),
        ("notifications", "tournaments"),
        ("chat", "notifications"),
        ("chat", "tournaments"),
        ("games", "ratings"),
        ("ratings", "notifications"),
        ("ratings", "tournaments"),
        ("ratings", "chat"),
        *[
            (app, "webhooks")
            for app in ("games", "notifications", "tournaments", "chat", "ratings")
        ],
        *[("webhooks", other) for other in ("notifications", "tournaments", "chat", "ratings")],
    ],
)
def test_apps_depend_one_way(app: str, forbidden: str) -> None:
    assert imports_of(app, forbidden) == []


#: The site's apps, its settings package aside.
SITE_APPS = [app for app in APPS if app != "numx_site"]


@pytest.mark.parametrize("app", SITE_APPS)
def test_no_app_imports_another_apps_views(app: str) -> None:
    others = [other for other in SITE_APPS if other != app]
    found = sorted(
        f"{module} imports {name}"
        for module, names in sources(app).items()
        for name in names
        for other in others
        if name == f"{other}.views" or name.startswith(f"{other}.views.")
    )
    assert found == []


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of ``graph`` (module → modules it imports), or None."""
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> list[str] | None:
        if module in path:
            return [*path[path.index(module) :], module]
        if module in done:
            return None
        for other in sorted(graph[module]):
            found = visit(other, [*path, module])
            if found:
                return found
        done.add(module)
        return None

    for module in sorted(graph):
        found = visit(module, [])
        if found:
            return found
    return None


@pytest.mark.parametrize("app", ["notifications", "tournaments", "chat", "ratings", "webhooks"])
def test_an_apps_modules_import_one_another_without_cycles(app: str) -> None:
    modules = sources(app)
    graph = {
        module: {name for name in names if name in modules and name != module}
        for module, names in modules.items()
    }
    # A package's __init__ is not a dependency of its modules in this sense.
    graph = {module: names - {app} for module, names in graph.items()}
    assert cycle(graph) is None


def test_cycle_finds_a_cycle() -> None:
    assert cycle({"a": {"b"}, "b": {"a"}}) == ["a", "b", "a"]
    assert cycle({"a": {"b"}, "b": set()}) is None


@pytest.mark.parametrize("game", ENGINES)
def test_only_a_games_own_folders_import_its_engine(game: str) -> None:
    engine = f"games.engine.{game}"
    own = (f"games.engine.{game}", f"games.rulesets.{game}")
    offenders = sorted(
        f"{module} imports {name}"
        for app in APPS
        for module, names in sources(app).items()
        if not any(module == folder or module.startswith(folder + ".") for folder in own)
        for name in names
        if name == engine or name.startswith(engine + ".")
    )
    assert ENGINES, "no game engine found: the check would check nothing"
    assert offenders == []
