"""A player's standing at a server in words: the rating, the games rated and the
games abandoned, as the lobby, the waiting room and the leaderboard show them."""

from __future__ import annotations

from scenes.text.catalog import t


def rating_number(rating: float) -> str:
    """A rating to a tenth, with the language's decimal sign ("27.3", "27,3")."""
    tenths = round(abs(rating) * 10)
    whole, tenth = divmod(tenths, 10)
    sign = "-" if rating < 0 and tenths else ""
    return sign + t("standing.number", whole=whole, tenth=tenth)


def standing_text(rating: float | None, games: int | None, left: int | None) -> str:
    """"rating 27.3 · 12 games · 1 abandoned", "not rated yet" ("" for a seat the
    server gave no standing: a computer's, or a player with no key)."""
    if rating is None:
        return ""
    if not games:
        words = t("standing.unrated")
    else:
        words = t("standing.rated", rating=rating_number(rating), count=games)
    if left:
        words = f"{words} · {t('standing.left', count=left)}"
    return words


__all__ = ["rating_number", "standing_text"]
