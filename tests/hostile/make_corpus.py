"""The bad-input corpus of issue 17: every reader of ``preferans`` with every field broken in turn.

``python tests/hostile/make_corpus.py DIR`` writes the files into DIR and prints one line per case (its
name, its expectation, its command line); ``tests/formats/test_hostile_inputs.py`` calls :func:`build` at test time
and runs every case through ``preferans.core.cli.main`` in-process.

A case is a command line, an expectation and the words its error line must hold:

* ``reject``: exit 2, exactly one stderr line under 300 characters, naming the file (or the option) and,
  for a broken field, the field's key;
* ``any``: the value may be legal (a name written in Arabic-Indic digits, a negative number where the
  reader leaves the range to the rules): exit 0 or a ``reject``-shaped line; never exit 1.

The readers: game configs (TOML, JSON), scorecards (TOML, JSON), save files (``play --save``, Sochi and
Balkan), game records (``preferans-game`` JSON), PPN (line, JSON and 2019 forms) and the command-line
arguments. To add a reader, give it a base file in ``base/`` (or one built here), a ``_fields`` walk (or
token list) and its commands in :func:`build` (CONTRIBUTING.md, "Hostile inputs").
"""

from __future__ import annotations

import json
import os
import sys
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tomli_w

HERE = Path(__file__).resolve().parent
DATA = HERE.parent / "data"
DEEP = 100_000
HUGE_INT = "9" * 5000
_SENTINEL = "@@HOSTILE@@"


@dataclass(frozen=True)
class Case:
    name: str
    argv: list[str]
    expect: str  # "reject" or "any"
    mention: tuple[str, ...] = field(default=())  # words the error line must hold (file name, key)
    hide: tuple[str, ...] = field(default=())  # words the error line must not hold (the file's content)
    differs: bool = False  # a replay check: an "any" case may also fail the check (exit 1, FILE: FAILED on stdout)


# (label, JSON text, TOML text or None when TOML cannot say it, which original kinds may take it legally)
VALUES: tuple[tuple[str, str, str | None, tuple[type, ...]], ...] = (
    ("object", '{"x": 1}', "{ x = 1 }", ()),
    ("bool", "true", "true", (bool,)),
    ("float", "1.5", "1.5", (float,)),
    ("negative", "-1", "-1", (int,)),
    ("huge-int", HUGE_INT, HUGE_INT, ()),
    ("huge-str", json.dumps("a" * 100_000), json.dumps("a" * 100_000), ()),
    ("control", '"a\\u0000\\nb\\u001b"', '"a\\u0000\\nb\\u001b"', ()),
    ("digits", '"\u0663\uff13\u00b2"', '"\u0663\uff13\u00b2"', (str,)),
    ("null", "null", None, (type(None),)),
    ("deep", "[" * 2000 + "]" * 2000, "[" * 2000 + "]" * 2000, ()),
)


def _paths(data: Any, at: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Every place in a JSON-like document: each key of an object, the first item of a list."""
    if isinstance(data, dict):
        for k, v in data.items():
            yield at + (k,), v
            yield from _paths(v, at + (k,))
    elif isinstance(data, list) and data:
        yield at + (0,), data[0]
        yield from _paths(data[0], at + (0,))


def _replaced(data: Any, path: tuple[Any, ...]) -> Any:
    copy = json.loads(json.dumps(data))
    node = copy
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = _SENTINEL
    return copy


def _key(path: tuple[Any, ...]) -> str:
    """The last named key of a path: what the error line must name."""
    return next(str(step) for step in reversed(path) if isinstance(step, str))


def _broken_fields(data: Any, fmt: str, skip: frozenset[str] = frozenset()) -> Iterator[tuple[str, bytes, str, str]]:
    """(case label, file bytes, expectation, key) for every field of ``data`` with every hostile value."""
    for path, original in _paths(data):
        if any(str(step) in skip for step in path):
            continue
        for label, as_json, as_toml, legal in VALUES:
            raw = as_json if fmt == "json" else as_toml
            if raw is None:
                continue
            doc = _replaced(data, path)
            if fmt == "json":
                text = json.dumps(doc, ensure_ascii=False).replace(json.dumps(_SENTINEL), raw, 1)
            else:
                try:
                    text = tomli_w.dumps(doc).replace(json.dumps(_SENTINEL), raw, 1)
                except (TypeError, ValueError):
                    continue
            kind = type(original)
            expect = "any" if kind in legal else "reject"
            # a value the parser refuses (too deep, too long a number) is named by the file alone
            key = "" if label in ("deep", "huge-int") else _key(path)
            yield ".".join(map(str, path)) + f"={label}", text.encode(), expect, key


def _file_level(text: str, fmt: str) -> Iterator[tuple[str, bytes | None, str]]:
    """(label, bytes or None for a special path, kind) for the faults of a whole file."""
    body = text.encode()
    yield "latin-1", text.replace("a", "\u00e9", 3).encode("latin-1", "replace"), "file"
    yield "utf-16", text.encode("utf-16"), "file"
    yield "binary", bytes(range(256)) * 4, "file"
    yield "nul", body[:40] + b"\x00" + body[40:], "file"
    yield "empty", b"", "file"
    yield "truncated", body[: len(body) // 2], "file"
    if fmt == "json":
        yield "deep", ("{\"a\": " + "[" * DEEP + "]" * DEEP + "}").encode(), "file"
        yield "deep-array", ("[" * DEEP + "]" * DEEP).encode(), "file"
        first = next(iter(json.loads(text)))  # the first key given twice: json.loads would keep the last
        yield "duplicate-key", ("{" + json.dumps(first) + ": null, " + text.lstrip()[1:]).encode(), "file"
        yield "deep-object", ('{"a":' * DEEP + "1" + "}" * DEEP).encode(), "file"
        yield "huge-int", ("{\"a\": " + HUGE_INT + "}").encode(), "file"
    elif fmt == "toml":
        yield "deep", ("a = " + "[" * DEEP + "]" * DEEP + "\n").encode(), "file"
        yield "deep-table", ("a = " + "{ b = " * DEEP + "1" + " }" * DEEP + "\n").encode(), "file"
        yield "huge-int", ("a = " + HUGE_INT + "\n").encode(), "file"
    else:  # PPN line form
        yield "deep", ("[" * DEEP + "]" * DEEP).encode(), "file"
        yield "huge-int", ("[Bula " + HUGE_INT + "]\n").encode(), "file"
    yield "directory", None, "directory"
    yield "loop", None, "loop"
    yield "long-name", None, "long-name"


class _Builder:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.cases: list[Case] = []
        self.n = 0
        # readers that replay what they read: a changed field may first show as another field's
        # inconsistency (a Result tag, a required key of the record under another format)
        self.replayed = {"ppn-json"}

    def file(self, stem: str, suffix: str, content: bytes | None, kind: str = "file") -> str:
        self.n += 1
        path = self.root / f"{self.n:04d}-{stem}{suffix}"
        if kind == "directory":
            path.mkdir()
        elif kind == "loop":
            loop = self.root / f"{self.n:04d}-{stem}-b{suffix}"
            os.symlink(loop.name, path)
            os.symlink(path.name, loop)
        elif kind == "long-name":
            path = self.root / (f"{self.n:04d}-" + "n" * 300 + suffix)
        else:
            path.write_bytes(content or b"")
        return str(path)

    def reader(self, name: str, suffix: str, data: Any, fmt: str, commands: list[list[str]],
               skip: frozenset[str] = frozenset(), differs: bool = False) -> None:
        """Every field broken in turn (run by the first command), and every file-level fault (run by each).
        ``differs``: a replay check, whose "any" cases may also fail the check (exit 1)."""
        text = json.dumps(data, ensure_ascii=False) if fmt == "json" else tomli_w.dumps(data)
        for label, content, expect, key in _broken_fields(data, fmt, skip):
            path = self.file(name, suffix, content)
            mention = (Path(path).name, key) if key and name not in self.replayed else (Path(path).name,)
            self.cases.append(Case(f"{name}: {label}", commands[0] + [path], expect, mention, differs=differs))
        for label, content, kind in _file_level(text, fmt):
            for command in commands:
                path = self.file(name, suffix, content, kind)
                mention = ("too long",) if kind == "long-name" else (Path(path).name,)
                # an empty config is every key at its default: the default variant
                expect = "any" if label == "empty" and name.startswith("config-toml") else "reject"
                self.cases.append(Case(f"{name}: {label}: {' '.join(command)}", command + [path], expect,
                                       mention))

    def ppn(self, name: str, text: str, commands: list[list[str]]) -> None:
        """Each token of the first record and each tag's value replaced in turn (the line forms)."""
        lines = text.splitlines()
        first = next(i for i, line in enumerate(lines) if line.startswith("[1 "))
        tokens = lines[first][1:-1].split(" ")
        hostile = (("superscript", "\u00b2", "reject"), ("arabic-indic", "\u0663", "reject"),
                   ("fullwidth", "\uff13", "reject"), ("zero-denominator", "1/0", "reject"),
                   ("huge-int", HUGE_INT, "reject"), ("control", "a\x00\x1bb", "reject"),
                   ("long", "x" * 200_000, "reject"))
        for t in range(len(tokens)):
            for label, value, expect in hostile:
                broken = tokens[:t] + [value] + tokens[t + 1:]
                body = "\n".join(lines[:first] + ["[" + " ".join(broken) + "]"] + lines[first + 1:]) + "\n"
                path = self.file(name, ".ppn", body.encode())
                self.cases.append(Case(f"{name}: record 1 field {t}={label}", commands[0] + [path], expect,
                                       (Path(path).name,)))
        for i, line in enumerate(lines):
            if not line.startswith("[") or line[1:2].isdigit():
                continue
            tag = line[1:].split(" ")[0]
            for label, value, expect in hostile:
                if tag.startswith("Player") and label in ("superscript", "arabic-indic", "fullwidth",
                                                          "zero-denominator"):
                    expect = "any"  # a name may be any printable text
                if tag in ("Location", "Date") and label not in ("control", "long"):
                    expect = "any"
                body = "\n".join(lines[:i] + [f"[{tag} {value}]"] + lines[i + 1:]) + "\n"
                path = self.file(name, ".ppn", body.encode())
                # a control character is named by its line, before any tag is read
                mention = (Path(path).name,) if label == "control" else (Path(path).name, tag)
                self.cases.append(Case(f"{name}: tag {tag}={label}", commands[0] + [path], expect, mention))
        for label, content, kind in _file_level(text, "ppn"):
            for command in commands:
                path = self.file(name, ".ppn", content, kind)
                mention = ("too long",) if kind == "long-name" else (Path(path).name,)
                self.cases.append(Case(f"{name}: {label}: {' '.join(command)}", command + [path], "reject",
                                       mention))

    def extra_key(self, name: str, suffix: str, data: dict[str, Any], fmt: str, command: list[str]) -> None:
        """A key the format does not have: refused, never ignored."""
        doc = {**data, "colour": "red"}
        text = json.dumps(doc, ensure_ascii=False) if fmt == "json" else tomli_w.dumps(doc)
        path = self.file(name, suffix, text.encode())
        self.cases.append(Case(f"{name}: unknown key", command + [path], "reject", (Path(path).name, "colour")))

    def not_ppn(self) -> None:
        """A file that is no record at all given to a command that reads PPN: its content is never shown."""
        for command in (["analyse"], ["solve", "--deal", "1"], ["ppn", "import"], ["solve"]):
            for label, text in (("text", "root:x:0:0:SECRET-TOKEN:/root\nline 2\n"),
                                ("ini", "[SECRET-TOKEN]\npassword = SECRET-TOKEN\n"),
                                ("record-first", "[SECRET-TOKEN 1 2]\n")):
                path = self.file(f"not-ppn-{label}", ".txt", text.encode())
                self.cases.append(Case(f"not PPN {label}: {' '.join(command)}", command + [path], "reject",
                                       (Path(path).name,), hide=("SECRET",)))

    def arena(self, record: Path) -> None:
        """Damaged arena records, read by ``arena report`` and ``arena --record``."""
        lines = record.read_text(encoding="utf-8").splitlines()
        head, deal = lines[0], json.loads(lines[1])
        uneven = {**deal, "values": [["1", "1", "-1"], *deal["values"][1:]]}
        damaged = (("deep-header", "[" * DEEP + "]" * DEEP + "\n"),
                   ("deep-deal", head + "\n" + "[" * DEEP + "]" * DEEP + "\n"),
                   ("deep-values", head + "\n" + '{"deal":0,"values":' + "[" * DEEP + "]" * DEEP + "}\n"),
                   ("duplicate-key", head[:-1] + ',"seed":2}\n'),
                   ("duplicate-deal-key", head + "\n" + '{"deal":0,' + json.dumps(deal)[1:] + "\n"),
                   ("not-zero-sum", head + "\n" + json.dumps(uneven) + "\n"),
                   ("huge-int", head + "\n" + '{"deal":' + HUGE_INT + ',"values":[]}\n'))
        commands = (["arena", "report"], ["arena", "--bots", "random,random,random", "--deals", "1", "--record"])
        for label, text in damaged:
            for command in commands:
                path = self.file(f"arena-{label}", ".jsonl", text.encode())
                self.cases.append(Case(f"arena record {label}: {' '.join(command[:2])}", command + [path],
                                       "reject", (Path(path).name,)))
        for command in commands:
            for kind in ("long-name", "directory", "loop"):
                path = self.file("arena-record", ".jsonl", None, kind)
                mention = ("too long",) if kind == "long-name" else (Path(path).name,)
                self.cases.append(Case(f"arena record {kind}: {' '.join(command[:2])}", command + [path], "reject",
                                       mention))

    def args(self) -> None:
        """The command-line arguments."""
        def add(name: str, argv: list[str], expect: str = "reject", *mention: str) -> None:
            self.cases.append(Case(f"argv: {name}", argv, expect, mention))

        for label, value in (("negative", "-5"), ("huge", HUGE_INT), ("digits", "\u0663"), ("text", "x")):
            add(f"--seed {label}", ["play", "--seed", value, "--json"], "reject", "--seed")
        bad_names = (("blank", "Anna,,Vera"), ("spaces", "Anna,  ,Vera"), ("duplicate", "Anna,Anna,Vera"),
                     ("newline", "Anna,Bo\nris,Vera"), ("control", "Anna,Bo\x1bris,Vera"),
                     ("nul", "Anna,Bo\x00ris,Vera"), ("huge", "Anna," + "b" * 1_000_000 + ",Vera"),
                     ("too-few", "Anna,Boris"), ("tab", "Anna,Bo\tris,Vera"), ("bidi", "Anna,Bo\u202eris,Vera"))
        for label, value in bad_names:
            add(f"--names {label}", ["play", "--names", value, "--json"], "reject", "--names")
        for label, value in (("huge-int", HUGE_INT), ("deep", "[" * DEEP + "]" * DEEP),
                             ("deep-table", "{a=" * DEEP + "1" + "}" * DEEP), ("control", "'\x00'"),
                             ("huge-str", "'" + "a" * 100_000 + "'"), ("digits", "\u0663")):
            add(f"--variant pool={label}", ["play", "--variant", f"sochi(pool={value})", "--json"], "reject",
                "variant")
            add(f"--rule pool={label}", ["play", "--rule", f"pool={value}", "--json"], "reject", "--rule")
        for label, value in (("no-value", "pool"), ("no-key", "=3"), ("newline", "pool=1\nplayers=4"),
                             ("control-key", "po\x00ol=3"), ("huge-key", "k" * 1_000_000 + "=1"),
                             ("unknown", "poool=3")):
            add(f"--rule {label}", ["play", "--rule", value, "--json"], "reject", "--rule")
        for label, value in (("zero", "0"), ("huge", HUGE_INT), ("negative", "-1"), ("text", "x")):
            add(f"solve --deal {label}", ["solve", "c.json", "--deal", value], "reject", "--deal")
        add("--variant huge name", ["play", "--variant", "s" * 1_000_000, "--json"], "reject", "variant")
        add("--variant control", ["play", "--variant", "so\x00chi", "--json"], "reject", "variant")
        for label, value in (("long", "AS " * 1700), ("digits", "\u0663S"), ("control", "AS\x00KS"),
                             ("deep", "[" * DEEP), ("huge-int", f"[{HUGE_INT} 231]"),
                             ("deep-json", "{" + '"a":[' * DEEP)):
            add(f"solve {label}", ["solve", value], "reject", "DEAL")
        for label, value in (("huge", HUGE_INT), ("digits", "\u0663"), ("negative", "-1"), ("big", "99"),
                             ("long", "x" * 1_000_000)):
            add(f"--human {label}", ["play", "--human", value, "--json"], "reject", "--human")
        add("--bots long", ["play", "--bots", "x" * 1_000_000, "--json"], "reject", "--bots")
        add("--bots control", ["play", "--bots", "heur\x00istic", "--json"], "reject", "--bots")
        add("config check long", ["config", "check", "c" * 5000 + ".toml"], "reject")
        add("config check nul", ["config", "check", "c\x00.toml"], "reject")
        add("score nul", ["score", "c\x00.toml"], "reject")
        add("ppn import nul", ["ppn", "import", "c\x00.ppn"], "reject")
        add("sheet nul", ["sheet", "c\x00.json"], "reject")


_HOOK = "from fractions import Fraction\nfrom preferans.core.plugin import Entry, Settlement, hookimpl\n\n\n@hookimpl\n"
PLUGINS: tuple[tuple[str, str, str], ...] = (
    # (label, the file's text, the hook its line names): the second fuzzing pass of the local plugins
    ("unknown-call", _HOOK + "def pref_auction_legal(view, seat, rules):\n    return ['bogus']\n",
     "pref_auction_legal"),
    ("endless-auction", _HOOK + "def pref_auction_legal(view, seat, rules):\n    return ['6S']\n",
     "pref_auction_step"),
    ("wrong-type", _HOOK + "def pref_auction_legal(view, seat, rules):\n    return 42\n", "pref_auction_legal"),
    ("float-money", _HOOK + "def pref_after_score(match, posted, rules):\n"
                            "    return [Entry('pool', e.seat, 0.5) for e in posted]\n", "pref_after_score"),
    ("not-zero-sum", _HOOK + "def pref_settle(match, rules):\n    n = match.n_players\n"
                             "    return Settlement(tuple(Fraction(1) for _ in range(n)), (1,) * n)\n", "pref_settle"),
    ("exit-in-hook", _HOOK + "def pref_all_pass(view, rules):\n    raise SystemExit(0)\n", "pref_all_pass"),
    ("exit-on-import", "raise SystemExit(0)\n", "SystemExit"),
    ("keyword-only", _HOOK + "def pref_all_pass(view, *, rules):\n    return None\n", "pref_all_pass"),
    ("too-deep", "x = " + "-" * 100_000 + "1\n", "nested too deeply"),
)


def _plugin_cases(b: _Builder) -> None:
    """``--plugin`` files whose hooks answer what the engine cannot take, or that cannot be loaded: one line
    naming the file and the hook, exit 2 (``play`` and ``simulate`` with workers)."""
    for label, text, hook in PLUGINS:
        path = b.file(f"plugin-{label}", ".py", text.encode())
        # 8 deals: the first all-pass deal of simulate's seed 1 comes after the third, so every hook is asked
        commands = [["play", "--json", "--seed", "1"], ["simulate", "--deals", "8", "--jobs", "2"]]
        for command in commands[:1] if label == "not-zero-sum" else commands:  # simulate prints no settlement
            b.cases.append(Case(f"plugin: {label}: {command[0]}", [*command, "--plugin", path], "reject",
                                (path, hook)))
    upper = b.file("plugin-upper", ".PY", (_HOOK + "def pref_all_pass(view, rules):\n    return None\n").encode())
    b.cases.append(Case("plugin: HOUSE.PY", ["play", "--plugin", upper], "reject", (upper, ".py")))
    twice = b.file("plugin-twice", ".py", (_HOOK + "def pref_all_pass(view, rules):\n    return None\n").encode())
    again = os.path.join(os.path.dirname(twice) or ".", ".", os.path.basename(twice))  # the same file
    b.cases.append(Case("plugin: given twice", ["play", "--plugin", twice, "--plugin", again], "reject",
                        (os.path.basename(twice), "twice")))


def build(root: Path) -> list[Case]:
    """Write the corpus's files into ``root`` (an empty folder) and return its cases."""
    b = _Builder(root)
    config = tomllib.loads((HERE / "base" / "sochi-config.toml").read_text(encoding="utf-8"))
    b.reader("config-toml", ".toml", config, "toml", [["config", "check"], ["play", "--json", "--config"]])
    b.reader("config-json", ".json", config, "json", [["config", "check"]])
    card = tomllib.loads((DATA / "scorecards" / "sochi_pulka.toml").read_text(encoding="utf-8"))
    card["deal"] = card["deal"][:2]
    b.reader("scorecard-toml", ".toml", card, "toml", [["score"], ["sheet"]])
    b.reader("scorecard-json", ".json", card, "json", [["score"]])
    sochi = json.loads((HERE / "base" / "sochi-save.json").read_text(encoding="utf-8"))
    balkan = json.loads((HERE / "base" / "balkan-save.json").read_text(encoding="utf-8"))
    b.reader("save-sochi", ".json", sochi, "json", [["sheet"], ["play", "--json", "--resume"], ["analyse"]])
    b.reader("save-balkan", ".json", balkan, "json", [["ppn", "export"]])
    b.reader("game-record", ".json", balkan["game"], "json", [["sheet"], ["analyse"], ["solve", "--deal", "1"]])
    ppn = json.loads((DATA / "ppn" / "balkan_sample.json").read_text(encoding="utf-8"))
    ppn["game"] = ppn["game"][:2]
    b.reader("ppn-json", ".json", ppn, "json", [["ppn", "import"]])
    for stem in ("balkan_sample", "balkan_sample_2019"):
        text = (DATA / "ppn" / f"{stem}.ppn").read_text(encoding="utf-8")
        b.ppn(f"ppn-{stem}", text, [["ppn", "import"], ["solve"]])
    golden = tomllib.loads((HERE / "base" / "playthrough.toml").read_text(encoding="utf-8"))
    b.reader("playthrough", ".toml", golden, "toml", [["playthrough", "check"]], differs=True)
    b.extra_key("playthrough", ".toml", golden, "toml", ["playthrough", "check"])
    b.not_ppn()
    b.arena(HERE / "base" / "arena-record.jsonl")
    long_card = {**card, "rules": {"pool": 100_000}, "deal": card["deal"][:1] * 10_001}
    path = b.file("scorecard-long", ".json", json.dumps(long_card).encode())
    b.cases.append(Case("scorecard: 10,001 deals", ["score", path], "reject", (Path(path).name, "deal")))
    b.args()
    _plugin_cases(b)
    return b.cases


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: make_corpus.py DIR (an empty or new folder)", file=sys.stderr)
        return 2
    root = Path(argv[0])
    root.mkdir(parents=True, exist_ok=True)
    for case in build(root):
        shown = " ".join(a if len(a) < 80 else a[:40] + "..." for a in case.argv).encode("unicode_escape")
        print(f"{case.expect}\t{case.name}\t{shown.decode()}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
