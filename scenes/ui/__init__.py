"""What every screen is drawn with: the palette, procedural art and cards, widgets,
the small overlays (questions, menus, the handoff), the title backdrop and the
tooltip box. Nothing here knows the rules or a particular screen.
"""
