"""Apply the margin floor to a quote (rules/margin_floor.yaml).

Spot quotes below the floor are raised to it; contract quotes below it need approval.
"""


def apply_floor(sell: float, buy: float, floor: float, spot: bool) -> tuple[float, bool]:
    """The sell rate after the floor, and whether a manager must approve."""
    if sell - buy >= floor:
        return sell, False
    if spot:
        return buy + floor, False
    return sell, True
