"""The table shell, the same for every game: the table (:mod:`~railkit.viz.shell.table`),
the seat view base (:mod:`~railkit.viz.shell.view`), the end banner, the lobby and pages
(:mod:`~railkit.viz.shell.lobby`), the host and origin guard (:mod:`~railkit.viz.shell.guard`),
the server (:mod:`~railkit.viz.shell.serve`), notebook setup (:mod:`~railkit.viz.shell.notebook`),
shared colours (:mod:`~railkit.viz.shell.style`) and the editors' shared base
(:mod:`~railkit.viz.shell.editor`).

The shell knows no game: it finds a game's screens by convention (:mod:`~railkit.viz.shell.games`).
"""
