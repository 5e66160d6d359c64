"""Files of a run folder that outlive a kill: atomic writes, a lock against a second process on
the same folder, and the clean-up of what a killed write left behind.

* ``atomic_write_bytes``: the data goes to a temporary ``.tmp-<name>-*`` file in the target's
  folder, is flushed to disk, then renamed over the target (``os.replace``, atomic on POSIX), so
  a reader sees the old file or the new one, never half of one.
* ``lock_run_folder``: an OS lock (``fcntl.flock``) on ``<folder>/.lock``, held until the
  process exits or dies (the kernel releases it; a stale lock file is harmless). A second
  process on the same folder (a duplicate ``--resume``) is refused, naming the folder and the pid
  holding it.
* ``remove_temporaries``: the ``.tmp-*`` files a killed atomic write left; call it only while
  holding the folder's lock, when no other process can be writing one.
"""

from __future__ import annotations

import fcntl
import os
import tempfile
from pathlib import Path

LOCK_NAME = ".lock"
TMP_PREFIX = ".tmp-"

_HELD: dict[Path, object] = {}      # folder -> open lock file; the lock lives as long as it does


def atomic_write_bytes(path: str | Path, data: bytes) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f"{TMP_PREFIX}{path.name}-")
    try:
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)            # mkstemp makes it private (0600)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


class FolderInUse(SystemExit):
    """Another live process holds the run folder's lock."""


def lock_run_folder(folder: str | Path) -> None:
    """Hold ``<folder>/.lock`` for the rest of this process, or raise ``FolderInUse`` naming the
    folder and the process holding it. Taking a lock this process holds already does nothing."""
    folder = Path(folder).resolve()
    if folder in _HELD:
        return
    folder.mkdir(parents=True, exist_ok=True)
    f = open(folder / LOCK_NAME, "a+")
    try:
        fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        f.seek(0)
        pid = f.read().strip() or "unknown"
        f.close()
        raise FolderInUse(f"{folder} is in use by another run (process {pid} holds "
                          f"{folder / LOCK_NAME}); wait for it to end or stop it first") from None
    f.seek(0)
    f.truncate()
    f.write(f"{os.getpid()}\n")
    f.flush()
    _HELD[folder] = f


def unlock_run_folder(folder: str | Path) -> None:
    """Release the lock before the process ends (tests, or a run called from Python)."""
    f = _HELD.pop(Path(folder).resolve(), None)
    if f is not None:
        f.close()                       # closing the descriptor releases the flock


def remove_temporaries(folder: str | Path) -> list[Path]:
    """Delete the ``.tmp-*`` files under ``folder`` (left by writes killed half-way); returns them."""
    found = sorted(p for p in Path(folder).rglob(f"{TMP_PREFIX}*") if p.is_file())
    for p in found:
        p.unlink(missing_ok=True)
    return found
