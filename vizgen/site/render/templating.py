"""User templates in a sandbox, bounded, that explain themselves: one line with the file, the line and the message.

``build --templates DIR`` puts a user's folder before the built-in templates,
and the pages are then rendered by :class:`UserTemplates`, Jinja's
:class:`~jinja2.sandbox.SandboxedEnvironment` (what MkDocs-like tools use for
templates they do not control: no ``__globals__``, no ``os``, ranges of at most
``MAX_RANGE`` items) with bounds of its own:

- time: compiling or rendering one template takes at most
  :data:`TEMPLATE_SECONDS` (a timer in the main thread of the process, worker
  processes included, stops even a loop that calls nothing; any thread checks
  the clock at each call and operator; the tests shorten it through
  :mod:`vizgen.util.deadlines`);
- memory: while it compiles or renders, the process may map at most
  :data:`TEMPLATE_MEMORY` bytes more (its address-space limit, Linux), so no
  single operation (``'x' * 2500000000``, ``'x'|center(10**9)``, a list grown
  without end) can take the machine's memory; integers are bounded too
  (``10**10**9`` is refused before Python spends minutes on it);
- files: :class:`TemplateLoader` reads a template, an ``include``, ``extends``
  or ``import`` only from a regular file of at most :data:`TEMPLATE_BYTES`
  whose real path is inside the template folders: a link to ``/etc/passwd``
  or ``/proc/self/environ`` is refused, never read into a page.

Whatever goes wrong in a template (a syntax error, an unknown filter, an
undefined name, ``1/0``, calling a string, a template that includes itself,
an include that leaves the folders, a file that is not UTF-8, an unsafe
attribute, an expression nested too deep, a bound reached) becomes a
:class:`TemplateProblem`: ``template 'DIR/index.html', line 3: 'nope' is
undefined``, reported as any bad input is (exit code 2, no traceback).

Every value a template prints goes through :func:`shown` first, so user text
with control characters still makes a valid page.
"""

from __future__ import annotations

import contextlib
import os
import signal
import stat
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType
from typing import Any

import jinja2
from jinja2.loaders import split_template_path
from jinja2.runtime import Context
from jinja2.sandbox import SandboxedEnvironment

from vizgen import templates_folder
from vizgen.site.output.outdir import BuildError
from vizgen.util import deadlines
from vizgen.util.paths import NoHome, expand_user
from vizgen.util.text import format_count, quote, visible

__all__ = ["TEMPLATE_BYTES", "TEMPLATE_FRAMES", "TEMPLATE_INT_BITS", "TEMPLATE_MEMORY", "TEMPLATE_SECONDS",
           "TemplateLimit", "TemplateLoader", "TemplateProblem", "UserTemplates", "bounded", "check_templates",
           "compile_templates", "explained", "shown", "template_files"]

#: the longest part of an exception's message repeated in the one line, and of a template's path
_MESSAGE_LIMIT = 240
_PATH_LIMIT = 300

#: seconds compiling or rendering one template may take (the built-in pages take milliseconds)
TEMPLATE_SECONDS = 10.0
#: bytes of address space the process may map beyond what it had when a template began (the built-in pages are
#: under 100 kB; a page of the whole catalogue under a megabyte)
TEMPLATE_MEMORY = 128 << 20
#: the largest template file read (the built-in ones are under 30 kB)
TEMPLATE_BYTES = 1 << 20
#: Python frames a template may stack beyond those below it (the built-in pages need under 100): the same template
#: is refused alike whatever recursion limit the process had
TEMPLATE_FRAMES = 800
#: the largest integer ``*`` and ``**`` may make in a template, in bits (Python spends minutes on ``10**10**9``)
TEMPLATE_INT_BITS = 1 << 16
#: after the deadline, the time a template has to unwind before it is stopped again
_AGAIN_SECONDS = 2.0
#: past the deadline, how often the timer looks again
_TICK_SECONDS = 0.1


class TemplateProblem(BuildError):
    """A user template that cannot be rendered (reported in one line, exit code 2)."""


class TemplateLimit(Exception):
    """A template went over one of its bounds (time, memory, the size of an integer)."""


def shown(value: Any) -> Any:
    """Jinja's ``finalize``: text a template prints has its control characters written visibly (HTML cannot hold them).

    Examples
    --------
    >>> shown("Five\\x1b[2J"), shown(3)
    ('Five\\\\x1b[2J', 3)
    """
    if type(value) is str:  # not Markup: what a template marks safe is written as it is
        return visible(value, keep="\t\n\r")
    return value


class TemplateLoader(jinja2.FileSystemLoader):
    """A :class:`jinja2.FileSystemLoader` that reads only the template folders' own files, as UTF-8.

    A template's real path (links followed) must be inside one of the folders, and it must be a regular file of
    at most :data:`TEMPLATE_BYTES`: otherwise, and for a file that is not UTF-8, a :class:`TemplateProblem`
    names it (and a link is never read).

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "x.html").write_bytes(b"ok\\n\\xff")
    >>> jinja2.Environment(loader=TemplateLoader([str(folder)])).get_template("x.html")
    Traceback (most recent call last):
    ...
    vizgen.site.render.templating.TemplateProblem: template '/...x.html', line 2: not UTF-8 (byte 0xff)
    >>> (folder / "y.html").symlink_to("/etc/hostname")
    >>> jinja2.Environment(loader=TemplateLoader([str(folder)])).get_template("y.html")
    Traceback (most recent call last):
    ...
    vizgen.site.render.templating.TemplateProblem: template '/...y.html' refused: it leads to '/etc/hostname', \
outside the template folders
    """

    def __init__(self, searchpath: list[str]) -> None:
        super().__init__(searchpath)
        self._real = [os.path.join(os.path.realpath(folder), "") for folder in self.searchpath]  # ending in /

    def refusal(self, path: str) -> str | None:
        """Why the file at ``path`` may not be read as a template (None: it may)."""
        real = os.path.realpath(path)
        if not any(real.startswith(folder) for folder in self._real):
            return f"it leads to {quote(real, _PATH_LIMIT)}, outside the template folders"
        info = os.stat(real)
        if not stat.S_ISREG(info.st_mode):
            return "not a regular file"
        if info.st_size > TEMPLATE_BYTES:
            return f"{format_count(info.st_size)} bytes, over the {format_count(TEMPLATE_BYTES)} a template may have"
        return None

    def get_source(self, environment: jinja2.Environment, template: str) -> tuple[str, str, Callable[[], bool]]:
        pieces = split_template_path(template)
        for folder in self.searchpath:
            path = os.path.join(folder, *pieces)
            if not os.path.lexists(path) or os.path.isdir(path):
                continue
            try:
                why = self.refusal(path)
                if why is None:
                    with open(os.path.realpath(path), "rb") as file:
                        data = file.read(TEMPLATE_BYTES + 1)
                    mtime = os.path.getmtime(path)
            except OSError as exc:
                why = f"cannot be read: {exc.strerror or exc}"
            if why is not None:
                raise TemplateProblem(f"template {quote(path, _PATH_LIMIT)} refused: {why}")
            if len(data) > TEMPLATE_BYTES:
                raise TemplateProblem(f"template {quote(path, _PATH_LIMIT)} refused: "
                                      f"over the {format_count(TEMPLATE_BYTES)} "
                                      "bytes a template may have")
            try:
                text = data.decode(self.encoding)
            except UnicodeDecodeError as exc:
                line = data[:exc.start].count(b"\n") + 1
                raise TemplateProblem(f"template {quote(path, _PATH_LIMIT)}, line {line}: not UTF-8 "
                                      f"(byte 0x{data[exc.start]:02x})") from None

            def uptodate(path: str = path, mtime: float = mtime) -> bool:
                try:
                    return os.path.getmtime(path) == mtime
                except OSError:
                    return False

            return text, os.path.normpath(path), uptodate
        raise jinja2.TemplateNotFound(template)


def template_files(folder: Path) -> list[tuple[str, bytes | None]]:
    """Every file of a ``--templates`` folder by relative path, with what the loader would read of it (None for a
    file it refuses: a link out of the folders, a file too big or not regular), in sorted order.

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "index.html").write_text("hi")
    >>> (folder / "out.html").symlink_to("/etc/hostname")
    >>> template_files(folder)
    [('index.html', b'hi'), ('out.html', None)]
    """
    loader = TemplateLoader([str(folder), str(templates_folder())])
    found = []
    for top, dirs, names in os.walk(folder):
        dirs.sort()
        for name in names:
            path = os.path.join(top, name)
            try:
                if loader.refusal(path) is not None:
                    raise OSError
                with open(os.path.realpath(path), "rb") as file:
                    data: bytes | None = file.read(TEMPLATE_BYTES)
            except OSError:
                data = None
            found.append((Path(path).relative_to(folder).as_posix(), data))
    return sorted(found)


_bounds = threading.local()  # the deadline of the template this thread compiles or renders (if any), its limit


def _over_time() -> None:
    """Raise :class:`TemplateLimit` if the template this thread renders is past its deadline.

    Once raised, the next deadline is :data:`_AGAIN_SECONDS` later: time for the template to unwind, and if
    the exception was lost (raised in a finalizer, whose exceptions Python drops) it is raised again.
    """
    deadline = getattr(_bounds, "deadline", None)
    if deadline is not None and time.monotonic() > deadline:
        _bounds.deadline = time.monotonic() + deadlines.seconds(_AGAIN_SECONDS)
        raise TemplateLimit(f"took over {_bounds.limit:g} s, the time a template may take")


def _on_alarm(signum: int, frame: Any) -> None:
    _over_time()


def _mapped() -> int | None:
    """The bytes of address space this process maps (Linux; None elsewhere)."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return None


@contextlib.contextmanager
def _memory_bound() -> Iterator[None]:
    """While it runs, the process may map at most :data:`TEMPLATE_MEMORY` more bytes (its soft RLIMIT_AS)."""
    try:
        import resource
    except ImportError:  # not a Unix
        yield
        return
    mapped = _mapped()
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = None if mapped is None else mapped + TEMPLATE_MEMORY
    if limit is None or (soft != resource.RLIM_INFINITY and soft <= limit):
        yield  # not Linux, or a lower limit is already set
        return
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))  # below the soft limit, so below the hard one
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def _depth() -> int:
    """The Python frames below the caller's."""
    frame: FrameType | None = sys._getframe(1)
    depth = 0
    while frame is not None:
        frame, depth = frame.f_back, depth + 1
    return depth


@contextlib.contextmanager
def _frames_bound() -> Iterator[None]:
    """While it runs, the recursion limit is :data:`TEMPLATE_FRAMES` above the frames already stacked, whatever
    it was (a library may have raised it), so a template nested too deep is refused alike in every process."""
    before = sys.getrecursionlimit()
    sys.setrecursionlimit(_depth() + TEMPLATE_FRAMES)
    try:
        yield
    finally:
        sys.setrecursionlimit(before)


@contextlib.contextmanager
def bounded(name: str) -> Iterator[None]:
    """Compile or render the template ``name`` within :data:`TEMPLATE_SECONDS` (times
    :func:`vizgen.util.deadlines.scale`) and :data:`TEMPLATE_MEMORY`.

    In the main thread a timer stops it at the deadline even in a loop that calls nothing; in any thread each
    call and operator of a :class:`UserTemplates` template checks the clock. Going over a bound, running out
    of memory or recursing too deep is a :class:`TemplateProblem` naming the template (and its line when known).
    Nested uses (an ``include`` compiled while a page renders) share the outer one's bounds.

    Examples
    --------
    >>> with bounded("big.html"):
    ...     text = "x" * (1 << 40)
    Traceback (most recent call last):
    ...
    vizgen.site.render.templating.TemplateProblem: template 'big.html': went over the 128 MB of memory a template \
may take
    """
    if getattr(_bounds, "deadline", None) is not None:
        yield
        return
    failed: Exception | None = None
    _bounds.limit = deadlines.seconds(TEMPLATE_SECONDS)
    _bounds.deadline = time.monotonic() + _bounds.limit
    try:
        with _memory_bound(), _frames_bound(), _timer(_bounds.limit):
            yield
    except (TemplateLimit, MemoryError, RecursionError) as exc:  # a TemplateLimit may come as the timer stops
        failed = exc
    finally:
        _bounds.deadline = None
    if failed is not None:
        raise explained(failed) or TemplateProblem(f"template {quote(name, _PATH_LIMIT)}: {_message(failed)}") \
            from None


@contextlib.contextmanager
def _timer(limit: float) -> Iterator[None]:
    """In the main thread, a timer that stops the template at its deadline, ``limit`` seconds from now
    (:func:`_over_time`); any timer that was running goes on afterwards, less the time taken."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "setitimer"):
        yield
        return
    began = time.monotonic()
    handler = signal.signal(signal.SIGALRM, _on_alarm)
    before = signal.setitimer(signal.ITIMER_REAL, limit, _TICK_SECONDS)
    try:
        yield
    finally:
        late = _stop_timer(handler)
        if before[0] > 0:
            signal.setitimer(signal.ITIMER_REAL, max(before[0] - (time.monotonic() - began), 1e-3), before[1])
        if late is not None:
            raise late


def _stop_timer(handler: Any) -> TemplateLimit | None:
    """Stop the template's timer and put ``handler`` back as SIGALRM's, whatever tick lands meanwhile: a tick past
    the deadline raises :class:`TemplateLimit` at any bytecode, so one landing here would leave the timer running
    into the interpreter's exit, where the default action of SIGALRM kills the process. Returns the
    :class:`TemplateLimit` such a tick raised (None if none did), for the caller to raise once the timer is off.

    Examples
    --------
    >>> before = signal.signal(signal.SIGALRM, _on_alarm)
    >>> _ = signal.setitimer(signal.ITIMER_REAL, 60, _TICK_SECONDS)
    >>> _stop_timer(before), signal.getitimer(signal.ITIMER_REAL), signal.getsignal(signal.SIGALRM) is before
    (None, (0.0, 0.0), True)
    """
    late: TemplateLimit | None = None
    while True:
        try:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, handler)
            return late
        except TemplateLimit as exc:  # the timer may be off already; setting it off again does no harm
            late = exc


def _int_bits(value: Any) -> int:
    """The bits of an integer (0 for anything else: bools and floats are bounded by themselves)."""
    return abs(value).bit_length() if type(value) is int else 0


class _Bounded(jinja2.Template):
    """A template whose :meth:`render` is :func:`bounded`."""

    def render(self, *args: Any, **kwargs: Any) -> str:
        with bounded(self.filename or self.name or "?"):
            return super().render(*args, **kwargs)


class UserTemplates(SandboxedEnvironment):
    """Jinja's sandbox with bounds: time, memory and integers (see the module's docstring).

    Examples
    --------
    >>> env = UserTemplates()
    >>> env.from_string("{{ cycler.__init__.__globals__.os }}").render()
    Traceback (most recent call last):
    ...
    jinja2.exceptions.SecurityError: access to attribute '__init__' of 'type' object is unsafe.
    >>> env.from_string("{{ 10 ** 1000000 }}").render()
    Traceback (most recent call last):
    ...
    vizgen.site.render.templating.TemplateProblem: template '<template>': '**' would make an integer of \
3\u202f000\u202f001 bits or so, over the 65\u202f536 a template may make
    >>> env.from_string("{{ 2 ** 10 * 3 }}").render()
    '3072'
    """

    intercepted_binops = frozenset({"*", "**"})
    template_class = _Bounded

    def compile(self, source: Any, name: str | None = None, filename: str | None = None, raw: bool = False,
                defer_init: bool = False) -> Any:
        """Compile within the bounds; an expression too deeply nested for the parser is one line too."""
        where = filename or name or "<template>"
        with bounded(where):
            try:
                return super().compile(source, name, filename, raw, defer_init)  # type: ignore[call-overload]
            except RecursionError:
                raise TemplateProblem(f"template {quote(where, _PATH_LIMIT)}: nested too deep to compile (blocks, "
                                      "parentheses or a chain of filters)") from None

    def call_binop(self, context: Context, operator: str, left: Any, right: Any) -> Any:
        """``*`` and ``**`` on integers, bounded to :data:`TEMPLATE_INT_BITS` before Python works on them."""
        _over_time()
        if operator == "**" and type(right) is int and right > 0:  # at least (bits - 1) * right + 1 bits
            bits = (_int_bits(left) - 1) * right + 1 if _int_bits(left) > 1 else 0
        elif operator == "*":
            bits = _int_bits(left) + _int_bits(right) if _int_bits(left) and _int_bits(right) else 0
        else:
            bits = 0
        if bits > TEMPLATE_INT_BITS:
            raise TemplateLimit(f"'{operator}' would make an integer of {format_count(bits)} bits or so, over the "
                                f"{format_count(TEMPLATE_INT_BITS)} a template may make")
        return super().call_binop(context, operator, left, right)

    def call(__self, __context: Context, __obj: Any, *args: Any, **kwargs: Any) -> Any:
        """A call from a template: the clock is checked first (the odd names are Jinja's: any keyword may be passed)."""
        _over_time()
        return super().call(__context, __obj, *args, **kwargs)


def check_templates(templates: str | Path) -> Path:
    """Return the ``--templates`` folder, refusing one that is not an existing, readable folder.

    A leading ``~`` is expanded as a shell would.

    Raises
    ------
    BuildError
        For an empty name, a missing or unreadable folder, or a file.

    Examples
    --------
    >>> check_templates("")
    Traceback (most recent call last):
    ...
    vizgen.site.output.outdir.BuildError: --templates is empty: name a folder of templates
    """
    if not str(templates).strip():
        raise BuildError("--templates is empty: name a folder of templates")
    try:
        path = expand_user(templates)
    except NoHome as exc:
        raise BuildError(f"--templates {quote(str(templates))}: {exc}") from None
    try:
        if not path.is_dir():
            raise BuildError(f"--templates {quote(str(templates))} is not a folder")
        os.listdir(path)
    except OSError as exc:
        raise BuildError(f"cannot read --templates {quote(str(templates))}: {exc.strerror or exc}") from None
    return path


def compile_templates(env: jinja2.Environment, templates: Path) -> None:
    """Compile the user's templates that take the place of built-in ones, before any work.

    Syntax errors, unknown filters and files that are not UTF-8 are found here;
    what only rendering finds (an undefined name, ``1/0``) is explained by :func:`explained`.

    Raises
    ------
    TemplateProblem
        For the first template that does not compile.

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "index.html").write_text("{{ 1|nofilter }}")
    >>> compile_templates(jinja2.Environment(loader=TemplateLoader([str(folder)])), folder)
    Traceback (most recent call last):
    ...
    vizgen.site.render.templating.TemplateProblem: template '/...index.html', line 1: No filter named 'nofilter'.
    """
    builtin = {p.name for p in templates_folder().glob("*.html")}
    for name in sorted(builtin):
        if (templates / name).is_file():
            try:
                env.get_template(name)
            except Exception as exc:
                problem = explained(exc)
                if problem is None:
                    raise
                raise problem from None


def _innermost(exc: BaseException) -> tuple[str, int] | None:
    """The template file and line an exception was raised at (Jinja writes template frames by their file)."""
    frames = [(f.filename, f.lineno or 0) for f in traceback.extract_tb(exc.__traceback__)
              if f.filename.endswith((".html", ".htm", ".xml", ".svg", ".txt", ".j2", ".jinja"))
              and Path(f.filename).is_file()]
    if isinstance(exc, RecursionError) and frames:  # a line that repeats, the user's rather than a built-in one,
        builtin = str(templates_folder())             # the latest in its file: an include or a call, not the extends
        frames.sort(key=lambda at: (frames.count(at) > 1, not at[0].startswith(builtin), at[1]))
    return frames[-1] if frames else None


def _message(exc: BaseException) -> str:
    """Jinja's (or Python's) message, short, with a word on the cases that need one."""
    if isinstance(exc, RecursionError):
        return "recursion too deep: a template includes or extends itself, or a macro calls itself"
    if isinstance(exc, MemoryError):
        return f"went over the {TEMPLATE_MEMORY >> 20} MB of memory a template may take"
    if isinstance(exc, TemplateLimit):
        return str(exc)
    if isinstance(exc, jinja2.TemplateNotFound):
        names = getattr(exc, "templates", None) or [exc.name]
        if any(".." in str(n).replace("\\", "/").split("/") or str(n).startswith("/") for n in names):
            return (f"template {quote(str(exc.name))} refused: a template name is a path inside the template "
                    "folders, without '..' and not absolute")
        return f"template {quote(str(exc.name))} not found in the --templates folder or the built-in templates"
    text = getattr(exc, "message", None) or str(exc) or type(exc).__name__
    if not isinstance(exc, jinja2.TemplateError):
        text = f"{type(exc).__name__}: {text}"
    return text if len(text) <= _MESSAGE_LIMIT else f"{text[:_MESSAGE_LIMIT]}..."


def explained(exc: Exception) -> TemplateProblem | None:
    """One line for an exception raised while rendering with user templates; None if no template raised it.

    Parameters
    ----------
    exc : Exception
        What rendering raised.

    Returns
    -------
    TemplateProblem or None
        ``template 'FILE', line N: MESSAGE``, or None when ``exc`` is not Jinja's and came from no template
        (a fault of vizgen's, which keeps its traceback).

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "a.html").write_text("<p>\\n{{ 1/0 }}</p>")
    >>> try:
    ...     jinja2.Environment(loader=TemplateLoader([str(folder)])).get_template("a.html").render()
    ... except ZeroDivisionError as exc:
    ...     print(explained(exc))
    template '/...a.html', line 2: ZeroDivisionError: division by zero
    """
    if isinstance(exc, TemplateProblem):
        return exc
    at = None
    if isinstance(exc, jinja2.TemplateSyntaxError) and (exc.filename or exc.name):
        at = (exc.filename or exc.name or "", exc.lineno)
    else:
        at = _innermost(exc)
    if at is None:
        if not isinstance(exc, jinja2.TemplateError):
            return None
        name = getattr(exc, "name", None)
        where = f"template {quote(str(name))}" if name and not isinstance(exc, jinja2.TemplateNotFound) else "templates"
        return TemplateProblem(f"{where}: {_message(exc)}")
    where = f"template {quote(at[0], _PATH_LIMIT)}"
    return TemplateProblem(f"{where}{f', line {at[1]}' if at[1] else ''}: {_message(exc)}")
