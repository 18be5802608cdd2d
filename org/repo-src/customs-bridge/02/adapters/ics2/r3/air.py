"""ICS2 release 3, air mode: the ENS is split into a master consignment and house
consignments (multiple filing); each house consignment is lodged by its filer."""


def lodge_house_consignment(hawb: str) -> dict[str, str]:
    return {"hawb": hawb, "filing": "multiple"}
