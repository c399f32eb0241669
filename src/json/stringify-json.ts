// JSON text for our request bodies and stored records, written without the page's
// JSON.stringify: host pages replace it with wrappers, and Prototype.js-era pages give arrays
// an inherited toJSON that turns `["Mowing"]` into the string `"[\"Mowing\"]"`.
//
// On plain data the output is exactly JSON.stringify's (test/unit/json proves it). It differs
// only where a page has been at the prototypes: an array is always written as an array, and a
// plain object's toJSON counts only when the object holds it itself, not through the prototype.

const ESCAPES: Readonly<Record<number, string>> = {
  0x08: "\\b",
  0x09: "\\t",
  0x0a: "\\n",
  0x0c: "\\f",
  0x0d: "\\r",
  0x22: '\\"',
  0x5c: "\\\\",
};

function hex4(code: number): string {
  return "\\u" + code.toString(16).padStart(4, "0");
}

/** A JSON string literal: control characters escaped, lone surrogates as \uXXXX (as ES2019). */
export function quoteJsonString(text: string): string {
  let out = '"';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    let escaped: string | undefined;
    if (code < 0x20 || code === 0x22 || code === 0x5c) {
      escaped = ESCAPES[code] ?? hex4(code);
    } else if (code >= 0xd800 && code <= 0xdfff) {
      const pairsForward = code <= 0xdbff && i + 1 < text.length && isLowSurrogate(text.charCodeAt(i + 1));
      if (pairsForward) {
        i++;
        continue;
      }
      escaped = hex4(code);
    }
    if (escaped !== undefined) {
      out += text.slice(from, i) + escaped;
      from = i + 1;
    }
  }
  return out + text.slice(from) + '"';
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === null || proto === Object.prototype;
}

const hasOwn = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

/** JSON.stringify(value) without a replacer or indentation, independent of the page's JSON. */
export function stringifyJson(value: unknown): string | undefined {
  const ancestors: object[] = [];

  function write(key: string, holderValue: unknown): string | undefined {
    let value = holderValue;
    if (value !== null && typeof value === "object" && !Array.isArray(value)) {
      const toJSON = (value as { toJSON?: unknown }).toJSON;
      if (typeof toJSON === "function" && (!isPlainObject(value) || hasOwn(value, "toJSON"))) {
        value = toJSON.call(value, key) as unknown;
      }
    }
    if (value instanceof Number) value = Number(value);
    else if (value instanceof String) value = String(value);
    else if (value instanceof Boolean) value = value.valueOf();

    switch (typeof value) {
      case "string":
        return quoteJsonString(value);
      case "number":
        return Number.isFinite(value) ? String(value) : "null";
      case "boolean":
        return value ? "true" : "false";
      case "bigint":
        throw new TypeError("Do not know how to serialize a BigInt");
      case "object":
        break;
      default:
        return undefined; // undefined, functions, symbols
    }
    if (value === null) return "null";
    if (ancestors.includes(value)) throw new TypeError("Converting circular structure to JSON");
    ancestors.push(value);
    let out: string;
    if (Array.isArray(value)) {
      const items: string[] = [];
      for (let i = 0; i < value.length; i++) items.push(write(String(i), value[i]) ?? "null");
      out = "[" + items.join(",") + "]";
    } else {
      const members: string[] = [];
      for (const name of Object.keys(value)) {
        const member = write(name, (value as Record<string, unknown>)[name]);
        if (member !== undefined) members.push(quoteJsonString(name) + ":" + member);
      }
      out = "{" + members.join(",") + "}";
    }
    ancestors.pop();
    return out;
  }

  return write("", value);
}

/** stringifyJson for values that are JSON data by type (a body, a record): always text. */
export function toJsonText(value: unknown): string {
  return stringifyJson(value) ?? "null";
}
