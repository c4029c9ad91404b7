"""The product's own self-test (``sail-to-india --smoke``), shipped in the executable:
the smoke run, and the gesture robot it plays steps with through real mouse events
(which the tests and the developer tools use too).
"""
