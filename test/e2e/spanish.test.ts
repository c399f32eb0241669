// A visitor who reads Spanish (issue 13 §3), end to end against the demo site: the demo bot
// whose configuration's default language is Spanish (demo-company/es-bot), and the English demo
// bot asked for Spanish by the snippet's data-lang (`?lang=es` on the demo page). The chat, the
// inputs, a refused answer, our measuring tool, the proposal and its figures are in Spanish, and
// axe finds nothing serious in either.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Locator, Page } from "playwright-core";
import { seriousViolations } from "./axe.ts";
import { clickAnswer, OPEN_CHAT, openChat, saw, typeAnswer } from "./chat.ts";
import { collectCspViolations, useDemoSite, watchErrors } from "./harness.ts";
import { POLLUTED_PROTOTYPE } from "./hostile-scripts.ts";

const e2e = useDemoSite();

const SPANISH_FILE = "/dist/quote-assistant-es.js";

/** A new visitor with prefilled contact details, at the program picker, in Spanish. */
async function toPickerInSpanish(page: Page, query: Record<string, string>, phone: string, street: string): Promise<Locator> {
  const search = new URLSearchParams({ ...query, customerName: "Ana López", phonenumber: phone, customerEmail: "ana@example.com" });
  // The page asks for Spanish (data-lang) or the configuration does: the loader's bubble follows
  // the page, the widget's (placed when the page is idle) the configuration.
  const chat = await openChat(page, `${e2e.site.urls.host}/?${search}`, query.lang === "es" ? "es" : "either");
  await saw(chat, /¡Hola! Soy Sage, el asistente de cotizaciones de Demo Lawn & Pest Co\. En unos minutos mediré su propiedad/);
  await clickAnswer(chat, "Empecemos");
  const box = chat.getByRole("combobox", { name: "Buscar dirección" });
  await box.fill(street);
  await chat.getByRole("option", { name: `${street}, Dublin, OH 43017, USA` }).click();
  await saw(chat, "¿Tiene número de apartamento, unidad o suite?");
  await clickAnswer(chat, "No");
  await saw(chat, "¿Qué servicios desea cotizar? Elija todos los que quiera y luego pulse Siguiente.");
  return chat;
}

describe("a visitor in Spanish, to a price", () => {
  test("the Spanish demo bot: the chat, the inputs, a refused size and the proposal in Spanish, axe clean", async () => {
    const page = await e2e.newPage();
    const spanishFile = page.waitForResponse((response) => new URL(response.url()).pathname === SPANISH_FILE);
    const chat = await toPickerInSpanish(page, { company: "demo-company", bot: "es-bot" }, "5555550371", "2874 Brand Road");
    assert.equal((await spanishFile).status(), 200, "the Spanish words come as their own file");
    // The widget tells screen readers its language, on an English page.
    assert.equal(await page.locator("quote-assistant .qa-root").getAttribute("lang"), "es");
    assert.deepEqual(await seriousViolations(page), [], "the chat in Spanish");

    const grid = chat.getByRole("group", { name: "Servicios" });
    await grid.getByRole("button", { name: /^Grub Control/ }).click();
    await chat.getByText("1 elegido").waitFor();
    await chat.getByRole("button", { name: "Siguiente", exact: true }).click();

    const tool = page.getByRole("dialog", { name: "Pinte su césped" });
    await tool.waitFor();
    await tool.getByRole("button", { name: "Cerrar" }).click();
    await saw(chat, "¿Cuántos pies cuadrados tiene, más o menos, el área que desea que atendamos?");
    // A refused answer is told in Spanish, under the input.
    await typeAnswer(chat, "Tamaño en pies cuadrados", "seis");
    await chat.getByRole("alert").filter({ hasText: "Escriba solo números." }).waitFor();
    await typeAnswer(chat, "Tamaño en pies cuadrados", "6000");

    await saw(chat, "Calculando su cotización personalizada...");
    const modal = page.getByRole("dialog", { name: "Su cotización de Demo Lawn & Pest Co." });
    await modal.waitFor();
    await modal.getByRole("heading", { name: "Según lo que eligió, le recomendamos estos servicios" }).waitFor();
    await modal.getByRole("heading", { name: "Grub Control" }).waitFor();
    await modal.getByText("Tamaño estimado", { exact: true }).waitFor();
    assert.equal(await modal.locator(".qa-size-value").innerText(), "6,000 pies cuadrados");
    const summary = modal.locator(".qa-summary:visible").last();
    const labels = await summary.locator("dt").allInnerTexts();
    assert.ok(labels.includes("PARA EMPEZAR HOY"), `the summary's rows in Spanish: ${labels.join(", ")}`);
    assert.ok(labels.some((label) => /^IMPUESTO DE SERVICIO \(6\.000%\)$/.test(label)), `the tax row in Spanish: ${labels.join(", ")}`);
    // Dollars as American Spanish writes them (es-US): the same figures as in English.
    for (const value of await summary.locator("dd").allInnerTexts()) assert.match(value, /^\$\d{1,3}(,\d{3})*\.\d{2}$/);
    await modal.getByRole("button", { name: "NECESITO PENSARLO" }).waitFor();
    await modal.getByRole("button", { name: "Cerrar" }).waitFor();
    // Checkout's own words: the step, its heading and the button that pays.
    await modal.getByRole("heading", { name: "Pago" }).waitFor();
    await modal.getByRole("button", { name: "Contratar" }).waitFor();
    await modal.getByRole("form", { name: "Pago" }).waitFor();
    assert.deepEqual(await seriousViolations(page), [], "the proposal in Spanish");
  });

  test("our measuring tool in Spanish: the page, its buttons and its status; a drawing used, and the chat says its size", async () => {
    const page = await e2e.newPage({ viewport: { width: 1280, height: 800 } });
    const chat = await toPickerInSpanish(page, { company: "demo-company", bot: "es-bot" }, "5555550373", "2880 Muirfield Drive");
    await chat.getByRole("group", { name: "Servicios" }).getByRole("button", { name: /^Grub Control/ }).click();
    await chat.getByRole("button", { name: "Siguiente", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Pinte su césped" });
    const frame = dialog.locator('iframe[title="Herramienta de medición"]');
    assert.equal(new URL((await frame.getAttribute("src"))!).searchParams.get("lang"), "es", "the widget asks the tool for Spanish");
    const tool = page.frameLocator('iframe[title="Herramienta de medición"]');
    const map = tool.getByRole("application", { name: /^Mapa satelital de 2880 Muirfield Drive.*Toque alrededor de su césped/ });
    await map.waitFor();
    assert.equal(await tool.locator("html").getAttribute("lang"), "es");
    for (const name of ["Listo", "Deshacer", "Empezar de nuevo", "Agregar otra área", "Quitar un área", "Acercar", "Alejar"]) {
      await tool.getByRole("button", { name, exact: true }).waitFor();
    }
    assert.equal(await tool.getByRole("button", { name: /Use this measurement|Done|Undo/ }).count(), 0, "no English button");

    // Two points and 'Listo': the script's own message, in Spanish; two more and the first again close the area.
    const box = (await map.boundingBox())!;
    const tap = ([dx, dy]: number[]) => page.mouse.click(box.x + box.width / 2 + dx!, box.y + box.height / 2 + dy!);
    await tap([-60, -60]);
    await tap([60, -60]);
    await tool.getByRole("button", { name: "Listo", exact: true }).click();
    await tool.getByRole("status").filter({ hasText: "Toque al menos tres puntos para terminar un área." }).waitFor();
    await tap([60, 60]);
    await tap([-60, 60]);
    await tap([-60, -60]);
    await tool.getByRole("status").filter({ hasText: "Área cerrada. Pulse «Usar esta medida», o agregue o quite otra área." }).waitFor();
    const totalText = await tool.locator("#total").innerText();
    assert.match(totalText, /^[\d,]+ pies²$/, "the running total in the chat's unit, not 'sq ft'");
    const total = Number(totalText.replace(/[^\d]/g, ""));
    assert.ok(total > 1000, `the area drawn: ${total} pies²`);

    await tool.getByRole("button", { name: "Usar esta medida", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    await saw(chat, `¡Gracias! Parece que usted pintó ${total.toLocaleString("en-US")} pies cuadrados.`);
  });

  test("on a page with a polluted Object.prototype: the Spanish file, the chat and the proposal in Spanish, no error", async () => {
    const page = await e2e.newPage();
    const errors = watchErrors(page);
    await page.addInitScript({ content: POLLUTED_PROTOTYPE });
    const chat = await toPickerInSpanish(page, { company: "demo-company", bot: "es-bot" }, "5555550379", "5563 Tuttle Crossing Boulevard");
    await chat.getByRole("group", { name: "Servicios" }).getByRole("button", { name: /^Grub Control/ }).click();
    await chat.getByRole("button", { name: "Siguiente", exact: true }).click();
    await page.getByRole("dialog", { name: "Pinte su césped" }).getByRole("button", { name: "Cerrar" }).click();
    await typeAnswer(chat, "Tamaño en pies cuadrados", "6000");
    const modal = page.getByRole("dialog", { name: "Su cotización de Demo Lawn & Pest Co." });
    await modal.getByRole("heading", { name: "Grub Control" }).waitFor();
    await modal.getByRole("button", { name: "Contratar" }).waitFor();
    assert.deepEqual(errors.pageErrors, [], "the page saw no uncaught error");
    assert.deepEqual(errors.consoleErrors.filter((text) => text.includes("quote-assistant")), [], "the widget logged no failure");
  });

  test("the English demo bot with data-lang=\"es\" on the snippet speaks Spanish; without it, English", async () => {
    const page = await e2e.newPage();
    const chat = await toPickerInSpanish(page, { company: "demo-company", bot: "demo-bot", lang: "es" }, "5555550372", "5565 Brand Road");
    assert.equal(await page.locator("quote-assistant").getAttribute("lang"), "es", "the loader copied data-lang");
    await chat.getByRole("group", { name: "Servicios" }).waitFor();
    // The company's own value-add is English only for demo-bot: English is shown.
    const english = await e2e.newPage();
    const englishChat = await openChat(english, `${e2e.site.urls.host}/?company=demo-company&bot=demo-bot`);
    await saw(englishChat, /Hi! I'm Sage, Demo Lawn & Pest Co\.'s quote assistant\./);
    await englishChat.getByRole("button", { name: "Let's Get Started", exact: true }).waitFor();
  });

  test("a Spanish page names the bubble in Spanish from the first frame, and the Spanish file comes with the configuration, not after it", async () => {
    const page = await e2e.newPage();
    // The configuration held back 2 s: long enough to see what shows while it loads.
    await page.route(/\/v1\/company\/demo-company\/bot\/demo-bot/, async (route) => {
      await new Promise((done) => setTimeout(done, 2000));
      await route.fallback();
    });
    const seen: string[] = [];
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (path === SPANISH_FILE || path.endsWith("/bot/demo-bot")) seen.push(path === SPANISH_FILE ? "spanish file asked" : "configuration asked");
    });
    page.on("response", (response) => {
      if (new URL(response.url()).pathname.endsWith("/bot/demo-bot")) seen.push("configuration answered");
    });
    await page.goto(`${e2e.site.urls.host}/?company=demo-company&bot=demo-bot&lang=es`);
    // The loader's bubble, before any of the widget has loaded.
    const bubble = page.getByRole("button", { name: OPEN_CHAT.es });
    await bubble.waitFor();
    assert.equal(await page.getByRole("button", { name: OPEN_CHAT.en }).count(), 0);
    await bubble.click();
    // While the configuration is held back: the loading window says so in Spanish.
    await page.getByRole("dialog").getByRole("status").filter({ hasText: "Cargando…" }).waitFor();
    const chat = page.getByRole("dialog");
    await chat.getByRole("button", { name: "Empecemos", exact: true }).waitFor({ timeout: 30_000 });
    assert.ok(
      seen.indexOf("spanish file asked") >= 0 && seen.indexOf("spanish file asked") < seen.indexOf("configuration answered"),
      `the Spanish file is asked for before the configuration has answered: ${seen.join(", ")}`,
    );
    // The widget's own bubble, closed again, keeps the Spanish name.
    await page.getByRole("button", { name: "Cerrar el chat del asistente de cotizaciones" }).click();
    await page.getByRole("button", { name: OPEN_CHAT.es }).waitFor();
  });

  test("under a nonce-only CSP requiring Trusted Types, the Spanish file carries the page's nonce and nothing is refused", async () => {
    const page = await e2e.newPage();
    const violations = await collectCspViolations(page);
    const errors = watchErrors(page);
    const chat = await openChat(page, `${e2e.site.urls.host}/csp-nonce.html?company=demo-company&bot=demo-bot&lang=es`, "es");
    await chat.getByRole("button", { name: "Empecemos", exact: true }).waitFor();
    assert.deepEqual(await violations(), []);
    assert.deepEqual(errors.pageErrors, []);
    const nonces = await page.evaluate(() => [...document.querySelectorAll("script")].map((tag) => [new URL(tag.src || location.href).pathname, tag.nonce ?? ""]));
    const pageNonce = nonces.find(([path]) => path === "/dist/loader.js")?.[1] ?? "";
    assert.ok(pageNonce.length >= 16);
    assert.deepEqual(nonces.find(([path]) => path === SPANISH_FILE), [SPANISH_FILE, pageNonce]);
  });
});
