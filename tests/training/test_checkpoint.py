"""Atomic writes: a failure while writing leaves the previous file whole and no temporary file."""

from __future__ import annotations

import os

import pytest

from experiments.training import checkpoint


def test_atomic_write__replaces_the_file_and_keeps_normal_permissions(tmp_path):
    path = tmp_path / "a" / "f.bin"
    checkpoint.atomic_write_bytes(path, b"one")
    checkpoint.atomic_write_bytes(path, b"two")
    assert path.read_bytes() == b"two"
    assert os.listdir(path.parent) == ["f.bin"]
    umask = os.umask(0)
    os.umask(umask)
    assert path.stat().st_mode & 0o777 == 0o666 & ~umask


def test_atomic_write__a_crash_while_writing_keeps_the_old_file(tmp_path, monkeypatch):
    path = tmp_path / "f.bin"
    checkpoint.atomic_write_bytes(path, b"old")

    def crash(fd):
        raise OSError("disk full")
    monkeypatch.setattr(os, "fsync", crash)
    with pytest.raises(OSError, match="disk full"):
        checkpoint.atomic_write_bytes(path, b"new, half written")
    assert path.read_bytes() == b"old"
    assert os.listdir(tmp_path) == ["f.bin"]


def test_latest__picks_the_highest_step(tmp_path):
    for step in (5, 100, 20):
        checkpoint.checkpoint_path(tmp_path, step).write_bytes(b"")
    (tmp_path / ".tmp-step_000000000999.zip-x").write_bytes(b"")   # a crashed write is ignored
    assert checkpoint.latest(tmp_path).name == "step_000000000100.zip"
    assert checkpoint.latest(tmp_path / "none") is None
