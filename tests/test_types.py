"""The type checker holds the house: ``mypy`` over the engine, the online package and
the client, strict where the configuration says (``[tool.mypy]`` in pyproject.toml:
``game``, ``online`` and ``scenes.core``), as written elsewhere.

It also proves that both kinds of session are what the table takes: the checked
functions at the end of ``scenes.core.session`` hand a ``Session`` and a
``RemoteSession`` on as ``GameSession``, and an online game's part as an
``OnlineTable``; a session that lacked a member would fail here. The checker keeps
its cache in the temporary folder (one per checkout), so a second run only reads what
changed.
"""

from __future__ import annotations

import hashlib
import tempfile
from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parent.parent
#: One cache per checkout (two clones on one machine do not overwrite each other's).
CACHE = Path(tempfile.gettempdir()) / (
    "sail-to-india-mypy-" + hashlib.sha256(str(ROOT).encode()).hexdigest()[:12])
CONFIG = ["--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(CACHE)]


def test_the_code_type_checks() -> None:
    out, err, status = api.run([*CONFIG, *(str(ROOT / p) for p in ("game", "online", "scenes"))])
    assert status == 0, f"{out}{err}"
    assert "Success: no issues found" in out


def test_a_session_missing_a_member_is_caught(tmp_path: Path) -> None:
    """The proof is not empty: a class without ``online()`` is no ``GameSession``."""
    half = tmp_path / "half.py"
    half.write_text(
        "from scenes.core.session import GameSession, Session\n"
        "class Half(Session):\n"
        "    online = None\n"
        "def take(session: Half) -> GameSession:\n"
        "    return session\n", encoding="utf-8")
    out, _, status = api.run([*CONFIG, str(half)])
    assert status == 1 and "GameSession" in out, out
