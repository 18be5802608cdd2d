"""What happens when CBP rejects an ISF: the rejection is parsed, the filing goes back to
the trade compliance queue, and the broker's error code is mapped (docs/isf-errors.md)."""

REJECTION_QUEUE = "trade-compliance"


def on_rejection(error_code: str) -> str:
    return f"{REJECTION_QUEUE}:{error_code}"
