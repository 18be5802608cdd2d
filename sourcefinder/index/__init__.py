"""The index format: parse, lint, resolve, edit, build and condense."""

from sourcefinder.index._load import lint, load_index
from sourcefinder.index._parse import Diagnostic
from sourcefinder.index.model import Card, Example, FoundationNode, Health, Index, Ref

__all__ = [
    "Card", "Diagnostic", "Example", "FoundationNode", "Health", "Index", "Ref", "lint",
    "load_index",
]
