"""The screens around the table: title, load record, setup, scoring, and the settings
and rules overlays. They never import each other: they ask the navigator
(``scenes.core.navigator``) for a screen by name, and ``scenes.main`` wires the names
to these classes.
"""
