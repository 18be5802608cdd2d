from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from sourcefinder.errors import PublishError
from sourcefinder.publish import (
    PICKLE_LAYOUT,
    build,
    content_version,
    current_version,
    load_published,
)


def test_build_publishes_a_versioned_snapshot(example_index: Path, home: Path) -> None:
    pub = build(example_index, home)
    assert pub.version == content_version(example_index)
    assert current_version(home) == pub.version
    for name in ("manifest.json", "cards.json", "foundation.json", "condensed.txt",
                 "condensed-budget.txt", "index.pickle", "source/INDEX.md"):
        assert (pub.path / name).is_file(), name
    cards = json.loads((pub.path / "cards.json").read_text())
    assert set(cards) == set(pub.index.cards)
    clusters = [c for c in cards.values() if c["child_index"]]
    assert clusters and all(len(c["children"]) > 0 for c in clusters)
    paths = json.loads((pub.path / "foundation.json").read_text())["reading_paths"]
    some = next(cid for cid, p in paths.items() if len(p) >= 2)
    assert paths[some] == [n.id for n in pub.index.reading_path(some)]


def test_same_content_is_the_same_version(example_index: Path, home: Path) -> None:
    first = build(example_index, home)
    second = build(example_index, home)
    assert first.version == second.version
    versions = [p for p in (home / "published").iterdir() if p.is_dir()]
    assert len(versions) == 1


def test_a_lint_error_publishes_nothing_and_says_why(example_index: Path, home: Path) -> None:
    good = build(example_index, home)
    text = (example_index / "INDEX.md").read_text()
    (example_index / "INDEX.md").write_text(text.replace("- kind:", "- kindd:", 1))
    with pytest.raises(PublishError) as err:
        build(example_index, home)
    assert "E101" in str(err.value) and "INDEX.md:" in str(err.value)
    assert current_version(home) == good.version


def test_only_the_last_versions_are_kept(example_index: Path, home: Path) -> None:
    index_md = example_index / "INDEX.md"
    base = index_md.read_text()
    versions = []
    for i in range(4):
        index_md.write_text(base + f"\nprose line {i}\n")
        versions.append(build(example_index, home, keep=2).version)
    on_disk = {p.name for p in (home / "published").iterdir() if p.is_dir()}
    assert on_disk == set(versions[-2:])
    assert current_version(home) == versions[-1]


def test_readers_never_see_half_a_version(example_index: Path, home: Path) -> None:
    build(example_index, home)
    index_md = example_index / "INDEX.md"
    base = index_md.read_text()
    errors: list[str] = []
    stop = threading.Event()

    def reader() -> None:
        while not stop.is_set():
            try:
                pub = load_published(home)
                assert pub.index.cards and pub.condensed
            except Exception as exc:  # noqa: BLE001 - collected for the assertion below
                errors.append(repr(exc))

    threads = [threading.Thread(target=reader) for _ in range(2)]
    for t in threads:
        t.start()
    for i in range(6):
        index_md.write_text(base + f"\nedit {i}\n")
        build(example_index, home, keep=3)
    stop.set()
    for t in threads:
        t.join()
    assert errors == []


def test_nothing_published_is_a_clear_error(home: Path) -> None:
    with pytest.raises(PublishError, match="nothing is published"):
        load_published(home)


def test_a_version_pickled_by_an_older_release_is_read_from_its_source(
        example_index: Path, home: Path) -> None:  # fmt: skip
    pub = build(example_index, home)
    manifest = json.loads((pub.path / "manifest.json").read_text())
    assert manifest["pickle_layout"] == PICKLE_LAYOUT
    fresh = load_published(home)
    # an older release: no layout stamp, and a pickle today's classes must not be fed
    del manifest["pickle_layout"]
    (pub.path / "manifest.json").write_text(json.dumps(manifest))
    (pub.path / "index.pickle").write_bytes(b"not a pickle of today's classes")
    old = load_published(home)
    assert old.index == fresh.index
    manifest["pickle_layout"] = "an-older-layout"  # fields added or moved since
    (pub.path / "manifest.json").write_text(json.dumps(manifest))
    assert load_published(home).index == fresh.index
    # and when even its source is broken, the error names the version
    (pub.path / "source" / "INDEX.md").write_text("## broken-card\n- what/what-not: x\n")
    with pytest.raises(PublishError, match=f"{pub.version}.*unreadable"):
        load_published(home)
    (pub.path / "source" / "INDEX.md").write_bytes(b"# Title\n\xff\xfe not text\n")
    with pytest.raises(PublishError, match=f"{pub.version}.*unreadable"):
        load_published(home)
