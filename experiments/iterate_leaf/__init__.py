"""Value iteration for the search's leaf (agents/search.py): the search labels its own games and
the leaf (a network's value head, agents/net.py) learns the labels. Run it with
``python -m experiments.iterate_leaf`` (see ``__main__.py``)."""
