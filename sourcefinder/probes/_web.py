"""``http <url with {query}>``: a GET of the search URL with the query filled in.

A result counts when the response is 2xx and holds something: a JSON list, or a JSON
object whose ``results`` (or ``items``, ``hits``, ``data``) is non-empty or whose
``total``/``count`` is positive; any other body counts when it is not blank. A 4xx is a ✗
(the search answered: nothing, or no such endpoint); a 5xx, a refused target or a
network failure is unrun, with the reason.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any
from urllib.parse import quote_plus

from sourcefinder.probes._http import FetchPolicy, Response, fetch
from sourcefinder.probes._model import Outcome

_LISTS = ("results", "items", "hits", "data")


class HttpRunner:
    def __init__(self, policy: FetchPolicy) -> None:
        self._policy = policy

    def check(self, target: str, queries: Sequence[str]) -> list[Outcome]:
        return [self._one(target, q) for q in queries]

    def _one(self, target: str, query: str) -> Outcome:
        url = target.replace("{query}", quote_plus(query))
        response = fetch(url, self._policy)
        return judge(response)


def judge(response: Response) -> Outcome:
    where = response.url
    if 400 <= response.status < 500:
        return Outcome(False, f"HTTP {response.status} from {where}")
    if not 200 <= response.status < 300:
        return Outcome(None, f"HTTP {response.status} from {where}")
    if "json" in response.content_type.lower() and not response.truncated:
        try:
            data = json.loads(response.body.decode("utf-8", "replace"))
        except ValueError:
            return Outcome(False, f"malformed JSON from {where}")
        count, first = _count(data)
        if count:
            return Outcome(True, f"{count} result(s) from {where}{first}")
        return Outcome(False, f"no results from {where}")
    if response.body.strip():
        return Outcome(True, f"{len(response.body)} bytes from {where}")
    return Outcome(False, f"empty response from {where}")


def _count(data: Any) -> tuple[int, str]:
    if isinstance(data, list):
        return len(data), _first(data)
    if isinstance(data, dict):
        for key in _LISTS:
            if isinstance(data.get(key), list):
                return len(data[key]), _first(data[key])
        for key in ("total", "count"):
            if isinstance(data.get(key), int):
                return data[key], ""
        return (1 if data else 0), ""
    return (1 if data not in (None, "", 0, False) else 0), ""


def _first(items: list[Any]) -> str:
    if items and isinstance(items[0], dict):
        label = items[0].get("title") or items[0].get("path") or items[0].get("name")
        if isinstance(label, str):
            return f"; first: {label[:80]!r}"
    return ""
