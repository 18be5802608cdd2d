"""What the way a question is put says: estimates learned from labeled questions.

Two things the router weighs are told by how people ask as much as by what they ask
about, and the words that tell them are many and each weak, so no rule lists them:

- **askers**: whether someone to ask is the answer. "Who decides if that scope is safe?",
  "sleigh's conked out by the Snooty Fox, who do I shout to RIGHT NOW" want a person or a
  channel; "who's in on Tuesday morning?" and "whose sea survival certs run out next
  month?" want a record about people, which a rota or a register holds.
- **nowhere**: whether a question is of a kind organizations seldom have a source for:
  CCTV footage, records from before the current system, the pension provider's own
  figures, "is there a WhatsApp group for ...". Alone this says little of one
  organization, which may well keep footage; the router heeds it only where no source
  matches the question well (``RouterConfig.phrased_nowhere_below``).

Each is a logistic regression (``PhrasingModel``) over the question's words, its pairs of
words and its opening, fit (``train``) on labeled questions: for askers, those whose
answer is a person, a channel, a team or a mailbox against the other answerable ones;
for nowhere, those with nowhere to look against the rest. A feature must be seen in
questions of at least ``MIN_GROUPS`` organizations, so no organization's own names or
jargon count. The models shipped beside this file (``askers.json``, ``nowhere.json``)
were fit on every labeled question in ``evals/``; ``make phrasing-models`` fits them
again (``bench/train_phrasing.py``).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Protocol

import numpy as np

MODELS = ("askers", "nowhere")
# the fit's defaults: a feature's organizations at least, and the L2 penalty on weights
# (five folds of 646 organizations, askers: at 1 AUC 0.927, at 5 0.933, at 10 0.931)
MIN_GROUPS = 5
L2 = 5.0
_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")


def model_path(name: str) -> Path:
    return Path(__file__).with_name(f"{name}.json")


def features(question: str) -> set[str]:
    """The question's words and pairs of adjacent words, lowercased, and its opening word
    and pair marked as such ("^who", "^who_decides")."""
    words = _WORD.findall(question.lower())
    found = set(words) | {f"{a}_{b}" for a, b in zip(words, words[1:], strict=False)}
    if words:
        found.add(f"^{words[0]}")
    if len(words) > 1:
        found.add(f"^{words[0]}_{words[1]}")
    return found


class Phrasing(Protocol):
    def probability(self, question: str) -> float: ...


@dataclass(frozen=True)
class PhrasingModel:
    """A logistic regression over ``features``: a bias and one weight per feature."""

    bias: float
    weights: dict[str, float]

    def probability(self, question: str) -> float:
        """How likely ``question`` is of the kind the model was fit to tell."""
        z = self.bias + sum(self.weights.get(f, 0.0) for f in features(question))
        return 1.0 / (1.0 + math.exp(-z))

    def to_json(self) -> str:
        weights = {f: round(w, 4) for f, w in sorted(self.weights.items()) if round(w, 4)}
        return json.dumps({"bias": round(self.bias, 4), "weights": weights}, indent=0) + "\n"

    @classmethod
    def from_json(cls, text: str) -> PhrasingModel:
        data = json.loads(text)
        return cls(float(data["bias"]), {str(f): float(w) for f, w in data["weights"].items()})


@cache
def shipped(name: str) -> PhrasingModel:
    """The model ``name`` (one of ``MODELS``), fit on ``evals/``, shipped with the router."""
    return PhrasingModel.from_json(model_path(name).read_text(encoding="utf-8"))


def train(samples: Iterable[tuple[str, str, bool]], *, min_groups: int = MIN_GROUPS,
          l2: float = L2, steps: int = 300, rate: float = 0.1) -> PhrasingModel:  # fmt: skip
    """Fit on ``(question, group, label)`` samples, ``group`` being the organization
    asked. Full-batch Adam from zeros: the same samples give the same model."""
    rows = [(features(q), group, bool(label)) for q, group, label in samples]
    groups: dict[str, set[str]] = {}
    for found, group, _ in rows:
        for f in found:
            groups.setdefault(f, set()).add(group)
    vocab = {f: k for k, f in enumerate(sorted(f for f, g in groups.items()
                                                if len(g) >= min_groups))}  # fmt: skip
    row_ids = np.array([n for n, (found, _, _) in enumerate(rows) for f in found if f in vocab],
                       dtype=np.int64)  # fmt: skip
    col_ids = np.array([vocab[f] for found, _, _ in rows for f in found if f in vocab],
                       dtype=np.int64)  # fmt: skip
    y = np.array([label for _, _, label in rows], dtype=np.float64)
    n = max(len(rows), 1)
    params = np.zeros(len(vocab) + 1)  # the weights, then the bias
    first = np.zeros_like(params)
    second = np.zeros_like(params)
    for t in range(1, steps + 1):
        z = np.bincount(row_ids, weights=params[col_ids], minlength=len(rows)) + params[-1]
        err = 1.0 / (1.0 + np.exp(-z)) - y
        grad = np.empty_like(params)
        grad[:-1] = np.bincount(col_ids, weights=err[row_ids], minlength=len(vocab)) / n \
            + l2 * params[:-1] / n  # fmt: skip
        grad[-1] = err.mean() if len(rows) else 0.0
        first = 0.9 * first + 0.1 * grad
        second = 0.999 * second + 0.001 * grad * grad
        params -= rate * (first / (1 - 0.9**t)) / (np.sqrt(second / (1 - 0.999**t)) + 1e-8)
    weights = {f: float(params[k]) for f, k in vocab.items()}
    return PhrasingModel(float(params[-1]), weights)
