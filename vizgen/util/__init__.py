"""Foundations that import no other room: user text quoted short and counts for people (:mod:`.text`),
worker processes that never outlive the build and Ctrl-C held back where it must wait (:mod:`.processes`),
every size threshold and the memory at hand (:mod:`.sizes`), and the cache (:mod:`.cache`)."""
