"""What the preamble says is never kept at all, and the router's use of it: a question
asking for such a thing is a "nowhere" that says why, unless it asks for what is kept
instead."""

from __future__ import annotations

import pytest

from sourcefinder.routing import OfflineRouter
from sourcefinder.routing._text import terms
from sourcefinder.routing._unkept import declared_unkept, unkept_asked
from tests.routing.conftest import card, make_index


@pytest.mark.parametrize(
    ("preamble", "subject", "instead"),
    [
        ("DBS certificates are never kept, only the certificate number and date.",
         "DBS certificates", "number date"),
        ("DBS certificates are never copied or kept, only the number and outcome.",
         "DBS certificates", "number outcome"),
        ("Accounts are anonymised after 6 years, and card numbers are never stored.",
         "card numbers", ""),
        ("We never store subscribers' card numbers (the payment provider keeps a token).",
         "card numbers", ""),  # whose they are does not name them
        ("Payments go through our provider: we never see or store full card numbers.",
         "card numbers", ""),  # "full" says which, not what
        ("We record the date of a DBS check, never a copy of the certificate.",
         "copy certificate", ""),
        ("No copies of DBS certificates (we record reference number and date only).",
         "copy DBS certificates", ""),
        # "the certificate" is the one named before it
        ("We record DBS certificate numbers and issue dates only, never copies of the "
         "certificate.", "copy DBS certificate", ""),
        ("We do not hold members' pension statements: the scheme does.",
         "pension statements", ""),
        ("Phone calls are kept 13 months; crew radio traffic has never been recorded.",
         "crew radio traffic record", ""),
        ("One-way kegs are not tracked once they leave the yard.", "one-way kegs", ""),
        ("Walk-in enquiries are never logged, only the bookings they turn into.",
         "walk-in enquiries", "bookings turn"),
        ("The branch has never kept a badge register.", "badge register", ""),
        ("We never kept school reports or test results.", "school reports", ""),
    ],
)  # fmt: skip
def test_the_preamble_says_what_is_never_kept(preamble: str, subject: str,
                                              instead: str) -> None:
    unkept = declared_unkept(preamble)[0]  # (and a recording of its head alone)
    assert unkept.subject == frozenset(terms(subject))
    assert unkept.instead == frozenset(terms(instead))


@pytest.mark.parametrize(
    "preamble",
    [
        "Complaints from before 2017 were not kept.",  # a year: a retention, read elsewhere
        "Earlier seasons were planned on spreadsheets that were not kept.",  # one word
        "We do not keep copies.",  # nothing named
        "We keep invoices 7 years.",  # kept
        "We have never kept a stock history before September 2008.",  # a year
        "We never keep.",  # nothing named
    ],
)
def test_what_is_not_a_thing_never_kept(preamble: str) -> None:
    assert declared_unkept(preamble) == ()


def test_what_is_never_recorded_is_asked_for_by_its_head_alone() -> None:
    """"Phone calls are not recorded": the recording of yesterday's call has nowhere to
    go, phone or not. What is never copied is still named by all its words: a copy of a
    certificate is not a copy of a DBS certificate."""
    unkept = declared_unkept("Phone calls are not recorded.")
    assert unkept_asked(unkept, set(terms("Where's the recording of yesterday's call?")))
    assert unkept_asked(unkept, set(terms("who takes the calls on Saturday?"))) == ()
    copied = declared_unkept("DBS certificates are never copied.")
    assert {u.subject for u in copied} == {frozenset(terms("DBS certificates"))}
    assert unkept_asked(copied, set(terms("a copy of her first aid certificate"))) == ()


@pytest.mark.parametrize(
    ("preamble", "asked", "not_asked"),
    [
        ("We do not record phone calls, have no CCTV, and run no radio.",
         "can I listen back to the call from Mrs Dent on Friday?",
         "who answers the phone calls on a Sunday?"),
        ("We don't record or film gigs, and we have never had a Twitter account.",
         "is there a recording of the March gig anywhere?",
         "how many came to the March gig?"),
        ("- AGMs and talks are not recorded (audio or video).",
         "is there a recording of last year's AGM?",
         "where are the minutes of last year's AGM?"),
    ],
)  # fmt: skip
def test_what_the_organization_says_it_never_records_has_no_recording(
        preamble: str, asked: str, not_asked: str) -> None:  # fmt: skip
    """Said of the organization ("we do not record phone calls"), or of each thing listed
    ("AGMs and talks are not recorded"): a recording of it has nowhere to go; the thing
    itself is still asked for."""
    unkept = declared_unkept(preamble)
    assert unkept_asked(unkept, set(terms(asked)))
    assert unkept_asked(unkept, set(terms(not_asked))) == ()


def test_what_goes_to_the_individual_is_never_the_organizations() -> None:
    """"DBS certificates are posted to the individual; we record only the certificate
    number and date": a copy of a certificate has nowhere to go, its number does; "go to
    the applicant" says so only with "alone", "only" or "not us"."""
    unkept = declared_unkept("DBS certificates are posted to the individual; we record "
                             "only the certificate number and date.")  # fmt: skip
    assert unkept_asked(unkept, set(terms("a copy of Tom's DBS certificate for the file")))
    assert unkept_asked(unkept, set(terms("what's Tom's DBS certificate number?"))) == ()
    said_apart = declared_unkept("DBS certificates are posted to the individual. We record "
                                 "only the certificate number and date.")  # fmt: skip
    assert unkept_asked(said_apart, set(terms("what's Tom's DBS certificate number?"))) == ()
    assert declared_unkept("DBS certificates go to the applicant, never to the club.")
    assert declared_unkept("Exam results and certificates go to the candidate and the "
                           "teacher.") == ()  # fmt: skip


def test_what_is_watched_back_is_asked_for_as_a_recording() -> None:
    """"A video of the grading", "re-watch the session": a recording; "video calls" and
    "watch the door" ask for none."""
    unkept = declared_unkept("We do not film or photograph gradings. Video calls and "
                             "sessions are never recorded.")  # fmt: skip
    for asked in ("Is there a video of Saturday's grading?",
                  "Can I re-watch Tuesday's session?",
                  "can I watch the session back from last week?"):  # fmt: skip
        assert unkept_asked(unkept, set(terms(asked)), asked), asked
    for not_asked in ("their video calls keep cutting out", "who's grading on Saturday?",
                      "who can watch the session on Tuesday?"):  # fmt: skip
        assert unkept_asked(unkept, set(terms(not_asked)), not_asked) == (), not_asked


def test_a_year_in_an_aside_of_its_own_says_nothing_of_when_the_rest_is() -> None:
    """"(the Facebook page was deleted in 2019 ...)" is a clause of its own: meetings are
    still never recorded, whenever. "(2004 to 2012)" says when the files were of: a
    retention, read elsewhere."""
    unkept = declared_unkept("We keep no CCTV, have no social media accounts (the Facebook "
                             "page was deleted in 2019 and its messages were not kept), and "
                             "meetings are not recorded.")  # fmt: skip
    assert frozenset(terms("meetings record")) in {u.subject for u in unkept}
    assert unkept_asked(unkept, set(terms("recording of last Monday's WIP meeting")))
    assert declared_unkept("The scoring files from our ScoreBridge years (2004 to 2012) "
                           "were not kept.") == ()  # fmt: skip


def test_a_question_names_every_word_of_it_and_nothing_kept_instead() -> None:
    unkept = declared_unkept("DBS certificates are never kept, only the certificate "
                             "number and date.")  # fmt: skip
    asked = set(terms("a photocopy of each volunteer's DBS certificate"))
    assert unkept_asked(unkept, asked) == (
        "DBS certificates are never kept, only the certificate number and date",)
    assert unkept_asked(unkept, set(terms("has his DBS come back clear?"))) == ()
    assert unkept_asked(unkept, set(terms("the DBS certificate number for Bill"))) == ()


def test_a_thing_never_kept_that_points_back_is_the_one_named_before() -> None:
    """"We record DBS certificate numbers only, never copies of the certificate": a copy
    of the insurance certificate is no copy of a DBS certificate."""
    unkept = declared_unkept("We record DBS certificate numbers and issue dates only, never "
                             "copies of the certificate.")  # fmt: skip
    assert unkept_asked(unkept, set(terms("can I get a copy of my DBS certificate"))) != ()
    assert unkept_asked(unkept, set(terms("school wants a copy of our insurance "
                                          "certificate"))) == ()  # fmt: skip


def test_what_is_never_recorded_is_asked_for_as_a_recording_of_each_thing_listed() -> None:
    """"Telephone and video interpreting calls are never recorded": a recording of a
    telephone interpreting call has nowhere to go; a video call that keeps cutting out
    asks for no recording."""
    unkept = declared_unkept("Telephone and video interpreting calls are never recorded.")
    assert {u.subject for u in unkept} == {frozenset(terms("video interpreting calls record")),
                                           frozenset(terms("telephone interpreting calls "
                                                           "record")),
                                           frozenset(terms("calls record"))}  # fmt: skip
    recording = "the recording of yesterday's telephone interpreting call"
    assert unkept_asked(unkept, set(terms(recording)))
    dropping = "their video calls to our interpreters keep cutting out"
    assert unkept_asked(unkept, set(terms(dropping))) == ()
    # what is listened to is a recording
    listened = "Can I listen back to Friday's telephone interpreting call?"
    assert unkept_asked(unkept, set(terms(listened)))


@pytest.mark.parametrize(
    "preamble",
    [
        "Calls to the branches and to head office are not recorded.",
        "We do not use Slack, and calls to settings and head office are never recorded.",
    ],
)
def test_what_is_never_recorded_is_named_before_where_it_goes(preamble: str) -> None:
    """"Calls to the branches and to head office": calls, wherever they go, are what is
    not recorded, not head office."""
    unkept = declared_unkept(preamble)
    assert frozenset(terms("calls record")) in {u.subject for u in unkept}
    listened = "Can I listen back to the phone call where Penrith told her the glasses were in?"
    assert unkept_asked(unkept, set(terms(listened)))
    assert unkept_asked(unkept, set(terms("who answers calls to head office?"))) == ()


def test_a_question_for_what_is_never_kept_is_a_nowhere_that_says_why() -> None:
    cards = [card("volunteer-hub", "volunteer records: roles, training, DBS certificate "
                  "numbers and dates", contains="DBS checks, certificate numbers, renewals"),
             card("handbook", "staff handbook: leave, expenses, conduct")]  # fmt: skip
    index = make_index(cards, "Acme runs libraries. DBS certificates are never kept, only "
                              "the certificate number and date.")  # fmt: skip
    router = OfflineRouter(index)
    copy = router.rank("I need a copy of the DBS certificate for our new volunteer")
    assert copy.verdict == "nowhere"
    assert copy.unkept == ("DBS certificates are never kept, only the certificate number "
                           "and date",)  # fmt: skip
    number = router.rank("what is the DBS certificate number for our new volunteer?")
    assert number.verdict != "nowhere" and number.unkept == ()
    assert number.full[0].card_id == "volunteer-hub"


def test_what_the_leading_cards_own_gotcha_says_is_never_kept_is_a_nowhere() -> None:
    """A register whose gotcha says "copies of certificates are never kept, the member
    holds the original": a scan of a member's DBS certificate has nowhere to go when the
    register leads; its expiry date, or a copy of the handbook, still has somewhere."""
    cards = [card("members-register", "one row per member: languages, DBS and police "
                  "vetting expiry, insurance renewal", gotchas=(
                      "we record DBS certificate numbers and dates only; copies of "
                      "certificates are never kept, the member holds the original",)),
             card("handbook", "staff handbook: leave, expenses, conduct, scans of forms")]
    router = OfflineRouter(make_index(cards))  # fmt: skip
    scan = router.rank("police vetting want a scan of Piotr's DBS certificate, can you "
                       "send our copy")  # fmt: skip
    assert scan.verdict == "nowhere" and scan.unkept
    assert scan.full[0].card_id == "members-register"
    expiry = router.rank("when does Piotr's DBS run out?")
    assert expiry.verdict != "nowhere" and expiry.unkept == ()
    handbook = router.rank("can you send a copy of the staff handbook")
    assert handbook.verdict != "nowhere" and handbook.unkept == ()


@pytest.mark.parametrize(
    ("preamble", "things"),
    [
        # what it left is named with whose it was, in the clause before
        ("Dalesnet's account records were exported; its support tickets and call "
         "recordings were not kept, and its masts were switched off in 2024.",
         ["Dalesnet support tickets", "Dalesnet call recordings"]),
        # the year is when it ended, not a retention
        ("The previous HPC cluster, Buzzard, was switched off in 2022 and its data and "
         "accounting were not kept.", ["Buzzard data", "Buzzard accounting"]),
        # nothing of it at all: the name alone
        ("We sold The Pelican Harbor Times in 2018 and kept none of its records.",
         ["Pelican Harbor Times"]),
        ("The visitor audio-guide app was withdrawn in 2019 and nothing from it was kept.",
         ["audio guide app"]),  # what the sentence opens with, by its last words
        # a number that names it is part of its name: the "200 Club" draw is no club; a
        # year before a name says when
        ('The "200 Club" draw ended in 2016 and its records were not kept.',
         ["200 Club records"]),
        ("In 2019 Buzzard was sold and its data were not kept.", ["Buzzard data"]),
        # a name of one word, when it is no English word
        ("We left Teleflorist in 2019 and kept nothing from it.", ["Teleflorist"]),
        ("We left Facebook in 2019 and kept nothing from it.", []),
        # what went with a thing sold is named with it, not with whom it went to
        ("The MV Lismore Maid was sold to a Norwegian operator in 2019 and her logs and "
         "maintenance history went with her.",
         ["Lismore Maid logs", "Lismore Maid maintenance"]),  # ("history" names none)
        ("Our two schemes went to Severn Care Trust in April 2020 and their residents' "
         "records went with them.", []),
        # each of the names listed together
        ("Two homes (Ashgrove Court and The Beeches) were sold to Larchfield on "
         "2022-07-01, and their care records went with the homes to the buyer.",
         ["Ashgrove Court care records", "Beeches care records"]),
        # what was deleted or destroyed with it; a common word opening the sentence is
        # capitalized there, not part of the name
        ("Online Zoom classes ran during lockdown and ended in July 2021; their recordings "
         "were deleted.", ["Zoom recordings"]),
        ("Local Harbour Radio closed in 2019 and its tapes were destroyed.",
         ["Harbour Radio tapes"]),
        # or not exported: "her order" from the Etsy shop is asked for by its order
        ("The Etsy shop was closed in January 2023 and its order history was not "
         "exported.", ["Etsy order"]),
        # none of what it had was saved
        ("The club Facebook page was deleted after it was hacked in 2021; none of its "
         "posts or photos were saved.", ["Facebook posts", "Facebook photos"]),
        # gone with all of it
        ("The old Facebook page was deleted in January 2022 with all its messages.",
         ["Facebook messages"]),
        ("The Wix site was closed down in 2020 with all its blog posts and forms.",
         ["Wix blog posts", "Wix forms"]),
        # no name to say whose: nothing read
        ("Agency workers are paid by their agency, and we hold none of their records.", []),
        ("Our old intranet was closed and its pages were not kept.", []),
    ],
)  # fmt: skip
def test_the_preamble_says_what_a_thing_that_ended_left_nothing_of(
        preamble: str, things: list[str]) -> None:  # fmt: skip
    assert [u.subject for u in declared_unkept(preamble)] == [
        frozenset(terms(t)) for t in things]


def test_a_question_for_what_a_thing_that_ended_left_is_a_nowhere() -> None:
    unkept = declared_unkept("We bought Dalesnet in 2023. Dalesnet's bill records were "
                             "exported; its support tickets were not kept.")  # fmt: skip
    asked = set(terms("Dalesnet's support tickets from 2022"))
    assert unkept_asked(unkept, asked) == (
        "Dalesnet's bill records were exported; its support tickets were not kept",)
    assert unkept_asked(unkept, set(terms("a Dalesnet customer's old bill"))) == ()
    assert unkept_asked(unkept, set(terms("open support tickets today"))) == ()


@pytest.mark.parametrize(
    "preamble",
    ["Acme's records were moved; its " + "tickets, " * 30_000 + "were not kept.",
     "Acme Ltd kept none of its records " * 20_000,
     "The Acme app was closed and nothing from it was kept " * 20_000,
     "card numbers are never kept " * 20_000, "we never keep card numbers " * 20_000,
     "we never keep " + "card " * 100_000, "card numbers are never kept, only " * 20_000,
     "never a copy of " * 30_000],
)  # fmt: skip
def test_a_long_hostile_preamble_is_read_in_linear_time(preamble: str) -> None:
    words = set(terms(preamble))
    assert all(u.subject <= words for u in declared_unkept(preamble))


def test_a_thing_named_by_the_organizations_own_name_alone_is_not_read_as_unkept() -> None:
    """"The Friends of Hembury Museum ... we hold none of its records" is read as
    "Hembury Museum": in the museum's own index that names the museum, not the Friends."""
    preamble = ("The Friends of Hembury Museum is a separate charity that keeps its own "
                "membership list; we hold none of its records.")
    cards = [card("catalogue", "the archive catalogue: photos and the booklets crediting them"),
             card("wiki", "team pages and meeting notes")]
    question = "A booklet credits a photo to 'Hembury Museum N1423'. Where do I start looking?"
    elsewhere = OfflineRouter(make_index(cards, preamble)).rank(question)
    assert elsewhere.unkept and elsewhere.verdict == "nowhere"  # read when the name is not ours
    own = make_index(cards, preamble)
    own = type(own)(root=own.root, title="Hembury Museum", cards=own.cards, preamble=preamble)
    ranking = OfflineRouter(own).rank(question)
    assert ranking.unkept == ()
    assert ranking.verdict != "nowhere"


def test_what_was_never_kept_is_read_as_what_is_never_kept() -> None:
    """"has never kept" is the active past, and names its object; "are never kept" is
    the passive, which names what comes before it and nothing after."""
    assert {u.subject for u in declared_unkept("We have never kept a customer list.")} == {
        frozenset(terms("customer list"))}
    assert {u.subject for u in declared_unkept("Card numbers are never kept, or stored.")} == {
        frozenset(terms("card numbers"))}
