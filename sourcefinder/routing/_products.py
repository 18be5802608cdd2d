"""Well-known software and services a question names, which the index never mentions.

"Link to the Jira board for the website rebuild", "what's the login for our Salesforce",
"the SumUp report for last month": a question that asks for the organization's things in
a product no card and not the preamble mentions asks for something the organization does
not have (its board, its login, its report are nowhere), whatever else the question
matches. Only names that are nothing but the product count ("Jira", "Mailchimp"); a name
that is an everyday word too counts only written with its capital ("Slack", not "the
dough was slack"); a social network counts only for the account's login or figures ("the
login for our Instagram", "Instagram insights"), since people ask what they may post on
their own; and a mail program not at all (it is the asker's own: "copy the emails into
Gmail").
"""

from __future__ import annotations

import re
from collections.abc import Iterable

# names that mean nothing but the product, in any case
_PRODUCTS = """
    jira trello asana confluence sharepoint onedrive dropbox salesforce hubspot zendesk
    freshdesk github gitlab bitbucket airtable smartsheet basecamp clickup mailchimp sumup
    zettle izettle deliveroo ubereats quickbooks shopify squarespace woocommerce paypal
    eventbrite calendly docusign typeform surveymonkey spotify
""".split()
# names that are everyday words too, counted only with their capital
_CAPITALIZED = "Slack Notion Zoom Miro Figma Wix Xero".split()
_SOCIAL = "instagram facebook tiktok twitter linkedin youtube".split()
_ANY_CASE = re.compile(rf"\b({'|'.join(_PRODUCTS)})\b", re.IGNORECASE)
_WITH_CAPITAL = re.compile(rf"\b({'|'.join(_CAPITALIZED)})\b(?!\s+in\b)")  # not "zoom in"
_SOCIAL_NAME = "|".join(_SOCIAL)
_OWN_ACCOUNT = re.compile(
    rf"\b(?:login|log-in|password)\b(?:\s+[\w']+){{0,3}}?\s+({_SOCIAL_NAME})\b"
    rf"|\b({_SOCIAL_NAME})\s+(?:login|log-in|password|analytics|insights|reach|followers)\b",
    re.IGNORECASE,
)


def named_products(question: str) -> list[str]:
    """The products ``question`` names, lowercased, in order."""
    found = [(m.start(), m.group(1)) for m in _ANY_CASE.finditer(question)]
    found += [(m.start(), m.group(1)) for m in _WITH_CAPITAL.finditer(question)]
    found += [(m.start(), m.group(1) or m.group(2)) for m in _OWN_ACCOUNT.finditer(question)]
    return list(dict.fromkeys(name.lower() for _, name in sorted(found)))


def index_words(texts: Iterable[str]) -> frozenset[str]:
    """The lowercased words of ``texts`` as written, and glued where they are written in
    camelCase or with a space inside a product's name ("SumUp", "Drop box")."""
    words: set[str] = set()
    for text in texts:
        low = text.lower()
        found = re.findall(r"[a-z0-9]+", low)
        words.update(found)
        words.update(a + b for a, b in zip(found, found[1:], strict=False))
    return frozenset(words)


def unused(question: str, words: frozenset[str]) -> tuple[str, ...]:
    """The products ``question`` names that ``words`` (``index_words`` of the index)
    never mention."""
    return tuple(p for p in named_products(question) if p not in words)
