"""ENS filing for ocean (ICS2 release 2, master level only)."""
