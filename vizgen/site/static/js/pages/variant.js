/* variant.js, a variant's page (and the rules page's viewer, loaded once a rule set is solved): the viewer with
 * the value map, and the game. */
import { ValueMap } from "./viewer/valuemap.js";
import { start } from "./viewer.js";

start({ ValueMap: ValueMap });
