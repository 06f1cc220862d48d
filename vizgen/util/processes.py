"""Worker processes that never outlive the build, and Ctrl-C held back where it must wait.

Each job runs in a fresh Python process of its own process group: a Ctrl-C at
the terminal (sent to the foreground group) reaches only the parent, which
kills its workers and exits. The job goes in on the worker's stdin and the
result comes back on its stdout, both pickled; its stderr is /dev/null. On
Linux a worker also dies with its parent (``PR_SET_PDEATHSIG``), and any
worker stops when its stdin closes, so a killed build leaves no worker behind.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import pickle
import selectors
import signal
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

__all__ = ["STOP_SIGNALS", "Background", "Stopped", "WorkerDied", "interrupts_held", "pid_alive", "run_each",
           "stop_on_signals", "stopped_code"]

_Job = TypeVar("_Job")
_Result = TypeVar("_Result")
#: prctl option: the signal this process gets when its parent dies (linux/prctl.h)
_PR_SET_PDEATHSIG = 1
#: what a worker runs (its argument: the parent's pid): take the parent's import path, then serve one job
_BOOT = ("import pickle, sys; sys.path[:] = pickle.load(sys.stdin.buffer); "
         "import vizgen.util.processes as p; p._serve_one()")


class WorkerDied(RuntimeError):
    """A worker process ended without sending its result (killed, or crashed in C code)."""


#: the signals that stop a command cleanly: Ctrl-C, ``kill`` (SIGTERM) and a closed terminal (SIGHUP)
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


class Stopped(KeyboardInterrupt):
    """SIGTERM or SIGHUP, raised where Ctrl-C raises KeyboardInterrupt, so the same clean-up runs.

    Attributes
    ----------
    signum : int
        The signal received.
    """

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


def pid_alive(pid: int) -> bool:
    """Whether a process with this id is running (one of another user counts as running).

    Examples
    --------
    >>> pid_alive(os.getpid())
    True
    """
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _raise_stopped(signum: int, frame: Any) -> None:
    raise Stopped(signum)


def stop_on_signals() -> None:
    """Make SIGTERM and SIGHUP raise :class:`Stopped` in the main thread, as Ctrl-C raises KeyboardInterrupt.

    A signal the process was started ignoring (``nohup`` ignores SIGHUP) stays ignored.

    Examples
    --------
    >>> before = [signal.getsignal(s) for s in (signal.SIGTERM, signal.SIGHUP)]
    >>> stop_on_signals()
    >>> signal.getsignal(signal.SIGTERM) is _raise_stopped
    True
    >>> _ = [signal.signal(s, h) for s, h in zip((signal.SIGTERM, signal.SIGHUP), before)]
    """
    if threading.current_thread() is not threading.main_thread():
        return
    for signum in (signal.SIGTERM, signal.SIGHUP):
        if signal.getsignal(signum) is not signal.SIG_IGN:
            signal.signal(signum, _raise_stopped)


def stopped_code(exc: KeyboardInterrupt) -> int:
    """The exit code of a command stopped by a signal: 128 + the signal's number (Ctrl-C: 130).

    Examples
    --------
    >>> stopped_code(KeyboardInterrupt()), stopped_code(Stopped(signal.SIGTERM)), stopped_code(Stopped(signal.SIGHUP))
    (130, 143, 129)
    """
    return 128 + (exc.signum if isinstance(exc, Stopped) else signal.SIGINT)


@contextlib.contextmanager
def interrupts_held() -> Iterator[None]:
    """Hold Ctrl-C, SIGTERM and SIGHUP back for the block: one that arrives meanwhile is acted on when it ends.

    Python runs signal handlers in the main thread only; elsewhere this does nothing.

    Examples
    --------
    >>> with interrupts_held():
    ...     pass
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    deferred: list[int] = []
    previous = {signum: signal.getsignal(signum) for signum in STOP_SIGNALS}
    for signum, handler in previous.items():
        if handler is not signal.SIG_IGN:
            signal.signal(signum, lambda got, frame: deferred.append(got))
    try:
        yield
    finally:
        for signum, handler in previous.items():
            if handler is not signal.SIG_IGN:
                signal.signal(signum, handler if handler is not None else signal.SIG_DFL)
        if deferred:
            first = previous[signal.Signals(deferred[0])]
            if callable(first):
                first(deferred[0], None)  # Python's Ctrl-C handler raises KeyboardInterrupt, ours Stopped
            elif first == signal.SIG_DFL:
                signal.raise_signal(deferred[0])  # no handler: the signal's own action, now that the block is done


def _serve_one() -> None:
    """The worker side: die with the parent, read ``(func, job)`` from stdin, write the reply to stdout.

    The reply is ``("ok", result)`` or ``("error", exception)``; whatever the job
    prints goes to /dev/null, so it cannot mix with the reply.
    """
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None).prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
    if os.getppid() != int(sys.argv[1]):  # the parent died before that took hold
        os._exit(1)
    reply_to = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)  # stdout is /dev/null from here, like stderr
    func, job = pickle.load(sys.stdin.buffer)
    try:
        reply = ("ok", func(job))
    except Exception as exc:  # handed to the parent, which raises it
        reply = ("error", exc)
    with reply_to:
        pickle.dump(reply, reply_to, protocol=pickle.HIGHEST_PROTOCOL)


def _spawn(label: str = "") -> subprocess.Popen[bytes]:
    """Start a worker in its own process group (a terminal's Ctrl-C does not reach it); ``label``, the job's
    function, is only there for ``ps`` and benchmarks to tell the workers apart."""
    return subprocess.Popen([sys.executable, "-c", _BOOT, str(os.getpid()), label], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, process_group=0)


def _label(func: Callable[..., Any]) -> str:
    return f"{getattr(func, '__module__', '')}.{getattr(func, '__qualname__', '')}"


def _hand(worker: subprocess.Popen[bytes], func: Callable[[Any], Any], job: Any) -> None:
    """Send the import path and the job to a worker."""
    assert worker.stdin is not None
    try:
        with worker.stdin:
            pickle.dump(list(sys.path), worker.stdin)
            pickle.dump((func, job), worker.stdin, protocol=pickle.HIGHEST_PROTOCOL)
    except BrokenPipeError:
        worker.wait()
        raise WorkerDied(f"a worker process ended with exit code {worker.returncode} before taking its job") from None


def _finish(worker: subprocess.Popen[bytes]) -> Any:
    """Read a worker's reply and reap it; return the result or raise what the job raised."""
    assert worker.stdout is not None
    with worker.stdout:
        try:
            status, value = pickle.load(worker.stdout)
        except (EOFError, pickle.UnpicklingError):
            worker.wait()
            raise WorkerDied(f"a worker process ended with exit code {worker.returncode} "
                             "before sending its result") from None
    worker.wait()
    if status == "error":
        raise value
    return value


def run_each(func: Callable[[_Job], _Result], jobs: Sequence[_Job], workers: int = 2) -> list[_Result]:
    """Run ``func`` on every job, each in a fresh process, ``workers`` at a time.

    On any exception here (KeyboardInterrupt included) the running workers are
    killed before it propagates.

    Parameters
    ----------
    func : callable
        A module-level function (it is pickled by reference).
    jobs : sequence
        Picklable arguments, one process each.
    workers : int
        Processes running at once.

    Returns
    -------
    list
        ``func(job)`` for every job, in order.

    Raises
    ------
    WorkerDied
        If a worker ended without a result; an exception raised by ``func`` is
        raised again here.

    Examples
    --------
    >>> run_each(abs, [-1, 2, -3])
    [1, 2, 3]
    """
    results: dict[int, _Result] = {}
    waiting = list(range(len(jobs)))[::-1]
    running: dict[int, subprocess.Popen[bytes]] = {}
    with selectors.DefaultSelector() as selector:
        try:
            while waiting or running:
                while waiting and len(running) < workers:
                    k = waiting.pop()
                    worker = running[k] = _spawn(_label(func))
                    _hand(worker, func, jobs[k])
                    assert worker.stdout is not None  # a pipe (_spawn)
                    selector.register(worker.stdout, selectors.EVENT_READ, k)
                for key, _ in selector.select():
                    k = key.data
                    selector.unregister(key.fileobj)
                    results[k] = _finish(running.pop(k))
        finally:
            for worker in running.values():
                worker.kill()
                worker.wait()
                if worker.stdout is not None:
                    worker.stdout.close()
    return [results[k] for k in range(len(jobs))]


class Background:
    """One job in a worker process (as :func:`run_each` runs them) while the caller goes on with other work.

    :meth:`result` waits for it; :meth:`stop` kills it if it still runs (call it in a ``finally``: a build
    stopped by an error or by Ctrl-C leaves no worker behind).

    Parameters
    ----------
    func : callable
        A module-level function (it is pickled by reference).
    job : object
        Its picklable argument.

    Examples
    --------
    >>> work = Background(abs, -4)
    >>> try:
    ...     work.result()
    ... finally:
    ...     work.stop()
    4
    """

    def __init__(self, func: Callable[[_Job], _Result], job: _Job) -> None:
        self._worker = _spawn(_label(func))
        try:
            _hand(self._worker, func, job)
        except BaseException:
            self.stop()
            raise

    def result(self) -> Any:
        """Wait for the job: its result, or the exception it raised (:class:`WorkerDied` if the worker died)."""
        return _finish(self._worker)

    def stop(self) -> None:
        """Kill the worker unless it has finished, and reap it."""
        if self._worker.poll() is None:
            self._worker.kill()
        self._worker.wait()
        if self._worker.stdout is not None and not self._worker.stdout.closed:
            self._worker.stdout.close()
