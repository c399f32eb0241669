// From the greeting to a started quote, as visitors walk it against the reference backend:
// new and returning visitors, marketing questions, prefill, validation, dead ends, reload.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { apiGet, clickAnswer, openChat, pickAddress, PICKER_PROMPT, saw, typeAnswer } from "./chat.ts";
import { useDemoSite } from "./harness.ts";

const e2e = useDemoSite();
const demo = "company=demo-company&bot=demo-bot";
const greenway = "company=greenway-lawn&bot=lawn";

interface Lookup {
  status: string;
  record: { firstName: string; address: { street: string; unit?: string; city: string; state: string; postalCode: string; country: string }; quoteId: string | null } | null;
}
const lookup = (company: string, phone: string) =>
  apiGet(e2e.site.urls.widget, `/v1/company/${company}/customer/lookup?phonenumber=${phone}`) as Promise<Lookup>;

describe("a new visitor", () => {
  test("answers every question, meets each validation message with the typed text kept, and starts a quote", async () => {
    const page = await e2e.newPage();
    const chat = await openChat(page, `${e2e.site.urls.host}/?${demo}`);
    await clickAnswer(chat, "Let's Get Started");

    let input = await typeAnswer(chat, "First and last name", "Cher");
    await chat.getByText("Please enter your first and last name.").waitFor();
    assert.equal(await input.inputValue(), "Cher");
    await typeAnswer(chat, "First and last name", "jane o'neil");
    await saw(chat, "Jane O'Neil");

    input = await typeAnswer(chat, "Phone number", "555");
    await chat.getByText("Phone number must be 10 or 11 digits").waitFor();
    assert.equal(await input.inputValue(), "555");
    // The 11-digit limit counts digits (issue 16): the field leaves room for `+1 (614) 555-0199`.
    assert.equal((await chat.locator("#qa-text-count").textContent())?.trim(), "3/11");
    await typeAnswer(chat, "Phone number", "5555550199");

    input = await typeAnswer(chat, "Email address", "jane@");
    await chat.getByText("Please enter a valid email address").waitFor();
    assert.equal(await input.inputValue(), "jane@");
    await typeAnswer(chat, "Email address", "jane@example.com");

    const box = chat.getByRole("combobox", { name: "Search address" });
    assert.equal(await box.getAttribute("placeholder"), "Search address");
    await box.fill("zzzz nowhere");
    await chat.getByText("No matches found").waitFor();
    await pickAddress(chat, "5565 Brand", "5565 Brand Road, Dublin, OH 43017, USA");

    await clickAnswer(chat, "Yes");
    input = chat.getByLabel("Apartment, unit or suite", { exact: true });
    await input.press("Enter");
    await chat.getByText("Apartment, Unit or Suite Number is Required").waitFor();
    await typeAnswer(chat, "Apartment, unit or suite", "Apt 4");

    await saw(chat, "Checking for previous quote...");
    // SPEC §4 'Lookup outcomes': a first-time visitor is found nowhere, and told so.
    await saw(chat, "We could not find you in our records.");
    await saw(chat, "Please wait while I start your quote...");
    await saw(chat, PICKER_PROMPT);

    const stored = await lookup("demo-company", "5555550199");
    assert.equal(stored.status, "found");
    assert.deepEqual(
      [stored.record?.firstName, stored.record?.address.street, stored.record?.address.unit, stored.record?.address.postalCode],
      ["Jane", "5565 Brand Road", "Apt 4", "43017"],
    );
    assert.ok(stored.record?.quoteId, "the quote was created");
  });

  test("outside the service area ends with the spec's message", async () => {
    const page = await e2e.newPage();
    const chat = await openChat(page, `${e2e.site.urls.host}/?${greenway}&customerName=Ray%20Stone&phonenumber=6145550177&customerEmail=ray@example.com`);
    await clickAnswer(chat, "Let's Get Started");
    await pickAddress(chat, "112 Vine Street", "112 Vine Street, Cincinnati, OH 45202, USA");
    await saw(chat, "It appears we are unable to quote your property; the address provided is outside our service area.");
    assert.equal(await chat.getByRole("textbox").count(), 0, "the conversation has ended");
  });
});

describe("the marketing question at a real-green company", () => {
  const prefilled = `${greenway}&customerName=Sam%20Reyes&customerEmail=sam@example.com`;

  test("'referral' asks who referred them; the counter stops at 30 with the limit notice", async () => {
    const page = await e2e.newPage();
    const chat = await openChat(page, `${e2e.site.urls.host}/?${prefilled}&phonenumber=6145550181`);
    await clickAnswer(chat, "Let's Get Started");
    await pickAddress(chat, "2874 Brand", "2874 Brand Road, Dublin, OH 43017, USA");
    await clickAnswer(chat, "No");
    await saw(chat, "How did you hear about us?");
    await chat.getByLabel("How did you hear about us?").first().selectOption("referral");
    await clickAnswer(chat, "Next");
    const input = chat.getByLabel("Referrer's name", { exact: true });
    await input.pressSequentially("Alexandria Montgomery-Winthrop the Third");
    assert.equal((await input.inputValue()).length, 30);
    await chat.getByText("30/30").waitFor();
    await chat.getByText("The max character limit has been reached.").waitFor();
    await input.press("Enter");
    await saw(chat, "Checking for previous quote...");
    await saw(chat, "Checking to see if we've serviced you before...");
    await saw(chat, /Greenway technicians are state-certified applicators/);
    await saw(chat, PICKER_PROMPT);
  });

  test("'other' asks for details and will not take an empty answer", async () => {
    const page = await e2e.newPage();
    const chat = await openChat(page, `${e2e.site.urls.host}/?${prefilled}&phonenumber=6145550182`);
    await clickAnswer(chat, "Let's Get Started");
    await pickAddress(chat, "2874 Brand", "2874 Brand Road, Dublin, OH 43017, USA");
    await clickAnswer(chat, "No");
    await chat.getByLabel("How did you hear about us?").first().selectOption("other");
    await clickAnswer(chat, "Next");
    await saw(chat, "Please elaborate on how you heard about us");
    const input = chat.getByLabel("How you heard about us", { exact: true });
    await input.press("Enter");
    await chat.getByText("This field is required.").waitFor();
    await typeAnswer(chat, "How you heard about us", "Your truck was on my street");
    await saw(chat, PICKER_PROMPT);
  });
});

describe("a returning visitor found by phone", () => {
  test("is welcomed back with the property pictures and confirms the address", async () => {
    const page = await e2e.newPage();
    const chat = await openChat(page, `${e2e.site.urls.host}/?${greenway}&phonenumber=(614)%20555-0100`);
    await clickAnswer(chat, "Let's Get Started");
    await saw(chat, "Welcome back, Jane!");
    await chat.getByRole("img", { name: "Aerial view of your property" }).waitFor();
    await chat.getByRole("img", { name: "Street view of your property" }).waitFor();
    await saw(chat, /You are looking for a quote for your home located at 1234 Oak Street, Dublin, OH 43017\. Correct\?$/);
    await clickAnswer(chat, "Yes");
    await saw(chat, "Great! Let's get started.");
    await saw(chat, PICKER_PROMPT);
  });

  const ends: Array<[string, string, string | RegExp]> = [
    ["outside the service area", "6145550102", "It appears we are unable to quote your property; the address provided is outside our service area."],
    ["with a lot too big to quote", "6145550105", /needs a closer look than our instant quote can give/],
  ];
  for (const [who, phone, message] of ends) {
    test(`${who} ends kindly`, async () => {
      const page = await e2e.newPage();
      const chat = await openChat(page, `${e2e.site.urls.host}/?${greenway}&phonenumber=${phone}`);
      await clickAnswer(chat, "Let's Get Started");
      await saw(chat, message);
    });
  }

  test("whom the CRM already serves is sent to the customer portal in the top window", async () => {
    const page = await e2e.newPage();
    // The portal is another company's site: answer it locally, nothing leaves the machine.
    await page.route("https://portal.example.com/**", (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<title>Portal</title><h1>Customer portal</h1>" }),
    );
    const chat = await openChat(page, `${e2e.site.urls.host}/?${greenway}&phonenumber=6145550103`);
    await clickAnswer(chat, "Let's Get Started");
    await clickAnswer(chat, "Yes");
    await saw(chat, "Checking to see if we've serviced you before...");
    await saw(
      chat,
      "It appears that this address is already in our database. You are now being redirected to the customer portal to manage your account.",
    );
    await page.waitForURL("https://portal.example.com/greenway", { timeout: 10_000 });
  });
});

describe("prefilled visitors", () => {
  test("a contact form's details skip the questions they answer, and the start buttons (the form was the start)", async () => {
    const page = await e2e.newPage();
    const chat = await openChat(
      page,
      `${e2e.site.urls.host}/?${demo}&source=contactForm&customerName=lee%20park&phonenumber=555-555-0170&customerEmail=lee@example.com`,
    );
    await chat.getByRole("combobox", { name: "Search address" }).waitFor();
    const said = await chat.getByRole("log").innerText();
    assert.ok(!said.includes("first and last names"), "the name is not asked");
    assert.ok(!said.includes("phone number"), "the phone is not asked");
    assert.equal(await chat.getByRole("button", { name: "Let's Get Started" }).count(), 0, "no start button was offered");
  });

  const places: Array<[string, string, string, Partial<{ street: string; city: string; state: string; postalCode: string; country: string }>]> = [
    ["a US address", "5555550171", "1234 Oak Street, Westerville, Ohio 43082, United States", { street: "1234 Oak Street", city: "Westerville", state: "OH", postalCode: "43082", country: "US" }],
    ["a UK address", "5555550172", "12 Kew Road, Richmond TW9 1DN, UK", { street: "12 Kew Road", city: "Richmond", postalCode: "TW9 1DN", country: "GB" }],
    ["a Canadian address", "5555550173", "111 Wellington St, Ottawa, Ontario K1A0A9, Canada", { street: "111 Wellington St", city: "Ottawa", state: "ON", postalCode: "K1A 0A9", country: "CA" }],
  ];
  for (const [what, phone, located, expected] of places) {
    test(`googlelocate with ${what} fills the address`, async () => {
      const page = await e2e.newPage();
      const query = new URLSearchParams({ company: "demo-company", bot: "demo-bot", customerName: "Kim Lee", phonenumber: phone, customerEmail: "kim@example.com", googlelocate: located });
      const chat = await openChat(page, `${e2e.site.urls.host}/?${query}`);
      await clickAnswer(chat, "Let's Get Started");
      await saw(chat, "Is there an apartment, unit or suite number?");
      await clickAnswer(chat, "No");
      await saw(chat, PICKER_PROMPT);
      const stored = await lookup("demo-company", phone);
      const address = stored.record?.address;
      for (const [key, value] of Object.entries(expected)) {
        assert.equal(address?.[key as keyof typeof address], value, `${key} of ${located}`);
      }
    });
  }
});

describe("the host page's prefill command", () => {
  test("queued before the widget loads, it skips the questions it answers", async () => {
    const page = await e2e.newPage();
    // As a page's own script (or a Tag Manager tag) before the snippet: the documented queue.
    await page.addInitScript(() => {
      const global = window as unknown as { QuoteAssistant?: ((...args: unknown[]) => void) & { q?: unknown[] } };
      global.QuoteAssistant ||= Object.assign((...args: unknown[]) => (global.QuoteAssistant!.q ||= []).push(args), { q: [] });
      global.QuoteAssistant("prefill", { customerName: "ana ruiz", phonenumber: "(555) 555-0188", customerEmail: "ana@example.com", ignored: "x" });
    });
    await page.goto(`${e2e.site.urls.host}/?${demo}`);
    await page.getByRole("button", { name: "Open the quote assistant chat" }).click();
    const chat = page.getByRole("dialog");
    await clickAnswer(chat, "Let's Get Started");
    await chat.getByRole("combobox", { name: "Search address" }).waitFor();
    const said = await chat.getByRole("log").innerText();
    assert.ok(!said.includes("first and last names") && !said.includes("email address?"), "prefilled questions are skipped");
  });
});

describe("before the quote starts", () => {
  // Issue 12: the device keeps only what resuming a started quote needs. Issue 27: the unstarted
  // conversation is kept for the tab alone (sessionStorage; reload-before-quote.test.ts), so
  // another tab of the same browser starts at the greeting and the device holds nothing typed.
  test("the name typed is not kept on the device: another tab comes back to the greeting", async () => {
    const page = await e2e.newPage();
    const chat = await openChat(page, `${e2e.site.urls.host}/?${demo}`);
    await clickAnswer(chat, "Let's Get Started");
    await typeAnswer(chat, "First and last name", "nora quinn");
    await chat.getByLabel("Phone number", { exact: true }).waitFor();
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + document.cookie);
    assert.ok(!/nora|quinn/i.test(stored), stored);
    const other = await page.context().newPage();
    other.setDefaultTimeout(15_000);
    await other.goto(`${e2e.site.urls.host}/?${demo}`);
    await other.getByRole("button", { name: "Open the quote assistant chat" }).click();
    const again = other.getByRole("dialog");
    await again.getByRole("button", { name: "Let's Get Started", exact: true }).waitFor();
    assert.equal(await again.getByText("Nora Quinn").count(), 0);
  });
});
