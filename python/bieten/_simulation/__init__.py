"""Self-play at scale, one job a module: ``checks`` (a run's arguments), ``run`` (the core called
chunk by chunk on threads, the progress bar, Ctrl-C), ``results`` (the one result type, shaped by
the core's output and the family registry's ``SimulationShape``), ``report`` (summaries and where
the time went) and ``play`` (``simulate`` and ``simulate_summary``, which join them).
``bieten._simulate`` re-exports their public names. No module here names a game: what differs
between games comes from the registry (``bieten._families``) or from the core's output.
"""
