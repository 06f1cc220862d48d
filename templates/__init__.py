"""The page templates of the site, shipped as package data (``build --templates DIR`` overrides single ones)."""
