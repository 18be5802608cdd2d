"""Generate synthetic indexes in the index format, of any size, for benchmarks."""

from __future__ import annotations

import random
from pathlib import Path

WORDS = (
    "billing invoice churn cohort pipeline deploy incident outage runbook latency warehouse "
    "schema dashboard metric forecast budget payroll contract customer ticket release api "
    "gateway auth token storage backup archive policy security audit compliance vendor "
    "onboarding glossary roadmap experiment feature flag mobile web search index queue "
    "event stream kafka spark model training label dataset privacy legal finance sales "
    "marketing campaign lead quota territory support escalation sla shipment carrier "
    "customs tariff booking lane container freight warehouse-ops inventory pricing"
).split()
KINDS = (
    "wiki",
    "git-repo",
    "database",
    "dashboard",
    "jira-project",
    "chat-channel",
    "person",
    "public-docs",
    "drive-folder",
    "api",
)
GROUPS = (
    "Engineering",
    "Analytics",
    "Product",
    "Sales",
    "People",
    "Operations",
    "External",
    "Finance",
)


def _phrase(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(n))


def _card(rng: random.Random, cid: str, child_of: str = "") -> str:
    lines = [f"{'###' if child_of else '##'} {cid}"]
    if child_of:
        lines.append(f"- extends: {child_of}")
    lines.append(f"- what/what-not: {_phrase(rng, 6)} — NOT {_phrase(rng, 3)}")
    if not child_of:
        lines.append(
            f"- kind: {rng.choice(KINDS)} · scope: {rng.choice(['internal', 'external'])}"
            f" · trust: {rng.choice(['primary', 'secondary'])}"
        )
        lines.append(f"- how: {_phrase(rng, 8)}")
        lines.append(f"- read-first: node-{rng.randrange(20)}")
    lines.append(f"- contains: {_phrase(rng, 10)} (~{rng.randrange(10, 900)} docs, active)")
    lines.append(f'- example: "{_phrase(rng, 4)}" → {_phrase(rng, 3)}   [probe ✓ 2026-09-01]')
    if rng.random() < 0.3:
        lines.append(f"- gotcha: {_phrase(rng, 7)}")
    lines.append(
        f"- health: helpful {rng.randrange(20)} · harmful {rng.randrange(3)}"
        " · last_verified 2026-09-01"
    )
    return "\n".join(lines) + "\n"


def write_index(root: Path, n_cards: int, seed: int = 7) -> Path:
    """An index of ``n_cards`` cards (about a tenth of them cluster children)."""
    rng = random.Random(seed)
    root.mkdir(parents=True, exist_ok=True)
    (root / "clusters").mkdir(exist_ok=True)
    out = ["# Synthetic org\n", "# Foundation\n"]
    for i in range(20):
        parent = "(root)" if i < 4 else f"node-{rng.randrange(i if i < 8 else 8)}"
        out.append(
            f"### node-{i}\n- what: {_phrase(rng, 6)}\n- parent: {parent}\n- pointer: doc {i}\n"
        )
    n_children = n_cards // 10
    n_clusters = max(1, n_cards // 200)
    tops = n_cards - n_children
    per_group = -(-tops // len(GROUPS))
    fragments: dict[int, list[str]] = {c: [] for c in range(n_clusters)}
    for j in range(n_children):
        fragments[j % n_clusters].append(_card(rng, f"child-{j}", f"cluster-{j % n_clusters}"))
    made = 0
    for group in GROUPS:
        out.append(f"# {group}\n")
        for _ in range(per_group):
            if made >= tops:
                break
            if made < n_clusters:
                out.append(
                    f"## cluster-{made}\n- what/what-not: {_phrase(rng, 5)} — NOT "
                    f"{_phrase(rng, 2)}\n- kind: wiki · scope: internal · trust: primary\n"
                    f"- how: {_phrase(rng, 6)}\n- child-index: frag-{made}\n"
                )
            else:
                out.append(_card(rng, f"card-{made}"))
            made += 1
    (root / "INDEX.md").write_text("\n".join(out))
    for c, cards in fragments.items():
        (root / "clusters" / f"frag-{c}.md").write_text("\n".join(cards))
    return root
