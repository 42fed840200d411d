"""Every writer under hostile output paths (issue 17): ``write_atomic`` and the commands that use it.

What is at the path decides (docs/cli.md, "Files written"): a regular file or nothing is written, keeping an
existing file's mode and giving a new one ``0o666 & ~umask``; a symbolic link is written through to its
target; a folder, FIFO or device is refused with one line, exit 2, and left as it was.
"""

from __future__ import annotations

import os
import py_compile
import stat
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from helpers import paths
from preferans.core.cli import main
from preferans.core.formats.atomic import write_atomic
from preferans.core.model.errors import BadInput

DATA = paths.DATA
PPN_SAMPLE = DATA / "ppn" / "balkan_sample.ppn"
SCORECARD = DATA / "scorecards" / "classic_pulka.toml"
ROOT_USER = hasattr(os, "geteuid") and os.geteuid() == 0


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_error_line(err: str, *words: str) -> None:
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("preferans: ") and "internal error" not in lines[0], err
    for word in words:
        assert word in lines[0], (word, err)


@pytest.fixture
def umask() -> Iterator[None]:
    old = os.umask(0o027)
    try:
        yield
    finally:
        os.umask(old)


def save_argv(path: Path) -> list[str]:
    return ["play", "--seed", "3", "--save", str(path)]


# ---------------------------------------------------------------- what is at the path


def test_fifo_is_refused_and_stays_a_fifo(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    code, _, err = run(capsys, *save_argv(fifo))
    assert code == 2
    one_error_line(err, str(fifo), "is a FIFO, not a regular file")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary file left behind


@pytest.mark.skipif(not ROOT_USER, reason="making a device node needs root")
def test_character_device_is_refused_and_stays_a_device(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    dev = tmp_path / "dev"
    os.mknod(dev, stat.S_IFCHR | 0o600, os.makedev(1, 3))  # the null device's numbers
    code, _, err = run(capsys, *save_argv(dev))
    assert code == 2
    one_error_line(err, str(dev), "is a character device, not a regular file")
    st = os.lstat(dev)
    assert stat.S_ISCHR(st.st_mode) and st.st_rdev == os.makedev(1, 3)


def test_symlink_is_written_through_to_its_target(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "real" / "game.json"
    target.parent.mkdir()
    target.write_text("old\n", encoding="utf-8")
    link = tmp_path / "game.json"
    link.symlink_to(target)
    code, _, err = run(capsys, *save_argv(link), "--force")  # a file is there, at the end of the link
    assert code == 0, err
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_text(encoding="utf-8").startswith('{"format": "preferans-save"')
    assert sorted(p.name for p in target.parent.iterdir()) == ["game.json"]


def test_dangling_symlink_creates_its_target(tmp_path: Path) -> None:
    link = tmp_path / "out.svg"
    link.symlink_to(tmp_path / "drawn.svg")
    write_atomic(link, "<svg/>\n")
    assert link.is_symlink() and (tmp_path / "drawn.svg").read_text(encoding="utf-8") == "<svg/>\n"


def test_symlink_to_a_fifo_is_refused(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    link = tmp_path / "game.json"
    link.symlink_to(fifo)
    with pytest.raises(BadInput, match="is a FIFO, not a regular file"):
        write_atomic(link, "x")
    assert link.is_symlink() and stat.S_ISFIFO(os.lstat(fifo).st_mode)


# ---------------------------------------------------------------- modes


def test_existing_file_keeps_its_mode(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    path.write_text("old\n", encoding="utf-8")
    os.chmod(path, 0o644)
    write_atomic(path, "new\n")
    assert path.read_text(encoding="utf-8") == "new\n"
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o644
    os.chmod(path, 0o640)
    write_atomic(path, "newer\n")
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o640


def test_new_file_honours_the_umask(tmp_path: Path, umask: None) -> None:
    path = tmp_path / "game.json"
    write_atomic(path, "{}\n")
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o640  # 0o666 & ~0o027
    os.umask(0o002)
    other = tmp_path / "other.json"
    write_atomic(other, "{}\n")
    assert stat.S_IMODE(os.stat(other).st_mode) == 0o664  # 0o666 & ~0o002


# ---------------------------------------------------------------- the temporary file


def test_leftover_temporary_files_are_removed_on_the_next_write(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "game.json"
    leftover = tmp_path / ".game.json.123.tmp"
    leftover.write_text("half a fi", encoding="utf-8")
    keep = [tmp_path / name for name in (".game.json.tmp", ".other.json.123.tmp", "game.json.123.tmp",
                                          ".game.json.123.tmp.bak", ".game.json.x.y.tmp")]
    for path in keep:
        path.write_text("not ours", encoding="utf-8")
    code, _, err = run(capsys, *save_argv(target))
    assert code == 0, err
    assert not leftover.exists()
    assert all(path.read_text(encoding="utf-8") == "not ours" for path in keep)
    assert target.read_text(encoding="utf-8").startswith('{"format": "preferans-save"')


@pytest.mark.skipif(ROOT_USER, reason="root may write in a read-only folder")
def test_read_only_folder_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    os.chmod(folder, 0o555)
    try:
        code, _, err = run(capsys, *save_argv(folder / "game.json"))
    finally:
        os.chmod(folder, 0o755)
    assert code == 2
    one_error_line(err, str(folder / "game.json"), f"the folder {folder} is not writable")


def test_missing_folder_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "nothere" / "game.json"
    code, _, err = run(capsys, *save_argv(path))
    assert code == 2
    one_error_line(err, str(path), "does not exist")


# ---------------------------------------------------------------- folders, paths under a file, long names


def bad_paths(tmp_path: Path) -> dict[str, Path]:
    (tmp_path / "folder").mkdir()
    (tmp_path / "file").write_text("x", encoding="utf-8")
    return {"is a directory": tmp_path / "folder", "is a file, not a folder": tmp_path / "file" / "out",
            "the name is too long": tmp_path / ("n" * 300)}


@pytest.mark.parametrize("command", ["play", "ppn", "sheet", "config"])
def test_output_path_that_cannot_be_a_file(command: str, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    argv = {"play": lambda p: save_argv(p),
            "ppn": lambda p: ["ppn", "import", str(PPN_SAMPLE), "-o", str(p)],
            "sheet": lambda p: ["sheet", str(SCORECARD), "--svg", str(p)],
            "config": lambda p: ["config", "init", "sochi", "-o", str(p), "--force"]}[command]
    for words, path in bad_paths(tmp_path).items():
        code, _, err = run(capsys, *argv(path))
        assert code == 2, (path, err)
        one_error_line(err, str(path), words)
    assert stat.S_ISDIR(os.lstat(tmp_path / "folder").st_mode) and not any((tmp_path / "folder").iterdir())


def test_new_variant_output_under_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "file").write_text("x", encoding="utf-8")
    for out in (tmp_path / "file", tmp_path / "file" / "deeper", tmp_path / ("n" * 300)):
        code, _, err = run(capsys, "new-variant", "house", "-o", str(out))
        assert code == 2, (out, err)
        one_error_line(err, str(out), "new-variant: -o")
    (tmp_path / "house").write_text("x", encoding="utf-8")  # DIR/NAME itself is a file
    code, _, err = run(capsys, "new-variant", "house", "-o", str(tmp_path))
    assert code == 2
    one_error_line(err, str(tmp_path / "house"))


# ---------------------------------------------------------------- new-variant --description


def test_new_variant_description_is_escaped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = 'Club "Ace" \\ rules """ and \'\'\' quotes'
    code, _, err = run(capsys, "new-variant", "house", "-o", str(tmp_path), "--description", text)
    assert code == 0, err
    root = tmp_path / "house"
    with open(root / "pyproject.toml", "rb") as fh:
        assert tomllib.load(fh)["project"]["description"] == text
    with open(root / "preferans_house" / "preset.toml", "rb") as fh:
        assert tomllib.load(fh)["description"] == text
    module = root / "preferans_house" / "__init__.py"
    py_compile.compile(str(module), doraise=True)
    namespace: dict[str, object] = {}
    exec(compile(module.read_text(encoding="utf-8"), str(module), "exec"), namespace)
    assert str(namespace["__doc__"]).splitlines()[0] == f"house: {text}"


@pytest.mark.parametrize("text", ["two\nlines", "a\rb", "tab\there", "nul\x00"])
def test_new_variant_description_with_control_characters_is_refused(
        text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "new-variant", "house", "-o", str(tmp_path), "--description", text)
    assert code == 2
    one_error_line(err, "--description", "control characters")
    assert not (tmp_path / "house").exists()


# ---------------------------------------------------------------- solve PATH shows no file content


@pytest.mark.parametrize("content", ["root:x:0:0:SECRET-TOKEN:/root:/bin/bash\n",
                                     '[Event "x"]\n[1 231 SECRET-TOKEN]\n',
                                     '{"info": {"SECRET-TOKEN": 1}, "game": [{"id": "SECRET-TOKEN"}]}\n'])
def test_solve_of_a_file_shows_the_kind_of_problem_not_the_content(
        content: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "some.conf"
    path.write_text(content, encoding="utf-8")
    code, _, err = run(capsys, "solve", str(path))
    assert code == 2
    one_error_line(err, str(path), "not a PPN file", "content is not shown")
    assert "SECRET" not in err


def test_solve_of_a_typed_deal_still_echoes_what_was_typed(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "solve", "AS KS QS JS 10S 9S 8S 7S AC XC | a | b | c")
    assert code == 2
    one_error_line(err, "DEAL: first hand", "'XC'")
    code, _, err = run(capsys, "solve", "nonsense")
    assert code == 2
    one_error_line(err, "'nonsense'")


# ---------------------------------------------------------------- files a new file must not replace


WRITERS = {"play": lambda p: save_argv(p),
           "ppn import": lambda p: ["ppn", "import", str(PPN_SAMPLE), "-o", str(p)],
           "ppn export": lambda p: ["ppn", "export", str(p.parent / "game.json"), "-o", str(p)],
           "sheet": lambda p: ["sheet", str(SCORECARD), "--svg", str(p)],
           "config": lambda p: ["config", "init", "sochi", "-o", str(p)]}
"""Every writer of the command line, writing ``p`` (``ppn export`` reads ``game.json`` beside it)."""


@pytest.fixture
def saved_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    game = tmp_path / "game.json"
    assert run(capsys, "ppn", "import", str(PPN_SAMPLE), "-o", str(game))[0] == 0
    return game


@pytest.mark.parametrize("command", sorted(WRITERS))
def test_an_existing_file_is_overwritten_only_with_force(command: str, tmp_path: Path, saved_game: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out.txt"
    out.write_text("keep me\n", encoding="utf-8")
    code, stdout, err = run(capsys, *WRITERS[command](out))
    assert code == 2 and stdout == ""  # refused before anything is said (play prints no seed line)
    one_error_line(err, f"{out}: file exists; use --force to overwrite it")
    assert out.read_text(encoding="utf-8") == "keep me\n"
    code, _, err = run(capsys, *WRITERS[command](out), "--force")
    assert code == 0, err
    assert out.read_text(encoding="utf-8") != "keep me\n"


@pytest.mark.parametrize("command", sorted(WRITERS))
def test_read_only_and_hard_linked_files_are_not_replaced(command: str, tmp_path: Path, saved_game: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out.txt"
    out.write_text("keep me\n", encoding="utf-8")
    out.chmod(0o444)
    code, stdout, err = run(capsys, *WRITERS[command](out), "--force")
    assert code == 2 and stdout == ""
    one_error_line(err, f"{out}: cannot write: the file is read-only")
    assert out.read_text(encoding="utf-8") == "keep me\n" and stat.S_IMODE(out.stat().st_mode) == 0o444
    out.chmod(0o644)
    link = tmp_path / "link.txt"
    os.link(out, link)
    code, stdout, err = run(capsys, *WRITERS[command](out), "--force")
    assert code == 2 and stdout == ""
    one_error_line(err, f"{out}: cannot write: the file has 2 hard links, which a new file in its place would "
                        "break (write to another name)")
    assert os.stat(out).st_ino == os.stat(link).st_ino and link.read_text(encoding="utf-8") == "keep me\n"


def test_another_users_file_is_not_replaced(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "theirs.json"
    out.write_text("theirs\n", encoding="utf-8")
    monkeypatch.setattr(os, "geteuid", lambda: out.stat().st_uid + 1)  # as another (not root) user sees it
    with pytest.raises(BadInput, match="theirs.json: cannot write: the file belongs to another user"):
        write_atomic(out, "mine\n")
    assert out.read_text(encoding="utf-8") == "theirs\n"


def test_a_bad_save_path_is_said_before_the_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "play", "--save", str(tmp_path / "missing" / "game.json"))
    assert code == 2 and out == ""  # no "seed N (replay with --seed N)" line first
    one_error_line(err, "game.json: cannot write: the folder", "does not exist")


def test_resuming_a_save_into_itself_needs_no_force(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = tmp_path / "game.json"
    assert run(capsys, *save_argv(game))[0] == 0
    code, _, err = run(capsys, "play", "--resume", str(game), "--save", str(game))
    assert code == 0, err
