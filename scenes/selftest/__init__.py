"""The product's own self-test (``sail-to-india --smoke``), shipped in the executable:
the smoke run, and the gesture robot it plays steps with through real mouse events
(which the tests and the developer tools use too). Beside them, what the tests and the
developers' command (``scenes.devtools``) both run, which the entry script never
reaches, so the executable leaves it out: the seeded UI monkey (``monkey``), the
contrast reading (``contrast``), a started online table and a stalled server
(``online_table``).
"""
