"""What a question may call a source by (``card_names``)."""

from __future__ import annotations

from sourcefinder.routing._names import card_names, sent_on
from sourcefinder.routing._text import terms

from .conftest import card


def names(what: str, cid: str = "some-card") -> set[frozenset[str]]:
    return set(card_names(card(cid, what)))


def name(text: str) -> frozenset[str]:
    return frozenset(terms(text))


def test_the_id_and_the_opening_name_are_names() -> None:
    got = names("HireDesk, BPS's hire system: plant on hire to our jobs", "plant-hire")
    assert got == {name("plant hire"), name("HireDesk")}


def test_the_product_in_brackets_and_its_parts_are_names() -> None:
    got = names("our CRM (Salesforce Sales Cloud and CPQ): accounts, pipeline, renewals")
    assert {name("Salesforce Sales Cloud"), name("CPQ"), name("our CRM")} <= got
    assert name("NetSuite") in names("finance ledger (NetSuite): invoices and payments")
    # a bracket of figures or a late one is no name
    assert not {name("P50"), name("P80")} & names("Safran Risk: registers, QSRA (P50, P80)")


def test_a_rare_brand_opening_a_longer_name_and_acronyms_are_names() -> None:
    got = names("our CRM (Salesforce Sales Cloud and CPQ): accounts")
    assert name("Salesforce") in got
    assert name("IBP") in names("SAP IBP: demand forecast, supply plan")
    assert name("SAP") in names("SAP IBP: demand forecast, supply plan")
    # a common word opening a name is not what people call the source
    assert name("National") not in names("National Highways standards: DMRB and the SHW")


def test_a_quoted_name_and_a_rare_second_word_are_names() -> None:
    got = names('CalmView "Greywell Past": catalogue of the Local Studies collection')
    assert name("Greywell Past") in got
    assert name("Data Help") in names('Teams channel "Data Help": quick questions on data')
    assert name("Aconex") in names("Oracle Aconex, our CDE since 3 July 2023: drawings")
    # a common second word is not what people call it
    assert name("Safety") not in names("Argus Safety: adverse event cases")


def test_a_file_s_format_is_no_part_of_its_name() -> None:
    """"the Excel Job Book" is called the Job Book; "the Job Board" is not shortened."""
    assert name("Job Book") in names("the Excel Job Book, read-only: quotes and jobs 2009-2023")
    assert name("Bookings sheet") in names("Google Bookings sheet: hall hire, 2020 on")
    assert name("Board") not in names("the Job Board: today's jobs by van")


def test_a_not_part_item_that_names_another_card_is_sent_there() -> None:
    cards = [
        card("treasurer", "Treasurer: money questions",
             "membership details (membermojo, the register); payroll; that's BrightPay"),
        card("membermojo", "Membermojo, the members' register"),
        card("brightpay", "BrightPay: payslips"),
        card("treasurer-accounts", "Treasurer accounts: the books"),
        card("minutes", "Minutes", "working budgets (treasurer-accounts)"),
    ]
    sent = sent_on(cards, [card_names(c) for c in cards])
    # the item in full, a comma inside its bracket kept with it
    assert sent["membermojo"] == [("treasurer", "membership details (membermojo, the register)")]
    # an item that only says where to go sends the item before it
    assert sent["brightpay"] == [("treasurer", "payroll")]
    # the longest name said: the treasurer's accounts, not the treasurer too
    assert sent["treasurer-accounts"] == [("minutes", "working budgets (treasurer-accounts)")]
    assert "treasurer" not in sent
    # a card sends nothing to itself, and a NOT part naming no card sends nothing
    assert all(src != cid for cid, notes in sent.items() for src, _ in notes)


def test_a_name_two_cards_share_sends_to_neither() -> None:
    cards = [
        card("dave", "Dave: equipment", "rotas (that's Julie)"),
        card("julies-book", "Julie's book: rotas"),
        card("julies-drive", "Julie's drive: files"),
    ]
    names = [card_names(c) for c in cards]
    assert frozenset({"juli"}) in names[1] and frozenset({"juli"}) in names[2]
    assert sent_on(cards, names) == {}
