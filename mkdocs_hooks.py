"""MkDocs hooks of the documentation site (``mkdocs.yml``, ``hooks:``).

The Markdown files are written to be read in the repository as well as on the site, so a few of their links
leave ``docs/``: to CONTRIBUTING.md, CHANGELOG.md and the files of ``examples/``. The site takes those files in
(CONTRIBUTING and CHANGELOG as pages, ``examples/`` as files to download) and points such links at its own
copies, so that the strict build checks them like any other link.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parent
PAGES = {"CONTRIBUTING.md": "contributing.md", "CHANGELOG.md": "changelog.md"}
"""Files of the repository's root shown as pages of the site: {path in the repository: path on the site}."""
FOLDERS = {"examples": "examples"}
"""Folders of the repository whose files the site copies as they are: {folder: folder on the site}."""
LINK = re.compile(r"(\]\()([^)\s#]+)(#[^)\s]*)?(\))")


def _outside() -> dict[Path, str]:
    """Every file taken in from outside ``docs/``: {its path in the repository: its path on the site}."""
    found = {ROOT / src: dest for src, dest in PAGES.items()}
    for folder, dest in FOLDERS.items():
        for path in sorted((ROOT / folder).iterdir()):
            if path.is_file():
                found[path] = f"{dest}/{path.name}"
    return found


def on_files(files: Files, config: Any) -> Files:
    for path, dest in _outside().items():
        files.append(File.generated(config, dest, abs_src_path=str(path)))
    return files


def on_page_markdown(markdown: str, page: Any, config: Any, files: Files) -> str:
    """Links that leave ``docs/`` (or, in a page taken in, that go into it) point at the site's copies."""
    docs = Path(config["docs_dir"]).resolve()
    source = Path(page.file.abs_src_path).resolve()
    outside = _outside()
    here = posixpath.dirname(page.file.src_uri)

    def site_path(target: str) -> str | None:
        path = (source.parent / target).resolve()
        if path in outside:
            return outside[path]
        if path.is_relative_to(docs) and path != docs:
            return path.relative_to(docs).as_posix()
        return None

    def rewrite(m: re.Match[str]) -> str:
        target = m.group(2)
        if "://" in target or target.startswith(("mailto:", "/")):
            return m.group(0)
        dest = site_path(target)
        if dest is None:
            return m.group(0)
        return m.group(1) + posixpath.relpath(dest, here or ".") + (m.group(3) or "") + m.group(4)

    return LINK.sub(rewrite, markdown)
