"""Spec strings: ``NAME``, ``NAME:key=value,...`` or a variant file's path, read into a checked variant.

``resolve("cutoff:players=3,hands=3")`` returns the ``cutoff`` variant with two
overrides; ``resolve("my-rules.toml")`` reads a user's variant file
(:mod:`vizgen.engine.variant_file`).
"""

from __future__ import annotations

from pathlib import Path

from vizgen.engine.params import VariantError
from vizgen.engine.variant_file import load_variant_file
from vizgen.engine.variants import Variant, lookup
from vizgen.util.paths import NoHome, expand_user
from vizgen.util.text import quote

__all__ = ["public_spec", "resolve"]


def _is_file(name: str) -> bool:
    """Whether the name part of a spec is a variant file's path (not a registry name)."""
    return name.endswith(".toml") or "/" in name


def public_spec(spec: str) -> str:
    """The spec as a public page shows it: a variant file by its name alone, never its folder.

    Parameters
    ----------
    spec : str
        A spec as given (:func:`resolve`).

    Returns
    -------
    str
        ``spec`` with a variant file's path cut to the file's name (bytes that are not UTF-8
        written as U+FFFD); a registry spec unchanged.

    Examples
    --------
    >>> public_spec("/home/ann/rules/lucky-seven.toml:r=7")
    'lucky-seven.toml:r=7'
    >>> public_spec(" standard:r=7 ")
    'standard:r=7'
    """
    spec = spec.strip()
    name, sep, rest = spec.partition(":")
    if not _is_file(name):
        return spec
    shown = Path(name).name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    return f"{shown}{sep}{rest}"


def resolve(spec: str) -> Variant:
    """Turn a spec string into a checked variant.

    Parameters
    ----------
    spec : str
        ``NAME`` or ``NAME:key=value,key=value``; ``NAME`` is a registry slug or a
        path to a ``.toml`` variant file. Numbers are ASCII digits; a key may
        appear once.

    Returns
    -------
    Variant
        The variant with its overrides applied and recorded (slug, title and
        summary name them); its ``spec`` is the string given.

    Raises
    ------
    VariantError
        For an unknown name or parameter, a bad value, a key given twice or a
        contradictory combination.

    Examples
    --------
    >>> v = resolve("standard:r=7")
    >>> v.overrides, v.title
    ((('r', 7),), 'Standard (r = 7)')
    """
    spec = spec.strip()
    name, sep, rest = spec.partition(":")
    if _is_file(name):
        try:
            base = load_variant_file(expand_user(name))
        except NoHome as exc:
            raise VariantError(f"variant file {quote(name)}: {exc}") from None
    else:
        base = lookup(name)
    overrides: list[tuple[str, str]] = []
    for item in filter(None, (part.strip() for part in rest.split(","))) if sep else ():
        key, eq, value = (part.strip() for part in item.partition("="))
        if not eq or not key or not value:
            raise VariantError(f"bad override {quote(item)} in {quote(spec)}: write key=value, e.g. standard:r=7")
        if any(key == seen for seen, _ in overrides):
            raise VariantError(f"parameter {quote(key)} is given twice in {quote(spec)}: give each key once")
        overrides.append((key, value))
    return base.with_overrides(overrides, spec)


