"""Tools for developers, not for players, run as ``python -m scenes.devtools``: the UI
monkey, the frame benchmark and the static table preview. Nothing in the product
imports them, and the executable leaves them out (build.spec).
"""
