"""Foundations with no other vizgen imports: user text quoted short and counts for people (:mod:`.text`),
worker processes that never outlive the build and Ctrl-C held back where it must wait (:mod:`.processes`)."""
