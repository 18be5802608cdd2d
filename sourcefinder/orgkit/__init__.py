"""The example organization (Harborline) as real local sources.

``build`` turns the committed plain text under ``org/`` into what cannot be committed
inside our repository: git repositories with history (``org/repos/<name>``, from
``org/repo-src/<name>/``) and the SQLite warehouse (``org/warehouse.sqlite``, from
``org/warehouse.sql``). ``site`` serves the wiki and the stand-in tools' pages with naive
keyword search, on 127.0.0.1 only. ``sourcefinder.org_setup`` is the command line.
"""
