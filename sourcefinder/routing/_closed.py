"""What the index's preamble says has closed, and a question about it since.

"The Cardiff studio closed in June 2019", "The St Aldhelm's rehearsal studio closed in
2019", "The GP exercise referral scheme ended in March 2023", "The visitor audio-guide
app was withdrawn in 2019", "The shop stopped selling textbooks in 2018" (the shop's
textbooks), "the nursery minibus was sold in 2021", "The sludge press was decommissioned
in 2019", "The Carlisle round was given up in May 2023", "the sponsored walk ran for the
last time in 2019", "Bagged house coal went in May 2021", "Scout Post, our Christmas card
round, ran for the last time in 2019", "The youth squad left us in September 2023", "the
bars on Lady Aira and Helvellyn Belle closed in March 2020" (the bars, not the boats),
"We stopped making bath salts and other cosmetic products in June 2023, and stopped
evening ghost tours after the 2021 season" (each of them), "we stopped delivering gas
bottles in 2020" (delivering them, not the bottles): a question that asks to book a room
there next week has nowhere to look. One about the place's past ("files from a job the
Cardiff studio did in 2017, before it shut") is left alone.

Narrow on purpose:
- the place is named by at least two words ("Cardiff studio"; "Two homes closed" names
  none; "The farm shop and café closed" names the farm shop), and a question names it
  only with all of them; to whom or where it was is no part of the name ("Costume hire to
  the public stopped", "The farm shop at Holmwood closed") unless too little is left
  without it ("The Dunmore to Ness passenger ferry"); a name of three or more words may
  be asked without one small word before its last that says which, when the rest is said
  together ("the bowling tour" for "The club bowling tour"), and so may a last word that
  only says it was a scheme or a service ("Gift Aid envelopes" for "the Gift Aid envelope
  scheme"); a place named by one word and its letter or number ("Studio C closed in
  2016") is asked for by both, as written; a thing is also asked for by its last word
  alone as ours or the one ("the shop", "our squad" for "The gear shop closed") where no
  source names that word and the preamble uses it in no name ("the lottery money" where a
  National Lottery grant is live); "public"
  says who it was for, not which ("the public toilets"), and a single word before "and"
  shares the noun after it ("School and group farm visits": school visits);
- the question asks about now or later: a time it names starts after the closing ("What
  did the farm shop take over Christmas 2021?"), or it names none and says nothing of the
  past ("A GP wants to refer a patient onto the
  exercise referral scheme", "Who is at the Cardiff studio today?"); what it says of the
  past ("before it shut", "the old office", "used to", "was") leaves it alone, unless
  what it held went with it ("The Facebook group was closed in 2020 and not archived":
  its posts from 2018 are gone too).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, replace
from datetime import date

from sourcefinder.routing._period import Period, asked_period
from sourcefinder.routing._text import BRACKETED, terms

# "The Cardiff studio closed in June 2019", "The U21 side was closed in summer 2022",
# "Our paid research service stopped in April 2020", "Our online school, Acme Live,
# closed in July 2023" (the name set off by commas), "Curling ended when Cowley Curling
# Club left in 2019" (when, said by what happened then)
_CLOSED = re.compile(
    # ("Things we stopped: public first aid courses ended in March 2020": after a colon)
    r"\b([A-Z][^.;:,!?]{2,60}?|(?<=[:;] )(?:the )?[a-z][^.;:,!?]{2,55}?)"
    # ("Scout Post, our Christmas card delivery round, ran for the last time in 2019": what
    # it was, set off by commas after its name)
    r"(?:,\s+(?:our|a|an)\s+[^.;:,!?]{2,80}?,|,)?\s+"
    # ("The concession ... ran from 2017 and closed in March 2020": how long it ran)
    r"(?:(?:ran|opened|operated|traded)\s+(?:from|in|since)\s+[^.;:,!?]{4,20}?\s+and\s+)?"
    # ("The timed online-only sales we ran from June 2020 stopped": who ran it, and since)
    r"(?:(?<=[a-z]\s)(?:that\s+)?we\s+(?:ran|held|had|offered)\s+(?:from|in|since)\s+"
    r"[^.;:,!?]{4,20}?\s+)?"
    r"(?:(?:was|were)\s+)?"
    r"(?:closed|shut|ended|stopped|ceased|"
    r"discontinued|withdrawn|wound\s+up|(?<=was\s)sold|(?<=were\s)sold|folded|disbanded|"
    r"finished|"  # "The monthly folk club at the village pub finished in March 2018"
    # "The hide webcam was switched off for good in June 2021"
    r"(?:switched|turned)\s+off|"
    # "The youth competition squad left us in September 2023"
    r"left\s+us|"
    # "Bagged house coal went in May 2021": went for good, said when (a time next, not
    # where it went: "Exam results went in the bound exam book from 1997 to 2016")
    r"went(?=\s+(?:in|on|at\s+the\s+end\s+of|during|after)\s+(?:(?:early|late|mid|the)"
    r"[\s-]+)?(?:(?:19|20)\d\d|(?:January|February|March|April|May|June|July|August|"
    r"September|October|November|December|[Ss]pring|[Ss]ummer|[Aa]utumn|[Ww]inter)\b))|"
    # "The sludge press was decommissioned in 2019", "the stretcher boxes were removed"
    r"(?<=was\s)(?:removed|decommissioned|scrapped|demolished|dismantled|taken\s+out|"
    r"given\s+up|dropped)|"
    r"(?<=were\s)(?:removed|decommissioned|scrapped|demolished|dismantled|taken\s+out|"
    r"given\s+up|dropped)|"
    # "The youth band summer camp last ran in 2019": an event held no more
    r"last\s+(?:ran|run|held|took\s+place)|(?:ran|was\s+held|took\s+place)\s+for\s+the\s+"
    r"last\s+time)(?:\s+down)?(?:\s+for\s+good)?"
    # "The journal, the Irt Valley Chronicle, ended with issue 120 in 2021"
    r"(?:\s+with\s+(?:issue|number|volume|edition|the)\s+[^.;:,!?]{1,30}?(?=\s+in\s))?"
    r"(?:\s+when\s+[^.;:,!?]{3,60}?)?\s+"
    r"(?:in|on|at\s+the\s+end\s+of|during|after)\s+([^.;,!?]{4,30})",
)
# when what was stopped stopped: not a word that goes on naming it ("selling customers'
# clocks on commission in 2020" stopped in 2020, and on commission)
_WHEN = (r"(?:in|on|at\s+the\s+end\s+of|during|after)"
         r"(?![^.;,!?]{0,30}?\s(?:in|on|during|after)\s+[^.;,!?]{0,20}?\b(?:19|20)\d\d)")
# "The shop stopped selling textbooks in 2018", "we stopped taking bookings by phone in
# 2020": what it stopped doing is the rest of the name
_STOPPED = re.compile(
    r"(?:\b([A-Z][^.;:,!?]{2,60}?)|\b[Ww]e|,\s+and)\s+(?:stopped|ceased|gave\s+up)\s+[a-z]+ing\s+"
    rf"([^.;:,!?]{{2,40}}?)\s+{_WHEN}\s+([^.;,!?]{{4,30}})",
)
# "We stopped brokerage in 2019", "We stopped contract brewing and own-label beer for
# other companies in 2018", "We gave up organic certification in 2018", "we dropped
# Flogas in 2018": what was stopped is named as what closed (not "We stopped offering
# bookkeeping", what was done, which _STOPPED reads)
_STOPPED_THING = re.compile(
    r"(?:\b[Ww]e|,\s+and)\s+(?:stopped|ceased|discontinued|gave\s+up|dropped)\s+"
    r"(?![a-z]+ing\s+(?!and\b|or\b))"
    # ("we stopped marine fish, corals and live rock in March 2020": a list)
    rf"((?:[^.;:,!?]{{2,40}}?,\s+){{0,4}}[^.;:,!?]{{2,60}}?)\s+{_WHEN}\s+([^.;,!?]{{4,30}})",
)
# "We sold gift vouchers until 2022 and stopped", "We ran the community bus route 84
# until 2024-03-29, when the county's funding ended": done until then and no more (not
# "We used Sage until 2023, when ...", a system that was replaced)
_UNTIL = re.compile(
    r"\b[Ww]e\s+(?:(?!used\b|stored\b)[a-z]+ed|sold|ran|gave|took|made|did|lent|sent|taught)"
    r"\s+([^.;:,!?]{2,60}?)\s+until\s+([^.;,!?]{4,30}?)"
    r"(?:\s+and\s+(?:then\s+)?stopped\b|,\s+when\b)",
)
# "The bandroom has not been hired to outside groups since January 2022", "WhatsApp has
# not been allowed for work since 2022": what is not done to it since then (named by it
# and the verb, said close together: "hire the bandroom")
_NOT_SINCE = re.compile(
    r"\b([A-Z][^.;:,!?]{2,60}?)\s+(?:has|have)\s+not\s+been\s+([a-z]+ed)\b"
    r"(?:[^.;:,!?]{0,40}?)\s+since\s+([^.;,!?]{4,30})",
)
# "There have been no pig classes since 2001", "The cafe has taken no evening private hire
# since spring 2023": none held since then
_NONE_SINCE = re.compile(
    r"\b(?:[Tt]here\s+(?:has|have)\s+been|(?:has|have)\s+(?:had|held|run|hosted|taken|"
    r"offered|sold|done))\s+no\s+"
    r"([^.;:,!?]{2,40}?)\s+since\s+([^.;,!?]{4,30})",
)
# what a service stopped doing names it with the things: "we stopped delivering gas
# bottles" (the bottles are still sold)
_SERVICE = re.compile(r"\b(?:stopped|ceased|gave\s+up)\s+((?:deliver|post|repair|servic|fitt|"
                      r"install|clean|refill|collect|hir)ing)\s")
# "Our eighth centre, at Shalford near Guildford, closed in 2019": where it was, set off by
# commas after what it was; the name is the centre at Shalford
_APPOSED = re.compile(r"\b(?:[Oo]ur|[Tt]he)\s+(?:[a-z]+\s+){0,3}?([a-z]{3,}),\s+(?:at|in|on)\s+$")
# "the bars on Lady Aira and Helvellyn Belle closed": what closed is named before where
_PREPOSED = re.compile(
    r"\b(?:[Oo]ur|[Tt]he)\s+(?:[a-z]+\s+){0,3}?([a-z]{3,})\s+(?:at|in|on|aboard)\s+$")
_PLACE_NAME = re.compile(r"\b[A-Z][a-z]{2,}")  # the first name of where it was
# a place named by a word and its letter or number: "Studio C", "Ward 7" (not a year)
_DESIGNATED = re.compile(r"\b[A-Za-z]{3,}\s+(?:[A-Z]|\d{1,2})\s*$")
_AND = re.compile(r"\s+and\s+(?:other\s+)?")
_TO_WHOM = re.compile(r"\s(?:to|for|at|from|with|by)\s")
_AT_PLACE = re.compile(r"\s(?:at|in)\s")
_PRONOUN = re.compile(r"\b(?:it|they|he|she|this|that)$", re.IGNORECASE)
_YEAR = re.compile(r"\b(?:19|20)\d\d(?:-\d\d-\d\d)?\b")
# ("the Old Heath course" is a name, not the past; "before they list us" is to come,
# "before it shut" and "before we moved" are the past)
_PAST = re.compile(
    r"\b(?:before(?!\s+(?:they|we|you|I|he|she)\s+(?!had\b|was\b|were\b|did\b|shut\b|left\b|"
    r"went\b|sold\b|moved\b|closed\b)[a-z]+\b(?<!ed))|(?-i:old)|former|formerly|used\s+to|"
    r"closed|shut|was|were|did|had|back\s+then)\b", re.IGNORECASE)
_OLD = re.compile(r"\bold\b")
# what went with it: "closed in 2020 and not archived", "... and its posts deleted", "...
# and its order history was never downloaded", "... and nothing from it was kept"
_NOT_TAKEN = (r"(?:not|never)\s+(?:archived|saved|kept|downloaded|exported|migrated|moved|"
              r"carried\s+over|copied|backed\s+up)")
_LOST = re.compile(rf",?\s+(?:and\s+)?(?:was\s+|were\s+)?{_NOT_TAKEN}\b"
                   rf"|,?\s+and\s+(?:its|their)\s+[\w\s]{{2,30}}?\s+(?:(?:were|was)\s+)?"
                   rf"(?:deleted|lost|{_NOT_TAKEN})\b"
                   rf"|,?\s+and\s+(?:nothing|none)\b[\w\s]{{0,25}}?\s+(?:was|were)\s+"
                   rf"(?:archived|saved|kept|downloaded|exported|migrated|moved)\b",
                   re.IGNORECASE)  # fmt: skip
# "The old eBay shop (2016-2021) was closed and its order history was never downloaded":
# closed, said with no time, and all it held gone with it
# "The Lost & Found Facebook group was deleted in 2022": a place deleted, with all it held
# (not "records before 2019 were deleted in 2025", which says what went, not where)
_DELETED = re.compile(
    r"\b([A-Z][\w/-]*\s(?:account|group|page|site|website|channel|mailbox|inbox|shop|forum|"
    r"list|app))\s+(?:was|were)\s+deleted\s+(?:in|on)\s+([^.;,!?]{4,30})")
_CLOSED_LOST = re.compile(r"\b([A-Z][^.;:,!?]{2,60}?|(?<=[:;] )(?:the )?[a-z][^.;:,!?]{2,55}?)"
                          r"\s+(?:was|were)\s+(?:closed|shut|deleted|"
                          r"taken\s+down)(?:\s+down)?(?=(?i:" + _LOST.pattern + "))")
_WORDS = re.compile(r"[\w'-]+")
_RELATIVE = re.compile(r"\s+(?:that|which|who|whose)\s+")
_NOT_NAMING = frozenset(terms("two three four last old our the public"))
_MIN_WORDS = 2
_QUOTED = re.compile(r"[\"“]([^\"”]{2,40})[\"”]")
_KIND_OF_THING = frozenset(terms("scheme service programme program project initiative"))
_DETERMINERS = frozenset(("the", "our"))
# a word written capital inside a sentence: part of a name ("a National Lottery grant")
_IN_A_NAME = re.compile(r"(?<![.!?:]\s)(?<=\s)[A-Z][a-z]+")
_SLACK = 3  # words a question may put between those of a name ("the Cardiff film studio")
_MAX_WORDS = 4


@dataclass(frozen=True)
class Closed:
    """A place or service the preamble says closed: its stems, when, and as written;
    ``near`` when a question must name its words close together (what was stopped being
    done is named by who stopped and what: "taking bookings by phone")."""

    subject: frozenset[str]
    on: date
    written: str
    near: bool = False
    alone: bool = False  # named by one word: a closing only where no source names it
    # named by a word and its letter or number ("Studio C", "Ward 7"): asked as written
    designated: str = ""
    head: str = ""  # the last word of its name: what it is
    # a thing whose last word says what it was ("The gear shop closed", not "we stopped
    # taking bookings", nor "the referral scheme")
    noun: bool = False
    # named by that word alone, as ours or the one ("the shop", "our squad"; not "their
    # room" or "last night's"): set by the router where no source names the word
    by_head: bool = False
    which: frozenset[str] = frozenset()  # the words before it, written small: which it is
    # gone with all it held ("closed in 2020 and not archived"): nowhere for any time
    lost: bool = False


def declared_closed(preamble: str, today: date) -> tuple[Closed, ...]:
    """Each "<name> closed in <time>" of the preamble whose time can be read."""
    out: list[Closed] = []
    # (and each aside on its own: "(the kit shop closed in March 2020; we lend kit)")
    asides = ". ".join(a[:1].upper() + a[1:] for m in BRACKETED.finditer(preamble)
                       if (a := m.group()[1:-1].strip()))  # fmt: skip
    text = " ".join(f"{BRACKETED.sub(' ', preamble)} {asides}.".split())
    names_in = Counter(t for w in _IN_A_NAME.finditer(text) for t in terms(w.group()))
    for m in [*_CLOSED.finditer(text), *_STOPPED.finditer(text),
              *_STOPPED_THING.finditer(text), *_UNTIL.finditer(text),
              *_NOT_SINCE.finditer(text), *_NONE_SINCE.finditer(text),
              *_DELETED.finditer(text)]:
        when = asked_period(f"in {m.group(m.re.groups)}", today)
        year = _YEAR.search(m.group(m.re.groups))
        if when is None or not year or (m.re is _CLOSED and _PRONOUN.search(m.group(1))):
            continue  # ("... and taught boys until it closed in 1909": it, said before)
        # up to the year, from the sentence's start when the match is its second clause
        # ("We stopped making bath salts in 2023, and stopped ghost tours after 2021")
        start = m.start()
        if m.group().startswith(","):
            dot = text.rfind(". ", 0, start)
            start = dot + 2 if dot >= 0 else 0
        names = re.split(r",\s+(?:and\s+)?|\s+and\s+", m.group(1) or "")
        # "School and group farm visits stopped": school visits too
        names = [f"{name} {names[k + 1].split()[-1]}" if k + 1 < len(names)
                 and len(name.split()) == 1 and len(names[k + 1].split()) > 1
                 and not name.lower().endswith("s") else name
                 for k, name in enumerate(names)]  # fmt: skip
        if m.re is _CLOSED and (head := _APPOSED.search(text, max(0, start - 60), start)):
            names, start = [f"{head.group(1)} {names[0].split()[0]}", *names], head.start()
        elif m.re is _CLOSED and (head := _PREPOSED.search(text, max(0, start - 60), start)):
            names, start = [f"{head.group(1)} at {name}" for name in names], head.start()
        written = text[start : m.start(m.re.groups) + year.end()]
        lost = m.re is _DELETED or bool(_LOST.match(text, m.start(m.re.groups) + year.end()))
        first = len(out)
        if m.re is _STOPPED:  # "making bath salts and other cosmetic products": each
            # (a service stopped is named with what was done: "delivering gas bottles"
            # closes no gas bottles)
            doing = _SERVICE.search(m.group())
            names = [" ".join(names[-1:] + ([doing.group(1)] if doing else []) + [thing])
                     for thing in _AND.split(m.group(2))]  # fmt: skip
        elif m.re is _NOT_SINCE:  # "The bandroom has not been hired": the bandroom hired
            names = [f"{m.group(1)} {m.group(2)}"]
        # 'The "200 Club" monthly prize draw ended': the name in quotes names it too
        for quoted in _QUOTED.findall(m.group(1) or ""):
            said = [t for t in terms(quoted) if t not in _NOT_NAMING]
            if len(set(said)) >= _MIN_WORDS:
                out.append(Closed(frozenset(said), when.end, written, near=True, head=said[-1]))
        # "The farm shop and café closed": each that names a place closed
        for named in names:
            # "Costume hire to the public stopped": costume hire (not "The Dunmore to Ness
            # passenger ferry")
            short = _TO_WHOM.split(named, 1)[0]
            if m.re is not _STOPPED and len(set(terms(short)) - _NOT_NAMING) >= _MIN_WORDS:
                named = short
            # "The chandlery at Pellworth Wharf closed": the chandlery, where no source
            # names it ("Two homes closed" says nothing where homes are the trade)
            alone = set(terms(_AT_PLACE.split(named, 1)[0])) - _NOT_NAMING
            if m.re is not _STOPPED and len(alone) == 1:
                out.append(Closed(frozenset(alone), when.end, written, alone=True))
                # and named with where it was ("the Kirkby Lonsdale concession")
                where = _AT_PLACE.split(named, 1)[1:]
                if place := _PLACE_NAME.search(where[0] if where else ""):
                    out.append(Closed(frozenset(alone | set(terms(place.group()))),
                                      when.end, written))  # fmt: skip
                if mark := _DESIGNATED.search(_AT_PLACE.split(named, 1)[0]):
                    out.append(Closed(frozenset(alone), when.end, written,
                                      designated=mark.group()))  # fmt: skip
            # (a year says which one, not what: "The old 2009 Ford Transit minibus")
            subject = [t for t in terms(named) if t not in _NOT_NAMING
                       and not _YEAR.fullmatch(t)][-_MAX_WORDS:]  # fmt: skip
            if len(set(subject)) >= _MIN_WORDS:
                # the words that only say which, written small and before its last
                # word, in a name that says nowhere where it was
                which = frozenset() if _AT_PLACE.search(named) else frozenset(
                    t for w in _WORDS.findall(named)[:-1] if w.islower() for t in terms(w))
                out.append(Closed(frozenset(subject), when.end, written,
                                  m.re in (_STOPPED, _UNTIL, _NOT_SINCE), head=subject[-1],
                                  which=which & frozenset(subject[:-1]),
                                  noun=m.re in (_CLOSED, _STOPPED_THING)
                                  and subject[-1] not in _KIND_OF_THING
                                  and not _in_a_name(subject[-1], names_in, written)))  # fmt: skip
        if lost:
            out[first:] = [replace(c, lost=True) for c in out[first:]]
    for m in _CLOSED_LOST.finditer(text):
        if _PRONOUN.search(m.group(1)) or _YEAR.search(m.group(1)):
            continue  # ("it was deleted ...": said before; a year: read above, with its time)
        # ("the Etsy shop that sold adjustments": the shop), as written and as lowercase
        # ("eBay" is asked for as "ebay" too)
        name = _RELATIVE.split(m.group(1), 1)[0]
        for words in dict.fromkeys(tuple(t for t in terms(n) if t not in _NOT_NAMING)
                                   for n in (name, name.lower())):  # fmt: skip
            if words := words[-_MAX_WORDS:]:  # (one word: closed where no card names it)
                out.append(Closed(frozenset(words), today, m.group(),
                                  alone=len(set(words)) == 1, head=words[-1], lost=True))
    return tuple(out)


def closed_asked(closed: tuple[Closed, ...], wanted: set[str], asked: Period | None,
                 question: str) -> tuple[str, ...]:  # fmt: skip
    """The closings ``question`` asks past: it names the place and asks about a time
    after it closed, or names no time and says nothing of the past."""
    if not closed:
        return ()
    past = {m.group().lower() for m in _PAST.finditer(question)} if asked is None else set()
    return tuple(dict.fromkeys(  # (each statement once, however many names it gives)
        c.written for c in closed
        if (_named(c, wanted, question) or (c.by_head and _determined(c.head, question)))
        # ("the old Ford Transit minibus" where "The old 2009 Ford Transit minibus was
        # sold": the old one is its name, not the past)
        and (c.lost or not (past - ({"old"} if _OLD.search(c.written) else set())))
        and (not c.near or _together(c.subject, question))
        and (not c.designated or designates(c.designated, question))
        and (c.lost or asked is None or asked.start > c.on)))  # fmt: skip


def _named(closed: Closed, wanted: set[str], question: str) -> bool:
    """Whether ``wanted`` names ``closed``: all its words, or all but one that only says
    which of a name of three or more, the rest said together ("the bowling tour" for "The
    club bowling tour"; not "how many hours a pony should work in one day" for "the
    holiday pony days")."""
    missing = closed.subject - wanted
    if not missing:
        return True
    # (or without its last word when that only says it was a scheme or a service: "Gift
    # Aid envelopes" for "The weekly Gift Aid envelope scheme")
    which = missing <= closed.which and closed.head in wanted
    kind = missing == {closed.head} and closed.head in _KIND_OF_THING
    return (len(closed.subject) >= 3 and len(missing) == 1 and (which or kind)
            and not closed.near and _together(closed.subject - missing, question))


def designates(designated: str, question: str) -> bool:
    """Whether ``question`` names ``designated`` ("Studio C") with its mark as written."""
    word, mark = designated.split()
    return re.search(rf"(?i:\b{re.escape(word)})\s+{re.escape(mark)}\b", question) is not None


def _in_a_name(stem: str, names: Counter[str], written: str) -> bool:
    """Whether the preamble, whose words written capital inside a sentence are
    ``names``, uses ``stem`` in a name outside ``written`` ("The 200 Club lottery ended"
    where a National Lottery grant pays for the project: "the lottery grant" may be that)."""
    return names[stem] > sum(stem in terms(w.group()) for w in _IN_A_NAME.finditer(written))


def _determined(stem: str, question: str) -> bool:
    """Whether ``question`` says the word ``stem`` just after "the" or "our", one word
    after "our" ("our esports side") or one name after "the" ("the Nuneaton unit"; not
    "the medical side")."""
    said = _WORDS.findall(question)
    low = [w.lower() for w in said]
    return any(stem in terms(w) and k and (
        low[k - 1] in _DETERMINERS
        or (k > 1 and (low[k - 2] == "our" or (low[k - 2] == "the" and said[k - 1][0].isupper()))))
        for k, w in enumerate(low))  # fmt: skip


def _together(subject: frozenset[str], question: str) -> bool:
    """Whether ``question`` names every word of ``subject`` within a few words of each
    other ("a booking by phone", not "on the phone says ... the booking went through")."""
    said = [terms(w) for w in _WORDS.findall(question)]
    span = len(subject) + _SLACK
    return any(subject <= {t for word in said[k : k + span] for t in word}
               for k in range(len(said)))
