"""ICS2 release 3 adapters: one module per mode; house consignments and multiple filing."""
