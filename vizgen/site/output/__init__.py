"""Where a build goes: the output folder, checked up front, written aside and swapped in whole (:mod:`.outdir`),
the documentation built into it (:mod:`.docs`), and the preview server that serves it (:mod:`.preview`)."""
