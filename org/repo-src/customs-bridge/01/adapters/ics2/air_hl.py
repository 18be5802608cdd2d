"""ENS house-level filing for air shipments (ICS2 release 2)."""


def file_house_level_ens(shipment_id: str) -> dict[str, str]:
    return {"shipment": shipment_id, "level": "house"}
