"""The pieces of ``experiments/train.py``: configuration, environments, callbacks, evaluation,
checkpoints, curriculum and behaviour cloning, one module each."""
