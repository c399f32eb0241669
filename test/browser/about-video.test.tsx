// The company's video (aboutUsVideo, issue 13) in real Chromium: nothing is fetched until the
// visitor presses 'Watch our video'; then a dialog with the player (a sandboxed frame, or a
// <video> for a video file), which Escape closes, focus going back to the button. Keyboard only.
import { Provider } from "jotai/react";
import { createStore } from "jotai/vanilla";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import { AboutVideo } from "../../src/ui/chat/about-video.tsx";
import { assert, assertEqual, waitFor } from "./helpers.ts";
import { widgetRoot } from "./widget-root.ts";

let unmount: (() => void) | undefined;
afterEach(() => {
  unmount?.();
  unmount = undefined;
});

function mountVideo(src: string) {
  const { host, shadow, container } = widgetRoot();
  const root = createRoot(container);
  flushSync(() =>
    root.render(
      <Provider store={createStore()}>
        <AboutVideo src={src} title="A video about Test Lawn Co" />
      </Provider>,
    ),
  );
  unmount = () => {
    root.unmount();
    host.remove();
  };
  return shadow;
}

const fetched = (url: string) => performance.getEntriesByType("resource").some((entry) => entry.name === url);
const press = (target: HTMLElement, key: string) => target.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, composed: true }));

describe("the company's video", () => {
  it("loads nothing before it is asked for; Enter opens it in a sandboxed frame, Escape closes it, focus returns", async () => {
    const src = `${location.origin}/test/browser/fixtures/video-page.html?run=${Date.now()}`;
    const shadow = mountVideo(src);
    const button = shadow.querySelector<HTMLButtonElement>("button.qa-video-button");
    assert(button, "the 'Watch our video' button");
    assertEqual(button.textContent, "▶ Watch our video");
    // Mounted at once (flushSync), with no effect or timer of its own: what it shows now is all it would.
    assert(!shadow.querySelector("iframe, video"), "no player before the click");
    assert(!fetched(src), "and no request for the video");

    button.focus();
    // A keyboard press on a native button is a click.
    button.click();
    const dialog = await waitFor(() => shadow.querySelector<HTMLElement>('[role="dialog"]'), "the dialog");
    assertEqual(dialog.getAttribute("aria-modal"), "true");
    assertEqual(shadow.querySelector("#qa-modal-title")?.textContent, "A video about Test Lawn Co");
    const frame = shadow.querySelector<HTMLIFrameElement>("iframe.qa-video");
    assert(frame, "the player's frame");
    assertEqual(frame.getAttribute("sandbox"), "allow-scripts allow-same-origin allow-presentation");
    assertEqual(frame.title, "A video about Test Lawn Co");
    await waitFor(() => fetched(src), "the video page requested after the click");
    await waitFor(() => shadow.activeElement?.classList.contains("qa-modal-close"), "focus on the dialog's Close button");

    press(shadow.activeElement as HTMLElement, "Escape");
    await waitFor(() => !shadow.querySelector('[role="dialog"]'), "the dialog closed by Escape");
    await waitFor(() => shadow.activeElement === button, "focus back on the button");
  });

  it("a video file plays in a <video> with its controls, not in a frame; the Close button closes it", async () => {
    const src = `${location.origin}/test/browser/fixtures/about-us.mp4`;
    const shadow = mountVideo(src);
    const button = shadow.querySelector<HTMLButtonElement>("button.qa-video-button")!;
    button.focus();
    button.click();
    const video = await waitFor(() => shadow.querySelector<HTMLVideoElement>("video.qa-video"), "the <video>");
    assert(video.controls, "with controls");
    assert(!shadow.querySelector("iframe"), "no frame");
    shadow.querySelector<HTMLButtonElement>(".qa-modal-close")!.click();
    await waitFor(() => !shadow.querySelector('[role="dialog"]'), "closed");
    await waitFor(() => shadow.activeElement === button, "focus back on the button");
  });
});
