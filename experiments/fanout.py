"""Independent tasks spread over workers: this process, local processes, or a Ray cluster.

Games are independent, so long jobs (benchmark batches, self-play rounds) split into tasks that
any worker can run: ``fan_out(fn, tasks, workers)`` yields ``fn(task)`` for every task as the
results come back (in completion order; callers that need an order sort by what the task says).

* ``workers=1`` and no Ray: in this process, in order (the simplest to debug and profile);
* ``workers=N``: N spawned local processes (``concurrent.futures``, nothing to install); a
  worker that dies (killed from outside, out of memory) stops the run with an error rather than
  leaving it waiting for the lost task;
* ``ray_address="auto"`` or ``"ray://host:10001"`` (or ``"local"`` for a Ray started here with
  ``workers`` CPUs): Ray tasks of one CPU each. Ray is the optional extra
  ``pip install ghoststories-env[ray]``; on a cluster, every node needs the project installed
  (the same version), since tasks import ``fn`` by its module.

``fn`` and the tasks must pickle (a module-level function and plain data). A game's result never
depends on the worker that played it: every task carries its seeds.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import threading
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from typing import Callable, Iterable, Iterator


def fan_out(fn: Callable, tasks: Iterable, workers: int = 1, ray_address: str | None = None,
            initializer: Callable | None = None, initargs: tuple = ()) -> Iterator:
    """``fn(task)`` for every task, as each finishes (see the module docstring). ``initializer``
    runs once per local process before its first task (not under Ray)."""
    tasks = list(tasks)
    if workers < 1:
        raise ValueError(f"workers must be >= 1, got {workers!r}")
    if ray_address is not None:
        yield from _on_ray(fn, tasks, workers, ray_address)
    elif workers == 1:
        if initializer is not None:
            initializer(*initargs)
        for task in tasks:
            yield fn(task)
    else:
        yield from _on_processes(fn, tasks, workers, initializer, initargs)


def _on_processes(fn, tasks, workers, initializer, initargs) -> Iterator:
    # an executor, not multiprocessing.Pool: a Pool replaces a dead worker but never returns its
    # task, so the run would wait forever; a broken executor fails every task still pending
    ctx = multiprocessing.get_context("spawn")           # no forked copies of numpy's threads
    pool = ProcessPoolExecutor(workers, ctx, _watched, (initializer, initargs))
    finished = False
    try:
        for future in as_completed([pool.submit(fn, task) for task in tasks]):
            yield future.result()
        finished = True
    except BrokenProcessPool as e:
        raise RuntimeError("a local worker process died before its task was done (killed from "
                           "outside, or out of memory?): the run stops here, its finished tasks "
                           "are kept by the caller; resume it or run it again") from e
    finally:
        # a caller that stops early does not wait for the tasks still running
        pool.shutdown(wait=finished, cancel_futures=True)


def _watched(initializer: Callable | None, initargs: tuple) -> None:
    """A local worker's start: it ends when this process's parent does (a run killed by a signal
    would otherwise leave its workers playing their batches to the end), then ``initializer``."""
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_exit_with, args=(parent.sentinel,), daemon=True).start()
    if initializer is not None:
        initializer(*initargs)


def _exit_with(sentinel) -> None:
    multiprocessing.connection.wait([sentinel])
    os._exit(1)


def ray_init(address: str, workers: int):
    """Connect to Ray (``"local"``: start one here with ``workers`` CPUs), once per process."""
    try:
        import ray
    except ImportError:
        raise SystemExit("Ray is not installed: pip install 'ghoststories-env[ray]' "
                         "(or leave out --ray-address to use local processes)") from None
    if not ray.is_initialized():
        if address == "local":
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False,
                     configure_logging=False)
        else:
            ray.init(address=address, log_to_driver=False, configure_logging=False)
    return ray


def _on_ray(fn, tasks, workers, address) -> Iterator:
    ray = ray_init(address, workers)
    remote = ray.remote(num_cpus=1)(fn)
    pending = [remote.remote(task) for task in tasks]
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        yield ray.get(done[0])
