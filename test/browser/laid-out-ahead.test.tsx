// The window's fonts found before the click (src/ui/chat/laid-out-ahead.ts), in real Chromium:
// read from text the page does not show, and each laid out without leaving anything behind.
import { fontsOf, primeFont } from "../../src/ui/chat/laid-out-ahead.ts";
import { assert, assertEqual } from "./helpers.ts";
import { widgetRoot } from "./widget-root.ts";

describe("the window's fonts, found ahead", () => {
  it("reads each font of the text under a display:none element once, and none of elements without text", () => {
    const { host, container } = widgetRoot();
    try {
      const hidden = document.createElement("div");
      hidden.style.display = "none";
      hidden.innerHTML = `<h2 style="font:700 16px serif">Title</h2><p style="font:400 15px serif">One</p><p style="font:400 15px serif">Two</p><p style="font:italic 400 13px monospace"><b style="font-weight:700">bold</b></p><button aria-label="x"><svg></svg></button>`;
      container.append(hidden);
      const fonts = fontsOf(hidden);
      assertEqual(fonts.length, 3, `three fonts: ${fonts.join(" | ")}`);
      assert(fonts.some((font) => font.startsWith("normal 700 16px") && font.endsWith("serif")), `the title's: ${fonts.join(" | ")}`);
      assert(fonts.some((font) => font.startsWith("italic 700 13px") && font.endsWith("monospace")), `the bold word's, its parent's style inherited: ${fonts.join(" | ")}`);
    } finally {
      host.remove();
    }
  });

  it("lays a font out and leaves the page as it was", () => {
    const { host, container } = widgetRoot();
    try {
      const before = container.innerHTML;
      primeFont(container, "normal 700 17px sans-serif");
      assertEqual(container.innerHTML, before);
    } finally {
      host.remove();
    }
  });
});
