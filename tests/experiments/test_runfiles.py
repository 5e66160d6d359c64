"""experiments/runfiles.py: the run-folder lock (held by a live process only) and the clean-up
of temporary files that killed atomic writes leave."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from experiments import runfiles

HOLD = ("import sys; from experiments import runfiles; runfiles.lock_run_folder(sys.argv[1]); "
        "print('locked', flush=True); sys.stdin.read()")


def hold_lock(folder):
    """A process that holds ``folder``'s lock until its stdin closes (or it is killed)."""
    proc = subprocess.Popen([sys.executable, "-c", HOLD, str(folder)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "locked"
    return proc


def test_lock__a_second_process_is_refused_naming_folder_and_pid(tmp_path):
    proc = hold_lock(tmp_path)
    try:
        with pytest.raises(runfiles.FolderInUse, match=rf"{tmp_path}.*process {proc.pid}"):
            runfiles.lock_run_folder(tmp_path)
    finally:
        proc.kill()
        proc.wait()


def test_lock__is_released_when_the_holder_is_killed(tmp_path):
    proc = hold_lock(tmp_path)
    proc.kill()                       # SIGKILL: no clean-up code runs, the kernel drops the lock
    proc.wait()
    runfiles.lock_run_folder(tmp_path)
    try:
        assert (tmp_path / runfiles.LOCK_NAME).read_text().strip() == str(os.getpid())
    finally:
        runfiles.unlock_run_folder(tmp_path)


def test_lock__released_by_unlock_so_another_process_can_take_it(tmp_path):
    runfiles.lock_run_folder(tmp_path)
    runfiles.unlock_run_folder(tmp_path)
    proc = hold_lock(tmp_path)          # a held lock: the child exits with FolderInUse, prints nothing
    proc.kill()
    proc.wait()


def test_remove_temporaries__deletes_killed_writes_only(tmp_path):
    (tmp_path / "checkpoints").mkdir()
    left = [tmp_path / ".tmp-evals.csv-x1", tmp_path / "checkpoints" / ".tmp-step_1.zip-y2"]
    for p in left:
        p.write_bytes(b"half")
    (tmp_path / "evals.csv").write_bytes(b"whole")
    assert runfiles.remove_temporaries(tmp_path) == sorted(left)
    assert [p.name for p in tmp_path.rglob("*") if p.is_file()] == ["evals.csv"]
