from __future__ import annotations

import pytest

from sourcefinder.routing._text import (
    ends_marked,
    same_word,
    split_compound,
    stem,
    surface_forms,
    terms,
    tokens,
)


@pytest.mark.parametrize(
    ("word", "expected"),
    [
        ("caresses", "caress"),
        ("ponies", "poni"),
        ("motoring", "motor"),
        ("hopping", "hop"),
        ("relational", "relat"),
        ("generalization", "gener"),
        ("forecasting", "forecast"),
        ("forecasts", "forecast"),
        ("2026", "2026"),
        # a code's plural is the code ("payslips and P60s" holds a P60); a decade is not
        ("p60s", "p60"),
        ("fp17s", "fp17"),
        ("1990s", "1990s"),
    ],
)
def test_porter_stems(word: str, expected: str) -> None:
    assert stem(word) == expected


def test_tokens_drop_stopwords_and_split_identifiers() -> None:
    assert tokens("Can you help me find the abc_to_audio tool?") == ["abc", "audio", "tool"]
    assert tokens("ABCmouse pdf-urltool") == ["abcmouse", "pdf", "urltool"]


def test_a_word_of_two_short_halves_is_one_word_however_written() -> None:
    """"Wi-Fi", "WiFi" and "wifi" are one word, as are "co-op" and "coop"; halves that
    are words of their own ("up-to-date", "no-go") and camelCase names stay apart."""
    assert tokens("Wi-Fi") == tokens("WiFi") == tokens("wifi") == ["wifi"]
    assert tokens("the Co-op") == tokens("the coop") == ["coop"]
    assert tokens("up-to-date no-go") == ["date"]
    assert tokens("RotaCloud") == ["rota", "cloud"]


def test_negative_contractions_leave_no_fragment_behind() -> None:
    """"hasn't been fixed" is about "fixed"; "hasn" was once named to the asker as a word
    the map does not know."""
    assert tokens("the ramp hasn't been fixed, he didn't and it won't") == ["ramp", "fixed"]
    assert tokens("which bids have we won") == ["bids", "won"]


def test_terms_are_stems_and_surface_forms_quote_the_question() -> None:
    assert terms("weather forecasts") == ["weather", "forecast"]
    assert surface_forms("Weather forecasts")["forecast"] == "forecasts"
    # a short text's terms are remembered, but each caller gets a list of its own
    mine = terms("weather forecasts")
    mine.append("storm")
    assert terms("weather forecasts") == ["weather", "forecast"]
    long = "weather forecasts for every city, hourly and daily, with storm warnings"
    assert terms(long) == terms(long[:40]) + terms(long[40:])


def test_compounds_split_only_into_two_known_words() -> None:
    vocab = {"weather", "tool", "job", "url"}
    assert split_compound("weathertool", vocab) == ["weather", "tool"]
    assert split_compound("abcmouse", vocab) == ["abcmouse"]
    assert split_compound("weather", vocab) == ["weather"]


def test_who_and_why_are_kept_because_they_ask_for_a_person_or_a_reason() -> None:
    assert terms("Who decided it, and why?") == ["who", "decid", "why"]
    assert terms("what, where, when, which") == []


def test_a_list_or_a_paragraph_ends_a_sentence() -> None:
    """The preamble's lines as sentences; a list's item is read with the line that
    introduces it, so "What we do not do:" still heads "crime"."""
    text = ("Intro line one\nand two. What we do not do:\n- crime\n- family law\n\n"
            "Sentry keeps events 90\ndays")  # fmt: skip
    assert ends_marked(text) == ("Intro line one and two. What we do not do: crime. What "
                                 "we do not do: family law. Sentry keeps events 90 days")


def test_one_word_in_forms_the_stemmer_keeps_apart() -> None:
    assert same_word("complain", "complaint", 5) and same_word("appli", "applic", 4)
    assert not same_word("ambul", "ambulatori", 4)  # more than three letters apart
    assert not same_word("fire", "firewal", 5)  # too short to be sure
