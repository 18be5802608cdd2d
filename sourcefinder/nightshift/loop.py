"""The nightly loop, one method per step, each reading and writing its artifact in the
state folder (``state.NightPaths``): the Dagster assets call these one to one, and
``run_night`` chains them for the demo and the bench.

    collect → watch (probe sweep, watcher) → claims → verify → deltas (+ eval gate)
            → publish → condensed → evaluate → levers → coverage → gaps
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass, field, fields
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

from sourcefinder.config import Settings
from sourcefinder.evals.harness import Question, read_questions
from sourcefinder.index import load_index
from sourcefinder.index.model import Index
from sourcefinder.nightshift import claims as claims_mod
from sourcefinder.nightshift import coverage as coverage_mod
from sourcefinder.nightshift import deltas as deltas_mod
from sourcefinder.nightshift import evaluation, gaps, gate, proposals
from sourcefinder.nightshift import sweep as sweep_mod
from sourcefinder.nightshift.model import Claim, DeltaGroup, Session, VerifiedClaim, as_dict
from sourcefinder.nightshift.probing import Prober, SweptProber
from sourcefinder.nightshift.state import (
    NightPaths,
    copy_index,
    ensure_worktree,
    read_json,
    write_json,
    write_text,
)
from sourcefinder.nightshift.sweep import Sweep
from sourcefinder.nightshift.verify import Verification, verify
from sourcefinder.probes import DisabledProber
from sourcefinder.publish import Published, build, content_version, current_version
from sourcefinder.publish import load_published as _load_published
from sourcefinder.routers import make_router
from sourcefinder.warehouse.ingest import IngestReport, ingest
from sourcefinder.warehouse.reference import refresh_reference
from sourcefinder.warehouse.sessions import read_sessions
from sourcefinder.watch import WatchReport, scan


@dataclass(frozen=True)
class NightConfig:
    settings: Settings
    questions: Path = Path("evals/questions.jsonl")
    min_clients: int = 3
    tolerance: float = 0.02  # hit@1 the standing suite may lose before the gate blocks
    today: date | None = None  # the night's date (None: today, UTC)


@dataclass
class NightShift:
    config: NightConfig
    prober: Prober = field(default_factory=DisabledProber)
    watched: list[str] | None = None  # sources no card covers (None: read watch/topics.json)
    org_root: Path | None = None  # the folder holding org/, where the watcher looks

    @property
    def paths(self) -> NightPaths:
        return NightPaths(Path(self.config.settings.home))

    @property
    def on(self) -> date:
        return self.config.today or datetime.now(UTC).date()

    def questions(self) -> list[Question]:
        return read_questions(self.config.questions)

    def worktree(self) -> Path:
        return ensure_worktree(self.paths, Path(self.config.settings.index))

    def index(self) -> Index:
        return load_index(self.worktree())

    def sessions(self) -> list[Session]:
        return read_sessions(self.paths.snapshot)

    # -- collect ----------------------------------------------------------------------------
    def collect(self) -> IngestReport:
        s = self.config.settings
        ref = self.published().index if current_version(s.home) else self.index()
        return ingest(s.log_path, s.warehouse_path, snapshot=self.paths.snapshot,
                      reference=refresh_reference(ref, self.questions()))

    # -- watch ------------------------------------------------------------------------------
    def probe_sweep(self) -> Sweep:
        """Every card's probes with the configured prober; failing examples carried over."""
        previous = Sweep.from_dict(read_json(self.paths.probe_results, None))
        result = sweep_mod.sweep(self.index(), self.prober, self.on, previous)
        write_json(self.paths.probe_results, result.as_dict())
        return result

    def swept(self) -> Sweep | None:
        """The last probe sweep (any night), or None when none has run."""
        return Sweep.from_dict(read_json(self.paths.probe_results, None))

    def watch(self) -> WatchReport | None:
        """Scan the org root for new, changed, removed and uncovered sources (names, times,
        refs: never content); None when there is no ``org/`` under ``org_root``."""
        root = self.org_root
        if root is None or not (Path(root) / "org").is_dir():
            return None
        report = scan(root, self.index(), self.paths.watch_state)
        write_json(self.paths.watch_report, {
            "scanned_at": report.scanned_at, "baseline": report.baseline,
            "sources": {s.path: s.kind for s in report.sources}, "new": report.new,
            "changed": report.changed, "removed": report.removed,
            "uncovered": report.uncovered,
            "ignored": [{"what": i.what, "reason": i.reason} for i in report.ignored]})
        self.watched = sorted(report.uncovered)
        write_json(self.paths.watch_topics, self.watched)
        return report

    def watched_topics(self) -> list[str] | None:
        """Watched sources no card covers (None: the watcher has not run)."""
        if self.watched is not None:
            return self.watched
        data = read_json(self.paths.watch_topics, None)
        return None if data is None else [str(t) for t in data]

    def watch_notes(self) -> dict[str, str]:
        """Per watched source, what the last scan knows of it: its kind, and whether new."""
        report = read_json(self.paths.watch_report, {})
        new = set(report.get("new", []))
        return {path: kind + (", new since the last scan" if path in new else "")
                for path, kind in report.get("sources", {}).items()}

    # -- verify -----------------------------------------------------------------------------
    def claims(self) -> list[Claim]:
        found = claims_mod.extract(self.sessions(), self.index())
        text = "".join(json.dumps(as_dict(c), ensure_ascii=False) + "\n" for c in found)
        write_text(self.paths.claims, text)
        return found

    def verify(self) -> Verification:
        lines = self.paths.claims.read_text(encoding="utf-8").splitlines() \
            if self.paths.claims.is_file() else []
        found = [Claim(**json.loads(line)) for line in lines if line.strip()]
        prober: Prober = self.prober
        swept = self.swept()
        if swept is not None and swept.on == self.on.isoformat():
            prober = SweptProber(self.prober, swept.results_by_card())  # no probe runs twice
        result = verify(found, self.index(), on=self.on, min_clients=self.config.min_clients,
                        prober=prober)
        write_json(self.paths.verified, {"claims": [as_dict(v) for v in result.claims],
                                         "probes": result.probes,
                                         "discredited": result.discredited})
        return result

    def verification(self) -> Verification:
        data = read_json(self.paths.verified, {"claims": [], "probes": {}})
        return Verification([_record(VerifiedClaim, d) for d in data["claims"]],
                            data["probes"], data.get("discredited", {}))

    # -- correct ----------------------------------------------------------------------------
    def deltas(self) -> dict[str, Any]:
        """Plan tonight's deltas, stage them, gate them; write card_deltas.json + proposals."""
        paths, index, verification = self.paths, self.index(), self.verification()
        ledger = read_json(paths.ledger, {"counted": {}, "approved": []})
        quarantine = read_json(paths.quarantine, {})
        swept = self.swept()
        groups = deltas_mod.automatic(verification, index, ledger, self.on,
                                      swept.results_by_card() if swept else None)
        lines = paths.approved.read_text().splitlines() if paths.approved.is_file() else []
        approved, unreadable = deltas_mod.approved(lines, ledger.get("approved", []))
        groups, held = deltas_mod.split_quarantined(groups + approved, quarantine)
        result = gate.check(self.worktree(), groups, self.questions(),
                            tolerance=self.config.tolerance, candidate=paths.candidate)
        if not result.passed:
            for key in result.culprits:
                quarantine[key] = {"night": self.on.isoformat(),
                                   "baseline": result.baseline_hit_at_1,
                                   "candidate": result.candidate_hit_at_1}
            write_json(paths.quarantine, quarantine)
        proposed = proposals.propose(self.sessions(), verification, index,
                                     proposals.Thresholds(min_clients=self.config.min_clients),
                                     stale=swept.stale() if swept else ())
        write_text(paths.proposals, gaps.render_proposals(
            proposed, [g.key for g in held] + list(result.culprits), self.on.isoformat()))
        plan = {"night": self.on.isoformat(), "groups": [as_dict(g) for g in groups],
                "held": [g.key for g in held], "unreadable_approved": unreadable,
                "gate": result.as_dict(), "proposals": [as_dict(p) for p in proposed],
                "base_version": content_version(self.worktree())}
        write_json(paths.deltas, plan)
        return plan

    def publish(self) -> dict[str, Any]:
        """Publish the gated candidate; count its evidence in the ledger. Refuses a blocked
        plan, or one staged on a worktree that has changed since."""
        paths, s = self.paths, self.config.settings
        plan = read_json(paths.deltas, None)
        if plan is None or not plan["gate"]["passed"]:
            return {"published": False, "reason": "the eval gate blocked tonight's deltas"
                    if plan else "no plan", "version": current_version(s.home)}
        if plan["base_version"] != content_version(self.worktree()):
            return {"published": False, "reason": "the worktree changed since the plan",
                    "version": current_version(s.home)}
        accepted = set(plan["gate"]["accepted"])
        groups = [_record(DeltaGroup, g) for g in plan["groups"] if g["key"] in accepted]
        if groups:
            copy_index(paths.candidate, paths.worktree)
        version = content_version(paths.worktree)
        if current_version(s.home) != version:
            build(paths.worktree, s.home, keep=s.keep_versions, budget=s.budget)
        ledger = read_json(paths.ledger, {"counted": {}, "approved": []})
        for g in groups:
            for key, clients in g.counted.items():
                if key == "approved":
                    ledger["approved"] = sorted({*ledger["approved"], *clients})
                else:
                    ledger["counted"][key] = sorted({*ledger["counted"].get(key, []),
                                                     *clients})
        write_json(paths.ledger, ledger)
        return {"published": True, "version": version, "groups": [g.key for g in groups],
                "edits": sum(len(g.edits) for g in groups)}

    def published(self) -> Published:
        return _load_published(self.config.settings.home)

    # -- evaluate and report ----------------------------------------------------------------
    def evaluate(self) -> dict[str, Any]:
        pub = self.published()
        # the configured router (with its embedder, as clients get it), without memory:
        # the standing suite measures the map itself
        router = make_router(pub, self.config.settings)
        report = evaluation.evaluate_index(pub.index, self.questions(), router=router)
        report["embedder"] = self.config.settings.embedder
        report["index_version"] = pub.version
        report["live"] = evaluation.live_rates(self.sessions())
        write_json(self.paths.evals / f"{pub.version}.json", report)
        write_json(self.paths.evals / "latest.json", report)
        return report

    def latest_eval(self) -> dict[str, Any]:
        return read_json(self.paths.evals / "latest.json", None) or self.evaluate()

    def levers(self) -> list[dict[str, Any]]:
        rows = evaluation.lever_ranking(self.latest_eval(), self.sessions(),
                                        self.published().index)
        write_json(self.paths.levers, rows)
        return rows

    def coverage(self) -> list[dict[str, Any]]:
        rows = coverage_mod.coverage_matrix(self.sessions(), self.published().index,
                                            self.questions(), self.latest_eval())
        buf = io.StringIO()
        writer = csv.DictWriter(buf, fieldnames=coverage_mod.COLUMNS)
        writer.writeheader()
        writer.writerows(rows)
        write_text(self.paths.coverage, buf.getvalue())
        return rows

    def gap_report(self) -> tuple[str, list[dict[str, Any]]]:
        rows = read_json(self.paths.coverage.with_suffix(".json"), None) or self.coverage()
        pub = self.published()
        swept = self.swept()
        text, ranked = gaps.render(self.sessions(), self.verification(), pub.index, rows,
                                   min_clients=self.config.min_clients,
                                   watched=self.watched_topics(),
                                   watch_notes=self.watch_notes(), version=pub.version,
                                   failing=swept.failing if swept else ())
        write_text(self.paths.gap_report, text)
        return text, ranked

    def run_night(self) -> dict[str, Any]:
        """Every step in order, as one nightly run outside Dagster (demo, bench)."""
        ingested = self.collect()
        swept = self.probe_sweep()
        watched = self.watch()
        self.claims()
        verified = self.verify()
        plan = self.deltas()
        published = self.publish()
        report = self.evaluate()
        levers = self.levers()
        self.coverage()
        _, ranked = self.gap_report()
        return {"ingested": ingested.rows, "verdicts": verified.by_verdict(),
                "discredited": sorted(verified.discredited),
                "gate": plan["gate"], "published": published,
                "hit_at_1": report["hit_at_1"], "live": report["live"],
                "top_lever": levers[0]["lever"] if levers else None, "gaps": len(ranked),
                "probes": swept.counts(),
                "flipped": [{**as_dict(r), "after": r.after} for r in swept.flipped()],
                "uncovered": list(watched.uncovered) if watched else None}


def _record(cls: type, d: dict[str, Any]) -> Any:
    """A frozen record back from its JSON form (lists become tuples again)."""
    kwargs = {}
    for f in fields(cls):
        if f.name in d:
            v = d[f.name]
            kwargs[f.name] = tuple(v) if isinstance(v, list) and "tuple" in str(f.type) else v
    if cls is DeltaGroup:
        kwargs["counted"] = {k: tuple(v) for k, v in d.get("counted", {}).items()}
    return cls(**kwargs)
