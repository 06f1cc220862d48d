"""The static site: colours (:mod:`.theme`), the node and edge tables (:mod:`.tables`) and downloads
(:mod:`.export`), Graphviz layouts (:mod:`.layout`, :mod:`.band_picture`) and the value map
(:mod:`.valuemap`), the pages (:mod:`.render`, templates, ``static/``), the build (:mod:`.build`, each
variant's rendered files kept in the cache by :mod:`.pages`) into the output folder (:mod:`.outdir`), and the
preview server (:mod:`.preview`)."""
