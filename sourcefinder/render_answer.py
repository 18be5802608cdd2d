"""A where_can_i_find answer as text for a terminal."""

from __future__ import annotations

from sourcefinder.answers import Answer


def render_answer(a: Answer) -> str:
    out = [f"session {a.session_id} · index {a.index_version} · verdict: {a.verdict}"]
    if a.note:
        out.append(a.note)
    if a.words_not_in_index and a.verdict != "nowhere":
        out.append("No source mentions: " + ", ".join(a.words_not_in_index))
    if a.read_if_new:
        out.append("\nRead if you're new:")
        for i, step in enumerate(a.read_if_new, 1):
            out.append(f"  {i}. {step.node}: {step.pointer} — {step.what}")
    out.append("\nCandidates:" if a.candidates else "\nNo candidates.")
    for i, c in enumerate(a.candidates, 1):
        pin = " [PINNED: the answer lived here before]" if c.pinned else ""
        out.append(f"  {i}. {c.id} ({c.confidence:.2f}){pin} — {c.what}"
                   + (f" (NOT {c.what_not})" if c.what_not else ""))
        out.append(f"     why: {c.reason}")
        out.append(f"     how: {c.how}" + (f" · at {c.at}" if c.at else ""))
        for ex in c.examples[:2]:
            probe = f" [probe {ex.probe}]" if ex.probe else ""
            out.append(f'     try: "{ex.query}" → {ex.expect}{probe}')
        out.extend(f"     gotcha: {g}" for g in c.gotchas)
        out.extend(f"     combine with: {p}" for p in c.playbooks)
        out.extend(f"     note: {o}" for o in c.overlaps)
        if c.cluster:
            out.append(f"     part of cluster {c.cluster}")
        if c.drill_down:
            out.append(f"     drill down: {c.drill_down}")
        if c.background:
            out.append(f"     background: {c.background}")
        out.append(f"     from {c.provenance.file}:{c.provenance.line}")
    out.append(f"\n{a.ask_back}")
    return "\n".join(out)
