/* address.js, on every page (templates/base.html): the address reader, for the page's inline scripts. */
import * as address from "../core/address.js";
import { addressTable } from "./core/page.js";
import { publish } from "./handle.js";

address.source(addressTable);
publish({ address: address });
