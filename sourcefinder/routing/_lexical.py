"""Field-weighted BM25 (BM25F) over whole cards, with the NOT part kept apart.

Each card is split into fields: its own (id, what, contains, examples, how, gotchas,
kind/group) and two that the rest of the map writes about it. ``pointed``: the notes
other cards' ``see-also`` lines give for sending a reader here ("see-also: adr-log (when
you need why a convention exists)"). ``primer``: what the foundation documents it holds
teach ("SEV1-SEV4, the incident commander role, ..."; ``held_documents``). Reasons name
the pointing card or the document that matched.
A term's frequency is summed across fields *before* saturation, each field's count
scaled by its weight and normalized by that field's length (Robertson & Zaragoza's
BM25F), so a term in the discriminator counts more than the same term in a long
``contains`` list without the two simply adding up. ``what_not`` is not a field: its
terms are kept per card as negative evidence (see ``not_only``).

Everything a query needs is precomputed per term (card positions and the finished
per-card weight), so scoring a question is a handful of numpy additions.
"""

from __future__ import annotations

import bisect
import math
import re
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from sourcefinder.index.model import Card, FoundationNode, Index
from sourcefinder.routing._text import camel_split, same_word, split_compound, terms, tokens

FIELDS = ("id", "what", "contains", "examples", "how", "gotchas", "kind", "pointed", "primer")
_OWN = (1 << FIELDS.index("pointed")) - 1  # the bits of the fields a card wrote itself
# A path or URL in a foundation node's pointer ("Notion "On-call" — http://wiki/eng/oncall"),
# matched one whitespace-separated word at a time: anchored, so linear in the word.
_LOCATION = re.compile(r"(?:https?://|file://)\S+|[\w.-]+(?:/[\w.-]+)+/?")
# the suffixes by which a stem the stemmer keeps apart is three letters longer and one
# word still ("machinery", "children"), for ``knows_a_close_form_of``
_LONGER_BY = frozenset({"eri", "ren"})
# ... and the suffixes of a verb made from another word, which is a word of its own
# ("organis" is no form of "organ", the stem of "organic")
_VERB_MADE = frozenset({"is", "iz"})


def locations(pointer: str) -> list[str]:
    """The paths and URLs in a foundation node's pointer, in order."""
    words = (w.strip("()[]<>\"'.,;") for w in pointer.split())
    return [w for w in words if _LOCATION.fullmatch(w)]


@dataclass(frozen=True)
class FieldWeights:
    """How much one occurrence in each field counts, and its length normalization ``b``.

    ``what`` 2 rather than 3, read on the three organizations then in ``evals/`` (hit@1 / hit@5
    0.673 / 0.883 -> 0.679 / 0.893, 0.718 / 0.903 -> 0.718 / 0.913, 0.769 / 0.942 ->
    0.769 / 0.942; "nowhere" caught 9, 9, 5 -> 10, 9, 6, none more answered "nowhere";
    MetaTool cold 0.569 -> 0.566). One field at a time changed nothing else by more than
    a question or two on every organization at once.
    """

    id: float = 2.0
    what: float = 2.0
    contains: float = 1.0
    examples: float = 1.5
    how: float = 0.4
    gotchas: float = 0.4
    kind: float = 0.6
    pointed: float = 1.0
    primer: float = 2.0
    b_short: float = 0.3  # id, what, kind, pointed, primer: short, length says little
    b_long: float = 0.75  # contains, examples, how, gotchas

    def weight(self, name: str) -> float:
        return float(getattr(self, name))

    def b(self, name: str) -> float:
        return self.b_short if name in ("id", "what", "kind", "pointed", "primer") else self.b_long


def pointers(cards: Sequence[Card]) -> dict[str, list[tuple[str, str]]]:
    """Card id -> (pointing card id, note) of every ``see-also`` with a note aimed at it."""
    notes: dict[str, list[tuple[str, str]]] = {}
    for card in cards:
        for ref in card.see_also:
            if ref.note and ref.id != card.id:
                notes.setdefault(ref.id, []).append((card.id, ref.note))
    return notes


def pointed_texts(cards: Sequence[Card]) -> dict[str, str]:
    """Card id -> the notes of the see-also lines aimed at it, joined."""
    return {cid: " ".join(note for _, note in refs) for cid, refs in pointers(cards).items()}


def primer_texts(index: Index) -> dict[str, str]:
    """Card id -> what the foundation documents it holds teach, joined."""
    return {cid: " ".join(n.what for n in nodes) for cid, nodes in held_documents(index).items()}


def held_documents(index: Index) -> dict[str, list[FoundationNode]]:
    """Card id -> the foundation documents it holds.

    A node names its card in ``source``; without one, the card whose ``at`` is the
    longest prefix of the location in the node's ``pointer`` holds it (a primer at
    ``org/repos/handbook/engineering/on-call.md`` lives in the card at
    ``org/repos/handbook``).
    """
    places: dict[str, str] = {}
    for card in index.cards.values():
        if card.at.strip("/"):
            places.setdefault(card.at.rstrip("/"), card.id)
    held: dict[str, list[FoundationNode]] = {}
    for node in index.foundation.values():
        holder = node.source if node.source in index.cards else None
        found = locations(node.pointer) if holder is None else []
        where = found[-1].rstrip("/") if found else ""
        while holder is None and where:  # the location, then each folder above it
            holder = places.get(where)
            where = where.rpartition("/")[0]
        if holder is not None and node.what:
            held.setdefault(holder, []).append(node)
    return held


# A gotcha clause that says what the card does not hold ("payroll is not here; payslips
# come from the accountants", "hall hire invoices are not kept here") is its NOT part,
# not its own text; not one that says when ("earlier jobs are not in here"): that is
# its period, read apart.
_NOT_HERE = re.compile(r"\s*(?P<what>[^;:]*?)\s+(?:is|are|was|were)(?:n't|\s+not|\s+never)\s+"
                       r"(?:(?:kept|held|stored|filed|recorded|logged|listed|shown|put)\s+)?"
                       r"(?:in\s+)?here\b[.,]?", re.IGNORECASE)  # fmt: skip
_WHEN_SAID = re.compile(r"\d|\b(?:before|after|earlier|older|newer|later|until|since|prior|"
                        r"previous|past|old|new)\b", re.IGNORECASE)  # fmt: skip
# ... nor one that says something of it ("... is the merchant's business and is not here");
# "they" is what the clause before is about
_STATES = re.compile(r"\b(?:is|are|was|were|has|have|had)\b", re.IGNORECASE)
_THEY = re.compile(r"\s*(?:they|it|these|those|this|that)\s*", re.IGNORECASE)
_SUBJECT = re.compile(r"\s*(.*?)\s+(?:is|are|was|were)\b", re.IGNORECASE)


def gotcha_denials(gotchas: Sequence[str]) -> tuple[str, str]:
    """The gotchas' text less what they say the card does not hold, and that."""
    kept: list[str] = []
    denied: list[str] = []
    for gotcha in gotchas:
        before = ""
        for clause in gotcha.split(";"):
            m = _NOT_HERE.match(clause)
            # ("..., and at what price, is the merchant's business and is not here": not
            # what another clause says)
            what = m.group("what").rsplit(",", 1)[-1] if m else ""
            said = _SUBJECT.match(before) if _THEY.fullmatch(what) else None
            back = said is not None
            if said is not None:
                # "pavement licences are highways, not planning; they are not here": the
                # clause before is about what is not here too
                what = said.group(1)
            before = clause
            if m and terms(what) and not _WHEN_SAID.search(what) and not _STATES.search(what):
                if back:
                    kept.pop()
                denied.append(what)
                kept.append(clause[m.end() :])
            else:
                kept.append(clause)
    return ";".join(kept), " ".join(denied)


def card_field_texts(card: Card, pointed: str = "", primer: str = "") -> dict[str, str]:
    """The routable text of a card, by field (the NOT part excluded); ``pointed`` is
    what other cards say about when to come here (``pointers``), ``primer`` what the
    foundation documents it holds teach (``primer_texts``)."""
    examples = " ".join(f"{e.query} {e.expect}" for e in card.examples)
    return {
        "id": card.id.replace("-", " ").replace("_", " "),
        "what": card.what,
        "contains": card.contains,
        "examples": examples,
        "how": card.how,
        "gotchas": gotcha_denials(card.gotchas)[0],
        "kind": f"{card.kind} {card.group}".replace("-", " "),
        "pointed": pointed,
        "primer": primer,
    }


CAMEL_WORD = re.compile(r"\b[A-Za-z]*[a-z][A-Z][A-Za-z]*\b")  # "WhatsApp", "RotaCloud", "kWp"


class LexicalIndex:
    """BM25F over a fixed list of cards (positions are indexes into ``cards``)."""

    def __init__(self, cards: list[Card], weights: FieldWeights, k1: float = 1.2,
                 primers: Mapping[str, str] | None = None,
                 pointed: Mapping[str, str] | None = None) -> None:  # fmt: skip
        """``primers``: ``primer_texts`` of the index; ``pointed``: ``pointed_texts`` of
        ``cards`` (computed here when not given)."""
        self.n = len(cards)
        inbound = pointed_texts(cards) if pointed is None else pointed
        primers = primers or {}
        texts = [card_field_texts(c, inbound.get(c.id, ""), primers.get(c.id, ""))
                 for c in cards]  # fmt: skip
        vocabulary = {t for fields in texts for k, v in fields.items() if k != "id"
                      for t in tokens(v)}  # fmt: skip
        per_field: list[dict[str, Counter[str]]] = []
        for fields in texts:
            counted = {k: Counter(terms(v)) for k, v in fields.items() if k != "id"}
            id_words = [p for t in tokens(fields["id"]) for p in split_compound(t, vocabulary)]
            counted["id"] = Counter(terms(" ".join(id_words)))
            per_field.append(counted)
        not_terms = [frozenset(terms(f"{c.what_not} {gotcha_denials(c.gotchas)[1]}"))
                     for c in cards]  # fmt: skip

        df: Counter[str] = Counter()
        for counted_fields in per_field:
            df.update({t for counts in counted_fields.values() for t in counts})
        self.idf: dict[str, float] = {t: _idf(self.n, d) for t, d in df.items()}
        for nots in not_terms:
            for t in nots:
                self.idf.setdefault(t, _idf(self.n, 0))
        self.unknown_idf = _idf(self.n, 0)

        avg = {f: max(1e-9, sum(sum(p[f].values()) for p in per_field) / max(1, self.n))
               for f in FIELDS}  # fmt: skip
        acc: dict[str, tuple[list[int], list[float], list[int]]] = {}
        for i, counted_fields in enumerate(per_field):
            pseudo: dict[str, float] = {}
            masks: dict[str, int] = {}
            for f, counts in counted_fields.items():
                length = sum(counts.values())
                norm = 1.0 - weights.b(f) + weights.b(f) * length / avg[f]
                bit = 1 << FIELDS.index(f)
                for t, tf in counts.items():
                    pseudo[t] = pseudo.get(t, 0.0) + weights.weight(f) * tf / norm
                    masks[t] = masks.get(t, 0) | bit
            for t, ptf in pseudo.items():
                ids, ws, ms = acc.setdefault(t, ([], [], []))
                ids.append(i)
                ws.append(ptf)
                ms.append(masks[t])
        # pseudo: the unsaturated field-weighted tf, for scoring with a learned field;
        # postings: the finished BM25F weight per card, for the cold path.
        self.pseudo: dict[str, tuple[np.ndarray, np.ndarray]] = {
            t: (np.asarray(ids, dtype=np.int32), np.asarray(ws, dtype=np.float32))
            for t, (ids, ws, _) in acc.items()
        }
        self._sorted_terms: list[str] | None = None  # for ``knows_a_form_of``, when asked
        # a name a card writes in camelCase, as one word: "WhatsApp" is "whatsapp" too
        camel = {w for fields in texts for k, v in fields.items() if k != "id"
                 for w in CAMEL_WORD.findall(v)}  # fmt: skip
        self._joined = frozenset(t for w in camel for t in terms(w.lower()))
        # the halves of those names that no card writes on their own ("app" of "WhatsApp",
        # "box" of "Dropbox" written "DropBox"): a card that says "WhatsApp" has no app
        plain = {t for fields in texts for k, v in fields.items() if k != "id"
                 for t in terms(CAMEL_WORD.sub(" ", v))}  # fmt: skip
        self.halves_only = frozenset(t for w in camel for t in terms(camel_split(w))) - plain
        # ... and where it cuts in two, for a question that writes it as one word
        self.camel_cuts = {w.lower(): len(parts[0]) for w in camel
                           if len(parts := camel_split(w).split()) == 2}
        # Which fields of each card hold the term, aligned with ``pseudo`` (bit i is
        # FIELDS[i]): kept per term, not per card, so 20,000 cards cost no sets.
        self.field_masks: dict[str, np.ndarray] = {
            t: np.asarray(ms, dtype=np.uint16) for t, (_, _, ms) in acc.items()
        }
        self.postings: dict[str, tuple[np.ndarray, np.ndarray]] = {
            t: (ids, (self.idf[t] * tf * (k1 + 1.0) / (tf + k1)).astype(np.float32))
            for t, (ids, tf) in self.pseudo.items()
        }
        self.not_postings: dict[str, list[int]] = {}  # NOT-only terms
        self.not_any: dict[str, list[int]] = {}  # every NOT-part term
        for i, nots in enumerate(not_terms):
            for t in sorted(nots):
                self.not_any.setdefault(t, []).append(i)
                if not any(t in counts for counts in per_field[i].values()):
                    self.not_postings.setdefault(t, []).append(i)
        self.k1 = k1

    def score(self, query: dict[str, float]) -> np.ndarray:
        """BM25F score of every card for weighted query terms (0 where nothing matched)."""
        scores = np.zeros(self.n, dtype=np.float32)
        for t, w in query.items():
            hit = self.postings.get(t)
            if hit is not None:
                scores[hit[0]] += w * hit[1]
        return scores

    def knows(self, term: str) -> bool:
        """Whether any card's own text (not only a NOT part) uses ``term``."""
        return term in self.pseudo

    def knows_a_form_of(self, term: str) -> bool:
        """``knows(term)``, or a card uses a longer form of it the stemmer keeps apart
        ("complain" in "complaints", "track" in "tracker"): a term of five letters or
        more that another term opens with and is at most three letters short of."""
        return term in self.pseudo or next(self._longer_forms(term), None) is not None

    def knows_a_close_form_of(self, term: str) -> bool:
        """``knows_a_form_of``, where a form three letters longer is one only by a suffix
        ("machin" in "machinery", "child" in "children"; not "parti" in "participant"), or
        a name a card writes in camelCase, as one word ("whatsapp" for "WhatsApp")."""
        return term in self.pseudo or term in self._joined or any(
            (len(form) - len(term) < 3 and form[len(term):] not in _VERB_MADE)
            or form[len(term):] in _LONGER_BY
            for form in self._longer_forms(term))

    def forms_of(self, term: str) -> list[str]:
        """The terms cards use for ``term`` in a form the stemmer keeps apart, when they
        never use ``term`` itself: "deliveri" (delivery) for "deliv" (deliver), and the
        other way round; see ``same_word``."""
        if term in self.pseudo or len(term) < 5:
            return []
        shorter = [term[:k] for k in range(len(term) - 1, max(4, len(term) - 4), -1)
                   if term[:k] in self.pseudo]  # fmt: skip
        return shorter + list(self._longer_forms(term))

    def _longer_forms(self, term: str) -> Iterator[str]:
        """The terms cards use that open with ``term`` (five letters or more) and are at
        most three letters longer, in order."""
        if len(term) < 5:
            return
        if self._sorted_terms is None:
            self._sorted_terms = sorted(self.pseudo)
        ordered = self._sorted_terms
        for j in range(bisect.bisect_left(ordered, term), len(ordered)):  # no copy of the list
            if not ordered[j].startswith(term):
                return
            if same_word(term, ordered[j], 5):
                yield ordered[j]

    def term_idf(self, term: str) -> float:
        return self.idf.get(term, self.unknown_idf)

    def score_expanded(
        self, query: dict[str, float], learned: dict[str, tuple[np.ndarray, np.ndarray]]
    ) -> np.ndarray:
        """BM25F with one more field: ``learned[t]`` = (card positions, weighted tf).

        The learned field holds the questions each card answered (weighted and length
        normalized by the caller); it joins the card's own fields before saturation, and
        document frequencies count it too, so words every asker uses lose weight.
        """
        scores = np.zeros(self.n, dtype=np.float32)
        tf = np.zeros(self.n, dtype=np.float32)
        for t, w in query.items():
            static, extra = self.pseudo.get(t), learned.get(t)
            if static is None and extra is None:
                continue
            tf[:] = 0.0
            if static is not None:
                tf[static[0]] += static[1]
            if extra is not None:
                tf[extra[0]] += extra[1]
            hit = np.flatnonzero(tf)
            idf = _idf(self.n, len(hit))
            scores[hit] += w * idf * tf[hit] * (self.k1 + 1.0) / (tf[hit] + self.k1)
        return scores

    def positive_cards(self, term: str) -> np.ndarray:
        """Positions of the cards whose own text (not the NOT part, nor what other cards
        say about them) has ``term``."""
        hit = self.pseudo.get(term)
        if hit is None:
            return np.zeros(0, dtype=np.int32)
        return hit[0][(self.field_masks[term] & _OWN) != 0]

    def not_cards(self, term: str) -> list[int]:
        """Positions of the cards whose NOT part names ``term``."""
        return self.not_any.get(term, [])

    def not_hits(self, query: dict[str, float]) -> dict[int, list[str]]:
        """Card -> the query terms it mentions only in its NOT part."""
        out: dict[int, list[str]] = {}
        for t in query:
            for i in self.not_postings.get(t, ()):
                out.setdefault(i, []).append(t)
        return out

    def query_mass(self, query: dict[str, float]) -> float:
        """The query's total idf mass (unknown terms count as rare ones)."""
        return sum(w * self.term_idf(t) for t, w in query.items())

    def masks(self, cards: Sequence[int], query: dict[str, float]) -> list[dict[str, int]]:
        """Per card in ``cards``: each query term its own text has -> the fields (bitmask)."""
        out: list[dict[str, int]] = [{} for _ in cards]
        if not cards:
            return out
        wanted = np.asarray(cards, dtype=np.int32)
        for t in query:
            hit = self.pseudo.get(t)
            if hit is None:
                continue
            at = np.minimum(np.searchsorted(hit[0], wanted), len(hit[0]) - 1)
            for k in np.flatnonzero(hit[0][at] == wanted).tolist():
                out[k][t] = int(self.field_masks[t][at[k]])
        return out

    def coverages(self, masks: Sequence[dict[str, int]], query: dict[str, float],
                  besides: tuple[str, ...] = (), aside: float = 0.0,
                  least: int = 1) -> list[float]:  # fmt: skip
        """Per term mask, the share of the query's idf mass that card matches (0..1), a
        term counting in full where it is in a field other than those ``besides`` and at
        ``aside`` of its mass where it is only in those, when at least ``least`` terms
        are (every term a mask holds is in some field)."""
        mass = {t: w * self.term_idf(t) for t, w in query.items()}
        total = sum(mass.values())
        if total <= 0:
            return [0.0] * len(masks)
        keep = ~sum(1 << FIELDS.index(f) for f in besides)
        out = []
        for mask in masks:
            held = [(mass[t], bool(bits & keep)) for t, bits in mask.items() if t in mass]
            part = aside if sum(not kept for _, kept in held) >= least else 0.0
            out.append(sum(m if kept else m * part for m, kept in held) / total)
        return out

    def field_shares(self, masks: Sequence[dict[str, int]],
                     query: dict[str, float]) -> np.ndarray:  # fmt: skip
        """Per card mask (``masks``) a row: per field of ``FIELDS``, the share of the
        query's idf mass the card matches there."""
        mass = {t: w * self.term_idf(t) for t, w in query.items()}
        total = sum(mass.values())
        out = np.zeros((len(masks), len(FIELDS)))
        if total <= 0:
            return out
        for row, mask in zip(out, masks, strict=True):
            for t, bits in mask.items():
                if t in mass:
                    row += mass[t] * _FIELD_BITS[bits]
        return out / total

    def coverage(self, i: int, query: dict[str, float]) -> float:
        """Share of the query's idf mass that card ``i`` matches positively (0..1)."""
        return self.coverages(self.masks([i], query), query)[0]

    @staticmethod
    def fields_of(mask: dict[str, int]) -> dict[str, list[str]]:
        """Field -> the matched terms, strongest fields first, for reasons."""
        found: dict[str, list[str]] = {}
        for t, bits in mask.items():
            for f in _REASON_FIELDS[bits]:
                found.setdefault(f, []).append(t)
        return {f: found[f] for f in _REASON_ORDER if f in found}

    def matched_fields(self, i: int, query: dict[str, float]) -> dict[str, list[str]]:
        """Field -> the query terms card ``i`` matched there, strongest fields first."""
        return self.fields_of(self.masks([i], query)[0])


# the fields reasons name, strongest first, and for each field mask those of its fields
_REASON_ORDER = ("what", "id", "examples", "contains", "pointed", "primer", "kind", "how",
                 "gotchas")  # fmt: skip
_REASON_FIELDS = tuple(tuple(f for f in _REASON_ORDER if bits >> FIELDS.index(f) & 1)
                       for bits in range(1 << len(FIELDS)))  # fmt: skip

# a field mask (bit i: FIELDS[i]) as a row of ones where its fields are
_FIELD_BITS = np.array([[b >> f & 1 for f in range(len(FIELDS))]
                        for b in range(1 << len(FIELDS))], dtype=float)  # fmt: skip


def _idf(n: int, df: int) -> float:
    return math.log(1.0 + (n - df + 0.5) / (df + 0.5))
