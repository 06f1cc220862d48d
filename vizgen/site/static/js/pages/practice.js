/* practice.js, the practice page's script (and the index's: it draws the puzzle of the day into the index's
 * card, #daily-text): the practice page's inline script starts it (VZ.practiceView.init). */
import * as board from "../core/board.js";
import { contract } from "../core/contract.js";
import * as hands from "../core/hands.js";
import * as loader from "../core/loader.js";
import * as util from "../core/util.js";
import * as daily from "../practice/daily.js";
import * as glicko from "../practice/glicko.js";
import * as practice from "../practice/practice.js";
import * as practiceView from "../practice/practiceview.js";
import { publish } from "./handle.js";

publish({ contract: contract, util: util, loader: loader, board: board, hands: hands, glicko: glicko,
  practice: practice, practiceView: practiceView });

var dailyCard = typeof document === "undefined" ? null : document.getElementById("daily-text");
if (dailyCard) daily.show(dailyCard); // the index: the puzzle of the day
