// The design's floor (bench/floor.ts): React 19 in a shadow-DOM custom element through r2wc,
// as the widget is, rendering nothing but a dialog with one line of text.
import r2wc from "@r2wc/react-to-web-component";

function Window() {
  return (
    <div role="dialog" aria-label="Chat">
      <p>Hello</p>
    </div>
  );
}

customElements.define("floor-element", r2wc(Window, { shadow: "open" }));
