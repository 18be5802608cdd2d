"""Keep local targets inside the org root.

A target is untrusted text from a card. It must be relative, name no ``..`` component,
and resolve (symlinks followed) to a path inside the root; a symlink pointing out of the
root is refused like a ``..`` escape.
"""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath

from sourcefinder.errors import UnsafeTargetError

_GLOB_CHARS = re.compile(r"[*?\[]")


def inside(root: Path, path: Path) -> bool:
    """Whether ``path`` resolves to ``root`` or somewhere below it."""
    try:
        path.resolve().relative_to(root.resolve())
    except (ValueError, OSError, RuntimeError):
        return False
    return True


def confined(root: Path, target: str) -> Path:
    """``root / target`` after checking ``target`` cannot leave ``root``."""
    text = target.strip()
    if not text:
        raise UnsafeTargetError("empty path")
    if "\x00" in text or "\\" in text:
        raise UnsafeTargetError(f"path {target!r} has a NUL or a backslash")
    pure = PurePosixPath(text)
    if pure.is_absolute() or text.startswith("~"):
        raise UnsafeTargetError(f"path {target!r} is not relative to the org root")
    if ".." in pure.parts:
        raise UnsafeTargetError(f"path {target!r} climbs out with '..'")
    path = root.joinpath(*pure.parts)
    if not inside(root, path):
        raise UnsafeTargetError(f"path {target!r} resolves outside the org root")
    return path


def split_glob(pattern: str) -> tuple[str, str]:
    """``org/repos/x/**/*.md`` → (``org/repos/x``, ``**/*.md``)."""
    parts = PurePosixPath(pattern.strip()).parts
    for i, part in enumerate(parts):
        if _GLOB_CHARS.search(part):
            return "/".join(parts[:i]), "/".join(parts[i:])
    return "/".join(parts), ""


def glob_regex(pattern: str) -> re.Pattern[str]:
    """A regex for a relative glob: ``**`` spans folders, ``*`` and ``?`` stay in one."""
    if not pattern:
        return re.compile(r".+")
    out: list[str] = []
    parts = pattern.split("/")
    for i, part in enumerate(parts):
        last = i == len(parts) - 1
        if part == "**":
            out.append(".*" if last else "(?:[^/]+/)*")
            continue
        j = 0
        while j < len(part):
            c = part[j]
            if c == "*":
                out.append("[^/]*")
            elif c == "?":
                out.append("[^/]")
            elif c == "[" and "]" in part[j + 1 :]:
                end = part.index("]", j + 1)
                body = part[j + 1 : end].replace("\\", "\\\\")
                out.append("[^" + body[1:] + "]" if body.startswith("!") else "[" + body + "]")
                j = end
            else:
                out.append(re.escape(c))
            j += 1
        if not last:
            out.append("/")
    return re.compile("".join(out) + r"\Z")
