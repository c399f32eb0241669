// esbuild's `__export` helper builds a namespace object (`import * as`, a module reached by
// `require`) by walking the export table with `for...in` and defining a getter for each key.
// `for...in` also walks the keys a host page put on Object.prototype: with
// `Object.prototype.polluted = "yes"` (old Prototype.js-style pages) the helper defines a getter
// of "yes" and throws "Getter must be a function" as the bundle starts. esbuild has no option to
// change its helpers, so build.mjs rewrites the helper in each built file to skip inherited keys
// (`Object.prototype.hasOwnProperty.call(all, key) && ...`), moves the source map's columns
// after it by as much, and fails the build when a helper of that shape is left unguarded.

/** The minified helper: `for(var n in t)X(e,n,{get:t[n],enumerable:!0})`. */
const HELPER = /for\(var ([\w$]+) in ([\w$]+)\)([\w$]+)\(([\w$]+),\1,\{get:\2\[\1\],enumerable:!0\}\)/g;
/** Any getter defined from a walked table, guarded or not: what must all be guarded. */
const ANY_GETTER = /\{get:([\w$]+)\[([\w$]+)\],enumerable:!0\}/g;

const guardOf = (all, key) => `Object.prototype.hasOwnProperty.call(${all},${key})&&`;

/**
 * The code with every `__export` helper guarded, and where text was put in (line and column
 * of the generated code, both from 0, and how many characters), in order.
 */
export function guardExportHelpers(code) {
  const insertions = [];
  const guarded = code.replace(HELPER, (match, key, all, defineProperty, target, offset) => {
    const guard = guardOf(all, key);
    const at = offset + `for(var ${key} in ${all})`.length;
    const before = code.slice(0, at);
    const line = before.split("\n").length - 1;
    insertions.push({ line, column: at - (before.lastIndexOf("\n") + 1), length: guard.length });
    return `for(var ${key} in ${all})${guard}${defineProperty}(${target},${key},{get:${all}[${key}],enumerable:!0})`;
  });
  return { code: guarded, insertions };
}

/** The getters in `code` defined from a `for...in` walk without an own-key guard before them. */
export function unguardedGetters(code) {
  const left = [];
  for (const match of code.matchAll(ANY_GETTER)) {
    const [, all, key] = match;
    const start = code.lastIndexOf("for(var ", match.index);
    const loop = code.slice(start, match.index);
    if (!loop.startsWith(`for(var ${key} in ${all})`)) continue; // not a walk of a table
    if (!loop.includes(guardOf(all, key))) left.push(code.slice(start, match.index + match[0].length + 1));
  }
  return left;
}

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

function decodeVlq(segment) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    if (digit < 0) throw new Error(`source map: not a base64 VLQ digit: ${char}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

function encodeVlq(values) {
  let out = "";
  for (const signed of values) {
    let value = signed < 0 ? (-signed << 1) | 1 : signed << 1;
    do {
      let digit = value & 31;
      value >>>= 5;
      if (value > 0) digit |= 32;
      out += BASE64[digit];
    } while (value > 0);
  }
  return out;
}

/**
 * A source map's `mappings` with the generated columns after each insertion moved by its
 * length. Columns are relative to the previous segment of the same line, so only the first
 * segment past an insertion changes.
 */
export function shiftMappings(mappings, insertions) {
  const lines = mappings.split(";");
  for (const { line, column, length } of [...insertions].reverse()) {
    const segments = lines[line]?.split(",") ?? [];
    let generated = 0;
    for (let i = 0; i < segments.length; i++) {
      if (!segments[i]) continue;
      const values = decodeVlq(segments[i]);
      generated += values[0];
      if (generated >= column) {
        values[0] += length;
        segments[i] = encodeVlq(values);
        break;
      }
    }
    lines[line] = segments.join(",");
  }
  return lines.join(";");
}
