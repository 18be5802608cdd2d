"""The night shift as plain functions: claims, verification, deltas, gate, reports.

    sessions (from the warehouse) ─► claims.extract ─► verify.verify ─► deltas.plan
        ─► gate.check (eval gate) ─► loop.publish_deltas ─► evaluation / coverage / gaps

Nothing here imports Dagster: ``sourcefinder_pipeline`` wraps these functions as assets,
and ``loop.run_night`` chains them for the demo and the bench.
"""
