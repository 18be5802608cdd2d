"""The night shift: Dagster definitions over the domain in `sourcefinder`."""
