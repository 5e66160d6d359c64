"""Expert iteration: the search (agents/search.py) teaches a policy-value network (agents/net.py)
that then guides it. Run it with ``python -m experiments.exit`` (see ``__main__.py``)."""
