"""Fault-injection suite for todomd (scripts/fault-injection.py is the entry point).

runner.py      runs the todomd binary (isolated env, timeouts, SIGKILL spawns)
report.py      per-scenario figures, invariant checks, reproductions, the summary table
vaultfs.py     task-file builders, a tiny frontmatter reader, vault snapshots, temp files
kill_writes.py        scenario 1: SIGKILL at random points of every kind of write
editor_race.py        scenario 2: an external editor racing `todomd set`
cache_damage.py       scenario 3: damaged index cache vs the uncached answer
hostile_corpus.py     scenario 4: hostile files (YAML bombs, FIFOs, links, control chars...)
"""
