// The design's floor with its libraries (bench/floor.ts): React 19 through r2wc, plus a Jotai
// store, a valibot schema and a ky request, each used once, as the widget's first render uses them.
import r2wc from "@r2wc/react-to-web-component";
import { atom, createStore, useAtomValue } from "jotai";
import ky from "ky";
import * as v from "valibot";

const Config = v.object({ greeting: v.string(), speed: v.optional(v.number()), languages: v.array(v.picklist(["en", "es"])) });
const store = createStore();
const greetingAtom = atom("Hello");

function Window() {
  const greeting = useAtomValue(greetingAtom, { store });
  return (
    <div role="dialog" aria-label="Chat">
      <p>{greeting}</p>
    </div>
  );
}

customElements.define("floor-element", r2wc(Window, { shadow: "open" }));
// Never answered in the bench (no such file): it only makes the bundle carry ky and valibot's parse.
ky.get("/floor-config.json").json().then((body) => store.set(greetingAtom, v.parse(Config, body).greeting), () => undefined);
