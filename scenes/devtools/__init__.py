"""Tools for developers and tests, not for players: the gesture robot that plays steps
with real mouse events, the headless smoke run, the frame benchmark, and the static
table preview.
"""
