"""One folder per stage of the night shift: collect, watch (probe sweep, watcher), verify,
correct, evaluate, report."""
