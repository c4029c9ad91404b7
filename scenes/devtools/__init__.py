"""Tools for developers, not for players, run as ``python -m scenes.devtools``: the UI
monkey's command, the frame, title, stall and flood benchmarks and the static table
preview. Nothing in the product imports them, and the executable leaves them out
(build.spec). No test imports them either: what a test shares with a tool (the monkey,
the contrast reading, a started online table) lives in ``scenes.selftest``.
"""
