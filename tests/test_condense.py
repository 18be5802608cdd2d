from __future__ import annotations

from pathlib import Path

from sourcefinder.index import load_index
from sourcefinder.index.condense import condensed_line, render_budget, render_full, top_cards


def test_full_rendering_has_one_line_per_source_and_cluster_top(example_index: Path) -> None:
    index = load_index(example_index)
    lines = render_full(index).splitlines()
    tops = top_cards(index)
    assert len(lines) == len(tops)
    assert not any(c.extends for c in tops)
    children = [c for c in index.cards.values() if c.extends]
    assert children and not any(line.startswith(f"{c.id} ") for c in children for line in lines)
    cluster = next(c for c in tops if c.is_cluster)
    assert f"cluster of {len(cluster.children)}" in condensed_line(cluster)


def test_discriminator_first_with_not_part_and_kind(example_index: Path) -> None:
    index = load_index(example_index)
    card = next(c for c in top_cards(index) if c.what_not)
    line = condensed_line(card)
    assert line.startswith(f"{card.id} — {card.what[:20]}")
    assert f"(NOT {card.what_not[:20]}" in line and line.endswith("]")


def test_budget_is_respected_and_says_what_it_left_out(example_index: Path) -> None:
    index = load_index(example_index)
    text = render_budget(index, 2000)
    assert len(text) <= 2000
    last = text.splitlines()[-1]
    shown = len(text.splitlines()) - 1
    assert last.startswith(f"... {len(top_cards(index)) - shown} more source(s) not shown")
    assert "describe_source" in last


def test_cluster_tops_come_first_under_a_tight_budget(example_index: Path) -> None:
    index = load_index(example_index)
    text = render_budget(index, 600)
    clusters = [c.id for c in top_cards(index) if c.is_cluster]
    assert all(any(line.startswith(f"{cid} —") for line in text.splitlines()) for cid in clusters)


def test_traffic_decides_among_active_sources(example_index: Path) -> None:
    index = load_index(example_index)
    plain = [c for c in top_cards(index) if not c.is_cluster and c.status == "active"]
    quiet = plain[-1].id
    text = render_budget(index, 800, traffic={quiet: 1000})
    assert any(line.startswith(f"{quiet} —") for line in text.splitlines())


def test_a_huge_budget_keeps_everything(example_index: Path) -> None:
    index = load_index(example_index)
    assert render_budget(index, 10**6) == render_full(index)
