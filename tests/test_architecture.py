"""The layers of the production code, checked from its imports (every import, including those
inside functions and under TYPE_CHECKING): no import cycle, and none hidden in a function;
`rules/` pure; `render/` free of Discord and storage; `service/` and `db/` free of Discord;
every module in `cogs/` a cog; the Discord side reaches the games through `games.py`."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("rules", "service", "db", "render", "cogs", "interface", "i18n", "sandbox")
TOP_MODULES = ("bot.py", "config.py", "games.py")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def production_files() -> dict[str, Path]:
    """Every production module by dotted name."""
    files = {module_name(ROOT / name): ROOT / name for name in TOP_MODULES}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            files[module_name(path)] = path
    return files


def imported(path: Path, name: str, modules: set[str] = frozenset()) -> set[str]:
    """The dotted names a module imports anywhere in the file (relative imports resolved):
    `from a import b` imports `a.b` when that is one of `modules`, else `a`."""
    return imported_in(ast.parse(path.read_text(encoding="utf-8")), path, name, modules)


def imported_in(tree: ast.AST, path: Path, name: str, modules: set[str]) -> set[str]:
    """The dotted names the imports in `tree` (of module `name` at `path`) import."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                found.add(submodule if submodule in modules else base)
    return found


def graph() -> dict[str, set[str]]:
    """Production module -> the production modules it imports."""
    files = production_files()
    modules = set(files)
    return {
        name: {other for other in imported(path, name, modules) if other in files and other != name}
        for name, path in files.items()
    }


def find_cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One import cycle (its modules, the first repeated at the end), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state and (cycle := visit(nxt)) is not None:
                return cycle
        path.pop()
        state[node] = 2
        return None

    for start in sorted(edges):
        if start not in state and (cycle := visit(start)) is not None:
            return cycle
    return None


def forbidden_imports(package: str, banned: tuple[str, ...]) -> list[str]:
    """`module -> import` for every import of a banned top-level name from `package`."""
    found = []
    files = production_files()
    for name, path in files.items():
        if name == package or name.startswith(package + "."):
            for other in sorted(imported(path, name, set(files))):
                if other.split(".")[0] in banned:
                    found.append(f"{name} -> {other}")
    return found


def test_the_cycle_finder_reports_a_cycle() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_production_modules_import_each_other_without_a_cycle() -> None:
    cycle = find_cycle(graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_rules_are_pure() -> None:
    banned = ("discord", "aiosqlite", "PIL", "db", "service", "cogs", "interface", "render")
    assert forbidden_imports("rules", banned) == []


def test_render_knows_no_discord_nor_storage() -> None:
    banned = ("discord", "db", "service", "cogs", "interface")
    assert forbidden_imports("render", banned) == []


def test_service_and_store_know_no_discord() -> None:
    banned = ("discord", "cogs", "interface")
    assert forbidden_imports("service", banned) + forbidden_imports("db", banned) == []


def test_production_modules_are_imported_at_the_top_of_a_module_only() -> None:
    """No import of a production module inside a function (the way an import cycle hides)."""
    files = production_files()
    hidden = []
    for name, path in files.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                for inner in ast.walk(node):
                    if isinstance(inner, ast.Import | ast.ImportFrom):
                        module = ast.Module(body=[inner], type_ignores=[])
                        targets = imported_in(module, path, name, set(files))
                        hidden += [f"{name}:{inner.lineno} -> {t}" for t in targets & set(files)]
    assert hidden == []


def test_every_module_in_cogs_is_a_cog() -> None:
    """Each module of `cogs/` (but its package file) defines `setup`, as an extension must."""
    lacking = []
    for path in sorted((ROOT / "cogs").glob("*.py")):
        if path.name == "__init__.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = {
            node.name
            for node in tree.body
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        }
        if "setup" not in names:
            lacking.append(path.name)
    assert lacking == []


def game_packages(layer: str) -> set[str]:
    """The per-game packages of a layer (`rules.money`, `render.palazzo`, ...)."""
    return {f"{layer}.{p.parent.name}" for p in (ROOT / layer).glob("*/__init__.py")}


def test_only_the_registry_knows_the_games() -> None:
    """Nothing but `games.py` (and the games themselves) imports a game's own package: the
    Discord side, the service, the store and the bot reach every game through the registry, so
    adding a game means its own folders and one line in `games.py`."""
    packages = game_packages("rules") | game_packages("render")
    assert {"rules.money", "render.palazzo"} <= packages
    files = production_files()
    found = [
        f"{name} -> {other}"
        for name, path in files.items()
        if name.split(".")[0] in ("cogs", "interface", "service", "db", "bot", "config")
        for other in imported(path, name, set(files))
        if any(other == p or other.startswith(p + ".") for p in packages)
    ]
    assert found == []
