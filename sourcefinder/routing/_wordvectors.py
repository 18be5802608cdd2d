"""Static word vectors: ``WordLlamaEmbedder``, cheap enough to ask on every question.

A text's vector is the mean of its tokens' rows in a 32,000 x 256 table (``l2_supercat``,
shipped in the ``wordllama`` package with its tokenizer, a Llama-style BPE). No
transformer runs: ~0.05 ms a question instead of ~20 ms for e5-small.

The package's data files are read here directly, for three reasons measured on the MCP
server: importing ``wordllama`` costs 0.35 s (it pulls in its training configuration and
``requests``), and its loader looks for the tokenizer in a folder it does not ship and then
tries the network; the ``tokenizers`` library held 16 MB for this vocabulary. So the table
is memory-mapped from its safetensors file (only the rows in use become resident) and the
BPE runs here over the vocabulary alone (~3 MB): a pair of adjacent pieces merges when
their concatenation is in the vocabulary, lowest id first, which is how the merges of a
Llama vocabulary are ordered; characters outside it fall back to their UTF-8 bytes.
"""

from __future__ import annotations

import json
import re
import struct
from importlib.util import find_spec
from pathlib import Path

import numpy as np

SPACE = "\u2581"  # SentencePiece's visible space
_WORDS = re.compile(f"{SPACE}*[^{SPACE}]+|{SPACE}+")
_DTYPES = {"F16": np.float16, "F32": np.float32}


def _package_root() -> Path:
    spec = find_spec("wordllama")
    if spec is None or not spec.submodule_search_locations:
        raise ImportError("the static embedder needs the wordllama package (pip install wordllama)")
    return Path(next(iter(spec.submodule_search_locations)))


def load_table(path: Path, name: str = "embedding.weight") -> np.ndarray:
    """One tensor of a safetensors file, memory-mapped read-only (the format: an 8-byte
    little-endian header length, a JSON header, then the raw tensors)."""
    with path.open("rb") as fh:
        (size,) = struct.unpack("<Q", fh.read(8))
        header = json.loads(fh.read(size))
    meta = header[name]
    start, end = meta["data_offsets"]
    dtype = np.dtype(_DTYPES[meta["dtype"]])
    shape = tuple(meta["shape"])
    if end - start != dtype.itemsize * int(np.prod(shape)):
        raise ValueError(f"{path}: tensor {name} does not match its declared shape")
    return np.memmap(path, dtype=dtype, mode="r", offset=8 + size + start, shape=shape)


def load_vocab(path: Path) -> dict[str, int]:
    """The ``model.vocab`` object of a tokenizer.json, decoded alone: the merges list that
    follows it would leave ~10 MB of freed small objects in the process."""
    data = path.read_bytes()
    at = data.find(b'"vocab"', max(0, data.find(b'"model"')))
    start = data.find(b"{", at)
    if at < 0 or start < 0:
        raise ValueError(f"{path}: no model.vocab")
    end = data.find(b'"merges"', start)
    chunk = data[start : end if end > 0 else len(data)].decode("utf-8")
    del data
    try:
        vocab, _ = json.JSONDecoder().raw_decode(chunk)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{path}: model.vocab is not valid JSON ({exc.msg})") from None
    if not isinstance(vocab, dict) or not all(isinstance(v, int) for v in vocab.values()):
        raise ValueError(f"{path}: model.vocab is not a piece -> id object")
    return vocab


class BPE:
    """Llama-style byte-fallback BPE over a vocabulary (piece -> id)."""

    def __init__(self, vocab: dict[str, int], cache_size: int = 16_384) -> None:
        self.vocab = vocab
        self._bytes = [vocab.get(f"<0x{b:02X}>", 0) for b in range(256)]
        self._cache: dict[str, tuple[int, ...]] = {}
        self._cache_size = cache_size

    def encode(self, text: str) -> list[int]:
        normalized = SPACE + text.replace(" ", SPACE)
        ids: list[int] = []
        for word in _WORDS.findall(normalized):
            cached = self._cache.get(word)
            if cached is None:
                cached = self._word(word)
                if len(self._cache) >= self._cache_size:
                    self._cache.clear()
                self._cache[word] = cached
            ids.extend(cached)
        return ids

    def _word(self, word: str) -> tuple[int, ...]:
        vocab = self.vocab
        pieces: list[str | int] = []  # a str merges further; an int is a byte token
        for ch in word:
            if ch in vocab:
                pieces.append(ch)
            else:
                pieces.extend(self._bytes[b] for b in ch.encode("utf-8"))
        while True:
            best, at = -1, -1
            for i in range(len(pieces) - 1):
                a, b = pieces[i], pieces[i + 1]
                if isinstance(a, str) and isinstance(b, str):
                    rank = vocab.get(a + b, -1)
                    if rank >= 0 and (best < 0 or rank < best):
                        best, at = rank, i
            if at < 0:
                break
            pieces[at : at + 2] = [f"{pieces[at]}{pieces[at + 1]}"]
        return tuple(p if isinstance(p, int) else vocab[p] for p in pieces)


class WordLlamaEmbedder:
    """Static token vectors from the ``wordllama`` package (``l2_supercat``, 256 dims)."""

    name = "wordllama:l2_supercat_256"

    def __init__(self) -> None:
        root = _package_root()
        weights = root / "weights" / "l2_supercat_256.safetensors"
        tokenizer = root / "tokenizers" / "l2_supercat_tokenizer_config.json"
        for path in (weights, tokenizer):
            if not path.is_file():
                raise FileNotFoundError(f"wordllama: {path} is missing; reinstall wordllama")
        self._table = load_table(weights)
        vocab = load_vocab(tokenizer)
        if max(vocab.values()) >= self._table.shape[0]:  # checked once, not per token
            raise ValueError(f"{tokenizer}: token ids beyond the {self._table.shape[0]} rows "
                             f"of {weights.name}")  # fmt: skip
        self._bpe = BPE(vocab)
        self.dim = int(self._table.shape[1])

    def tokens(self, text: str) -> list[int]:
        """The token ids of ``text`` (rows of the table)."""
        return self._bpe.encode(text)

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, text in enumerate(texts):
            ids = self.tokens(text)
            if ids:
                out[row] = self._table[ids].astype(np.float32).mean(axis=0)
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        return out / np.maximum(norms, 1e-12)

    embed_passages = embed_queries  # a static model has no query/passage prefixes
