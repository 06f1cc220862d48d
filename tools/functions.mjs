/* Every function of the browser's modules and how many lines it spans, found by walking each module's syntax
 * tree with TypeScript's parser (the checker pinned in package.json): function declarations and expressions,
 * arrow functions, methods, getters and setters, each with its name (a variable's or property's name for an
 * anonymous one), its first line and its length in lines (from the line of its start to the line of its end).
 *
 * Usage: node tools/functions.mjs [FOLDER]  (default vizgen/site/static/js); prints JSON, one row a function:
 * [path relative to FOLDER, name, first line, lines]. tests/test_layers.py reads it (issue #47: no function
 * over 120 lines).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

/** @param {string} dir @returns {string[]} */
function modules(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? modules(join(dir, e.name)) : e.name.endsWith(".js") ? [join(dir, e.name)] : []).sort();
}

/** @param {ts.Node} node @returns {string} */
function nameOf(node) {
  const own = /** @type {{ name?: ts.Node }} */ (node).name;
  if (own) return own.getText();
  const up = node.parent;
  if (up && (ts.isVariableDeclaration(up) || ts.isPropertyAssignment(up)) && up.name) return up.name.getText();
  if (up && ts.isCallExpression(up)) return "(callback of " + up.expression.getText().slice(0, 40) + ")";
  return "(anonymous)";
}

/** @param {string} root @returns {[string, string, number, number][]} */
function functions(root) {
  /** @type {[string, string, number, number][]} */
  const out = [];
  for (const path of modules(root)) {
    const file = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
    /** @param {ts.Node} node */
    const visit = (node) => {
      if (ts.isFunctionLike(node) && "body" in node && node.body) {
        const first = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
        const last = file.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
        out.push([relative(root, path).split("\\").join("/"), nameOf(node), first, last - first + 1]);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return out;
}

process.stdout.write(JSON.stringify(functions(process.argv[2] || "vizgen/site/static/js")) + "\n");
