"""ICS2 release 3, maritime mode: ENS before loading at the port of origin."""
