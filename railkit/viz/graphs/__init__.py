"""Graph lessons and simulation plots: the algorithm player (step an algorithm on a map,
``railkit serve graph-lab``) and the plots of many simulated games.

=================================================  ================================================
:class:`~railkit.viz.graphs.algoplayer.AlgoPlayer`  steps an algorithm on a game map
:func:`~railkit.viz.graphs.algoplayer.graph_lab_app`  ``railkit serve graph-lab``
:mod:`~railkit.viz.graphs.plots`                    score and win-rate plots of simulated games
=================================================  ================================================
"""
