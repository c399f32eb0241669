// How a visitor talks to the widget in the end-to-end tests: open it, answer by typing or
// clicking, read what the bot said. Playwright's selectors pierce the open shadow root.
import type { Locator, Page } from "playwright-core";

/** The bubble's name: English, or Spanish on a page that asks for it (`data-lang`, <html lang>). */
export const OPEN_CHAT = { en: "Open the quote assistant chat", es: "Abrir el chat del asistente de cotizaciones" } as const;

/**
 * Opens the chat with a click on the bubble named in `lang`. "either": a bot whose configuration
 * is Spanish on an English page, where the loader's bubble is English until the widget, placed
 * when the page is idle, shows its Spanish one: the click may land on either.
 */
export async function openChat(page: Page, url: string, lang: keyof typeof OPEN_CHAT | "either" = "en"): Promise<Locator> {
  await page.goto(url);
  const name = lang === "either" ? new RegExp(`^(${OPEN_CHAT.en}|${OPEN_CHAT.es})$`) : OPEN_CHAT[lang];
  await page.getByRole("button", { name }).click();
  const chat = page.getByRole("dialog");
  await chat.waitFor();
  return chat;
}

export async function clickAnswer(chat: Locator, name: string): Promise<void> {
  await chat.getByRole("button", { name, exact: true }).click();
}

export async function typeAnswer(chat: Locator, label: string, text: string): Promise<Locator> {
  const input = chat.getByLabel(label, { exact: true });
  await input.fill(text);
  await input.press("Enter");
  return input;
}

export async function pickAddress(chat: Locator, query: string, label: string): Promise<void> {
  const box = chat.getByRole("combobox", { name: "Search address" });
  await box.fill(query);
  await chat.getByRole("option", { name: label }).click();
}

export const PICKER_PROMPT = "Which services would you like a quote for? Choose all that apply, then press Next.";

/** Chooses programs in the picker's grid (toggle buttons) and presses Next. */
export async function pickPrograms(chat: Locator, ...names: string[]): Promise<void> {
  const grid = chat.getByRole("group", { name: "Services" });
  for (const name of names) await grid.getByRole("button", { name: new RegExp(`^${escape(name)}`) }).click();
  await chat.getByRole("button", { name: "Next", exact: true }).click();
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Waits until the bot (or the visitor) has said exactly this; screen-reader prefixes ("You: ")
 * aside. `timeout`: longer than the page's default where a reload rebuilds the chat from the
 * server on a busy machine.
 */
export async function saw(chat: Locator, text: string | RegExp, timeout?: number): Promise<void> {
  const pattern = typeof text === "string" ? new RegExp(`(?:^|: )${escape(text)}$`) : text;
  await chat.getByRole("log").locator(".qa-msg").filter({ hasText: pattern }).last().waitFor(timeout === undefined ? {} : { timeout });
}

export async function apiGet(base: string, path: string): Promise<unknown> {
  const response = await fetch(`${base}${path}`);
  return response.json();
}
