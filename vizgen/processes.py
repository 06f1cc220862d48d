"""Worker processes that never outlive the build, and Ctrl-C held back where it must wait.

Each job runs in a fresh spawned process. A worker starts with SIGINT blocked,
so a Ctrl-C at the terminal (sent to the whole process group) acts only in the
parent, which kills its workers and exits; on Linux a worker also dies with
its parent (``PR_SET_PDEATHSIG``), so a killed build leaves no worker behind.
"""

from __future__ import annotations

import contextlib
import ctypes
import multiprocessing
import multiprocessing.connection
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any, TypeVar

__all__ = ["WorkerDied", "interrupts_held", "run_each"]

_Job = TypeVar("_Job")
_Result = TypeVar("_Result")
#: prctl option: the signal this process gets when its parent dies (linux/prctl.h)
_PR_SET_PDEATHSIG = 1


class WorkerDied(RuntimeError):
    """A worker process ended without sending its result (killed, or crashed in C code)."""


@contextlib.contextmanager
def interrupts_held() -> Iterator[None]:
    """Hold Ctrl-C back for the block: a SIGINT that arrives meanwhile is raised when it ends.

    Processes started inside the block begin with SIGINT blocked. Outside the
    main thread (where Python runs no signal handlers) only the mask applies.

    Examples
    --------
    >>> with interrupts_held():
    ...     pass
    """
    deferred: list[int] = []
    main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, lambda signum, frame: deferred.append(signum)) if main else None
    mask = getattr(signal, "pthread_sigmask", None)  # POSIX only
    blocked = mask(signal.SIG_BLOCK, {signal.SIGINT}) if mask else None
    try:
        yield
    finally:
        if mask:
            mask(signal.SIG_SETMASK, blocked)
        if main:
            signal.signal(signal.SIGINT, previous)
            if deferred and callable(previous):
                previous(signal.SIGINT, None)  # the default handler raises KeyboardInterrupt


def _die_with(parent: int) -> None:
    """Ask the kernel to kill this process when ``parent`` dies (Linux); exit if it already has."""
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None).prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
    if os.getppid() != parent:
        os._exit(1)


def _child(func: Callable[[Any], Any], job: Any, conn: Connection, parent: int) -> None:
    _die_with(parent)
    try:
        reply = ("ok", func(job))
    except Exception as exc:  # handed to the parent, which raises it
        reply = ("error", exc)
    conn.send(reply)
    conn.close()


def _start(context: Any, func: Callable[[Any], Any], job: Any) -> tuple[Connection, BaseProcess]:
    receive, send = context.Pipe(duplex=False)
    process = context.Process(target=_child, args=(func, job, send, os.getpid()), daemon=True)
    with interrupts_held():
        process.start()
    send.close()
    return receive, process


def run_each(func: Callable[[_Job], _Result], jobs: Sequence[_Job], workers: int = 2) -> list[_Result]:
    """Run ``func`` on every job, each in a fresh spawned process, ``workers`` at a time.

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
    context = multiprocessing.get_context("spawn")
    results: dict[int, _Result] = {}
    waiting = list(range(len(jobs)))[::-1]
    running: dict[Connection, tuple[int, BaseProcess]] = {}
    try:
        while waiting or running:
            while waiting and len(running) < workers:
                k = waiting.pop()
                conn, process = _start(context, func, jobs[k])
                running[conn] = (k, process)
            for conn in multiprocessing.connection.wait(list(running)):
                k, process = running.pop(conn)
                with conn:
                    try:
                        status, value = conn.recv()
                    except EOFError:
                        process.join()
                        raise WorkerDied(f"a worker process ended with exit code {process.exitcode} "
                                         "before sending its result") from None
                process.join()
                if status == "error":
                    raise value
                results[k] = value
    finally:
        for conn, (_, process) in running.items():
            process.kill()
            process.join()
            conn.close()
    return [results[k] for k in range(len(jobs))]
