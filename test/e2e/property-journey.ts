// A visitor on the way to the property's size, shared by the files that measure it
// (property.test.ts: the tools and the estimate sources; measure-tool.test.ts: our own tool).
import type { FrameLocator, Locator, Page } from "playwright-core";
import { clickAnswer, openChat, pickAddress, pickPrograms } from "./chat.ts";

/** Prefilled contact details, so the journey starts at the address (`host`: the demo's company site). */
export function visitUrl(host: string, company: string, bot: string, phone: string): string {
  const query = new URLSearchParams({ company, bot, customerName: "Kim Lee", phonenumber: phone, customerEmail: "kim@example.com" });
  return `${host}/?${query}`;
}

/** A new visitor at the property's size: the address, no unit, and (measur-it, home) the programs first. */
export async function toProperty(page: Page, target: string, search: string, label: string, measuresFirst = true): Promise<Locator> {
  const chat = await openChat(page, target);
  await clickAnswer(chat, "Let's Get Started");
  await pickAddress(chat, search, label);
  await clickAnswer(chat, "No");
  // measur-it and home: the programs come first (SPEC §4); zillow and other: the estimate.
  if (measuresFirst) await pickPrograms(chat, "Fertilizer & Weed Control");
  return chat;
}

/**
 * Our measuring tool's frame and its map, once the tool's script has run (`data-ready`): the map
 * is in the page's HTML before it, and a tap then is lost (a CI run drew one area of three).
 */
export async function measuringTool(page: Page): Promise<{ tool: FrameLocator; map: Locator }> {
  const tool = page.frameLocator('iframe[title="Measuring tool"]');
  await tool.locator('#measure-tool[data-ready="true"]').waitFor();
  return { tool, map: tool.locator("#map") };
}

/**
 * Draws a closed shape (area) or a line (perimeter) in our own measuring tool (issue 33: the
 * satellite map from the demo's stand-in of Mapbox's tiles), by mouse, and uses it.
 */
export async function drawOnMap(page: Page, closeShape: boolean): Promise<void> {
  const { tool, map } = await measuringTool(page);
  const box = (await map.boundingBox())!;
  // A square of 120 CSS px at zoom 20 (about 14 m each way): a lawn of about 2,000 sq ft.
  const points = [
    [-60, -60],
    [60, -60],
    [60, 60],
    [-60, 60],
  ];
  const at = ([dx, dy]: number[]) => ({ position: { x: box.width / 2 + dx!, y: box.height / 2 + dy! } });
  for (const point of points) await map.click(at(point));
  if (closeShape) await map.click(at(points[0]!));
  else await tool.getByRole("button", { name: "Done" }).click();
  await tool.getByRole("button", { name: "Use this measurement" }).click();
}
