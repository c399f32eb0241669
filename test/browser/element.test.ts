// The <quote-assistant> element in real Chromium: shadow DOM, modes, state per element,
// keyboard and screen-reader access, configuration errors.
import {
  assert,
  assertEqual,
  buttonsIn,
  cleanup,
  loadBundle,
  loadScript,
  messagesIn,
  mount,
  root,
  seriousAxeViolations,
  waitFor,
  waitForButtons,
} from "./helpers.ts";

afterEach(() => cleanup());

describe("<quote-assistant> in bubble mode", () => {
  it("shows a labelled bubble bottom right; a click opens the chat with the default welcome and the start buttons", async () => {
    await loadBundle();
    const el = mount({ company: "lawn-co", bot: "b1" });
    const bubble = await waitFor(() => root(el).querySelector<HTMLButtonElement>(".qa-bubble"), "the bubble");
    assertEqual(bubble.getAttribute("aria-label"), "Open the quote assistant chat");
    const box = bubble.getBoundingClientRect();
    assertEqual([Math.round(innerWidth - box.right), Math.round(innerHeight - box.bottom)], [20, 20], "bubble offset");
    assert(!root(el).querySelector('[role="dialog"]'), "the chat is closed at first");

    bubble.click();
    const dialog = await waitFor(() => root(el).querySelector('[role="dialog"]'), "the chat window");
    const buttons = await waitForButtons(el);
    assertEqual(dialog.querySelector("h2")?.textContent, "Sprout");
    assertEqual(buttons.map((b) => b.textContent), ["Let's Get Started", "Learn More"]);
    const [welcome] = messagesIn(el);
    assert(welcome?.includes("deliver an instant quote"), `default welcome shown, got ${welcome}`);
    assertEqual(el.hasAttribute("open"), true, "the open attribute reflects the state");
  });

  it("renders the closed chat's window ahead, hidden, then lays it out out of sight; the click reveals that very window where it stood; closing removes it", async () => {
    await loadBundle();
    const el = mount({ company: "lawn-co", bot: "b1" });
    const bubble = await waitFor(() => root(el).querySelector<HTMLButtonElement>(".qa-bubble"), "the bubble");
    const ahead = await waitFor(() => root(el).querySelector<HTMLElement>('[part="window"]'), "the window rendered ahead");
    const seen = { checkVisibilityCSS: true };
    assertEqual(ahead.checkVisibility(seen), false, "hidden until the chat opens");
    assertEqual([ahead.getAttribute("role"), ahead.getAttribute("aria-labelledby")], [null, null], "not yet the dialog, for scripts and screen readers");
    assert(!root(el).querySelector('[role="dialog"]'), "no dialog while closed");
    assertEqual(root(el).querySelectorAll('[part="window"]').length, 1);
    // Once the configuration is in and the browser has had a moment: laid out, still out of sight.
    const laidOut = await waitFor(() => {
      const box = ahead.getBoundingClientRect();
      return box.height > 0 ? box : null;
    }, "the window laid out ahead");
    assertEqual(ahead.checkVisibility(seen), false, "laid out, and still out of sight");
    assert(!!ahead.querySelector(".qa-splash-name"), "laid out with the company's splash in it");
    assertEqual(await seriousAxeViolations(el), [], "axe violations while closed");
    for (const control of ahead.querySelectorAll<HTMLElement>("button, [tabindex]")) {
      control.focus();
      assert(root(el).activeElement !== control, `nothing in the closed window takes focus (${control.className || control.tagName})`);
    }
    bubble.focus();
    assert(root(el).activeElement === bubble, "the bubble takes focus, not the hidden window");

    bubble.click();
    const dialog = await waitFor(() => root(el).querySelector<HTMLElement>('[role="dialog"]'), "the chat window");
    assert(dialog === ahead, "the window rendered ahead is the one revealed");
    assert(dialog.checkVisibility(seen), "visible once open");
    assertEqual(dialog.getAttribute("aria-labelledby"), "qa-title");
    assertEqual(JSON.stringify(dialog.getBoundingClientRect()), JSON.stringify(laidOut), "it stands where it was laid out: the click moved nothing");
    await waitForButtons(el);
    dialog.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    await waitFor(() => !root(el).querySelector('[part="window"]'), "the window gone once closed, as before");
  });

  it("shows the company's greeting instead of the default welcome", async () => {
    await loadBundle();
    const el = mount({ company: "greeting-co", bot: "b1", open: "" });
    await waitForButtons(el);
    assertEqual(messagesIn(el)[0], "Howdy from Greeting Co!");
  });

  it("offers servman companies one start button with their own text", async () => {
    await loadBundle();
    const el = mount({ company: "servman-co", bot: "b1", open: "" });
    const buttons = await waitForButtons(el);
    assertEqual(buttons.map((b) => b.textContent), ["Book a Technician"]);
  });

  it("is usable by keyboard: focus moves into the chat and onto the first answer, Escape closes and returns focus", async () => {
    await loadBundle();
    const el = mount({ company: "lawn-co", bot: "b1" });
    const bubble = await waitFor(() => root(el).querySelector<HTMLButtonElement>(".qa-bubble"), "the bubble");
    bubble.focus();
    bubble.click();
    const buttons = await waitForButtons(el);
    await waitFor(() => root(el).activeElement === buttons[0], "focus on the first answer");
    buttons[1]!.click(); // Learn More
    const next = await waitFor(() => {
      const b = buttonsIn(el);
      return b.length === 1 && b[0]!.textContent === "Let's Get Started" && b;
    }, "the learn-more step's button");
    await waitFor(() => root(el).activeElement === next[0], "focus moves to the next step's answer");
    const dialog = root(el).querySelector<HTMLElement>('[role="dialog"]')!;
    dialog.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    await waitFor(() => !root(el).querySelector('[role="dialog"]'), "the chat closes");
    await waitFor(() => root(el).activeElement?.classList.contains("qa-bubble"), "focus back on the bubble");
  });

  it("announces bot messages through a log region and has no serious or critical axe violations", async () => {
    await loadBundle();
    const el = mount({ company: "lawn-co", bot: "b1", open: "" });
    await waitForButtons(el);
    const log = root(el).querySelector('[role="log"]');
    assert(log, "a log region holds the conversation");
    assertEqual(log.getAttribute("aria-live"), "polite");
    const violations = await seriousAxeViolations(el);
    assertEqual(violations, [], "axe violations");
  });
});

describe("<quote-assistant> in inline mode", () => {
  it("renders the chat window in place, without a bubble or close button, and starts at once", async () => {
    await loadBundle();
    const box = document.createElement("div");
    box.style.cssText = "width:400px;height:600px";
    document.body.append(box);
    const el = document.createElement("quote-assistant");
    el.setAttribute("mode", "inline");
    el.setAttribute("company", "lawn-co");
    el.setAttribute("bot", "b1");
    el.setAttribute("api-base", `${location.origin}/test-api`);
    box.append(el);
    try {
      await waitForButtons(el);
      const region = root(el).querySelector<HTMLElement>('[role="region"]');
      assert(region, "the chat is a labelled region");
      assert(!root(el).querySelector(".qa-bubble"), "no bubble inline");
      assert(!root(el).querySelector('[aria-label="Close chat"]'), "no close button inline");
      const rect = region.getBoundingClientRect();
      const boxRect = box.getBoundingClientRect();
      assertEqual([rect.left, rect.top, rect.width], [boxRect.left, boxRect.top, 400], "fills its place");
      assertEqual(await seriousAxeViolations(el), [], "axe violations");
    } finally {
      box.remove();
    }
  });
});

describe("the conversation's layout", () => {
  it("puts bot messages on the left and the visitor's replies on the right, apart from each other", async () => {
    await loadBundle();
    const el = mount({ company: "lawn-co", bot: "b1", mode: "inline" });
    const buttons = await waitForButtons(el);
    buttons[1]!.click(); // Learn More
    await waitFor(() => buttonsIn(el).length === 1, "the next step");
    const log = root(el).querySelector('.qa-log-entries')!.getBoundingClientRect();
    const bubbles = Array.from(root(el).querySelectorAll<HTMLElement>('[role="log"] .qa-msg'));
    const visitor = bubbles.find((b) => b.classList.contains("qa-msg-visitor"))!.getBoundingClientRect();
    const bot = bubbles[0]!.getBoundingClientRect();
    assert(Math.abs(log.right - visitor.right) < 1, `visitor reply flush right (${visitor.right} vs ${log.right})`);
    assert(visitor.width < log.width / 2, "a short reply is a short bubble");
    assert(Math.abs(bot.left - log.left) < 1, "bot message flush left");
    for (let i = 1; i < bubbles.length; i++) {
      const gap = bubbles[i]!.getBoundingClientRect().top - bubbles[i - 1]!.getBoundingClientRect().bottom;
      assert(gap >= 6, `messages ${i - 1} and ${i} stand apart (gap ${gap})`);
    }
  });
});

describe("two elements on one page", () => {
  it("keep separate state", async () => {
    await loadBundle();
    const a = mount({ company: "lawn-co", bot: "b1", mode: "inline" });
    const b = mount({ company: "greeting-co", bot: "b1", mode: "inline" });
    const aButtons = await waitForButtons(a);
    await waitForButtons(b);
    aButtons[1]!.click();
    await waitFor(() => messagesIn(a).includes("Learn More"), "a's answer");
    assert(!messagesIn(b).includes("Learn More"), "b did not hear a's answer");
    assertEqual(messagesIn(b)[0], "Howdy from Greeting Co!");
  });
});

describe("a company configuration that cannot be used", () => {
  for (const company of ["invalid-co", "down-co", "missing-co"]) {
    it(`${company}: shows an error inside the widget, logs why, and leaves the page working`, async () => {
      await loadBundle();
      const logged: string[] = [];
      const original = console.error;
      console.error = (...args: unknown[]) => logged.push(args.map(String).join(" "));
      try {
        const el = mount({ company, bot: "b1", open: "" });
        const alert = await waitFor(() => root(el).querySelector('[role="alert"]'), "the error state", 15_000);
        assert(alert.textContent?.includes("Sorry, instant quotes are unavailable right now."), "a clear message");
        await waitFor(() => logged.some((line) => line.includes(company)), "a console error naming the company");
        assert(!root(el).querySelector(".qa-choices button"), "no conversation on a broken configuration");
      } finally {
        console.error = original;
      }
      const probe = document.createElement("button");
      probe.textContent = "host";
      document.body.append(probe);
      probe.click();
      probe.remove();
    });
  }
});

describe("the bundle on a page", () => {
  it("defines the element once: a second copy of the script does no harm", async () => {
    await loadBundle();
    const first = customElements.get("quote-assistant");
    const errors: unknown[] = [];
    const onError = (e: ErrorEvent) => errors.push(e.message);
    window.addEventListener("error", onError);
    await loadScript("/dist/quote-assistant.js?second-copy");
    window.removeEventListener("error", onError);
    assertEqual(errors, [], "uncaught errors");
    assert(customElements.get("quote-assistant") === first, "same definition");
  });

  it("changes nothing outside its shadow root: no document styles, host CSS does not reach in", async () => {
    await loadBundle();
    const hostStyle = document.createElement("style");
    hostStyle.textContent = "button{font-family:'Comic Sans MS'!important;font-size:40px!important;color:rgb(255,0,255)!important}";
    document.head.append(hostStyle);
    const sheetsBefore = document.styleSheets.length;
    const adoptedBefore = document.adoptedStyleSheets.length;
    const hostButton = document.createElement("button");
    document.body.append(hostButton);
    const before = getComputedStyle(hostButton).cssText || JSON.stringify([getComputedStyle(hostButton).fontSize, getComputedStyle(hostButton).color]);
    try {
      const el = mount({ company: "lawn-co", bot: "b1", open: "" });
      const buttons = await waitForButtons(el);
      assertEqual(document.styleSheets.length, sheetsBefore, "document stylesheets");
      assertEqual(document.adoptedStyleSheets.length, adoptedBefore, "document adopted sheets");
      const after = getComputedStyle(hostButton).cssText || JSON.stringify([getComputedStyle(hostButton).fontSize, getComputedStyle(hostButton).color]);
      assertEqual(after, before, "host button style");
      const style = getComputedStyle(buttons[0]!);
      assertEqual(style.fontSize, "15px", "widget font size");
      assert(style.color !== "rgb(255, 0, 255)", "host colour does not leak in");
    } finally {
      hostStyle.remove();
      hostButton.remove();
    }
  });
});
