"""What the index's preamble says the organization does not do or have.

Authors describe the organization before its cards, and many say what it is not: "It
does not generate electricity, does not own the transmission grid, does not sell gas",
"runs no ambulances, nursing homes or dental services", "does not ship on Nintendo
Switch or VR", "there is no shareholder register", "clubs and societies, the SU bar and
SU elections are not ours", "complaints ... are not logged anywhere". A question about
one of those things has nowhere to go, however well its other words ("spec", "pressure
readings") match a card.
``declared_absent`` reads the words inside such negations; the router counts a question
word among them that no card uses as strong evidence of "nowhere"
(``RouterConfig.absent_factor``).

The scope is read narrowly: from the negation to the end of its sentence (for "... are
not ours", from its start to the negation), stopping at a colon ("does not sell
electricity to households: retailers do" excludes neither "retailers" nor what they do)
and at a clause with a subject of its own that negates nothing ("..., and we pass those
requests to a specialist agency"),
and leaving out the parts of hyphenated compounds ("supports no user-generated content"
does not rule out "generate"). What comes before the negation is not read: in "the
public marketing website is not covered here" the website is out of scope, marketing is
not. Only words no card uses ever count, so "electricity" in the sentence above never
makes an electricity question a "nowhere", nor does a word a card uses in a form the
stemmer keeps apart ("do not track carriers" beside a "request tracker" card: "on track"
asks nothing about tracking). Owning is a relation, not a subject: a
forwarder that "owns no vessels" still books them, so "does not own" and "owns no" are
not read, unless another verb follows ("We don't own or fly a drone" denies the drone).
Nor is the participle of a passive negation ("its data were not kept": what
was not kept is the sentence's subject, and "kept" is how people ask about retention;
"must never be passed to the client"),
nor an everyday word ("we never used Blackboard" rules out Blackboard, never "use";
common words are as frequent as "today" or more, by ``specificity``), nor a common verb
that only relates the negation to its object ("do not write journal manuscripts" is about
manuscripts; "do not test them" and the rarer "do not fluoridate any supply" are about
testing and fluoridating).

Names of two or more words are read as phrases too (``declared_absent_phrases``): "runs
no nursing homes" rules out a question about "our nursing homes" when no card says
"nursing homes", even though cards speak of nursing and of homes. A phrase is one item
of the negation's list ("ambulances, nursing homes or dental services"), without the
verb a "does not" or "never" puts first ("does not offer a store card": "store card"),
and is matched word for word, stopwords aside, one other word allowed between two of
them. The noun that ends a list ("pet, travel or business insurance") is shared by the
single words before it: "travel insurance" is a phrase too, as is "renewal fees" in "we
charge tenants no referencing, renewal or check-out fees" (a compound counts as one word,
and a verb's object may stand before the "no"). A compound is a name of its
own: "no investor-relations materials" rules out "the investor relations pack". Whose
the thing is is no part of its name: "never store subscribers' card numbers" rules out
"card numbers"; but what an "its" or "their" refers back to is: "HMO licences and their
public registers belong to the councils" rules out no other public register. A name
capitalized from its start is also asked by its initials: "we do not provide British Sign
Language interpreting" rules out "a BSL interpreter", while no card uses "BSL".

What is someone else's is read the same way: "road gullies are the county council's",
"their lifts and car parks are theirs", "the sports centre is run by Harrowfield Leisure
Trust", "the collection belongs to the City Council", "parish registers are all held by
the Record Office", "tachograph records stay with Rowley Haulage", "the fishing is let
to the angling club", "council tax is the tenants' own business", "the organ and its
tuning are college business", "hospital beds come from the NHS equipment service, not
from us" (what comes first,
never the owner named after "by", "to" or "with", nor where the things are: "the cafés
and shops in the Wrenford terminal are run by Galley & Co" is about cafés and shops,
"fly-tipping on public land is the council's" about fly-tipping; and
not in an aside: "(signatures stay with the scans)" are kept together), and "the
British Transport Police keep their own crime records" and "our panel solicitors Lambert
Rowe LLP, who keep the court files and bundles" (what comes after; from such a clause,
only names of several words: "..., which holds the medical side of fitness tests" rules
out no "side", and "coaches keep their own private lesson diaries" no lesson). So is
what is "employed", "enforced", "decided", "supplied", "funded", "handled", "processed"
or "paid" by another: "whose kitchen staff are employed by them"
rules out "kitchen staff", not "kitchen".

In a paragraph that opens by saying it is about other bodies' things ("Things other
bodies own.", "What belongs to others:"), what a body other than the organization holds,
keeps, maintains, owns, issues or runs is theirs too, as names only: "the council ...
keeps the building's asbestos register" rules out "the asbestos register", and never
"asbestos" alone; not what is done to it ("Payroll is run by a bureau"), nor what the
organization says of its own part ("; we keep our referral letters").

What the preamble says a body keeps, naming the body by a rare word or an acronym
("Search dog gradings are kept by SARDA England", "Workplace pensions are held by
NEST"), is asked by that name: a question saying it and the thing's last word ("Moss's
last SARDA grading result") is "nowhere", unless a card is named for the body, which is
then where to go (``kept_by_asked``; not "the Record Office", nor a role of the
organization's own, "the Designated Safeguarding Lead").

A question can ask for another body's own records itself ("Openreach's own cable
records", "how much does Ferrocrete pay its own operatives"): ``theirs_asked`` names the
body, and the router answers "nowhere" when its best match is one of the organization's
own sources rather than an external source of theirs.

What the organization has none of its own of ("We have no pharmacy of our own", "no
in-house gas engineers", "we own no boats", and what is listed with one: "no cemetery or
burial ground of our own") may well be someone else's, and a card may
say whose: a word cards use is not ruled out. A question for the organization's own
("our own lab", "an in-house engineer", "the Calloway app", "the hospice pharmacy") is
answered "nowhere" (``own_asked``).

What a thing is said in contrast to is not had: "We use Microsoft Teams, not Slack",
"our valuations are market appraisals, not RICS surveys" (not "not ours", "not here" or
"not by us", and not a word for a word: "Vocabulary: stores, not shops").

What was stopped is not done: "We stopped lending DVDs, music CDs and console games in
2021" rules out DVDs (and not 2021), and so does what the preamble says stopped, said
first: "Boarding for rabbits and guinea pigs stopped in April 2021" (not what befell the
organization, "Our funding stopped in 2021", nor a clause referring back, "(they ended
in March 2020)"). Cards are not read that way: a card's "paper forms stopped in 2019"
still holds the forms.

A "no" further on in a sentence ("Nothing over 25 kg, and no pallets") negates what
follows it when nothing before it did; after a negation it only goes on the same list
("No same-day, no timed or express deliveries"). "No longer" and "no later" negate
nothing.

A sentence that opens "What we do not do:" or "What this index does not cover:" heads
the list after its colon, written inline or one item a line ("- crime"); an item that
says "no" itself ("Things we don't have:" / "- no Slack") is read on its own. Every item
ends at its own verb: "(work abroad goes to relationship firms)" names work abroad, never
"goes". After a negation, an aside that is a clause of its own says who does it instead
or how, not what is absent: "we do not mill flour (millers deliver flour)" and "no in-house
laundry (linen and towels are rented from Elis)" rule out neither millers nor linen.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable, Iterator, Set
from functools import lru_cache
from typing import cast

from sourcefinder.routing._rarity import specificity, zipf
from sourcefinder.routing._text import BRACKETED, ends_marked, join_halves, paragraphs, terms

# (an abbreviation's stop before a bracket, comma or semicolon ends none: "Kendal Curtain Co.);")
_SENTENCE = re.compile(r"(?:[^.!?;]|\.(?=[),;]))+")
# a clause that says something of its subject ("the wash bay ... are first come first
# served"), no item of a list
_IS = re.compile(r"\b(?:is|are|was|were)\b", re.IGNORECASE)
# what follows a verb to make it one ("never handed over", "not backed up")
_PARTICLES = frozenset("over up in on out back down off away across".split())
_NEGATION = (
    # not "the ones who don't cope with kennels": a relative clause is said of others;
    # nor "so you don't waste an afternoon": what the reader does
    r"(?<!\bwho )(?<!\bwhich )(?<!\bthat )(?!(?<=\byou )do(?:\s+not\b|n't\b))"
    r"\b(?:does|do|did|is|are|was|were|has|have|can|will)(?:\s+not\b|n't\b)"
    r"(?!\s+own\b(?!\s+or\s+[a-z]+\b))"
    r"|\bcannot\b"
    r"|\b(?:runs?|sells?|issues?|supports?|offers?|makes?|operates?|provides?|"
    r"ships?|has|have|had|holds?|keeps?|builds?|hosts?|employs?|charges?|"
    # "we do no homebuyer surveys", "carry out no asbestos removal"
    r"do|does|did|carr(?:y|ies)\s+out|undertakes?|performs?|accepts?|stocks?|fits?|installs?|"
    # "we take no cheques", "give no medical advice", "own no lorries"
    r"takes?|gives?|signs?|serves?|receives?|pays?|buys?|handles?|stores?|"
    # "we release nothing, register no songs, collect no royalties, see no statements"
    r"collects?|registers?|releases?|sees?|hires?\s+out|hires?|books?|lets?|rents?|"
    # "the van needs no tachograph", "we use no pesticides"
    r"needs?|requires?|uses?|"
    # "We record no medical information or next of kin", "we log no calls"
    r"records?|logs?|tracks?|retains?)"
    r"(?:\s+(?:and|or)\s+[a-z]+)?"  # "we sell and license no merchandise"
    # "we charge tenants no fees", not "it runs at no cost"
    r"(?:\s+(?!(?:at|for|with|in|on|to|by|of|from|and|or)\b)[a-z]+)?\s+no\b"
    r"|\b(?:stopped|ceased)\s+(?=[a-z]+ing\b)"  # "we stopped lending DVDs"
    r"|\b(?:stopped|ceased)\s+(?=(?:the|our)\s)"  # "stopped the public navigation courses"
    # "None of the shops has a café", "None of our optometrists is a prescriber"
    r"|\bnone\s+of\s+(?:the|our)\s+[\w-]+\s+(?:has|have|lets?|offers?|sells?|runs?|holds?|"
    r"keeps?|is|are)\b"
    # "no longer sell second-hand boats", not "no longer by rail"
    r"|\bno\s+longer\s+(?!(?:by|in|at|on|for|with|to|from|than)\b)(?=[a-z]+)"
    r"|\b(?:and\s+)?never\b|\bneither\b|\bthere(?: is|'s| are) no\b"
    r"|\bnothing\s+to\s+do\s+with\b"  # "We have nothing to do with book loans"
    # "Nobody here keeps GPS tracks or CCTV", "nobody logged hours"
    r"|\b(?:nobody|no\s+one|no-one)\s+(?:here\s+|else\s+)?(?:has|had|keeps|kept|records|"
    r"recorded|logs|logged|holds|held|tracks|tracked|stores|stored|totals|totalled|writes\s+down|"
    r"wrote\s+down|runs|does|sells|offers)\b"
    r"|(?:^|[:(])\s*no\b(?!-)"
    # "an unincorporated association: not a charity, not a company", "a members' club:
    # not VAT-registered"
    # ... and a sentence of its own: "Not VAT registered."
    r"|(?:(?<=:)|^)\s*not\s+(?=an?\s|(?:[^\W\d_]{2,}-|(?-i:[A-Z])[^\W\d_]+\s+)"
    r"(?:registered|approved|certified|accredited|licensed|regulated|inspected|rated|"
    r"listed)\b)"
    # "We make wine only, so no cider or gin"
    r"|\bso\s+no\b(?!\s+(?:longer|later|earlier|more|less|fewer|sooner|one|doubt|matter)\b)"
    # "We use Teams, not Slack", "our valuations are market appraisals, not RICS surveys"
    r"|(?<![:;]\s)(?<=\w),\s*not\b(?!\s+(?:ours|us|by|with|here|there|the answers|part|only|"
    r"just|even|always|yet|least|because|that|what|how|which|who|when|where|to)\b)"
    r"|(?P<also>(?:,|\b(?:and|or|nor)\b)\s+no\b)"
    r"(?!\s+(?:longer|later|earlier|more|less|fewer|sooner|one)\b)"
)
_NOT_KEPT = (r"\b(?:aren't|weren't|wasn't|(?:are|were|was)\s+(?:not|never))\s+(?:kept|archived|"
             r"exported|saved|backed\s+up|scanned|moved\s+over)(?=\s*(?:[,;.:]|$))")
# What is not kept anywhere, what comes first: "Complaints are dealt with face to face by
# Rob and are not logged anywhere"
_UNLOGGED = (r"\b(?:is|are)\s+(?:not|never)\s+(?:logged|recorded|kept|stored|tracked|"
             r"written\s+down)\s+(?:anywhere|at\s+all)\b"
             # "The specials board is chalk, wiped daily, never recorded"
             r"|\b(?:is|are)\b[^.;:!?]{0,40}?,\s+(?:and\s+)?never\s+(?:logged|recorded|"
             r"written\s+down)\b"
             r"|\b(?:is|are)\s+never\s+(?:logged|recorded|written\s+down)\b"
             # "the old audit papers weren't kept", "The WhatsApp groups aren't archived":
             # what was not kept, said at the end of its clause
             rf"|{_NOT_KEPT}"
             # "Private one-to-one lessons are not offered", "Gift wrapping isn't available"
             r"|\b(?:is|are)(?:\s+not|n't)\s+(?:offered|provided|available|sold|stocked|"
             r"supplied|arranged|run|done|carried\s+out|taught)"
             r"(?=\s*(?:[,;.:)]|$|\s+(?:here|by\s+us|at\s+all|any\s*more)\b))")
# Owning is read as a boundary only: it ends the negation before it.
# (not owning and doing something else with it: "We don't own or fly a drone" is a
# negation of flying one)
_OWNING = r"\b(?:does|do|did)(?:\s+not|n't)\s+own\b(?!\s+or\s+[a-z]+\b)|\bowns?\s+no\b"
# "patient records and clinical rotas are not ours": what is not theirs comes first
# ... or "are not us": "Fishing, diving and Holy Island trips are not us"
_NOT_OURS = (r"\b(?:is|are)(?:\s+not|n't)\s+(?:ours|us)\b"
             # "Hospital beds and hoists come from the NHS equipment service, not from us"
             r"|\b(?:come|comes)\s+from\s+[^.;:!?,]{2,60},?\s+not\s+(?:from\s+)?us\b")
# Someone else's, what comes first: "road gullies are the county council's", "their lifts
# are theirs", "the collection belongs to the City Council", "the sports centre is run by
# Harrowfield Leisure Trust"
_THEIRS = (r"\b(?:is|are)\s+(?:theirs|(?:(?:the|a|an)\s+)?(?:[\w&-]+\s+){0,4}?[\w-]+(?:'s|s')"
           # "are the forwarders' and Border Force's"
           r"(?:\s+and\s+(?:(?:the|a|an)\s+)?(?:[\w-]+\s+){0,3}?[\w-]+(?:'s|s'))?)"
           r"(?=\s*(?:[,;.()]|$|\s+(?:too|not|alone)\b))"
           # "The car park is the National Trust's pay-and-display, not ours"
           r"|\b(?:is|are)\s+(?:the\s+)?(?:[\w-]+\s+){0,4}?[\w-]+(?:'s|s')\s+[\w-]+"
           r"(?=,?\s+not\s+ours\b)"
           # "council tax and utility bills are the tenants' own business"
           r"|\b(?:is|are)\s+(?:the\s+)?(?:[\w-]+\s+)?[\w-]+(?:'s|s')\s+own\b"
           # "the organ and its tuning ... are college business", "are Hoseasons' business",
           # "are the Parish and County Councils' business"
           r"|\b(?:is|are)\s+(?:all\s+|also\s+)?(?:the\s+)?(?!(?:our|my|no|not|a|an)\b)"
           r"(?:(?-i:[A-Z])[\w-]*\s+(?:(?:and|&)\s+)?){0,3}[\w-]+(?:'s|s')?\s+business\b"
           # "puffin counts are the rangers' work"
           r"|\b(?:is|are)\s+(?:all\s+|also\s+)?(?:the\s+)?(?:[\w-]+\s+){0,3}?[\w-]+(?:'s|s')"
           r"\s+(?:work|job|responsibility)\b"
           r"|\bbelongs?\s+to\b"
           # "drivers' hours and tachograph records stay with Rowley Haulage" (not "the
           # liability sits with us")
           r"|\b(?:stays?|stayed|remains?|remained|sits?|rests?|lies?)\s+with\b"
           r"(?!\s+(?:us|me|ourselves)\b)"
           r"|\b(?:is|are)\s+(?:all\s+|also\s+)?(?:run|administered|managed|operated|provided|"
           r"issued|maintained|owned|held|kept|employed|enforced|decided|supplied|funded|"
           r"handled|processed|paid)\s+by\b"
           # "the cafés are franchised to Kettle & Crumb Ltd"
           r"|\b(?:is|are|was|were)\s+(?:all\s+|also\s+)?(?:franchised|outsourced|leased|"
           r"transferred|subcontracted|contracted\s+out|let)\s+to\b"
           # "are set and held by our importers", "are cooked and served by our caterer"
           r"|\b(?:is|are)\s+(?:all\s+|also\s+)?[a-z]+\s+and\s+[a-z]+\s+by\b")
# an aside in brackets that is a clause of its own: "(linen is rented from Elis)"
_ASIDE = re.compile(r"\((?=[^(),]*\b(?:is|are|was|were|go|goes|do|does|has|have|"
                    r"[a-z]+ed|deliver|sell|sells|run|runs|handle|handles|shows|keeps|"
                    r"holds|takes|gives|sees|says|pays|gets|sends|covers)\b)[^(),]*\)"
                    # "(HM Coastguard, the RNLI and the Cave Rescue Organisation do)"
                    r"|\([^()]{0,200}?\b(?:do|does|did)\)"
                    # "(we pass people to Kendal Curtain Co.)": what is done instead
                    r"|\(\s*(?i:we|they|he|she)\s+[^()]{0,200}\)")
_AGENT = re.compile(r"\b(?:by|to|with)$", re.IGNORECASE)  # whose name follows the cue
# ... and what comes after: "the Rail Ombudsman keeps its own case files"
_THEIR_OWN = (r"\b(?:keeps?|keeping|holds?|holding)\s+(?:its|their)\s+own\b"
              # "... our panel solicitors Lambert Rowe LLP, who keep the court files"
              r"|,\s*(?:who|which)\s+(?:keeps?|holds?|owns?|runs?|stores?|maintains?|"
              r"manages?)\b")
_CONTRASTED = re.compile(r",\s*not\b")
_OWN_RECORDS = re.compile(_THEIR_OWN, re.IGNORECASE)
_INCLUDING = re.compile(r",?\s+(?:including|incl\.?)\s", re.IGNORECASE)
_ONLY_HAD = re.compile(r"[,;]\s*(?:but\s+)?only\b", re.IGNORECASE)
_STOPPED = re.compile(r"stopped|ceased", re.IGNORECASE)
_VOCABULARY = re.compile(r"\b(?:vocabulary|glossary|terms|jargon|words?|(?:we|people) "
                         r"(?:say|call|write)|(?:is|are) called)\b"
                         # 'The "voucher" in a food bank is the referral ...': a word defined
                         r"|[\"“][^\"”]{1,40}[\"”][^.;:!?\"“]{0,40}?\b(?:is|are|means)\b",
                         re.IGNORECASE)  # fmt: skip
_NAMED_ONLY = re.compile(r",\s*(?:who|which)\s|\b(?:employed|enforced|decided|supplied|"
                         r"funded|handled|processed|paid)\s+by\b"
                         r"|\b(?:keeps?|keeping|holds?|holding)\s+(?:its|their)\s+own\b",
                         re.IGNORECASE)  # fmt: skip
# In the preamble, what stopped, said first, is had no more too: "Boarding for rabbits,
# guinea pigs and other small animals stopped in April 2021" (not "(they ended in 2020)")
_ENDED = (r"(?<!\bthey )(?<!\bit )(?<!\bwhich )(?<!\bthat )(?<!\bwho )"
          r"\b(?:stopped|ended|ceased)\s+(?:in|at the end of|on|from)\s+"
          r"(?:(?:early|late|mid)\s+)?(?:[a-z]+\s+)?(?:19|20)\d\d\b")
_NOT_KEPT_CUE = re.compile(_NOT_KEPT, re.IGNORECASE)
_ANOTHERS = re.compile(r"\s*(?:its|their)\b", re.IGNORECASE)
_CLAUSE_JOIN = re.compile(r",\s+(?:and|but)\s+|\s+and\s+(?=(?:the|its|their)\s)", re.IGNORECASE)
_OWN_SUBJECT = re.compile(r"\s*(?:our|my|its|their)\b", re.IGNORECASE)
_ENDED_CUE = re.compile(_ENDED, re.IGNORECASE)
_NAMED_ITEM = re.compile(r"\b\d+\b|(?<=\w )[A-Z][a-z]+\b")


def _boundary(ended: str = "") -> re.Pattern[str]:
    """The cues of a scope; with ``ended``, what stopped too (read in the preamble only)."""
    stopped = f"|(?P<ended>{ended})" if ended else ""
    return re.compile(f"(?P<ours>{_NOT_OURS}|{_UNLOGGED}){stopped}|(?P<theirs>{_THEIRS})"
                      f"|(?P<neg>{_NEGATION}|{_THEIR_OWN})|(?P<own>{_OWNING})",
                      re.IGNORECASE)  # fmt: skip


_BOUNDARY, _PREAMBLE_BOUNDARY = _boundary(), _boundary(_ENDED)
_PASSIVE = re.compile(r"(?:is|are|was|were)(?:\s+not|n't)", re.IGNORECASE)
# a participle after "is not": "were not kept" (not "are not FedRAMP authorised")
_PARTICIPLE = re.compile(r"[a-z]+(?:ed|en|wn|ught|lt|pt|ld|nt|ne|de|ut|un|id|ot)",
                         re.IGNORECASE)  # fmt: skip
_WORD = re.compile(r"[^\W_]+")
# Words, and the marks a phrase never spans (a hyphen or an apostrophe it may).
_TOKEN = re.compile(r"[^\W_]+|[.,;:!?()\[\]{}\"—–]")
# an item opening with whose it is ("subscribers' card numbers", "a member's vet visits",
# "each claimant's Universal Credit journal")
_OWNER = re.compile(r"\s*(?:(?:a|an|the|our|its|their|each|every)\s+)?[^\W_]+(?:'s|s')\s",
                    re.IGNORECASE)  # fmt: skip
_POSSESSIVE = re.compile(r"(?<=\w)['\u2019]s\b")
_MARKS = re.compile(r"([.!?;])")  # what ends a sentence, kept when split on
_AND_NEVER = re.compile(r"and\s+never", re.IGNORECASE)
# what befell the things of a list, no thing of its own: "What we do not keep, or have
# lost:" (the list follows), "never scanned and are gone"
_BEFELL = re.compile(r"\s*(?:have|has|had|are|is|was|were)\s+(?:all\s+|now\s+|since\s+)?"
                     r"(?:been\s+)?(?:lost|gone|deleted|destroyed|discarded|shredded|binned|"
                     r"purged|thrown\s+away)\s*", re.IGNORECASE)  # fmt: skip
_KEEPING = frozenset("keep hold store retain have".split())
_VERB_FIRST = re.compile(r"(?:not|n't|never|no\s+longer\s*)$", re.IGNORECASE)
_LIST = re.compile(r",|\(|\)|\b(?:or|and|nor)\b", re.IGNORECASE)
_INITIALISM = re.compile(r"\b[A-Z]{2,5}\b")
_WHAT = re.compile(r"\s*what\b", re.IGNORECASE)
_THEIR = re.compile(r"\s*(?:its|their)\s", re.IGNORECASE)
_NEGATES = re.compile(r"\b(?:no|not|never|none|nothing|nor)\b|n't\b", re.IGNORECASE)
_OWN_CLAUSE = re.compile(r",?\s+(?:and|but|so)\s+(?:we|they|it|he|she)\s", re.IGNORECASE)
# a clause of its own whose subject points back: "Windows fitted then were signed off by
# building control, and those records are the council's" is about those records only
_BACK_CLAUSE = re.compile(r",\s*(?:and|but|so)\s+(?=(?:those|these|they)\b)",
                          re.IGNORECASE)  # fmt: skip
_WHERE = re.compile(r"(?:^|\s)(?:in|at|on|inside|within|around|across|near|down|along|behind|"
                    r"beside|opposite|next\s+to)\s", re.IGNORECASE)  # fmt: skip
_SAVE = frozenset({"without", "except", "beyond", "besides"})
_SUBJECT_OPENS = re.compile(r"\s*(?:we|they|it|he|she|you|i)\b", re.IGNORECASE)
_TIMES = r"(?:summer|winter|spring|autumn|day|night|weekdays?|weekends?|term|holidays?)"
_SINCE = re.compile(r"\s+since\b", re.IGNORECASE)
# a time that ended: what was not done then is a gap, not a thing never had
# ("between 2020-03-14 and 2021-07-24")
_BOUNDED = re.compile(r"\b(?:from|between|during|until|till|in)\s+(?:(?:early|late|mid)[\s-]+)?"
                      r"(?:[A-Z][a-z]+\s+)?(?:19|20)\d\d(?:-\d\d){0,2}\b\s*"
                      r"(?:to|and|until|till|[-–])\s*(?:[A-Z][a-z]+\s+)?(?:19|20)\d\d\b")
_WHEN_PAIR = re.compile(rf",\s*{_TIMES}\s+or\s+{_TIMES}\b", re.IGNORECASE)
# "no other branches" says the organization has its own one; "Facebook or any other social
# media" says what else of a kind
_OTHER = re.compile(r"\s*other\b", re.IGNORECASE)
_ANY_OTHER = re.compile(r"(?:,\s*|\s+)(?:or|nor|and)\s+(?:any|no)\s+other\b", re.IGNORECASE)
# "no e-bike conversion kits — our insurer won't cover it": a dash opens a comment
_DASH_COMMENT = re.compile(r"\s[—–-]{1,2}\s")
# a sentence that opens with a condition ("If it isn't in Xero, ..."), and a negation of a
# verb, which a condition may hold
_CONDITION = re.compile(r"[\s*•-]*(?:if|when|whenever|unless|once)\s", re.IGNORECASE)
_VERB_NEGATED = re.compile(r"n't\b|\bnot\b", re.IGNORECASE)
# a clause of when or why ends an item: "KeyKegs are not tracked once they leave the yard"
_SUBORDINATE = frozenset("once when whenever unless until because if while although".split())
_VERBS = frozenset("is are was were be been has have had goes go went does do did ended ends "
                   "comes came runs ran stopped ceased finished started began won't can't "
                   "don't doesn't isn't aren't wasn't weren't didn't belong belongs "
                   "belonged stay stays stayed remain remains remained".split())  # fmt: skip
_ENDS_ITEM = _VERBS | _SAVE | _SUBORDINATE
EVERYDAY = 1.0  # the specificity of "today": a word this common names no subject
RARE_VERB = 2.0  # "generate", "repair", "fluoridate": a verb this rare says what is not done
# "user-generated content", "in-game advertising": a compound's parts are not subjects
_COMPOUND = re.compile(r"\S+-\S+")
# a compound that ends its item and says what something is by whom: "Ofsted-registered"
# ("Ofsted registered": a name needs no hyphen)
_WITH_WHAT = re.compile(r"(?<![\w-])([^\W\d_]{2,}(?=-)|(?-i:[A-Z])[^\W\d_]+(?=\s))[-\s]"
                        r"(?:registered|approved|certified|accredited|licensed|regulated|"
                        r"inspected|rated|listed)\s*$", re.IGNORECASE)  # fmt: skip
# ... but "e-scooters" and "x-rays" are kinds of one thing, named by their word
_LETTER_PREFIXED = re.compile(r"(?<!\S)[^\W\d_]-([^\W\d_]{3,})(?=[^\w-]|$)")
_ONLY = re.compile(r"(?<![\w-])([^\W\d_]{3,})-only(?![\w-])", re.IGNORECASE)
_ALNUM = re.compile(r"[^\W_]+")
_YEAR_WORD = re.compile(r"(?:19|20)\d\d")  # says when, never what
# The negation's own words, the index's description of itself, the indefinite pronouns
# ("so nobody goes looking", "anywhere outside the UK") and words that only grade what
# is absent ("keeps no useful call history": "useful" is read as "used") say nothing
# absent.
_NOT_SUBJECTS = frozenset(terms("does do did not never neither no runs sells issues "
                                "supports offers makes operates provides ships has "
                                "holds keeps builds hosts employs index answers hold tells "
                                "look covered scope anywhere anyone anybody nobody "
                                "nowhere someone somebody somewhere everyone everybody "
                                "everywhere straight directly otherwise instead "
                                "together already earlier later sooner "
                                "useful usable proper actual allowed "
                                # ("no Monotype here, whatever visitors assume")
                                "whatever whichever whoever wherever whenever"))  # fmt: skip


_ASIDE_SEMICOLON = re.compile(r"\([^();]*;[^()]*\)")
_US_FIRST = re.compile(r"\s*(?:we|our|us)\b", re.IGNORECASE)
# a span something is kept, and what is done with it then: "purged once three full
# years have passed", "kept 90 days"
_KEPT_FOR = re.compile(r"\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|twelve)\s+"
                       r"(?:full\s+|whole\s+|calendar\s+)?(?:years?|months?|weeks?|days?)\b",
                       re.IGNORECASE)  # fmt: skip
_DISPOSED = re.compile(r"\b(?:purged|deleted|destroyed|shredded|erased|overwritten|wiped|"
                       r"kept|retained)\b", re.IGNORECASE)  # fmt: skip


def _joined_clauses(aside: re.Match[str]) -> str:
    """An aside's clauses joined as by "and", less those saying what the organization
    does."""
    first, *rest = aside.group()[1:-1].split(";")
    return "(" + ", and ".join([first, *(c for c in rest if not _US_FIRST.match(c)
                                         or _NEGATES.search(c))]) + ")"  # fmt: skip


def _scopes(preamble: str, boundary: re.Pattern[str] | None = None,
            ) -> Iterator[tuple[str, list[str]]]:
    """Each negation and the items of the list it reaches: to the next negation (owning
    included), a colon, or the end of its sentence; for "... are not ours", back to the
    previous negation, a colon, or the start of its sentence. An item ends at its own
    verb: "(work abroad goes to relationship firms)" is about work abroad, and "No
    drafting tool is in production" about a drafting tool."""
    # ("timesheets (Kev and Shaun are salaried; nobody logs hours), CCTV": a semicolon in
    # an aside ends no sentence; it joins the aside's clauses as "and" does, less what
    # the organization says it does: "(owners repair their homes; we look after the
    # block)", not "(...; we do not offer Invisalign)")
    text, listing = _ASIDE_SEMICOLON.sub(_joined_clauses, ends_marked(preamble)), False
    for found in _SENTENCE.finditer(text):
        sentence, listed_on = found.group(), listing
        # "What we do not do: leather; dyeing; shoe repairs": its list runs on past ";"
        listing = listing and text.startswith(";", found.end())
        cues = _cues(sentence, boundary or _BOUNDARY)
        if not cues:
            # (a clause of the organization's own says what it has: "...; we only get
            # the final count on the settlement sheet")
            # (nor one that says something of its subject: "...; the wash bay and the
            # mounting block are first come first served")
            if listed_on and not _SUBJECT_OPENS.match(sentence) \
                    and not _IS.search(_ASIDE.sub(" ", sentence)):  # fmt: skip
                yield "", _listed(sentence)
            continue  # (an item with a negation of its own is read by it: "owns no cranes")
        head, colon, listed = sentence.partition(":")
        if colon and _WHAT.match(head) and cues[0].start() < len(head):
            # "What we do not do: crime, family, immigration ..." heads the list it negates
            # (to a colon of the item's own: "No bookings or home visits: walk-in only,
            # with a numbered queue ticket" has queue tickets)
            own = BRACKETED.sub(lambda m: " " * len(m.group()), listed).find(":")
            before = listed[:own] if own >= 0 else listed
            if own >= 0 and _STATE_HEAD.fullmatch(before):
                pass  # ("- Lost or never kept: launch records before 1979; ...": a head)
            elif not (_KEPT_FOR.search(listed) and _DISPOSED.search(listed)):
                # (not what is kept for a time: "What was lost or never kept: RAW files
                # are purged once three full years have passed")
                yield "", _listed(before if _NEGATES.search(before) else listed)
            # (not what was lost when: "What was lost: records before 2009; ...")
            listing = text.startswith(";", found.end()) and not _YEAR_WORD.search(listed)
        ends = [c.start() for c in cues[1:]] + [len(sentence)]
        starts = [0] + [_after_agent(sentence, c) for c in cues[:-1]]
        vocabulary = _VOCABULARY.search(sentence)  # once a sentence, not once a cue
        for cue, start, end in zip(cues, starts, ends, strict=True):
            if cue.lastgroup == "neg":
                if _CONDITION.match(sentence) and _VERB_NEGATED.search(cue.group()) \
                        and "," in sentence[cue.end():end] \
                        and "," not in sentence[:cue.start()]:  # fmt: skip
                    # "When the page you want isn't here, ask the person who owns that
                    # bit of the work": a condition, which says nothing is not had (but
                    # "if a pot goes missing there's no record of it" does)
                    continue
                if vocabulary and vocabulary.start() < cue.start() \
                        and (_CONTRASTED.match(cue.group())
                             or sentence[: cue.start()].rstrip().endswith(",")):  # fmt: skip
                    # "Vocabulary: stores, not shops", '"voucher" is the referral an
                    # agency sends, never something a client spends': a word, not a thing
                    continue
                # "(millers deliver flour)": an aside with its own verb says who does
                # it instead, not what is not done
                scope = _ASIDE.sub(" ", sentence[cue.end():end].split(":", 1)[0])
                if sentence.rfind("(", 0, cue.start()) > sentence.rfind(")", 0, cue.start()):
                    # "(an old oast, no longer used for drying) with a tally-man
                    # demonstration": a negation inside an aside ends with it
                    scope = scope.split(")", 1)[0]
                # "..., and we pass those requests to a specialist agency": a clause
                # with a subject of its own says what is done instead, unless it
                # negates too ("..., and we take no work outside the UK")
                head, *rest = _OWN_CLAUSE.split(scope, 1)
                if rest:
                    # ("..., and we organise no passage races": what it negates)
                    negates = _NEGATES.search(rest[0])
                    scope = f"{head}, {rest[0][negates.end():]}" if negates else head
                # "no chips or fried food, only toasties, soup and cakes": what is had
                # ("No CCTV anywhere, including the car park": where, not what)
                scope = _INCLUDING.split(_ONLY_HAD.split(scope, 1)[0], 1)[0]
                if _OTHER.match(scope):
                    continue  # "We have no other branches or yards": it has its own one
                # ("Facebook or any other social media": what else of its kind)
                scope = _DASH_COMMENT.split(_ANY_OTHER.split(scope, 1)[0], 1)[0]
                # "no lake moorings or buoys, summer or winter": when, not what
                scope = _WHEN_PAIR.sub(" ", scope)
                # "not organised a road race since the last Staveley 10K": when, not what
                scope = _SINCE.split(scope, 1)[0]
                if _BOUNDED.search(scope):
                    continue  # "no tool library loans from March 2020 to August 2021": a gap
                if _OWN_RECORDS.match(cue.group()):
                    # "keep their own patient records and know what happened to a
                    # casualty": what else they do is no thing of theirs
                    scope = _ALSO_DOES.split(scope, 1)[0]
            elif cue.lastgroup == "ours":
                scope = sentence[start:cue.start()].rsplit(":", 1)[-1]
                if _NOT_KEPT_CUE.match(cue.group()):
                    # "... for late home visits, and the texts are not kept": the clause
                    # of its own; "its statements were not kept": another thing's
                    scope = _CLAUSE_JOIN.split(scope)[-1]
                    if _ANOTHERS.match(scope):
                        continue
                if _YEAR_WORD.search(scope):
                    continue  # "records before 2016 are not kept anywhere": a retention
            elif cue.lastgroup == "ended":
                scope = sentence[start:cue.start()].rsplit(":", 1)[-1]
                if _OWN_SUBJECT.match(scope):
                    continue  # "Our funding stopped in 2021": what befell us, not a service
            elif cue.lastgroup == "theirs":
                if cue.group().lower().endswith("with") and sentence.rfind(
                        "(", start, cue.start()) > sentence.rfind(")", start, cue.start()):
                    continue  # "(signatures stay with the scans)": kept together, not theirs
                # "the UN-led clusters (WASH ..., Food Security by WFP) are run by those
                # agencies" is about the clusters, not food
                scope = BRACKETED.sub(" ", sentence[start:cue.start()].rsplit(":", 1)[-1])
                scope = _BACK_CLAUSE.split(scope)[-1]
            else:
                continue
            items = _LIST.split(scope)
            if cue.lastgroup != "neg" or _STOPPED.match(cue.group()):
                # "the cafés and shops on board and in the Wrenford terminal are run by
                # Galley & Co": where they are is no thing of theirs
                # ("fly-tipping on public land is the council's": nor a place after one;
                # and "stopped lending DVDs in 2021" says when, which is not what)
                items = [_WHERE.split(item, 1)[0] for item in items]
            yield cue.group(), [_before_verb(item) for item in items]


# an item of a "What we do not do:" list that is no thing: what is said of the one before
# ("Dan grades (black belt and above) are awarded by British Judo, not by the club"), or
# a head of others' things ("Other bodies' records that the club cannot see: ...")
_NOT_LISTED = re.compile(r"\s*(?:(?:is|are|was|were)\s|not\s+by\b|other\s+(?:bodies|"
                         r"organi[sz]ations|people)(?:'s|')?\s)", re.IGNORECASE)  # fmt: skip


# the head of an item that says what befell the things after it, not a thing itself
_STATE_HEAD = re.compile(r"\s*(?:(?:lost|kept|gone|missing|destroyed|deleted|shredded|purged|"
                         r"discarded|never|not|or|and|[,/&])\s*)+", re.IGNORECASE)  # fmt: skip


def _listed(listed: str) -> list[str]:
    """The items of a list a "What we do not do:" heads, less its asides ("(we pass
    people to Kendal Curtain Co.)") and what it says of a time ("records before 2009")."""
    return [_before_verb(item) for item in _LIST.split(_ASIDE.sub(" ", listed))
            if not _YEAR_WORD.search(item) and not _NOT_LISTED.match(item)]



@lru_cache(maxsize=8)
def _scoped(preamble: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """``_scopes`` and ``_held_by_others`` once a preamble: the router reads it three
    ways at startup."""
    return tuple((cue, tuple(items)) for cue, items
                 in itertools.chain(_scopes(preamble, _PREAMBLE_BOUNDARY),
                                    _held_by_others(preamble)))


# A paragraph that opens by saying it is about other bodies' things: "Things other
# bodies own.", "What belongs to others:", "What belongs to other people.", "Other
# people's business.", "Whose business it is.", "Some records belong to other people."
_OTHERS_HEAD = re.compile(r"\s*(?:(?:some\s+)?(?:what|things|records|papers)\b[^.:\n]{0,60}"
                          r"\b(?:others|other bodies|other organi[sz]ations|other people|"
                          r"someone else|not ours)\b"
                          r"|other\s+(?:people|bodies|organi[sz]ations)(?:'s|s')?\s+"
                          r"(?:business|things|jobs)\b|whose\s+(?:business|job)\b"
                          r"|(?:held|kept|owned)\s+by\s+other\s+(?:bodies|organi[sz]ations|people)\b)"
                          r"[^.:\n]{0,60}[.:]", re.IGNORECASE)  # fmt: skip
# what another body holds: its first verb of holding, and what it also does ("owns the
# bus stops ... and runs Brackenridge Bus Station", "owns ... and decides on referrals")
_HOLDING = r"owns?|holds?|keeps?|maintains?|issues?|runs?|manages?|operates?|handles?"
_DOING = (rf"{_HOLDING}|decides?|sets?|hears?|handles?|agrees?|pays?|checks?|sends?|"
          r"collects?|inspects?|replaces?|repairs?|knows?|sees?|tells?")
_HOLDS = re.compile(rf"\b(?:{_HOLDING})(?:\s+and\s+[a-z]+)?\b", re.IGNORECASE)
# "own" after whose is no verb ("funders' own research")
_WHOSE_OWN = re.compile(r"(?:'|'s|\btheir|\bits)\s+own\b", re.IGNORECASE)
# ... and whose a thing is, before it: "The licensing inspector's own"
_OWNED = re.compile(r"^\s*(?:the\s+)?(?:[\w-]+\s+){0,3}[\w-]+(?:'s|s')\s+own\b", re.IGNORECASE)
_ALSO_DOES = re.compile(rf",?\s+and\s+(?:{_DOING})\b", re.IGNORECASE)
_BEING_DONE = re.compile(r"\b(?:is|are|was|were|be|been)\s+$", re.IGNORECASE)  # "is run by"
_US = re.compile(r"\b(?:we|our|us)\b", re.IGNORECASE)
# ... as the one who holds: "our landlord, Derwent Estates, holds the insurance" is theirs
_WE = re.compile(r"\b(?:we|us)\b", re.IGNORECASE)
# where the organization's own part starts: "; we keep our referral", ", and we only see"
_OUR_PART = re.compile(r";|,?\s+(?:and|but|so|while)\s+(?=(?:we|our)\b)|,\s*(?=we\b)",
                       re.IGNORECASE)  # fmt: skip
# an item that is a clause, not a thing: "which sends payslips into Breathe", "never to us"
_NOT_A_THING = re.compile(r"\s*(?:which|who|whose|that|never|not)\b", re.IGNORECASE)
# what is said to be another body's, the things first: "... are with them, not us"
# (things, plural, that "are the partnership's"; not "The Safety Advisory Group is the
# council's", a body someone else runs, whose papers may well be kept here)
_ARE_THEIRS = re.compile(r"\b(?:is|are)\s+(?:all\s+)?(?:with\s+them|theirs|held\s+by\s+them|"
                         r"kept\s+by\s+them)\b|\bare\s+the\s+[a-z]+(?:'s|s')(?![\w-])"
                         # ("pensions are with NEST": a body by its name)
                         r"|\b(?:is|are)\s+with\s+(?-i:[A-Z])",
                         re.IGNORECASE)  # fmt: skip
_OTHER_BODY = re.compile(r"\s*(?:[-*]\s+)?(?:the|our)\s+(?:landlords?|freeholders?|managing\s+"
                         r"agents?|accountants?|bookkeepers?|insurers?)\s+"
                         rf"(?:{_HOLDING})\b", re.IGNORECASE)  # fmt: skip
# ... a head of a list of what others hold: "What other bodies hold, not us:", "Held by
# other bodies:"
_LISTING_HEAD = re.compile(r"\s*(?:(?:what|things|records)\s+(?:other\s+(?:bodies|people|"
                           r"organi[sz]ations)|others)\s+(?:hold|keep|own)"
                           r"|(?:held|kept|owned)\s+by\s+(?:other\s+(?:bodies|people|"
                           r"organi[sz]ations)|others))\b[^.:\n]{0,40}:", re.IGNORECASE)
# ... and a clause in it that says something, not a thing listed
_STATED = re.compile(r"\b(?:is|are|was|were|has|have|had|do|does|did|will|would|can|could|"
                     r"may|might|must|should|belongs?|stays?|sits?|remains?|rests?|lies?|"
                     r"done|kept|made|run|held|sent|given)\b|n't\b", re.IGNORECASE)
# an aside that names kinds of the thing before it, in plain words ("staff health
# surveillance results (lung function, hearing, medicals)"), not who or when
_KINDS = re.compile(r"\((?![^()]*\b(?:their|its|e\.g|etc|by|until|since|from|before|after|"
                    r"not|only|is|are|was|were)\b)([a-z][a-z ,'-]*)\)")


def _kinds_of(aside: re.Match[str]) -> str:
    """An aside as items of their own when it names kinds of a thing, else a space."""
    return f", {kinds.group(1)}," if (kinds := _KINDS.fullmatch(aside.group())) else " "


HELD_BY_OTHERS = "held by another body"  # the cue of what ``_held_by_others`` reads


def _held_by_others(preamble: str) -> Iterator[tuple[str, list[str]]]:
    """What another body is said to hold, in a paragraph about other bodies' things:
    "Things other bodies own. ... the council maintains the roof and keeps the
    building's asbestos register" (read as names only, by ``declared_absent_phrases``),
    or each thing of a list a head says is theirs ("What other bodies hold, not us:
    patients' GP records (their surgery); card payments: Dojo").
    Not what is done to it ("is run by"), nor what the organization says of its own part
    ("we keep our referral"), nor a clause that negates."""
    for paragraph in paragraphs(preamble):
        head = _OTHERS_HEAD.match(paragraph)
        # a head that a list of things follows ("What other bodies hold, not us:"), read
        # without its brackets ("(their insurer, e.g. Bupa)")
        listing = head is not None and _LISTING_HEAD.fullmatch(head.group()) is not None
        body = paragraph[head.end() if head else 0 :]
        for sentence in _SENTENCE.findall(ends_marked(BRACKETED.sub(" ", body) if listing
                                                      else body)):
            # (anywhere, a sentence that opens with a body that is never the organization:
            # "The landlord holds all building records: legionella risk assessment, ...")
            if not head and not _OTHER_BODY.match(sentence):
                continue
            for clause in _OUR_PART.split(sentence):
                if theirs := _ARE_THEIRS.search(clause):
                    # "payslips, P60s and pension records are with them, not us"
                    held = BRACKETED.sub(" ", clause[: theirs.start()].rsplit(":", 1)[-1])
                    yield HELD_BY_OTHERS, [_before_verb(item) for item in _LIST.split(held)
                                           if not _US.search(item)]  # fmt: skip
                    continue
                verb = _HOLDS.search(clause)
                whose = _WHOSE_OWN.search(clause, 0, verb.end()) if verb else None
                if listing and not _STATED.search(clause) \
                        and (not verb or (whose and whose.end() == verb.end())):  # fmt: skip
                    # "What other bodies hold, not us: patients' GP records (their GP
                    # surgery); card payments and chargebacks: Dojo": a thing each, who
                    # holds it after a colon
                    # ("The licensing inspector's own working notes": the notes)
                    listed = _OWNED.sub(" ", clause.split(":")[0])
                    if items := [item for item in _LIST.split(listed)
                                 if _WORD.search(item) and not _US.search(item)]:
                        yield HELD_BY_OTHERS, items
                    continue
                if not verb or _BEING_DONE.search(clause, 0, verb.start()) \
                        or _WE.search(clause, 0, verb.start()) \
                        or not _WORD.search(clause, 0, verb.start()) \
                        or _NEGATES.search(clause, 0, verb.end()):  # fmt: skip
                    continue
                # "owns everything about the site: site diaries, labour returns, ..."
                held = BRACKETED.sub(_kinds_of, clause[verb.end() :].split(":", 1)[-1])
                for part in _ALSO_DOES.split(_OWN_CLAUSE.split(held, 1)[0]):
                    items = [_WHERE.split(item, 1)[0] for item in _LIST.split(part)]
                    yield HELD_BY_OTHERS, [_before_verb(item) for item in items
                                           if not _NOT_A_THING.match(item)
                                           and not _US.search(item)]


def _read(preamble: str) -> Iterator[tuple[str, list[str]]]:
    """Each negation and its items, the items a list of one's own to edit."""
    for cue, items in _scoped(preamble):
        yield cue, list(items)


def _cues(sentence: str, boundary: re.Pattern[str]) -> list[re.Match[str]]:
    """The sentence's negations; an "and no" or ", no" only where no negation came
    before it ("no pallets" in "Nothing over 25 kg, and no pallets"), since after one it
    goes on the same list ("No same-day, no timed services")."""
    out: list[re.Match[str]] = []
    for cue in boundary.finditer(sentence):
        if cue.group("also") and any(c.lastgroup == "neg" for c in out):
            continue
        out.append(cue)
    return out


def _after_agent(sentence: str, cue: re.Match[str]) -> int:
    """Where what follows ``cue`` starts: past the agent of "is run by" or "belongs to"
    ("is managed by Network Rail, so its lifts ... are theirs" goes on at "so")."""
    if not _AGENT.search(cue.group()):
        return cue.end()
    comma = sentence.find(",", cue.end())
    return comma if comma >= 0 else len(sentence)


def unprefixed(text: str) -> str:
    """``text`` with each kind named with a letter as its word: "e-scooters" -> "scooters"."""
    return _LETTER_PREFIXED.sub(r"\1", text)


def _single_words(item: str) -> list[str]:
    """The words of ``item`` that may be subjects alone: not the parts of a compound, but
    what a compound says is all there is ("no rehearsal-only bookings": rehearsal)."""
    return _WORD.findall(_COMPOUND.sub(" ", _ONLY.sub(r"\1", join_halves(unprefixed(item)))))


def _before_verb(item: str) -> str:
    """``item`` up to a verb after its first word (the first may be the negated verb),
    up to what it is said without ("no landline without broadband" is about landlines),
    or up to a clause saying when ("not tracked once they leave the yard")."""
    words = item.split()
    for k, word in enumerate(words[1:], start=1):
        if word.lower().replace("’", "'") in _ENDS_ITEM:
            return " ".join(words[:k])
    return item


_COPULAS = frozenset("be been being is are was were".split())  # "have never been, auditors"
_PRONOUNS = frozenset("it them this that these those any anything".split())
_RELATIVE = frozenset("who whom whose which that".split())


def _past_verbs(items: list[str], *, rare: bool = False) -> list[str]:
    """``items`` less the common verbs opening them: "sell gas" is gas; "never see or
    store players' card details", "never install, service or repair gas or oil boilers"
    and "do not stock or hand out infant formula" open with a list of verbs. With
    ``rare``, a rare verb among them stays: "do not build, braze or respray frames" does
    no brazing, though "braze frames" is no thing of its own."""
    out = list(items)
    listed = False  # whether a verb of an action came alone before ("build, ...")
    for k, item in enumerate(out):
        verb, _, rest = item.strip().partition(" ")
        keep = rare and (listed or not rest) and specificity(verb.lower()) >= RARE_VERB
        out[k] = item if keep else rest
        listed = listed or verb.lower() not in _COPULAS
        if rest or not verb:
            break
    return out


def _names_its_object(words: list[str]) -> bool:
    """Whether a negated verb is only the relation to what follows it: "do not write
    journal manuscripts" is about manuscripts, but "do not test them" is about testing,
    and "do not fluoridate any supply" (a rare verb) about fluoridating."""
    return (len(words) > 1 and words[1].lower() not in _PRONOUNS
            and specificity(words[0].lower()) < RARE_VERB)


# a day, a month or a season says when, not what ("We stopped the Sunday stall at Skipton
# market", "what the stall took that summer")
_DAY_NAMES = frozenset("monday tuesday wednesday thursday friday saturday sunday january "
                       "february march april june july august september october november "
                       "december summer summers winter winters autumn autumns".split())


def declared_absent(preamble: str) -> frozenset[str]:
    """The stemmed words the preamble puts inside a negation of the organization, but
    not what it says it has of its own ("we deliver on our own two lorries": "the
    lorries' records are theirs" are the haulier's lorries)."""
    out: set[str] = set()
    for word in _negated_words(preamble):
        # a year, a day or a season says when, a count how many, not what ("stopped in
        # 2021", "what the stall took that summer")
        if specificity(word.lower()) >= EVERYDAY and not word.isdigit() \
                and word.lower() not in _DAY_NAMES:  # fmt: skip
            out.update(terms(word))
            if word[1:] != word[1:].lower() and not word.isupper():
                out.update(terms(word.lower()))  # "TikTok" is asked for as "tiktok" too
    # (not "we do not run our own payroll": what the sentence negates)
    owned = {t for m in _OUR_OWN.finditer(preamble)
             if not _NEGATES.search(preamble, max(0, *(preamble.rfind(mark, 0, m.start())
                                                      for mark in ".;:!?")), m.start())
             for t in terms(m.group(1))}  # fmt: skip
    return frozenset(out - _NOT_SUBJECTS - owned)


def declared_absent_forms(preamble: str) -> frozenset[str]:
    """The words of :func:`declared_absent` as the preamble writes them, lowercased ("land"
    of "no land surveys", which "has the money landed?" does not ask for)."""
    return frozenset(w.lower() for w in _negated_words(preamble))


def declared_absent_alone(preamble: str) -> frozenset[str]:
    """The stems of :func:`declared_absent` said as a thing of one word ("does not sell gas
    or broadband", "We are not organic"), not only as part of one of several ("have not
    fitted hair extensions", "never sell plans by cold calling", "not VAT registered"): a
    question may use such a part in another sense ("do we still fit her in")."""
    out: set[str] = set()
    for cue, items in _read(preamble):
        if _PASSIVE.fullmatch(cue):
            # "We are not organic": what it is not, unless a participle ("were not kept")
            first, _, rest = items[0].strip().partition(" ") if items else ("", "", "")
            if _PARTICIPLE.fullmatch(first):
                items = [rest, *items[1:]]
        elif _VERB_FIRST.search(cue):
            items = _past_verbs(items)
        for item in items:
            stems = terms(" ".join(_single_words(item)))
            if len(stems) == 1:
                out.update(stems)
    return frozenset(out)


_ARTICLE = re.compile(r"^\s*(?:the|a|an)\s+", re.IGNORECASE)  # "the defibrillator"


# what the reader is told not to do is no thing the organization lacks: "Anything about a
# live incident: don't search, phone the Team Leader"
_TOLD = re.compile(r"(?:^|(?<=[.!?:;]))[\s*-]*(?:please\s+)?(?:don't|do\s+not)\s[^.!?;\n]*",
                   re.IGNORECASE | re.MULTILINE)


def declared_absent_items(preamble: str) -> dict[frozenset[str], tuple[str, bool]]:
    """The stems of each thing of two to four words the preamble says the organization
    has not or does not do, with the thing as written and whether it is named as a thing
    ("We don't hire out the boathouse": hire, boathouse, said by its verb; "no open-water
    swimming sessions": a thing): a question that says all of one asks for that thing,
    whatever else a source shares with it. Not another's own ("its own case notes"), nor
    what a clause says of others ("customers who need those collected")."""
    out: dict[frozenset[str], tuple[str, bool]] = {}
    for cue, items in _read(_TOLD.sub(" ", preamble)):
        for item in items:
            said = _before_verb(item)
            words = _single_words(said)
            if _OTHERS_OWN.search(said) or _RELATIVE.intersection(w.lower() for w in words) \
                    or _HOLDS.match(said.strip()) or any(  # (nor "holds the card records")
                        not set(terms(part)) - _NOT_SUBJECTS
                        for c in _COMPOUND.findall(said) for part in c.split("-")):
                continue  # (nor "Used-car warranties", whose "used" no stem keeps)
            # (each part of a compound too: "no karts hired out off-site")
            stems = frozenset(t for t in terms(join_halves(unprefixed(said)))
                              if not _YEAR_WORD.fullmatch(t)) - _NOT_SUBJECTS
            named = sum(specificity(w.lower()) >= EVERYDAY for w in words) >= 2
            if 2 <= len(stems) <= 4 and not _A_NAME.search(said.strip()):
                out.setdefault(stems, (" ".join(said.split()),
                                       named and not _VERB_FIRST.search(cue)))
    return out


# (a name of several words is read by its name: "claims no Gift Aid", asked as "gift aid",
# is common words)
_A_NAME = re.compile(r"(?:^|(?<=\s))(?:[A-Z][\w'-]*\s+)+[A-Z][\w'-]*")
_OTHERS_OWN = re.compile(r"\b(?:its|their)\b|'s\s+own\b", re.IGNORECASE)


def held_alone(preamble: str) -> frozenset[str]:
    """The stems of the things of one word that a paragraph about other bodies' things
    says another body holds ("Courts ... own the hearing record, transcripts and
    outcomes" -> transcript, outcom): read apart from the negations, as a question may
    use such a word in another sense ("the car parks' charges and fines" and "I can see
    the job fine")."""
    return frozenset(t for cue, items in _read(preamble) if cue == HELD_BY_OTHERS
                     for item in items if len(words := _single_words(_ARTICLE.sub("", item))) == 1
                     and words[0].islower() and specificity(words[0]) >= EVERYDAY
                     for t in terms(words[0])) - _NOT_SUBJECTS  # fmt: skip


# a thing that cannot have something done to it: "the hide can't be booked", "The hall
# cannot be hired on Sundays"
_CANNOT_BE = re.compile(r"\b(?:[Tt]he|[Oo]ur)\s+((?:[a-z][\w-]*\s+){0,2}[a-z][\w-]*)\s+"
                        r"(?:can't|cannot|can\s+not|won't|will\s+not|mustn't|must\s+not)\s+"
                        r"be\s+([a-z]+ed)\b")


def declared_undone(preamble: str, rare: float,
                    ) -> Iterator[tuple[frozenset[str], frozenset[str], str]]:
    """What the preamble says is not done to a thing: "We do not teach ringing", "do not
    build, braze, paint or respray frames". A bell foundry has ringing everywhere in its
    cards; what it does not do is teach it. Yields (the stems of the verbs at least
    ``rare`` specific, the object's stems, as written), the object up to its first
    stopword and of three words at most, with the first word of what follows that
    stopword ("write valuations for divorce": valuations, divorce)."""
    for cue, items in _read(preamble):
        if not _VERB_FIRST.search(cue) or _NAMED_ONLY.search(cue):
            continue
        verbs: list[str] = []
        obj: list[str] = []
        for item in items:
            words = _single_words(item)
            if _COMPOUND.search(item):
                break  # "do not see or repair hospital-issued aids": whose aids matters
            if words:
                verbs.append(words[0])
                if len(words) > 1:
                    obj = words[1:]
                    break
        stems = phrase_stems(obj)
        cut = stems.index(None) if None in stems else len(obj)
        # "do not write valuations for divorce": the first word of what the thing is for
        # names it too
        after = next((w for w, t in zip(obj[cut:], stems[cut:], strict=True) if t), None)
        said = obj[: min(cut, 3)] + ([after] if after else [])
        done = frozenset(t for v in verbs if specificity(v.lower()) >= rare
                         for t in terms(v))  # fmt: skip
        what = frozenset(t for w in said for t in terms(w)) - _NOT_SUBJECTS
        if done and cut and what:
            yield done, what, " ".join([verbs[-1], *said])
    # "the hide can't be booked": what cannot be done to it
    for m in _CANNOT_BE.finditer(" ".join(preamble.split())):
        done = frozenset(terms(m.group(2))) if specificity(m.group(2).lower()) >= rare \
            else frozenset()  # fmt: skip
        what = frozenset(terms(m.group(1))) - _NOT_SUBJECTS
        if done and what:
            yield done, what, m.group()


def declared_absent_names(preamble: str) -> frozenset[str]:
    """The capitalized words, as written, inside a negation of the organization that end a
    name: "we do not use Microsoft Teams" -> {"Teams"}. A name may share its stem with a
    common word ("Teams" and "team"), so it is told apart by its case: only where it is
    capitalized within a sentence ("Road gullies are the council's" names no road)."""
    said = {w for w in _negated_words(preamble)
            if len(w) > 2 and w[0].isupper() and w[1:].islower()}  # fmt: skip
    return frozenset(_names_said(preamble, said, alone=False)) if said else frozenset()


def absent_only_as_names(preamble: str, common: Callable[[str], bool]) -> frozenset[str]:
    """The names of ``declared_absent_names`` that are also a common word (``common``) and
    that the preamble negates only as a name: "We do not use Slack or Teams" rules out
    Microsoft Teams, asked for by its name, not the conservation team."""
    names = {w for w in declared_absent_names(preamble) if common(w.lower())}
    # each a name of one word there ("Teams", not the "Wales" of "Natural Resources Wales")
    names = set(_names_said(preamble, names, alone=True)) if names else names
    if not names:
        return frozenset()
    lower = {t for w in _negated_words(preamble) if not w[:1].isupper() for t in terms(w)}
    return frozenset(w for w in names if not set(terms(w.lower())) & lower)


def _negated_words(preamble: str) -> Iterator[str]:
    """The words, as written, of the things the preamble says the organization has not."""
    for cue, items in _read(preamble):
        if cue == HELD_BY_OTHERS or _NAMED_ONLY.search(cue):
            # "..., which runs parking charges", "whose kitchen staff are employed by
            # them": named things only, as phrases
            continue
        if _ENDED_CUE.match(cue):
            # "the 200 Club lottery ended in 2020": a thing named so is named whole (as a
            # phrase), not by each of its words ("the National Lottery Heritage Fund")
            items = [item for item in items if not _NAMED_ITEM.search(item)]
        if any(_BEFELL.fullmatch(item) for item in items):
            items = [item for item in items if not _BEFELL.fullmatch(item)]
            said = [w for item in items if (w := item.strip().lower())]
            if not said or (len(said) == 1 and said[0] in _KEEPING):
                continue  # "What we do not keep, or have lost:": the list comes after
        # "are not Ofsted-registered", "not VAT registered": what it is not so with, said
        # apart from the rest ("registered" is no subject)
        with_what = [m.group(1) for item in items if (m := _WITH_WHAT.search(item))]
        items = [_WITH_WHAT.sub("", item) for item in items]
        words = [w for item in items for w in _single_words(item)]
        if _AND_NEVER.fullmatch(cue) and len(words) == 1 and words[0].endswith("ed"):
            continue  # "closed in 2020 and never reopened": the closing said what
        if len(words) > 1 and words[0].lower() in ("be", "been") \
                and _PARTICIPLE.fullmatch(words[1]):  # fmt: skip
            words = words[2:]  # "must never be passed to the client": the relation
        elif _PASSIVE.fullmatch(cue) and words and _PARTICIPLE.fullmatch(words[0]):
            words = words[1:]  # "were not kept": the participle is the relation
        elif _VERB_FIRST.search(cue) and len(words) > 1 and _PARTICIPLE.fullmatch(words[0]) \
                and all(w.lower() in _PARTICLES for w in words[1:]):  # fmt: skip
            words = []  # "it was never handed over": what befell it, no thing
        elif _VERB_FIRST.search(cue) and _names_its_object(words):
            words = [w for item in _past_verbs(items, rare=True) for w in _single_words(item)]
        yield from words + with_what


def names_asked(question: str, names: Set[str], *, alone: bool = True) -> tuple[str, ...]:
    """The words of ``names`` that ``question`` says as written, each a name of one word
    (unless not ``alone``: the end of a longer one, "Natural Resources Wales"): not a
    sentence's first ("Teams keep asking"), nor part of a longer name ("under Harbour
    Road")."""
    return tuple(dict.fromkeys(_names_said(question, names, alone=alone))) if names else ()


def _names_said(text: str, names: Set[str], *, alone: bool) -> Iterator[str]:
    """The words of ``names`` in ``text``, capitalized within a sentence and ending a
    name (the last of its capitalized words); ``alone``: its only one."""
    for m in _TITLE_WORD.finditer(text):
        if m.group() not in names or _CAPITALIZED_NEXT.match(text, m.end()):
            continue
        before = text[max(0, m.start() - _REACH) : m.start()].rstrip()
        if before[-1:] in _OPENERS or (alone and _CAPITALIZED_LAST.search(before)):
            continue
        yield m.group()


_TITLE_WORD = re.compile(r"\b[A-Z][a-z]+\b")
_CAPITALIZED_NEXT = re.compile(r"[ \t]+[A-Z]")
_CAPITALIZED_LAST = re.compile(r"(?:^|\s)[A-Z][\w'-]*$")
_OPENERS = frozenset(("", ".", "!", "?", ":", ";", '"', "\u201c", "(", "-", "*", "\u2014"))
_REACH = 40  # far enough back for the word before


def _plural(word: str) -> bool:
    """Whether ``word`` is written plural: "ambulances", not "gas" (read by which is
    the commoner word, it or it less its last letter)."""
    return word.endswith("s") and zipf(word[:-1]) >= zipf(word)


# what a list is written on ("stock list", "stock sheet"); a "list" or a "log" is asked for
# by no other, their stems being also verbs' ("listed", "logged")
_WRITTEN_ON = frozenset(terms("list sheet spreadsheet log logbook ledger"))
_ALSO_VERBS = frozenset(terms("list log"))


def declared_absent_phrases(preamble: str) -> dict[tuple[str, ...], str]:
    """The negations' list items that are names of two to four words ("nursing homes",
    "third-party sellers"; not "electricity to households"), up to a preposition ("share
    scheme for staff") or a relative pronoun ("customers who ..."); a name of three words
    also without one word before its head ("customer app" for "customer mobile app"):
    stems -> as written."""
    out: dict[tuple[str, ...], str] = {}
    # words joined to another by a hyphen ("in-house"), or saying whose ("subscribers'")
    joined = _joined(preamble.lower())
    for cue, items in _read(preamble):
        if _VERB_FIRST.search(cue):
            items = _past_verbs(items)
        named = []
        for k, item in enumerate(items):
            if k and _THEIR.match(item):
                continue  # "HMO licences and their public registers": not any register
            # "Hollins Park's safety certificate" is one name of four words
            words = _WORD.findall(_POSSESSIVE.sub("", item))
            owner = _OWNER.match(item)
            # (a plural's "Temps' pension pots" opening a sentence is whose, not a name)
            if owner and (not owner.group().split()[-1][:1].isupper()
                          or owner.group().rstrip().endswith("s'")) \
                    and len(_WORD.findall(item[owner.end():])) > 1:  # fmt: skip
                # "subscribers' card numbers" are card numbers, whoever's they are
                named.append(_WORD.findall(item[owner.end():]))
            while words and not terms(words[0]):
                words = words[1:]  # "on Nintendo Switch", "a store card"
            while words and not terms(words[-1]):
                words = words[:-1]  # "no shareholder register here"
            if words:
                named.append(words)
        # "pet, travel or business insurance": the last item's noun is also that of the
        # single words before it that name no thing of their own (not "ambulances")
        last = next((item.split() for item in reversed(items) if _WORD.search(item)), [])
        if len(named) > 1 and (len(named[-1]) == 2 or len([w for w in last if terms(w)]) == 2):
            # ("referencing, admin, renewal or check-out fees": a compound is one word)
            head = named[-1][-1]
            named += [[words[0], head] for words in named[:-1]
                      if len(words) == 1 and not _plural(words[0].lower())]
        # a compound names a thing of its own ("no investor-relations materials": the
        # investor relations)
        # (whose words joined by a preposition are one name: "notice-of-marriage")
        named += [[w for w in _WORD.findall(c) if terms(w)]
                  for item in items for c in _COMPOUND.findall(item)
                  if not any(ch.isdigit() for ch in c)]
        # a long proper name is also asked for without its last word, the kind of body
        # it is ("an Arts Council National Portfolio Organisation": "our Arts Council
        # National Portfolio funding")
        named += [words[:-1] for words in named
                  if len(words) >= 4 and all(w[:1].isupper() for w in words)]
        for words in named:
            # "customers who need those collected": the name ends at its relative clause
            words = list(itertools.takewhile(lambda w: w.lower() not in _RELATIVE, words))
            stems = phrase_stems(words)
            if None in stems:  # "share scheme for staff": the name before its preposition
                stems = stems[: stems.index(None)]
                words = words[: len(stems)]
            tail = len(stems) > 4 and not any(c.isdigit() for w in words for c in w)
            if tail:  # "Fast-track Continuing Healthcare funding": its last three, whole
                stems, words = stems[-3:], words[-3:]
            # ("the buildings insurance": a noun in "-ings" is no verb of holding)
            verbs = {t for t, w in zip(stems, words, strict=False)
                     if not w.lower().endswith("ings")}
            if 2 <= len(stems) <= 4 and None not in stems \
                    and not verbs & _NOT_SUBJECTS \
                    and not any(_YEAR_WORD.fullmatch(w) for w in words):  # "since 2022"
                out.setdefault(cast(tuple[str, ...], stems), " ".join(words))
                # "no customer mobile app" is asked as "the customer app": one word
                # before the head may go, not one of a compound ("in-house gas
                # engineers" are not all gas engineers) or whose they are
                bound = tail or any(w.lower() in joined for w in words[:-1])
                for k in range(len(stems) - 1 if len(stems) == 3 and not bound else 0):
                    short = stems[:k] + stems[k + 1 :]
                    out.setdefault(cast(tuple[str, ...], short),
                                   " ".join(words[:k] + words[k + 1 :]))  # fmt: skip
    # a list is asked for as whatever it is written on: "No stock list" has no stock sheet
    for stems, written in list(out.items()):
        if stems[-1] in _WRITTEN_ON:
            for other in _WRITTEN_ON - {stems[-1]} - _ALSO_VERBS:
                out.setdefault((*stems[:-1], other), written)
    return out


# "our own two lorries", "our own fleet": what the organization says it has
_OUR_OWN = re.compile(r"\bour\s+own\s+(?:(?:two|three|four|five|six|\d+)\s+)?([a-z][\w-]*)",
                      re.IGNORECASE)
# "We have no pharmacy of our own", "no in-house laundry": the thing may well be
# someone else's, and a card may say whose; what the organization has not is its own
_OF_OUR_OWN = re.compile(r"([\w-]+)\s+of\s+(?:our|its)\s+own\s*$", re.IGNORECASE)
_IN_HOUSE = re.compile(r"^\s*(?:no\s+)?in[- ]house\s+(?:[\w-]+\s+){0,2}?([\w-]+)\s*$",
                       re.IGNORECASE)  # fmt: skip


_OWNS_NO = re.compile(r"\bowns?\s+no\s+([^.;:!?]+)", re.IGNORECASE)


def declared_unowned(preamble: str) -> frozenset[str]:
    """The stems of what a negation says the organization has none of its own of ("no
    pharmacy of our own", "no in-house gas engineers"): the head of each such item."""
    out: set[str] = set()
    for cue, items in _read(preamble):
        if cue and not _NEGATES.search(cue) and "cannot" not in cue.lower():
            continue  # "is run by NCP": someone else's, said another way
        for item in items:
            head = _OF_OUR_OWN.search(item) or _IN_HOUSE.match(item)
            if head:
                out.update(terms(head.group(1).rsplit("-", 1)[-1]))
        out.update(_listed_before_own(items))
    # "we own no boats", "we own no habitat bank": the head of each
    for owned in _OWNS_NO.finditer(ends_marked(preamble)):
        # up to the next negation or clause: "we own no mailing lists, never rent ..."
        listed = re.split(r",\s+and\s|,\s*(?=(?:never|not|no|we|it|they|do|does)\b)",
                          owned.group(1), maxsplit=1)[0]  # fmt: skip
        for item in _LIST.split(listed):
            words = _WORD.findall(_WHERE.split(item, 1)[0])
            if words:
                out.update(terms(words[-1]))
    return frozenset(out - _NOT_SUBJECTS)


def _listed_before_own(items: list[str]) -> set[str]:
    """The heads of the items listed with the last one's "of our own" ("no cemetery or
    burial ground of our own": nor a cemetery), back to the "no" the list starts at ("no
    first class and no smartcard of our own" has first class)."""
    if not items or not _OF_OUR_OWN.search(items[-1]) \
            or items[-1].lower().split()[:1] == ["no"]:  # fmt: skip
        return set()
    out: set[str] = set()
    for item in reversed(items[:-1]):
        words = _WORD.findall(item)
        if not words:
            break
        out.update(terms(words[-1]))
        if words[0].lower() == "no":
            break
    return out


_CLAUSE_MARK = re.compile(r"[,;:.!?()]")


def own_asked(question: str, heads: frozenset[str], ours: frozenset[str]) -> tuple[str, ...]:
    """What ``question`` asks of the organization's own that it has none of (``heads``,
    from ``declared_unowned``): "our own lab", "our labs", "in-house transcription", "the
    pubs we own", "the Calloway app", "the hospice pharmacy" (``ours``: the stems of the
    organization's name)."""
    if not heads:
        return ()
    found = list(_WORD.finditer(question))
    words = [m.group() for m in found]
    low = [w.lower() for w in words]
    out: dict[str, None] = {}
    for k, word in enumerate(low):
        if word == "own" and k > 1 and low[k - 1] == "we" \
                and (k + 1 == len(low) or not terms(low[k + 1])):  # fmt: skip
            # "the pubs we own", "the pubs that we own": the thing before (not "the
            # engineers that we own vans for")
            for back in range(k - 2, max(-1, k - 5), -1):
                if set(terms(low[back])) & heads:
                    out[question[found[back].start() : found[k].end()]] = None
                    break
            continue
        if (word, low[k - 1] if k else "") in (("own", "our"), ("own", "its"), ("house", "in")):
            start = k - 1  # "our own", "in-house"
        elif word == "our" and (k + 1 == len(low) or low[k + 1] != "own"):
            start = k  # "which of our lorries", where "we own no lorries"
        elif (words[k][:1].isupper() or (k and low[k - 1] == "the")) \
                and set(terms(word)) & ours and not (
                    # (another name that opens with a word of ours: "Audio Network" at
                    # Crook Audio)
                    k + 1 < len(words) and words[k + 1][:1].isupper()
                    and not set(terms(low[k + 1])) & (ours | heads)):  # fmt: skip
            start = k  # "Calloway", "the hospice"
        else:
            continue
        for end in range(k + 1, min(k + 4, len(words))):
            if _CLAUSE_MARK.search(question, found[end - 1].end(), found[end].start()):
                break  # "at Bowland, which machine is which": not of one phrase
            if set(terms(low[end])) & heads:
                out[question[found[start].start() : found[end].end()]] = None
                break
    return tuple(out)


def _joined(text: str) -> set[str]:
    """The words of ``text`` joined to another by a hyphen ("in-house", "check-out") or
    saying whose ("subscribers'"), in one pass."""
    out: set[str] = set()
    for m in _ALNUM.finditer(text):
        a, b = m.start(), m.end()
        after = text[b : b + 2]
        if (a >= 2 and text[a - 1] == "-" and text[a - 2].isalnum()) or after[:1] == "'" \
                or (after[:1] == "-" and after[1:].isalnum()):  # fmt: skip
            out.add(m.group())
    return out


def phrase_stems(words: list[str]) -> tuple[str | None, ...]:
    """One stem a word, None for a stopword: phrases are matched word for word."""
    return tuple(next(iter(terms(w)), None) for w in words)


class Phrases:
    """Phrases found in a text word for word, looked up by their first stem (one pass)."""

    def __init__(self, phrases: dict[tuple[str, ...], str]) -> None:
        self._by_first: dict[str, list[tuple[tuple[str, ...], str]]] = {}
        # a name of two words is also said the other way round: "minutes from the last
        # board meeting" for "board minutes"
        self._by_head: dict[str, list[tuple[tuple[str, ...], str]]] = {}
        # a name's initials ("British Sign Language interpreting" -> "BSL"): the words
        # capitalized from its start, two or more
        self._initials: dict[str, str] = {}
        for stems, written in phrases.items():
            self._by_first.setdefault(stems[0], []).append((stems, written))
            if len(stems) == 2:
                self._by_head.setdefault(stems[1], []).append((stems, written))
            words = written.split()
            run = next((k for k, w in enumerate(words) if not w[:1].isupper()), len(words))
            if run >= 2 and len(words) == len(stems):
                self._initials.setdefault("".join(w[0] for w in words[:run]), written)

    def __bool__(self) -> bool:
        return bool(self._by_first)

    def abbreviated(self, text: str) -> dict[str, str]:
        """The names ``text`` says by their initials: "a BSL interpreter" -> {"BSL":
        "British Sign Language"}."""
        if not self._initials:
            return {}
        return {w: self._initials[w] for w in _INITIALISM.findall(text) if w in self._initials}

    def found_in(self, text: str) -> dict[tuple[str, ...], str]:
        """The phrases ``text`` has. One other word may stand between two of a phrase's
        words ("patient app" in "the patient adherence app"); a number or a mark may not
        ("store 1042 card", "in a store: tills, card terminals")."""
        tokens = _TOKEN.findall(_POSSESSIVE.sub("", text))  # "the GP's full record"
        seq = phrase_stems(tokens)
        out: dict[tuple[str, ...], str] = {}
        for at, first in enumerate(seq):
            for stems, written in self._by_first.get(first, ()) if first else ():
                if _spans(seq, tokens, at, stems):
                    out[stems] = written
            for stems, written in self._by_head.get(first, ()) if first else ():
                if _turned(seq, tokens, at, stems[0]):
                    out[stems] = written
        return out


_OF = frozenset(("of", "from", "for"))
# what may stand between "of" and the modifier: "of the last board meeting", not "of what
# was sprayed" or "for every bit of electrical kit"
_WHICH = frozenset("the a an our their his her its this that last next previous latest "
                   "first old new".split())


def _turned(seq: tuple[str | None, ...], tokens: list[str], at: int, modifier: str) -> bool:
    """Whether the head at ``at`` is followed by "of", "from" or "for" and then, a few
    words on, by ``modifier`` ("minutes from the last board meeting")."""
    if at + 2 >= len(seq) or tokens[at + 1].lower() not in _OF:
        return False
    for pos in range(at + 2, len(seq)):
        if seq[pos] == modifier:
            return True
        if tokens[pos].lower() not in _WHICH:
            return False
    return False


def _spans(seq: tuple[str | None, ...], tokens: list[str], at: int,
           stems: tuple[str, ...]) -> bool:  # fmt: skip
    """Whether ``stems`` follow in ``seq`` from ``at``, one word allowed between two."""
    pos = at + 1
    for stem in stems[1:]:
        if pos < len(seq) and seq[pos] == stem:
            pos += 1
        elif pos + 1 < len(seq) and seq[pos + 1] == stem and tokens[pos].isalpha():
            pos += 2
        else:
            return False
    return True


_AFFIRMATION = re.compile(r"[^.!?]+")
# where or when it is done, or for whom, is no thing done: "we run the feed station at the
# Lakes Gravel Sportive", "(the police) call us out after a 999 call"
_CIRCUMSTANCE = re.compile(r"\b(?:at|after|before|from|for|to|with|by|in|on|into|inside|near|"
                           r"through|during)\s[^,;:()]*", re.IGNORECASE)  # fmt: skip


def affirmed(preamble: str) -> str:
    """The preamble's sentences in which the organization says what it does, negating
    nothing ("We run ... a wedding-dress cleaning and preservation service"), so that a
    list of what it does not do ("wedding dresses for sale or hire") is not read as all
    of it. Not what others do ("HMRC runs Tax-Free Childcare accounts")."""
    return " ".join(_CIRCUMSTANCE.sub(" ", s) for paragraph in paragraphs(preamble)
                    if not _OTHERS_HEAD.match(paragraph)
                    for s in _AFFIRMATION.findall(ends_marked(paragraph))
                    if _US.search(s) and not _PREAMBLE_BOUNDARY.search(s))


def unsaid(phrases: dict[tuple[str, ...], str],
           texts_with: Callable[[tuple[str, ...]], Iterable[str]]) -> Phrases:  # fmt: skip
    """The phrases no text says; ``texts_with(stems)``: the texts that have every stem."""
    out: dict[tuple[str, ...], str] = {}
    for stems, written in phrases.items():
        one = Phrases({stems: written})  # once a phrase, not once a text
        if not any(one.found_in(t) for t in texts_with(stems)):
            out[stems] = written
    for stems, written in list(out.items()):
        # and by its initials and the rest, while no text has the rest ("Universal Credit
        # journal": "the UC journal"; not "BSL interpreting" where a card interprets)
        if (short := _initialled(written, stems)) and not texts_with(stems[-len(short) + 1 :]):
            out.setdefault(short, written)
    return Phrases(out)


def _initialled(written: str, stems: tuple[str, ...]) -> tuple[str, ...]:
    """The stems of a name capitalized from its start, two or more words, then not, said
    by its initials: "Universal Credit journal" -> ("uc", "journal"); else ()."""
    words = written.split()
    run = next((k for k, w in enumerate(words) if not w[:1].isupper()), len(words))
    short = terms("".join(w[0] for w in words[:run]))
    if not 2 <= run < len(words) or len(words) != len(stems) or len(short) != 1:
        return ()
    return (*short, *stems[run:])


# A question for someone else's own records: "Openreach's own cable records", "how much
# does Ferrocrete pay its own operatives" (a name then, within a few words, its own), "the
# ombudsman's own case notes" (a body named by a common noun); not "run the Bobst on their
# own" (alone) nor "the Royal wants its own number code" (a thing to have, not a record).
_NOT_OWNING = "".join(rf"(?<!\b{w}\s)" for w in
                      "on want wants need needs get gets has have".split())  # fmt: skip
_OWN_ASKED = re.compile(
    r"\b((?:[A-Z][\w-]*\s+){0,2}[A-Z][\w-]*)(?:'s|s'|\u2019s)\s+own\b"
    rf"|(?<=\w\s)([A-Z][\w-]*)(?:\s+[\w-]+){{0,3}}\s+{_NOT_OWNING}(?:its|their)\s+own\b"
    r"|\b(?:the|a|an)\s+((?:[a-z][\w-]*\s+)?[a-z][\w-]*)(?:'s|\u2019s)\s+own\b")


# the people an organization serves: what is their own is what it handles ("a customer's
# own painting" to frame, "a client's own pet" at the clinic), not another body's records
_SERVED = frozenset(terms("customer customers client clients owner owners guest guests"))


def theirs_asked(question: str, ours: frozenset[str],
                 named: frozenset[str] = frozenset()) -> tuple[str, ...]:  # fmt: skip
    """The names whose own records ``question`` asks for, other than ``ours`` (stems of
    the organization's own name): "Openreach's own cable records" -> "Openreach". A
    common noun is another body only when no source is named by it (``named``: the stems
    of the sources' names): "the ombudsman's own case notes", not "the lab's own results"
    where a source is the lab's."""
    out: dict[str, None] = {}
    for m in _OWN_ASKED.finditer(question):
        name = m.group(1) or m.group(2)
        common = not name
        name = name or m.group(3)
        stems = set(terms(name))  # none for a stopword ("No one's own ...")
        if (common and stems & named) or (stems and stems <= _SERVED):
            continue
        if stems and not stems & ours and not stems <= _NOT_SUBJECTS:
            out[name] = None
    return tuple(out)


# "Hesket Parish Council keeps its own minutes", "Suppliers keep their own safety data
# sheets and test certificates": a body by name (its last word), and what it keeps
# ("Melmerby Village Hall is a separate charity with its own trustees and minutes";
# "Forge Bakehouse, which keeps its own recipes")
_KEEPS_OWN = re.compile(r"\b([A-Z][\w'-]*)(?:,\s+(?:which|who))?\s+(?:keeps?|holds?|owns?|"
                        r"(?:is|are)\s+(?:a\s+)?separate\s+[a-z]+(?:\s+[a-z]+)?\s+with)\s+(?:its|their)\s+own\s+"
                        r"([^.;:()]{2,120})")  # fmt: skip
# "Midwives, health visitors and district nurses are employed by the trust and keep their
# own notes", "we are not a rescue service: HM Coastguard and the RNLI keep their own logs
# of their call-outs": each of the bodies a sentence or what follows a colon opens with,
# by its last word
_THEY_KEEP_OWN = re.compile(r"(?:^|(?<=[.;:!?]\s))([A-Z][^.;:!?()]{2,80}?)\s+(?:(?:is|are)\s+"
                            r"[^.;:!?()]{2,80}?\s+and\s+)?(?:keeps?|holds?)\s+(?:its|their)"
                            r"\s+own\s+([^.;:()]{2,120})")  # fmt: skip
_WHO_CLAUSE = re.compile(r"\s+(?:who|which|that|whose)\s")
_ITS_OWN = re.compile(r"^\s*(?:its|their)\s+own\s+", re.IGNORECASE)
_KEPT_ITEM = re.compile(r",\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+")
_MAX_KEPT_WORDS = 3
# "the parish council's", "the village hall committee's" (whose: each of its words)
_POSSESSOR = re.compile(r"\b((?:[A-Za-z][\w-]*\s+){0,2}[A-Za-z][\w-]*)(?:'s|s'|\u2019s)\s")


def declared_kept_own(preamble: str) -> tuple[tuple[str, frozenset[str], str], ...]:
    """What another body is said to keep its own of: (the stem of the last word of its
    name, the stems of one thing it keeps, as written), each thing of its list up to a
    clause of the organization's own ("; we keep only ...")."""
    text = " ".join(preamble.split())
    found = [(terms(m.group(1))[-1:], m.group(1), m.group(2))
             for m in _KEEPS_OWN.finditer(text)]
    # (asides aside: "The groups who hire the hall (the WI, Pilates) keep their own ...")
    for m in _THEY_KEEP_OWN.finditer(" ".join(BRACKETED.sub(" ", text).split())):
        named = _WHO_CLAUSE.split(m.group(1), 1)[0]
        for who in _KEPT_ITEM.split(_ARTICLE.sub("", named)):
            if 0 < len(who.split()) <= _MAX_KEPT_WORDS:
                found.append((terms(who)[-1:], who.split()[-1], m.group(2)))
    out = []
    for body, name, kept in found:
        # ("its own recipes, its own kitchen and its own hygiene inspections")
        items = [_ITS_OWN.sub("", _ARTICLE.sub("", i)).strip()
                 for i in _KEPT_ITEM.split(_OUR_PART.split(kept, 1)[0])]
        for k, item in enumerate(items):
            # "its own licensing and environmental health files": licensing files (not
            # "its own minutes and the records of the loan", a thing of its own)
            after = next((i.split() for i in items[k + 1 :] if len(i.split()) > 1), [])
            if len(item.split()) == 1 and after and not item.lower().endswith("s"):
                item = f"{item} {after[-1]}"
            stems = frozenset(terms(item))
            if body and stems and len(stems) <= _MAX_KEPT_WORDS:
                whose = f"{name}'" if name.endswith("s") else f"{name}'s"
                out.append((body[-1], stems, f"{whose} own {item.strip()}"))
    return tuple(dict.fromkeys(out))



def kept_own_asked(question: str, kept: tuple[tuple[str, frozenset[str], str], ...],
                   ) -> tuple[str, ...]:
    """The things ``question`` asks for as the body's that keeps its own of them: "the
    parish council's minutes" where "Hesket Parish Council keeps its own minutes"."""
    if not kept:
        return ()
    whose = {t for m in _POSSESSOR.finditer(question) for t in terms(m.group(1))}
    if not whose:
        return ()
    asked = set(terms(question))
    return tuple(dict.fromkeys(written for body, stems, written in kept
                               if body in whose and stems <= asked))


# "Search dog gradings are kept by SARDA England", "the tenancy files are held by
# Harrison & Bell": what another body keeps, and that body by its name
_KEPT_BY = re.compile(r"\b(?:is|are|was|were)\s+(?:all\s+|only\s+|now\s+)?(?:kept|held|stored|"
                      r"recorded|logged|archived|filed)\s+by\s+(?:the\s+)?"
                      r"(?P<body>(?-i:[A-Z])[\w'-]*(?:\s+(?:&\s+)?(?-i:[A-Z])[\w'-]*){0,3})",
                      re.IGNORECASE)  # fmt: skip
_THING_STARTS = re.compile(r"[.;:!?(),]|\b(?:and|but|so|while|because)\s+(?=(?:we|our|the|"
                           r"their|its)\b)", re.IGNORECASE)  # fmt: skip
# a word of a body's name rare enough to tell it (an acronym, or rarer than this in
# English): "SARDA" of "SARDA England", not "Record" of "the Record Office", nor the
# "Safeguarding" of a role ("the Designated Safeguarding Lead")
_BODY_WORD_MIN = 3.5
_POSSESSIVE_END = re.compile(r"(?:'s|')$")


def declared_kept_by(preamble: str) -> tuple[tuple[frozenset[str], str, str], ...]:
    """What another body is said to keep, by its name: (the stems of the rare words of
    the body's name, the stem of the last word of the thing, as written)."""
    text = " ".join(BRACKETED.sub(" ", preamble).split())
    out = []
    for m in _KEPT_BY.finditer(text):
        words = [_POSSESSIVE_END.sub("", w) for w in m.group("body").split()]
        body = frozenset(t for w in words for t in terms(w)
                         if (len(w) > 1 and w.isupper())
                         or specificity(w.lower()) >= _BODY_WORD_MIN)
        thing = _THING_STARTS.split(text[max(0, m.start() - 120) : m.start()])[-1]
        thing = _ARTICLE.sub("", thing).strip()
        head = terms(thing)[-1:]
        if body and head and _US.search(thing) is None:
            whose = m.group("body")
            whose = f"{whose}'" if whose.endswith("s") else f"{whose}'s"
            if thing[:2].istitle():  # "Search dog gradings" said after a name
                thing = thing[0].lower() + thing[1:]
            out.append((body, head[0], f"{whose} {thing}"))
    return tuple(dict.fromkeys(out))


def kept_by_asked(question: str, kept: tuple[tuple[frozenset[str], str, str], ...],
                  ) -> tuple[str, ...]:
    """The things ``question`` asks for by the body said to keep them: "Moss's last SARDA
    grading result" where "Search dog gradings are kept by SARDA England"."""
    if not kept:
        return ()
    asked = set(terms(question))
    return tuple(dict.fromkeys(written for body, head, written in kept
                               if body & asked and head in asked))


_STATEMENT = re.compile(r"(?<=[.;!?])\s+")
# what was someone else's until a date is history: "The café was let to Crab Pot Café Ltd
# until October 2021" (the café is the organization's own since)
_UNTIL = re.compile(r"\b(?:was|were)\b.*\buntil\s+(?:[A-Z][a-z]+\s+)?(?:19|20)\d\d\b",
                    re.DOTALL)  # fmt: skip


# what a change of system left behind is no denial: "People who had already left were not
# moved", "Earlier invoices were not migrated"
_NOT_MOVED = re.compile(r"\b(?:is|are|was|were)\s+not\s+(?:moved|migrated|copied|carried\s+"
                        r"over|transferred|imported|typed\s+up|scanned|converted)\b",
                        re.IGNORECASE)  # fmt: skip


def denials(preamble: str) -> tuple[str, ...]:
    """The preamble's sentences that say what the organization does not do or have, or
    what is someone else's, as written (each on one line, without its last mark); not a
    heading ("What we do not do.") or a clause left alone ("the history did not"), which
    name fewer than two things, nor what was someone else's until a date (history), nor
    what a change of system left behind (its only negation "were not moved")."""
    return tuple(" ".join(s.split()).rstrip(".;!?") for s in _STATEMENT.split(preamble)
                 if _BOUNDARY.search(s) and len(set(terms(s))) >= 2
                 and not (_UNTIL.search(s) and not _any_negation(s))
                 and not (_NOT_MOVED.search(s)
                          and len([m for m in _BOUNDARY.finditer(s) if m.group("neg")]) == 1)
                 and not _nobody_of_nothing(s))


_NOBODY = re.compile(r"\s*(?:nobody|no\s+one|no-one)\b", re.IGNORECASE)


def _nobody_of_nothing(sentence: str) -> bool:
    """Whether all ``sentence`` denies is that anybody does something, and it names
    nothing that is not done: "The Treasurer sees the bank account online and nobody else
    does", "nobody records who finished one"."""
    said = [m.group("neg") for m in _BOUNDARY.finditer(sentence) if m.group("neg")]
    return (bool(said) and all(_NOBODY.match(n) for n in said)
            and not denied_terms(sentence) - _ASKING)


_ASKING = frozenset("who what which when where how whether".split())


def denied_terms(sentence: str) -> frozenset[str]:
    """The stems of what a sentence of ``denials`` says is not done or had, or is
    another body's: "Beck House has no lift" -> lift."""
    return frozenset(t for _, items in _scopes(sentence) for item in items for t in terms(item))


def _any_negation(sentence: str) -> bool:
    return any(m.group("neg") for m in _BOUNDARY.finditer(sentence))


def outside_negations(text: str) -> str:
    """``text`` with the items of its negations blanked out: what a card says it holds,
    not what it says it does not ("air waybills and customs clearance are the
    forwarders' and Border Force's, not ours"). Read a sentence at a time, each item
    looked for after the last one found."""
    out = []
    for part in _MARKS.split(text):
        kept, at = [], 0
        for _, items in _scopes(part) if _BOUNDARY.search(part) else ():
            for item in map(str.strip, items):
                found = part.find(item, at) if len(item) > 2 else -1
                if found >= 0:
                    kept.append(part[at:found])
                    at = found + len(item)
        out.append(" ".join([*kept, part[at:]]))
    return "".join(out)
