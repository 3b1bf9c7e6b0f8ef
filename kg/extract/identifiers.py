"""Identifiers of the subject: e-mail (also obfuscated), ORCID, homepage, GitHub, Google Scholar.

>>> sorted(find_identifiers("Mail: jane.roe [at] uni-x [dot] edu, ORCID 0000-0002-1825-0097").items())
[('email', 'jane.roe@uni-x.edu'), ('orcid', '0000-0002-1825-0097')]
"""
from __future__ import annotations

import re

from kg.extract.gazetteer import CaselessPattern
from kg.extract.text import cached_copy

# Patterns of the rules below, compiled once (the ``re`` module's cache is small and slow).

__all__ = ["find_identifiers"]

_AT = r"\s*(?:@|\[at\]|\(at\)|\{at\}|<at>|\s+at\s+|\s+AT\s+)\s*"
_DOT = r"\s*(?:\.|\[dot\]|\(dot\)|\{dot\}|<dot>|\s+dot\s+|\s+DOT\s+)\s*"
_DOT_RE = re.compile(_DOT)
_EMAIL = re.compile(rf"(?<![\w.+-])([\w.+-]+){_AT}((?:[\w-]+{_DOT})+[A-Za-z]{{2,}})\b")
_ORCID = re.compile(r"\b(\d{4}-\d{4}-\d{4}-\d{3}[\dX])\b")
_GITHUB = re.compile(r"github\.com/([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))(?![\w/-]*\.github\.io)(?:/?(?=[\s)\]>\"'|,]|$))", re.I)
_SCHOLAR = re.compile(r"scholar\.google\.[a-z.]+/citations\?(?:[^\s)]*&)?user=([\w-]{12})", re.I)
_HOMEPAGE_LABEL = re.compile(r"\b(?:homepage|home page|website|web|site|url|personal page)\s*[:：]\s*<?((?:https?://)?[\w.-]+\.[a-z]{2,}[^\s>)]*)", re.I)


_ANY = CaselessPattern(r"@|\bat\b|\d{4}-\d{4}|github|scholar|home|web|site|url|page")


@cached_copy(16384, dict)
def find_identifiers(text: str) -> dict[str, str]:
    """The first e-mail, ORCID, homepage, GitHub user and Scholar id found in a text.

    >>> find_identifiers("https://github.com/jroe and scholar.google.com/citations?user=AbCdEfGhIjKl&hl=en")
    {'github': 'jroe', 'scholar': 'AbCdEfGhIjKl'}
    """
    out: dict[str, str] = {}
    if not _ANY.search(text):
        return out
    lower = text.lower() if text.isascii() else None
    for match in _EMAIL.finditer(text):
        local, domain = match.group(1), _DOT_RE.sub(".", match.group(2))
        if local.lower() in ("mailto", "email") or "." not in domain:
            continue  # "Verified email at x.edu": a profile's note, no address
        out.setdefault("email", f"{local.lstrip('.')}@{domain}".replace("mailto:", ""))
        break
    match = _ORCID.search(text)
    if match:
        out["orcid"] = match.group(1)
    match = _GITHUB.search(text) if lower is None or "github" in lower else None
    if match and match.group(1).lower() not in ("orgs", "features", "about", "topics"):
        out["github"] = match.group(1)
    match = _SCHOLAR.search(text) if lower is None or "scholar" in lower else None
    if match:
        out["scholar"] = match.group(1)
    match = _HOMEPAGE_LABEL.search(text) if ":" in text or "：" in text else None
    if match:
        out["homepage"] = match.group(1).rstrip(".,")
    return out
