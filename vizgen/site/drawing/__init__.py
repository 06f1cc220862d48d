"""Colours and where things sit: the theme (:mod:`.theme`), the Graphviz layouts (:mod:`.layout`, the banded
picture of small graphs in :mod:`.band_picture`) and the value map's grid (:mod:`.valuemap`)."""
