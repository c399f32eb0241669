// Screens that fit (issue 16): the hosted full page on a desktop is a centred, readable column,
// and on a phone it uses the whole width; the service picker shows every card whole, with no
// inner scroll box cutting any off, on a phone and on a desktop.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { useDemoSite } from "./harness.ts";
import { eventually } from "../eventually.ts";
import { toPicker } from "./journey.ts";
import { clickAnswer, openChat, pickAddress } from "./chat.ts";

const e2e = useDemoSite();

describe("the hosted full page", () => {
  for (const { width, column } of [
    { width: 1280, column: 720 },
    { width: 390, column: 390 - 28 },
  ]) {
    test(`at ${width} px: the messages and the answer buttons stay in a column of at most ${column} px`, async () => {
      const page = await e2e.newPage({ viewport: { width, height: 800 } });
      await page.goto(`${e2e.site.urls.widget}/greenway-lawn/lawn`);
      const widget = page.locator("quote-assistant");
      const firstMessage = widget.locator(".qa-msg-bot").first();
      const buttons = widget.locator(".qa-choices button");
      await buttons.first().waitFor();
      const left = (width - column) / 2;
      const right = left + column;
      const message = (await firstMessage.boundingBox())!;
      assert.ok(Math.abs(message.x - left) <= 1, `the first message starts at the column's edge (${message.x} vs ${left})`);
      assert.ok(message.x + message.width <= right + 1, "the first message ends inside the column");
      for (const button of await buttons.all()) {
        const box = (await button.boundingBox())!;
        assert.ok(box.x >= left - 1 && box.x + box.width <= right + 1, `a button inside the column (${box.x}..${box.x + box.width})`);
      }
    });
  }
});

describe("the service picker", () => {
  const sizes = [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ];
  const companies = [
    { company: "demo-company", bot: "demo-bot", phone: "5555550613", search: "2874 Brand", label: "2874 Brand Road, Dublin, OH 43017, USA" },
    { company: "greenway-lawn", bot: "lawn", phone: "6145550613", search: "5565 Brand", label: "5565 Brand Road, Dublin, OH 43017, USA" },
  ];
  sizes.forEach((viewport, v) => {
    for (const visit of companies) {
      test(`${visit.company} at ${viewport.width}×${viewport.height}: every card whole, in view, thumb-sized, none under another`, async () => {
        const page = await e2e.newPage({ viewport });
        const chat = await toPicker(page, e2e.site.urls.host, { ...visit, phone: `${visit.phone.slice(0, -1)}${v}` });
        const grid = chat.getByRole("group", { name: "Services" });
        const cards = await grid.getByRole("button").all();
        assert.ok(cards.length >= 3, `${cards.length} cards`);
        const scroll = await grid.evaluate((el) => ({ scroll: el.scrollHeight, client: el.clientHeight }));
        assert.ok(scroll.scroll <= scroll.client + 1, `no inner scroll box (${scroll.scroll} > ${scroll.client})`);
        // Messages still arriving move the picker: measure once it stands still, all in one go.
        let last = "";
        const twoLooks = async () => {
          const now = JSON.stringify(await grid.boundingBox());
          const still = now === last;
          last = now;
          return { box: now, still };
        };
        await eventually("the picker to stand still (two looks alike)", twoLooks, (seen) => seen.still, { timeoutMs: 5000, everyMs: 100 });
        const problems = await grid.evaluate((el, vh) => {
          const root = el.getRootNode() as ShadowRoot;
          const window = el.closest(".qa-window")!.getBoundingClientRect();
          const found: string[] = [];
          for (const card of Array.from(el.querySelectorAll("button"))) {
            const name = card.querySelector(".qa-program-name")?.textContent ?? card.textContent ?? "";
            const box = card.getBoundingClientRect();
            if (box.width < 44 || box.height < 44) found.push(`${name}: ${box.width}×${box.height} is too small for a thumb`);
            if (box.top < 0 || box.bottom > vh + 0.5) found.push(`${name}: outside the screen (${box.top}..${box.bottom})`);
            if (box.top < window.top - 0.5 || box.bottom > window.bottom + 0.5) found.push(`${name}: outside the chat window`);
            // What is drawn at the card's centre and corners is the card itself: nothing clips or covers it.
            for (const [x, y] of [
              [box.left + box.width / 2, box.top + box.height / 2],
              // Inside the rounded corners (12 px).
              [box.left + 8, box.top + 8],
              [box.right - 8, box.bottom - 8],
            ]) {
              const at = root.elementFromPoint(x!, y!);
              if (!at || !(at === card || card.contains(at))) found.push(`${name}: at (${Math.round(x!)}, ${Math.round(y!)}) is ${at?.className}`);
            }
          }
          return found;
        }, viewport.height);
        if (problems.length) await page.screenshot({ path: `${process.env.QA_SHOT_DIR ?? "/tmp"}/picker-${viewport.width}-${visit.company}.png` });
        assert.deepEqual(problems, []);
        const next = chat.getByRole("button", { name: "Next", exact: true });
        const nextBox = (await next.boundingBox())!;
        assert.ok(nextBox.y + nextBox.height <= viewport.height + 0.5, "Next is in view");
      });
    }
  });
});

describe("a touch screen", () => {
  test("a button the finger last touched does not stay lit, looking chosen (no hover colour where there is no hover)", async (t) => {
    // A phone's context: touch, no hover (the page's own viewport and pace, not newPage's).
    const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    t.after(() => context.close());
    const page = await context.newPage();
    assert.equal(await page.evaluate(() => matchMedia("(hover)").matches), false, "a screen without hover");
    const query = new URLSearchParams({ company: "demo-company", bot: "demo-bot", customerName: "Kim Lee", phonenumber: "5555550619", customerEmail: "kim@example.com" });
    const chat = await openChat(page, `${e2e.site.urls.host}/?${query}`);
    await clickAnswer(chat, "Let's Get Started");
    await pickAddress(chat, "2874 Brand", "2874 Brand Road, Dublin, OH 43017, USA");
    const no = chat.getByRole("button", { name: "No", exact: true });
    await no.waitFor();
    const plain = await no.evaluate((el) => getComputedStyle(el).backgroundColor);
    // Where a finger lifted, a browser keeps the pointer: that button is 'hovered' until the next touch.
    await no.hover();
    assert.equal(await no.evaluate((el) => getComputedStyle(el).backgroundColor), plain, "it keeps its own colour");
  });
});

describe("the marketing source question", () => {
  for (const [i, width, height] of [[0, 390, 844], [1, 1280, 800]] as const) {
    test(`at ${width}×${height}: what the dropdown shows before a choice fits in it`, async () => {
      const page = await e2e.newPage({ viewport: { width, height } });
      const query = new URLSearchParams({ company: "greenway-lawn", bot: "lawn", customerName: "Kim Lee", phonenumber: `614555062${i}`, customerEmail: "kim@example.com" });
      const chat = await openChat(page, `${e2e.site.urls.host}/?${query}`);
      await clickAnswer(chat, "Let's Get Started");
      await pickAddress(chat, "5565 Brand", "5565 Brand Road, Dublin, OH 43017, USA");
      await clickAnswer(chat, "No");
      const select = chat.getByRole("combobox", { name: "How did you hear about us?" });
      await select.waitFor();
      const fit = await select.evaluate((el: HTMLSelectElement) => {
        const style = getComputedStyle(el);
        const context = document.createElement("canvas").getContext("2d")!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const text = el.options[el.selectedIndex]!.text;
        // The room for text: the box less its padding, borders and the arrow (about 24 px).
        const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 24;
        return { text, width: context.measureText(text).width, room };
      });
      assert.equal(fit.text, "Choose one");
      assert.ok(fit.width <= fit.room, `'${fit.text}' (${fit.width} px) fits in ${fit.room} px`);
    });
  }
});
