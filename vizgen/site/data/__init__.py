"""What the pages and downloads carry: every per-position figure as a column and every move as a row
(:mod:`.tables`), the JSON and GraphML downloads (:mod:`.export`) and what a page may read from its address
(:mod:`.address_words`)."""
