"""Products a question names that the index never mentions: the organization has none."""

from __future__ import annotations

import pytest

from sourcefinder.routing import OfflineRouter
from sourcefinder.routing._products import index_words, named_products, unused

from .conftest import card, make_index


@pytest.mark.parametrize(
    ("question", "named"),
    [
        ("link to the jira board for the website rebuild?", ["jira"]),
        ("what's the login for our Salesforce", ["salesforce"]),
        ("card machine takings for last month, the SumUp report", ["sumup"]),
        ("can someone invite me to the Slack", ["slack"]),
        ("is there a Zoom recording of last year's AGM", ["zoom"]),
        ("who has the login for our Instagram page?", ["instagram"]),
        ("facebook insights for the pantry's page", ["facebook"]),
        ("what's the instagram login", ["instagram"]),
        ("export the Mailchimp list and the Trello board", ["mailchimp", "trello"]),
        # an everyday word, small: not the product
        ("The dough was really slack on Tuesday", []),
        ("I need the full-size X-ray to Zoom in on the molar", []),
        ("the notion that we keep the old ledgers", []),
        # a social network the asker uses for their own: not the organization's account
        ("Am I allowed to post about volunteering on my own Instagram?", []),
        ("a coach keeps messaging my daughter on Instagram", []),
        ("Can we put a photo of the under-12s on the club's Facebook page?", []),
        ("whether to keep paying for Facebook ads", []),
        # a range named like a product, and the asker's own mail program
        ("has the Ribble Stripe range been discontinued?", []),
        ("can I just copy the emails into Gmail to send the news?", []),
    ],
)
def test_the_products_a_question_names(question: str, named: list[str]) -> None:
    assert named_products(question) == named


def test_a_product_the_index_writes_anywhere_is_one_it_uses() -> None:
    words = index_words(["Card takings: the SumUp reader at the counter", "the Drop box"])
    assert unused("the SumUp report for March", words) == ()
    assert unused("our dropbox folder of photos", words) == ()  # written apart
    assert unused("the Jira board", words) == ("jira",)


CARDS = [
    card("website-repo", "the website's code and its issue list: bugs, requests",
         kind="repository"),
    card("committee-minutes", "committee minutes and decisions, 2016 on", kind="folder"),
    card("secretary", "Jan, club secretary: anything about the committee", kind="person"),
]  # fmt: skip


def test_a_question_for_a_product_the_index_never_mentions_is_nowhere() -> None:
    """"Link to the Jira board for the website bugs": nothing mentions Jira, so the
    website's own issue list is no answer, and the answer says so; where a card says the
    bugs are tracked in Jira, it is that card."""
    asked = "link to the Jira board for the website bugs?"
    ranking = OfflineRouter(make_index(CARDS)).rank(asked)
    assert ranking.verdict == "nowhere"
    assert ranking.unused == ("jira",)
    tracked = [card("website-repo", "the website's code; bugs are tracked on the Jira board",
                    kind="repository"), *CARDS[1:]]  # fmt: skip
    ranking = OfflineRouter(make_index(tracked)).rank(asked)
    assert ranking.verdict != "nowhere" and ranking.unused == ()
    assert ranking.full[0].card_id == "website-repo"
    # the preamble's word counts too: "we moved the bugs to Jira in 2024"
    said = make_index(CARDS, "The club moved its website bugs to Jira in 2024.")
    assert OfflineRouter(said).rank("the Jira board for website bugs").unused == ()
