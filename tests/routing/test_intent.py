"""What a question's cues ask for ("what are the steps" -> a runbook), in card words:
they rank, and they are never counted as the question's own words."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from sourcefinder.index.model import Example
from sourcefinder.routing import OfflineRouter, RouterConfig
from sourcefinder.routing._intent import (
    _CUES,
    asks_for_code,
    asks_for_person,
    asks_whole,
    cue_matches,
    factored,
    intent_words,
)
from sourcefinder.routing._question import analyse
from sourcefinder.routing._text import terms
from tests.routing.conftest import card, make_index


@pytest.mark.parametrize(
    ("question", "word"),
    [
        ("Why did we split the monolith into two services?", "decision"),
        ("Who decided that PHI lives in one subscription?", "rationale"),
        ("The thinking behind the parental accounts feature?", "decision"),
        ("What went wrong in the August login outage?", "postmortem"),
        ("What did we agree to fix after the March outage?", "postmortem"),
        ("The vendor answers 'too many requests'. What are the steps?", "runbook"),
        ("Epic is down on Sunday; what are wards supposed to do?", "procedure"),
        ("The payouts engineer on duty isn't picking up. Who's next in line?", "on-call"),
        ("I paged the DBA twenty minutes ago and nobody answered", "rotation"),
        ("Is card authorisation slow right now? I want the p99 graph.", "dashboard"),
        ("Where's the logic that frees up the held funds?", "code"),
        ("Overdue nudges go out on day 3, 7 and 14. Where are those intervals set?", "repo"),
        ("Which table links loyalty members to their till transactions?", "sql"),
        ("The dashboard isn't enough, I need row-level enrolment records", "raw"),
        ("sku-level sales for 2020 to build a model", "warehouse"),
        ("What counts as an active customer?", "definition"),
        ("Is that allowed under our data rules?", "policy"),
        ("How do they ask for a new alert in the EHR?", "request"),
        ("Is there someone who knows why it was left?", "contact"),
        ("My travel time hasn't been paid this month. Who do I talk to?", "contact"),
        ("Sewage is coming out of a manhole on the high street, who do I call?", "ask"),
        ("Can she move down a plan tier, and who decides?", "owner"),
        ("Linker errors in the physics lib after syncing. Anyone seen this?", "channel"),
        ("Who's on the fish counter Sunday after lunch?", "rota"),
        ("I want to see who's working on the bottling line next week.", "shifts"),
        ("Which sales am I working this month?", "roster"),
        ("Who's master on Lady Aira tomorrow?", "rota"),
        ("What have we spent on fuel for the boats so far this year?", "payments"),
        ("How much did it cost to reseal the car park?", "costs"),
        ("What do we pay for the booking system over a year?", "accounts"),
        ("She emailed us photos last week. Where would that have gone?", "inbox"),
        ("How many days' holiday have I got left this year?", "hr"),
        ("Is my notice period one month or three?", "staff"),
        ("my P60 for last tax year", "hr"),
        ("A customer replied to her order. Where would her message have gone?", "mailbox"),
        ("Sliced my palm open shucking this morning, where do I write it up?", "accident"),
        ("A visitor slipped on the wet floor by the cafe door.", "incident"),
        ("Got a rope burn off the strander. Where do I write it down?", "injury"),
        ("A cat got me on the hand during a visit this morning.", "accident"),
        ("Has the Eden Mount Hotel paid for September yet?", "invoices"),
        ("Did we ever pay Zonewear's invoice for the leotards?", "payments"),
        ("Sue's off this week. Who owes us from more than two months back?", "ledger"),
        ("I've moved house - how do I get my address changed on the club's records?",
         "membership"),
        ("How many members have we got at the moment?", "register"),
        ("I want the second week of July off - where do I put it in?", "leave"),
        ("how do I book a day off?", "holiday"),
        ("How much is a family membership? My two kids want to join as well", "prices"),
        ("What do we charge per hour for sessions that aren't funded?", "fees"),
        ("running 20 mins late on the Settle run, how do I let everyone know", "whatsapp"),
        ("coast road's shut with flooding, quickest way to warn the other drivers?", "group"),
        ("Can anyone cover my breakfast shift next Tuesday? where's best to ask", "chat"),
        ("First day tomorrow. Is there anything I can read tonight?", "handbook"),
        ("I'm the locum covering Tom's leave - what should I read before Monday?", "induction"),
        ("Do I have to wear the green polo every shift?", "rules"),
        ("how long are we meant to keep accident reports?", "policy"),
        ("who's Kez got Saturday morning? trying to squeeze a nail clip in", "bookings"),
        ("have we got room for two cats sharing, monday 14th to monday 21st?", "calendar"),
        ("customer wants a skim done asap - when's our next free slot?", "diary"),
        ("a lady rang to move her appointment to next tuesday", "appointments"),
        ("can coaches be facebook friends with juniors? what's our rule", "policies"),
        ("What are the rules for young people helping out?", "policy"),
        ("what's the drill if I'm poorly and can't make the 6am collection?", "rules"),
        ("everyone keeps saying SSTC and MOS in the sales meeting", "glossary"),
        ("new saturday girl here - what do FD and relay mean?", "handbook"),
        ("what do 'pencilled' and 'held' mean on the diary?", "induction"),
        ("phone number for the manager at Wyreside Lodge", "contacts"),
        ("bought plasters for the first aid box out of my own pocket", "expenses"),
        ("I filled the Bus up with diesel on my own card yesterday", "reimbursement"),
        ("How do I claim the miles back?", "claims"),
        ("I'm poorly and can't come in tomorrow, who do I tell?", "sickness"),
        ("off sick today - can someone pick up the edit for me?", "absence"),
        ("Which cafes are more than 30 days late paying us?", "invoices"),
        ("their invoice is 60 days overdue. Can I check?", "payments"),
        ("email address for the president of the Mauleon club", "directory"),
        ("Took the skin off my knuckle on the vice. Where do I write it up?", "logbook"),
        ("am i on next saturday?", "rota"),
        ("am I in on Sunday? nobody's said", "shifts"),
        ("which book does that go in, the green one or the red?", "register"),
        ("Just swapped the brake pads on van 3, where do I record that?", "log"),
    ],
)
def test_a_cue_asks_for_the_words_cards_use(question: str, word: str) -> None:
    assert word in intent_words(question)


@pytest.mark.parametrize(
    "question",
    ["payments queue throughput by region", "the 2024 holiday calendar", "Kafka topic naming",
     "the outage map page keeps timing out", "a table for twelve at the staff party",
     "the service level agreement for payroll",  # a web page, not paging someone
     "who do the new parking rules apply to",  # "who do" asks no one
     "a timeline for a child who's on a plan", "who is on the board of trustees",
     "how much time is spent on each call",  # time spent, not money
     "what do we pay volunteers",  # whom, not what for
     "where would the van have gone",  # not a message
     "the overnight load fell over.",  # a thing, not someone hurt
     "we got stung for a surcharge on a brake caliper",
     "Breathe only has the paid staff in it",  # who is paid, not whether
     "I need to read the meter before I go",  # a reading, not reading up
     "how much is the Bennett family still owed",  # a balance, not a price
     "what did we charge Mrs Routledge in 2020?",  # what was billed once
     "I need to take the lid off the tank",  # a thing off, not time off
     "There's mould on a book in the Old Library",  # a book, not booking
     "the couple who booked in March 2023",  # when, not a booking to make
     "the rules engine in the pricing service",  # a thing named rules
     "customers keep ringing about the price rise",  # ringing, not a word said
     "part number for the bogie pickups on a class 24",  # a part, not a person
     "cant make saturday anymore, can I get my money back",  # a refund, not expenses
     "Harry's been sick in boys' class, what's his mum's number?",  # a child, not the asker
     "the ukulele lot are stood outside and can't get in",  # locked out, not ill
     "Is the hybrid overdue a service?",  # a service, not a payment
     "where do I write to about the parking permit?",  # to whom, not where it goes
     "am I on the list of people allowed to drive the minibus?"],  # a list, not a shift
)
def test_a_question_without_a_cue_asks_for_nothing_more(question: str) -> None:
    assert intent_words(question) == []


def test_a_cue_said_only_in_the_situation_asks_for_nothing() -> None:
    """"MyView shows my pay and leave, but ...": the asker has their leave; what they
    ask after "but" is the on-call cover."""
    question = "MyView shows my leave, but who is on call over Christmas?"
    situation = frozenset(terms("MyView shows my leave"))
    assert "hr" in intent_words(question)
    assert "hr" not in intent_words(question, situation)
    assert "rota" in intent_words(question, situation)


CARDS = [
    card("payments-repo", "the payments queue service: consumer and producer code",
         contains="payments queue consumer, retry and dead-letter handling", kind="git-repo"),
    card("runbooks", "operational runbooks: a procedure per alert, with steps",
         contains="runbook per payments alert: payments queue backlog, stuck consumers"),
]  # fmt: skip
QUESTION = "The payments queue is backing up again. What should I do?"


def test_a_cue_ranks_the_source_that_holds_what_it_asks_for() -> None:
    index = make_index(CARDS)
    cued = OfflineRouter(index).rank(QUESTION)
    plain = OfflineRouter(index, config=RouterConfig(intent_weight=0)).rank(QUESTION)
    assert plain.full[0].card_id == "payments-repo"
    assert cued.full[0].card_id == "runbooks"
    # the reason quotes the card's word, never a stem
    assert any("'runbook'" in r or "'procedure'" in r for r in cued.full[0].reasons)


def test_the_cue_words_never_count_as_what_the_question_covers() -> None:
    """A question about a subject the map lacks stays uncovered however its cue matches:
    "what should I do" names no subject."""
    index = make_index(CARDS)
    question = "Gantry crane hydraulics leaking. What should I do?"
    cued = OfflineRouter(index).rank(question)
    plain = OfflineRouter(index, config=RouterConfig(intent_weight=0)).rank(question)
    assert cued.verdict == plain.verdict == "nowhere"


def test_a_why_question_keeps_the_option_it_compares() -> None:
    """'Why X instead of Y' asks about the choice: Y is a subject, not a dismissal."""
    why = analyse("Why did we build our own gateway instead of calling Epic directly?")
    assert why.negated == ()
    assert "calling Epic" in why.positive
    where = analyse("Where are the current dashboards instead of the Qlik ones?")
    assert "qlik" in where.negated


def test_a_newcomer_question_is_told_apart() -> None:
    from sourcefinder.routing._intent import asks_as_newcomer

    for question in ("I'm new to freight. Is there an explainer of TEU?",
                     "First week here: which accounts do I need?",
                     "What's the difference between a house bill and a master bill?",
                     # a role said new, a start date, a move from elsewhere
                     "New analyst here - how does data reach the warehouse?",
                     "I'm the new volunteer coordinator. How do shifts work?",
                     "Started in underwriting this week. Is there one page on us?",
                     "Joined the support team on Monday. Is there a handbook?",
                     "I've come over from the railways. Where do I learn how this works?",
                     "First time visiting the Lisbon studio - can I park?",
                     # a first shift or day, a life without it, a taking on
                     "First shift on the kiosk is next Tuesday. What do I read?",
                     "First Saturday on the shop floor tomorrow. Anything to read?",
                     "Never worked a till in my life. How do I do a refund?",
                     "I've been taken on for the spring rush. How does the year go?"):
        assert asks_as_newcomer(question)
    for question in ("Which bill of lading did the carrier issue for BK-1?",
                     # the same words, not about the asker
                     "First time fix rate for the in-house team, last 6 months",
                     "Where does the game pick graphics the first time it launches?",
                     "Why did some objects come over from the old database twice?",
                     "Forms for someone who applied to be a trainee driver in 2024",
                     "Who is on the rota for the first Saturday of December?",
                     "Was the new fork-lift taken on hire last March?"):  # fmt: skip
        assert not asks_as_newcomer(question)


def test_a_newcomer_is_sent_to_the_source_that_holds_the_primer() -> None:
    """The wiki holds the freight glossary (a foundation document); the metric docs
    mention TEU and demurrage more often. A newcomer's question goes to the primer."""
    from sourcefinder.index.model import FoundationNode, Index

    cards = [
        card("metric-docs", "metric definitions: TEU volume, demurrage days, detention cost",
             contains="TEU per lane, demurrage and detention per customer, TEU trends"),
        card("wiki", "the company wiki: onboarding, teams, how we work",
             contains="pages per team", at="http://wiki.example/"),
    ]  # fmt: skip
    glossary = FoundationNode("glossary", "freight terms: TEU, demurrage, bills of lading",
                              None, 'Glossary — http://wiki.example/glossary', "INDEX.md", 9)
    index = Index(root="x", title="t", cards={c.id: c for c in cards},
                  foundation={"glossary": glossary})  # fmt: skip
    newcomer = "I'm new here. What do TEU and demurrage mean?"
    assert OfflineRouter(index).rank(newcomer).full[0].card_id == "wiki"
    off = OfflineRouter(index, config=RouterConfig(w_primer=0)).rank(newcomer)
    assert off.full[0].card_id == "metric-docs"
    # an analyst's question about the same words is not a newcomer's
    analyst = OfflineRouter(index).rank("TEU and demurrage per lane last quarter")
    assert analyst.full[0].card_id == "metric-docs"


@pytest.mark.parametrize(
    ("question", "whole"),
    [
        ("How do I search all of the company's code at once for a config key?", True),
        ("search across all our repos for a hard coded api key", True),
        ("I need the rates across every product back in 2019", True),  # the router judges
        ("is there a list of every SharePoint site on the intranet?", True),
        ("is there a directory of every SharePoint site?", True),
        ("where are all of the deploy scripts for payments", False),  # a part, named
        ("all our invoices from March", False),
    ],
)
def test_a_question_about_a_whole_instance_is_told_apart(question: str, whole: bool) -> None:
    assert bool(asks_whole(question)) is whole


@pytest.mark.parametrize(
    ("question", "asks"),
    [
        ("who decides whether the depots go out in snow?", True),
        ("is there somebody who can tell me if the allowance is current?", True),
        ("who do I ring about a burst main??", True),
        ("who was on shift at Thorne last night?", False),  # a roster, not a person to ask
        ("where is the snow plan for the depots?", False),
        # who can or must act, who deals with it, someone still around
        ("A former employee wants everything we hold about them. Who deals with that?", True),
        ("The lawyer struck out the liability cap. Who has to approve that?", True),
        ("a carer wants to report her manager, who does she go to?", True),
        ("Who do I even ask about a 76-year-old when the protocol says 75?", True),
        ("Codes like 'EXT-7' - is anyone still around who remembers them?", True),
        ("Who changed the respawn code back in 2020?", False),  # a history, not a person
        ("students who started before 2021 have two records", False),  # a relative clause
        # who takes it on or decides
        ("A hirer clipped a private boat and wants £3,000. Who takes this on?", True),
        ("Should she go out tomorrow or not? Who makes that call?", True),
        ("Two of the violas say the rota is unfair. Who has the final say?", True),
        ("She hasn't been paid. Who in payroll can get money to her today?", True),
        ("Who takes the minutes is in the handbook, isn't it?", False),
        ("a member who takes the tablets daily", False),
        # who here or else knows
        ("Which sire would you use on her? Who here knows our breeding thinking best?", True),
        ("Jan's away. Who else knows how the boiler timer works?", True),
        # who is to be told
        ("woke up with a temperature and I'm on at half seven, who needs telling", True),
        ("I'm running twenty minutes late for my 2pm walk. Who do I let know?", True),
        ("Who do I warn so the patients can be moved?", True),
        ("who let the dogs out on Saturday?", False),
        # whose the decision is, who says yes, who to ask with a word or two between
        ("Mate's 40th, can we do it at mates rates? whose call is that", True),
        ("A song that's not on our list for their first dance. Who says yes or no?", True),
        ("the PA kept cutting out, who do I need to talk to before Saturday?", True),
        ("Anyone on tour got a spare HDMI cable? where do I ask the crew quickly", True),
        ("a customer who says she's had the same fault for years", False),
        # who to chase or hand something to, who gets it fixed, who on our side, who
        # usually does a thing
        ("never got a P45 after I left, who do I chase", True),
        ("bought a mop for the shop myself, who do I hand the receipts to?", True),
        ("The big extractor keeps cutting out. Who gets that fixed?", True),
        ("The coastguard want a joint exercise, who on our side talks to them?", True),
        ("who actually places the product orders?", True),
        ("Who actually turned up on Tuesday?", False),
        ("Who on the team still has an in-date induction?", False),
        # who okays it, who somewhere does something for the asker
        ("Her assessor wants to come in next Thursday, who okays that?", True),
        ("There's a smell of gas round the back, who on site do I ring?", True),
        ("Who at the Centre can I actually talk to about the ice?", True),
        ("need more 18mm ply, who do we get it from?", False),
        ("Who at the AGM voted against?", False),
    ],
)
def test_a_question_asking_for_someone_to_ask_is_noticed(question: str, asks: bool) -> None:
    assert asks_for_person(question) is asks


def test_who_decides_goes_to_the_person_who_does() -> None:
    """Asked who decides, the router ranks the people and channels the question matches
    on their own: the duty manager who makes the snow call comes before the snow plan
    that only describes it."""
    cards = [
        card("ops-playbook", "depot operations playbook: snow and severe weather plan, "
             "which depots go out, trunk cut-off times, depot closures",
             contains="severe weather plan, snow routes, depot closures, Pennines depots"),
        card("network-control", "network control duty manager: the call on closing depots "
             "on the day", kind="person"),
        card("hr-system", "HR system: leave, sickness, payslips"),
    ]  # fmt: skip
    question = "Heavy snow over the Pennines tomorrow. Who decides whether the depots go out?"
    off = OfflineRouter(make_index(cards), config=RouterConfig(w_human=0.0))
    assert off.rank(question).full[0].card_id == "ops-playbook"
    on = OfflineRouter(make_index(cards))
    assert on.rank(question).full[0].card_id == "network-control"
    # the same words without asking for someone keep the plan first
    assert on.rank("Heavy snow over the Pennines tomorrow: do the depots go out?"
                   ).full[0].card_id == "ops-playbook"


@pytest.mark.parametrize(
    ("question", "asks"),
    [
        ("where's the code that decides which region a party goes to?", True),
        ("Where in the code do we stop card payments at casinos?", True),
        ("Where's the SQL that calculates waste %?", True),
        ("where's the dbt model that works out on-time flights", True),
        ("source for the job lifecycle - which service owns that?", True),
        ("how do I search across all our repos at once", True),
        ("what's the discount code for staff?", False),  # a code, not code
        ("where is the policy on remote working?", False),
    ],
)
def test_a_question_asking_for_code_is_noticed(question: str, asks: bool) -> None:
    assert asks_for_code(question) is asks


def test_a_question_asking_for_code_goes_to_the_repository() -> None:
    """Asked where the code is, the router ranks the repositories it matches on their
    own: the transfer-returns service comes before the operations space that describes
    returned transfers at length. A "contract repository" is no code."""
    from sourcefinder.routing._router import holds_code

    cards = [
        card("payments-ops", "payments operations space: returned transfers, the message a "
             "bank sends back, return reasons and what ops does with each",
             contains="bank return messages, returned transfers, what a bank sends back",
             examples=(Example("bank sent back a returned transfer", "the returns page"),)),
        card("repo-payouts", "payouts: sends transfers, handles returns", kind="git-org"),
        card("handbook", "staff handbook: leave, expenses, conduct"),
    ]  # fmt: skip
    question = "Where's the code that reads the message a bank sends back for a returned transfer?"
    off = OfflineRouter(make_index(cards), config=RouterConfig(w_code=0.0))
    assert off.rank(question).full[0].card_id == "payments-ops"
    on = OfflineRouter(make_index(cards))
    assert on.rank(question).full[0].card_id == "repo-payouts"
    # the same words without asking for code keep the operations space first
    assert on.rank("What does ops do with a bank's return message for a returned transfer?"
                   ).full[0].card_id == "payments-ops"
    assert [holds_code(k) for k in ("git-org", "gitlab-group", "version-control",
                                     "contract-repository", "digital-asset-management")] \
        == [True, True, True, False, False]


def test_any_sign_of_a_person_is_told_from_none() -> None:
    from sourcefinder.routing._intent import may_ask_for_person

    assert may_ask_for_person("Who talks to the vet about the TB test?")
    assert may_ask_for_person("can someone close out saturday arrivals")
    assert not may_ask_for_person("Where's the guidance on subject access requests?")
    assert not may_ask_for_person("whose turn is it on the rota")  # not a person asked for


def test_factored_puts_the_alternatives_opening_on_a_word_boundary_under_one() -> None:
    assert factored(r"\bab|\bc(?:d|\be)|f|\bg[|]|h\|i") \
        == r"\b(?:ab|c(?:d|\be))|f|\b(?:g[|])|h\|i"  # fmt: skip
    assert factored("plain") == "plain"


def test_cues_are_found_as_one_alternation_of_them_all_finds_them() -> None:
    """Searched cue by cue, each factored, they find what one alternation of the cues as
    written does (left to right, no overlaps, the first cue at a place), on every
    twentieth question of the organizations in the suite."""
    one = re.compile("|".join(f"(?P<c{k}>{cue})" for k, (cue, _) in enumerate(_CUES)))
    root = Path(__file__).resolve().parents[2] / "evals"
    files = [root / "questions.jsonl", *sorted(root.glob("orgs/*/questions.jsonl"))]
    asked = [json.loads(line)["question"].lower() for f in files
             for line in f.read_text().splitlines() if line.strip()][::20]  # fmt: skip
    assert len(asked) > 1000
    said = 0
    for text in asked:
        expected = [(int(m.lastgroup[1:]), m.span()) for m in one.finditer(text)]
        assert [(k, m.span()) for k, m in cue_matches(text)] == expected, text
        said += bool(expected)
    assert said > 100  # the cues are said, and often
