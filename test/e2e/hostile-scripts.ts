// Scripts that hostile host pages run before our loader, shared by the files that walk a
// visitor through each path on such a page (hostile-pages, spanish, servman).

/**
 * Enumerable keys on Object.prototype whose values are not functions, as Prototype.js-era pages
 * and careless analytics snippets leave them: every `for...in` over a plain object sees them.
 * (A function-valued key is the gentler case: hostile-pages.test.ts has it too.)
 */
export const POLLUTED_PROTOTYPE = `Object.prototype.polluted = "yes";
  Object.prototype.count = 3;
  Object.prototype.settings = { debug: true };`;
