/* space.js, the rule space explorer's page. */
import { boot } from "../space/space.js";

boot();
