"""railkit in a web page with no server: the games against bots run in the browser (Pyodide).

==============================================  ==================================================
:class:`~railkit.viz.web.page.WebTable`         one person against bots, the Python half of a page
:func:`~railkit.viz.web.site.build_site`        ``railkit site OUT``: the static folder to host
:func:`~railkit.viz.web.wheels.build_wheels`    railkit and its pure dependencies as wheels
==============================================  ==================================================

Nothing here imports Panel or Bokeh; each game draws its board for the page in its own
``railkit.viz.<game>.web`` module.
"""
