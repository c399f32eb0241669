// A phone's on-screen keyboard as iOS Safari shows it: the layout viewport keeps its height and
// only the visual viewport shrinks (and may scroll). Desktop browsers cannot shrink their own,
// so `window.visualViewport` is stood in for, reading as the real one until a keyboard is played
// with `window.keyboard(change, "resize" | "scroll")`. A string, not a function: the test's
// transpiler would name its functions with a helper the page does not have. Runs before the
// page's scripts (an init script) or later (WebKit): the widget reads the viewport when it opens.
export const VISUAL_VIEWPORT_STAND_IN = `(() => {
  if (window.keyboard) return;
  const real = window.visualViewport;
  const played = {};
  const standIn = new EventTarget();
  for (const key of ["width", "height", "offsetLeft", "offsetTop", "pageLeft", "pageTop", "scale"]) {
    Object.defineProperty(standIn, key, { get: () => played[key] ?? real[key] });
  }
  Object.defineProperty(window, "visualViewport", { get: () => standIn, configurable: true });
  window.keyboard = (change, event) => {
    Object.assign(played, change);
    standIn.dispatchEvent(new Event(event));
  };
})()`;
