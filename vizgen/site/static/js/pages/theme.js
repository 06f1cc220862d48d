/* theme.js, in every page's head: the remembered theme set before the page is drawn, and the header's toggle. */
import * as theme from "./core/theme.js";
import { publish } from "./handle.js";

theme.install();
publish({ theme: theme });
