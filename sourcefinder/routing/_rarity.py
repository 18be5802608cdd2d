"""How specific a word is in general English, for telling what a question is about.

A question the index cannot answer usually names its subject with words no card uses
("ticker symbol", "gantry cranes"); a question it can answer but phrases differently
mostly misses on everyday words ("sitting", "woke", "forty"). So an unmatched word
counts by how rare it is in English at large: its weight is ``max(0, 6.5 - zipf)``,
with zipf the word's frequency on the Zipf scale (log10 of occurrences per billion
words: "the" 7.7, "budget" 4.8, "gantry" 2.6).

Frequencies come from the ``wordfreq`` package's small English list (about 29,000
words with zipf >= 3; rarer words get zipf 2.5). The list is read straight from its
documented "cBpack" file (gzipped msgpack: a header, then one list of words per
centibel of frequency), so the server does not pay for importing ``wordfreq`` itself.
"""

from __future__ import annotations

import gzip
import hashlib
import importlib.util
from array import array
from functools import cache, lru_cache
from pathlib import Path

import msgpack
import numpy as np

RARE_ZIPF = 2.5  # words below the small list's floor
CEILING = 6.5  # words this common weigh nothing


def _key(word: bytes) -> int:
    return int.from_bytes(hashlib.blake2b(word, digest_size=8).digest(), "little")


class _Table:
    """Word -> zipf, compact: sorted 64-bit word hashes and their frequency buckets.

    A dict of the 29,000 words would cost ~4 MB in every server process (and so would
    any structure holding them as Python strings); this costs 0.2 MB. Words are read
    from the file one at a time and never kept. Two words sharing a 64-bit hash would
    share a frequency; with 29,000 words that has odds of about 1 in 10^10.
    """

    def __init__(self, path: Path) -> None:
        keys = array("Q")
        buckets = array("H")
        with gzip.open(path, "rb") as fh:
            unpacker = msgpack.Unpacker(fh, raw=True)
            n_buckets = unpacker.read_array_header() - 1
            header = unpacker.unpack()
            if header.get(b"format") != b"cB" or header.get(b"version") != 1:
                raise ValueError(f"{path}: unexpected word-frequency format {header!r}")
            for bucket in range(n_buckets):  # bucket i: frequency -i centibels
                for _ in range(unpacker.read_array_header()):
                    keys.append(_key(unpacker.unpack()))
                    buckets.append(bucket)
        order = np.argsort(np.frombuffer(keys, dtype=np.uint64), kind="stable")
        self._keys = np.frombuffer(keys, dtype=np.uint64)[order]
        self._buckets = np.frombuffer(buckets, dtype=np.uint16)[order]

    def zipf(self, word: str) -> float:
        key = np.uint64(_key(word.encode("utf-8")))
        i = int(np.searchsorted(self._keys, key))
        if i < len(self._keys) and self._keys[i] == key:
            return 9.0 - int(self._buckets[i]) / 100.0  # zipf = log10(frequency * 1e9)
        return RARE_ZIPF


@cache
def _table() -> _Table:
    spec = importlib.util.find_spec("wordfreq")
    if spec is None or not spec.submodule_search_locations:
        raise ImportError("the wordfreq package is required (pip install wordfreq)")
    folder = Path(next(iter(spec.submodule_search_locations)))
    return _Table(folder / "data" / "small_en.msgpack.gz")


@lru_cache(maxsize=65536)  # a hash and a binary search each time cost 20 us a word
def zipf(word: str) -> float:
    """The Zipf frequency of a lowercase English word (``RARE_ZIPF`` when unlisted)."""
    return _table().zipf(word)


def specificity(word: str) -> float:
    """How much an unmatched ``word`` says about the question's subject (0 for "the")."""
    return max(0.0, CEILING - zipf(word))
