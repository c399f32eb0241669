// The company's video in the transcript (aboutUsVideo, issue 13): a 'Watch our video' button,
// and no player before it is pressed; a saved or resumed transcript cannot name another URL
// for it (the button shows only for the configuration's own video).
import "../../setup.ts"; // happy-dom as the DOM, before anything else is imported
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { Provider } from "jotai/react";
import { createStore } from "jotai/vanilla";
import { createElement as h } from "react";
import { transcriptAtom } from "../../../../src/state/atoms.ts";
import { Transcript } from "../../../../src/ui/chat/transcript.tsx";
import { makeConfig } from "../../fixtures.ts";
import { render } from "../proposal/render.ts";

const VIDEO = "https://player.vimeo.com/video/76979871";

async function renderWith(videoSrc: string) {
  const store = createStore();
  store.set(transcriptAtom, [
    { id: 1, from: "bot", text: "We price every property individually." },
    { id: 2, from: "bot", text: "", image: { src: videoSrc, alt: "A video about Acme Lawns", video: true } },
  ]);
  const config = makeConfig({ companyName: "Acme Lawns", aboutUsVideo: VIDEO });
  return render(h(Provider, { store }, h(Transcript, { config })));
}

describe("the company's video in the chat", () => {
  test("the configuration's video is a button; nothing is loaded before it is pressed", async () => {
    const view = await renderWith(VIDEO);
    const buttons = Array.from(view.shadow.querySelectorAll("button")).map((b) => b.textContent);
    assert.deepEqual(buttons, ["▶ Watch our video"]);
    assert.equal(view.shadow.querySelector("iframe, video, img.qa-msg-image"), null);
    await view.unmount();
  });

  test("a transcript entry naming another URL shows nothing", async () => {
    const view = await renderWith("https://www.youtube.com/embed/not-the-company-s");
    assert.equal(view.shadow.querySelector("button, iframe, video, img.qa-msg-image"), null);
    await view.unmount();
  });
});
