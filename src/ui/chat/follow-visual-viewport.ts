// A phone's keyboard shrinks the visual viewport, not always the layout one (iOS Safari):
// a full-screen window fixed to the layout viewport would then reach under the keyboard, with
// the field and the question hidden. While the chat is open, the visual viewport's height and
// top go into a constructed sheet of the root's own as `--qa-vv-height` and `--qa-vv-top`,
// which the phone layout reads (src/ui/styles.ts; `100dvh` without them). A constructed
// sheet, not a style attribute: a strict CSP allows it.
export function followVisualViewport(root: ShadowRoot): () => void {
  const viewport = window.visualViewport;
  if (!viewport || !("adoptedStyleSheets" in root)) return () => {};
  const sheet = new CSSStyleSheet();
  const paint = () => sheet.replaceSync(`:host{--qa-vv-height:${viewport.height}px;--qa-vv-top:${viewport.offsetTop}px}`);
  paint();
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  viewport.addEventListener("resize", paint);
  viewport.addEventListener("scroll", paint);
  return () => {
    viewport.removeEventListener("resize", paint);
    viewport.removeEventListener("scroll", paint);
    root.adoptedStyleSheets = root.adoptedStyleSheets.filter((s) => s !== sheet);
  };
}
