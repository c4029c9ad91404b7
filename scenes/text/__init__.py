"""Every word a player reads, and the fonts that draw them.

``catalog`` holds the translation tables and ``t``; ``english`` and ``rules_text``
the English words; ``narrate`` turns a step into log sentences (keys and values);
``reasons`` says the engine's refusals in the player's language; ``fonts`` renders
text with the bundled fonts and caches the result.
"""
