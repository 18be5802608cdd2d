"""The DuckDB warehouse: the episodic log, typed for analysts and for the night shift.

Two files in the state folder, one writer:

    warehouse.duckdb   the night shift's working copy; only ``ingest`` writes it, under a
                       file lock, and it can always be rebuilt from the SQLite log
    analytics.duckdb   the analysts' snapshot: a fresh database copied out of the working
                       one after each ingest and swapped in with ``os.replace``

Why a snapshot and not read-only connections to the working file: DuckDB lets one process
hold a file read-write, and while it does no other process may open it, not even read-only.
The night shift writes for seconds at a time, so analysts would get lock errors at random.
A snapshot never has a writer: analysts open it read-only whenever they like, a connection
already open keeps reading the version it opened (the old inode lives on until closed),
and the next connection sees the new one. The MCP server never touches either file: it
appends to the SQLite log, which the ingest reads through a read-only connection.

Public surface: ``ingest``, ``publish_snapshot``, ``connect_snapshot``, ``read_sessions``,
``refresh_reference`` (see the modules).
"""
