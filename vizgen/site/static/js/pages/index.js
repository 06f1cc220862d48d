/* index.js, the index's script where it lists rule filters: the filter over the variants' cards. */
import * as rulefilter from "../index/rulefilter.js";
import { publish } from "./handle.js";

publish({ rulefilter: rulefilter });
if (typeof document !== "undefined") rulefilter.attach(document);
