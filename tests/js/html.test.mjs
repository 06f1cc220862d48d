import { test } from "node:test";
import assert from "node:assert/strict";
import { Html, html, trusted } from "../../vizgen/site/static/js/core/html.js";

test("every value spliced into markup is escaped, attributes included", () => {
  const name = '<img src=x onerror="alert(1)">';
  const out = html`<a title="${name}">${name}</a>`;
  assert.ok(out instanceof Html);
  assert.equal(out.text, '<a title="&lt;img src=x onerror=&quot;alert(1)&quot;&gt;">&lt;img src=x onerror=&quot;alert(1)&quot;&gt;</a>');
});

test("markup made by html`` nests as it is; lists join; null, undefined and false give nothing", () => {
  const items = ["a<b", "c"].map((x) => html`<li>${x}</li>`);
  assert.equal(html`<ul>${items}</ul>`.text, "<ul><li>a&lt;b</li><li>c</li></ul>");
  assert.equal(html`${null}${undefined}${false}${0}`.text, "0");
  assert.equal(html`${trusted("<br>")}`.text, "<br>");
});

test("a plain string that looks like markup is still text", () => {
  assert.equal(html`${"<b>x</b>"}`.text, "&lt;b&gt;x&lt;/b&gt;");
});
