"""Policies written as a user of the benchmark would write them, outside ``agents/``; loaded by
spec (``user_policies.lowest_legal:make_callable``, ``tests/user_policies/highest_legal.py:make_policy``)
in ``tests/agents/test_external.py`` (``tests/`` is on sys.path, ``tests/conftest.py``)."""
