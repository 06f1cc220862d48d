/* code.js, the page of a variant shipped by position code: the viewer on the code model (its moves generated in
 * the browser), and the game. */
import * as movegen from "../rules/engine/movegen.js";
import { CodeModel } from "../viewer/codemodel.js";
import { start } from "./viewer.js";

start({ CodeModel: CodeModel, movegen: movegen });
