"""The spec's complete example, read from the format doc itself (no copy to drift)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

SPEC = Path(__file__).resolve().parents[2] / "docs" / "INDEX-FORMAT.md"


@pytest.fixture(scope="session")
def spec_example() -> tuple[str, str]:
    """(INDEX.md, clusters/confluence-spaces.md) of "A complete example" in the spec."""
    text = SPEC.read_text(encoding="utf-8").split("## A complete example", 1)[1]
    blocks = re.findall(r"```markdown\n(.*?)```", text, re.S)
    assert len(blocks) == 2, f"{SPEC}: expected the example's two markdown blocks"
    return blocks[0], blocks[1]
