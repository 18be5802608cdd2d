"""What the index's preamble says the organization does not do or have, and the
router's use of it: a question about such a thing, that no card mentions, is a
"nowhere" that says why."""

from __future__ import annotations

from dataclasses import replace

import pytest

from sourcefinder.index.model import Example, Index
from sourcefinder.routing import OfflineRouter, RouterConfig
from sourcefinder.routing._rarity import specificity
from sourcefinder.routing._scope import (
    Phrases,
    absent_only_as_names,
    declared_absent,
    declared_absent_alone,
    declared_absent_items,
    declared_absent_names,
    declared_absent_phrases,
    declared_kept_by,
    declared_kept_own,
    declared_undone,
    declared_unowned,
    denials,
    held_alone,
    kept_by_asked,
    kept_own_asked,
    names_asked,
    outside_negations,
    own_asked,
    theirs_asked,
)
from sourcefinder.routing._text import terms
from tests.routing.conftest import card, make_index


def _stems(words: str) -> set[str]:
    return set(terms(words))


@pytest.mark.parametrize(
    ("preamble", "absent", "not_absent"),
    [
        ("It does not generate electricity, does not sell gas, and does not sell "
         "electricity to households: retailers do, and they send the bills.",
         "gas generate households", "retailers bills"),  # a colon ends the scope
        ("Acme runs no ambulances (EMS is county-operated), nursing homes or dental "
         "services.", "ambulances nursing dental", ""),
        ("It supports no mods or user-generated content and doesn't ship on VR.",
         "mods vr", "user generated"),  # a compound's parts are not subjects
        ("The public marketing website is not covered here.", "", "marketing website"),
        ("Acme owns no vessels or terminals; it does not own the trucks either.", "",
         "vessels terminals trucks"),  # owning is a relation: it still books them
        ("This index tells you where to look and how. It does not hold the answers.", "",
         "index answers hold look"),
        ("We never used Blackboard or Jira.", "blackboard jira", "used use"),  # everyday
        # what stopped, said first; "(they ended ...)" refers back and cuts no list short
        ("Boarding for rabbits and guinea pigs stopped in April 2021. There are no home "
         "visits (they ended in March 2020), no hydrotherapy pool and no gym.",
         "rabbits guinea pigs boarding visits hydrotherapy pool gym", "april"),
        # what is done: "do no", "carry out no"
        ("We do no topographical or homebuyer surveys. We carry out no asbestos removal.",
         "topographical homebuyer asbestos removal", ""),
        # "take no", "serves no": the verb is not what is had not
        ("We take no cheques. The cafe serves no alcohol and gives no tours.",
         "cheques alcohol tours", "serves gives take"),
        ("The family holds all the shares: staff and outsiders cannot buy shares.",
         "shares", "staff outsiders"),
        ("The union is a charity: its clubs, bar and elections are not ours either.",
         "clubs bar elections", "union charity"),  # what is not ours comes first
        # ... and what is not offered: "Private one-to-one lessons are not offered"
        ("Private one-to-one lessons are not offered. Gift wrapping isn't available. "
         "Refunds are not available after 14 days.",
         "private lessons gift wrapping", "refunds days"),
        ("It is owned by a fund, so there is no shareholder register here.",
         "shareholder register", "owned fund"),
        ("There's no trading desk. No franchises, no concessions.",
         "trading desk franchises concessions", ""),
        # what a thing is said in contrast to ("X, not Y") is not had; a word is a word
        ("We use Microsoft Teams, not Slack. Our valuations are market appraisals, not "
         "RICS surveys.", "slack rics surveys", "teams microsoft valuations appraisals"),
        ("Those are the council's files, not ours. This index tells you where to look, not "
         "the answers. The archive is read there, not here, and kept by them, not by us.",
         "", "answers here us"),
        ("Vocabulary: stores, not shops. We say colleagues, not employees.", "",
         "shops employees stores colleagues"),
        # a word defined, and what it is never ("never something a client spends")
        ('The "voucher" in a food bank is the referral an agency sends us, never something '
         "a client spends. We sell food, never alcohol.", "alcohol", "spends referral"),
        # a list of verbs goes, however many ("stock or hand out")
        ("We do not stock or hand out infant formula.", "infant formula", "hand stock"),
        ("What we do not do, so nobody searches for it: crime, conveyancing or immigration.",
         "crime conveyancing immigration", ""),  # a "what we do not do" heads its list
        ("No offices abroad (work there goes to partner firms). No drafting tool is in "
         "production.", "offices abroad drafting tool", "goes production"),  # an item
        # ends at its own verb
        ("The old cluster's data were not kept, and Workday Student wasn't bought.", "",
         "kept bought"),  # the participle of a passive negation is the relation
        ("We have had no reader comments since 2019.", "reader comments", ""),
        # what is not, when it is no participle, is the complement: it is absent
        ("Our product is not FedRAMP authorised. Phones are not recorded.", "FedRAMP",
         "product phones recorded"),
        # a list, one item a line, under a line that introduces it
        ("Things we don't have, so nobody looks:\n- no Slack or WhatsApp\n- no ambulances "
         "or nursing homes: they went to a trust", "slack ambulances nursing", "trust"),
        ("What we do not do:\n- crime\n- conveyancing", "crime conveyancing", ""),
        # its list runs on past a semicolon, up to the end of the sentence
        ("What we do NOT do, so there is nothing to find about it: leather or fur (we "
         "send people to a specialist); dyeing; shoe repairs or key cutting. We clean "
         "suits.", "leather fur dyeing shoe repairs key cutting", "specialist people clean"),
        # ... but a clause of the organization's own on it says what it has
        ("What we do NOT do or keep: merch; the buyer data stays with the promoter; we "
         "only get the final count on the settlement sheet.", "merch",
         "final count settlement sheet"),
        # an abbreviation's stop ends no sentence, and an aside of who does it instead
        # names nothing not done
        ("What we do NOT do: curtains (we pass people to Kendal Curtain Co.); bespoke "
         "furniture.", "curtains bespoke furniture", "kendal pass"),
        # an item with a negation of its own is read by that negation ("owns no cranes":
        # owning is a relation)
        ("What we do not do: dyeing; the plant hire arm owns no cranes.", "dyeing",
         "cranes"),
        # ... but owning and doing something else with it is that doing, negated
        ("We don't own or fly a drone. We do not own the minibus.", "drone", "minibus"),
        # what was lost before a time is no list of things not had
        ("What was lost or never kept: Ousby & Son records before 2009 were cleared out; "
         "job photos before 2016 are gone.", "", "ousby son records job photos"),
        # someone else's: what comes before it is theirs, never who they are
        ("Road gullies and highway drainage are the county council's; sea walls are the "
         "Environment Agency's.", "gullies drainage sea walls", "county council agency"),
        ("Leeds station is managed by Network Rail, so its lifts and car parks are theirs, "
         "not ours.", "lifts car parks", "network rail"),
        # ... and a thing of theirs it is said to be ("the Trust's pay-and-display")
        ("The car park is the National Trust's pay-and-display, not ours.", "car park",
         "national trust pay display"),
        # ... and what comes from another body, not from the organization
        ("Hospital beds and hoists come from the NHS community equipment service, not "
         "from us.", "hospital beds hoists", "nhs community equipment service"),
        # ... by a name with "&" in it, and not where the thing is done
        ("Boat and swiftwater work on the Till is Northumberland Fire & Rescue's, not ours.",
         "boat swiftwater", "northumberland fire rescue till"),
        ("The galleries belong to the City Council, and the sports centre is run by "
         "Harrowfield Leisure Trust.", "galleries sports centre", "city harrowfield leisure"),
        # what a body keeps its own of is a name, never a single word (below)
        ("The British Transport Police keep their own crime records, and CAF does "
         "overhauls at its own works, keeping its own records.",
         "", "crime british transport police overhauls works"),
        ("Our archive is the county's oldest.", "", "archive oldest"),  # no owner: a claim
        # a clause saying when is no thing either
        ("One-way KeyKegs we send to wholesalers are not tracked once they leave the yard.",
         "", "leave yard"),
        # what a negated thing is said without is no negated thing
        ("We sell no TV and no landline without broadband.", "tv landline", "broadband"),
        # a common negated verb only relates to its object; a rare one, or one whose
        # object is a pronoun, is what is not done
        ("We do not write journal manuscripts or congress posters, and we will not carry "
         "alcohol.", "journal manuscripts congress posters alcohol", "write carry"),
        ("Private boreholes: we do not test them. We do not fluoridate any supply.",
         "test fluoridate", ""),
        # a "no" further on in a sentence starts a negation where none came before it,
        # and goes on the same list where one did
        ("Nothing over 25 kg, and no pallets or two-person deliveries.", "pallets", "kg"),
        ("No same-day, no timed or pre-12 services.", "timed services", ""),
        ("Parcels go by van, and no longer by rail, or no later than noon.", "",
         "rail noon van"),
        ("None of the shops has a café.", "café", "shops"),
        # where another body's things are is no thing of theirs
        ("The cottages and huts down the lane belong to the Estate.", "cottages huts", "lane"),
        # "so no" says what follows from what is done; "so no one" is no negation
        ("We make wine only, so no cider, gin or spirits.", "cider gin spirits", "wine"),
        ("The vans run late, so no one waits for them.", "", "one waits"),
        # what was stopped is not done; a day says when ("the Sunday stall")
        ("We stopped the public navigation courses. We stopped the Sunday stall at Skipton "
         "market in April 2023.", "navigation courses stall", "sunday april"),
        # what nobody keeps is not kept: "Nobody here keeps GPS tracks"; "nobody goes
        # looking" and "nobody is paid" keep nothing
        ("Nobody here keeps GPS tracks or CCTV. The jobs were fixed-price and nobody logged "
         "hours. Write it down so nobody goes looking. Nobody is paid.",
         "gps tracks cctv hours", "looking paid write"),
        # what was not kept, said at the end of its clause, is not had; "its statements"
        # are another thing's, and what the clause before says is not what was not kept
        ("The old audit papers weren't kept. Zoom chat logs are not saved, and talks are "
         "recorded. Texts go to Tom for late home visits, and the texts are not kept. The "
         "old account closed in 2019 and its statements were not kept.",
         "audit papers chat logs texts", "talks visits statements account"),
        ("Puffin and seal pup counts are the rangers' work. Nobody has those crew lists.",
         "puffin seal pup counts crew lists", "rangers"),
        # what "is not us" is not the organization's, as what "is not ours"
        ("Fishing, diving and Holy Island trips are not us. Our boats are not usually "
         "full.", "fishing diving holy island trips", "boats full"),
        # a negation in a relative clause is said of others, not of the organization
        ("Foster carers take the dogs who don't cope with kennels. We do not run boarding.",
         "boarding", "cope kennels"),
        # what stays with someone else is theirs; kept with something else, it is not
        ("Drivers' hours and tachograph records stay with Rowley Haulage.",
         "drivers hours tachograph records", "rowley haulage"),
        ("Photos are kept 90 days (signatures stay with the scans).", "", "signatures scans"),
        # what the reader is spared doing is nothing the organization has not
        ("And what isn't there any more, so you don't waste an afternoon: we have no "
         "floodlights.", "floodlights", "afternoon waste"),
        # ... and what sits with us is ours
        ("Our AP writes the lift plan, sends slinger/signallers, and the liability sits with "
         "us.", "", "slinger signallers liability"),
        # ... named things only: "side" and "charges" are not what it keeps
        ("Occupational health is by Medwell OH, which holds the medical side of fitness "
         "tests, and the council, which runs parking charges.", "", "side charges medical"),
        ("Fire safety in single homes is enforced by the councils.", "",
         "single homes fire safety"),
        ("The studio has taken no private commissions. The shuttle runs at no cost.",
         "private commissions", "cost shuttle studio"),
        ("Parish registers and tithe maps are all held by the Record Office.",
         "parish registers tithe maps", "record office"),
        ("Shelf prices abroad are set and held by our importers.", "shelf prices",
         "importers"),
        # what is franchised, outsourced or let to another is theirs
        ("The cafés are franchised to Kettle & Crumb Ltd, and payroll is outsourced to "
         "Paywise.", "cafés payroll", "kettle crumb paywise"),
        ("The fishing on the Clun is let to the Teme Valley Angling Association.", "fishing",
         "teme valley angling association clun"),
        # what is someone else's own business
        ("Council tax and utility bills are the tenants' own business.", "council tax utility",
         "tenants business"),
        ("The lay clerks' pay, the organ and its tuning are college business.",
         "pay organ tuning", "college business"),
        ("Refunds and holiday insurance are Hoseasons' business. This is our business.",
         "refunds holiday insurance", "hoseasons"),
        # a body named in words of its own ("are Cumberland Council's business"), not
        # what says how much ("are very much our business")
        ("The electoral register and bins are Cumberland Council's business. Bookings are "
         "very much our business.", "electoral register bins", "cumberland council bookings"),
        # ... or two of them: "are the Parish and County Councils' business"
        ("Planning, parking and the beach car park are the Parish and County Councils' "
         "business.", "planning parking beach car park", "parish county councils"),
        # an aside that is a clause says who does it instead, not what is absent
        ("We do not mill flour (millers deliver flour) and have no in-house laundry "
         "(linen and towels are rented from Elis).", "flour laundry",
         "millers linen towels elis rented"),
        ("We sell no loot boxes (random cosmetic bundles), no skins.",
         "loot boxes random cosmetic bundles skins", ""),
        # an indefinite pronoun names nothing absent
        ("Things we don't have, so nobody goes looking: we do not sell in France or "
         "anywhere else abroad.", "france", "nobody anywhere"),
        # an aside in brackets says which, not what is theirs
        ("The UN-led clusters (WASH led by UNICEF, Food Security by WFP) are run by those "
         "agencies.", "clusters", "food security wash unicef wfp"),
        # a clause with a subject of its own says what is done instead, unless it
        # negates too
        ("We do not provide sign language interpreting, and we pass those requests to a "
         "specialist agency.", "sign language", "agency specialist requests"),
        ("We do not design prisons, and we take no work outside the UK.",
         "prisons outside", "take"),
        # (and the verb of that clause is not negated: organising is done)
        ("There is no cruising section and we organise no passage races or rallies.",
         "cruising passage rallies", "organise"),
        # where someone else's things are is no thing of theirs
        ("The cafés and shops on board and in the Wrenford terminal are run by Galley & Co.",
         "cafés shops", "terminal wrenford galley"),
        ("Garden waste subscriptions and fly-tipping on public land are the Council's.",
         "garden waste subscriptions", "public land council"),
        # what was stopped is not done ("we no longer lend DVDs")
        ("We stopped lending DVDs, music CDs and console games in 2021.",
         "dvds cds console games lending", "2021"),
        ("Our funding stopped in 2021, and the café ceased trading.", "", "cafe funding"),
        # what stopped is the thing, not the stopping, nor the year it stopped
        ("We teach cars only: no HGV or tractor training, and the B+E towing course stopped "
         "in 2021.", "hgv tractor towing", "stopped stop 2021"),
        ("We take only qualified instructors since 2022, never trainees.", "trainees",
         "2022"),
        # "never be passed": the participle of a passive is the relation, as after "not"
        ("Each data search must never be passed to the client or anyone else.", "client",
         "passed"),
        # a rare verb in a list of negated verbs is what is not done; a common one relates
        ("We do not build, braze, paint or respray frames.", "braze respray frames",
         "build paint"),
        ("We are not, and have never been, auditors of listed companies.",
         "listed companies", "auditors"),
        # a kind of one thing named with a letter is that thing ("e-scooters")
        ("We do not sell or service e-scooters or x-rays.", "scooters rays",
         "sell service"),
        # more verbs that negate what follows "no"
        ("We release nothing, register no songs, collect no royalties and see no royalty "
         "statements; we hire out no PA and let no rooms.", "songs royalties statements pa "
         "rooms", "release register collect"),
        # a list under "What we do not do:" ends at an item's own colon, which says what
        # is done instead (not a colon in an aside, nor one after a heading of its own)
        ("What we do NOT do:\n- No bookings or home visits: walk-in only, with a numbered "
         "queue ticket at triage.", "bookings visits", "queue ticket triage"),
        ("What we do NOT do:\n- No powered access (MEWPs, scissor lifts: we cross-hire "
         "those in), no excavators over 3t.", "access excavators", "cross hire"),
        ("What we do NOT do:\n- Other bodies hold: payroll and payslips.", "payslips", ""),
        # an item's head that says what befell the things after it is no thing, and an
        # item ends at "belong to"
        ("What we do NOT do or keep:\n- 999 call recordings belong to HMCG.\n- Lost or "
         "never kept: launch records before 1979; the lottery was wound up in 2015.\n- No "
         "drones.", "recordings drones", "lost belong hmcg"),
        # a clause after a "What we do not do:" list that says something of its subject is
        # no item of it; what "was never handed over" is no thing handed; a span between
        # two days is a gap
        ("What we do NOT do: we hire out no horses; the wash bay and the mounting block "
         "are first come first served with no booking.", "horses", "wash bay mounting"),
        ("The old mechanic's notebooks were never handed over. We never scattered ashes.",
         "scattered", "handed mechanic notebooks"),
        ("- No events between 2020-03-14 and 2021-07-24 (COVID pause). No CCTV.", "cctv",
         "events"),
        # what is not logged anywhere is had by no one; said with a year, it is a
        # retention
        ("Complaints are dealt with face to face by Rob and are not logged anywhere. "
         "Paper timesheets before 2019 are not kept anywhere.", "complaints",
         "rob face timesheets paper anywhere"),
        # ... and so is what is never recorded, however it is said before ("chalk, wiped
        # daily"), but not what is recorded now and then
        ("The specials board is chalk, wiped daily, never recorded. Card numbers are never "
         "logged. Tips are not always recorded.", "specials board card numbers",
         "chalk wiped daily tips"),
        # what was not done for a while is a gap, not a thing never had
        ("No sessions and no tool library loans from March 2020 to August 2021 (COVID). "
         "No CCTV anywhere.", "cctv", "sessions tool library loans"),
        # what a denial includes says where, not what
        ("No CCTV anywhere on site, including the car park.", "cctv", "car park"),
        # what is not needed or used
        ("The van needs no tachograph and we use no pesticides.", "tachograph pesticides",
         "van"),
        # what is not written down
        ("We record no medical information or next of kin, and we log no calls.",
         "medical information kin calls", "record"),
        # what a compound says is all there is: "rehearsal-only bookings" (not "in-house")
        ("We have taken no rehearsal-only bookings since 2019 and no in-house work.",
         "rehearsal bookings", "house"),
        # a "no" that opens an aside negates as one after a colon does; "no-cost" does not
        ("We ship only within the UK (no exports, no Channel Islands).",
         "exports channel islands", "ship"),
        ("Terms we use: NCE (no-cost extension), GRN and PO.", "", "cost extension"),
        # what is had instead, after "only", is not negated
        ("The cafe's deep fryer went in 2021: no chips or fried food, only toasties, soup, "
         "cakes and drinks.", "chips fried", "toasties soup cakes drinks"),
        ("We sell no cigarettes; only newspapers and sweets.", "cigarettes",
         "newspapers sweets"),
        # how it goes is no thing: "with no name on it, straight to the customer"
        ("Work we cannot do is bought in and delivered blind, with no name on it, straight "
         "to the customer.", "", "straight"),
        # what stopped, named with a name or a number, is named whole, not by each word
        ("Things we stopped: the 200 Club lottery ended in March 2020; boarding for rabbits "
         "stopped in April 2021.", "boarding rabbits", "club lottery"),
        # when, said as a pair of seasons or times, is no thing had not
        ("We have no lake moorings or buoys, summer or winter.", "moorings buoys",
         "summer winter"),
        # an aside saying who does it instead, listed, is no thing not done
        ("We do no sea, cliff or cave rescue (HM Coastguard, the RNLI and the Devon Cave "
         "Rescue Organisation do).", "sea cliff cave", "coastguard rnli devon organisation"),
        # what else a body that keeps its own does is no thing of theirs
        ("The ambulance trusts keep their own patient records and know what happened to a "
         "casualty at hospital.", "", "patient happened casualty hospital"),
        # a negation inside an aside ends with it
        ("Heritage days at the Roundel Oast (an old oast, no longer used for drying) with a "
         "tally-man demonstration.", "drying", "tally demonstration"),
        # what the organization says it has of its own is not what another body's is
        ("We deliver on our own two lorries. The haulier's drivers' hours and the lorries' "
         "records are theirs.", "drivers hours", "lorries"),
        ("We do not run our own payroll: Hollis & Vane's payroll bureau runs it.",
         "payroll", ""),
        # no other one says it has one of its own, and any other says what else
        ("We have no other branches or yards.", "", "branches yards"),
        ("We do not use Facebook or any other social media.", "facebook", "social media"),
        # what closed is said by the closing; "and never reopened" says only that it stayed
        ("The tea room closed in March 2020 and never reopened. We never offered grooming,"
         " and never sold feed.", "grooming feed", "reopened"),
        # "nothing to do with" is a denial
        ("The village library is a different body. We have nothing to do with book loans, "
         "library cards or its catalogue.", "loans cards catalogue", "village body"),
        # a dash opens a comment on the list, and "won't" is a verb, not "won"
        ("No bike hire, no frame resprays, no e-bike conversion kits (Bafang, Tongsheng) "
         "— our insurer won't cover it.", "hire resprays conversion kits bafang tongsheng",
         "insurer won cover"),
        # an item of a "What we do not do:" list that says what is done to the one before,
        # or heads others' things, is no thing
        ("What the club does NOT do or keep:\n- Dan grades (black belt and above) are "
         "awarded by British Judo at area events, not by the club.\n- Other bodies' records "
         "that the club cannot see: the centre's gym memberships, its CCTV.",
         "dan grades cctv", "awarded british judo bodies club"),
        # "not a" opening a list after a colon negates as "no" does there
        ("It is an unincorporated association: not a charity, not a company, no paid "
         "staff.", "charity", "association"),
        # an aside with a verb of its own says what is had, not what is not
        ("Card numbers are never stored anywhere (Dojo shows the last four digits only).",
         "", "dojo shows digits"),
    ],
)  # fmt: skip
def test_the_preamble_declares_what_the_organization_has_not(
    preamble: str, absent: str, not_absent: str,
) -> None:
    found = declared_absent(preamble)
    assert _stems(absent) <= found
    assert not _stems(not_absent) & found


PREAMBLE = "Gridco distributes electricity to homes. It does not sell gas or broadband."
CARDS = [
    card("outage-map", "live map of electricity outages by feeder and suburb",
         contains="planned and unplanned outages, restoration estimates"),
    card("connections", "new electricity connection requests and their status",
         contains="applications, quotes, connection dates for new builds"),
    card("broadband-note", "network fibre links between substations (not customer broadband)",
         contains="substation fibre, SCADA comms, broadband backhaul"),
    card("duty-manager", "the network duty manager, for anything urgent", kind="person"),
]  # fmt: skip


def _index(preamble: str) -> Index:
    return make_index(CARDS, preamble)


def test_a_question_about_what_the_organization_has_not_is_a_nowhere() -> None:
    router = OfflineRouter(_index(PREAMBLE))
    gas = router.rank("new gas connection for the plant")
    assert gas.verdict == "nowhere"
    assert gas.ruled_out == ("gas",)
    plain = OfflineRouter(_index(PREAMBLE), config=RouterConfig(absent_is_nowhere=False))
    assert plain.rank("new gas connection for the plant").verdict != "nowhere"
    silent = OfflineRouter(_index("Gridco distributes electricity to homes."))
    assert silent.rank("Can we connect gas to a new build?").ruled_out == ()


def test_a_part_of_a_compound_in_the_question_is_not_ruled_out() -> None:
    """"A gas-fired plant" is not gas: the preamble's "does not sell gas" leaves it."""
    router = OfflineRouter(_index(PREAMBLE))
    fired = router.rank("new electricity connection for the gas-fired plant")
    assert fired.ruled_out == () and fired.verdict != "nowhere"
    assert router.rank("new gas connection for the plant").ruled_out == ("gas",)


def test_an_everyday_past_tense_the_preamble_does_not_write_is_not_ruled_out() -> None:
    """"No land surveys": "has the payment landed?" asks nothing of land; a rare past
    tense ("apostilled" where "no apostille service") still names what is denied."""
    router = OfflineRouter(_index("Gridco distributes electricity. We do no land surveys "
                                  "and offer no apostille service."))  # fmt: skip
    landed = router.rank("has the connection payment for the plant landed?")
    assert landed.ruled_out == () and landed.verdict != "nowhere"
    assert "land" in router.rank("land survey for the new connection").ruled_out
    assert router.rank("can the connection quote be apostilled?").ruled_out == ("apostilled",)


def test_half_of_a_name_a_card_writes_is_no_thing_the_organization_has() -> None:
    """"No live scores, no app", and a card says "WhatsApp": "is there a Gridco app I can
    put on my phone?" asks for what the organization has not, while the WhatsApp group,
    however the question writes it, is a card's."""
    chat = card("captains-chat", "the captains' WhatsApp group: fixtures and scores",
                kind="chat")  # fmt: skip
    index = make_index([*CARDS, chat], "Gridco distributes electricity. No live scores, "
                       "no app.")  # fmt: skip
    router = OfflineRouter(index)
    app = router.rank("is there a Gridco app I can put on my phone?")
    assert app.ruled_out == ("app",) and app.verdict == "nowhere"
    for asked in ("is there a WhatsApp group for the fixtures?",
                  "is there a whatsapp group for the fixtures?"):
        ranking = router.rank(asked)
        assert ranking.ruled_out == () and ranking.verdict != "nowhere", asked


def test_what_is_not_allowed_is_no_thing_the_organization_has_not() -> None:
    """"No alcohol is sold or allowed": alcohol is ruled out, "allowed" is not."""
    router = OfflineRouter(_index("Gridco distributes electricity. No alcohol is sold or "
                                  "allowed on site."))  # fmt: skip
    assert router.rank("Is the duty manager allowed to approve a connection?").ruled_out == ()
    assert router.rank("alcohol licence for the plant").ruled_out == ("alcohol",)


def test_who_the_organization_is_not_registered_with_is_ruled_out() -> None:
    """"We are not Ofsted-registered": an Ofsted report is nowhere; an inspection report
    is not."""
    router = OfflineRouter(_index("Gridco distributes electricity. We are not a supplier "
                                  "and are not Ofsted-registered."))  # fmt: skip
    ofsted = router.rank("the latest Ofsted inspection report for the plant")
    assert ofsted.ruled_out == ("Ofsted",) and ofsted.verdict == "nowhere"
    assert router.rank("the latest inspection report for the plant").ruled_out == ()
    # said after a colon, as what the organization is not
    club = OfflineRouter(_index("Gridco distributes electricity. It is a members' club: not "
                                "VAT-registered, not a charity."))  # fmt: skip
    vat = club.rank("where do we keep the VAT returns for the plant?")
    assert vat.ruled_out == ("VAT",) and vat.verdict == "nowhere"
    # a name needs no hyphen, and a sentence of its own says it too; "registered" is no
    # subject of its own
    spaced = OfflineRouter(_index("Gridco distributes electricity. No payroll. Not VAT "
                                  "registered. The crèche is not Ofsted registered."))
    for question, name in (("where do we keep the VAT returns for the plant?", "VAT"),
                           ("the latest Ofsted report for the crèche", "Ofsted")):
        ranked = spaced.rank(question)
        assert ranked.ruled_out == (name,) and ranked.verdict == "nowhere"
    assert spaced.rank("who registered the plant's meter?").ruled_out == ()


def test_a_word_said_as_a_time_is_not_asked_for() -> None:
    """"No COVID rota": "the covid rota" is nowhere, but "since we came back after covid"
    asks about the time after it, not about covid."""
    router = OfflineRouter(_index("Gridco distributes electricity. No COVID rota."))
    assert "covid" in router.rank("where is the covid rota for the plant?").ruled_out
    after = router.rank("how many outages have we had since we came back after covid?")
    assert after.ruled_out == () and after.verdict != "nowhere"


def test_a_word_said_of_how_something_is_is_not_asked_for() -> None:
    """"Parking fines are the estate's business": "are parking fines ours?" is nowhere,
    but "everyone was fine" says how they were, not what is asked for ("the plant's
    fines" says whose)."""
    router = OfflineRouter(_index("Gridco distributes electricity. No parking fines."))
    assert "fines" in router.rank("who collects the parking fines at the plant?").ruled_out
    fine = router.rank("a cable at the plant sparked, everyone was fine but what do I do first?")
    assert fine.ruled_out == ()
    assert "fines" in router.rank("who collects the plant's fines?").ruled_out  # whose


def test_a_word_that_says_whatever_is_no_thing_the_organization_has_not() -> None:
    """"There's no Monotype here, whatever visitors assume": "whatever" is no subject."""
    assert "whatev" not in declared_absent("There's no Monotype here, whatever visitors "
                                           "assume.")  # fmt: skip


def test_a_negation_in_a_condition_says_nothing_is_not_had() -> None:
    """"When the page you want isn't here, ask the person who owns that bit of the work":
    what the condition says is what to do, not what the organization lacks. A negation
    after the condition's comma still is one, and so is a main clause with no comma
    between it and the condition ("if a pot goes missing there's no record of it")."""
    said = declared_absent("When the page you want isn't here, ask the person who owns "
                           "that bit of the work. If it can't wait, ring Tom; we keep no "
                           "pager.")  # fmt: skip
    assert not said & set(terms("page ask person bit work wait ring tom"))
    assert "pager" in said
    assert "record" in declared_absent("If a student's pot goes missing there's no record of "
                                       "that one pot, only of the firings.")  # fmt: skip
    # a condition that does not open the sentence
    assert "pager" in declared_absent("Ring Tom when it can't wait, we don't have a pager.")


def test_a_season_says_when_not_what() -> None:
    """"No record exists of what the stall took that summer": the summer is when, and "a
    couple of summers ago" asks for nothing the organization lacks. The stall still is."""
    said = declared_absent("No record exists of what the market stall took that summer or "
                           "the winter after.")  # fmt: skip
    assert not said & set(terms("summer winter"))
    assert "stall" in said


def test_a_thing_written_in_two_short_halves_is_ruled_out_however_asked() -> None:
    """"The hall has no Wi-Fi": the wifi password is nowhere."""
    router = OfflineRouter(_index("Gridco distributes electricity. The plant has no CCTV "
                                  "and no Wi-Fi."))  # fmt: skip
    wifi = router.rank("what's the wifi password at the plant?")
    assert wifi.ruled_out == ("wifi",) and wifi.verdict == "nowhere"


def test_a_kind_named_with_a_letter_is_asked_by_its_word() -> None:
    """"It does not sell e-scooters": an e-scooter is a scooter, in the preamble and in
    the question alike; a gas-fired plant still is not gas."""
    router = OfflineRouter(_index("Gridco distributes electricity. It does not sell "
                                  "e-scooters."))  # fmt: skip
    scooter = router.rank("new electricity connection to charge an e-scooter")
    assert scooter.ruled_out == ("scooter",) and scooter.verdict == "nowhere"


def test_two_words_the_preamble_writes_as_one_are_ruled_out_unless_a_source_is_sure() -> None:
    """"No motorboat hire" rules out "the motor boats"; "free diving for staff" is no
    freediving where a source answers it confidently."""
    router = OfflineRouter(_index("Gridco distributes electricity. It does no motorboat hire "
                                  "and does not teach freediving."))  # fmt: skip
    boats = router.rank("How much are we charging per hour for the motor boats?")
    assert boats.ruled_out == ("motor boats",) and boats.verdict == "nowhere"
    assert router.rank("How much are we charging per hour for the boats?").ruled_out == ()
    perk = router.rank("Where is the staff handbook on free diving for staff and kit?")
    assert perk.ruled_out == ("free diving",)
    sure = OfflineRouter(_index("Gridco distributes electricity. It does not teach "
                                "freediving."), config=RouterConfig(confident_at=0.0))
    assert sure.rank("Where is the staff handbook on free diving for staff and kit?"
                     ).ruled_out == ()  # fmt: skip


def test_a_denied_phrase_begun_inside_a_word_of_the_question_is_not_asked() -> None:
    """"There is no golf course": "footgolf", read as "foot golf" where a card writes
    "UK FootGolf", does not make "the footgolf course" a golf course."""
    cards = [*CARDS, card("footgolf-bookings", "footgolf bookings and tee times"),
             card("footgolf-body", "UK FootGolf Association: rules, accredited courses")]
    router = OfflineRouter(make_index(cards, "Gridco runs a range. There is no golf course."))
    assert router.rank("Where is the risk assessment for the footgolf course?").ruled_out == ()
    assert "golf course" in router.rank("Is there a golf course nearby?").ruled_out


def test_a_common_word_said_as_a_verb_is_not_the_activity_the_preamble_denies() -> None:
    """"We do not do newborn hearing screening": "when will they hear about the results"
    asks for no hearing screening. "No key cutting" still rules out "cut keys", which
    says the rest of the thing, and "a hearing test" says the activity itself."""
    router = OfflineRouter(_index("Gridco distributes electricity. We do not do newborn "
                                  "hearing screening or key cutting."))  # fmt: skip
    assert router.rank("When will customers hear about the outage restoration?"
                       ).ruled_out == ()  # fmt: skip
    assert "cut" in router.rank("Can we cut keys for the substation gate?").ruled_out
    assert router.rank("Where do we book a hearing test for a new baby?").ruled_out == (
        "hearing",)


def test_half_of_a_camel_case_name_is_not_the_name() -> None:
    """"We have no WhatsApp groups": "whats the outage map link?" asks for no WhatsApp,
    though "whats" is a half of it as read; "the old WhatsApp group" still does."""
    router = OfflineRouter(_index("Gridco distributes electricity. We have no WhatsApp "
                                  "groups."))  # fmt: skip
    assert router.rank("whats the link for the live outage map?").ruled_out == ()
    assert "WhatsApp" in router.rank("Can I see the old WhatsApp group?").ruled_out


def test_a_question_about_what_is_someone_elses_is_a_nowhere() -> None:
    router = OfflineRouter(_index(PREAMBLE + " Street lights are the county council's."))
    lights = router.rank("a street light outside our house has been out for a week")
    assert lights.verdict == "nowhere"
    assert "light" in " ".join(lights.ruled_out)
    # who the thing is is not ruled out with it
    assert router.rank("who at the county council hears about a feeder outage?").ruled_out \
        == ()  # fmt: skip


def test_a_word_some_card_uses_is_never_ruled_out() -> None:
    """The preamble says no broadband is sold, but a card speaks of broadband backhaul:
    the map has something on it, so the question is routed as usual."""
    router = OfflineRouter(_index(PREAMBLE))
    ranking = router.rank("Where are the broadband backhaul links between substations?")
    assert ranking.ruled_out == ()
    assert ranking.candidates[0].card_id == "broadband-note"
    electricity = router.rank("new electricity connection for a house")
    assert electricity.verdict != "nowhere"
    assert electricity.candidates[0].card_id == "connections"


def test_a_word_some_card_uses_in_another_form_is_never_ruled_out() -> None:
    """"We do not track carriers by GPS", and a card is a request tracker: "on track"
    is no question about GPS tracking. A form that merely opens alike is no form of it:
    "ambulances" are still ruled out beside "ambulatory care"."""
    preamble = "We do not track carriers by GPS and run no ambulances."
    cards = [card("requests", "records request tracker: requests, deadlines, replies"),
             card("clinics", "ambulatory care clinics: appointments and referrals")]
    index = make_index(cards, preamble)
    router = OfflineRouter(index)
    assert router.rank("is the county request on track for its deadline?").ruled_out == ()
    assert router.rank("where are our ambulances right now?").ruled_out == ("ambulances",)


@pytest.mark.parametrize(
    "preamble", ["does not " * 20_000, "Acme runs no " + "x, " * 50_000, "a" * 200_000,
                 "It does not sell gas: " * 5_000,
                 # a long paragraph before a list, and a long list under a long head
                 "word " * 50_000 + "\n- no gas", "x " * 20_000 + ":\n" + "- no gas\n" * 20_000,
                 "gas is x " + "x " * 50_000 + "x's.", "are the x's x " * 20_000,
                 # a contrast after a word for a word, and asides that stay with another
                 "Vocabulary: " + "Teams, not Slack " * 20_000,
                 "(" + "records stay with the council " * 20_000,
                 # a long paragraph about other bodies' things
                 "Things other bodies own. " + "The x owns and keeps x, x and x " * 20_000,
                 "What belongs to " + "others others " * 20_000 + "."],
)  # fmt: skip
def test_a_long_hostile_preamble_is_read_in_linear_time(preamble: str) -> None:
    assert declared_absent(preamble) <= set(terms("gas x"))
    # a card's text is read the same way, and loses words, never gains them
    assert len(outside_negations(preamble).split()) <= len(preamble.split())
    assert declared_unowned(preamble) == frozenset()
    assert all(len(stems) <= 4 for stems in declared_absent_phrases(preamble))


@pytest.mark.parametrize(
    ("preamble", "phrases"),
    [
        ("Acme runs no ambulances, nursing homes or dental services.",
         {"nursing homes", "dental services"}),  # one word alone is for declared_absent
        ("It does not offer a store card or gift-list services.",
         {"store card", "gift list services", "gift list"}),  # the verb and the article
        # go; a compound names a thing of its own, a date does not
        ("The studio is privately held; there are no investor-relations materials.",
         {"investor relations materials", "investor relations"}),
        # ... its words joined by a preposition too
        ("We have no notice-of-marriage paperwork.", {"notice marriage"}),
        ("We have had no comments since 2019-04-01.", set()),
        ("It does not sell electricity to households: retailers do.", set()),  # not a name
        ("Acme does not own the transmission grid, and does not sell natural gas.",
         {"natural gas"}),  # owning ends the negation before it and is not read
        ("We never used Blackboard Learn.", {"Blackboard Learn"}),
        # what none of its places has, the organization has not
        ("None of the shops has a café or a children's play area.",
         {"children play area", "play area"}),
        # what is no longer done is not done ("no longer sell second-hand boats")
        ("We stopped brokerage in 2019 and no longer sell second-hand boats for anyone.",
         {"second hand boats", "second hand"}),
        ("So there is no shareholder register here.", {"shareholder register"}),
        ("What this index does not cover: council housing, trunk roads and schools.",
         {"council housing", "trunk roads"}),
        ("The trust owns the hospital: patient records and clinical rotas are not ours.",
         {"patient records", "clinical rotas"}),
        # the noun ending the list is every single word's before it
        ("We do not sell pet, travel or business insurance.",
         {"pet insurance", "travel insurance", "business insurance"}),
        # whose they are is no part of the name: a question asks about "the card number"
        ("We never store subscribers' card numbers; we offer no member's vet visits.",
         {"subscribers card numbers", "card numbers", "member vet visits", "vet visits"}),
        # ... and so when a plural's opens the sentence
        ("Temps' pension pots are held by NEST, which they log into themselves.",
         {"Temps pension pots", "pension pots"}),
        # a name of five words or more is asked by its last three
        ("Fast-track Continuing Healthcare funding is decided by the ICB.",
         {"Fast track", "Continuing Healthcare funding"}),
        # a place's own is no one else's: its name is part of the name
        ("Hollins Park's safety certificate and stewarding belong to Hollins United.",
         {"Hollins Park safety certificate"}),
        # a list of verbs: each goes ("never see or store")
        ("We never see or store players' payment card details.",
         {"players payment card details", "payment card details", "card details",
          "payment details"}),
        # three verbs, and a single word ending in "s" that names no plural ("gas")
        ("We never install, service or repair gas or oil boilers.",
         {"gas boilers", "oil boilers"}),
        # two verbs before "no" ("sell and license no")
        ("We sell and license no branded merchandise.", {"branded merchandise"}),
        # a later "no" goes on the list: the noun ending it is still shared
        ("No vans, no timed or express deliveries.",
         {"timed deliveries", "express deliveries"}),
        # the name before its preposition
        ("There are no outside shareholders and no share scheme for staff.",
         {"outside shareholders", "share scheme"}),
        # one word before the head may go ("the customer app"), not one of a compound
        # ("in-house gas engineers" are not all gas engineers)
        ("We have no customer mobile app and no in-house gas engineers.",
         {"customer mobile app", "customer app", "mobile app", "house gas engineers"}),
        # what another body keeps, said in a clause of its own after its name
        ("Possession goes to the court through Lambert Rowe LLP, who keep the court files "
         "and bundles.", {"court files"}),
        ("The car park belongs to the council, which runs parking charges and enforcement.",
         {"car park", "parking charges"}),
        ("The kitchen staff are employed by Hearth & Harvest.", {"kitchen staff"}),
        # a verb, whom it is done to, then "no"; a compound is one word of the last item
        ("We charge tenants no referencing, admin or check-out fees.",
         {"referencing fees", "admin fees"}),
        # what "its" or "their" refers back to is part of the name: not any register
        ("Site licences and their public registers belong to the councils.",
         {"Site licences"}),
        ("Universal Credit and its housing element are the DWP's.", {"Universal Credit"}),
        ("Their public registers belong to the councils.", {"public registers"}),
        # a name ends at its relative clause
        ("We do not accept hazardous waste: no paint or batteries, and customers who need "
         "those collected are referred on.", {"hazardous waste"}),
        # a year says when, never what: "since 2022" is no name
        ("There are no ADI courses here, and since 2022 we take only qualified ADIs.",
         {"ADI courses"}),
        # a long proper name, also without the kind of body it ends with
        ("We have never been an Arts Council National Portfolio Organisation.",
         {"National Portfolio Organisation", "Arts Council National Portfolio"}),
        ("We have never had an Arts Council project grant.", {"Arts Council project grant"}),
    ],
)  # fmt: skip
def test_the_preamble_names_what_the_organization_has_not(preamble: str,
                                                          phrases: set[str]) -> None:  # fmt: skip
    assert set(declared_absent_phrases(preamble).values()) == phrases


OTHERS = ("Things other bodies own. The building belongs to the city council, which "
          "maintains the roof and keeps the building's asbestos register and structural "
          "surveys; we only report faults. Payroll is run by an outside bureau, which sends "
          "payslips into Breathe. The GP holds the medical record; we keep our referral "
          "letters. The county council does not hold our deeds.")


def test_what_another_body_holds_is_named_in_a_paragraph_about_theirs() -> None:
    """In a paragraph that says it is about other bodies' things, what a body other than
    the organization holds is theirs, as names only: not what is done to it ("is run
    by"), nor the organization's own part ("we keep our referral letters"), nor what a
    clause negates."""
    phrases = set(declared_absent_phrases(OTHERS).values())
    assert {"asbestos register", "structural surveys", "medical record"} <= phrases
    assert not {p for p in phrases if "referral" in p or "payslips" in p or "deeds" in p}
    assert "asbesto" not in declared_absent(OTHERS)  # a name, never a single word
    # without the paragraph's opening, a body holding something is no one's business
    assert "medical record" not in declared_absent_phrases(OTHERS.partition(". ")[2]).values()


def test_an_aside_naming_kinds_of_what_another_body_holds_names_them_too() -> None:
    """An aside in plain words after what another body holds names kinds of it, each
    theirs ("results (lung function, hearing, medicals)"); an aside saying who or when
    ("(their GP surgery)", "(until 2023)") names nothing."""
    said = ("Things other bodies own. Our occupational health provider holds staff health "
            "surveillance results (lung function, hearing, medicals); we receive only "
            "fit-for-work letters. The county keeps the planning register (until 2023) and "
            "the tree orders (their GIS team).")
    phrases = set(declared_absent_phrases(said).values())
    assert {"lung function", "staff health surveillance results"} <= phrases
    assert not {p for p in phrases if "until" in p or "GIS" in p or "fit" in p}


def test_a_lost_list_item_kept_for_a_time_is_no_thing_never_kept() -> None:
    """"What was lost or never kept:" heads its items, but one that says how long a thing
    is kept before it goes ("RAW files are purged once three full years have passed")
    says the thing is kept; one that says only where a thing goes for a time ("Lost
    property goes in the crate for 30 days, unlogged") is still no record. A time word
    ("from earlier seasons") is no thing."""
    said = ("What was lost or never kept:\n- RAW files are purged every January once three "
            "full years have passed since the wedding.\n- Lost property goes in the blue "
            "crate for 30 days, unlogged.\n- No drone before 2022, so there are no flight "
            "logs or aerial images from earlier seasons.")
    phrases = set(declared_absent_phrases(said).values())
    assert "RAW files" not in phrases and "Lost property" in phrases
    absent = declared_absent(said)
    assert {"flight", "aerial"} <= absent and not _stems("earlier RAW") & absent



def test_a_word_that_only_grades_what_is_absent_is_no_thing() -> None:
    """"The rescue mobile keeps no useful call history": the history is absent;
    "useful" (which stems as "used" does) is not, so "Who used to do the shifts?" asks
    for nothing the organization lacks."""
    absent = declared_absent("- The rescue mobile keeps no useful call history: voicemail "
                             "auto-deletes after 30 days.")
    assert _stems("history") <= absent
    assert not _stems("useful used") & absent

def test_what_befell_a_list_or_its_keeping_is_no_thing() -> None:
    """"What we do not keep, or have lost:" heads the list that follows; "lost" and "keep"
    are no things the organization lacks, so "the customer's lost it" and "how long do we
    keep it" ask for nothing absent. The items under it are."""
    said = ("What we do not keep, or have lost:\n- We do not record phone calls.\n- Paper "
            "files from before 2019 were never scanned and are gone.")
    absent = declared_absent(said)
    assert _stems("phone calls") <= absent
    assert not _stems("lost gone keep have are") & absent
    # near miss: a thing kept by no one stays a thing when its verb is "keep" or "hold"
    assert _stems("cctv") <= declared_absent("We do not keep or hold CCTV.")


def test_a_semicolon_in_an_aside_ends_no_list() -> None:
    """"What we do NOT do: ... timesheets (Kev and Shaun are salaried; nobody logs hours),
    CCTV, and pavement licences": the list runs past the aside; a clause of the
    organization's own in an aside ("; we look after block structure") negates nothing."""
    said = ("What we do NOT do: embroidery, timesheets or clocking in (Kev and Shaun are "
            "salaried; nobody logs hours per job), CCTV (there are no cameras), and "
            "pavement licences.\n\nWhat we do not do:\n- no repairs inside shared "
            "owners' homes (shared owners repair their own homes; we look after block "
            "structure and communal areas)")
    absent = declared_absent(said)
    assert _stems("timesheets CCTV pavement licences") <= absent
    assert not _stems("structure communal") & absent


def test_a_list_of_what_other_bodies_hold_names_a_thing_each() -> None:
    """"What other bodies hold, not us:" heads a list whose items are things, who holds
    each in brackets or after a colon: each is theirs, not its holder, not whose it is
    ("the inspector's own working notes"), not what the organization does ("we only
    issue receipts"), not a clause that says something."""
    said = ("What other bodies hold, not us: patients' GP medical records (their GP "
            "surgery); dentists' NHS pension records (NHSBSA NHS Pensions); dental "
            "insurance claims (their insurer, e.g. Bupa: we only issue receipts); card "
            "payments and chargebacks: Dojo; the inspector's own working notes; Denplan "
            "lists from before we left Denplan; old league results are lost.")
    phrases = set(declared_absent_phrases(said).values())
    assert {"GP medical records", "NHS pension records", "dental insurance claims",
            "card payments", "working notes"} <= phrases
    assert not {p for p in phrases if p.split()[0] in ("Bupa", "Dojo", "inspector",
                                                       "receipts", "Denplan", "league")}
    # a head that is not of a list of what others hold reads none of it
    assert "card payments" not in declared_absent_phrases(
        said.replace("What other bodies hold, not us:", "What we found:")).values()


def test_a_sentence_opening_with_the_landlord_holding_things_is_theirs_anywhere() -> None:
    """"The landlord holds all building records: ... heating boiler servicing" needs no
    paragraph about other bodies; a body that may be the organization's own does."""
    said = ("Acme Play opened in 2016. The landlord holds all building records: "
            "legionella risk assessment, heating boiler servicing, roof. The office "
            "keeps the lease file.")
    phrases = set(declared_absent_phrases(said).values())
    assert "heating boiler servicing" in phrases
    assert not {p for p in phrases if "lease" in p}


def test_our_landlord_holding_a_thing_is_another_body_holding_it() -> None:
    """"Our landlord, Derwent Estates, holds the buildings insurance": whose landlord it
    is says nothing of whose the insurance is; "we" holding it still does. A noun in
    "-ings" is no verb of holding ("buildings", not "builds")."""
    said = ("Things other bodies own. Our landlord, Derwent Estates, holds the buildings "
            "insurance. Our office and we keep the lease file.")
    phrases = set(declared_absent_phrases(said).values())
    assert "buildings insurance" in phrases
    assert not {p for p in phrases if "lease" in p}
    # "builds" is a verb, and names no thing
    assert not declared_absent_phrases("We have no builds server or hosted builds.")


def test_what_a_body_keeps_its_own_of_is_named_as_a_whole() -> None:
    """"Coaches keep their own private lesson diaries": the diaries are theirs, not every
    lesson ("photographing the kids' lesson"); and what else they do is not theirs."""
    said = ("Coaches keep their own private lesson diaries and charge pupils directly. The "
            "ambulance trusts keep their own patient records and know what happened.")
    assert {"private lesson diaries", "patient records"} <= set(
        declared_absent_phrases(said).values())
    assert not _stems("lesson diaries patient happened") & declared_absent(said)


@pytest.mark.parametrize("head", ["What belongs to other people.", "Other people's business.",
                                  "Whose business it is.", "Held by other bodies:"])
def test_a_paragraph_about_others_may_open_with_whose_business_it_is(head: str) -> None:
    """Other openings say the paragraph is about other bodies' things too; what "each
    claimant's" journal is, is a journal, whoever's it is."""
    said = f"{head} DWP decides benefit claims and keeps each claimant's Universal Credit journal."
    assert "Universal Credit journal" in declared_absent_phrases(said).values()
    assert "Universal Credit journal" not in declared_absent_phrases(
        f"How we work. {said.partition('. ')[2]}").values()  # fmt: skip


def test_what_bodies_a_sentence_opens_with_keep_their_own_of_is_theirs() -> None:
    """"Midwives, health visitors and district nurses are employed by the trust and keep
    their own notes": the health visitor's notes are theirs; an aside names no body."""
    kept = declared_kept_own("Midwives, health visitors and district nurses are employed by "
                             "the community NHS trust and keep their own notes. The groups "
                             "who hire the hall (the WI, Pilates) keep their own registers.")
    assert {written for _, _, written in kept} == {
        "Midwives' own notes", "visitors' own notes", "nurses' own notes",
        "groups' own registers"}
    asked = "Where are the health visitor's notes from her visit to the new baby?"
    assert kept_own_asked(asked, kept) == ("visitors' own notes",)
    # and after a colon
    logs = declared_kept_own("We are not a rescue service: HM Coastguard and the RNLI keep "
                             "their own call logs.")  # fmt: skip
    assert {written for _, _, written in logs} == {"Coastguard's own call logs",
                                                   "RNLI's own call logs"}
    assert kept_own_asked("Where are the practice nurse's notes?", kept) == ("nurses' own notes",)
    # a body named before "which keeps", each thing once said "its own"
    bakery = declared_kept_own("Cakes come from Forge Bakehouse, which keeps its own recipes "
                               "and its own hygiene inspections.")
    assert {written for _, _, written in bakery} == {"Bakehouse's own recipes",
                                                     "Bakehouse's own hygiene inspections"}
    assert kept_own_asked("Where are the notes from the nurse visit?", kept) == ()
    cards = [card("record", "the patient record: consultations, notes, results"),
             card("hire", "hall hire: bookings and the groups who hire")]
    router = OfflineRouter(make_index(cards, "Health visitors keep their own notes. The "
                                             "groups who hire the hall keep their own "
                                             "registers."))  # fmt: skip
    assert router.rank(asked).verdict == "nowhere"
    assert router.rank("Where are the GP's notes from the visit?").verdict != "nowhere"


def test_a_question_for_what_another_body_holds_is_a_nowhere() -> None:
    index = make_index(CARE, OTHERS)
    ranking = OfflineRouter(index).rank("Contractors are drilling the fly tower wall: where's "
                                        "the building's asbestos register?")  # fmt: skip
    assert ranking.verdict == "nowhere"
    assert ranking.ruled_out == ("asbestos register",)


COURTS = ("Things that belong to other bodies. Courts decide whether an interpreter is "
          "needed and own the hearing record, transcripts and outcomes. The council runs the "
          "car parks and collects the fines.")
INTERPRETING = [
    card("bookings", "interpreting bookings: hearings, appointments, the interpreter sent",
         contains="court and tribunal hearings; job sheets; the interpreter's report"),
    card("dispatch", "dispatch board of the day's jobs", contains="jobs and drivers"),
]  # fmt: skip


def test_what_another_body_keeps_its_own_of_is_a_nowhere_when_asked_as_theirs() -> None:
    """"Hesket Parish Council keeps its own minutes": "the parish council's minutes" have
    nowhere to be looked for here; "licensing" of "its own licensing and environmental
    health files" is licensing files, not the council's licensing officer."""
    said = ("Things other bodies own. Hesket Parish Council keeps its own minutes and the "
            "records of the loan; its clerk answers for those. Cornwall Council keeps its "
            "own licensing and environmental health files.")  # fmt: skip
    kept = declared_kept_own(said)
    assert {written for _, _, written in kept} == {
        "Council's own minutes", "Council's own records of the loan",
        "Council's own licensing files", "Council's own environmental health files"}
    asked = "Where are the parish council's minutes from the meeting about the loan?"
    assert kept_own_asked(asked, kept) == ("Council's own minutes",)
    officer = "The council's licensing officer is on the phone about more pitches."
    assert kept_own_asked(officer, kept) == ()
    assert kept_own_asked("Where are the committee minutes?", kept) == ()  # not theirs
    cards = [card("minutes", "committee minutes and AGM papers", contains="minutes since 2017")]
    router = OfflineRouter(make_index(cards, said))
    assert router.rank(asked).verdict == "nowhere"
    assert router.rank("Where are the committee minutes from March?").verdict != "nowhere"
    # a separate body with its own things, asked for by the whole name of whose they are
    hall = declared_kept_own("Melmerby Village Hall is a separate charity with its own "
                             "trustees, bookings and minutes.")  # fmt: skip
    assert {written for _, _, written in hall} == {
        "Hall's own trustees", "Hall's own bookings", "Hall's own minutes"}
    assert kept_own_asked("Where are the minutes of the village hall committee's AGM?",
                          hall) == ("Hall's own minutes",)  # fmt: skip
    assert kept_own_asked("Where are the minutes of the AGM held in the hall?", hall) == ()


def test_camera_footage_is_what_an_organization_with_no_cctv_has_not() -> None:
    """"We have no CCTV anywhere": "the camera footage" has nowhere to be looked for; the
    footage of a camera a card holds ("dashcam footage", "footage I can save") is left to
    the cards."""
    cards = [card("fleet-tracker", "van tracker and dashcam: positions and clips",
                  contains="dashcam footage kept 30 days"),
             card("accident-book", "accidents and near misses in the yard")]  # fmt: skip
    router = OfflineRouter(make_index(cards, "What we do not do. We have no CCTV anywhere."))
    for asked in ("Someone scratched a car in the yard. Can we check the camera footage?",
                  "Can we get the footage from the cameras to see who dumped the bikes?",
                  "A buggy went missing from the porch on Thursday. Can we check the cameras?"):
        ranking = router.rank(asked)
        assert ranking.verdict == "nowhere" and ranking.ruled_out == ("CCTV",)
    assert router.rank("A lorry nearly hit our van. Is there footage I can save?").ruled_out \
        == ()  # fmt: skip
    with_cctv = OfflineRouter(make_index(cards, "What we do not do. We sell no vans."))
    assert with_cctv.rank("Can we check the camera footage?").ruled_out == ()


def test_a_p60_is_what_an_organization_with_no_payroll_has_not() -> None:
    """"No employees, so no payroll": a P60 or a payslip has nowhere to be looked for.
    Where a card has payslips (a payroll bureau's portal), the cards answer it."""
    cards = [card("treasurer-cashbook", "the treasurer's cashbook: subs, door money, "
                  "hall hire and tutors' invoices"),
             card("members-list", "names, addresses and phone numbers of members")]
    preamble = "What we do not do. No employees, so no payroll. We sell no quilts."
    router = OfflineRouter(make_index(cards, preamble))
    for asked in ("Where are the P60s for the tea-room helpers? I need mine for a form",
                  "Where would I find payslips for the staff? Need one for a mortgage"):
        ranking = router.rank(asked)
        assert ranking.verdict == "nowhere" and ranking.ruled_out == ("payroll",)
    assert router.rank("Where is the cashbook for the hall hire?").ruled_out == ()
    bureau = card("payroll-portal", "the bureau's portal: payslips and P60s for staff")
    with_slips = OfflineRouter(make_index([*cards, bureau], preamble))
    assert with_slips.rank("Where can I download my P60?").ruled_out == ()


def test_a_gps_trace_is_what_an_organization_with_no_tracker_has_not() -> None:
    """"No tracker in the van": "the GPS trace of the van's route" has nowhere to be
    looked for, though a card is a volunteer tracker; "our tracker" is that card's."""
    cards = [card("volunteer-tracker", "volunteer tracker: training, DBS and hours"),
             card("van-logbook", "the van's logbook: trips, mileage, fuel")]  # fmt: skip
    router = OfflineRouter(make_index(cards, "What we do not keep. No tracker in the van."))
    ranking = router.rank("Need the GPS trace of the van's route last Tuesday")
    assert ranking.verdict == "nowhere" and ranking.ruled_out == ("tracker",)
    assert router.rank("Is Ruth's first aid on our tracker?").ruled_out == ()
    tracked = [*cards, card("telematics", "van GPS positions and journeys")]
    with_gps = OfflineRouter(make_index(tracked, "What we do not keep. No tracker in the van."))
    assert with_gps.rank("Need the GPS trace of the van's route last Tuesday").ruled_out == ()


def test_a_thing_of_one_word_another_body_holds_is_a_nowhere() -> None:
    """A thing of one word that the paragraph about other bodies' things says one holds,
    that no card mentions, rules a question out; not a word the question uses in a
    common sense ("I can see the job fine"), nor one a card uses."""
    assert {"transcript", "outcom"} <= held_alone(COURTS)
    assert "record" not in held_alone(COURTS)  # "the hearing record" is a name
    # a thing of one word with its article ("the defibrillator") is one word
    assert "defibril" in held_alone("Things other bodies keep. The parish council owns the "
                                    "playing field and the defibrillator on the front wall.")
    # the things first, then whose: "... are with them, not us"
    bureau = ("Things other bodies own. Staff pay is run by our accountants' bureau (Dinsdale "
              "& Co): payslips, P60s and pension records are with them, not us.")
    assert "payslip" in held_alone(bureau)  # ("P60s" is a name: read as a phrase)
    assert "payslip" not in held_alone(bureau.replace("are with them", "go to staff"))
    # ... or with a body by its name: "pensions are with NEST"
    nest = ("What other bodies hold: payroll is run by our accountants; pensions are with "
            "NEST (each person logs in to their own account).")
    assert "pension" in held_alone(nest)
    assert "pension" not in held_alone(nest.replace("are with NEST", "are with us"))
    farm = ("Things other bodies own. The farm is a separate business: its livestock records, "
            "cattle passports and machinery are the partnership's and are not kept here.")
    assert "cattle passports" in declared_absent_phrases(farm).values()
    assert "machineri" in held_alone(farm)
    # what another body handles is theirs too, in a paragraph headed "Some things ..."
    closures = "Some things belong to other people. The council handles road closure orders."
    assert "road closure orders" in declared_absent_phrases(closures).values()
    assert declared_absent_phrases(closures.replace("belong to other people", "we do")) == {}
    records = closures.replace("Some things", "Some records")
    assert "road closure orders" in declared_absent_phrases(records).values()
    # a clause that points back ("and those records") is about what it points to
    signed = ("Windows fitted between April 2002 and our FENSA registration in March 2003 "
              "were signed off by Chorley Council building control, and those records are "
              "the council's.")
    assert "FENSA registration" not in declared_absent_phrases(signed).values()
    assert "FENSA registration" in declared_absent_phrases(
        signed.replace(", and those records", " and")).values()
    # one thing that "is" someone's is a body they run, not a list of their things
    hall = "Things other bodies own. The hall is the council's and the bar is the tenant's."
    assert held_alone(hall) == frozenset()
    router = OfflineRouter(make_index(INTERPRETING, COURTS))
    asked = router.rank("Defence counsel wants the transcript of the hearing our "
                        "interpreter attended. Where do we keep that?")  # fmt: skip
    assert asked.verdict == "nowhere"
    assert asked.ruled_out == ("transcript",)
    fine = router.rank("I can see the job fine on the dispatch board, but who is driving it?")
    assert fine.verdict != "nowhere"
    assert fine.candidates[0].card_id == "dispatch"
    # a card that says it holds transcripts answers for them
    holding = [*INTERPRETING, card("archive", "hearing transcripts we were sent")]
    asked = OfflineRouter(make_index(holding, COURTS)).rank(
        "Defence counsel wants the transcript of the hearing our interpreter attended.")
    assert asked.verdict != "nowhere" and not asked.ruled_out
    assert "archive" in [c.card_id for c in asked.candidates]


FOUNDRY = ("What we do not do. We do not teach ringing: training a band is for the "
           "ringers' guild. We do not see or repair hospital-issued aids.")
BELLS = [
    card("tower-jobs", "tower jobs: rehanging rings of bells, the ringing chamber, frames",
         contains="ringing trials after a rehang; the tower captain's sign-off"),
    card("tuning", "tuning records of each bell", contains="ringing pitch, partials"),
]  # fmt: skip


def test_what_is_not_done_to_a_thing_the_cards_have_is_a_nowhere() -> None:
    """"We do not teach ringing": a bell foundry's cards are full of ringing, so the word
    rules nothing out; a question asking for it to be taught is a nowhere. The verb must
    be asked to be done ("someone to teach them"), and a thing whose kind is a compound
    ("hospital-issued aids") is not any of its kind."""
    assert list(declared_undone(FOUNDRY, RouterConfig().undone_verb_min)) == [
        (frozenset({"teach"}), frozenset({"ring"}), "teach ringing")]
    router = OfflineRouter(make_index(BELLS, FOUNDRY))
    asked = router.rank("The new band needs someone to teach them ringing. Who can do it?")
    assert asked.verdict == "nowhere"
    assert asked.ruled_out == ("teach ringing",)
    for asked_so in ("Could someone teach the new band ringing on Tuesday nights?",
                     "Could the foreman teach our new band ringing on Tuesdays?"):
        assert router.rank(asked_so).ruled_out == ("teach ringing",)
    said = router.rank("Which tower jobs had ringing trials the guild teaches from?")
    assert said.verdict != "nowhere" and not said.ruled_out
    assert said.candidates[0].card_id == "tower-jobs"
    # asked with its subject after the modal: "Can we teach ...", "Can I learn ..."
    for asked_so in ("Can we teach the new band ringing on Tuesdays?",
                     "Can I learn ringing with you on Tuesday nights?"):
        assert router.rank(asked_so).ruled_out == ("teach ringing",)
    # a ring of bells is no ringing
    basics = router.rank("I keep hearing whether a ring is true. Where can I learn the basics?")
    assert not basics.ruled_out


def test_what_cannot_be_done_to_a_thing_is_a_nowhere() -> None:
    """"the hide can't be booked": a question asking to book it has nowhere to look."""
    preamble = "We have never had a cafe or visitor centre, and the hide can't be booked."
    assert list(declared_undone(preamble, RouterConfig().undone_verb_min)) == [
        (frozenset({"book"}), frozenset({"hide"}), "the hide can't be booked")]
    cards = [card("events", "guided walks and events: bookings through Eventbrite"),
             card("hide-book", "the hide book: sightings visitors write in the hide")]
    router = OfflineRouter(make_index(cards, preamble))
    booked = router.rank("Can I book the hide for a photography session next Saturday?")
    assert booked.verdict == "nowhere" and booked.ruled_out == ("the hide can't be booked",)
    seen = router.rank("What did visitors see from the hide last Saturday?")
    assert not seen.ruled_out and seen.candidates[0].card_id == "hide-book"


def test_what_is_not_sold_is_not_bought_from_us() -> None:
    """"We never sell trees": a friend who wants to buy trees from us asks us to sell
    them; the object must be asked whole ("sell cider online" is not "sell cider")."""
    preamble = "We never sell trees or rootstocks. We do not sell cider online."
    cards = [card("tree-register", "tree register: every tree, its variety and row"),
             card("licences", "licences: the hours we may sell cider from the barn",
                  contains="premises licence, cider sales")]  # fmt: skip
    router = OfflineRouter(make_index(cards, preamble))
    asked = router.rank("A friend wants to buy two of our trees for her garden. Price?")
    assert asked.verdict == "nowhere" and asked.ruled_out == ("sell trees",)
    # what the thing is for names it too: "write valuations for divorce"
    assert [what for _, what, _ in declared_undone(
        "We do not write valuations for divorce or court cases.", 1.0)] == [
        frozenset({"valuat", "divorc"})]
    hours = router.rank("What hours are we allowed to sell cider from the barn?")
    assert hours.verdict != "nowhere" and not hours.ruled_out
    assert hours.candidates[0].card_id == "licences"
    # what we buy ourselves is no selling: "when did we buy the new trees" sells none
    bought = router.rank("When did we buy the trees in the top row, and what did we pay?")
    assert "sell trees" not in bought.ruled_out


def test_what_is_not_had_is_not_known_from_a_card_word_it_only_opens() -> None:
    """"There are no parties": a card's "participants" is not a party, so a party asked
    for is ruled out; "no machines" still counts a card's "machinery" as a form of it."""
    preamble = "No one under 16 may be in the studio: there are no parties. We hire no machines."
    cards = [card("classes", "adult classes: terms, participants and waiting lists"),
             card("kilns", "kiln firing log and machinery servicing")]  # fmt: skip
    router = OfflineRouter(make_index(cards, preamble))
    party = router.rank("Someone wants to book a pottery party for a birthday. Where?")
    assert party.verdict == "nowhere" and party.ruled_out == ("party",)
    serviced = router.rank("When were the machines last serviced?")
    assert not serviced.ruled_out and serviced.candidates[0].card_id == "kilns"
    # nor is an "organiser" anything organic
    honey = OfflineRouter(make_index(
        [card("lab", "honey lab results and certificates"),
         card("courses", "course bookings and the course organiser's notes")],
        "The honey has never been certified organic (the bees forage where they like)."))
    certificate = honey.rank("A stockist wants a copy of our organic certificate for the honey.")
    assert certificate.verdict == "nowhere" and certificate.ruled_out == ("organic",)


def test_a_word_of_the_organization_s_own_name_is_never_what_it_has_not() -> None:
    """"We do not run accredited falconry courses" at Glenfield Falconry Centre: falconry
    is what the whole map is about, though no card says the word."""
    preamble = "We do not run accredited falconry courses or award qualifications."
    cards = [card("office", "office drive: price list, glossary of hawking words"),
             card("bookings", "bookings: hawk walks and experience days")]
    index = make_index(cards, preamble)
    words = OfflineRouter(index).rank("Is there a list of falconry words somewhere?")
    assert words.ruled_out == ("falconry",)
    named = OfflineRouter(replace(index, title="Glenfield Falconry Centre"))
    asked = named.rank("Is there a list of falconry words somewhere?")
    assert not asked.ruled_out and asked.candidates[0].card_id == "office"


def test_a_preamble_read_again_reads_the_same() -> None:
    """The negations are read once a preamble and kept: reading the phrases edits its
    own copy of each list ("never see or store": the verbs go), not the one kept."""
    preamble = "We never see or store players' payment card details. We sell no gas."
    first = declared_absent_phrases(preamble)
    assert declared_absent_phrases(preamble) == first
    assert declared_absent(preamble) == declared_absent(preamble) >= {"ga"}


CARE = [
    card("bed-board", "live bed status on hospital wards", contains="beds per ward, nursing "
         "notes, discharge lounge"),
    card("home-care", "home care visits after discharge", contains="visits to patients' homes"),
]  # fmt: skip


def test_a_question_naming_what_the_organization_has_not_is_a_nowhere() -> None:
    """Cards speak of nursing and of homes, never of nursing homes: the preamble's name
    still rules the question out, and says so."""
    said = "Acme runs hospitals. It runs no ambulances, nursing homes or dental services."
    index = make_index(CARE, said)
    ranking = OfflineRouter(index).rank("Which of our nursing homes has a free bed this week?")
    assert ranking.verdict == "nowhere"
    assert ranking.ruled_out == ("nursing homes",)
    # a card that says the phrase has something on it: routed as usual
    with_phrase = [*CARE, card("partners", "places we discharge to, nursing homes included")]
    index = make_index(with_phrase, said)
    ranking = OfflineRouter(index).rank("Which of our nursing homes has a free bed this week?")
    assert ranking.ruled_out == ()
    assert ranking.verdict != "nowhere"


def test_what_the_preamble_says_is_done_is_not_ruled_out_by_a_narrower_denial() -> None:
    """A cleaner whose preamble says it runs a wedding-dress cleaning service, and that
    it does not do "wedding dresses for sale or hire": a question about a wedding dress
    it cleaned is not ruled out, though no card says "wedding dress"."""
    cards = [card("bridal-files", "wedding service files: each dress, its box and condition",
                  contains="condition reports, box numbers"),
             card("price-list", "what we charge for cleaning coats, suits and dresses")]
    said = ("We run a wedding-dress cleaning and preservation service. What we do NOT do: "
            "wedding dresses for sale or hire; dyeing.")
    router = OfflineRouter(make_index(cards, said))
    boxed = router.rank("Which box did the Bennett wedding dress go in?")
    assert boxed.ruled_out == () and boxed.verdict != "nowhere"
    assert router.rank("how much to dye a dress black?").ruled_out == ("dye",)
    # without the service said, the denial's name is all there is
    denied = OfflineRouter(make_index(cards, said.split(". ", 1)[1]))
    assert denied.rank("Which box did the Bennett wedding dress go in?").ruled_out \
        == ("wedding dresses",)


def test_where_the_organization_works_is_no_thing_it_says_it_does() -> None:
    """"We run the feed station at the Lakes Gravel Sportive" says where the club works,
    not that the Sportive is its own: the denial that it runs the Sportive stands."""
    cards = [card("drive-events", "events folder: feed station rotas, marshal lists")]
    said = ("We run the feed station at the Lakes Gravel Sportive. We do not run the Lakes "
            "Gravel Sportive.")
    ranking = OfflineRouter(make_index(cards, said)).rank(
        "What were the finishing times at the Lakes Gravel Sportive?")
    assert "Lakes Gravel Sportive" in ranking.ruled_out


def test_a_name_the_organization_has_not_is_also_asked_by_its_initials() -> None:
    """"We do not provide British Sign Language interpreting": a BSL interpreter has
    nowhere to go. Initials count only for a name capitalized word for word, and only
    while no card uses them."""
    cards = [card("interp-desk", "interpreter bookings for hospitals and courts",
                  contains="face-to-face and video interpreting")]  # fmt: skip
    said = "We do not provide British Sign Language interpreting or subtitling services."
    question = "A deaf patient needs a BSL interpreter on Thursday. Can we send one?"
    ranking = OfflineRouter(make_index(cards, said)).rank(question)
    assert ranking.verdict == "nowhere"
    assert ranking.ruled_out == ("British Sign Language interpreting",)
    assert Phrases({("subtitl", "servic"): "subtitling services"}).abbreviated("SS") == {}
    assert Phrases({("uk", "film"): "UK films"}).abbreviated("UF") == {}  # one capital
    known = [*cards, card("bsl-partner", "the BSL agency we pass sign language requests to")]
    ranking = OfflineRouter(make_index(known, said)).rank(question)
    assert ranking.ruled_out == () and ranking.verdict != "nowhere"


def test_a_name_the_organization_has_not_is_asked_by_its_initials_and_the_rest() -> None:
    """"DWP keeps each claimant's Universal Credit journal": the UC journal is theirs,
    though cards speak of UC."""
    cards = [card("uc-help", "Help to Claim: UC claims, the UC calculator and deadlines"),
             card("casebook", "client case records and notes")]
    said = "What belongs to others. DWP keeps each claimant's Universal Credit journal."
    router = OfflineRouter(make_index(cards, said))
    ranking = router.rank("Can we read what the work coach put in Ms Bell's UC journal?")
    assert (ranking.verdict, ranking.ruled_out) == ("nowhere", ("Universal Credit journal",))
    assert router.rank("Where is the UC calculator?").verdict != "nowhere"


def test_a_name_the_organization_has_not_is_told_from_a_common_word_by_its_case() -> None:
    """"We do not use Microsoft Teams", and cards speak of the yard team: "the Teams
    channel" asks for the product, "the team channel" does not. A sentence's first word
    says nothing by its case, and a card writing the name keeps it routable."""
    cards = [card("yard-channel", "the boatyard team's chat channel: crane lifts, jobs",
                  kind="chat-channel"),
             card("it-desk", "IT help: laptops, passwords, email")]  # fmt: skip
    said = "Staff chat is Slack; we do not use Microsoft Teams."
    assert declared_absent_names(said) == {"Teams"}  # the name's last word; not "Slack"
    assert declared_absent_names("No gullies. Road gullies are not ours.") == set()
    router = OfflineRouter(make_index(cards, said))
    ranking = router.rank("What's the Teams channel the yard uses to talk about crane lifts?")
    assert ranking.ruled_out == ("Teams",) and ranking.verdict == "nowhere"
    assert router.rank("Which team channel does the yard use for crane lifts?").ruled_out == ()
    assert router.rank("Teams in the yard: where do they post crane lifts?").ruled_out == ()
    assert router.rank("Who does the Yard Teams rota for crane lifts?").ruled_out == ()
    assert names_asked("Is it Teams or Slack? Teams.", frozenset({"Teams"})) == ("Teams",)
    written = [*cards, card("m365", "Microsoft 365 admin: Teams, SharePoint and Exchange")]
    ranking = OfflineRouter(make_index(written, said)).rank("Where is the Teams channel?")
    assert ranking.ruled_out == () and ranking.verdict != "nowhere"


def test_a_name_of_common_words_asked_by_its_name_is_not_overruled() -> None:
    """"claims no Gift Aid": "Do we claim Gift Aid on the subs?" asks for the scheme by
    its name, though its words are common and a source of claims and subs is sure of
    itself; the same words written small are common ones, which that source overrules."""
    cards = [card("treasurer", "the treasurer: expense claims, subs received, refunds",
                  contains="signs off claims monthly", examples=(
                      Example("claiming for subs refunds", "send the receipt"),)),
             card("members", "members register: names, subs paid, grades")]  # fmt: skip
    said = "It is not a registered charity and claims no Gift Aid."
    sure = RouterConfig(confident_at=0.4)  # this small map's source is sure of itself
    router = OfflineRouter(make_index(cards, said), config=sure)
    asked = router.rank("Do we claim Gift Aid on the subs? Where are the declarations?")
    assert asked.ruled_out == ("Gift", "Aid") and asked.verdict == "nowhere"
    small = router.rank("Do we claim gift aid on the subs? Where are the declarations?")
    assert small.ruled_out == () and small.verdict == "confident"
    assert small.candidates[0].card_id == "treasurer"


def test_a_name_that_is_a_common_word_no_card_uses_is_ruled_out_by_its_name() -> None:
    """"We do not use Slack or Teams", and no card says "team": the conservation team is
    no Microsoft Teams; "the Teams call" is; a name said as part of a longer one
    ("Natural Resources Wales") is asked for at the end of a longer one too."""
    cards = [card("conservation-jobs", "conservation repairs to listed buildings: method"),
             card("licences", "bat licence applications and templates")]  # fmt: skip
    said = "We make no applications to Natural Resources Wales. We do not use Slack or Teams."
    assert absent_only_as_names(said, lambda w: specificity(w) < 2.5) == {"Teams"}
    router = OfflineRouter(make_index(cards, said))
    moving = "I'm joining the conservation team. How do we go about listed repairs?"
    assert router.rank(moving).ruled_out == ()
    assert router.rank("Where's the Teams call link for the repairs?").ruled_out == ("Teams",)
    asked = router.rank("Where's our template for a Natural Resources Wales bat licence?")
    assert "Wales" in asked.ruled_out and asked.verdict == "nowhere"


def test_what_a_negation_says_since_is_when_not_what() -> None:
    """"We have not organised a road race since the last Staveley 10K in 2012": the club
    has no road race; Staveley, where it still meets, is no thing it has not."""
    said = "We have not organised a road race since the last Staveley 10K in 2012."
    assert "road" in declared_absent(said)
    assert "stavelei" not in declared_absent(said) and "10k" not in declared_absent(said)


def test_where_the_asker_comes_from_is_not_what_they_ask_for() -> None:
    """"We are not a riding school": a new starter who has come from one asks about the
    breeding yard, not for riding lessons."""
    cards = [card("stud-book", "the stud book: mares, coverings, foaling dates, papers"),
             card("treks", "guided treks and hacks: bookings, rider weights")]  # fmt: skip
    router = OfflineRouter(make_index(cards, "We are not a riding school: no lessons."))
    for came in ("I've come from a riding school. How does the mares' year go here, "
                 "from covering to foaling papers?",
                 "I used to work at a riding school, so where's the stud book for mares?",
                 "Coming over from a riding school. Where's the stud book for mares?"):
        assert router.rank(came).ruled_out == ()
    asked = router.rank("Can I book my daughter into the riding school on Saturday?")
    assert "riding school" in asked.ruled_out and asked.verdict == "nowhere"


@pytest.mark.parametrize(
    ("preamble", "heads"),
    [
        ("We have no pharmacy of our own.", {"pharmaci"}),
        ("It runs no laboratory of its own beyond in-house analysers.", {"laboratori"}),
        ("We have no pharmacy of our own, and no in-house gas engineers.",
         {"pharmaci", "engin"}),
        ("We have no anti-cheat of our own.", {"cheat"}),  # a compound's head
        ("- no in-house laundry", {"laundri"}),
        ("We have a pharmacy of our own.", set()),  # not negated
        ("The car park of our own is run by NCP.", set()),
        # what it owns none of, up to the next clause or negation
        ("We own no boats or habitat bank in the region.", {"boat", "bank"}),
        ("We own no mailing lists, never rent or sell lists, and do no leaflet drops.",
         {"list"}),
        ("It owns no aircraft, and charters jets from operators.", {"aircraft"}),
        # what is listed with the last item's "of our own" is none of its own either,
        # back to the "no" that starts its part of the list
        ("We have no cemetery or burial ground of our own.", {"cemeteri", "ground"}),
        ("We have no speech and language therapists, nurses or physiotherapists of our "
         "own.", {"speech", "therapist", "nurs", "physiotherapist"}),
        ("There is no business cabin, no duty-free and no airport lounge of our own.",
         {"loung"}),
        ("We have no wire service, syndicate or national edition of our own.",
         {"servic", "syndic", "edit"}),
    ],
)  # fmt: skip
def test_the_preamble_names_what_the_organization_has_none_of_its_own_of(
        preamble: str, heads: set[str]) -> None:  # fmt: skip
    assert declared_unowned(preamble) == heads


def test_a_question_asks_for_the_organizations_own() -> None:
    heads = frozenset({"pharmaci", "lab", "engin"})
    ours = frozenset({"hollybank", "hospic"})
    assert own_asked("Can our own lab run a migration test?", heads, ours) == ("our own lab",)
    assert own_asked("Where's the hospice pharmacy's ordering system?", heads, ours) == (
        "hospice pharmacy",)
    assert own_asked("Is the Hollybank pharmacy open?", heads, ours) == ("Hollybank pharmacy",)
    # not across a clause: "who does what at Hollybank, which lab is which"
    assert own_asked("who does what at Hollybank, which lab is which", heads, ours) == ()
    assert own_asked("an in-house gas engineer for Friday", heads, ours) == (
        "in-house gas engineer",)
    assert own_asked("When is the rent review on the labs we own?", heads, ours) == (
        "labs we own",)
    assert own_asked("the engineers that we own vans for", heads, ours) == ()  # not theirs
    # "ours" says it as well as "our own": "which of our labs is free on Thursday"
    assert own_asked("Which of our labs is free on Thursday?", heads, ours) == ("our labs",)
    # the thing itself, whoever's it is, or the organization's own something else
    assert own_asked("Which pharmacy supplies our drugs?", heads, ours) == ()
    assert own_asked("our own rota for the lab", heads, ours) == ()  # too far
    assert own_asked("a hospice nurse for the ward", heads, ours) == ()
    assert own_asked("our own lab", frozenset(), ours) == ()
    # another body's name that opens with a word of ours ("Audio Network" at Crook Audio)
    audio = frozenset({"crook", "audio"})
    licence = frozenset({"licenc", "pr"})
    assert own_asked("Audio Network licence pdf for a 2019 intro tune", licence, audio) == ()
    assert "Crook Audio licence" in own_asked("where's the Crook Audio licence", licence, audio)
    assert own_asked("the Audio PRS licence", licence, audio) == ("Audio PRS",)


def test_a_question_for_the_organizations_own_of_what_it_has_none_is_a_nowhere() -> None:
    """"We have no migration-testing lab of our own": the external lab's card covers
    migration testing, but "our own lab" has nowhere to go."""
    cards = [card("fcm-lab", "migration test reports from our external accredited lab",
                  contains="lab reports, test certificates")]  # fmt: skip
    said = "Acme prints cartons. We have no migration-testing lab of our own."
    router = OfflineRouter(make_index(cards, said))
    own = router.rank("Can our own lab run a migration test this afternoon?")
    assert own.verdict == "nowhere" and own.ruled_out == ("our own lab",)
    theirs = router.rank("Where are the lab's migration test reports?")
    assert theirs.verdict != "nowhere" and theirs.ruled_out == ()


def test_many_declared_phrases_are_matched_in_one_pass() -> None:
    preamble = "Acme runs no " + ", ".join(f"widget{i} gadget{i}" for i in range(20_000)) + "."
    phrases = Phrases(declared_absent_phrases(preamble))
    question = " ".join(f"widget{i} thing" for i in range(2_000)) + " widget7 gadget7"
    assert list(phrases.found_in(question).values()) == ["widget7 gadget7"]


def test_a_declared_list_is_asked_for_as_what_it_is_written_on() -> None:
    """"No stock list" has no stock sheet or stock spreadsheet either; not a "list" or a
    "log" made of a verb ("church and listed-building jobs" for "no church logbook")."""
    phrases = Phrases(declared_absent_phrases("We keep no stock list and no church logbook."))
    assert list(phrases.found_in("what does the stock sheet say?").values()) == ["stock list"]
    assert list(phrases.found_in("is it on the stock spreadsheet").values()) == ["stock list"]
    assert phrases.found_in("which church and listed-building jobs are waiting?") == {}
    assert phrases.found_in("when was the church logged") == {}


def test_a_declared_phrase_is_found_with_a_word_between() -> None:
    """"no patient app" rules out the patient adherence app too; not words that stand
    apart, and not when a card speaks of a patient adherence app."""
    phrases = Phrases({("patient", "app"): "patient app"})
    assert list(phrases.found_in("crash logs for the patient adherence app").values()) \
        == ["patient app"]  # fmt: skip
    assert phrases.found_in("the patient said the new app crashed") == {}
    assert phrases.found_in("a patient: app crashes") == {}
    assert phrases.found_in("patient 42 app") == {}
    # whose it is is no word between: "the GP's full record" is a GP record
    records = Phrases({("gp", "record"): "GP records"})
    assert list(records.found_in("the GP's full record of her reviews").values()) \
        == ["GP records"]  # fmt: skip
    said = "Acme runs hospitals. It has no patient app."
    question = "crash logs for the patient adherence app?"
    index = make_index(CARE, said)
    assert "patient app" in OfflineRouter(index).rank(question).ruled_out
    cards = [*CARE, card("apps", "the patient adherence app's crash reports")]
    index = make_index(cards, said)
    assert OfflineRouter(index).rank(question).ruled_out == ()


def test_a_declared_phrase_of_two_words_is_found_turned_round() -> None:
    """"No board minutes" rules out "the minutes from the last board meeting"; not "a
    record of what was sprayed" for "spray records", nor a word farther off."""
    minutes = Phrases({("board", "minut"): "board minutes"})
    assert list(minutes.found_in("minutes from the last board meeting").values()) \
        == ["board minutes"]  # fmt: skip
    assert list(minutes.found_in("the minutes of the board").values()) == ["board minutes"]
    assert minutes.found_in("minutes of the meeting about the new notice board") == {}
    assert minutes.found_in("the board wants the minutes") == {}
    sprays = Phrases({("spray", "record"): "spray records"})
    assert sprays.found_in("the proper record of what was sprayed") == {}


def test_a_card_saying_it_does_not_hold_a_name_does_not_say_it() -> None:
    """A gotcha that says a name is someone else's leaves it unsaid by the map, so the
    preamble's saying so still answers "nowhere"; a card that holds it says it."""
    assert "waybills" not in outside_negations(
        "Air waybills and customs clearance are the forwarders' and Border Force's, not "
        "ours. Bookings are here.")  # fmt: skip
    said = "Acme runs the airport. Air waybills are the forwarders' and Border Force's."
    question = "Where's the air waybill for the pallet in shed 3?"
    cargo = card("cargo-ops", "cargo operations: shed bookings, apron slots",
                 gotchas=("air waybills are the forwarders' and Border Force's, not ours",
                          "bookings close at noon"))  # fmt: skip
    ruled_out = OfflineRouter(make_index([*CARE, cargo], said)).rank(question).ruled_out
    assert "Air waybills" in ruled_out
    holds = card("awb-desk", "air waybills for the pallets we handle")
    index = make_index([*CARE, cargo, holds], said)
    assert OfflineRouter(index).rank(question).ruled_out == ()


@pytest.mark.parametrize(
    ("question", "theirs"),
    [
        ("Openreach's own cable records for the duct we share", ("Openreach",)),
        ("Where's the Bank of Lithuania's own guidance on capital?", ("Lithuania",)),
        ("How much does Ferrocrete pay its own operatives per hour?", ("Ferrocrete",)),
        ("what rules has Northshore configured in their own ServiceNow", ("Northshore",)),
        ("Acme's own policy on refunds", ()),  # the organization's own name
        ("Client sent over their own contract", ()),  # a sentence's first word is no name
        ("Practical Law has a letter but does the firm have its own version", ()),  # too far
        ("where are the lab's own turbidity results?", ()),  # a source is the lab's
        ("can I read the ombudsman's own case notes?", ("ombudsman",)),  # no source's
        ("the handling agent's own staff rota", ("handling agent",)),
        ("who is signed off to run the Bobst on their own?", ()),  # alone
        ("A ward at the Royal wants its own number code", ()),  # a thing to have
        # what is the people's it serves is what it handles
        ("Do we charge VAT on framing a customer's own painting?", ()),
        ("Customer's own fabric arrived Tuesday, where's it logged?", ()),
        ("it's a client's own pet that comes to the clinic", ()),
        ("can I see the farmer's own medicine book?", ("farmer",)),
    ],
)  # fmt: skip
def test_a_question_for_another_bodys_own_records_names_whose(
    question: str, theirs: tuple[str, ...],
) -> None:
    named = frozenset(terms("LIMS lab results"))
    assert theirs_asked(question, frozenset(terms("Acme")), named) == theirs


def test_another_bodys_own_records_are_a_nowhere_unless_a_source_is_theirs() -> None:
    """Our duct map matches "cable records" well, but Openreach's own records are not
    ours to look in; their public documentation is a source of theirs, so a question
    about it goes there."""
    cards = [card("duct-map", "our duct and cable records: routes, chambers, shared ducts "
                  "on every road", contains="cable records, duct occupancy, Holderness Road"),
             card("handbook", "staff handbook: leave, expenses, conduct")]  # fmt: skip
    index = make_index(cards, "Acme builds fibre networks.")
    ranking = OfflineRouter(index).rank("Openreach's own cable records for the duct on "
                                        "Holderness Road")  # fmt: skip
    assert ranking.full[0].card_id == "duct-map"
    assert ranking.verdict == "nowhere" and ranking.theirs == ("Openreach",)
    ours = OfflineRouter(index).rank("our own cable records for the duct on Holderness Road")
    assert ours.verdict != "nowhere" and ours.theirs == ()
    public = card("openreach-docs", "Openreach's public documentation: their own cable "
                  "records guide, duct rules", scope="external")
    with_theirs = OfflineRouter(make_index([*cards, public], "Acme builds fibre networks."))
    found = with_theirs.rank("Openreach's own cable records guide")
    assert found.full[0].card_id == "openreach-docs" and found.verdict != "nowhere"


def test_another_bodys_own_records_the_first_card_is_named_for_are_ours_to_look_in() -> None:
    """"the MCA's own survey report" where the card first is our file of the MCA's surveys
    (named for them): the question goes there, not nowhere; a body no card is named for
    is still a nowhere."""
    cards = [card("mca-survey-files", "the surveyor's reports on each boat, kept in the "
                  "office", contains="survey reports, certificates, Kittiwake, Osprey"),
             card("handbook", "staff handbook: leave, expenses, conduct")]  # fmt: skip
    router = OfflineRouter(make_index(cards, "Acme runs passenger boats."))
    ranking = router.rank("where's the MCA's own survey report on Kittiwake?")
    assert ranking.full[0].card_id == "mca-survey-files"
    assert ranking.verdict != "nowhere" and ranking.theirs == ()
    other = router.rank("where's the insurer's own survey report on Kittiwake?")
    assert other.verdict == "nowhere" and other.theirs == ("insurer",)


def test_the_preamble_says_what_the_organization_does_not_do_in_sentences() -> None:
    preamble = ("Cinderford Cycles sells bikes. What we do not do. We do not sell bike "
                "insurance or\n"
                "extended warranties. Finance is provided by V12 Retail Finance; the shops "
                "open at nine! Nobody here is a lender.")  # fmt: skip
    assert denials(preamble) == (
        "We do not sell bike insurance or extended warranties",
        "Finance is provided by V12 Retail Finance",
    )
    assert denials("Cinderford Cycles sells bikes.") == ()
    # what was someone else's until a date is history; what was never kept still is not
    history = ("The café was let to Crab Pot Café Ltd until October 2021. The WhatsApp "
               "groups staff used until March 2023 were never archived.")  # fmt: skip
    assert denials(history) == ("The WhatsApp groups staff used until March 2023 were "
                                "never archived",)  # fmt: skip
    # what a change of system left behind is no denial, unless the sentence denies more
    moved = ("Members moved to OSM in 2023. People who had already left were not moved. "
             "Old invoices were not migrated and we do not sell tents.")  # fmt: skip
    assert denials(moved) == ("Old invoices were not migrated and we do not sell tents",)
    # that nobody but someone does a thing denies nothing; that nobody keeps a thing does
    nobody = ("The treasurer sees the bank account online and nobody else does. Nobody "
              "records who finished one. Nobody kept it. Nobody here keeps GPS tracks "
              "or CCTV.")  # fmt: skip
    assert denials(nobody) == ("Nobody here keeps GPS tracks or CCTV",)


SALON = [
    card("salon-policies", "salon rules: late arrivals, late fees, no-shows, deposits and "
         "rebooking", contains="late arrival policy (15 minutes), late fee, rebooking a client, "
         "no-show charges"),
    card("colour-records", "colour record cards: each client's colour formula and patch tests",
         contains="formulas, patch test dates, toner notes"),
    card("payroll", "staff pay, commission and holiday", contains="payslips, commission rates"),
    card("manager", "the salon manager, for anything on the floor", kind="person"),
]  # fmt: skip


def test_a_common_word_said_alone_overrules_only_a_very_sure_source() -> None:
    """"We do not host weddings" says the word alone: a shift swap for a wedding, with
    the rota sure of itself, is the rota's; asked to host one, or unsure, "nowhere"."""
    shop = [card("staff-rota", "staff rota: who works which shift, shift swaps and holidays",
                 contains="Saturday shifts, swap requests, cover"),
            card("events", "events diary: tastings and tours", contains="tours, tastings")]
    said = "We run a salt shop. We do not host weddings."
    router = OfflineRouter(make_index(shop, said))
    swap = router.rank("Can I swap my Saturday shift on the staff rota with someone? I've "
                       "got a wedding.")  # fmt: skip
    assert swap.verdict == "confident" and swap.ruled_out == ()
    assert swap.candidates[0].card_id == "staff-rota"
    assert router.rank("Can we host a wedding here next June?").ruled_out == ("wedding",)
    never = OfflineRouter(make_index(shop, said), config=RouterConfig(
        absent_alone_overruled_at=1.01))
    assert never.rank("Can I swap my Saturday shift on the staff rota with someone? I've "
                      "got a wedding.").verdict == "nowhere"


def test_a_common_word_in_another_sense_does_not_overrule_a_confident_source() -> None:
    """"We have not fitted hair extensions" says nothing of fitting a late client in when
    a source answers the rest confidently; a rare word of the negation still rules out,
    and so does the common one when no source is that sure, or when the preamble says it
    alone ("does not sell gas") and no source is very sure (see the test above)."""
    assert declared_absent_alone("We have not fitted hair extensions since 2021.") == set()
    assert declared_absent_alone("It does not sell gas or broadband. We never sell plans "
                                 "by cold calling.") == _stems("gas broadband")  # fmt: skip
    router = OfflineRouter(make_index(SALON, "Marlo Hair is hair only. We have not fitted "
                                              "hair extensions since 2021."))  # fmt: skip
    late = router.rank("Our late arrival policy: a client arrived 25 minutes late. Do we "
                       "still fit her in, rebook her or charge a late fee?")  # fmt: skip
    assert late.verdict == "confident" and late.ruled_out == ()
    assert late.candidates[0].card_id == "salon-policies"
    assert router.rank("Can we fit extensions for a bride?").verdict == "nowhere"
    unsure = router.rank("Can we fit in a client who is late?")
    assert unsure.ruled_out == ("fit",) and unsure.verdict == "nowhere"
    strict = OfflineRouter(make_index(SALON, "Marlo Hair is hair only. We have not fitted "
                                             "hair extensions since 2021."),
                           config=RouterConfig(absent_common_below=1.0))  # fmt: skip
    assert strict.rank("Our late arrival policy: a client arrived 25 minutes late. Do we "
                       "still fit her in, rebook her or charge a late fee?").ruled_out == ("fit",)



def test_what_the_organization_is_not_is_said_alone() -> None:
    """"We are not organic" says the one word alone, as "does not sell gas" does, so a
    source sure of the rest ("the certificate number for the label") does not overrule
    it; a participle after "are not" is the relation ("were not kept"), and "not VAT
    registered" says what it is not registered with, not registering alone."""
    assert declared_absent_alone("We are not organic and cannot be, on open moor.") \
        == _stems("organic")  # fmt: skip
    assert declared_absent_alone("Our honey is not organic.") == _stems("organic")
    assert declared_absent_alone("Old invoices were not kept.") == set()
    assert declared_absent_alone("We are not VAT registered.") == set()
    assert declared_absent_alone("Dogs are not allowed in the cafe.") == _stems("cafe")

STATION = [
    card("boathouse-defects", "boathouse defects book: leaks, doors, the winch and repairs "
         "to the boathouse", contains="defects, repair requests, keys to the boathouse"),
    card("crew-training", "crew training: navigation courses and exercises for members",
         contains="navigation course dates, members' sign-up, exercise plans"),
    card("events", "public events: open days and talks", contains="open days, public talks"),
]  # fmt: skip


def test_a_common_word_of_a_denied_thing_said_whole_still_rules_out() -> None:
    """"We don't hire out the boathouse": "can I hire the boathouse" asks for that very
    thing, however sure the defects book is of the boathouse; "hire" apart from it is a
    common word in another sense."""
    said = "Alnside lifeboat station. We don't hire out the boathouse."
    router = OfflineRouter(make_index(STATION, said))
    party = router.rank("Can I hire the boathouse? Where are the keys to the boathouse?")
    assert party.verdict == "nowhere" and party.ruled_out == ("hire",)
    assert party.full[0].confidence >= router.config.confident_at
    roofer = router.rank("Which repairs to the boathouse winch and doors are in the defects "
                         "book, and who do we hire for them?")
    assert roofer.verdict != "nowhere" and roofer.ruled_out == ()
    assert roofer.candidates[0].card_id == "boathouse-defects"


def test_a_denied_thing_whose_words_the_sources_have_apart_rules_out_said_together() -> None:
    """"There is no hotel at the ground": each word is a source's, none has them together,
    so asking for them together is asking for what is not there; said apart, they ask
    for the sources. What the reader is told not to do, and a name, are no such thing."""
    cards = [card("match-days", "match days at the ground: gates, stewards and car parking",
                  contains="gate times, steward rota, car park passes"),
             card("away-travel", "travel for the visiting team: coaches and hotel bookings",
                  contains="coach hire, hotel rooms for the team")]  # fmt: skip
    said = "Ashburn Cricket Club. There is no hotel at the ground."
    assert set(declared_absent_items(said)) == {frozenset(_stems("hotel ground"))}
    router = OfflineRouter(make_index(cards, said))
    asked = router.rank("A supporter wants to book a room in the ground's hotel the night "
                        "before the match.")  # fmt: skip
    assert asked.verdict == "nowhere" and asked.ruled_out == ("hotel at the ground",)
    apart = router.rank("Which hotel do we book for the visiting team, and when do the "
                        "gates at the ground open?")  # fmt: skip
    assert apart.ruled_out == () and apart.verdict != "nowhere"
    # stopped, and said with other words: "We stopped the public navigation courses"
    assert set(declared_absent_items("We stopped the public navigation courses.")) == {
        frozenset(_stems("public navigation courses"))}
    told = "Anything about a live incident: don't search, phone the Team Leader or the deputy."
    assert declared_absent_items(told) == {}
    assert declared_absent_items("We claim no Gift Aid on tea room sales.") == {}


def test_a_name_the_preamble_denies_in_camel_case_is_asked_for_as_one_word() -> None:
    """"No newsletter, mailing list or TikTok": "the shop tiktok" asks for it as much as
    "TikTok" does; a name a card writes in camelCase ("WhatsApp") is no such thing."""
    cards = [card("website", "the shop website: opening hours and a few items for sale"),
             card("dealers-whatsapp", "the dealers' WhatsApp group: who is minding the shop"),
             card("stock-cards", "a stock card per item: price, dealer and date sold")]
    said = "What we do not have: no newsletter, mailing list, footfall counter or TikTok."
    router = OfflineRouter(make_index(cards, said))
    for asked in ("whats the password for the shop tiktok", "the shop's TikTok password"):
        ranking = router.rank(asked)
        assert ranking.verdict == "nowhere" and ranking.ruled_out, asked
    denied = "What we do not have: no newsletter, no WhatsApp broadcast list."
    assert not OfflineRouter(make_index(cards, denied)).rank(
        "who can add me to the dealers whatsapp").ruled_out  # fmt: skip


def test_what_a_body_keeps_is_asked_by_the_body_s_name() -> None:
    preamble = ("Some things belong to other people. Search dog gradings are kept by SARDA "
                "England. Workplace pensions are held by NEST. Bank statements are kept by "
                "the Record Office, and safeguarding records are kept by the Designated "
                "Safeguarding Lead.")
    kept = declared_kept_by(preamble)
    # by the rare words of the body's name, the last word of the thing
    assert [(sorted(body), head) for body, head, _ in kept] == [
        (["sarda"], "grade"), (["nest"], "pension")]
    assert kept[0][2] == "SARDA England's search dog gradings"
    assert kept[1][2] == "NEST's workplace pensions"
    assert kept_by_asked("Moss's last SARDA grading result", kept) == (kept[0][2],)
    assert kept_by_asked("how much is in my NEST pension?", kept) == (kept[1][2],)
    # the thing without the body, or the body without the thing, is no such ask
    assert kept_by_asked("Moss's last grading result", kept) == ()
    assert kept_by_asked("who at SARDA do we call about the dog?", kept) == ()
