"""What the preamble says has closed, and the router's use of it: a question about the
place since it closed is a "nowhere" that says why; one about its past is left alone."""

from __future__ import annotations

from datetime import date

import pytest

from sourcefinder.routing import OfflineRouter
from sourcefinder.routing._closed import closed_asked, declared_closed
from sourcefinder.routing._period import asked_period
from sourcefinder.routing._text import terms
from tests.routing.conftest import card, make_index

TODAY = date(2026, 11, 30)
PREAMBLE = ("Acme Design has studios in Bristol and Leeds. The Cardiff studio closed in "
            "June 2019 and its staff moved to Bristol. Two homes closed in 2024.")  # fmt: skip


def test_the_preamble_says_what_closed_and_when() -> None:
    # "Two homes" names one word: a closing only where no source names homes
    cardiff, homes = declared_closed(PREAMBLE, TODAY)
    assert (homes.subject, homes.alone, cardiff.alone) == (frozenset(terms("homes")), True,
                                                           False)
    assert cardiff.subject == frozenset(terms("Cardiff studio"))
    assert cardiff.on == date(2019, 6, 30)
    assert cardiff.written == "The Cardiff studio closed in June 2019"
    assert declared_closed("The U21 side was closed in summer 2022.", TODAY)[0].on == \
        date(2022, 8, 31)  # fmt: skip
    assert declared_closed("The Cardiff studio closed for lunch.", TODAY) == ()  # no time
    # a day written the ISO way
    [nantwich] = declared_closed("The Nantwich practice closed on 2021-03-31; its patients "
                                 "moved to Winsford.", TODAY)  # fmt: skip
    assert (nantwich.on, nantwich.written) == (date(2021, 3, 31),
                                               "The Nantwich practice closed on 2021-03-31")
    # a name set off by commas ("Our online school, Acme Live, closed in July 2023")
    [live] = declared_closed("Our online school, Acme Live, closed in July 2023.", TODAY)
    assert (live.subject, live.written) == (frozenset(terms("Acme Live")),
                                            "Acme Live, closed in July 2023")
    ended = declared_closed("The GP exercise referral scheme ended in March 2023. The "
                            "audio-guide app was withdrawn in 2019.", TODAY)
    assert [c.written for c in ended] == ["The GP exercise referral scheme ended in March 2023",
                                          "The audio-guide app was withdrawn in 2019"]
    # when it ended may be said by what happened then
    [curling] = declared_closed("Curling ended when Cowley Curling Club left in 2019.", TODAY)
    assert (curling.subject, curling.on, curling.alone) == (frozenset(terms("curling")),
                                                            date(2019, 12, 31), True)
    # what was sold is had no more, said first in a clause after a colon too ("We provide
    # no transport: the nursery minibus was sold in 2021"); not what "we sold"
    sold = declared_closed("The mobile repair van was sold in 2021. We provide no "
                           "transport: the nursery minibus was sold in 2021 and outings are "
                           "on foot. We sold 40 boats in 2019.", TODAY)  # fmt: skip
    assert [set(c.subject) for c in sold] == [set(terms("mobile repair van")),
                                              set(terms("nursery minibus"))]
    # each of a list that names a place closed
    both = declared_closed("The farm shop and the Hill Street café closed in 2019.", TODAY)
    assert [set(c.subject) for c in both] == [set(terms("farm shop")),
                                              set(terms("Hill Street café"))]
    # a name is what closed, not to whom or where it was ("Costume hire to the public":
    # hiring a costume asks for it), unless too little is left ("The Dunmore to Ness
    # passenger ferry" is not "The Dunmore")
    hire = declared_closed("Costume hire to the public stopped in March 2020, when the hire "
                           "shop closed. The Dunmore to Ness passenger ferry stopped in "
                           "2012.", TODAY)  # fmt: skip
    assert [set(c.subject) for c in hire] == [set(terms("costume hire")),
                                              set(terms("Dunmore Ness passenger ferry"))]
    party = "My friend wants to hire a Victorian costume from us for a party."
    assert closed_asked(hire, set(terms(party)), None, party) == (
        "Costume hire to the public stopped in March 2020",)
    # what was stopped being done names it too, with who did it
    stopped = declared_closed("The shop stopped selling textbooks in 2018 and sells no "
                              "alcohol. We ceased taking bookings by phone after 2020. "
                              "We stopped showing 3D in 2019.", TODAY)  # fmt: skip
    assert [(set(c.subject), c.on) for c in stopped] == [
        (set(terms("shop textbooks")), date(2018, 12, 31)),
        (set(terms("bookings phone")), date(2020, 12, 31))]  # "3D" alone names too little
    assert stopped[0].written == "The shop stopped selling textbooks in 2018"
    # what we stopped that is a thing, not a doing, is named as what closed
    things = declared_closed("We stopped contract brewing and own-label beer for other "
                             "companies in 2018. We stopped brokerage in 2019. We stopped "
                             "offering bookkeeping in 2022.", TODAY)  # fmt: skip
    assert [(set(c.subject), c.alone, c.on.year) for c in things] == [
        (set(terms("contract brewing")), False, 2018),
        (set(terms("own-label beer")), False, 2018),
        (set(terms("brokerage")), True, 2019)]  # "offering bookkeeping" names too little
    # "gave up" is "stopped"
    [organic] = declared_closed("We gave up organic certification in 2018.", TODAY)
    assert (set(organic.subject), organic.on.year) == (set(terms("organic certification")),
                                                       2018)
    certificate = "A deli wants a copy of our organic certificate. Where is it?"
    assert closed_asked((organic,), set(terms(certificate)), None, certificate) == (
        "We gave up organic certification in 2018",)
    # and a question names what was stopped with its words close together
    phoned = "Can a customer make a booking by phone for Friday?"
    assert closed_asked(stopped, set(terms(phoned)), None, phoned) == (
        "We ceased taking bookings by phone after 2020",)
    apart = ("Customer on the phone says her confirmation never arrived and she's not sure "
             "the booking went through.")  # fmt: skip
    assert closed_asked(stopped, set(terms(apart)), None, apart) == ()
    # each thing of a list that was stopped being made, and a second clause that goes on
    # without its "we"
    made = declared_closed("We stopped making bath salts and other cosmetic products in "
                           "June 2023, and stopped evening ghost tours after the 2021 "
                           "season.", TODAY)  # fmt: skip
    assert [set(c.subject) for c in made] == [set(terms("bath salts")),
                                              set(terms("cosmetic products")),
                                              set(terms("ghost tours"))]
    assert made[2].written.startswith("We stopped making bath salts")
    salts = "A customer wants to reorder the lavender bath salts. Do we have stock?"
    assert closed_asked(made, set(terms(salts)), None, salts) == (made[0].written,)
    ghosts = "Are there still tickets for the Halloween ghost tour this year?"
    assert closed_asked(made, set(terms(ghosts)), asked_period(ghosts, TODAY), ghosts) == (
        made[2].written,)


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        ("Can I book a meeting room at our Cardiff studio for next week?", True),
        ("Who is at the Cardiff studio today?", True),
        ("Cardiff studio headcount in 2024", True),  # a time after it closed
        ("What did the Cardiff studio bill in 2021?", True),  # "did", of a time after it
        ("A client wants to visit the Cardiff studio. Who hosts them?", True),  # no past
        ("The Cardiff studio was busy. Who ran it?", False),
        ("Where are the files from a job the Cardiff studio did in 2017, before it shut?",
         False),  # its past
        ("Cardiff studio headcount in 2018", False),
        ("the old Cardiff studio's address", False),
        ("Can we show the Cardiff studio before they visit next week?", True),  # to come
        ("What did we shoot at the Cardiff studio before we moved?", False),
        ("Can I book the Cardiff studio by the Old Mill for a shoot?", True),  # a name
        ("Can I book a meeting room in the Leeds studio next week?", False),  # not named
        ("Which studio should I book next week?", False),
    ],
)  # fmt: skip
def test_a_question_asks_about_a_place_since_it_closed(question: str, asked: bool) -> None:
    closed = declared_closed(PREAMBLE, TODAY)
    said = closed_asked(closed, set(terms(question)), asked_period(question, TODAY), question)
    assert said == (("The Cardiff studio closed in June 2019",) if asked else ())


def test_a_question_for_a_place_since_it_closed_is_a_nowhere_that_says_why() -> None:
    cards = [card("studios", "studio directory: Bristol, Leeds and Cardiff studios, meeting "
                  "rooms and how to book them"),
             card("projects", "project files by studio and job")]  # fmt: skip
    router = OfflineRouter(make_index(cards, PREAMBLE), today=TODAY)
    booked = router.rank("Can I book a meeting room at the Cardiff studio next week?")
    assert booked.verdict == "nowhere"
    assert booked.closed == ("The Cardiff studio closed in June 2019",)
    leeds = router.rank("Can I book a meeting room at the Leeds studio next week?")
    assert leeds.verdict != "nowhere" and leeds.closed == ()
    assert leeds.full[0].card_id == "studios"


def test_a_place_named_by_one_word_is_closed_only_where_no_source_names_it() -> None:
    preamble = ("Acme Marine runs two marinas. The chandlery at Acme Wharf closed in March "
                "2021. The café at the wharf closed in 2020.")  # fmt: skip
    cards = [card("moorings", "berth holders, berth fees and marina services"),
             card("cafe", "the new café: menus, opening hours and staff rota")]
    router = OfflineRouter(make_index(cards, preamble), today=TODAY)
    stock = router.rank("Where's the stock list for the chandlery? A berth holder wants "
                        "mooring pins.")  # fmt: skip
    assert stock.verdict == "nowhere"
    assert stock.closed == ("The chandlery at Acme Wharf closed in March 2021",)
    menu = router.rank("What's on the café menu this week?")  # a source names the café
    assert menu.closed == () and menu.full[0].card_id == "cafe"


def test_a_place_named_by_its_letter_is_closed_where_asked_by_it() -> None:
    """"Studio C closed in 2016": "studio" alone names every studio, so a question must
    name Studio C, letter and all; and a card that names it ("Studio C is now the gear
    store") answers for it."""
    preamble = "Acme Sound has two studios, A and B. Studio C closed in 2016."
    cards = [card("bookings", "studio bookings: sessions in Studio A and Studio B, "
                  "overdubs, holds and deposits"),
             card("vault", "session files by studio and client")]  # fmt: skip
    router = OfflineRouter(make_index(cards, preamble), today=TODAY)
    asked = router.rank("Can I book Studio C for an overdub session on Wednesday?")
    assert asked.verdict == "nowhere"
    assert asked.closed == ("Studio C closed in 2016",)
    for other in ("Can I book Studio B for an overdub session on Wednesday?",
                  "Can I book a studio for an overdub session? See you then."):
        assert router.rank(other).closed == ()
    store = [*cards, card("gear", "the gear store in Studio C: racks and spares")]
    named = OfflineRouter(make_index(store, preamble), today=TODAY)
    assert named.rank("Can I book Studio C for an overdub session on Wednesday?").closed == ()


def test_what_was_stopped_is_named_up_to_the_time_it_stopped() -> None:
    """"We stopped selling customers' clocks on commission in 2020": it stopped in 2020,
    and "on commission" goes on naming it, so a customer's clock in for repair is not
    asked about it."""
    [sold, wound] = declared_closed("We stopped selling customers' clocks on commission in "
                                    "2020. We stopped the winding round on Sundays in "
                                    "2019.", TODAY)  # fmt: skip
    assert (set(sold.subject), sold.on) == (set(terms("customers clocks commission")),
                                            date(2020, 12, 31))
    assert sold.written == "We stopped selling customers' clocks on commission in 2020"
    assert set(wound.subject) == set(terms("winding round Sundays"))
    repair = "It's a customer's carriage clock in for repair. Where's its record?"
    assert closed_asked((sold,), set(terms(repair)), None, repair) == ()
    sell = "Can we sell a customer's clock on commission for her? How is that set up?"
    assert closed_asked((sold,), set(terms(sell)), None, sell) == (sold.written,)


def test_what_was_done_until_a_time_and_stopped_is_closed_since() -> None:
    """"We sold gift vouchers until 2022 and stopped": a voucher asked for now has nowhere
    to be issued from; a system used until a time was replaced, not stopped."""
    until = declared_closed("We sold gift vouchers until 2022 and stopped; the last ones "
                            "expired in 2023. We ran the Friday minibus until 2024-03-29, "
                            "when its funding ended. We used Sage until 2023, when the "
                            "accounts moved to Xero.", TODAY)  # fmt: skip
    assert [(set(c.subject), c.on, c.near) for c in until] == [
        (set(terms("gift vouchers")), date(2022, 12, 31), True),
        (set(terms("Friday minibus")), date(2024, 3, 29), True)]
    assert until[0].written == "We sold gift vouchers until 2022"
    voucher = "Someone wants to buy a gift voucher for her sister. How do I issue one?"
    assert closed_asked(until, set(terms(voucher)), None, voucher) == (until[0].written,)
    sold = "How many gift vouchers did we sell in 2021?"  # its past
    assert closed_asked(until, set(terms(sold)), asked_period(sold, TODAY), sold) == ()
    # done until a time, said with no stop, is not a closing
    assert declared_closed("We sold gift vouchers until 2022 at the front desk.", TODAY) == ()


def test_a_place_set_off_by_commas_after_what_it_was_names_both() -> None:
    """"Our eighth centre, at Shalford near Guildford, closed in January 2019": the
    Shalford centre closed, though sources still name Shalford for its past."""
    centre, *_ = declared_closed("Staff use Google. Our eighth centre, at Shalford near "
                                 "Guildford, closed in January 2019.", TODAY)  # fmt: skip
    assert set(centre.subject) == set(terms("centre Shalford"))
    assert centre.written == "Our eighth centre, at Shalford near Guildford, closed in " \
                             "January 2019"  # fmt: skip
    hours = "What are the opening hours at the Shalford centre this week?"
    assert closed_asked((centre,), set(terms(hours)), None, hours) == (centre.written,)
    cards = [card("tills", "till sales by centre; the Shalford centre until it closed"),
             card("centres", "each centre: opening hours, managers, addresses")]
    preamble = "Our eighth centre, at Shalford, closed in January 2019."
    router = OfflineRouter(make_index(cards, preamble), today=TODAY)
    assert router.rank(hours).verdict == "nowhere"
    assert router.rank("What did the Shalford centre sell in 2017?").closed == ()


def test_a_place_named_with_where_it_was_and_how_long_it_ran() -> None:
    """"The concession in a Kirkby Lonsdale department store ran from 2017 and closed in
    March 2020": closed in 2020, and asked for as "our Kirkby Lonsdale concession"."""
    said = ("The concession in a Kirkby Lonsdale department store ran from 2017 and closed "
            "in March 2020.")  # fmt: skip
    closings = declared_closed(said, TODAY)
    assert {c.on for c in closings} == {date(2020, 3, 31)}
    assert frozenset(terms("concession Kirkby")) in {c.subject for c in closings}
    booking = "Can I book the fitting room at our Kirkby Lonsdale concession for Saturday?"
    assert closed_asked(closings, set(terms(booking)), None, booking) == (closings[0].written,)
    opened = declared_closed("The Leeds office opened in 2015 and closed in 2019.", TODAY)
    assert [(set(c.subject), c.on) for c in opened] == [(set(terms("Leeds office")),
                                                         date(2019, 12, 31))]


def test_an_event_that_last_ran_and_a_thing_not_done_since_are_closed() -> None:
    """"The youth band summer camp last ran in 2019"; "The bandroom has not been hired to
    outside groups since January 2022": the second is named by the room and the verb
    together ("hire the bandroom"), since the bandroom itself is still there."""
    camp, room = declared_closed("The youth band summer camp last ran in 2019. The bandroom "
                                 "has not been hired to outside groups since January 2022.",
                                 TODAY)  # fmt: skip
    assert (set(camp.subject), camp.on) == (set(terms("youth band summer camp")),
                                            date(2019, 12, 31))
    assert (set(room.subject), room.on, room.near) == (set(terms("bandroom hired")),
                                                       date(2022, 1, 31), True)
    hire = "The WI would like to hire the bandroom on Wednesdays. How do they book it?"
    assert closed_asked((room,), set(terms(hire)), None, hire) == (room.written,)
    heating = "The bandroom heating is off again. Who do I ring?"
    assert closed_asked((camp, room), set(terms(heating)), None, heating) == ()
    book = "When's the youth band summer camp this year, and how do I book on it?"
    assert closed_asked((camp,), set(terms(book)), asked_period(book, TODAY), book) \
        == (camp.written,)  # fmt: skip
    # none held since a year
    pigs, = declared_closed("There have been no pig classes since 2001, when foot and "
                            "mouth cancelled the show.", TODAY)  # fmt: skip
    assert (set(pigs.subject), pigs.on) == (set(terms("pig classes")), date(2001, 12, 31))
    # a team that folded
    darts, = declared_closed("The darts team folded in 2019.", TODAY)
    assert (set(darts.subject), darts.on) == (set(terms("darts team")), date(2019, 12, 31))
    # an event run for the last time
    walk, = declared_closed('The "Three Edges" sponsored walk ran for the last time in 2019.',
                            TODAY)  # fmt: skip
    assert (set(walk.subject), walk.on) == (set(terms("Edges sponsored walk")),
                                            date(2019, 12, 31))
    # ran, with no "last", is no closing
    assert declared_closed("The youth band summer camp ran in 2019 at Kettlewell.",
                           TODAY) == ()  # fmt: skip


def test_what_was_removed_or_decommissioned_and_a_list_after_a_colon_are_closed() -> None:
    """"Things we stopped: public first aid courses ended in March 2020; the stretcher
    boxes (Grisedale Tarn and Kirkstone) were removed in 2018": each is a closing."""
    courses, boxes = declared_closed(
        "Things we stopped: public first aid courses ended in March 2020; the stretcher "
        "boxes (Grisedale Tarn and Kirkstone) were removed in 2018.", TODAY)
    assert (set(courses.subject), courses.on) == (set(terms("first aid courses")),
                                                  date(2020, 3, 31))
    assert (set(boxes.subject), boxes.on) == (set(terms("stretcher boxes")),
                                              date(2018, 12, 31))
    stove, journal = declared_closed(
        "The lounge stove was taken out in 2018. The printed journal, the Irt Valley "
        "Chronicle, ended with issue 120 in 2021.", TODAY)  # fmt: skip
    assert (set(stove.subject), stove.on) == (set(terms("lounge stove")), date(2018, 12, 31))
    assert set(journal.subject) == set(terms("Irt Valley Chronicle"))
    assert journal.on == date(2021, 12, 31)
    press, = declared_closed("The sludge press was decommissioned in 2019.", TODAY)
    assert set(press.subject) == set(terms("sludge press"))
    run = "How many hours has the sludge press run this week?"
    assert closed_asked((press,), set(terms(run)), asked_period(run, TODAY), run) \
        == (press.written,)  # fmt: skip
    # given up or dropped, and a single word before "and" shares the noun after it
    bottles, school, group = declared_closed(
        "Plastic bottles were dropped in 2019. School and group farm visits stopped in "
        "2020.", TODAY)  # fmt: skip
    assert set(bottles.subject) == set(terms("plastic bottles"))
    assert set(school.subject) == set(terms("school visits"))
    assert set(group.subject) == set(terms("group farm visits"))
    round_, = declared_closed("The Carlisle round was given up in May 2023.", TODAY)
    assert (set(round_.subject), round_.on) == (set(terms("Carlisle round")), date(2023, 5, 31))
    # (a plural before "and" is a thing of its own: "Bikes and e-bike hire")
    bikes, hire = declared_closed("Bikes and electric bike hire stopped in 2022.", TODAY)
    assert (set(bikes.subject), bikes.alone) == ({"bike"}, True)
    # a name of three or more is asked for without one small word that says which, the
    # rest said together; not without a capitalized one, nor with the rest apart
    tour, = declared_closed("The club bowling tour to Torquay ended in 2019.", TODAY)
    coach = "Are we doing the bowling tour again this year? Who's booking the coach?"
    assert closed_asked((tour,), set(terms(coach)), None, coach) == (tour.written,)
    crewe, = declared_closed("The Crewe Mazda site closed in September 2020.", TODAY)
    misfire = "A misfire on a Mazda 6 that nobody at our site can pin down. Who could help?"
    assert closed_asked((crewe,), set(terms(misfire)), None, misfire) == ()
    days, = declared_closed("The holiday pony days stopped in 2019.", TODAY)
    hours = "What is the limit on how many hours a pony should work in one day?"
    assert closed_asked((days,), set(terms(hours)), None, hours) == ()
    # a closing said in an aside
    kit, = declared_closed("We sell no riding kit (the kit shop closed in March 2020; we "
                           "lend hire kit).", TODAY)  # fmt: skip
    assert (set(kit.subject), kit.on) == (set(terms("kit shop")), date(2020, 3, 31))
    # a year says which one, and "old" in its own name is no past of the question's
    transit, = declared_closed("The old 2009 Ford Transit minibus was sold in 2022.", TODAY)
    assert set(transit.subject) == set(terms("Ford Transit minibus"))
    history = "Where's the service history for the old Ford Transit minibus?"
    assert closed_asked((transit,), set(terms(history)), None, history) == (transit.written,)
    used = "Where's the service history for the Ford Transit minibus we used to run?"
    assert closed_asked((transit,), set(terms(used)), None, used) == ()
    shop, = declared_closed("The farm shop closed in 2021.", TODAY)
    old = "Where are the old farm shop's till rolls?"
    assert closed_asked((shop,), set(terms(old)), None, old) == ()
    # "public" says who it was for, not which one: "the toilets on the green" name it
    toilets, = declared_closed("The public toilets on the green were closed in 2013.", TODAY)
    assert set(toilets.subject) == set(terms("toilets green"))
    key = "The toilets on the green are locked again. Who keeps the key?"
    assert closed_asked((toilets,), set(terms(key)), None, key) == (toilets.written,)
    # what "it" closed names nothing before it
    assert declared_closed("The school was founded in 1585 by Archbishop Edwin Sandys and "
                           "taught boys until it closed in 1909.", TODAY) == ()  # fmt: skip
    # something removed from somewhere, or a person who removed it, closes nothing
    assert declared_closed("The old boiler in the hall removed heat in 2019.", TODAY) == ()
    assert declared_closed("Asbestos was removed from the roof in 2019.", TODAY) == ()


def test_a_name_with_what_it_was_said_after_it_went_or_was_dropped_is_closed() -> None:
    """"Scout Post, our Christmas card delivery round, ran for the last time in 2019" is
    named by its name, "Bagged house coal went in May 2021" is a closing, and so is what
    "we dropped" in a year."""
    post, = declared_closed("Scout Post, our Christmas card delivery round in Sawrey and "
                            "Hawkshead, ran for the last time in 2019.", TODAY)  # fmt: skip
    assert (set(post.subject), post.on) == (set(terms("Scout Post")), date(2019, 12, 31))
    drop = "What's the last day to drop cards in the Scout Post box this year?"
    assert closed_asked((post,), set(terms(drop)), asked_period(drop, TODAY), drop) \
        == (post.written,)  # fmt: skip
    coal, = declared_closed("Bagged house coal went in May 2021 when the law changed.", TODAY)
    assert (set(coal.subject), coal.on) == (set(terms("bagged house coal")), date(2021, 5, 31))
    # where something went is no closing: "went in" the exam book, then the tracker
    assert declared_closed("Exam results went in the bound exam book from 1997 to summer "
                           "2016, and in the Exams Tracker sheet from autumn 2016.",
                           TODAY) == ()  # fmt: skip
    hire, = declared_closed("The kit hire went at the end of the summer of 2020.", TODAY)
    assert set(hire.subject) == set(terms("kit hire"))
    flogas, = declared_closed("Gas is Calor only: we dropped Flogas in 2018, we don't refill "
                              "cylinders.", TODAY)  # fmt: skip
    assert (set(flogas.subject), flogas.alone) == (set(terms("Flogas")), True)
    club, = declared_closed("The monthly folk club at the village pub finished in March 2018.",
                            TODAY)  # fmt: skip
    assert (set(club.subject), club.on) == (set(terms("monthly folk club")), date(2018, 3, 31))
    webcam, = declared_closed("The hide webcam was switched off for good in June 2021.",
                              TODAY)  # fmt: skip
    assert (set(webcam.subject), webcam.on) == (set(terms("hide webcam")), date(2021, 6, 30))
    footage = "Can we get back last winter's hide webcam footage of the geese?"
    assert closed_asked((webcam,), set(terms(footage)), asked_period(footage, TODAY),
                        footage) == (webcam.written,)  # fmt: skip
    # a service stopped is named with what it did: the gas bottles are still sold
    delivering, = declared_closed("We stopped delivering gas bottles in 2020.", TODAY)
    assert set(delivering.subject) == set(terms("delivering gas bottles"))
    cage = "How many full Patio Gas bottles are out in the cage right now?"
    assert closed_asked((delivering,), set(terms(cage)), None, cage) == ()
    van = "Can Ian deliver two gas bottles to Mrs Hird on Friday?"
    assert closed_asked((delivering,), set(terms(van)), None, van) == (delivering.written,)
    # a scheme or a service may be asked without saying so, the rest said together
    envelopes, = declared_closed("The weekly Gift Aid envelope scheme ended in March 2023.",
                                 TODAY)  # fmt: skip
    lost = "I've lost my box of Gift Aid envelopes for 2024. Can someone send a new set?"
    assert closed_asked((envelopes,), set(terms(lost)), asked_period(lost, TODAY), lost) \
        == (envelopes.written,)  # fmt: skip
    apart = "Gift Aid forms are in the office, but who orders the brown envelopes?"
    assert closed_asked((envelopes,), set(terms(apart)), None, apart) == ()
    shop, = declared_closed("The Gift Aid envelope shop closed in March 2023.", TODAY)
    assert closed_asked((shop,), set(terms(lost)), asked_period(lost, TODAY), lost) == ()
    # where something went is no closing
    assert declared_closed("The minute books went to the Record Office in 2019.", TODAY) == ()


def test_a_long_hostile_preamble_is_read_in_linear_time() -> None:
    preamble = "The Cardiff studio closed in June 2019. " * 20_000 + "A" * 100_000
    assert len(declared_closed(preamble, TODAY)) == 20_000
    stopped = "We stopped brokerage and our shop, Acme Live, at the wharf " * 20_000
    read = declared_closed(stopped + ". We stopped brokerage in 2019.", TODAY)
    assert [(c.subject, c.alone) for c in read] == [(frozenset(terms("brokerage")), True)]
    sold = "We sold gift vouchers and cards until the end of " * 20_000
    read = declared_closed(sold + ". We sold gift vouchers until 2022 and stopped.", TODAY)
    assert [c.written for c in read] == ["We sold gift vouchers until 2022"]


def test_a_thing_is_closed_where_asked_by_its_last_word_as_ours_or_the_one() -> None:
    """"The gear shop closed in March 2021": "the shop" and "our squad" ask for what
    closed where no source names the word; "their shop" does not, nor a word the preamble
    also uses in a name ("the lottery money" where a National Lottery grant is live)."""
    preamble = ("Acme Climbing runs a bouldering wall. The gear shop closed in March 2021. "
                "The youth competition squad left us in September 2023. A National Lottery "
                "grant paid for the new walls; the 200 Club lottery ended in 2020.")
    cards = [card("tills", "till and card sales, memberships and day passes"),
             card("bookings", "course, party and induction bookings"),
             card("funding", "grant claims, funder logos and reports to funders")]
    router = OfflineRouter(make_index(cards, preamble), today=TODAY)
    shoes = router.rank("Can we order a pair of shoes in a 41 through the shop?")
    assert shoes.verdict == "nowhere"
    assert shoes.closed == ("The gear shop closed in March 2021",)
    fees = router.rank("What are the squad fees this year, and who's been picked?")
    assert fees.closed == ("The youth competition squad left us in September 2023",)
    for other in ("Can I buy chalk at their shop in Keswick?",
                  "What wording do we use to credit the lottery money on the new panel?"):
        assert router.rank(other).closed == ()
    named = OfflineRouter(make_index([*cards, card("shop", "the shop: shoes and harnesses")],
                                     preamble), today=TODAY)  # fmt: skip
    assert named.rank("Can we order a pair of shoes in a 41 through the shop?").closed == ()


def test_what_closed_on_a_named_place_is_named_before_it() -> None:
    """"the bars on Lady Aira and Helvellyn Belle closed": the bars closed, not the boats."""
    preamble = ("Acme Steamers sails two boats, Lady Aira and Helvellyn Belle. The café was "
                "let in 2018, and the bars on Lady Aira and Helvellyn Belle closed in March "
                "2020.")  # fmt: skip
    read = declared_closed(preamble, TODAY)
    assert read and all("bar" in c.subject for c in read)
    cards = [card("rota", "crew rota: who is master and crew on each boat each day"),
             card("fuel", "fuel log: diesel taken on by each boat")]
    router = OfflineRouter(make_index(cards, preamble), today=TODAY)
    master = router.rank("Who's master on Lady Aira tomorrow?")
    assert master.closed == () and master.full[0].card_id == "rota"
    bar = router.rank("Can the wedding party get a drink from the bar on Lady Aira?")
    assert bar.verdict == "nowhere" and bar.closed == (read[0].written,)


def test_a_list_stopped_and_what_has_had_none_since_are_closed() -> None:
    """"we stopped marine fish, corals and live rock in March 2020" closes each of the
    list; "The cafe has taken no evening private hire since spring 2023" and "We have
    hosted no climbing courses since 2022" close what none was had of."""
    listed = declared_closed("Aquatics is freshwater only: we stopped marine fish, corals "
                             "and live rock in March 2020.", TODAY)  # fmt: skip
    assert {c.subject for c in listed} == {frozenset(terms(t)) for t in
                                           ("marine fish", "corals", "live rock")}
    reef = "Chap wants a pair of clownfish and some live rock for his reef tank."
    assert closed_asked(listed, set(terms(reef)), None, reef) == (listed[0].written,)
    hire, courses = declared_closed("The cafe has taken no evening private hire since "
                                    "spring 2023. We have hosted no climbing courses since "
                                    "2022.", TODAY)  # fmt: skip
    assert hire.subject == frozenset(terms("evening private hire"))
    assert (courses.subject, courses.on.year) == (frozenset(terms("climbing courses")), 2022)


def test_what_we_ran_from_a_time_and_stopped_for_good_is_closed() -> None:
    """"The timed online-only sales we ran from June 2020 stopped for good in March 2023":
    the sales, not who ran them nor since when."""
    sales, = declared_closed("Every sale is live. The timed online-only sales we ran from "
                             "June 2020 stopped for good in March 2023.", TODAY)  # fmt: skip
    assert (sales.subject, sales.on) == (frozenset(terms("timed online sales")),
                                         date(2023, 3, 31))
    bid = "When does the next timed online-only sale close?"
    assert closed_asked((sales,), set(terms(bid)), None, bid) == (sales.written,)


def test_a_name_in_quotes_names_what_closed_said_together() -> None:
    """'The "200 Club" monthly prize draw ended in 2017': "the 200 Club draw" in 2022
    asks past it; 'the holiday "pony days"' is not asked by "a pony ... in one day"."""
    draw = declared_closed('The "200 Club" monthly prize draw ended in 2017; its records '
                           "were not kept.", TODAY)
    assert frozenset(terms("200 Club")) in {c.subject for c in draw}
    won = "Who won the 200 Club draw in March 2022?"
    asked = asked_period(won, TODAY)
    assert closed_asked(draw, set(terms(won)), asked, won) == (
        'The "200 Club" monthly prize draw ended in 2017',)
    days = declared_closed('The holiday "pony days" for children stopped in 2019.', TODAY)
    hours = "What is the limit on how many hours a pony should work in one day?"
    assert frozenset(terms("pony days")) in {c.subject for c in days}
    assert closed_asked(days, set(terms(hours)), None, hours) == ()
    booked = "Can I book a place on the pony days next summer?"
    assert closed_asked(days, set(terms(booked)), asked_period(booked, TODAY), booked) != ()


def test_what_closed_and_was_not_archived_is_gone_for_any_time() -> None:
    """'The "Irton Paddlers" Facebook group was closed in 2020 and not archived': its
    posts from 2018 are gone too; one closed and kept is asked about its past."""
    preamble = ('Acme Canoes hires canoes. The "Irton Paddlers" Facebook group was closed in '
                "2020 and not archived. The boathouse café closed in 2021.")
    read = declared_closed(preamble, TODAY)
    assert {c.lost for c in read if "paddler" in c.subject} == {True}
    assert {c.lost for c in read if "caf" in c.subject} == {False}
    forum = declared_closed("The members' forum closed in 2019 and its posts were deleted.",
                            TODAY)  # fmt: skip
    assert forum and all(c.lost for c in forum)
    cards = [card("inbox", "groups inbox: group bookings, threads with schools and scouts"),
             card("photos", "marketing drive: photos, posters and social posts")]
    router = OfflineRouter(make_index(cards, preamble), today=TODAY)
    posts = router.rank("Does anyone have the old posts from the Irton Paddlers facebook "
                        "group? There was a great photo thread from 2018")
    assert posts.verdict == "nowhere"
    assert posts.closed == ('The "Irton Paddlers" Facebook group was closed in 2020',)
    # what the café took in 2019, before it closed, is its past
    assert router.rank("What did the boathouse café take in summer 2019?").closed == ()


@pytest.mark.parametrize(("said", "subject"), [
    ("The old eBay shop (2016–2021) was closed and its order history was never "
     "downloaded.", "ebay shop"),
    ("The mailbox was closed and its emails were not migrated.", "mailbox"),
    ("The Eventbrite account was closed and nothing was kept.", "eventbrite account"),
    ("The Etsy shop that sold adjustments was closed and its order history was never "
     "exported.", "etsy shop"),
])  # fmt: skip
def test_what_closed_with_all_it_held_is_gone_whenever_it_closed(
        said: str, subject: str) -> None:  # fmt: skip
    """Closed, with no time said, and what it held not kept: gone for any time asked."""
    read = declared_closed(said, TODAY)
    assert frozenset(terms(subject)) in {c.subject for c in read if c.lost}
    assert not declared_closed(said.split(" and ")[0] + ".", TODAY)  # kept: no closing read


def test_an_order_from_a_shop_closed_with_its_history_is_nowhere() -> None:
    """The eBay shop was closed and its order history never downloaded: an order of 2020
    from it has nowhere to be looked for, though the old web shop of that time leads."""
    preamble = ("Lost for good: the old eBay shop (2016–2021) was closed and its order "
                "history was never downloaded.")
    cards = [card("woo-shop-archive", "the old WooCommerce web shop's orders, 2018–2023",
                  contains="orders, customers, refunds"),
             card("shopify-store", "the Shopify online shop since April 2023",
                  contains="orders, customers")]  # fmt: skip
    router = OfflineRouter(make_index(cards, preamble), today=TODAY)
    gone = router.rank("anyone know where the orders from our old ebay shop went? need to "
                       "find one from 2020")  # fmt: skip
    assert gone.verdict == "nowhere" and gone.closed
    web = router.rank("where are the orders from our old web shop in 2020?")
    assert web.closed == () and web.candidates[0].card_id == "woo-shop-archive"


def test_a_page_or_group_deleted_in_a_year_is_closed_with_all_it_held() -> None:
    """'The "Lost & Found" Facebook group was deleted in 2022': closed, its posts gone for
    any time; what records were deleted says what went, not where ("records before April
    2019 were deleted in 2025"), and so does a list of its own ("its subscriber list")."""
    read = declared_closed('The "Nibthwaite Lost & Found" Facebook group was deleted in '
                           "2022. Our Twitter/X account was deleted in June 2023.", TODAY)
    assert {(c.subject, c.lost) for c in read} >= {
        (frozenset(terms("facebook group")), True), (frozenset(terms("twitter account")), True)}
    assert declared_closed("Sage 50 records before April 2019 were deleted in 2025. The "
                           "gift scheme ended and its subscriber list was deleted in 2023.",
                           TODAY) == ()  # fmt: skip
    cards = [card("customer-messages", "Facebook page messages and Google reviews",
                  contains="messages from customers, lost property enquiries")]
    router = OfflineRouter(make_index(cards, 'The "Nibthwaite Lost & Found" Facebook group '
                                             "was deleted in 2022."), today=TODAY)  # fmt: skip
    gone = router.rank("There used to be a facebook group where people posted odd socks "
                       "they'd found, can I still look through it?")  # fmt: skip
    assert gone.verdict == "nowhere" and gone.closed
