import test from "node:test";
import assert from "node:assert/strict";
import zlib from "node:zlib";
import { encodeBlock } from "./load.mjs";
import * as wire from "../../vizgen/site/static/js/core/wire.js";


test("a block is byte planes: every field's low byte, then the high ones; each value plus one", async () => {
  const fields = [{ name: "b", width: 2 }, { name: "a", width: 1 }];
  const bytes = Buffer.from([0, 45, 0, 6, 0, 1]); // b: -1, 300 (301 = 45 + 256); a: -1, 5; b's high bytes
  const block = await wire.read(fields, zlib.deflateSync(bytes).toString("base64"), 2);
  assert.deepEqual([block.get("a", 0), block.get("a", 1), block.get("b", 0), block.get("b", 1)], [-1, 5, -1, 300]);
  assert.deepEqual(Array.from(block.column("b")), [-1, 300]);
  assert.equal(block.column("b"), block.column("b")); // made once
  assert.ok(block.has("a") && !block.has("c"));
  assert.throws(() => block.get("c", 0), /no field c/);
});

test("every width reads its whole range", async () => {
  const fields = [1, 2, 3].map((w) => ({ name: "w" + w, width: w }));
  const values = { w1: [-1, 0, 254, 7], w2: [-1, 255, 65534, 256], w3: [-1, 65535, 16777214, 70000] };
  const block = await wire.read(fields, encodeBlock(fields, values), 4);
  for (const f of fields) assert.deepEqual(Array.from(block.column(f.name)), values[f.name]);
});

test("a block whose size does not match its fields is refused", async () => {
  const fields = [{ name: "a", width: 2 }];
  await assert.rejects(wire.read(fields, zlib.deflateSync(Buffer.from([1, 2, 3])).toString("base64"), 2),
    /a block of 2 positions has 3 bytes, not 4/);
});
