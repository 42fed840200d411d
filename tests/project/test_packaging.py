"""Packaging: every package folder ships, every built-in variant is registered like a third-party one,
and a wheel built from the tree holds the engine and the presets."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

from helpers import paths

ROOT = paths.ROOT
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
SETUPTOOLS = PYPROJECT["tool"]["setuptools"]
# the import package each source folder becomes (issue 2: core/ -> preferans.core, variants/ -> preferans.variants)
FOLDERS = {"core": "preferans.core", "variants": "preferans.variants"}


def package_folders() -> list[str]:
    """Dotted names of every folder under core/ and variants/ that holds an __init__.py."""
    found = []
    for folder, dotted in FOLDERS.items():
        for init in sorted((ROOT / folder).rglob("__init__.py")):
            rel = init.parent.relative_to(ROOT / folder)
            if "__pycache__" in rel.parts:
                continue
            found.append(".".join([dotted, *rel.parts]))
    return found


def test_src_links_point_at_the_source_folders() -> None:
    # src/preferans/core -> core/ and src/preferans/variants -> variants/: a plain path entry for the editable
    # install, which static tools (mypy) follow, where package-dir would need an import hook
    for folder, dotted in FOLDERS.items():
        link = ROOT / "src" / Path(*dotted.split("."))
        assert link.is_symlink() and link.resolve() == (ROOT / folder).resolve()


def test_no_hand_kept_package_list() -> None:
    # setuptools discovers the packages (a table, not a list of names); no package-dir mapping
    assert set(SETUPTOOLS["packages"]) == {"find"} and "package-dir" not in SETUPTOOLS


@pytest.mark.parametrize("package", package_folders())
def test_setuptools_finds_every_package_folder(package: str) -> None:
    from setuptools import find_namespace_packages

    find = SETUPTOOLS["packages"]["find"]
    found = find_namespace_packages(where=str(ROOT / "src"), include=find.get("include", ["*"]),
                                    exclude=find.get("exclude", ()))
    assert package in found


def variant_folders() -> list[str]:
    return sorted(p.parent.name for p in (ROOT / "variants").glob("*/preset.toml"))


def test_there_are_variants() -> None:
    assert {"russian", "sochi"} <= set(variant_folders())


@pytest.mark.parametrize("name", variant_folders())
def test_every_variant_is_registered(name: str) -> None:
    registered = PYPROJECT["project"]["entry-points"]["preferans.variants"]
    # the entry point is usually the folder's name; a name with a hyphen (austrian-unlimited) has its module
    # in a folder with an underscore, since a Python package name cannot hold a hyphen
    assert registered.get(name.replace("_", "-"), registered.get(name)) == f"preferans.variants.{name}"


def test_every_registered_variant_has_a_preset() -> None:
    for name, module in PYPROJECT["project"]["entry-points"]["preferans.variants"].items():
        assert module.startswith("preferans.variants.")
        folder = ROOT / "variants" / module.removeprefix("preferans.variants.").replace(".", "/")
        assert (folder / "preset.toml").is_file(), f"entry point {name} -> {module} has no preset.toml"


def test_presets_are_package_data() -> None:
    data = SETUPTOOLS.get("package-data", {})
    assert "preset.toml" in data.get("*", [])


def _backend_problem() -> str | None:
    """Why a wheel cannot be built offline here, or None."""
    if importlib.util.find_spec("setuptools") is None:
        return "setuptools is not installed (the build backend; --no-build-isolation cannot fetch it)"
    import setuptools

    major, minor = (int(x) for x in setuptools.__version__.split(".")[:2])
    # setuptools builds wheels by itself from 70.1; before that it needs the `wheel` package
    if (major, minor) < (70, 1) and importlib.util.find_spec("wheel") is None:
        return f"setuptools {setuptools.__version__} needs the 'wheel' package to build a wheel and it is not installed"
    return None


@pytest.mark.slow
@pytest.mark.subprocess
def test_wheel_contains_engine_and_presets(tmp_path: Path) -> None:
    problem = _backend_problem()
    if problem:
        pytest.skip(f"build backend unavailable offline: {problem}")
    # build from a copy so the tree under test gets no build/ or egg-info debris
    src = tmp_path / "src"
    shutil.copytree(ROOT, src, ignore=shutil.ignore_patterns(
        ".git", ".venv", "venv", "build", "dist", "*.egg-info", "__pycache__", ".*_cache", ".hypothesis", "tests"))
    out = tmp_path / "wheels"
    proc = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(src), "--no-deps", "--no-build-isolation", "-q", "-w", str(out)],
        capture_output=True, text=True, timeout=300,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    wheels = list(out.glob("preferans-*.whl"))
    assert len(wheels) == 1
    with zipfile.ZipFile(wheels[0]) as wheel:
        files = set(wheel.namelist())
        entry_points = next(wheel.read(f).decode() for f in files if f.endswith(".dist-info/entry_points.txt"))
    for needed in ("preferans/core/engine/game.py", "preferans/variants/sochi/preset.toml",
                   "preferans/variants/russian/preset.toml", "preferans/core/py.typed", "preferans/variants/py.typed",
                   # the server's page (package data: `preferans serve` from a wheel serves it)
                   "preferans/core/server/static/index.html", "preferans/core/server/static/app.js",
                   "preferans/core/server/static/style.css"):
        assert needed in files
    for package in package_folders():
        assert package.replace(".", "/") + "/__init__.py" in files
    assert "[preferans.variants]" in entry_points and "sochi = preferans.variants.sochi" in entry_points
    assert not any(f.startswith("tests/") for f in files)
