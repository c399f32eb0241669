import assert from "node:assert/strict";
import { test } from "node:test";
import { ordinal } from "../../../src/pricing/ordinal.ts";

const cases: Array<[number, string]> = [
  [1, "1st"], [2, "2nd"], [3, "3rd"], [4, "4th"], [9, "9th"], [10, "10th"],
  [11, "11th"], [12, "12th"], [13, "13th"], [14, "14th"],
  [21, "21st"], [22, "22nd"], [23, "23rd"], [24, "24th"], [30, "30th"],
  [100, "100th"], [101, "101st"], [102, "102nd"], [103, "103rd"],
  [111, "111th"], [112, "112th"], [113, "113th"], [121, "121st"], [1001, "1001st"], [1011, "1011th"],
];

for (const [n, expected] of cases) {
  test(`ordinal(${n}) is "${expected}"`, () => assert.equal(ordinal(n), expected));
}
