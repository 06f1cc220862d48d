/* address.js, on every page (templates/base.html): the address reader, for the page's inline scripts. */
import * as address from "../core/address.js";
import { publish } from "./handle.js";

publish({ address: address });
