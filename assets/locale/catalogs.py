"""The translation catalogs: extracted from the code, updated, compiled (Babel).

Every sentence a player reads is marked in the code with ``game.words.message`` or
``plural_message`` (a key, used as the gettext context, and the English text).
This script is how the catalogs follow the code:

    python assets/locale/catalogs.py extract   # code -> sail_to_india.pot
    python assets/locale/catalogs.py update    # .pot -> en/fr/it .po (new messages
                                               #   added empty, gone ones dropped)
    python assets/locale/catalogs.py compile   # .po -> .mo beside them
    python assets/locale/catalogs.py check     # exits 1 if the .pot is out of date

Translators work on ``<lang>/LC_MESSAGES/sail_to_india.po`` with any gettext tool
(Poedit, Weblate, Lokalize). The English catalog is the source copied over
(``msgstr`` = ``msgid``), so a change of English wording is made in the code.
Compiled ``.mo`` files are not kept in git: ``pip install`` (``setup.py``), the
PyInstaller recipe (``build.spec``) and, from a bare checkout, the game itself
compile them.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
DOMAIN = "sail_to_india"
LANGUAGES = ("en", "fr", "it")
TEMPLATE = HERE / f"{DOMAIN}.pot"
# message(key, text) and plural_message(key, singular, plural): the key is msgctxt.
KEYWORDS = {"message": ((1, "c"), 2), "plural_message": ((1, "c"), 2, 3)}
SOURCES = ("game", "online", "scenes")


def po_path(lang: str, folder: Path = HERE) -> Path:
    return folder / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str, folder: Path = HERE) -> Path:
    return folder / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"


def extract():
    """The template catalog, extracted from the code by Babel."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    catalog = Catalog(project="Sail to India", version="1", domain=DOMAIN, charset="utf-8",
                      msgid_bugs_address="", copyright_holder="the Sail to India project",
                      fuzzy=False)
    for source in SOURCES:
        found = extract_from_dir(ROOT / source, method_map=[("**.py", "python")],
                                 keywords=KEYWORDS, comment_tags=("TRANSLATORS:",),
                                 strip_comment_tags=True)
        for filename, lineno, msg, comments, context in found:
            path = f"{source}/{filename}".replace("\\", "/")
            catalog.add(msg, None, [(path, lineno)], auto_comments=comments,
                        context=context)
    return catalog


def _write(catalog, path: Path) -> None:
    from babel.messages.pofile import write_po

    buf = io.BytesIO()
    write_po(buf, catalog, width=88, omit_header=False, sort_output=False,
             include_lineno=False)
    path.parent.mkdir(parents=True, exist_ok=True)
    data = buf.getvalue()
    if not path.exists() or path.read_bytes() != data:
        path.write_bytes(data)


def _read(path: Path, locale: str | None = None):
    from babel.messages.pofile import read_po

    with path.open("rb") as fp:
        return read_po(fp, locale=locale, domain=DOMAIN)


def _pot_date_free(data: bytes) -> bytes:
    return b"\n".join(line for line in data.splitlines()
                      if not line.startswith(b'"POT-Creation-Date:'))


def write_template() -> None:
    catalog = extract()
    if TEMPLATE.exists():
        # keep the old creation date when nothing changed, so the file does not churn
        old = _read(TEMPLATE)
        catalog.creation_date = old.creation_date
    _write(catalog, TEMPLATE)


def template_is_current() -> bool:
    """Whether the template holds exactly what the code marks (same text, same order)."""
    if not TEMPLATE.exists():
        return False
    fresh = extract()
    old = _read(TEMPLATE)

    def entries(cat):
        return [(m.context, m.id, tuple(m.auto_comments)) for m in cat if m.id]
    return entries(fresh) == entries(old)


def update() -> None:
    """Bring every language's PO file in line with the template."""
    from babel.messages.catalog import Catalog

    for lang in LANGUAGES:
        template = _read(TEMPLATE)  # read afresh: update() shares its messages
        path = po_path(lang)
        if path.exists():
            catalog = _read(path, locale=lang)
        else:
            catalog = Catalog(locale=lang, domain=DOMAIN, project="Sail to India",
                              version="1", copyright_holder="the Sail to India project",
                              charset="utf-8", fuzzy=False)
        catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
        catalog.obsolete.clear()
        if lang == "en":
            for msg in catalog:
                if msg.id:
                    msg.string = msg.id
                    msg.flags.discard("fuzzy")
        catalog.fuzzy = False
        _write(catalog, path)


def compile_catalog(po: Path, mo: Path) -> None:
    from babel.messages.mofile import write_mo

    catalog = _read(po)
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    mo.parent.mkdir(parents=True, exist_ok=True)
    mo.write_bytes(buf.getvalue())


def compile_all(source: Path = HERE, target: Path = HERE) -> list[Path]:
    """Compile every language's PO file in ``source`` to an MO file under ``target``."""
    written = []
    for lang in LANGUAGES:
        po = po_path(lang, source)
        if po.exists():
            mo = mo_path(lang, target)
            compile_catalog(po, mo)
            written.append(mo)
    return written


def main(argv: list[str]) -> int:
    command = argv[0] if argv else ""
    if command == "extract":
        write_template()
    elif command == "update":
        update()
    elif command == "compile":
        for mo in compile_all():
            print(mo.relative_to(ROOT))
    elif command == "check":
        if not template_is_current():
            print("the template is out of date: run catalogs.py extract, then update")
            return 1
        print("the template matches the code")
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
