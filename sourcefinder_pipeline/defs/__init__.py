"""One folder per stage of the night shift: collect, verify, correct, evaluate, report."""
