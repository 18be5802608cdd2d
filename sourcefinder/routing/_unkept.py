"""What the index's preamble says is never kept at all.

"DBS certificates are never kept, only the certificate number and date", "we never
store subscribers' card numbers (Zuora keeps a token)", "we never see or store full card
numbers", "we record the date of a DBS check, never a copy of the certificate": a
question asking for such a thing has nowhere to look, whenever it asks about. What is
kept instead ("only the certificate number and date") is still asked for: a question that
names it is left alone.

Narrow on purpose:
- a statement with a year in it says what was lost before a time, and is read as a
  retention (``_period``), not here (a year in an aside that is a clause of its own is
  the aside's);
- a thing is named by at least two words ("card numbers", "copy of the certificate"),
  and a question names it only with all of them: "has his DBS come back?" does not ask
  for "DBS certificates";
- whose it is ("subscribers' card numbers") does not name it;
- what goes to someone else is never kept ("DBS certificates are posted to the
  individual"; "... go to the applicant" only with "alone", "only" or "not us"), and
  what is kept instead may be said in the clause or sentence after ("; we record only
  the number");
- what is "never recorded" (or "has never been recorded") is asked for as a recording of
  it, or by listening to it, and by its head alone ("phone calls are not recorded": the
  recording of yesterday's call); so is what the organization says it never records or
  films ("we do not record phone calls", "we don't record or film gigs"). Each thing of
  a list names a thing of its own ("AGMs and talks are not recorded": a recording of
  the AGM), and so does a word listed before a shared head ("telephone and video
  interpreting calls are never recorded": a recording of a telephone interpreting call)
  and the thing before where it goes ("calls to the branches and to head office are not
  recorded": a recording of a call).

A thing that has ended says what it left, with a year that is when it ended: "its support
tickets and call recordings were not kept" (after "Dalesnet's account records were
exported"), "we sold The Pelican Harbor Times in 2018 and kept none of its records", "the
audio-guide app was withdrawn in 2019 and nothing from it was kept", "The old Facebook
page was deleted in January 2022 with all its messages". Each such thing is
named with whose it was ("Dalesnet support tickets"; with each of the names listed
together: "Four homes (Ashgrove Court, ... and The Beeches) were sold ..., and their care
records went with the homes"), or is the name alone when nothing of it was kept (of two
words or more, or of one that is no English word: "We left Teleflorist in 2019 and kept
nothing from it"); with no name to say whose, nothing is read.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass

from sourcefinder.routing._period import LISTEN_WORDS
from sourcefinder.routing._priors import years_in
from sourcefinder.routing._rarity import specificity
from sourcefinder.routing._text import BRACKETED, ends_marked, terms

# "are never kept", "were not copied or kept", "is never stored", "are not tracked"
_PASSIVE = re.compile(
    r"\b(?:(?:is|are|was|were)\s+(?:never|not)|(?:has|have|had)\s+(?:never|not)\s+been)\s+"
    r"(?:(?:copied|stored|kept|scanned)\s+or\s+)?"
    r"(?:kept|stored|copied|retained|held|saved|scanned|recorded|tracked|logged)\b",
    re.IGNORECASE,
)
# "DBS certificates are posted to the individual", "DBS certificates go to the applicant,
# never to the club": the organization never has them
_HOLDER = r"(?:individual|applicant|person|volunteer|candidate|employee|holder)s?"
_GIVEN_AWAY = re.compile(
    rf"\b(?:is|are)\s+(?:only\s+)?(?:posted|sent|issued|given)\s+(?:only\s+)?to\s+the\s+{_HOLDER}\b"
    rf"|\bgo(?:es)?\s+(?:only\s+)?to\s+the\s+{_HOLDER}(?=\s+(?:alone|only)\b|,?\s+(?:not|never)\b)",
    re.IGNORECASE,
)
# "we never store ...", "we do not keep copies of ...", "never a copy of ..."
_ACTIVE = re.compile(
    r"\b(?:never|(?:do|does)\s+not|don't|doesn't)\s+(?:[a-z]+\s+(?:or|and)\s+)?"
    r"(?:keep|store|hold|retain|save)\s+"
    r"(?:(?:a\s+)?cop(?:y|ies)\s+of\s+)?"
    # "The branch has never kept a badge register", "we never kept a customer list" (not
    # the passive "card numbers are never kept", read above)
    r"|\b(?:(?:has|have|had)\s+)?(?<!\bis\s)(?<!\bare\s)(?<!\bwas\s)(?<!\bwere\s)"
    r"(?<!\bbeen\s)never\s+(?:kept|stored|held|retained|saved)\s+"
    r"(?:(?:a\s+)?cop(?:y|ies)\s+of\s+)?"
    r"|\b(?:never|no)\s+(?P<copy>(?:a\s+)?cop(?:y|ies)\s+of\s+)",  # "No copies of DBS ..."
    re.IGNORECASE,
)
# "we do not record phone calls", "we never film or record shows", "don't record or film
# gigs": what is never recorded, said of the organization
_ACTIVE_RECORD = re.compile(
    r"\b(?:never|(?:do|does)\s+not|don't|doesn't)\s+"
    r"(?:(?:film|photograph|stream|video)\s+(?:or|and)\s+)?(?:record|film|video)"
    r"(?:\s+(?:or|and)\s+(?:film|stream|photograph|video))?\s+",
    re.IGNORECASE,
)
_SENTENCE = re.compile(r"[^.;:!?\n]+(?:\n(?![ \t]*[-*]\s)[^.;:!?\n]*)*")
_OBJECT_END = re.compile(r"[,()]|\s(?:only|but|and|or|because|since|as)\s|$", re.IGNORECASE)
_ONLY = re.compile(r"\bonly\b([^.;()]*)", re.IGNORECASE)
# where a thing goes or is ("calls to the branches", "phones at homes"), and a verb that
# says the words before it are a clause, not a thing ("seasons were planned on ...")
_TO_PLACE = re.compile(r"\s(?:to|from|at|in|on|for|with|between|by)\s", re.IGNORECASE)
_VERB = re.compile(r"\b(?:is|are|was|were|be|been|has|have|had)\b", re.IGNORECASE)
_ITEM = re.compile(r"[^\W_]+")  # a word of a list item
_HEAD_START = re.compile(r",|\band\b|\bthat\b|\bwhich\b", re.IGNORECASE)
_REACH = 120  # how far a statement's thing, or what is kept instead, is looked for
_OWNER = re.compile(r"[^\W_]+(?:'s|s')(?=\s)", re.IGNORECASE)
_MIN_WORDS = 2
_MAX_WORDS = 4
_RECORD = frozenset(terms("record"))
_WATCHED_BACK = re.compile(r"\b(?:video|film)\s+of\b|\bre-?watch|\bwatch\s+(?:[\w']+\s+){0,3}?"
                           r"(?:back|again)\b", re.IGNORECASE)  # fmt: skip
# words that say whose or which copy, not what is not kept
_NOT_NAMING = frozenset(terms("own our their its full original history"))


@dataclass(frozen=True)
class Unkept:
    """A thing the preamble says is never kept: its stems, what is kept instead, and
    the statement as written."""

    subject: frozenset[str]
    instead: frozenset[str]
    written: str


# What a thing that has ended left nothing of: "its support tickets, call recordings and
# network records were not kept", "her logs and maintenance history went with her" (a ship
# sold), "their recordings were deleted", "(we) kept none of its records", "nothing from it
# was kept", "kept nothing from it", "none of their posts were saved". Whose it is was named
# before, in the same sentence.
_ITS_NOT_KEPT = re.compile(r"\b(?:its|their|her|his)\s+([^.;:!?()]{3,120}?)\s+(?:(?:was|were)\s+"
                           r"(?:not\s+(?:kept|migrated|exported|carried\s+over)|deleted|destroyed|"
                           r"shredded|wiped)|went\s+with\s+(?:it|her|him|them|the\s+[\w-]+))\b",
                           re.IGNORECASE)  # fmt: skip
# "none of their posts or photos were saved", "none of its files were kept"
_NONE_SAVED = re.compile(r"\bnone\s+of\s+(?:its|their|her|his)\s+([^.;:!?()]{3,120}?)\s+"
                         r"(?:was|were)\s+(?:saved|kept|exported|archived|copied|migrated|"
                         r"carried\s+over)\b",
                         re.IGNORECASE)  # fmt: skip

# "The old Facebook page was deleted in January 2022 with all its messages": gone with it
_GONE_WITH_ALL = re.compile(r"\b(?:was|were)\s+(?:deleted|destroyed|shredded|wiped|scrapped|"
                            r"closed(?:\s+down)?|shut\s+down|lost)\b[^.;:!?()]{0,40}?\s+with\s+"
                            r"all\s+(?:its|their|her|his)\s+([^.;:!?()]{3,60}?)\s*(?=[.;:!?(]|$)",
                            re.IGNORECASE)  # fmt: skip


def _left_nothing(text: str) -> list[re.Match[str]]:
    """The statements of ``text`` that a thing that ended left some of its things."""
    return [*_ITS_NOT_KEPT.finditer(text), *_NONE_SAVED.finditer(text),
            *_GONE_WITH_ALL.finditer(text)]


_NONE_OF_ITS = re.compile(r"\b(?:kept|keep|keeps|hold|holds|held)\s+none\s+of\s+(?:its|their)\s+"
                          r"records\b|\bnothing\s+(?:from|of)\s+(?:it|them)\s+(?:was|were)\s+kept\b"
                          r"|\b(?:kept|keep|keeps)\s+nothing\s+(?:from|of)\s+(?:it|them)\b",
                          re.IGNORECASE)  # fmt: skip
# a name ("Dalesnet's", "The Pelican Harbor Times", "Buzzard"), or what the sentence
# opens with up to its verb ("The visitor audio-guide app was withdrawn")
# (a number that names it is part of the name: the "200 Club" draw is no club; a year
# is not)
_NAME = re.compile(r"(?<![\w'])(?:(?:[A-Z][\w'-]*|\d{1,3})\s+){0,3}[A-Z][\w-]*(?P<owns>'s\b)?")
_TO_WHOM = re.compile(r"\b(?:to|by|from|in|on|at|with)\s+(?:(?:a|an|the)\s+)?$", re.IGNORECASE)
_LISTED = re.compile(r"\s*(?:,|,?\s+(?:and|or))\s*", re.IGNORECASE)  # between listed names
_MONTHS = frozenset(m.lower() for m in calendar.month_name if m)
_OPENING = re.compile(r"\s*([^,;]{3,80}?)\s+(?:was|were|is|are|has|have)\b")
_ITEMS = re.compile(r",|\band\b|\bor\b", re.IGNORECASE)
_HEAD_WORDS = 3  # "the visitor audio-guide app" is named by "the audio guide app"
_COMMON_OPENING = 1.5  # "Online", "Local", "Main" open a sentence, not a name
_RARE_NAME = 3.5  # a name this rare in English names a thing alone ("Teleflorist", "Denplan")


# a word every statement read here has one of: most texts are skipped at once
_CUE = re.compile(r"\b(?:never|not|no|none|nothing|don't|doesn't|deleted|destroyed|shredded|"
                  r"wiped|lost|scrapped|closed|shut|went|posted|sent|issued|given|go|goes)\b",
                  re.IGNORECASE)  # fmt: skip


def declared_unkept(preamble: str) -> tuple[Unkept, ...]:
    if not _CUE.search(preamble):
        return ()
    out: list[Unkept] = _of_what_ended(preamble)
    text = ends_marked(preamble)
    found = list(_SENTENCE.finditer(text))
    for at, sentence in enumerate(m.group() for m in found):
        plain = BRACKETED.sub(" ", sentence)
        # (a year in an aside of its own clause is the aside's: "(the Facebook page was
        # deleted in 2019 ...)"; not "the scoring files from our ScoreBridge years (2004
        # to 2012)")
        if years_in(BRACKETED.sub(_dated_only, sentence)):
            continue
        last = 0  # each stretch of the sentence is read once, however many statements
        # what a thing that ended left is read with whose it was (``_of_what_ended``)
        owned = {m.end() for m in _left_nothing(plain)}
        for m in sorted([*_PASSIVE.finditer(plain), *_GIVEN_AWAY.finditer(plain)],
                        key=lambda m: m.start()):  # fmt: skip
            if m.end() in owned:
                continue
            start = max(last, m.start() - _REACH)
            parts = _HEAD_START.split(plain[start : m.start()])
            heads = [parts[-1]]
            shared = parts[-1].split()[1:]
            if len(parts) > 1 and len(parts[-2].split()) == 1 and len(shared) > 1:
                # "telephone and video interpreting calls": telephone interpreting calls
                heads.append(f"{parts[-2]} {' '.join(shared)}")
            elif len(parts) > 1 and not shared and len(_ITEM.findall(parts[-2])) in (1, 2) \
                    and not _VERB.search(parts[-2]):  # fmt: skip
                heads.append(parts[-2])  # "AGMs and talks are not recorded": AGMs too
            # "Calls to the branches and to head office are not recorded": calls
            for part in parts[-2:]:
                to = _TO_PLACE.search(part)
                said = part[: to.start()] if to else ""
                if terms(said) and not _VERB.search(said) and said not in heads:
                    heads.append(said)
            # what is "never recorded" is asked for as a recording of it
            also = "record" if m.group().lower().endswith("recorded") else ""
            # what the organization keeps instead may be said in the clause or sentence
            # after: "DBS certificates are posted to the individual; we record only the
            # number" (an "only" there about something else only ever keeps a question
            # from being "nowhere")
            after = BRACKETED.sub(" ", text[found[at].end() : found[at + 1].end()]) \
                if at + 1 < len(found) and m.re is _GIVEN_AWAY else ""  # fmt: skip
            for head in heads:
                out += _unkept(head, plain + after, start, m.end(), also=also)
            last = m.end()
        # what the organization says it never records, keeps or copies: the object
        for m in [*_ACTIVE_RECORD.finditer(plain), *_ACTIVE.finditer(plain)]:
            reach = plain[m.end() : m.end() + _REACH]
            end = _OBJECT_END.search(reach)
            obj = reach[: end.start() if end else len(reach)]
            also = "record" if m.re is _ACTIVE_RECORD else "copy" if m.group("copy") else ""
            out += _unkept(_which(obj, plain[: m.start()]), plain, max(0, m.start() - _REACH),
                           m.end(), also=also)
    return tuple(out)


_THE = re.compile(r"\s*the\s+((?:[\w-]+\s+)?([\w-]+))\s*$", re.IGNORECASE)


def _which(obj: str, before: str) -> str:
    """``obj`` with what it was called before, when it points back: "We record DBS
    certificate numbers only, never copies of the certificate" is of DBS certificates (a
    copy of the insurance certificate is not asked about)."""
    the = _THE.match(obj)
    if not the:
        return obj
    said = [m for m in re.finditer(rf"([\w-]+)\s+{re.escape(the.group(2))}\b", before,
                                   re.IGNORECASE) if terms(m.group(1))]  # fmt: skip
    return f"{said[-1].group(1)} {the.group(1)}" if said else obj


def _dated_only(aside: re.Match[str]) -> str:
    """An aside as it bears on when a statement is of: whole, unless it is a clause."""
    return " " if _VERB.search(aside.group()) else aside.group()


def _unkept(words: str, sentence: str, start: int, after: int, *,
            also: str) -> list[Unkept]:  # fmt: skip
    """``words`` name the thing, ``also`` what it is asked for as ("copy", "record");
    the statement is quoted whole when it is short, else from ``start`` to what is kept
    instead."""
    subject = [t for t in terms(_OWNER.sub(" ", words)) if t not in _NOT_NAMING]
    subject = subject[-_MAX_WORDS:] + terms(also)
    if len(set(subject)) < _MIN_WORDS:
        return []
    only = _ONLY.search(sentence, after, after + _REACH)
    instead = frozenset(terms(only.group(1))) - set(subject) if only else frozenset()
    said = sentence if len(sentence) <= 3 * _REACH else \
        sentence[start : only.end() if only else after]  # fmt: skip
    out = [Unkept(frozenset(subject), instead, " ".join(said.split()))]
    if also == "record" and len(subject) > 2:
        out.append(Unkept(frozenset(subject[-2:]), instead, out[0].written))
    return out


def unkept_asked(unkept: tuple[Unkept, ...], wanted: set[str],
                 question: str = "") -> tuple[str, ...]:  # fmt: skip
    """The statements of what is never kept that the question asks for: it names every
    word of the thing and nothing of what is kept instead. What is listened to, or
    watched back, is asked for as a recording ("listen back to the radio traffic", "a
    video of the grading"; not "their video calls keep cutting out")."""
    if wanted & LISTEN_WORDS or _WATCHED_BACK.search(question):
        wanted = wanted | _RECORD
    return tuple(u.written for u in unkept if u.subject <= wanted and not u.instead & wanted)


def _of_what_ended(preamble: str) -> list[Unkept]:
    """What the preamble says a thing left nothing of (a year in the statement is when it
    ended, not a retention): each item with its owner's name, or the owner alone when
    nothing of it was kept."""
    out: list[Unkept] = []
    text = " ".join(preamble.split())
    for sentence in re.findall(r"[^.!?]+", ends_marked(text)):
        for m in _left_nothing(sentence):
            owners = _owners(sentence[max(0, m.start() - 2 * _REACH) : m.start()])
            for item in _ITEMS.split(m.group(1)):
                thing = [t for t in terms(item) if t not in _NOT_NAMING]
                out += [Unkept(frozenset(owner + thing), frozenset(), _quoted(sentence, m))
                        for owner in owners if owner and thing]  # fmt: skip
        for m in _NONE_OF_ITS.finditer(sentence):
            opening = _OPENING.match(sentence)
            if m.group().lower().startswith("nothing") and opening:
                owner = terms(opening.group(1))[-_HEAD_WORDS:]
            else:
                owner = _owners(sentence[max(0, m.start() - 2 * _REACH) : m.start()])[-1]
            # (a name of one word only when it is no English word: "We left Teleflorist
            # in 2019 and kept nothing from it")
            if len(set(owner)) >= _MIN_WORDS \
                    or (len(owner) == 1 and specificity(owner[0]) >= _RARE_NAME):
                out.append(Unkept(frozenset(owner), frozenset(), _quoted(sentence, m)))
    return out


def _owners(before: str) -> list[list[str]]:
    """The stems of the last name before a statement's "its" or "their" ("Dalesnet's
    account records were exported; its ..."), and of the names listed with it ("Four
    homes (Ashgrove Court, Holly Lodge and The Beeches) were sold ..., and their ..."):
    not the sentence's first word alone, a month, or who or what it went to ("sold to a
    Norwegian operator"); an acronym before it ("MV Lismore Maid") is left out. At least
    one entry, empty when no name is found."""
    opening = len(before) - len(before.lstrip())
    names = [m for m in _NAME.finditer(before) if terms(m.group())
             and (m.start() > opening or " " in m.group() or m.group("owns"))
             and not _TO_WHOM.search(before, 0, m.start())
             and m.group().lower() not in _MONTHS]  # fmt: skip
    if not names:
        return [[]]
    listed = [names[-1]]
    for name in reversed(names[:-1]):
        if not _LISTED.fullmatch(before, name.end(), listed[0].start()):
            break
        listed.insert(0, name)
    out = []
    for name in listed:
        words = [w for w in name.group().split() if not (w.isupper() and len(w) <= 3)]
        if name.start() == opening and len(words) > 1 \
                and specificity(words[0].lower()) < _COMMON_OPENING:  # fmt: skip
            words = words[1:]  # "Online Zoom classes ...": capitalized to open the sentence
        out.append([t for t in terms(" ".join(words)) if t not in _NOT_NAMING])
    return out


def _quoted(sentence: str, m: re.Match[str]) -> str:
    """The statement as written: its sentence, or what leads up to it when that is long."""
    if len(sentence) <= 3 * _REACH:
        return sentence.strip()
    return sentence[max(0, m.start() - _REACH) : m.end()].strip()
