"""What a question asks for, and what it explicitly does not.

People who already tried a place say so: "Not the pay policy: where is my payslip?",
"Skip the official explanations: ...", "This isn't a support ticket: ...", "I checked
Looker and found nothing." The words in such a negated span describe what the asker
does *not* want; matching them as if they were wanted sends the asker back where they
came from. ``analyse`` splits a question into

- ``positive``: the text to match (negated spans removed);
- ``negated``: the terms of the negated spans (stemmed, stopwords dropped);
- ``named``: the names of the sources dismissed by name. Such a source is out; its words
  are not ruled out of other cards ("StillLog tells me what we distilled, but which casks
  ...?" does not count against the cask ledger's "still strength").

A negated span is one of:

- a whole clause (up to ``.``, ``:``, ``;`` or ``!`` before a space, not in "gov.uk" or
  "10:30", or a dash between words; never one ending in ``?``, which is the question
  itself) that opens with a dismissal ("Not ...", "Skip ...", "Never mind ...", "This
  isn't ...", "It wasn't ...", "We're not ...", "I don't need ...", "They don't want a
  plaque": what, not who), up to where the asker turns to what they want ("Not the IEC
  standard, I mean our own spec"), and one after a comma (", so it's not a safety
  report"); "Nobody got hurt" rules out injury and accident words, unless it was nearly
  (a near miss);
- what comes before a place that failed ("I checked Looker and found nothing", "the
  reviews site ... isn't there", "the dashboard doesn't have ..."); what follows it is
  the need. Where the place looked in is named ("checked dutyman, no sign of ...",
  "searched Koha and got nothing", "had a look in the green book but it doesn't say"),
  only it is out, by its name when a source's, said alone or with the kind of record it
  is ("the policies folder");
- the place something was sent to or put in by mistake, when the asker asks where it
  should have gone ("tenant emailed lettings@ about a tap. where should that have
  gone?", "posted in the Grapevine ... and got told off");
- the source (or a place named by what it is: "the Fellside portal") the asker is in
  already, before a "but" ("I'm in VetConnect but I want ..."), or has open ("I've got
  the allergen matrix open but ..."; a record of the asker's own open, and where it is
  open, are the situation);
- a source the thing is missing from, when the asker is looking for it ("they're not in
  Greywell Past", "isn't on Westlaw or Lexis", "I can't see them in Aconex", "can't see
  my payslip anywhere in RotaCloud"): the source named is dismissed (``named``), its
  words are kept, since another card may say where to go when it is not there;
- a named source in subject place that says too little ("The Safety Rules don't say
  when ...", "VegLink tells me when the trees were cut, but I want ...", "Encompass
  stops at funding."), or a place in
  the asker's own words when a question of its own follows ("The cabin crew roster
  doesn't show the baggage team — where's their rota?"), or a record in the asker's words
  whose silence is the ask ("the signing-in book doesn't say who's still allowed in,
  where's that list?"), or ends the last clause after
  the question ("What time does the orchestra go on? ... and the ticket page doesn't
  say.");
- a source in subject place of a statement of what it shows or lists, when the asker
  then asks for something else ("Looker shows gross bookings. Where do I get net
  revenue?", "IBP shows the plan, but how much do we physically have?", "Xero shows the
  invoice, but not whether the debit came in", "... but I need the letter"), also after
  what the asker saw ("the count is off by one, the eMAR says all given - which record is
  the legal balance?"); not when the
  ask points back at it ("The report shows a loss. Can someone check it?") unless the
  subject is a source's name, whose statement then is what the asker knows, not what
  they ask ("SupplyLink says they're approved, but what have we paid them?": the ask
  after "but" is all that is matched);
- the same with "says", "has", "holds", "gives", "covers" and "tells me" ("Crowdin has
  the text, but where's the voice-over?"; "has" not as an auxiliary: "Ofcom have sent
  us"), and a source that sends the asker on ("Loyalty say they don't take complaints"),
  when the caller tells a source's name from a person's ("the customer says they didn't
  ..." dismisses nothing), or one said to be for others ("I'm told BrightHR is for staff
  only."); a record the asker names with no source's name ("The contract tells me what we
  agreed") is the situation (``background``), not ruled out;
- a clause saying what is not ours or not what the asker is after ("The college's
  portfolio isn't ours.", "The passport records aren't what I'm after:");
- inside any clause, a contrast (", not the X", "rather than X", "instead of X", "other
  than X", "except X", "setting aside X") up to the next comma or clause end, except in a
  clause asking why, where it is one of the options compared.

What is said only before a "but" that the asker goes on from (``background``) is the
situation, not the ask: "the fault ticket's closed but the customer wants money off their
bill" asks about the bill, and so does what is done before a "now" that turns to an ask
("the repair order's raised, now I need to book the joiner in"). So is a clause saying
what the asker has already read or knows, before a question of its own ("I've read the
minute-by-minute timeline. Where's the analysis of why it happened?"), or what is done
("The contract is signed. Where's the guidance on the discount?"). Those words are not
ruled out (the ticket may well be where the answer is), only matched at a lower weight
(``RouterConfig.background_weight``).

This is a small NegEx-style scope rule, kept narrow on purpose: "I can't find a cheap
flight" states the need, it rules nothing out; "the control room screen shows the
feeder load now, but I need last winter's" dismisses nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from sourcefinder.routing._priors import before_a_change
from sourcefinder.routing._text import terms

# Clauses end after a run of . : ; ! ? and after a dash between words ("not the grant
# record - I need the papers"); a hyphen inside a word or a range ("2019-2021") is kept.
_CLAUSE_END = re.compile(r"(?<=[.:;!?])(?=\s|$)|(?<=\s[-–—]\s)|(?<=\w—)(?=\w)")
# A clause that opens with a dismissal.
_CLAUSE_CUE = re.compile(
    r"^\s*(?:not\b|never ?mind\b|skip\b|forget\b|ignore\b|"
    r"(?:this|that|it)(?: i|')s(?:n't| not)\b|(?:this|that|it) (?:was|is)(?:n't| not)\b|"
    r"(?:(?:this|that|it)(?: i|')s |(?:this|that|it) (?:was|is|has|had) |"
    r"(?:this|that|it)(?:'s| has) got )?nothing to do with\b|"
    # "I'm not sure", "I'm not well enough for my shift": a state, not a dismissal
    r"(?:i|we)(?:'m|'re| am| are) not\b(?! sure| certain| clear| aware| well| feeling| able"
    r"| available| around| free| going| coming| in today)|"
    # "I don't want to get the steps wrong", "... to start from scratch": a worry
    r"(?:i|we) (?:do|did)(?:n't| not) (?:need|want|mean|care about)\b(?! to (?:get\b[^.;!?]*"
    r"\bwrong\b|start (?:again|over|from scratch)|miss|mess|break|lose|risk|forget|upset|"
    r"waste|make (?:a )?mistakes?))"
    # someone else's: "They don't want a plaque, they want ...", "The orthodontist doesn't
    # need the waiting list, she wants the photos" (a thing, not "doesn't want to pay"):
    # what they do not want, not who
    r"|(?:he|she|they|(?:the\s+)?[a-z]+)\s+(?:(?:do|does|did)(?:n't| not)\s+(?:need|want)|"
    # ("The caller isn't after a track day, he bought seats")
    r"(?:is|are|was|were)(?:n't| not)\s+(?:after|looking\s+for|asking\s+(?:for|about)))\s+"
    r"(?P<object>(?:the|a|an|any|his|her|their)\b))",
    re.IGNORECASE,
)
# "Nobody got hurt", "No one was injured": what is asked about is no injury
_UNHURT = re.compile(r"\b(?:nobody|no\s+one|no-one)(?:'s(?:\s+been)?|\s+(?:was|got|has\s+been|"
                     r"is|were))\s+(?:hurt|injured)\b", re.IGNORECASE)  # fmt: skip
_INJURY = tuple(terms("hurt injured injury accident"))
# ... unless it was nearly (a near miss is written up where accidents are)
_NEAR_MISS = re.compile(r"\b(?:nearly|almost|near[- ]miss(?:es)?|close\s+call|was\s+close)\b",
                        re.IGNORECASE)  # fmt: skip
# ... or that turns to one after a comma: "Nobody was hurt, so it's not a safety report",
# "..., so it's not going on an accident form"
_SO_NOT = re.compile(r",\s*(?:(?:so|and|but)\s+)?(?:it|this|that)(?:'s|\s+is|\s+was)"
                     r"(?:n't|\s+not)\s+(?:going\s+(?:on|in|into)\s+)?"
                     r"(?P<what>(?:a|an|the|about|for)\b[^,.;:!?]*)",
                     re.IGNORECASE)  # fmt: skip
# ... up to where the asker turns to what they do want: "Not the IEC standard, I mean
# our own spec", "Not my pay, I just want my shifts", "It's not a complaint, he just
# called": a new subject after the comma.
_TURN = re.compile(
    r",\s*(?:but|just|only|so\b|(?:i|we|he|she|they)\b|(?:it|this|that)(?:'s| is| was)\b"
    # "It's not the newsletter, where's that set?": the question itself
    r"|(?:so\s+)?(?:where|what|who|how|which|when)\b"
    # "..., my work laptop just won't join the Wi-Fi": a subject of its own and its verb
    r"|(?:my|our|his|her|their|the)\s+(?:[\w'-]+\s+){0,3}?(?:(?:just|still)\s+)?(?:is|are|"
    r"was|were|has|have|had|keeps|will|won't|can't|cannot|doesn't|didn't|isn't|aren't|"
    r"wasn't|hasn't|wants|needs|asks|asked)\b"
    # "Not the Archery GB rules, the international ones": the one meant instead
    r"|(?:the|our|my)\s+(?:[\w-]+\s+){0,2}ones?\b"
    # "Not the seed order, the compost firm's invoice.": a thing of its own to the end
    # of the clause (not a list going on: "Not the rota, the timesheets or the pay")
    r"|(?:the|our|my|his|her|their)\s+(?![^,;:!?]*\b(?:or|nor)\b)(?=[^,;:!?]*[.;:!?]?\s*$))",
    re.IGNORECASE,
)
# A place that failed: what comes before is dismissed ("I checked the reviews site and it
# isn't there"), what follows ("doesn't cover the cut I need: by feeder") is the need;
# where a place looked in is named, only it is (``_looked_for``).
_FAILED = re.compile(
    # ("checked dutyman, no sign of who's on", "searched Koha and got nothing", "I looked
    # in Square and there's nothing under her name": only where a place looked in is
    # named, see ``_looked_for``; not "what if there's nothing in the float?")
    # ("Looked in my staff folder for my P60 - not there.")
    r"(?P<vague>\bno sign of\b|\b(?:got|getting) nothing\b|(?:,|\s[-\u2013\u2014])\s*not\s+there\b"
    r"|\bthere(?:'s| is| was) nothing\b(?!\s+(?:wrong|else|to|(?:in\s+)?there)\b))"
    r"|\bfound nothing\b|\bnothing (?:in )?there\b"
    # ("it's just not there", "they're not there"; not "you're not there on Saturdays")
    r"|(?:\b(?:is|was|are|were)n't|(?:'s|(?<!\bwe)(?<!\byou)'re|\b(?:is|are|was|were))"
    r"(?:\s+(?:just|simply))?\s+not) "
    # (not a person away: "if the owner isn't there to hold the horse")
    r"(?:there|in there)\b(?!\s+to\b)"
    # ("Xero doesn't seem to have any payslips in it")
    r"|\b(?:do|does|did)(?:n't| not) (?:(?:seem|appear) to )?"
    r"(?:cover|have the|have any|have it|have them|mention)\b"
    # ("The risk assessment folder doesn't have anything about ...": a source; not the asker,
    # "I'm new and don't have anyone's numbers")
    r"|\bdoes(?:n't| not) have any(?:one|body|thing)\b"
    # "Papertrail hasn't got the MEWP in it"
    r"|(?<!\bi )(?<!\bwe )(?<!\byou )\b(?:has|have|had)(?:n't| not) got (?:the|any|it|them)\b"
    # "The big book by the fuel store has nothing about lifejackets."
    r"|\b(?:has|have|had|says|said) nothing (?:about|on|for|in it)\b"
    # "Nothing in the fire book.", "Nothing on Trello about the planer, but ...": a clause
    # that opens with where nothing was, up to what was not there (not the asker's own
    # copy: "nothing in my email newsletter about it" is silent on where it came from)
    r"|^\s*nothing\s+(?:in|on)\s+(?!particular\b|my\b)(?:(?:the|our|their|his|her)\s+)?"
    r"(?P<nothing>[\w'-]+(?:\s+(?!(?:about|for|is|are|was|covers?|says?|yet|since|re|"
    r"regarding|and|but)\b)[\w'-]+){0,3})"
    # "I've read the syllabus PDF front to back and it doesn't say when our next grading is"
    # (a document read; a place looked in is read below)
    r"|\b(?:read|(?:been|gone|went)\s+through|had\s+a\s+look\s+(?:in|at|through))\b"
    r"[^.;:!?]{0,80}?\b(?:and|but)\s+it\s+(?:does|did)(?:n't|\s+not)\s+(?:say|tell|show|mention|"
    r"cover|list|include|explain|give)\b"
    # "I've been through the daybook and can't find Mrs Dixon's order"
    # ("Looking in Xero for what they paid and can't see them anywhere": with "looking" or
    # "see" only where a place looked in is named, see ``_looked_for``; not "I'm in GridPass
    # looking for the form and can't see it", nor "can't see why it failed")
    r"|\b(?:looked|(?P<ing>looking|checking|searching)|checked|searched|(?:been|gone|went)\s+through)"
    # (or after a comma: "searched stay@ for the APHA letter, can't find it anywhere")
    r"\b[^.;:!?]{0,80}?(?:\b(?:and|but)|,)\s+(?:i\s+|we\s+)?(?:can't|cannot|couldn't|can\s+not|"
    r"could\s+not)\s+(?:find\b|(?P<see>see)\b(?!\s+(?:why|how)\b))",
    re.IGNORECASE,
)
_CANT_FIND = re.compile(r"(?:\b(?:and|but)|,)\s+(?:i\s+|we\s+)?(?:can't|cannot|couldn't|can\s+not|"
                        r"could\s+not)\s+(?:find|see)\b", re.IGNORECASE)  # fmt: skip
# ... what a place looked in is, said after its name ("the policies folder")
_KIND_STEMS = frozenset(terms("folder app system portal sheet spreadsheet book inbox drive "
                              "site website page calendar diary log list register database"))
# ... where the asker looked: a source named there is out by its name
_LOOKED_IN = re.compile(r"\b(?:(?:look(?:ed|ing)|had\s+a\s+look)\s+"
                        r"(?:in|at|through|on|(?:all|right)\s+(?:in|through|over))|"
                        r"check(?:ed|ing)|"
                        r"search(?:ed|ing)|(?:been|gone|went)\s+through)\s+(?:(?:the|our|my)\s+)?"
                        r"([\w@'-]+(?:\s+[\w@'-]+){0,3}?)(?=\s+(?:and|but|for|on|in|to)\b|[,.;]|$)",
                        re.IGNORECASE)  # fmt: skip
# ... or named after what was looked for: "went looking for my CPD hours in BrightHR"
_LOOKED_FOR_IN = re.compile(r"\b(?:look(?:ed|ing)|search(?:ed|ing)|hunt(?:ed|ing))\s+for\s+"
                            r"([^.;:!?]{1,60}?)\s+(?:in|on)\s+(?:(?:the|our|my)\s+)?"
                            r"([\w@'-]+(?:\s+[\w@'-]+){0,3}?)(?=\s+(?:and|but)\b|[,.;]|$)",
                            re.IGNORECASE)  # fmt: skip
# ... or found it holds only something else: "I looked in the Agreements folder but it's
# only blank templates", "checked Myriad's log but it only shows songs". The place is out;
# what it holds is the situation, not the ask.
_ONLY_HELD = re.compile(
    r"\s+(?:but|and)\s+(?:(?:it|that|they|this|there)(?:'s|'re|\s+is|\s+are|\s+was|\s+were)\s+"
    r"(?:only|just(?!\s+not\b)|all(?!\s+(?:fine|good|ok|okay|right|done|sorted|correct|working|"
    r"set|there|in\s+order|up\s+to\s+date)\b))\b"
    r"|(?:it|that|they)\s+only\s+(?:shows?|has|have|lists?|covers?|"
    r"gives?)\b)(?P<held>.*?)(?=\s+[\u2013\u2014-]\s|[.;:!?,]|$)", re.IGNORECASE)  # fmt: skip
# ... or said after the ask: "where do I see the hours I've been paid for, the duty calendar
# only shows shifts". The place is out; what it holds is the situation.
# ("..., gas log only has fills", "? FlightDesk only seems to show me the bookings.": a
# sentence of its own after the question)
_ONLY_HOLDS = (r"(?:(?:the|our|my)\s+)?(?!(?:but|and|so|it|that|they|this|there|which|i|we)\b)"
               r"((?:[\w'-]+\s+){0,3}?[\w'-]+)\s+(?:only|just)\s+(?:(?:seems?|appears?)\s+to\s+)?"
               r"(?:shows?|has|have|lists?|covers?|gives?|holds?)\b(?:\s+(?:me|us)\b)?"
               r"(?P<held>[^,.;:!?]*)[.!]?\s*$")
_THEN_ONLY_HELD = re.compile(r",\s+" + _ONLY_HOLDS, re.IGNORECASE)
_NEXT_ONLY_HELD = re.compile(r"^\s*" + _ONLY_HOLDS, re.IGNORECASE)
_ASKED_BEFORE = re.compile(r"\b(?:where|what|who|which|how|needs?|wants?|after)\b", re.IGNORECASE)
# A named source that says too little: "The Safety Rules don't say when ...", "VegLink
# tells me when the trees were cut, but I want ...". Only the name in subject place is
# dismissed; the rest of the clause is the need ("the control room screen shows Kelvin
# Rd feeder load, but I need last winter's" dismisses nothing).
_SAYS_LITTLE = re.compile(
    r"\b(?:do|does|did)(?:n't| not) (?:(?:seem|appear) to )?"
    r"(?:say|tell|show|list|include|explain|give)\b"
    # "the churn dashboard is too high level", "The monthly workbook is far too coarse"
    r"|\b(?:is|are)\s+(?:far\s+|way\s+|much\s+)?too\s+(?:coarse|high[- ]level|general|vague|"
    r"broad|basic|brief|generic)\b"
    # "Lakeland don't do flour"
    r"|\b(?:do|does)(?:n't| not) (?:do|sell|stock|carry|supply)\b"
    # "Tapestry only goes up to Reception.", "The RAIB site is all about other railways.",
    # "The Technogym portal is only for gym machines."
    r"|\bonly\s+goes\s+(?:up\s+)?to\b|\b(?:is|are)\s+(?:all|only|just)\s+(?:about|for)\b"
    # "The tack room diary's no good for this:", "Xero's no use for this", "The regular
    # groups sheet doesn't help me."
    r"|(?:(?<=\w's)|\b(?:is|are|was|were))\s+(?:(?:no|not\s+(?:much|any))\s+"
    r"(?:good|use|help)(?!\s+at\b)|useless|not\s+(?:very\s+)?helpful|unhelpful)\b"
    r"|\b(?:do|does|did)(?:n't| not) help\b"
    # "Encompass stops at funding.", "The microfilm index stops in 1914." (not "The bus
    # stops at the station")
    r"|\bstops (?:at|in|after|before) (?:(?:19|20)\d\d\b|(?-i:[a-z][a-z-]+)(?=[.,;]))"
    r"|(?:,\s*|\s+)but\s+(?:i|we)\s*(?:want|need|'m after|am after|'m looking for|"
    r"am looking for|'d like)\b",
    re.IGNORECASE,
)
# (the words without a "not" that may open a ``_SAYS_LITTLE``)
_SAYS_LITTLE_WORDS = ("no good", "no use", "no help", "useless", "unhelpful", "only goes",
                      "all about", "only about", "just about", "only for")
# ... said of its subject, not of something later ("Landlord rang saying his statement
# doesn't show the repair" is about the statement)
# (or with its "'s" between: "Xero's no use for this")
_NEXT_TO = re.compile(r"(?:'s)?\s*(?:(?:just|still|really|even|also|simply|actually)\s+)?")
# A source in subject place of a statement of what it shows, before the asker turns to
# what they want: "Looker shows gross bookings. Where do I get net revenue?", "IBP shows
# the plan, but how much do we physically have?". Subject: up to four words. For "says",
# "has", "holds", "gives" and "covers" the subject must be a source's name: it is as
# often a person ("Applicant says no claims in five years. How do I check ...?").
_SHOWS = re.compile(
    # ("The linen company only deals with the hired sheets.")
    r"\bonly (?:deals? with|handles?)\b"
    # ("Spektrix only seems to have the public tickets", "Search only ever gives me news")
    # ("The dealer portal's only got parts diagrams")
    r"|(?:'s|\bhas|\bhave)\s+(?:just|only)\s+got\b"
    r"|\b(?:just |only |still |already )?(?:ever )?(?:seems? to |appears? to )?"
    r"(?:shows?|lists?|(says?|holds?|gives?|covers?|"
    r"tells? (?:me|us)|(?:has|have)\b(?! (?:been|got|gone|sent|had|its|their|\w+ed)\b)))\b"
)
# (what a source says or shows, not what it has: "..., my DBS has just come through")
_SAYS_SO = re.compile(r"\b(?:says?|shows?|lists?|tells?)\b")
# who says or has something in a question is as often a person as a place
_PERSON = re.compile(r"\b(?:customer|client|manager|boss|member|patient|parent|mum|dad|"
                     r"tenant|owner|caller|guest|student|pupil|teacher|driver|colleague|"
                     r"supervisor|applicant|officer|inspector|auditor|accountant|solicitor|"
                     r"someone|somebody|nobody|everyone|he|she|they|family|wife|husband)s?$",
                     re.IGNORECASE)
# ... and what says or has something is a place when it is a kind of record
_RECORD = re.compile(r"\b(?:list|sheet|page|folder|log|board|report|spreadsheet|tracker|form|"
                     r"system|app|portal|calendar|diary|book|ticket|thread|file|record|"
                     r"register|database|website|site|dashboard|screen|card|notes?|email|"
                     r"invoice|contract|policy|manual|handbook|rota|schedule|map|label|"
                     r"till)s?$",
                     re.IGNORECASE)  # fmt: skip
_NEXT_WORD = re.compile(r"\s+(?:[\w'-]+\s+)?")
# a verb that may be the subject's last noun ("The holiday cover sheet says"); never
# "says" or "has" ("The routes spreadsheet says Fellside has Jack's route")
_NOUN_TOO = re.compile(r"(?:shows?|lists?|holds?|covers?)$")
_MODAL = re.compile(r"\b(?:must|should|would|will|might|may|could|ought to)$", re.IGNORECASE)
# (a subject may say whose: "The supplier's portal shows"; "Square's only the tills")
# ("I know the council has the decision notice, but ...": what the asker knows it has)
_SHOWN_BY = re.compile(r"\s*(?:(?:I|we)\s+know\s+(?:that\s+)?)?(?:(?:[Tt]he|[Oo]ur|[Mm]y)\s+)?"
                       r"((?:[\w'-]+(?:\.[a-z]+)*\s+){0,3}[\w-]+(?:\.[a-z]+)*(?:'s\b)?)\s*")
_BUT_ASKS = re.compile(
    r"(?:,\s*|\s+)but\s+(?:where|how|what|which|who|when|is|are|was|were|do|does|did|can|"
    r"could|should|has|have|had|will|would)\b|,\s*(?:where|how|what|which|who)\b"
    # ("Xero shows the invoice fine, but not whether the direct debit came in")
    r"|(?:,\s*|\s+)but\s+not\s+(?:whether|if|where|how|what|which|who|when)\b"
    r"|(?:,\s*|\s+)(?:but\s+)?(?:i|we)\s*(?:need|want|'m after|am after|'d like)\b",
    re.IGNORECASE,
)
# A clause of its own that says the need: "...; what I need is how much duty we declared"
_NEED = re.compile(r"\s*(?:(?:but|and|so|now)\s+)?(?:what\s+)?(?:i|we)\s*"
                   r"(?:need|want|'m after|am after|'d like)\b", re.IGNORECASE)  # fmt: skip
_NEED_SAID = re.compile(r"\b(?:i|we)\s*(?:need|want|'m after|am after|'d like)\b", re.IGNORECASE)
# A clause that says what the asker has already read or knows, before they ask for
# something else: "I've read the minute-by-minute timeline. Where's the analysis of why
# it happened?", "I already know what the model means. I need to edit its SQL."
_KNOWN = re.compile(
    r"^\s*(?:(?:ok|okay|right|so)\W+)?(?:i|we)(?:'ve| have)?\s+(?:already\s+)?"
    r"(?:read|seen|watched|looked (?:at|through)|been through|know)\b"
    # "I've got the tide times already.", "We already have the quote."
    r"|^\s*(?:i|we)(?:(?:'ve| have)\s+already\s+got|\s+already\s+have"
    r"|(?:'ve| have)\s+got\b(?=[^.;:?]*\balready\b))\b",
    re.IGNORECASE,
)
# A clause that says what is done, before a question of its own: "The contract is
# signed. Where's the guidance on the discount?", "temperature checks are all done for
# today; what I need is the allergens"
_DONE = re.compile(
    r"\s*(?:(?:ok|okay|right|so)\W+)?(?:[\w'-]+\s+){0,9}?[\w'-]+(?:\s+(?:is|are|was|were|has been|"
    r"have been)|'s|'re)\s+(?:all\s+|now\s+|already\s+)?(?:done|signed|sorted|complete|"
    r"completed|finished|raised|booked|approved|in place|paid|closed|submitted|agreed|"
    r"settled|fixed|logged|recorded|reported|fine|in order|up to date)"
    r"(?:\s+(?:for today|now|already|off))?"
    r"\s*[.;:!\-\u2013\u2014]?\s*",
    re.IGNORECASE,
)
# A place something was sent to or put in by mistake, when the asker asks where it
# should have gone: "tenant emailed lettings@ about a tap. where should that have gone?",
# "posted in the Grapevine ... and got told off", "sending their invoices to office@ by
# mistake" (not "where would that have gone?": the place it did go is the ask)
_WRONG_PLACE = re.compile(r"\bby mistake\b|\bin error\b|\bwrong place\b|\btold off\b"
                          r"|\bwhere (?:should|ought) (?:that|it|they|this|these|those) "
                          r"(?:to )?(?:have )?(?:gone|go|be going|be sent|have been sent)\b",
                          re.IGNORECASE)  # fmt: skip
_SENT_TO = re.compile(r"\b(?:e-?mailed|sent|sending|posted|posting|put|putting|forwarded|"
                      r"logged|filed)\s+(?:[\w'-]+\s+){0,5}?(?:to|in|into|on)\s+"
                      r"(?:the\s+|our\s+)?(?P<place>[\w@.'-]+(?:\s+(?!(?:about|asking|by|for|"
                      r"and|but|with|from|last|this|yesterday|today|or|is)\b)[\w@'-]+){0,2})"
                      # (an address written straight after: "emailed lettings@ about ...")
                      r"|\be-?mailed\s+(?P<address>[\w.'-]+@[\w.-]*)", re.IGNORECASE)  # fmt: skip
# Where the asker is already, before a "but": "I'm in VetConnect but I want ..."
_IN_BUT = re.compile(r"\s*(?:(?:ok|okay|so|right)\W+)?(?:i'm|i am|we're|we are)\s+"
                     r"(?:in|on|into|logged\s+in(?:to)?|looking\s+at)\s+(?:the\s+|our\s+)?"
                     r"((?:[\w'-]+\s+){0,3}?[\w'-]+)\s*,?\s+but\b", re.IGNORECASE)  # fmt: skip
# What the asker has open already, and where: "I've got the grant spreadsheet open but
# ...", "I've got the Harraby purchase open in LEAP but ...", "I've got EasyTide open for
# Silloth, ..."
_OPEN = re.compile(r"\s*(?:(?:ok|okay|so|right)\W+)?(?:i've|i have|we've|we have)\s+(?:got\s+)?"
                   r"(?:(?:the|our|my)\s+)?((?:[\w'-]+\s+){0,5}?[\w'-]+)\s+open"
                   r"(?:\s+(?:already|now))?(?:\s+(?:(in|on)|for)\s+(?:(?:the|our|my|her|his|their)\s+)?"
                   r"((?:[\w'-]+\s+){0,3}?[\w'-]+))?(?=\s*(?:[,;:.?!\-\u2013\u2014]|but\b|$))",
                   re.IGNORECASE)  # fmt: skip
_ASKS = re.compile(r"\s*(?:(?:and|so|now)\s+)?(?:where|how|what|which|who|can|could|"
                   r"is there|are there)\b", re.IGNORECASE)  # fmt: skip
# A source the thing is missing from, named after the miss: "they're not in Greywell
# Past", "it's not showing up in Confirm", "I can't see them in Aconex", "isn't on
# Westlaw or Lexis". The thing is the need; the place named is where it is not.
_MISSING_IN = re.compile(
    r"(?<!\bi'm )(?<!\bi am )(?<!\bwe're )(?<!\bwe are )"
    r"\b(?:(?:is|are|was|were|'s|'re)(?:n't| not)\s+(?:(?:showing|shown|listed|there|up|it|"
    r"them|this|that|anywhere|any|either)\s+){0,3}"
    # ("can't see my payslip anywhere in RotaCloud": what is sought, then where)
    r"|(?:can't|cannot|can not|couldn't) (?:find|see|locate|spot)\s+"
    # ("I can't find anything on the IFCA website": no thing sought, a place hard to use)
    r"(?!anything\b|a\s+thing\b)(?:[\w'-]+\s+){0,4}?)"
    r"(?:in|on)\s+(?:the\s+)?"
    r"([\w-]+(?:\s+[\w-]+){0,3})",
    re.IGNORECASE,
)
# ... when the asker is looking for the thing ("I can't see it in Canvas" on its own
# reports a fault there)
_SEEKS = re.compile(r"\bwhere\b|\bfind|\blooking for\b|\blocate\b|\btrack(?:ing)? down\b",
                    re.IGNORECASE)  # fmt: skip
_OR = re.compile(r"\s*(?:,|or|nor|and|,\s*or)\s+(?:the\s+)?([\w-]+(?:\s+[\w-]+){0,3})",
                 re.IGNORECASE)  # fmt: skip
# An ask that points back at the statement ("... Can someone sanity-check it?", "Where
# do I look that up?") is about what was named there.
# ("comments on it", "celery in it": the thing of the ask itself, not the statement's)
_BACK = re.compile(r"(?<!\bin\s)(?<!\bon\s)(?<!\bof\s)(?<!\binto\s)\b(?:it|them)\b"
                   r"|\bthat\b(?!\s+(?:week|weekend|day|night|month|year|time|morning|afternoon|"
                   r"evening|date|season|term)\b)"
                   # (not one that opens a clause: "the letter that went out", "that we sent")
                   r"(?!\s+(?:went|was|were|is|are|has|had|came|comes|goes|got|gets|"
                   r"i|we|you|they|he|she)\b)"
                   # ("... but I need last winter's.": the same thing, of another time)
                   r"|'s\W*$", re.IGNORECASE)  # fmt: skip
# A place that sends the asker on: "Loyalty say they don't take complaints", "Reserving
# say they don't set individual reserves". Who says so may be a person ("the customer
# says they didn't get it"): only a source's name is dismissed.
_REDIRECT = re.compile(
    r"\b(?:says?|said|told (?:me|us))\s+(?:that\s+)?(?:they|it|we)\s*(?:don't|do not|doesn't|"
    r"does not|can't|cannot|won't|aren't|are not|isn't|is not|'re not|'s not)\b",
    re.IGNORECASE,
)
# ... or that is for someone or something else, before a question of the asker's own:
# "Arkive is for the business archive, I know.", "I'm told BrightHR is for staff only."
_FOR_OTHER = re.compile(r"(?:\b(?:is|are)|(?<=\w)'s)\s+(?:(?:only|just)\s+(?:for|the)\b|for\b)",
                        re.IGNORECASE)  # fmt: skip
# ... or that is not the organization's: "The college's portfolio isn't ours."
# ... or what the asker is not after: "The passport records aren't what I'm after:"
# ... said before the asker's question of its own: "the accident book's for people isn't
# it, so where does this go?", "accident book's for injuries, so where does this go?"
_SO_ASKS = re.compile(r"(?:,?\s+is(?:n't|\s+not)\s+it)?\s*[,?]\s*so\s+"
                      r"(?=(?:where|what|how|who|which)\b)", re.IGNORECASE)  # fmt: skip
_NOT_OURS = re.compile(r"\s*(?:(?:[Tt]he|[Tt]hat|[Tt]his)\s+)?((?:[\w'-]+\s+){0,3}[\w'-]+)\s+"
                       r"(?:is|are)(?:n't|\s+not)\s+(?:ours|(?P<need>what\s+(?:I|we)(?:'m|'re|\s+am|"
                       r"\s+are)?\s+(?:after|need|want|looking\s+for)))\s*[.;:!]?\s*")  # fmt: skip
_TOLD = re.compile(r"\s*(?:(?:i|we)(?:'ve| have)? been told|(?:i|we)(?:'m|'re| am| are| was| were) "
                   r"told)\s+(?:that\s+)?", re.IGNORECASE)  # fmt: skip


def _redirected_by(clause: str, is_source: Callable[[list[str]], bool],
                   for_other: bool = False) -> re.Match[str] | None:
    """The subject of ``clause`` when it is a source saying the need is not its own (or,
    with ``for_other``, one said to be for someone or something else)."""
    said = _REDIRECT.search(clause) or (_FOR_OTHER.search(clause) if for_other else None)
    told = _TOLD.match(clause)
    subject = _SHOWN_BY.fullmatch(clause, told.end() if told else 0, said.start()) \
        if said else None  # fmt: skip
    named = terms(subject.group(1)) if subject else []
    return subject if named and is_source(named) else None


def _missing_in(clause: str, is_source: Callable[[list[str]], bool]) -> list[tuple[int, int]]:
    """The spans of the sources ``clause`` says the thing is missing from."""
    spans: list[tuple[int, int]] = []
    for miss in _MISSING_IN.finditer(clause):
        at: re.Match[str] | None = miss
        while at and (end := _source_prefix(at.group(1), is_source)):
            spans.append((at.start(1), at.start(1) + end))
            at = _OR.match(clause, at.start(1) + end)
    return spans


def _source_prefix(words: str, is_source: Callable[[list[str]], bool]) -> int:
    """The length of the longest opening of ``words`` that names a source (0: none)."""
    ends = [m.end() for m in re.finditer(r"[\w-]+", words) if terms(m.group())]
    for end in reversed(ends):
        if is_source(terms(words[:end])):
            return end
    return 0


def _shown_by(clause: str, asked_apart: str,
              is_source: Callable[[list[str]], bool] | None,
              ) -> tuple[re.Match[str], int, bool] | None:
    """The subject of ``clause`` when it states what a source shows and the asker then
    asks for something else: in a question of its own (``asked_apart``, the question
    clauses after a statement clause) or after "but" in the same clause; and whether it
    is only a record the asker names in their words ("the lay-up sheet tells me where
    she is, but ..."), whose words then are the situation, not ruled out."""
    shows = _SHOWS.search(clause)
    while shows and _NOUN_TOO.match(shows.group()) \
            and (later := _SHOWS.search(clause, shows.end(), shows.end() + 40)) \
            and _NEXT_WORD.fullmatch(clause, shows.end(), later.start()):  # fmt: skip
        shows = later  # a noun of the subject, then its verb: "The holiday cover sheet says"
    if not shows:
        return None
    subject = _SHOWN_BY.fullmatch(clause, 0, shows.start())
    if not subject and (comma := clause.rfind(",", 0, shows.start())) > 0 \
            and _SAYS_SO.search(shows.group()):  # fmt: skip
        # after what the asker saw: "the count is off by one on the trolley, the eMAR says
        # all given - which record is the legal balance?"
        subject = _SHOWN_BY.fullmatch(clause, comma + 1, shows.start())
    if not subject or not terms(subject.group(1)) or _MODAL.search(subject.group(1)):
        return None  # "The tracker must show it": where the asker expects it, not a miss
    named = bool(is_source and is_source(terms(subject.group(1))))
    record = False
    if shows.group(1) and not named and not (shows.group().startswith(("only ", "just "))
                                             and not _PERSON.search(subject.group(1))):
        # ("the drive only has the videos": what it has, and no more; not "my manager
        # just says to ask HR", a person; "the request list says": a record)
        record = _RECORD.search(subject.group(1)) is not None
        if not record:
            return None
    if (asked_apart and not clause.rstrip().endswith("?")
            and (named or not _BACK.search(asked_apart))):
        return subject, subject.end(), record
    turn = _BUT_ASKS.search(clause, shows.end())
    if turn and (named or not _BACK.search(clause, turn.end())):
        return subject, (turn.start() if named else subject.end()), record
    return None


# ("The tack room diary's no good": what is said of it follows its "'s"; "FIDE's site
# doesn't list me": whose it is, then what)
# (a web address is a word: "the gov.uk MOT check doesn't show ...")
_PLACE_SUBJECT = re.compile(r"\s*(?:[Tt]he|[Oo]ur|[A-Z][\w-]*'s)\s+"
                            r"((?:[\w-]+(?:\.[a-z]+)*(?:'s)?\s+){0,3}[\w-]+)(?:\s+|'s$)")
# ... or ending the clause, after its "and" ("... and the ticket page doesn't say")
_TRAILING_PLACE = re.compile(r"(?:^|\band\b|,)\s*(?:[Tt]he|[Oo]ur)\s+"
                             r"((?:[\w-]+\s+){0,3}[\w-]+)\s*$")
_SUBJECT_NAME = re.compile(r"^\s*(?:(?:[Tt]he|[Oo]ur|[Mm]y)\s+)?([A-Z][\w-]*(?:\s+[A-Z][\w-]*)*)")
# Inside a clause: a contrast ("..., not the X", "rather than X", "instead of X").
_PHRASE_CUE = re.compile(
    r"(?:(?:^|,)\s*not (?:the|a|an|our|any|what|that|this|those|these|just|from)\b|"
    r"\brather than\b|\binstead of\b|\bother than\b|\bapart from\b|\bexcept(?: for)?\b|"
    r"\b(?:setting|leaving) aside\b|\baside from\b|\bbesides\b)"
    r"([^,.:;!?]*)",
    re.IGNORECASE,
)
# A clause that asks why compares the options: "why X instead of Y" asks about both.
_WHY = re.compile(r"\bwhy\b|\breason|\bdecid|\bchose\b|\bchoice\b|\brationale\b|\bthinking behind",
                  re.IGNORECASE)
# "Where does the retry logic live?": where something is kept, not "live" as in "live
# status" (a card saying "NOT live bed status" is not what this asker rules out).
_LIVE = re.compile(
    r"(?<!\bgo)(?<!\bgoes)(?<!\bwent)(?<!\bgoing)\s\blives?\b"
    r"(?=\s*(?:now|today|these days|nowadays)?\s*(?:[,?.!]|$))",
    re.IGNORECASE,
)
# What the asker goes on from: the words before it are the situation ("... is closed
# but", "the repair order's raised, now I need ...", "KYC is done - now how do I ...")
_BUT = re.compile(
    r"\bbut\b|(?:[,.;:!]|\s[-\u2013\u2014])\s*(?:and\s+|so\s+)?now\b(?=,?\s+(?:(?:i|we)\s*"
    r"(?:need|want|'d like|would like|have to|must)\b|how|where|what|which|who|when|can|"
    r"could|is there))",
    re.IGNORECASE,
)
_ASKED = re.compile(r"\?|\b(?:where|how|what|which|who|when|why|can|could|need|want|wants|"
                    r"after|looking|trying|should|is there|are there)\b", re.IGNORECASE)
_WHERE_OR_END = re.compile(r"\bwhere\b|[.:;!?]", re.IGNORECASE)


def _where_live(text: str) -> str:
    """``text`` without the "live" of "where does X live" (one pass, linear)."""
    low = text.lower()
    if "live" not in low or "where" not in low:
        return text
    marks = [(m.start(), m.group().lower() == "where") for m in _WHERE_OR_END.finditer(text)]
    out, last, k, where = [], 0, 0, False
    for m in _LIVE.finditer(text):
        while k < len(marks) and marks[k][0] < m.start():
            where = marks[k][1]  # a "where" since the clause began
            k += 1
        if where:
            out.append(text[last : m.start()])
            last = m.end()
    return "".join(out) + text[last:]


_CONTRAST_WORDS = ("not ", "rather", "instead", "other than", "apart", "except", "aside",
                   "besides")  # fmt: skip
_WHY_WORDS = ("why", "reason", "decid", "chose", "choice", "rationale", "thinking behind")
# The cue words themselves and the verbs of trying say nothing about the source.
_CUE_TERMS = frozenset(
    terms("never mind nevermind skip forget ignore nothing found find check checked tried "
          "looked cover covers mention show say says tell tells list include explain give")
)  # fmt: skip
_CURRENT = frozenset(
    "now today current currently latest newest newer nowadays present live modern".split()
)
_THIS_PERIOD = re.compile(
    r"\bthis (?:year|month|week|weekend|quarter|season|term|morning|afternoon|evening)\b"
    # days ago or to come are the present, whatever old system the question names ("the
    # old Access database ... the game I watched last night"); not someone's own ("her
    # last week")
    r"|\byesterday\b|\btonight\b|\btomorrow\b|\bnext (?:week|weekend|month|monday|tuesday|"
    r"wednesday|thursday|friday|saturday|sunday)\b"
    r"|(?<!\bher )(?<!\bhis )(?<!\btheir )(?<!\bits )\blast "
    r"(?:night|week|weekend|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b",
    re.IGNORECASE,
)
# "is that still right?", "do I still log ...": the present, unless what is asked is
# whether something old survives ("is that code still around?"), or of a year named or
# of before a change ("she still had passes from before we changed the booking system")
_STILL = re.compile(r"\bstill\b(?!\s+(?:around|exists?|there|kept|available|anywhere|"
                    r"on file|held|have|got)\b)", re.IGNORECASE)  # fmt: skip
_YEAR_SAID = re.compile(r"\b(?:19|20)\d\d\b")
# "renewals from before the current box office system": the time before the present one
_BEFORE_NOW = re.compile(r"\b(?:before|prior\s+to|until)\s+(?:the|our)\s+(?:current|present|"
                         r"latest|newest|modern)\b", re.IGNORECASE)  # fmt: skip
# "since we stopped using the old Access thing", "now that we've left Jira": the time after
# the change, whatever old source it names
_SINCE_CHANGE = re.compile(
    r"\b(?:since|now\s+that|now)\s+(?:we|they)(?:'ve|\s+have)?\s+(?:stopped|moved\s+off|"
    r"switched\s+from|left|dropped|ditched|gave\s+up|given\s+up|got\s+rid\s+of|no\s+longer|"
    r"don't\s+use|do\s+not\s+use|came\s+off|come\s+off)\b", re.IGNORECASE)  # fmt: skip


@dataclass(frozen=True)
class Analysed:
    positive: str
    negated: tuple[str, ...]  # stemmed terms the asker excludes
    current: bool  # the question points at the present ("now", "today", "latest"...)
    background: tuple[str, ...] = ()  # stemmed terms said only before a "but" or "now"
    # a source dismissed by its name, whose words the ask may use again ("Reserving say
    # they don't set claim reserves. Where do I see the reserve?")
    named: tuple[str, ...] = ()


def _looked_for(clause: str, failed: re.Match[str]) -> tuple[str, str] | None:
    """Where the asker looked in vain and the rest of ``clause``: "Searched the inbox for
    the physio's letter and it's not there" -> ("inbox", "for the physio's letter and
    it"), "I've been through the daybook and can't find her order" -> ("daybook", "I've
    her order"), "went looking for my CPD hours in BrightHR and they're not there" ->
    ("BrightHR", "went my CPD hours and they"); None when the place is all the clause
    says."""
    looked = _LOOKED_IN.search(clause, 0, failed.end())
    if looked is None:
        sought = _LOOKED_FOR_IN.search(clause, 0, failed.start())
        if sought is None:
            return None
        rest = clause[: sought.start()] + " " + sought.group(1) + clause[sought.end() :
                                                                       failed.start()]
        rest += clause[failed.end() :]
        return (sought.group(2), rest) if terms(rest) else None
    failing = failed.start()
    if failing < looked.end(1):
        # "I looked in GoCardless for what we spent on the trailer but can't find it": the
        # failure said after the place and what was looked for
        said = _CANT_FIND.search(clause, looked.end(1), failed.end())
        failing = said.start() if said else looked.end(1)
    between = clause[looked.end(1) : failing]
    rest = clause[: looked.start()] + between + clause[failed.end() :]
    return (looked.group(1), rest) if terms(rest) else None


def analyse(question: str, is_source: Callable[[list[str]], bool] | None = None) -> Analysed:
    """``is_source(stems)``: whether those words name a source, for "Loyalty say they
    don't ..." (without it, no one who says so is dismissed)."""
    kept: list[str] = []
    negated: list[str] = []
    named: list[str] = []
    # most questions have no cue at all: the word tests below skip the patterns (a third
    # of the time a question spent here)
    low = question.lower()
    negation = "not" in low or "n't" in low or "nothing" in low or "but" in low \
        or "no sign" in low \
        or "stops " in low or "too " in low or any(w in low for w in _SAYS_LITTLE_WORDS)
    contrast = any(w in low for w in _CONTRAST_WORDS)
    seeing = ("but" in low or "and it" in low or "and th" in low) \
        and ("only" in low or "just" in low or "all" in low)  # fmt: skip
    why = any(w in low for w in _WHY_WORDS)
    clauses = _CLAUSE_END.split(question)
    seeks = negation and is_source is not None and _SEEKS.search(question) is not None
    stated = any(w in low for w in ("show", "list", "say", "has", "have", "hold", "give", "cover",
                                    "read", "seen", "watched", "looked", "been", "know", "tell"))
    # the questions of their own that may follow a statement
    asked_apart = " ".join(c for c in clauses if c.rstrip().endswith("?")
                           or _NEED.match(c)) if stated else ""  # fmt: skip
    known: list[str] = []
    unhurt = ("hurt" in low or "injured" in low) and _NEAR_MISS.search(question) is None
    situation: list[str] = []  # words of a record the asker names, said not asked
    # whether a question of its own comes after each clause (one pass, from the end)
    asked_after = [False] * len(clauses)
    # ... and whether one that asks or says the need does ("...; what I need is")
    told_after = [False] * len(clauses)
    for k in range(len(clauses) - 2, -1, -1):
        asked_after[k] = asked_after[k + 1] or clauses[k + 1].rstrip().endswith("?")
        told_after[k] = told_after[k + 1] or asked_after[k] \
            or _NEED.match(clauses[k + 1]) is not None \
            or _ASKS.match(clauses[k + 1]) is not None  # fmt: skip

    last = max((k for k, c in enumerate(clauses) if c.strip()), default=0)
    # whether a question of its own, or the need, comes before the last clause
    asked_before = any(c.rstrip().endswith("?") or _NEED_SAID.search(c) for c in clauses[:last])

    def dismiss(said: list[str]) -> None:
        """A source named is out by its name; other words said of a place are ruled out."""
        (named if is_source and is_source(said) else negated).extend(said)

    if is_source and _WRONG_PLACE.search(question):
        for k, clause in enumerate(clauses):
            if sent := _SENT_TO.search(clause):
                where = "place" if sent.group("place") else "address"
                dismiss(terms(sent.group(where)))
                clauses[k] = clause[: sent.start(where)] + clause[sent.end(where) :]
    for k, clause in enumerate(clauses):
        if not clause.strip():
            continue
        read = asked_apart and not clause.rstrip().endswith("?") and _KNOWN.match(clause) \
            and not _NEED.match(clause)  # fmt: skip
        if read or (told_after[k] and _DONE.fullmatch(clause)):
            known.append(clause)
        asks = clause.rstrip().endswith("?")
        if unhurt and (said := _UNHURT.search(clause)) is not None:
            # "Nobody got hurt, but a ewe went down": no injury, no accident to report
            negated.extend(_INJURY)
            clause = clause[: said.start()] + clause[said.end() :]
        if negation and (mid := _SO_NOT.search(clause)):
            # "Nobody was hurt, so it's not a safety report."
            negated.extend(terms(mid.group("what")))
            clause = clause[: mid.start()] + clause[mid.end() :]
        if (cue := _CLAUSE_CUE.search(clause)) and (not asks or _TURN.search(clause)):
            # ("It's not the newsletter, so where's that set?": up to its question)
            turn = _TURN.search(clause, cue.end())
            start = cue.start("object") if cue.group("object") else 0
            negated.extend(terms(clause[start : turn.start()] if turn else clause[start:]))
            if turn:
                kept.append(clause[turn.start() + 1 :])
            continue
        if seeing and (only := _ONLY_HELD.search(clause)) and (
                looked_in := _LOOKED_IN.search(clause, 0, only.end())) \
                and looked_in.end(1) <= only.start():
            place = terms(looked_in.group(1))
            (named if _looked_in_source(place, is_source) else negated).extend(place)
            situation.extend(terms(only.group("held")))
            # (what was looked for is the need, asked with what follows)
            clause = clause[: looked_in.start()] + clause[only.end() :] + " " \
                + clause[looked_in.end(1) : only.start()] + " "  # fmt: skip
        if ("only" in low or "just" in low) and (
                ((then := _THEN_ONLY_HELD.search(clause))
                 and _ASKED_BEFORE.search(clause, 0, then.start()))
                or (k and not asks and (then := _NEXT_ONLY_HELD.search(clause))
                    and any(c.rstrip().endswith("?") for c in clauses[:k]))):  # fmt: skip
            dismiss(terms(then.group(1)))
            situation.extend(terms(then.group("held")))
            clause = clause[: then.start()]
        failed = _FAILED.search(clause) if negation else None
        looked = _looked_for(clause, failed) if failed else None
        if failed and not looked \
                and (failed.group("ing") or failed.group("see") or failed.group("vague")) \
                and not _LOOKED_IN.search(clause, 0, failed.end()):  # fmt: skip
            failed = None
        if looked:
            # the place is out (by its name, when a source's), what was looked for is
            # the need
            place = terms(looked[0])
            (named if _looked_in_source(place, is_source) else negated).extend(place)
            clause = looked[1]
        elif failed and failed.group("nothing"):
            dismiss(terms(failed.group("nothing")))  # by its name, when a source's
            clause = clause[failed.end() :]
            if not terms(clause):
                continue
        elif failed:
            # (from its "but": "I wanted to check my payslips, but Xero doesn't seem to have
            # them" asks for the payslips)
            turned = max((m.end() for m in _BUT.finditer(clause, 0, failed.start())), default=0)
            before = terms(clause[turned : failed.end()])
            searched = _LOOKED_IN.search(clause, turned, failed.end())
            if searched and _looked_in_source(spot := terms(searched.group(1)), is_source):
                # ("looked through the policies folder and couldn't find anything")
                named.extend(spot)
                before = [t for t in before if t not in spot]
            negated.extend(before)
            clause = clause[:turned] + " " + clause[failed.end() :]
            if not terms(clause):
                continue
        if "but" in low and is_source and (inside := _IN_BUT.match(clause)) and (
                is_source(place := terms(inside.group(1))) or _RECORD.search(inside.group(1))):
            # "I'm in the Fellside portal but can't see the notice": the place the asker
            # is in already (not "I'm on holiday but ...")
            dismiss(place)
            clause = " " + clause[inside.end() :]
        if "open" in low and is_source and (opened := _OPEN.match(clause)) \
                and clause[opened.end() :].strip(" ,;:.-\u2013\u2014"):  # fmt: skip
            # what the asker has open is what they have already: by its name a source
            # that is out, else a record of theirs, the situation, as is where it is open
            # (LEAP may hold the answer in another part)
            thing = terms(opened.group(1))
            (named.extend if is_source(thing) else situation.extend)(thing)
            if opened.group(2):
                situation.extend(terms(opened.group(3)))
            # (what it is open for is asked: "for Silloth")
            clause = " " + clause[opened.start(3) if opened.group(3) and not opened.group(2)
                                  else opened.end() :]  # fmt: skip
        says = _SAYS_LITTLE.search(clause) if negation else None
        subject = _SUBJECT_NAME.match(clause) if says else None
        next_to = says and subject and terms(subject.group(1)) \
            and _NEXT_TO.fullmatch(clause, subject.end(), says.start())  # fmt: skip
        opens = _PLACE_SUBJECT.fullmatch(clause, 0, says.start()) if says else None
        if says and not next_to and (told_after[k] or (
                opens and _RECORD.search(opens.group(1)) and terms(clause[says.end() :]))):
            # "the public collections website doesn't say which store - where can I see
            # it?": a place of the asker's own words, then a question of its own (its
            # name may open it: "The LJ bookings sheet doesn't show it"); or a record whose
            # silence is the ask itself ("the signing-in book doesn't say who's still
            # allowed in, where's that list?", "the cafe diary doesn't say what's in it")
            subject = opens or subject
        elif says and not (subject and terms(subject.group(1))) and k == last and asked_before \
                and (tail := _TRAILING_PLACE.search(clause, 0, says.start())):  # fmt: skip
            # "What time does the orchestra go on? ... and the ticket page doesn't say.":
            # a place the asker looked in, said after the question
            dismiss(terms(tail.group(1)))
            clause = clause[: tail.start()] + " " + clause[says.end() :]
            says = None
        if says and subject and subject.end() <= says.start() and terms(subject.group(1)) \
                and (says.group().lstrip(", ").startswith("but") or _NEXT_TO.fullmatch(
                    clause, subject.end(), says.start())):  # fmt: skip
            dismiss(terms(subject.group(1)))
            clause = clause[subject.end() :]
        elif stated and (shown := _shown_by(clause, asked_apart, is_source)):
            (situation.extend if shown[2] else dismiss)(terms(shown[0].group(1)))
            # what a source named is said to show is the situation the ask goes on from
            # ("Lend Engine says T-0388 is in but it's not on the shelf, where is it?")
            situation.extend(t for t in terms(clause[shown[0].end() : shown[1]])
                             if t not in _CUE_TERMS)
            clause = clause[: shown[0].start()] + " " + clause[shown[1] :]
        elif (negation or told_after[k]) and is_source and (redirect := _redirected_by(
                clause, is_source, for_other=told_after[k] and not asks)):
            dismiss(terms(redirect.group(1)))
            clause = " " + clause[redirect.end() :]
        elif is_source and (so := _SO_ASKS.search(clause)) and (redirect := _redirected_by(
                clause[: so.start()], is_source, for_other=True)):
            # "the accident book's for people, isn't it, so where does this go?"
            dismiss(terms(redirect.group(1)))
            clause = " " + clause[so.start() :]
        elif negation and not asks and k + 1 < len(clauses) \
                and (disowned := _NOT_OURS.fullmatch(clause)) \
                and (told_after[k] or disowned.group("need")):  # fmt: skip
            dismiss(terms(disowned.group(1)))  # "The college's portfolio isn't ours."
            continue
        if seeks and is_source:
            for start, end in _missing_in(clause, is_source):
                named.extend(terms(clause[start:end]))
        if not contrast or (why and _WHY.search(clause)):
            kept.append(clause)
            continue
        last = 0
        for m in _PHRASE_CUE.finditer(clause):
            negated.extend(terms(m.group(1)))
            kept.append(clause[last : m.start()] + " ")
            last = m.end()
        kept.append(clause[last:])
    positive = " ".join(_where_live("".join(kept)).split())
    wanted = set(terms(positive))
    if not wanted:  # all of it negated: a statement, not an exclusion
        return Analysed(question, (), False)
    wanted |= _CUE_TERMS
    excluded = tuple(dict.fromkeys(t for t in negated if t not in wanted))
    words = set(re.findall(r"[a-z]+", _BEFORE_NOW.sub(" ", positive).lower()))
    current = bool(words & _CURRENT) or _THIS_PERIOD.search(positive) is not None \
        or _SINCE_CHANGE.search(positive) is not None \
        or (_STILL.search(positive) is not None and not _YEAR_SAID.search(positive)
            and not before_a_change(positive))
    background = _background(positive)
    background += tuple(t for t in dict.fromkeys(situation) if t not in wanted
                        and t not in background)  # fmt: skip
    if known:
        asked = set(terms(" ".join(c for c in kept if c not in known)))
        background += tuple(t for t in dict.fromkeys(terms(" ".join(known)))
                            if t not in asked and t not in background)  # fmt: skip
    return Analysed(positive, excluded, current, background, tuple(dict.fromkeys(named)))


def _looked_in_source(place: list[str], is_source: Callable[[list[str]], bool] | None) -> bool:
    """Whether the place the asker looked in is a source by its name, said alone or with
    the kind of record it is ("looked through the policies folder", "the flock app")."""
    if is_source is None:
        return False
    bare = [t for t in place if t not in _KIND_STEMS]
    return is_source(place) or 0 < len(bare) < len(place) and is_source(bare)


def _background(positive: str) -> tuple[str, ...]:
    """What is said only before a "but": the situation, not the ask ("the fault ticket's
    closed but the customer wants money off their bill"), when an ask follows it ("has
    paid for a year but the site says his articles are used up" is all the subject)."""
    turn = _BUT.search(positive)
    if not turn:
        return ()
    rest = positive[turn.end() :]
    before, after = terms(positive[: turn.start()]), set(terms(rest))
    if not after or not _ASKED.search(rest):
        return ()
    return tuple(dict.fromkeys(t for t in before if t not in after))
