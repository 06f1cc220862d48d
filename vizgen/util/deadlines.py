"""The scale of vizgen's deadlines: ``$VIZGEN_DEADLINE_SCALE``, read here and nowhere else.

vizgen holds a few limits in seconds against what it is given: ``serve`` drops a client whose request's head
takes longer than :data:`vizgen.site.output.preview.REQUEST_SECONDS`, or that stops reading an answer for
:data:`~vizgen.site.output.preview.IDLE_SECONDS`; a user template may compile or render for
:data:`vizgen.site.render.templating.TEMPLATE_SECONDS`; ``stats --cluster`` and ``sweep --cluster`` give a
scheduler :data:`vizgen.util.sizes.CLUSTER_TIMEOUT` to answer unless ``--timeout`` says otherwise. A test that
checks such a limit would wait out its real seconds. With ``VIZGEN_DEADLINE_SCALE=0.1`` in the environment each
of them is a tenth as long, so the test waits a tenth (one test per limit still waits out the real seconds, in the
slow lane; docs/TESTS.md).

The factor can only shorten a deadline, never lengthen or lift one: it is a number from :data:`MIN_SCALE` to 1.
Anything else is refused in one line (exit code 2) when a command starts (:func:`scale`).
"""

from __future__ import annotations

import math
import os

from vizgen.util.text import quote

__all__ = ["MIN_SCALE", "SCALE_ENV", "DeadlineScaleError", "scale", "seconds"]

#: the environment variable that scales the deadlines
SCALE_ENV = "VIZGEN_DEADLINE_SCALE"
#: the smallest factor taken (a hundredth: a 5 s deadline is then 50 ms)
MIN_SCALE = 0.01


class DeadlineScaleError(ValueError):
    """``$VIZGEN_DEADLINE_SCALE`` is not a number from :data:`MIN_SCALE` to 1."""


def scale() -> float:
    """The factor on vizgen's deadlines: ``$VIZGEN_DEADLINE_SCALE``, 1 when it is unset or empty.

    Raises
    ------
    DeadlineScaleError
        If it is set to anything but a number from :data:`MIN_SCALE` to 1.

    Examples
    --------
    >>> os.environ[SCALE_ENV] = "0.1"
    >>> scale()
    0.1
    >>> os.environ[SCALE_ENV] = "10"
    >>> scale()
    Traceback (most recent call last):
    ...
    vizgen.util.deadlines.DeadlineScaleError: $VIZGEN_DEADLINE_SCALE must be a number from 0.01 to 1 (it only \
shortens vizgen's deadlines, for the tests), got '10'
    >>> del os.environ[SCALE_ENV]
    >>> scale()
    1.0
    """
    raw = os.environ.get(SCALE_ENV, "").strip()
    if not raw:
        return 1.0
    try:
        value = float(raw)  # linear in the text's length (no integer conversion)
    except ValueError:
        value = math.nan
    if not MIN_SCALE <= value <= 1.0:
        raise DeadlineScaleError(f"${SCALE_ENV} must be a number from {MIN_SCALE:g} to 1 (it only shortens vizgen's "
                                 f"deadlines, for the tests), got {quote(raw)}")
    return value


def seconds(limit: float) -> float:
    """``limit`` seconds of one of vizgen's deadlines, times :func:`scale`.

    Examples
    --------
    >>> seconds(5.0) if SCALE_ENV not in os.environ else 5.0
    5.0
    """
    return limit * scale()
