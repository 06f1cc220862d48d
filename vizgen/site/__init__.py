"""The static site, in five rooms that import one way (each only from those before it):

- :mod:`.drawing`: the colours (:mod:`.drawing.theme`) and where things sit: the Graphviz layouts
  (:mod:`.drawing.layout`, :mod:`.drawing.band_picture`) and the value map (:mod:`.drawing.valuemap`);
- :mod:`.data`: what the pages and downloads carry: the node and edge tables (:mod:`.data.tables`), the
  downloads (:mod:`.data.export`) and what a page may read from its address (:mod:`.data.address_words`);
- :mod:`.output`: the output folder, checked, written aside and swapped in (:mod:`.output.outdir`), the
  documentation built into it (:mod:`.output.docs`) and the preview server (:mod:`.output.preview`);
- :mod:`.render`: every page, data file and picture, rendered from the templates and ``static/``;
- :mod:`.build`: the build, gather, check, render and write once (each variant's rendered files kept in the cache
  by :mod:`.build.pages`).
"""
