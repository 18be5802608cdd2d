"""The offline router: rank the whole index for one question, deterministically.

``rank`` runs in five steps:

1. **Signals.** The question is split into what it asks and what it rules out ("Not
   the pay policy: ...", ``_question``); its cues add, at a low weight, the words cards
   use for what it asks ("what are the steps" -> runbook, ``_intent``). BM25F over the
   whole card (with the notes of the see-also lines that point at it and what the
   foundation documents it holds teach; once outcomes were learned, the questions each
   card answered as one more field), the cards whose NOT part names what the question
   rules out, the cards whose records carry keys of the shape the question names
   ("AB#2210"), for a newcomer's question the foundation documents alone, for a
   question asking for someone the people and channels it matches and those that the
   sources it matches best name as their owner or contact, and the votes of similar
   past questions. With static word vectors (cheap, every question):
   their card cosine and past-question neighbours. With an embedder: card-vector
   cosine, vector neighbours, and centroids.
2. **Fusion** by reciprocal rank (weights in ``RouterConfig``, table in ``_config``),
   then, until past questions vote, the leading cards lifted by how much of the
   question their text has (``w_coverage``; each word by its idf and by how specific it
   is in English, ``generic_ref``); people and channels raised or held back by how
   likely the question is to want someone to ask, a model learned from how questions
   are put (``_phrasing``, ``asker_weight``).
3. **Declarations**: NOT parts, ruled-out terms, supersession and demotion, drafts,
   trust and health (``_priors``), and periods: a card whose own text says it does not
   hold the time the question asks about ("14-day retention" for "logs from two months
   ago", "since 2023" for "incidents in 2016") goes down and says why (``_period``), as
   does one about a thing the preamble says did not happen that year ("There were no
   exhibitions in 2020 or 2021" for the exhibition folder asked about 2020, ``_gaps``).
4. **Pins**: cards that answered a near-duplicate past question go first.
5. **Confidence and verdict.** A card's confidence is the geometric mean of two things,
   scaled by its fused score relative to the first card and made monotone down the
   ranking: *evidence*, absolute support combined by noisy-OR (the share of the
   question its text covers, or that of the source a person answers for, how close its
   vector is, how similar the past question it answered was), so an out-of-scope
   question scores low; and *decisiveness*, how
   far it leads (its fused score against the most any card could get, and its lexical
   lead over the runner-up), so a close call scores low. A second card whose own
   confidence is ``reorder_ratio`` times the first's goes first (it explains much more
   of the question), unless the declarations put it there; a successor put first with
   no confidence of its own takes that of the card it replaced, second. The first
   card's confidence decides the verdict; candidates are cut below ``cut_ratio`` of it.
   A "nowhere" answer still offers a person or chat channel that has any evidence.

   When one of the three best matches was set aside for its period and the first card
   left neither states a period that holds the asked one nor names a year inside it (nor
   is what came before a successor too young for it), or is a weak match
   (``period_first_below``), the verdict is "nowhere": what the question wants is older
   than anything kept. So it is when the best match was set aside because it keeps
   what the question names, or all it holds, less long than asked ("call recordings
   kept 90 days" for last February's call), or because it starts after the time asked
   and supersedes nothing, unless the first card left is an old source asked about for
   its period: what is gone from there, or was never kept, is nowhere else.
   So is a question naming what the index's preamble says the organization does not
   do or have ("does not sell gas") when no card mentions it either (``_scope``), and
   one asking for something the preamble says is kept for less time than has passed
   since the time asked ("CCTV 31 days" for "the CCTV from two months ago"). So is one
   not answered confidently that sits nearer, in static word vectors, one of the
   preamble's sentences saying what the organization does not do or have than any
   card, by ``denial_margin``: "a vet's prescription for her dog's tablets" and "We do
   not dispense veterinary prescriptions" share no word.

   The verdict also weighs what the question names that the map never mentions: the
   share of its words no card (and no answered past question) uses, each weighted by
   how specific the word is in English (``_rarity``). "nowhere" is decided on the
   *support*, the first confidence minus ``uncovered_penalty`` times that share, so a
   question about "gantry cranes" in an index that has none reads as out of scope even
   when generic words ("maintenance log", "terminal") match something.

Embedding a question is the one expensive step (tens of milliseconds for e5-small on
two cores), so with ``embed_only_when_unsure`` the router first ranks without it (static
word vectors included: 0.05 ms) and embeds only when that ranking is not already
confident.
"""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter
from dataclasses import dataclass, field, replace
from datetime import date, timedelta
from typing import Literal, Protocol

import numpy as np

from sourcefinder.index.model import Card, Index
from sourcefinder.routing._closed import closed_asked, declared_closed, designates
from sourcefinder.routing._compounds import Compounds
from sourcefinder.routing._config import RouterConfig
from sourcefinder.routing._embed import (
    Embedder,
    PartVectors,
    QueryCache,
    embed_cards,
    embed_parts,
    one_blas_thread,
)
from sourcefinder.routing._fuse import Signal, ranked, rrf
from sourcefinder.routing._gaps import declared_gaps, gap_spans, gap_years
from sourcefinder.routing._intent import (
    asks_as_newcomer,
    asks_for_code,
    asks_for_person,
    asks_whole,
    intent_words,
    may_ask_for_person,
)
from sourcefinder.routing._keys import Keys
from sourcefinder.routing._lexical import (
    CAMEL_WORD,
    FieldWeights,
    LexicalIndex,
    card_field_texts,
    held_documents,
    pointers,
)
from sourcefinder.routing._memory import Memory, PastOutcome
from sourcefinder.routing._names import by_least_stem, card_names, named_in, sent_on
from sourcefinder.routing._period import (
    TIME_WORDS,
    YEAR_TERM,
    Kept,
    Period,
    Periods,
    asked_period,
    asks_for_chat,
    asks_what_was_said,
    coverage,
    declared_retention,
    expired,
)
from sourcefinder.routing._phrasing import Phrasing, shipped
from sourcefinder.routing._priors import (
    OLD_PERIOD_WORDS,
    Adjusted,
    all_successors,
    apply_declarations,
    years_spanned,
)
from sourcefinder.routing._products import index_words, unused
from sourcefinder.routing._question import analyse
from sourcefinder.routing._rarity import specificity, zipf
from sourcefinder.routing._recall import Recall, Recaller
from sourcefinder.routing._rerank import DEPTH, Candidate, Context, Reorders, describe
from sourcefinder.routing._rerank import shipped as shipped_reranker
from sourcefinder.routing._scope import (
    absent_only_as_names,
    affirmed,
    declared_absent,
    declared_absent_alone,
    declared_absent_forms,
    declared_absent_items,
    declared_absent_names,
    declared_absent_phrases,
    declared_kept_by,
    declared_kept_own,
    declared_undone,
    declared_unowned,
    denials,
    denied_terms,
    held_alone,
    kept_by_asked,
    kept_own_asked,
    names_asked,
    outside_negations,
    own_asked,
    theirs_asked,
    unprefixed,
    unsaid,
)
from sourcefinder.routing._text import BRACKETED, stem, surface_forms, terms
from sourcefinder.routing._unkept import declared_unkept, unkept_asked

HUMAN_KINDS = frozenset({"person", "chat-channel"})
# a NOT part's items ("NOT survey results or who booked"), and one about people
_NOT_ITEMS = re.compile(r"[,;]|\bor\b")
# who a statement of what the organization does not do says does it ("payroll is run by
# the bookkeeper's payroll bureau, not by us")
_HOLDER = re.compile(r"\b(?:run|done|held|kept|handled|managed|issued|paid|looked\s+after|"
                     r"dealt\s+with)\s+by\s+((?:[\w'-]+\s+){0,2}[\w'-]+)", re.IGNORECASE)
_NOW = re.compile(r"\b(?:current|live|today's|present|ongoing)\b", re.IGNORECASE)
_ABOUT_PEOPLE = re.compile(r"\s*who\b", re.IGNORECASE)
# "who" itself, no word of what a question asking for someone is about
_WHO_TERMS = frozenset(terms("who whom whose whoever"))
# a question about someone, which such an item refuses ("Who has passed the course?")
_ASKS_WHO = re.compile(r"\b(?:who|whom|whose|anyone|anybody|someone|somebody)\b", re.IGNORECASE)
# what a camera recorded ("the camera footage", "the footage from the cameras"; not a
# dashcam's, nor footage of no camera named)
_FOOTAGE = re.compile(r"\b(?:camera|cctv)\s+(?:footage|recordings?)\b"
                      r"|\bfootage\s+(?:from|on)\s+(?:the\s+|our\s+)?cameras?\b"
                      # "can we check the cameras?", "did the cameras pick him up"
                      r"|\b(?:check|look\s+at|pull|watch|review|go\s+through)\s+"
                      r"(?:the\s+|our\s+)?(?:security\s+)?cameras\b"
                      r"|\bcameras\s+(?:show|showed|caught|pick(?:ed)?\s+up)\b",
                      re.IGNORECASE)  # fmt: skip
# what a payroll issues: "my P60", "her payslips" (asked where the preamble says there is
# no payroll and no card has them)
_PAY_RECORDS = re.compile(r"\b(?:pay\s?slips?|wage\s?slips?|p60s?|p45s?|p11ds?)\b",
                          re.IGNORECASE)  # fmt: skip
# how much, said in words: "over a hundred quid", "a couple of grand", "fifty quid"
_AMOUNT_WORDS = frozenset("two three four five six seven eight nine ten eleven twelve fifteen "
                          "twenty thirty forty fifty sixty seventy eighty ninety hundred "
                          "hundreds thousand thousands million millions dozen dozens couple "
                          "quid grand fiver fivers tenner tenners".split())  # fmt: skip
# where a vehicle is or went, asked of a tracker: "the GPS trace of the van's route" (and
# "the tracker" itself, where no card has one)
_TRACKED = re.compile(r"\bgps\b|\btelematics\b", re.IGNORECASE)
_TRACKER = re.compile(r"\bgps\b|\btelematics\b|\btracker\b", re.IGNORECASE)
# a time asked that began at most this long ago is one a current source holds
_RECENT_DAYS = 31
# Kinds whose source is someone to ask (a person, a channel, a team, its mailbox or list),
# matched anywhere in the kind ("slack-channel", "team-mailbox"): what the answer calls
# the "ask a human" modality, and what a question asking for someone ranks (``w_human``).
ASKABLE_KINDS = ("person", "channel", "chat", "team", "mailing", "mailbox")


def askable(kind: str) -> bool:
    """Whether a source of this kind is someone to ask."""
    kind = kind.lower()
    return any(k in kind for k in ASKABLE_KINDS)


# Kinds whose source is code under version control ("git-org", "gitlab-group",
# "version-control"): what a question asking for code ranks (``w_code``). A "contract
# repository" or a "digital asset" store is not.
CODE_KINDS = re.compile(r"(?:^|-)(?:git|github|gitlab|bitbucket)(?:-|$)|version-control"
                        r"|source-control")


def holds_code(kind: str) -> bool:
    """Whether a source of this kind is code under version control."""
    return CODE_KINDS.search(kind.lower()) is not None


PRIMER_ONLY = FieldWeights(id=0, what=0, contains=0, examples=0, how=0, gotchas=0, kind=0,
                           pointed=0, primer=1.0)  # fmt: skip
# Tokens as the lexical index cuts them ("ICS2", "EC2" stay whole); those opening with a
# digit ("2am", "40ft", "2016") are quantities, not subjects, and are left out.
_WORD = re.compile(r"(?<![A-Za-z0-9])[A-Za-z][A-Za-z0-9]*")
# "a fly-past" is no flying: a part of a compound is not the word alone
_HYPHENATED = re.compile(r"[A-Za-z]+(?:-[A-Za-z]+)+")


def _opens_sentence(text: str, start: int) -> bool:
    before = text[:start].rstrip(" \t\"'(")
    return not before or before[-1] in ".!?:\n"


_RERANKED = "put first by the re-ranking learned across organizations"


@dataclass(frozen=True)
class Leaders:
    """The leading cards as ranked before the re-ranking, and what ranked them."""

    order: list[int]
    covered: list[float]  # each one's idf share of the question
    masks: list[dict[str, int]]  # the question's terms each one's text has -> their fields
    leads: list[float]  # how far each leads the best other card lexically
    fused: dict[int, float]  # fused scores, before the declarations
    score: dict[int, float]  # and after


def _move(full: list[Scored], evidence: list[float], at: int, to: int, why: str) -> None:
    """Card ``at`` to place ``to``, with that place's confidence and ``why`` first."""
    lifted = replace(full[at], confidence=full[to].confidence, reasons=(why, *full[at].reasons))
    ev = evidence.pop(at)
    del full[at]
    full.insert(to, lifted)
    evidence.insert(to, ev)


# a verb asked to be done: "someone to teach them", "can we repair it", "could the crew
# fit", not "went off for repair" or "auction houses"
_DOING_VERB = re.compile(r"\b(?:to|can|could|will|would|should|must|we|you|they|i|please)\s+"
                         # "could the workshop make", "can someone teach", "can we teach"
                         r"(?:(?:the|a|our|your)\s+[a-z]+\s+|(?:someone|somebody|anyone|we|i|"
                         r"you|they)\s+)?"
                         r"([a-z]+)\b", re.IGNORECASE)
# a word said as a verb: after its subject, "to" or a modal ("they'll hear", "did they
# actually fly"), or before a particle ("hear about us", "take them away")
_AS_VERB = re.compile(r"(?:\b(?:to|can|could|will|would|should|must|did|do|does|i|we|you|they|"
                      r"he|she)|'ll|'d)\s+(?:[a-z]+ly\s+)?([a-z]+)\b"
                      r"|\b([a-z]+)\s+(?=(?:about|away|back|off|out|my|your|them|him|her|it)\b)",
                      re.IGNORECASE)
_CAMEL_NAME = re.compile(r"\b[A-Za-z][a-z]+(?:[A-Z][a-z]+)+\b")
_GERUND = re.compile(r"\b[a-z]{3,}ing\b", re.IGNORECASE)
_PAST = re.compile(r"[A-Za-z]{3,}ed")  # a past tense or participle: "landed", "tracked"
_OLD_STEMS = frozenset(terms(" ".join(OLD_PERIOD_WORDS)))  # "the old till archive"
_OURS_DOING = re.compile(r"(?:\w+\s+)?we\s", re.IGNORECASE)  # "we buy", "can we buy"
# when the asker will be somewhere, told before the question: "I'm covering for Lisa for a
# fortnight in August. Where's it written down how a hire goes?" asks about no August
_ASKERS_WHEN = re.compile(
    r"(?:^|(?<=[.!]\s))\s*I(?:'m|\s+am|'ll\s+be|\s+will\s+be)\s+(?:covering|starting|away|off|"
    r"on\s+(?:holiday|leave)|joining|moving|back|going|due)\b[^.!?]*[.!](?=\s*\S)")
# a card's own retention says what is done with the old ("~180k ticket orders a season"
# is a count, not a retention)
_DISPOSED = re.compile(r"\b(?:kept|retained|deleted|destroyed|shredded|overwritten|purged|"
                       r"erased|discarded|binned)\b", re.IGNORECASE)  # fmt: skip
# where the asker comes from, not what they ask: "I've come over from a brewery", "I
# used to work at a riding school"
_ASKERS_PAST = re.compile(
    r"(?:\bI(?:'ve|\s+have|'m|\s+am)?\s+|^\s*)"  # ("Coming over from road running.")
    r"(?:(?:come|came|coming|moved|moving|transferred)\s+(?:over\s+|across\s+)?from"
    r"|(?:used\s+to\s+work|worked)\s+(?:at|in|for|on))\s+"
    r"(?:(?:a|an|the)\s+)?[\w-]+(?:\s+(?!and\b|but\b|so\b)[\w-]+){0,2}",
    re.IGNORECASE)  # fmt: skip
# a word said as a time is no thing asked for: "since we came back after covid" (not a
# thing named by more: "before the wine sale")
_AS_A_TIME = re.compile(r"\b(?:since|after|before|during|pre|post)[\s-]+(?:the\s+)?([A-Za-z][\w-]*)"
                        r"(?=\s*(?:[^\w\s]|$)|\s+(?:we|i|you|they|he|she|it|and|or|but|when|so|"
                        r"then|there|this|that|to|in|on|at|for|with|was|is|were|are|has|had|"
                        r"have)\b)", re.IGNORECASE)  # fmt: skip
# a word said of something after "was", "is", "seems" ("everyone was fine", "it looked
# clear"): a state, where the preamble may write a thing of the same stem ("Parking fines");
# not a participle, what is done ("can the quote be apostilled?")
_PREDICATE = re.compile(r"\b(?:is|was|are|were|be|been|(?:it|that|this|he|she|everything|everyone|"
                        r"all)'s|'re|seems?|seemed|looks?|looked|"
                        r"feels?|felt)\s+(?:(?:all|quite|totally|perfectly|completely)\s+)?"
                        r"([a-z]+(?<!ed))\b(?=\s*(?:[^\w\s]|$)|\s+(?:but|and|so|now|though|after|"
                        r"when|then)\b)", re.IGNORECASE)  # fmt: skip
# what the asker does is what the organization would: "wants to buy trees from us" asks it
# to sell them
_CONVERSE = {stem(a): stem(b) for a, b in (("buy", "sell"), ("borrow", "lend"),
                                           ("learn", "teach"))}  # fmt: skip


@dataclass(frozen=True)
class Scored:
    """One ranked card."""

    card_id: str
    confidence: float  # 0..1, calibrated-ish, monotone with rank
    reasons: tuple[str, ...]  # short human reasons for the place it got
    pinned: bool = False  # strong memory evidence: the router knows the answer is here
    via_cluster: str = ""  # the cluster id when the card is a cluster child


@dataclass(frozen=True)
class Ranking:
    """Where to look: candidates cut by confidence, a verdict, and the uncut ranking."""

    candidates: tuple[Scored, ...]
    verdict: str  # "confident" | "uncertain" | "nowhere"
    full: tuple[Scored, ...] = ()  # uncut, at least the top 10 (for hit@k and MRR)
    support: float = 0.0  # first confidence less the uncovered penalty (may be < 0)
    unmatched: tuple[str, ...] = ()  # specific words of the question no card uses
    nothing_before: int = 0  # clients whose near-identical question found nothing at all
    # leading cards whose own text says they do not hold the time asked, and why
    out_of_period: tuple[tuple[str, str], ...] = ()
    # words of the question naming what the index's preamble says the organization has not
    ruled_out: tuple[str, ...] = ()
    # what the preamble says is kept for less time than has passed since the time asked
    expired: tuple[str, ...] = ()
    # whose own records the question asks for, when the first source is the organization's
    theirs: tuple[str, ...] = ()
    # what the preamble says is never kept at all ("DBS certificates are never kept")
    unkept: tuple[str, ...] = ()
    # what the preamble says has closed, asked about since ("The Cardiff studio closed")
    closed: tuple[str, ...] = ()
    # the preamble's statement of what the organization does not do or have that the
    # question is nearer in word vectors than it is to any source
    denied: tuple[str, ...] = ()
    # the products the question names that no source and nothing else in the index
    # mentions ("the Jira board for the website", "our Salesforce login")
    unused: tuple[str, ...] = ()
    # how likely a question put this way is to have nowhere to look (``_phrasing``), when
    # that, with no source matching it well, made the verdict
    phrased: float = 0.0


class Router(Protocol):
    def rank(self, question: str, context: str = "") -> Ranking: ...


@dataclass(frozen=True)
class _Cosines:
    """Question-card cosines of one embedder, and the scale its lifts are read at."""

    cos: np.ndarray
    lift_scale: float = 1.0
    reason: str = "close in meaning"


@dataclass
class _Question:
    text: str
    qterms: dict[str, float]  # the question's terms (what it rules out left out)
    query: dict[str, float]  # plus the context's and the cues' (``_intent``), weighted down
    plain: dict[str, float]  # the query without the cues' words: what support is judged on
    forms: dict[str, str]  # stem -> the word the asker wrote
    not_shares: dict[int, tuple[float, list[str]]]  # card -> (idf share, words) NOT-only
    excluded: dict[int, tuple[float, list[str]]]  # card -> (idf share, words) ruled out
    rules_out: np.ndarray  # per card: idf mass of ruled-out terms its NOT part names
    current: bool  # the question points at the present
    embed_text: str  # what gets embedded: the question minus what it rules out
    uncovered: float = 0.0  # specificity-weighted share of words the map never uses
    unmatched: tuple[str, ...] = ()  # those words, most specific first
    learned: dict[int, list[str]] = field(default_factory=dict)  # card -> learned-field hits
    out_of_period: dict[int, str] = field(default_factory=dict)  # card -> why it cannot hold it
    period: Period | None = None  # the time the question asks about
    absent: tuple[str, ...] = ()  # its words the preamble says the organization has not
    common_absent: tuple[str, ...] = ()  # those common and said only in a longer thing
    common_alone: tuple[str, ...] = ()  # those common and said alone too
    keys: dict[int, str] = field(default_factory=dict)  # card -> a key of the asked shape
    expired: tuple[str, ...] = ()  # the preamble's retentions the time asked is past
    theirs: tuple[str, ...] = ()  # the bodies whose own records it asks for ("Openreach's own")
    unkept: tuple[str, ...] = ()  # the preamble's statements that what it asks for is never kept
    closed: tuple[str, ...] = ()  # the preamble's closings of what it asks about since
    unused: tuple[str, ...] = ()  # the products it names that nothing in the index mentions
    dismissed: frozenset[int] = frozenset()  # the cards the asker dismissed by name
    static: np.ndarray | None = None  # the question in static word vectors
    static_cos: np.ndarray | None = None  # and its cosine with each card there
    semantic_cos: np.ndarray | None = None  # its cosine with each card in the embedder's
    lex: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.float32))
    answers_for: dict[int, int] = field(default_factory=dict)  # person -> the source matched
    sent_by: dict[int, int] = field(default_factory=dict)  # card -> a named card's NOT part
    asker: float = 0.5  # how likely the question is to want someone to ask (``_phrasing``)
    seldom: float = 0.0  # how likely it is of a kind seldom held anywhere (``_phrasing``)


def ordered(score: dict[int, float], pinned: tuple[int, ...],
            signals: list[Signal]) -> list[int]:  # fmt: skip
    """Cards best first: pinned ones, then by fused score. An exact tie (two cards ranked
    first and second by two signals, crosswise) goes to the card the words ranked
    higher, then to authored order."""
    worded = next((dict(zip(sg.order, sg.ranks, strict=True)) for sg in signals
                   if sg.name == "lexical"), {})  # fmt: skip
    last = len(score) + 1
    return sorted(score, key=lambda i: (i not in pinned, -score[i], worded.get(i, last), i))


def _inside_word(word: str, text: str) -> bool:
    """Whether ``text`` has ``word`` (or a form of it) only as the end of a longer word."""
    lower = text.lower()
    start = stem(word.lower())
    return not re.search(rf"(?<![a-z]){re.escape(start)}", lower) \
        and bool(re.search(rf"[a-z]{re.escape(start)}", lower))  # fmt: skip


def _together(stems: frozenset[str], said: list[str], slack: int) -> bool:
    """Whether ``said`` (a text's stems, in order) has every one of ``stems`` within a run
    of their number and ``slack`` more."""
    span = len(stems) + slack
    return any(t in stems and stems <= set(said[k : k + span]) for k, t in enumerate(said))


class OfflineRouter:
    """Lexical + memory (+ optional semantic) routing over one index; see module doc."""

    def __init__(
        self,
        index: Index,
        *,
        memory: Memory | None = None,
        embedder: Embedder | None = None,
        config: RouterConfig | None = None,
        card_vectors: np.ndarray | None = None,
        static: Embedder | None = None,
        static_vectors: np.ndarray | None = None,
        static_parts: PartVectors | None = None,
        today: date | None = None,
        askers: Phrasing | None | Literal["shipped"] = "shipped",
        nowhere: Phrasing | None | Literal["shipped"] = "shipped",
        reranker: Reorders | None | Literal["shipped"] = "shipped",
    ) -> None:
        """``today`` fixes the date questions' relative times are read against (None:
        the day each question is asked); ``askers`` tells how likely a question is to want
        someone to ask (``_phrasing``; the model shipped by default, None for the plain cut),
        and ``nowhere`` how likely it is of a kind seldom held anywhere (None: not heard);
        ``reranker`` puts the first candidates in order again (``_rerank``; by default the
        model shipped for the configuration the embedders make, None for the rules
        alone). ``static_parts`` are the cards' parts in ``static``'s vectors
        (``embed_parts``: computed here when not given)."""
        self.index = index
        self._askers = shipped("askers") if askers == "shipped" else askers
        self._nowhere = shipped("nowhere") if nowhere == "shipped" else nowhere
        self.config = cfg = config or RouterConfig()
        self.memory = memory if memory is not None else Memory()
        self._cards = list(index.cards.values())
        self._pos = {c.id: i for i, c in enumerate(self._cards)}
        # what the rest of the map writes about a card, and who wrote it (for reasons)
        # each card's names ("HireDesk, BPS's hire system: ..."), so "HireDesk say they
        # ..." names a source
        self._card_names = [card_names(c) for c in self._cards]
        refs, held = pointers(self._cards), held_documents(index)
        # (and the items of other cards' NOT parts that name it: "NOT payslips (BrightPay)")
        sent = sent_on(self._cards, self._card_names) if cfg.not_pointers else {}
        # each card's NOT part: the cards it names, each with the words of its item
        self._sends: list[list[tuple[int, frozenset[str]]]] = [[] for _ in self._cards]
        for cid, notes in sent.items():
            for src, note in notes:
                self._sends[self._pos[src]].append((self._pos[cid], frozenset(terms(note))))
        self._senders = [i for i, sends in enumerate(self._sends) if sends]
        # each sender by a word of each of its names: a question can name only those
        # that share a word with it (all of them were tried, 0.3 ms a question at 500)
        self._senders_by: dict[str, set[int]] = {}
        for i in self._senders:
            for name in self._card_names[i]:
                self._senders_by.setdefault(min(name, default=""), set()).add(i)
        self._writers = {
            "pointed": {cid: [(f"the see-also from {src}", frozenset(terms(note)))
                              for src, note in refs.get(cid, [])]
                        + [(f"the NOT part of {src}", frozenset(terms(note)))
                           for src, note in sent.get(cid, [])]
                        for cid in {*refs, *sent}},
            "primer": {cid: [(n.id, frozenset(terms(n.what))) for n in nodes]
                       for cid, nodes in held.items()},
        }  # fmt: skip
        taught = {cid: " ".join(n.what for n in nodes) for cid, nodes in held.items()}
        self._lex = LexicalIndex(
            self._cards, cfg.fields, cfg.k1, primers=taught,
            pointed={cid: " ".join(note for _, note in [*refs.get(cid, []), *sent.get(cid, [])])
                     for cid in {*refs, *sent}})
        self._recaller = Recaller(self.memory, self._pos, cfg)
        # what each card's foundation documents teach, alone, for newcomers' questions
        holders = [i for i, c in enumerate(self._cards) if c.id in held]
        self._primers = (holders, LexicalIndex(
            [self._cards[i] for i in holders], PRIMER_ONLY, cfg.k1, pointed={}, primers=taught,
        )) if holders else None  # fmt: skip
        self._succs = all_successors(self._cards)
        self._newer = frozenset(j for news in self._succs.values() for j in news)
        self._id_stems = [frozenset(terms(c.id.replace("-", " "))) for c in self._cards]
        # "pay slip" where the map writes "payslips", "liveaboard" where it writes "live aboard"
        self._compounds = Compounds(self._holding, self._written, self._lex.camel_cuts)
        self._today = today
        gaps = declared_gaps(index.preamble)
        self._periods = Periods(self._cards, HUMAN_KINDS, gap_years(gaps, self._cards),
                                said_kinds=frozenset({"chat-channel"}),
                                closed=gap_spans(gaps, self._cards))
        # "CCTV 31 days at each hotel": what the preamble says is kept only so long
        self._kept = declared_retention(index.preamble, specificity)
        self._universal = frozenset(k.written for k in self._kept if k.universal)
        self._kept_keys: dict[str, set[str]] = {}  # as written -> the most specific stems
        for k in self._kept:
            self._kept_keys.setdefault(k.written, set()).add(k.key)
        self._keys = Keys(self._cards)  # "references like AB#1234 point here"
        # who can be asked: a person, a channel, a team or a team's mailbox
        self._askable = np.asarray([askable(c.kind) for c in self._cards])
        self._coded = np.asarray([holds_code(c.kind) for c in self._cards])
        # the words of a NOT part's items about people ("NOT who has passed")
        self._who_nots = [frozenset(t for item in _NOT_ITEMS.split(c.what_not)
                                    if _ABOUT_PEOPLE.match(item) for t in terms(item))
                          for c in self._cards]  # fmt: skip
        self._names = {name for names in self._card_names for name in names}
        # who each card says owns it or answers for it ("owner: Treasurer", "contact: Alan
        # Pringle (Treasurer)"): the people and channels so named, by a name of theirs
        self._answers_for = self._owners()
        self._named_owners = any(self._answers_for)  # (else a question reads none of it)
        # names of one word, which a question may write in parts ("RotaCloud": rotacloud)
        self._one_word_names = frozenset(w for name in self._names if len(name) == 1
                                         for w in name)
        # the words of a NOT part's items about now alone ("NOT current intakes (use the
        # form)", "NOT today's routes"), which refuse no question about a time gone by
        self._now_nots = [_now_only(c.what_not) for c in self._cards]
        self._ours = frozenset(terms(index.title)) - {"index"}  # the organization's own name
        self._kept_of = self._kept_by_name()
        # what a card's own gotchas and contents say it keeps only so long ("bank
        # statements older than six years are destroyed each September")
        # (read only where a disposal is said at all: 63 rather than 80 us a card)
        disposing = {i: text for i, c in enumerate(self._cards) if c.kind not in HUMAN_KINDS
                     and _DISPOSED.search(text := ". ".join((*c.gotchas, c.contains)))}
        self._own_kept = {i: kept for i, text in disposing.items() if (kept := tuple(
            k for k in declared_retention(text, specificity)
            if not k.from_event and _DISPOSED.search(k.written)))}  # fmt: skip
        # a chat channel's own shortest retention ("messages are kept 90 days"): days, words
        self._chat_kept = {i: min(((d, w) for _, d, w in cov.retention), key=lambda r: r[0])
                           for i, c in enumerate(self._cards) if c.kind == "chat-channel"
                           and (cov := coverage(c)).retention}  # fmt: skip
        # named by the organization's own name alone ("The Friends of Hembury Museum ...
        # we hold none of its records" read as "Hembury Museum"), a thing is not told
        # from the organization itself
        self._unkept = tuple(u for u in declared_unkept(index.preamble)
                             if not u.subject <= self._ours)  # fmt: skip
        # what a card's own gotchas and contents say it never keeps ("we record the DBS
        # certificate number and date, never a copy of the certificate"): asked of that
        # card when it leads
        self._own_unkept = {i: unkept for i, c in enumerate(self._cards)
                            if (unkept := declared_unkept(
                                ". ".join((*c.gotchas, c.contains))))}  # fmt: skip
        # every word the index writes, for the products a question names that it never does
        self._index_words = index_words([index.preamble, *(
            f"{c.id} {c.what} {c.what_not} " + " ".join(f.value for f in c.fields)
            for c in self._cards), *(f"{n.what} {n.pointer}" for n in index.foundation.values())])
        # (a place named alone or by its letter, "Studio C", is closed only where no card
        # names it: "Studio C is now the gear store")
        # (and a thing by its last word where no card names that: "the shop" for "The gear
        # shop closed in March 2021")
        self._closed = tuple(replace(c, by_head=c.noun
                                     and not self._names_any(frozenset((c.head,))))
                             for c in declared_closed(index.preamble, today or date.today())
                             if (not c.alone or not self._names_any(c.subject))
                             and not (c.designated and any(
                                 designates(c.designated, t)
                                 for t in self._texts_with(tuple(c.subject)))))  # fmt: skip
        self._name_stems = frozenset().union(*self._names)
        # a retention as written -> the cards it is said of by name (one counted from a
        # later event too, when its name is all it says: "PageProof proofs 2 years after
        # approval" is PageProof's, not "blue books and Pawprints diaries 3 years")
        self._named_in: dict[str, set[int]] = {}
        for i, card in enumerate(self._cards if self._kept else ()):
            if card.kind != "chat-channel" and card.kind not in HUMAN_KINDS:
                names = self._card_names[i]
                every = frozenset().union(*names)
                for k in self._kept:
                    if any(n <= k.subject for n in names) and (
                            not k.from_event or k.subject <= every):
                        self._named_in.setdefault(k.written, set()).add(i)
        # what the preamble says the organization has not, that no card mentions either
        # ("no parties", where a card has a "participant"), nor in the organization's own
        # name ("no accredited falconry courses" at Glenfield Falconry Centre)
        # (a name that is also a common word is asked for by its name: "Teams", not "team")
        declared = declared_absent(index.preamble)
        self._absent = frozenset(t for t in declared if not self._lex.knows_a_close_form_of(t)
                                 or t in self._lex.halves_only) - self._ours
        # (the halves of its names written in camelCase, said nowhere else: "whats" is no
        # "WhatsApp", nor "the builder" "MyBuilder")
        halves = {t for m in _CAMEL_NAME.finditer(index.preamble) for t in terms(m.group())}
        self._halves = halves - set(terms(_CAMEL_NAME.sub(" ", index.preamble)))
        only_named = {w for w in absent_only_as_names(
            index.preamble, lambda w: specificity(w) < cfg.absent_common_below)
            if set(terms(w.lower())) <= self._absent}  # fmt: skip
        self._absent -= {t for w in only_named for t in terms(w.lower())}
        self._absent_only_named = frozenset(only_named)
        self._absent_alone = declared_absent_alone(index.preamble) & self._absent
        self._absent_forms = declared_absent_forms(index.preamble)
        # (the things of several words it has not, that no card says it holds: "hire out
        # the boathouse")
        unheld = {s: said for s, said in declared_absent_items(index.preamble).items()
                  if not self._holding(tuple(s))}
        self._absent_items = tuple(s for s in unheld if s & self._absent)
        # (and the things whose words are all the sources', that none has together:
        # "stopped the public navigation courses")
        self._unheld_items = {s: written for s, (written, thing) in unheld.items()
                              if thing and not s & self._absent}
        # what it says it does not do to a thing its cards have ("do not teach ringing")
        self._undone = tuple((done, what, written) for done, what, written
                             in declared_undone(index.preamble, cfg.undone_verb_min)
                             if all(self._lex.knows_a_form_of(t) for t in what))
        # and the things of one word it says other bodies hold, that no card mentions
        self._held_alone = frozenset(t for t in held_alone(index.preamble)
                                     if not self._lex.knows_a_form_of(t)) - self._absent
        # and its names that no card writes as such, though one has a common word of the
        # same stem ("Microsoft Teams" and "team")
        self._names_denied = declared_absent_names(index.preamble)  # "Aid" of "no Gift Aid"
        self._absent_names = self._unwritten(self._names_denied)
        # and its names of several words ("nursing homes") that no card says as such
        # (nor what the preamble itself says is done: "a wedding-dress cleaning service")
        said_done = affirmed(index.preamble)
        done_stems = set(terms(said_done))
        phrases = declared_absent_phrases(index.preamble)
        # (each word of those, with the other words it is said with: "hearing" with
        # "newborn" and "screening")
        self._absent_company: dict[str, set[str]] = {}
        for stems in phrases:
            for t in stems:
                self._absent_company.setdefault(t, set()).update(set(stems) - {t})
        self._absent_phrases = unsaid(
            phrases,
            lambda stems: [*self._texts_with(stems),
                           *([said_done] if done_stems.issuperset(stems) else [])])
        # and what it has none of its own of ("no pharmacy of our own")
        self._unowned = declared_unowned(index.preamble)
        # and what another body keeps its own of ("the parish council keeps its own minutes")
        # (not a body the organization's own name is: "groups who hire the hall" of a
        # scout group)
        self._kept_own = tuple(k for k in declared_kept_own(index.preamble)
                               if k[0] not in self._ours)
        # ... and what another body keeps, by its name ("gradings are kept by SARDA
        # England"), when no card is named for it (that card is where to go)
        self._kept_by_body = tuple(k for k in declared_kept_by(index.preamble)
                              if not k[0] & (self._ours | self._name_stems))
        self._no_cctv = "cctv" in self._absent
        self._no_payroll = "payrol" in self._absent and not any(
            map(self._lex.knows_a_form_of, terms("payslips p60s p45s")))
        # ("no tracker in the van", though a card is the volunteer tracker: "our tracker"
        # is that card's)
        self._asks_tracker = None if "tracker" not in declared or any(
            map(self._lex.knows_a_form_of, terms("gps telematics"))) \
            else _TRACKED if self._lex.knows_a_form_of("tracker") else _TRACKER  # fmt: skip
        self._trust = dict(cfg.trust_factors)
        zipf("the")  # load the word-frequency table now, not on the first question
        if embedder is not None or static is not None:
            one_blas_thread()  # (its products with card vectors)
        self._cache: QueryCache | None = None
        self._vectors: np.ndarray | None = None
        if cfg.semantic and embedder is not None:
            own = self.memory.embedder
            if own is not None and own.name != embedder.name:
                raise ValueError(f"memory embeds with {own.name}, the router with {embedder.name}")
            if card_vectors is None:
                card_vectors = embed_cards(index, embedder)
            if card_vectors.shape[0] != len(self._cards):
                raise ValueError(
                    f"card_vectors has {card_vectors.shape[0]} rows for {len(self._cards)} cards"
                )
            self._vectors = np.asarray(card_vectors, dtype=np.float32)
            self._cache = QueryCache(embedder)
        self._static: Embedder | None = None
        # per card, in static word vectors: its discriminator, contents and each example
        # query (``_parts``). Embedded when a card first led, they cost a 500-card index
        # 0.6 ms a question until every card had led once.
        self._part_vectors: PartVectors | None = None
        self._static_vectors: np.ndarray | None = None
        self._denials: tuple[str, ...] = ()
        self._denied_terms: tuple[frozenset[str], ...] = ()
        self._denial_years: tuple[set[int], ...] = ()
        self._denial_vectors = np.zeros((0, 0), dtype=np.float32)
        if cfg.w_static > 0 and static is not None:
            vectors = static_vectors if static_vectors is not None else embed_cards(index, static)
            if vectors.shape[0] != len(self._cards):
                raise ValueError(
                    f"static_vectors has {vectors.shape[0]} rows for {len(self._cards)} cards"
                )
            self._static = static
            self._static_vectors = np.asarray(vectors, dtype=np.float32)
            parts = static_parts if static_parts is not None else embed_parts(index, static)
            if len(parts) != len(self._cards):
                raise ValueError(f"static_parts has {len(parts)} cards for {len(self._cards)}")
            self._part_vectors = parts
            # what the preamble says the organization does not do or have, sentence by
            # sentence, to tell a question that is nearer one of them than any card
            self._denials = denials(index.preamble)
            self._denial_vectors = static.embed_queries(list(self._denials))
            self._denied_terms = tuple(map(denied_terms, self._denials))
            self._denial_years = tuple(map(years_spanned, self._denials))
        self._reranker = reranker

    @property
    def embedder(self) -> Embedder | None:
        """The embedder in use (None: lexical and memory only)."""
        return self._cache.embedder if self._cache is not None else None

    @property
    def static(self) -> Embedder | None:
        """The static word-vector embedder asked on every question (None: off)."""
        return self._static

    # --- learning ---------------------------------------------------------------------

    def learn(self, outcome: PastOutcome) -> None:
        """Remember one finished session; the next ``rank`` already uses it.

        The question's vector is reused when ``rank`` computed it; otherwise only a
        memory built with an embedder computes one.
        """
        vector = static = None
        text = analyse(outcome.question, self._names_source).positive
        if self._cache is not None:
            vector = self._cache.peek(text)
        if self._static is not None:
            static = self._static.embed_queries([text])[0]
        self.memory.add(outcome, vector, static)

    def prime(self, questions: list[str]) -> None:
        """Embed many questions in batches ahead of ``rank``/``learn`` (a no-op when off)."""
        if self._cache is not None:
            self._cache.prime([analyse(q, self._names_source).positive for q in questions])

    # --- ranking ----------------------------------------------------------------------

    def rank(self, question: str, context: str = "") -> Ranking:
        if not self._cards:
            return Ranking((), "nowhere", ())
        cfg = self.config
        q = self._question(question, context)
        q.lex = self._lexical(q)
        if self._askers is not None and self._askable.any():
            q.asker = self._askers.probability(question)
        if self._nowhere is not None and cfg.phrased_nowhere < 1.0:
            q.seldom = self._nowhere.probability(question)
        signals = [ranked("lexical", cfg.w_lexical, q.lex, cfg.depth)]
        if q.rules_out.any():  # the asker ruled out exactly what these cards say they are not
            signals.append(ranked("rules_out", cfg.w_rules_out, q.rules_out, cfg.depth))
        if self._primers is not None and asks_as_newcomer(q.embed_text):
            holders, primers = self._primers
            taught = np.zeros(len(self._cards), dtype=np.float32)
            taught[holders] = primers.score(q.plain)
            signals.append(ranked("primer", cfg.w_primer, taught, cfg.depth))
        wants_human = bool(self._askable.any()) and asks_for_person(q.embed_text)
        if cfg.w_owner > 0 and wants_human and self._named_owners:
            # "who do I give the receipts to": who answers for the sources it matches
            owned = np.zeros(len(self._cards), dtype=np.float32)
            # (by the words the asker wrote, not the cue's: "who makes that call" adds
            # "contact" and "owner", which any card may say; nor "who" itself: "who
            # needs a DBS" is no match for who decides)
            lex = self._lex.score({t: w for t, w in q.plain.items() if t not in _WHO_TERMS})
            docs = np.flatnonzero((lex > 0) & ~self._askable)
            if len(docs) > cfg.owner_depth:
                docs = docs[np.argsort(-lex[docs], kind="stable")[: cfg.owner_depth]]
            for i in docs:
                for j in self._answers_for[i]:
                    if lex[i] > owned[j]:
                        owned[j] = lex[i]
                        q.answers_for[j] = int(i)
            if q.answers_for:  # (sources that name no one say nothing against anyone)
                signals.append(ranked("owner", cfg.w_owner, owned, cfg.depth))
        if cfg.w_human > 0 and wants_human:
            # "who decides ...": the people and channels it matches, ranked on their own
            signals.append(ranked("human", cfg.w_human, np.where(self._askable, q.lex, 0.0),
                                  cfg.depth))
        if cfg.w_sent > 0 and (sent := self._sent(q)) is not None:
            signals.append(ranked("sent", cfg.w_sent, sent, cfg.depth))
        if cfg.w_code > 0 and self._coded.any() and asks_for_code(q.embed_text):
            # "where's the code that ...": the repositories it matches, ranked on their own
            signals.append(ranked("code", cfg.w_code, np.where(self._coded, q.lex, 0.0),
                                  cfg.depth))
        if q.keys:  # a key of the shape a card's records carry: that system issued it
            keyed = np.zeros(len(self._cards), dtype=np.float32)
            keyed[list(q.keys)] = 1.0
            signals.append(ranked("key", cfg.w_key, keyed, cfg.depth))
        near: _Cosines | None = None
        recall = Recall()
        self._recaller.lexical(q.qterms, recall)
        if self._static is not None and self._static_vectors is not None:
            vec = q.static = self._static.embed_queries([q.embed_text])[0]
            q.static_cos = self._static_vectors @ vec
            near = _Cosines(q.static_cos, cfg.static_lift_scale, "close in word vectors")
            signals.append(ranked("static", cfg.w_static, near.cos + 1.0, cfg.depth))
            if cfg.w_neighbours_static > 0:
                self._recaller.static(vec, recall)
        if self._cache is None or self._vectors is None:
            return self._finish(q, signals + recall.signals, recall, near)
        if cfg.embed_only_when_unsure:
            cheap = self._finish(q, signals + recall.signals, recall, near)
            first = cheap.full[0]
            if first.pinned or cheap.nothing_before or first.confidence >= cfg.embed_below:
                return cheap
        qvec = self._cache.get(q.embed_text)
        cos = q.semantic_cos = self._vectors @ qvec
        signals.append(ranked("semantic", cfg.w_semantic, cos + 1.0, cfg.depth))
        self._recaller.semantic(qvec, recall)
        return self._finish(q, signals + recall.signals, recall, _Cosines(cos))

    def _question(self, question: str, context: str) -> _Question:
        written = question
        question = self._compounds.mend(question)
        analysed = analyse(question, self._names_source)
        today = self._today or date.today()
        asked = asked_period(_ASKERS_WHEN.sub(" ", analysed.positive), today)
        qterms = dict.fromkeys(terms(analysed.positive), 1.0)
        for t in analysed.background:
            qterms[t] = self.config.background_weight
        if asked is not None:  # the period is judged on its own, not as a word to match
            qterms = {t: w for t, w in qterms.items() if not YEAR_TERM.fullmatch(t)}
        period = self._periods.out_of(asked, today, set(qterms),
                                      said=asked is not None and asks_what_was_said(question))
        query = dict(qterms)
        said_as: dict[str, str] = {}  # a form cards use -> the question's term
        for t, w in qterms.items():  # "deliver" asks what cards call "deliveries"
            for form in self._lex.forms_of(t):
                query.setdefault(form, w * self.config.form_weight)
                said_as.setdefault(form, t)
        for t in terms(context):
            query.setdefault(t, self.config.context_weight)
        plain = dict(query)  # what the asker wrote; the cues' words only rank
        forms = surface_forms(f"{question} {context}")
        for form, t in said_as.items():
            forms.setdefault(form, forms.get(t, t))
        if self.config.intent_weight > 0:
            cued = " ".join(intent_words(analysed.positive, frozenset(analysed.background)))
            for t in terms(cued):
                query.setdefault(t, self.config.intent_weight)
            for t, word in surface_forms(cued).items():
                forms.setdefault(t, word)
        lex = self._lex
        mass = lex.query_mass(plain) + sum(lex.term_idf(t) for t in analysed.negated)
        not_shares = {}
        # (what the asker says they have or did is no ask a card's NOT part can refuse: "I
        # have booked my holidays, but which sale am I on?" against "NOT holidays")
        situation = set(analysed.background)
        sought = {t: w for t, w in plain.items() if said_as.get(t, t) not in situation}
        asks_who = _ASKS_WHO.search(question) is not None
        gone_by = asked is not None and asked.end < today - timedelta(days=_RECENT_DAYS)
        for i, words in lex.not_hits(sought).items():
            if not asks_who and self._who_nots[i]:
                words = [t for t in words if t not in self._who_nots[i]]
            if gone_by and self._now_nots[i]:
                words = [t for t in words if t not in self._now_nots[i]]
            if not words:
                continue
            hit = sum(query[t] * lex.term_idf(t) for t in words)
            not_shares[i] = (hit / mass if mass else 0.0, [forms.get(t, t) for t in words])
        excluded: dict[int, tuple[float, list[str]]] = {}
        rules_out = np.zeros(len(self._cards), dtype=np.float32)
        for t in analysed.negated:
            idf = lex.term_idf(t)
            for i in lex.positive_cards(t).tolist():
                share, words = excluded.get(i, (0.0, []))
                excluded[i] = (share + idf / mass, [*words, forms.get(t, t)])
            for i in lex.not_cards(t):
                rules_out[i] += idf
        by_name: set[int] = set()
        if (analysed.negated or analysed.named) and self.config.named_excluded > 0:
            # a card dismissed by its name is out however long the question is, and
            # whatever else the ask says in its words
            # (a name of one word written in parts: "RotaCloud")
            one_word = {a + b for a, b in itertools.pairwise(analysed.named)} \
                & self._one_word_names  # fmt: skip
            dismissed = set(analysed.negated) | set(analysed.named) | one_word
            named = {i for t in (*analysed.named, *one_word)
                     for i in lex.positive_cards(t).tolist()}
            described = self._described(frozenset(analysed.negated))
            for i in named | excluded.keys():
                if i == described \
                        or any(name and name <= dismissed for name in self._card_names[i]):
                    by_name.add(i)
                    share, words = excluded.get(i, (0.0, [forms.get(t, t) for t in analysed.named]))
                    excluded[i] = (max(share, self.config.named_excluded), words)
            # what a card dismissed by its name shares with its successor is no fault of
            # the successor ("The Job Book spreadsheet hasn't got the wall": Tradify's jobs)
            for i in {j for old in by_name for j in self._succs.get(old, ())} - by_name:
                excluded.pop(i, None)
        if _OLD_STEMS.intersection(analysed.negated):
            # "the old till archive stops in 2022": the asker rules out an old source; the
            # sources that replaced it share its words and are not ruled out by them
            for i in [i for i in excluded if i not in by_name and i in self._newer]:
                del excluded[i]
        uncovered, unmatched = self._uncovered(analysed.positive)
        keys = self._keys.asked(analysed.positive)
        # (not where the asker came from: "I've come from a riding school")
        asked_for = _ASKERS_PAST.sub(" ", analysed.positive)
        # (read only when the preamble has something absent to rule out)
        timed = {m.group(1).lower() for m in _AS_A_TIME.finditer(asked_for)} \
            if self._absent else set()  # fmt: skip
        # (and what is said of how something is, "everyone was fine", unless the preamble
        # writes that very form)
        timed |= {m.group(1).lower() for m in _PREDICATE.finditer(asked_for)} \
            - self._absent_forms if self._absent else set()  # fmt: skip
        absent = tuple(dict.fromkeys(
            w for w in _WORD.findall(_HYPHENATED.sub(" ", unprefixed(asked_for)))
            if w.lower() not in timed and any(t in self._absent for t in terms(w))
            and not (set(terms(w)) <= self._halves and not _CAMEL_NAME.fullmatch(w))
            # (a name a card writes is no halves: "WhatsApp" where "no app", "kWp")
            and not (CAMEL_WORD.fullmatch(w)
                     and all(map(self._lex.knows_a_close_form_of, terms(w.lower()))))
            # (an everyday past tense the preamble does not write is a verb of the
            # question's own: "has the money landed?" where "no land surveys"; not a rare
            # one, "apostilled" where "no apostille service")
            and not (_PAST.fullmatch(w) and w.lower() not in self._absent_forms
                     and specificity(w.lower()) < self.config.absent_common_below)
            or (any(t in self._held_alone for t in terms(w))
                and specificity(w.lower()) >= self.config.held_alone_min)
        )) if self._absent or self._held_alone else ()  # fmt: skip
        # of those, the common words the preamble says only as part of a longer thing
        # (not a name the preamble denies, asked for by its name: "claim Gift Aid")
        everyday = [w for w in absent if specificity(w.lower()) < self.config.absent_common_below
                    and w not in self._names_denied]
        common = tuple(w for w in everyday if not self._absent_alone.intersection(terms(w)))
        # a common word as a verb where the preamble says it as an activity ("-ing"), with
        # none of the words of the longer thing: "when will they hear about the results"
        # where "no newborn hearing screening" (not "do we cut keys": "no key cutting")
        verbs = {(m.group(1) or m.group(2)).lower() for m in _AS_VERB.finditer(asked_for)} \
            if common else set()  # fmt: skip
        stray = {w for w in common if w.lower() in verbs and self._as_activity_only(w)
                 and any(t in self._absent_company for t in terms(w))
                 and not any(self._absent_company.get(t, set()) & set(qterms)
                             for t in terms(w))}  # fmt: skip
        absent = tuple(w for w in absent if w not in stray)
        everyday = [w for w in everyday if w not in stray]
        common = tuple(w for w in common if w not in stray)
        common_alone = tuple(w for w in everyday if w not in common)
        # (not a word of a thing the question says whole: "can I hire the boathouse" where
        # "We don't hire out the boathouse")
        # (the question's stems in order, read only when a thing of several words it may
        # say whole is denied)
        in_order = [t for w in _WORD.findall(asked_for) for t in terms(w)] \
            if self._unheld_items or (everyday and self._absent_items) else []  # fmt: skip
        whole = {w for w in everyday for s in self._absent_items
                 if s & set(terms(w)) and _together(s, in_order, self.config.item_slack)}
        common = tuple(w for w in common if w not in whole)
        common_alone = tuple(w for w in common_alone if w not in whole)
        # "motor boats" where the preamble writes "no motorboat hire": two words as one,
        # which a confident source overrules ("free diving for staff" is no freediving)
        words = _WORD.findall(asked_for) if self._absent else []
        joined = tuple(f"{a} {b}" for a, b in itertools.pairwise(words)
                       if min(len(a), len(b)) >= 3 and stem(f"{a}{b}".lower()) in self._absent
                       and not {*terms(a), *terms(b)} & self._absent)  # fmt: skip
        absent, common = absent + joined, common + joined
        if self._absent_phrases:
            # (not one begun inside a word the asker wrote: "footgolf course", read as
            # "foot golf course" for "UK FootGolf", is no "golf course")
            absent += tuple(name for name in self._absent_phrases.found_in(asked_for).values()
                            if not _inside_word(name.split()[0], written))
            absent += tuple(name for short, name in
                            self._absent_phrases.abbreviated(asked_for).items()
                            if name not in absent
                            and not self._lex.knows_a_form_of(stem(short.lower())))  # fmt: skip
        if self._unheld_items:
            # (all its words, close together: "the car hire company pays for its desk" asks
            # for no "car hire desks"; not one already ruled out by a phrase or a word of it)
            said = {t for a in absent for t in terms(a)}
            absent += tuple(written for s, written in self._unheld_items.items()
                            if not s & said and _together(s, in_order, self.config.item_slack))
        absent += names_asked(asked_for, self._absent_names)
        absent += names_asked(asked_for, self._absent_only_named, alone=False)
        if self._undone:
            said = set(qterms)  # the question's stems, read once above
            found = list(_DOING_VERB.finditer(asked_for))
            doing = set(terms(" ".join(m.group(1) for m in found)))
            # (what someone else does: "did we buy the electric boats" sells none)
            theirs_doing = terms(" ".join(m.group(1) for m in found
                                          if not _OURS_DOING.match(m.group())))
            doing |= {_CONVERSE[t] for t in theirs_doing if t in _CONVERSE}
            # (an activity is asked by its "-ing": "whether a ring is true" asks for no
            # "teach ringing"; "I fish" does for "sell fishing permits")
            acts = set(terms(" ".join(_GERUND.findall(asked_for))))
            absent += tuple(w for done, what, w in self._undone if done & doing and what <= said
                            and set(terms(" ".join(_GERUND.findall(w.split()[-1])))) <= acts)
        absent += own_asked(asked_for, self._unowned, self._ours)
        if self._asks_tracker and self._asks_tracker.search(asked_for):
            absent += ("tracker",)  # "the GPS trace" where "no tracker in the van"
        if self._no_cctv and _FOOTAGE.search(asked_for):
            absent += ("CCTV",)  # "the camera footage" where "We have no CCTV"
        if self._no_payroll and _PAY_RECORDS.search(asked_for):
            absent += ("payroll",)  # "my P60" where "No employees, so no payroll"
        absent += kept_own_asked(asked_for, self._kept_own)
        absent += kept_by_asked(asked_for, self._kept_by_body)
        theirs = theirs_asked(analysed.positive, self._ours, self._name_stems)
        return _Question(question, qterms, query, plain, forms, not_shares, excluded, rules_out,
                         analysed.current, analysed.positive, uncovered, unmatched,
                         out_of_period=period, period=asked, absent=absent,
                         keys=keys, theirs=theirs,
                         expired=expired(self._kept, asked, today, set(qterms), analysed.positive),
                         unkept=unkept_asked(self._unkept, set(qterms), question),
                         closed=closed_asked(self._closed, set(qterms), asked,
                                             analysed.positive),
                         unused=unused(analysed.positive, self._index_words),
                         dismissed=frozenset(by_name), common_absent=common,
                         common_alone=common_alone)  # fmt: skip

    def _as_activity_only(self, word: str) -> bool:
        """Whether the preamble writes ``word``'s stem only as an activity ("hearing") and
        ``word`` is no such form ("hear")."""
        forms = [f for f in self._absent_forms if set(terms(f)) & set(terms(word))]
        return bool(forms) and all(f.endswith("ing") for f in forms) \
            and not word.lower().endswith("ing")  # fmt: skip

    def _unwritten(self, names: frozenset[str]) -> frozenset[str]:
        """The ``names`` no card writes as such (case and all), though a card has a word
        of the same stem: only those cards' text is read, as for phrases (``unsaid``)."""
        return frozenset(
            w for w in names if self._lex.knows_a_form_of(stem(w.lower()))
            and not any(re.search(rf"\b{re.escape(w)}\b", text)
                        for text in self._texts_with((stem(w.lower()),))))  # fmt: skip

    def _owners(self) -> list[tuple[int, ...]]:
        """For each card, the askable cards its owner or contact field names by a name of
        theirs or their id ("Alan Pringle (Treasurer)", "Treasurer")."""
        by_stem = by_least_stem(
            (j, {*self._card_names[j], frozenset(terms(self._cards[j].id))})
            for j in np.flatnonzero(self._askable).tolist())
        out: list[tuple[int, ...]] = []
        for i, c in enumerate(self._cards):
            said = set(terms(f"{c.owner} {c.contact}")) if by_stem else set()
            out.append(tuple(sorted({j for j, _ in named_in(said, by_stem) if j != i})))
        return out

    def _sent(self, q: _Question) -> np.ndarray | None:
        """The cards that the NOT parts of the sources the question names send it to,
        scored by the idf of the question's words their item says, plus ``sent_base``
        when the asker dismissed the source ("the probe app doesn't have the van fridge
        readings": its NOT part's "van temperatures (delivery-notes)")."""
        if not self._senders:
            return None
        said = set(terms(q.text))
        out = np.zeros(len(self._cards), dtype=np.float32)
        named = self._senders_by.get("", set()).union(
            *(self._senders_by.get(t, ()) for t in said))
        for i in sorted(named):
            if not any(name <= said for name in self._card_names[i]):
                continue
            sends = self._sends[i]
            # (a source named as the place to look sends on only what its items say:
            # "the map of the shared drive" is no ask for what its NOT part names)
            base = self.config.sent_base if i in q.dismissed else 0.0
            for j, words in sends:
                score = base + sum(self._lex.term_idf(t) for t in words & q.plain.keys())
                if score > 0:
                    out[j] += score
                    q.sent_by.setdefault(j, i)
        return out if out.any() else None

    def _described(self, said: frozenset[str]) -> int | None:
        """The one card whose name holds every word of ``said`` (two or more), if any: the
        asker called it by part of its name ("the gov.uk MOT check" for GOV.UK "Check MOT
        history")."""
        if len(said) < 2:
            return None
        holders = {i for i, names in enumerate(self._card_names)
                   if any(said <= name for name in names)}  # fmt: skip
        return holders.pop() if len(holders) == 1 else None

    def _names_source(self, stems: list[str]) -> bool:
        """Whether ``stems`` are one card's name, no more and no less."""
        return frozenset(stems) in self._names \
            or (len(stems) > 1 and "".join(stems) in self._one_word_names)

    def _holding(self, stems: tuple[str, ...]) -> list[int]:
        """The cards whose own text has every one of ``stems``."""
        held = set(self._lex.positive_cards(stems[0]).tolist())
        for t in stems[1:]:
            held &= set(self._lex.positive_cards(t).tolist())
        return sorted(held)

    def _texts_with(self, stems: tuple[str, ...]) -> list[str]:
        """The routable text of each card whose own text has every one of ``stems``,
        outside its negations."""
        return [self._said_by(self._cards[i]) for i in self._holding(stems)]

    def _written(self, i: int) -> str:
        """Card ``i``'s own text, as written."""
        return " ".join(text for field, text in card_field_texts(self._cards[i]).items()
                        if field not in ("id", "kind", "pointed", "primer"))  # fmt: skip

    @staticmethod
    def _said_by(card: Card) -> str:
        """A card's routable text without what it says it does not hold ("air waybills
        are the forwarders', not ours"), each gotcha read on its own."""
        fields = card_field_texts(card) | {"gotchas": "."}
        return " ".join([*map(outside_negations, fields.values()),
                         *map(outside_negations, card.gotchas)])  # fmt: skip

    def _uncovered(self, text: str) -> tuple[float, tuple[str, ...]]:
        """Specificity-weighted share of the words in ``text`` that nothing here uses.

        Names (a capitalized word not opening a sentence: "Rotterdam", "Venlo") are
        instances, not subjects: a source of shipments covers every port, so they are
        left out. Acronyms ("PTO", "NPS") are subjects and stay.
        """
        total = missing = 0.0
        unmatched: list[tuple[float, str]] = []
        seen: set[str] = set()
        for match in _WORD.finditer(text):
            raw = match.group()
            word = raw.lower()
            name = raw[0].isupper() and not raw.isupper()  # "Venlo" is a name, "PTO" is not
            if word in seen or (name and not _opens_sentence(text, match.start())) \
                    or text.startswith(("'t", "’t"), match.end()):  # "won't"  # fmt: skip
                continue
            seen.add(word)
            stems = terms(word)
            if not stems:
                continue  # a stopword
            weight = specificity(word)
            total += weight
            # a word that says when ("ago", "yesterday") or how much ("a hundred quid")
            # is part of the question, never a subject the map should know
            if word not in TIME_WORDS and word not in _AMOUNT_WORDS and not any(
                self._lex.knows(t) or self.memory.knows(t) or self._lex.forms_of(t)
                for t in stems
            ):
                missing += weight
                if weight > 1.0:  # rarer than "today": worth naming to the asker
                    unmatched.append((weight, word))
        unmatched.sort(key=lambda wu: -wu[0])
        return (missing / total if total else 0.0), tuple(w for _, w in unmatched)

    def _lexical(self, q: _Question) -> np.ndarray:
        """BM25F over cards, plus the learned field once the memory holds answers."""
        weight = self.config.learned_field
        if weight <= 0 or not len(self.memory):
            return self._lex.score(q.query)
        learned: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        for t, per_card in self.memory.learned_field(q.query).items():
            hits = [(self._pos[c], tf) for c, tf in per_card.items() if c in self._pos]
            if not hits:
                continue
            for i, _ in hits:
                q.learned.setdefault(i, []).append(t)
            pos, tfs = zip(*hits, strict=True)
            learned[t] = (np.asarray(pos, dtype=np.int32),
                          q.query[t] * weight * np.asarray(tfs, dtype=np.float32))  # fmt: skip
        return self._lex.score_expanded(q.query, learned)

    def _finish(self, q: _Question, signals: list[Signal], recall: Recall,
                near: _Cosines | None) -> Ranking:  # fmt: skip
        cfg = self.config
        fused = rrf(signals, cfg.rrf_k)
        known: dict[int, dict[str, int]] = {}  # card -> its term mask, computed once
        if cfg.w_coverage > 0 and not any(votes.score for votes in recall.votes):
            fused = self._with_coverage(fused, q, known)
        if cfg.asker_weight > 0 and self._askers is not None:
            # people and channels by how likely the question is to want someone to ask
            factor = math.exp(cfg.asker_weight * (q.asker - cfg.asker_center))
            fused = {i: s * factor if self._askable[i] else s for i, s in fused.items()}
        elif cfg.unasked_human_factor < 1.0 and not may_ask_for_person(q.embed_text):
            fused = {i: s * cfg.unasked_human_factor if self._askable[i] else s
                     for i, s in fused.items()}
        adj = apply_declarations(
            fused, self._cards, self._succs, q.embed_text, q.not_shares,
            q.excluded, not_strength=cfg.not_strength,
            excluded_strength=cfg.excluded_strength, current=q.current,
            demoted_factor=cfg.demoted_factor,
            draft_factor=cfg.draft_factor, trust_factors=self._trust,
            health_weight=cfg.health_weight, out_of_period=q.out_of_period,
            period_factor=cfg.period_factor, dismissed=q.dismissed,
        )  # fmt: skip
        score = adj.score
        pinned = recall.pinned(cfg.max_pinned)
        for i in pinned:
            score.setdefault(i, 0.0)
        order = ordered(score, pinned, signals)[: max(cfg.full_depth, 10)]
        floor = min(len(self._cards), 10)
        if len(order) < floor:  # pad with unmatched cards so hit@10 is defined
            seen = set(order)
            order += [i for i in range(len(self._cards)) if i not in seen][: floor - len(order)]

        top = score.get(order[0], 0.0)
        # the fused score of a card that every signal ranked first
        # (a signal that found nothing still counts: it did not agree)
        ceiling = sum(max(0.0, s.weight) for s in signals) / (cfg.rrf_k + 1) or 1.0
        lift_base = float(np.median(near.cos)) if near is not None else 0.0
        full: list[Scored] = []
        evidence: list[float] = []
        own: list[float] = []  # each card's confidence before it is held under the one above
        first, second = self._top_two(q.lex)
        previous = 1.0
        leads: list[float] = []
        missing = [i for i in order if i not in known]
        known.update(zip(missing, self._lex.masks(missing, q.query), strict=True))
        masks = [known[i] for i in order]
        covered = self._lex.coverages(masks, q.plain)
        if q.answers_for:
            # who answers for a source the question matches is as well supported as it
            covers = dict(zip(order, covered, strict=True))
            covered = [max(share, covers.get(q.answers_for.get(i, -1), 0.0))
                       for i, share in zip(order, covered, strict=True)]  # fmt: skip
        for i, mask, share in zip(order, masks, covered, strict=True):
            ev = self._evidence(i, share, q, near, lift_base, recall)
            lead = self._margin(float(q.lex[i]), first, second)
            leads.append(lead)
            decisive = (min(1.0, score.get(i, 0.0) / ceiling) + lead) / 2
            conf = math.sqrt(ev * decisive) * score.get(i, 0.0) / top if top > 0 else 0.0
            if i in pinned:
                conf = max(conf, recall.pins[i])
            own.append(conf)
            conf = previous = min(conf, previous)
            evidence.append(ev)
            card = self._cards[i]
            reasons = self._reasons(i, mask, q, near, recall, adj.notes.get(i, []), i in pinned)
            full.append(Scored(card.id, round(conf, 4), reasons, i in pinned, card.extends))
        if self._inherits(full, own):
            # the successor held first is where what its predecessor matched lives now:
            # it is as sure as that match, not held at none ("When did Margaret first
            # join?" matched on the old members spreadsheet is asked of the register that
            # replaced it)
            own[0] = own[1]
            held = 1.0
            for k, scored in enumerate(full):
                held = min(own[k], held)
                full[k] = replace(scored, confidence=round(held, 4))
        elif self._reranks(full, recall, q):
            self._rerank(full, own, evidence,
                         Leaders(order, covered, masks, leads, fused, adj.score), q, signals)
        elif self._explains_more(full, own, q):
            _move(full, evidence, 1, 0, "explains more of the question than the first")
            # each holds its own confidence under the one above it, in the new order,
            # from the first place's (or its own, when the card it passed had none: that
            # held every card at none, which read as nowhere)
            own[0], own[1] = own[1], own[0]
            held = 1.0 if full[0].confidence == 0 else full[0].confidence
            for k, scored in enumerate(full):
                held = min(own[k], held)
                full[k] = replace(scored, confidence=round(held, 4))
        if not self._whole_first(full, evidence, asks_whole(q.text)):
            self._cluster_after_children(full, evidence)
        return self._verdict(full, evidence, q, recall, adj)

    def _with_coverage(self, fused: dict[int, float], q: _Question,
                       known: dict[int, dict[str, int]]) -> dict[int, float]:  # fmt: skip
        """The leading cards' fused scores plus ``w_coverage`` times the idf share of the
        query their text has (its inventory, ``contains``, aside), at the scale of the
        first card's, rescaled so the best keeps the first's score. The cards' term masks
        are left in ``known``.

        Rank fusion hears one rare word a card repeats as loudly as several words a card
        has once; this puts back how much of the question each card answers. Called only
        before past questions vote: once they do, what worked decides.
        """
        if not fused:
            return fused
        lead = sorted(fused, key=lambda i: (-fused[i], i))[: max(self.config.full_depth, 10)]
        top = fused[lead[0]]
        lift = self.config.w_coverage * top
        masks = self._lex.masks(lead, q.query)
        known.update(zip(lead, masks, strict=True))
        out = dict(fused)
        shares = self._lex.coverages(masks, self._by_english(q.query, q), ("contains",),
                                     self.config.contains_coverage,
                                     self.config.contains_coverage_terms)  # fmt: skip
        for i, share in zip(lead, shares, strict=True):
            out[i] += lift * share
        scale = top / max(out[i] for i in lead)
        return {i: s * scale for i, s in out.items()}

    def _by_english(self, query: dict[str, float], q: _Question) -> dict[str, float]:
        """``query`` with each term weighed by how specific its word is in English too
        (``generic_ref``, ``generic_floor``)."""
        ref, floor = self.config.generic_ref, self.config.generic_floor
        if ref <= 0:
            return query
        return {t: w * min(1.0, max(floor, specificity(q.forms.get(t, t).lower()) / ref))
                for t, w in query.items()}

    def _names_whole(self, cluster: str, words: str) -> bool:
        """Whether ``words`` name what cluster ``cluster`` is made of: words of its own
        text or its children's ids ("repos" and ``repo-billing``)."""
        card, at = self.index.cards[cluster], self._pos[cluster]
        ids = set(terms(" ".join(c.replace("-", " ") for c in card.children)))
        return any(t in ids or at in self._lex.positive_cards(t).tolist()
                   for t in terms(words))  # fmt: skip

    def _inherits(self, full: list[Scored], own: list[float]) -> bool:
        """Whether the first card, with no confidence of its own, supersedes the second,
        which has some."""
        return len(full) > 1 and not full[0].pinned and own[0] == 0 < own[1] \
            and self._pos[full[0].card_id] in self._succs.get(self._pos[full[1].card_id], ())

    def _reranks(self, full: list[Scored], recall: Recall, q: _Question) -> bool:
        """Whether the re-ranking decides the order of the first candidates: there is a
        model, nothing is pinned, and no past question votes (once they do, what worked
        decides, as for ``w_coverage``)."""
        return self._reranking(q) is not None and len(full) > 1 and not full[0].pinned \
            and not any(votes.score for votes in recall.votes)  # fmt: skip

    def _reranking(self, q: _Question) -> Reorders | None:
        """The re-ranking given, or the one shipped for the configuration the embedders
        make (the default's covers both its passes: static word vectors, then e5)."""
        if self._reranker != "shipped":
            return self._reranker
        return shipped_reranker("default" if self._cache is not None
                                else "static" if self._static is not None else "lexical")

    def _parts(self, i: int, q: _Question) -> tuple[float | None, ...]:
        """The static cosines of the question with card ``i``'s discriminator, contents
        and nearest example query (None: no word vectors, or no example)."""
        if q.static is None or self._part_vectors is None:
            return None, None, None
        cos = self._part_vectors.of(i) @ q.static
        return float(cos[0]), float(cos[1]), float(cos[2:].max()) if len(cos) > 2 else None

    def _rerank(self, full: list[Scored], own: list[float], evidence: list[float],
                lead: Leaders, q: _Question, signals: list[Signal]) -> None:  # fmt: skip
        """The first candidates in the re-ranking's order, in place. Each place keeps its
        confidence, or takes its card's own held under the place above when that is higher,
        so how sure the answer is hardly changes, only which card is first; what the
        question set aside is not put first, and of a card and its successor, the one the
        declarations put first stays first."""
        reranking = self._reranking(q)
        assert reranking is not None
        n = min(len(full), DEPTH)
        at = {i: k for k, i in enumerate(lead.order[:n])}
        ranks: list[dict[str, int]] = [{} for _ in range(n)]
        for sg in signals:
            for i, r in zip(sg.order, sg.ranks, strict=True):
                if i in at:
                    ranks[at[i]].setdefault(sg.name, r)
        cands = []
        fields = self._lex.field_shares(lead.masks[:n], q.plain)
        for k, i in enumerate(lead.order[:n]):
            what_cos, contains_cos, example_cos = self._parts(i, q)
            cands.append(Candidate(
                own=own[k], held=full[k].confidence, evidence=evidence[k],
                score=lead.score.get(i, 0.0), fused=lead.fused.get(i, 0.0),
                coverage=lead.covered[k], lexical=float(q.lex[i]), lead=lead.leads[k],
                static_cos=None if q.static_cos is None else float(q.static_cos[i]),
                semantic_cos=None if q.semantic_cos is None else float(q.semantic_cos[i]),
                ranks=ranks[k], askable=bool(self._askable[i]),
                excluded=q.excluded.get(i, (0.0, []))[0],
                not_only=q.not_shares.get(i, (0.0, []))[0],
                rules_out=float(q.rules_out[i]) if len(q.rules_out) else 0.0,
                out_of_period=i in q.out_of_period, dismissed=i in q.dismissed,
                pinned=full[k].pinned, reasons=len(full[k].reasons),
                superseded=bool(self._succs.get(i)),
                successor=any(i in self._succs.get(j, ()) for j in at),
                cluster_child=bool(full[k].via_cluster),
                secondary=self._cards[i].trust == "secondary",
                archive=self._cards[i].trust == "archive",
                external=self._cards[i].scope == "external",
                fields=tuple(fields[k].tolist()),
                example_cos=example_cos, what_cos=what_cos,
                contains_cos=contains_cos))  # fmt: skip
        ctx = Context(q.asker, q.seldom, float(q.lex.max()) if len(q.lex) else 0.0,
                      None if q.static_cos is None else float(q.static_cos.max()),
                      None if q.semantic_cos is None else float(q.semantic_cos.max()))
        new = reranking.order(describe(cands, ctx), [s.card_id for s in full[:n]])
        barred = [k for k, c in enumerate(cands) if k and (c.excluded or c.out_of_period
                                                           or c.dismissed)]  # fmt: skip
        if new[0] in barred:  # what the question set aside is not put first
            new.insert(0, new.pop(next(j for j, k in enumerate(new) if k not in barred)))
        new = self._successions_kept(new, lead.order)
        if new[:n] == list(range(n)):
            return
        moved = [full[k] for k in new[:n]]
        if new[0] != 0:
            moved[0] = replace(moved[0], reasons=(_RERANKED, *moved[0].reasons))
        # each place as sure as it was, or as its card is, held under the place above
        # (a first card of no confidence passed by one with some no longer holds all at none)
        held = 1.0
        for k, scored in enumerate(moved):
            held = max(full[k].confidence, min(own[new[k]], held))
            moved[k] = replace(scored, confidence=round(held, 4))
        full[:n] = moved
        evidence[:n] = [evidence[k] for k in new[:n]]
        own[:n] = [own[k] for k in new[:n]]

    def _successions_kept(self, new: list[int], order: list[int]) -> list[int]:
        """``new`` with each card and its successor in the order they had before."""
        new = list(new)
        for _ in range(len(new) ** 2):
            swap = next(((a, b) for a in range(len(new)) for b in range(a + 1, len(new))
                         if new[b] < new[a] and self._succeeds(order[new[a]], order[new[b]])),
                        None)  # fmt: skip
            if swap is None:
                break
            a, b = swap
            new.insert(a, new.pop(b))
        return new

    def _succeeds(self, i: int, j: int) -> bool:
        return i in self._succs.get(j, ()) or j in self._succs.get(i, ())

    def _explains_more(self, full: list[Scored], own: list[float], q: _Question) -> bool:
        """Whether the second card's own confidence is ``reorder_ratio`` times the first's,
        so it goes first; never a card the asker ruled out, one set aside for the period
        asked, or one the first supersedes (the declarations settled those)."""
        ratio = self.config.reorder_ratio
        if ratio <= 0 or len(full) < 2 or full[0].pinned \
                or not 0 < own[1] >= ratio * own[0]:
            return False
        second = self._pos[full[1].card_id]
        return second not in q.excluded and second not in q.out_of_period \
            and self._pos[full[0].card_id] not in self._succs.get(second, ())  # fmt: skip

    def _whole_first(self, full: list[Scored], evidence: list[float], whole: str) -> bool:
        """When the question asks about a whole instance ("search all our repos at once")
        and names what the cluster of the leading child is made of, that cluster comes
        first. In place; whether it moved."""
        parent = full[0].via_cluster if full else ""
        if not (whole and parent and self._names_whole(parent, whole)):
            return False
        at = next((j for j, s in enumerate(full) if s.card_id == parent), None)
        if at is None:
            return False
        _move(full, evidence, at, 0, "the whole of which a leading candidate is part")
        return True

    def _cluster_after_children(self, full: list[Scored], evidence: list[float]) -> None:
        """When two of the first three are children of one cluster, the cluster itself
        comes second: the question may be about the whole (example org: cluster-top
        questions hit@5 0.25 -> 0.75, the others unchanged). In place."""
        parents = Counter(s.via_cluster for s in full[:3] if s.via_cluster)
        if not parents:
            return
        parent, n = parents.most_common(1)[0]
        at = next((j for j, s in enumerate(full) if s.card_id == parent), None)
        if n < 2 or at is None or at < 3:
            return
        _move(full, evidence, at, 1, "the cluster of several leading candidates")

    # --- confidence, verdict, reasons -------------------------------------------------

    @staticmethod
    def _top_two(lex: np.ndarray) -> tuple[float, float]:
        if len(lex) < 2:
            return (float(lex[0]) if len(lex) else 0.0), 0.0
        second, first = np.partition(lex, len(lex) - 2)[-2:]
        return float(first), float(second)

    @staticmethod
    def _margin(lex_i: float, first: float, second: float) -> float:
        """How far a card scoring ``lex_i`` leads the best other card lexically."""
        if lex_i <= 0 or lex_i < first:
            return 0.0
        return max(0.0, 1.0 - second / lex_i)

    def _evidence(self, i: int, covered: float, q: _Question, near: _Cosines | None,
                  lift_base: float, recall: Recall) -> float:  # fmt: skip
        """Absolute support for card ``i`` (whose text has ``covered`` of the question's
        idf mass) in 0..1, by noisy-OR over the signals."""
        cfg = self.config
        parts = [min(1.0, covered / cfg.coverage_full)]
        if near is not None:
            # How far this card stands above the typical card for this question: raw
            # cosines of unrelated texts are already high (~0.8 for e5), lifts are not.
            span = max(1e-6, cfg.lift_full - cfg.lift_floor)
            lift = (float(near.cos[i]) - lift_base) * near.lift_scale
            parts.append(min(1.0, max(0.0, (lift - cfg.lift_floor) / span)))
        card_id = self._cards[i].id
        for votes in recall.votes:
            if votes.score.get(card_id, 0.0) > 0:
                parts.append(min(1.0, votes.best[card_id][0]))
        miss = 1.0
        for p in parts:
            miss *= 1.0 - p
        return 1.0 - miss

    def _verdict(self, full: list[Scored], evidence: list[float], q: _Question,
                 recall: Recall, adj: Adjusted) -> Ranking:  # fmt: skip
        """``adj``: the declarations applied, for the cards set aside for the period."""
        leader_out, set_aside_at = adj.leader_out_of_period, adj.set_aside
        cfg = self.config
        first = full[0]
        lead = self._pos[first.card_id]
        if leader_out and q.period is not None and not self._holds(lead, q):
            self._old_source_first(full, evidence, q, adj)
            first = full[0]
            lead = self._pos[first.card_id]
        elif self._dated_first(full, evidence, q):
            first = full[0]
            lead = self._pos[first.card_id]
        if q.expired:
            # a retention said of a successor by name says nothing of what its
            # predecessor kept ("parent app messages 2 years" of the old app's forms)
            q.expired = tuple(w for w in q.expired
                              if not self._named_in.get(w, set()).intersection(
                                  self._succs.get(lead, ())))
        if not q.unkept and lead in self._own_unkept:
            q.unkept = unkept_asked(self._own_unkept[lead], set(q.qterms), q.text)
        if q.period is not None and not q.expired:
            q.expired = self._kept_by(lead, q) or self._chat_gone(full, q) or (expired(
                self._own_kept[lead], q.period, self._today or date.today(), set(q.qterms),
                q.embed_text) if lead in self._own_kept else ())
        elif q.expired and lead in adj.old_period and self._periods.spans(lead) \
                and self._periods.holds(lead, q.period, q.out_of_period):
            # the old source asked for its period says it holds that time: a retention
            # the question names only by what modifies its subject is of something else
            # ("taproom CCTV 21 days" for "the taproom's takings in 2019")
            named = expired(self._kept, q.period, self._today or date.today(),
                            set(q.qterms), q.embed_text, strict=True)
            q.expired = tuple(w for w in q.expired if w in named)  # none said of a successor
        if q.expired and self._periods.spans(lead) \
                and self._periods.holds(lead, q.period, q.out_of_period):  # fmt: skip
            # the first card says it holds the time asked: what the preamble says nothing
            # at all survives of is what it does not hold
            q.expired = tuple(w for w in q.expired if w not in self._universal)
        if q.expired:
            # the first card's own example asks for the thing kept in the year asked: it
            # says it holds it, whatever the preamble says is kept ("install sheets 6
            # years" against the archive's "signed install sheet for the signs, 2019")
            q.expired = tuple(w for w in q.expired if not any(
                self._periods.asks_about(lead, q.period, key)
                for key in self._kept_keys.get(w, ())))
        support = round(first.confidence - cfg.uncovered_penalty * q.uncovered, 4)
        set_aside = tuple((self._cards[i].id, q.out_of_period[i]) for i in set_aside_at)
        nothing = recall.nothing_here(cfg.nothing_clients)
        # another body's own records, and the best match is one of the organization's own
        theirs = q.theirs if self._cards[lead].scope != "external" else ()
        # ... nor of a body the first card is named for ("the MCA's own survey report",
        # first "mca-survey-files")
        theirs = tuple(name for name in theirs if not set(terms(name)) <= self._id_stems[lead])
        denied: tuple[str, ...] = ()
        floor = max(cfg.min_confidence, cfg.cut_ratio * first.confidence)  # of the candidates
        if q.absent and ((first.confidence >= cfg.confident_at
                          and set(q.absent) <= set(q.common_absent))
                         or (first.confidence >= cfg.absent_alone_overruled_at
                             and set(q.absent) <= {*q.common_absent, *q.common_alone})):
            q.absent = ()  # common words in another sense: the sources answer it
        if first.pinned:
            verdict = "confident"
        elif nothing or (q.absent and cfg.absent_is_nowhere) or q.expired or theirs \
                or q.unkept or q.closed or q.unused or self._periods.shut(lead, q.period) \
                or lead in q.out_of_period:  # fmt: skip
            # the log knows (askers of this very question found nothing), or the index
            # says the organization has no such thing, or keeps it less long than asked
            # or not at all, or it asks for another body's own records, or for a product
            # the index never mentions (the organization's Jira board), or for a place
            # since it closed, or for a time the thing of the first card did not happen,
            # or the first card holds nothing of the time asked and no older one does
            verdict = "nowhere"
        elif first.confidence >= cfg.confident_at:
            verdict = "confident"
        elif denied := self._denied(q, lead):
            # nearer what the organization says it does not do than to any source
            verdict = "nowhere"
        elif (support < cfg.nowhere_below and not self._someone_to_ask(q, full, floor)) or (
            leader_out and ((first.confidence < cfg.period_first_below
                             and not self._example_asks(lead, q))
                            or not self._holds(self._pos[first.card_id], q))
        ) or self._lapsed(adj, lead, q, first.confidence):
            verdict = "nowhere"
        else:
            verdict = "uncertain"
        phrased = 0.0
        # (the better a source matches it, the surer of that the model must be)
        needed = cfg.phrased_nowhere + cfg.phrased_nowhere_slope * max(0.0, support)
        if verdict != "nowhere" and not first.pinned and cfg.phrased_nowhere < 1.0 \
                and support < cfg.phrased_nowhere_below and q.seldom > needed:  # fmt: skip
            # put the way questions with nowhere to look are, and no source matches it well
            verdict, phrased = "nowhere", round(q.seldom, 3)
        if verdict == "nowhere":
            # a person or channel to ask, when one fits as well as a candidate must
            humans = [s for s, ev in zip(full, evidence, strict=True)
                      if ev > 0 and s.confidence >= cfg.min_confidence
                      and self.index.cards[s.card_id].kind in HUMAN_KINDS]  # fmt: skip
            return Ranking(tuple(humans[:1]), verdict, tuple(full), support, q.unmatched,
                           nothing, set_aside, q.absent, q.expired, theirs, q.unkept, q.closed,
                           denied, q.unused, phrased)
        cut = [s for s in full if s.pinned or s.confidence >= floor][: cfg.max_candidates]
        return Ranking(tuple(cut), verdict, tuple(full), support, q.unmatched, nothing,
                       set_aside, q.absent, q.expired, theirs, q.unkept, q.closed)

    def _dated_first(self, full: list[Scored], evidence: list[float], q: _Question) -> bool:
        """A question for a time gone by, whose first card says nothing of when or only when
        it began: the first source of the next few that says, by its own dates, it holds
        all of that time and has ended goes first ("how fast were we going through pear
        drops in 2021": the red paper stock books, January 2016 to March 2023, not the
        suppliers' spec sheets, nor the spec sheets "since 2020")."""
        cfg = self.config
        asked = q.period
        if asked is None or cfg.dated_close > 1 or asked.end >= (
                self._today or date.today()) - timedelta(days=_RECENT_DAYS):
            return False
        lead = self._pos[full[0].card_id]
        if full[0].pinned or self._periods.ended(lead) or lead in q.out_of_period:
            return False
        for k, s in enumerate(full[1 : cfg.dated_among], start=1):
            if s.confidence < cfg.dated_close * full[0].confidence:
                return False
            i = self._pos[s.card_id]
            if i not in q.out_of_period and self._periods.bounds(i, asked):
                _move(full, evidence, k, 0, "its own dates hold the time asked and end; the "
                      "first's do not")  # fmt: skip
                return True
        return False

    def _old_source_first(self, full: list[Scored], evidence: list[float], q: _Question,
                          adj: Adjusted) -> None:  # fmt: skip
        """The first old source (superseded, or asked about for its period) that holds
        the period asked and fits nearly as well as the first card, which does not hold
        it, moved first."""
        for k, s in enumerate(full[1:4], start=1):
            i = self._pos[s.card_id]
            if (i in adj.old_period or i in self._succs) and self._holds(i, q) \
                    and s.confidence >= self.config.old_period_close * full[0].confidence:
                _move(full, evidence, k, 0, "holds the period asked, which the first does not")
                return

    def _lapsed(self, adj: Adjusted, lead: int, q: _Question, confidence: float) -> bool:
        """Whether the card that best fitted the question was set aside because it keeps
        the thing asked for less long than asked, or because it starts after the time
        asked and is the first of its line (no card it supersedes holds the years
        before), and the first card left is not an old source the question asks about
        for its period, of the same line or fitting well (``confidence``, its own, at
        least ``lapsed_other_below``): what is gone from where it was kept, or was never
        kept there, is in none of the others ("the recording of a booking call from last
        February" is not in the booking system, which matches it less well; "fridge
        temperatures from August 2018" are not in the licensing file when the kitchen's
        diaries start in 2021, nor in the old hotel system's archive). A person left first
        whose card says they were there then remembers it ("managing director 1979 to
        2017" for what was made in the 1970s)."""
        best, wanted = adj.leader, set(q.qterms)
        if best is None or best not in q.out_of_period \
                or (self._cards[lead].kind == "person"
                    and self._periods.holds(lead, q.period, q.out_of_period)) or (
                lead in adj.old_period and (self._one_line(lead, best, wanted)
                                            or confidence >= self.config.lapsed_other_below)):
            return False
        return (best not in self._newer and self._periods.starts_after(best, q.period, wanted)) \
            or self._periods.lapsed(best, q.period, self._today or date.today(), wanted)

    def _example_asks(self, i: int, q: _Question) -> bool:
        """Whether an example of card ``i`` asks about a year of the time asked in at
        least two of the question's words ("what our tups averaged at the 2016 Swaledale
        tup sale" for the 2016 tup sale): a weak match is then the place it points to."""
        return sum(self._periods.asks_about(i, q.period, t) for t in set(q.qterms)) >= 2

    def _one_line(self, i: int, j: int, wanted: set[str]) -> bool:
        """Whether cards ``i`` and ``j`` are of one line: one supersedes the other, they
        share a successor, or their ids share a word the question says ("incidents-legacy"
        and "incident-tracker" for "incident timelines from 2019")."""
        return j in self._succs.get(i, ()) or i in self._succs.get(j, ()) \
            or bool(set(self._succs.get(i, ())) & set(self._succs.get(j, ()))) \
            or bool(self._id_stems[i] & self._id_stems[j] & wanted)

    def _someone_to_ask(self, q: _Question, full: list[Scored], floor: float) -> bool:
        """Whether the question asks who to ask ("Who can agree to that?") and a person
        or channel is among the candidates it would get (``floor``: the confidence they
        need): words the sources do not use are then no reason to say there is nowhere
        to ask."""
        if not asks_for_person(q.embed_text):
            return False
        return any(s.confidence >= floor and self.index.cards[s.card_id].kind in HUMAN_KINDS
                   for s in full[: self.config.max_candidates])  # fmt: skip

    def _denied(self, q: _Question, lead: int) -> tuple[str, ...]:
        """The preamble's statement of what the organization does not do or have that the
        question is nearer, by ``denial_margin`` in static word vectors, than it is to any
        card ("We do not dispense veterinary prescriptions" for a dog's tablets); a short
        one (``denial_short_words``) only when the question names what it denies. One
        whose denied thing or doer the person or channel ``lead`` is named by sends the
        asker there."""
        if q.static is None or q.static_cos is None or not self._denials:
            return ()
        vec, cos = q.static, q.static_cos
        if self._static is not None and _ASKERS_PAST.search(q.embed_text):
            # read without where the asker comes from ("I've come over from a brewery")
            vec = self._static.embed_queries([_ASKERS_PAST.sub(" ", q.embed_text)])[0]
            cos = self._static_vectors @ vec if self._static_vectors is not None else cos
        near = self._denial_vectors @ vec
        k = int(near.argmax())
        card = float(cos.max())
        if near[k] - card <= self.config.denial_margin:
            return ()
        if len(self._denials[k].split()) <= self.config.denial_short_words \
                and not self._denied_terms[k] & set(q.qterms):  # fmt: skip
            return ()  # "Beck House has no lift" for a burst pipe at Beck House
        if q.period is not None and self._denial_years[k] and not any(
                q.period.start.year <= y <= q.period.end.year for y in self._denial_years[k]):
            # a span of years the statement is bound to, that the time asked is outside
            return ()  # "the scoring files of 2004 to 2012 were not kept" for last year's
        if self._askable[lead]:
            # what it denies, or who it says does it, is in the name of the person or
            # channel leading: the asker is sent there ("the head cider maker" for "We do
            # not sell cider online"; "the bookkeeper" for "payroll is run by the
            # bookkeeper's payroll bureau")
            holder = _HOLDER.search(self._denials[k])
            said = self._denied_terms[k] | set(terms(holder.group(1)) if holder else ())
            if any(name & said for name in self._card_names[lead]):
                return ()
        return (self._denials[k],)

    def _names_any(self, words: frozenset[str]) -> bool:
        """Whether a source or the organization's own name uses a form of ``words``."""
        return bool(words & self._ours) or any(map(self._lex.knows_a_form_of, words))

    def _holds(self, i: int, q: _Question) -> bool:
        """Whether card ``i`` holds the time ``q`` asks about: its own text says so, or
        it is what came before a successor that starts after that time (an archive of
        paper batch records "from before the eBR", the eBR "since 2021-09"), unless its own
        text says it does not ("Sage 50, April 2012 to March 2020" for 2009)."""
        if i in q.out_of_period:
            return False
        if any(s in q.out_of_period for s in self._succs.get(i, ())):
            return True
        if q.period is not None and i not in self._succs \
                and self._cards[i].status == "active" \
                and q.period.start >= (self._today or date.today()) - timedelta(days=_RECENT_DAYS):
            return True  # days ago, or to come: a current source holds it unless it says not
        return self._periods.holds(i, q.period, q.out_of_period)

    def _kept_by_name(self) -> dict[int, tuple[tuple[Kept, ...], frozenset[str]]]:
        """Card position -> the preamble's retentions said of it by name ("ColdWatch
        temperature readings are kept two years"), and the words that name it there. A
        chat channel is named by what its own text says it is ("Teams chat messages are
        deleted after 12 months" and a channel "in Teams"). A span counted from a later
        event ("7 years after an animal's last visit") says nothing of the time asked."""
        out: dict[int, tuple[tuple[Kept, ...], frozenset[str]]] = {}
        timed = [k for k in self._kept if not k.from_event]
        for i, card in enumerate(self._cards if timed else ()):
            if card.kind == "chat-channel":
                own = frozenset(terms(f"{card.kind} {card.what} {card.how}"))
                said = tuple(k for k in timed if k.subject & own)
                naming = frozenset().union(*(k.subject & own for k in said))
            elif card.kind in HUMAN_KINDS:
                continue
            else:
                # (not by the organization's own name: "the Rockcliffe Dropbox" is not
                # "the rockcliffe@ mailbox")
                names = [n for n in self._card_names[i] if not n <= self._ours]
                said = tuple(k for k in timed if any(n <= k.subject for n in names))
                naming = frozenset().union(*names)
            if said:
                out[i] = (said, naming)
        return out

    def _kept_by(self, i: int, q: _Question) -> tuple[str, ...]:
        """The retentions said of card ``i`` by name that the time asked is past, when
        ``i`` leads: a question routed there asks about what that source keeps, named or
        not."""
        if i not in self._kept_of:
            return ()
        said, naming = self._kept_of[i]
        return expired(said, q.period, self._today or date.today(), set(q.qterms) | naming,
                       q.embed_text)

    def _chat_gone(self, full: list[Scored], q: _Question) -> tuple[str, ...]:
        """The retentions said of a chat channel among the first candidates, or by its
        own text, that the time asked is past, when the question asks for what was said
        in a chat ("the #eng-help thread from early 2024", "what the lads said in the crew
        WhatsApp group in 2023"): the messages are gone wherever else it is looked for."""
        if not asks_for_chat(q.embed_text):
            return ()
        today = self._today or date.today()
        for s in full[: self.config.chat_among]:
            i = self._pos[s.card_id]
            if self._cards[i].kind != "chat-channel":
                continue
            if gone := self._kept_by(i, q):
                return gone
            kept = self._chat_kept.get(i)
            if kept and q.period is not None and q.period.end < today - timedelta(days=kept[0]):
                return (f"{self._cards[i].id} keeps only the last {kept[1]}",)
        return ()

    def _field_label(self, card_id: str, name: str, hits: list[str]) -> str:
        """How a reason names a field; for text the rest of the map wrote, who wrote it."""
        if name not in self._writers:
            return name
        wanted = set(hits)
        by = [who for who, words in self._writers[name].get(card_id, ()) if wanted & words]
        if not by:
            return name
        what = "" if name == "pointed" else "the foundation document "
        return what + ", ".join(dict.fromkeys(by))

    def _reasons(self, i: int, mask: dict[str, int], q: _Question, near: _Cosines | None,
                 recall: Recall, notes: list[str], pinned: bool) -> tuple[str, ...]:  # fmt: skip
        card = self._cards[i]
        out: list[str] = []
        if pinned:
            out.append("pinned: a near-identical past question was answered here")
        out.extend(notes)
        if i in q.keys:
            out.append(f"its records carry keys like {q.keys[i]}")
        for votes in recall.votes:
            won, lost = votes.support.get(card.id, 0), votes.against.get(card.id, 0)
            if won:
                out.append(f"worked for {won} similar past question{'s' * (won > 1)}")
            if lost:
                out.append(f"failed for {lost} similar past question{'s' * (lost > 1)}")
            if won or lost:
                break
        for name, hits in self._lex.fields_of(mask).items():
            words = ", ".join(f"'{q.forms.get(t, t)}'" for t in hits[:3])
            out.append(f"{self._field_label(card.id, name, hits)} matches {words}")
        if q.learned.get(i):
            words = ", ".join(f"'{q.forms.get(t, t)}'" for t in q.learned[i][:3])
            out.append(f"questions answered here used {words}")
        if i in q.answers_for:
            out.append(f"answers for {self._cards[q.answers_for[i]].id} (its owner or contact)")
        if i in q.sent_by:
            out.append(f"the NOT part of {self._cards[q.sent_by[i]].id}, which the question "
                       "names, sends it here")
        if near is not None:
            out.append(f"{near.reason} (cosine {float(near.cos[i]):.2f})")
        if card.extends:
            out.append(f"in cluster {card.extends}")
        return tuple(out[:7])


def _now_only(what_not: str) -> frozenset[str]:
    """The words of ``what_not``'s items about now ("NOT current intakes") that none of
    its other items uses."""
    items = _NOT_ITEMS.split(BRACKETED.sub(" ", what_not))
    now = {t for item in items if _NOW.search(item) for t in terms(item)}
    return frozenset(now - {t for item in items if not _NOW.search(item) for t in terms(item)})
