// Company fixtures: one JSON file per company in fixtures/companies/, named after the
// company id, holding `{ "companyId": "...", "bots": { "<botId>": <configuration> } }`.
// Each configuration must pass the widget's own schema, so the demo never serves a
// configuration the widget would reject; a bad file stops start-up, naming file and field.
import { readdirSync, readFileSync } from "node:fs";
import { basename, join, relative } from "node:path";
import * as v from "valibot";
import { parseCompanyConfig } from "../src/config/company-config.ts";
import type { UrlRules } from "../src/config/safe-url.ts";
import type { CompanyBotRow } from "./db/company-store.ts";
import type { DeliverySettings } from "./db/outbox-store.ts";
import { fromRoot } from "./root-dir.ts";

export const COMPANY_FIXTURES_DIR = fromRoot("demo-site/fixtures/companies/");

/**
 * Fixtures cannot know the port the widget origin will get, so URLs of demo assets are
 * written `{{widgetOrigin}}/demo-assets/...` and completed at load time. Absolute URLs are
 * needed because the widget runs on a host page of another origin.
 */
const WIDGET_ORIGIN_PLACEHOLDER = "{{widgetOrigin}}";

/**
 * The demo's companies point at stand-ins on this machine (http://localhost:PORT), which the
 * widget accepts only where the page opts in to development origins (the demo's pages do);
 * the backend reads its fixtures with the same allowance.
 */
export const DEMO_URL_RULES: UrlRules = { devOrigins: true };

const ID = v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]{0,99}$/, "must be lower-case letters, digits and dashes"));

/** Only http(s), and in the demo and its tests only this machine. */
const WebhookUrlSchema = v.pipe(
  v.string(),
  v.url(),
  v.check((url) => /^https?:$/.test(new URL(url).protocol), "must be an http(s) URL"),
);

const SecretSchema = v.pipe(v.string(), v.minLength(16, "must be at least 16 characters"), v.maxLength(200));

/**
 * The company's server-only delivery settings (docs/api.md "Webhooks" and "Leads export"):
 * never part of a bot's configuration, which any visitor can read.
 */
export const DeliverySettingsSchema = v.object({
  webhookUrls: v.optional(v.pipe(v.array(WebhookUrlSchema), v.maxLength(5)), []),
  webhookSecret: v.optional(SecretSchema),
  apiKey: v.optional(SecretSchema),
});

const CompanyFixtureSchema = v.object({
  companyId: ID,
  delivery: v.optional(
    v.pipe(
      DeliverySettingsSchema,
      v.check((d) => d.webhookUrls.length === 0 || d.webhookSecret !== undefined, "webhookUrls need a webhookSecret"),
    ),
  ),
  bots: v.pipe(
    v.record(ID, v.record(v.string(), v.unknown())),
    v.check((bots) => Object.keys(bots).length > 0, "must list at least one bot"),
  ),
});

export class FixtureError extends Error {
  override name = "FixtureError";
}

export interface LoadFixturesOptions {
  dir?: string;
  widgetOrigin: string;
  /** The stand-in measuring tool's origin, for `{{measureOrigin}}` (default: a placeholder host). */
  measureOrigin?: string;
  /** The stand-in card vault (and Stripe.js stand-in) origin, for `{{vaultOrigin}}`. */
  vaultOrigin?: string;
  /** The stand-in CRM payment frame origin, for `{{crmOrigin}}`. */
  crmOrigin?: string;
  /** The demo's webhook receiver, for `{{receiverOrigin}}` (delivery settings: loadDeliveryFixtures). */
  receiverOrigin?: string;
}

const MEASURE_ORIGIN_PLACEHOLDER = "{{measureOrigin}}";
const VAULT_ORIGIN_PLACEHOLDER = "{{vaultOrigin}}";
const CRM_ORIGIN_PLACEHOLDER = "{{crmOrigin}}";
/** The demo's webhook receiver (demo-site/receiver/), in the companies' delivery settings. */
const RECEIVER_ORIGIN_PLACEHOLDER = "{{receiverOrigin}}";
const NO_RECEIVER = "http://receiver.invalid";

interface Origins {
  widgetOrigin: string;
  measureOrigin: string;
  vaultOrigin: string;
  crmOrigin: string;
  receiverOrigin?: string;
}

/** Reads and validates every fixture; rows come out in file-name order, bots in file order. */
export function loadCompanyFixtures({
  dir = COMPANY_FIXTURES_DIR,
  widgetOrigin,
  measureOrigin = "http://measure.invalid",
  vaultOrigin = "http://vault.invalid",
  crmOrigin = "http://crm.invalid",
  receiverOrigin,
}: LoadFixturesOptions): CompanyBotRow[] {
  const files = readdirSync(dir).filter((name) => name.endsWith(".json")).sort();
  if (files.length === 0) throw new FixtureError(`no company fixtures (*.json) in ${dir}`);
  return files.flatMap((name) => loadFixtureFile(join(dir, name), { widgetOrigin, measureOrigin, vaultOrigin, crmOrigin, receiverOrigin }));
}

/**
 * Every company's delivery settings, with `{{receiverOrigin}}` completed; without a receiver
 * origin, URLs that name it are left out (a server started without the demo receiver).
 */
export function loadDeliveryFixtures({ dir = COMPANY_FIXTURES_DIR, receiverOrigin }: { dir?: string; receiverOrigin?: string }): DeliverySettings[] {
  const files = readdirSync(dir).filter((name) => name.endsWith(".json")).sort();
  return files.flatMap((name): DeliverySettings[] => {
    const raw = JSON.parse(readFileSync(join(dir, name), "utf8")) as { companyId?: unknown; delivery?: unknown };
    if (raw.delivery === undefined) return [];
    const text = JSON.stringify(raw.delivery);
    const delivery = v.parse(DeliverySettingsSchema, JSON.parse(text.replaceAll(RECEIVER_ORIGIN_PLACEHOLDER, receiverOrigin ?? NO_RECEIVER)));
    return [
      {
        companyId: String(raw.companyId),
        webhookUrls: delivery.webhookUrls.filter((url) => !url.startsWith(NO_RECEIVER)),
        webhookSecret: delivery.webhookSecret ?? null,
        apiKey: delivery.apiKey ?? null,
      },
    ];
  });
}

function loadFixtureFile(path: string, origins: Origins): CompanyBotRow[] {
  const shown = relative(process.cwd(), path) || path;
  const fail = (detail: string): never => {
    throw new FixtureError(`invalid company fixture ${shown}: ${detail}`);
  };

  let raw: unknown;
  try {
    raw = JSON.parse(
      readFileSync(path, "utf8")
        .replaceAll(WIDGET_ORIGIN_PLACEHOLDER, origins.widgetOrigin)
        .replaceAll(MEASURE_ORIGIN_PLACEHOLDER, origins.measureOrigin)
        .replaceAll(VAULT_ORIGIN_PLACEHOLDER, origins.vaultOrigin)
        .replaceAll(CRM_ORIGIN_PLACEHOLDER, origins.crmOrigin)
        .replaceAll(RECEIVER_ORIGIN_PLACEHOLDER, origins.receiverOrigin ?? NO_RECEIVER),
    );
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }

  const envelope = v.safeParse(CompanyFixtureSchema, raw);
  if (!envelope.success) {
    const issue = envelope.issues[0];
    return fail(`${v.getDotPath(issue) ?? "(root)"}: ${issue.message}`);
  }
  const { companyId, bots } = envelope.output;
  // The file name is how a reader finds a company; it must not disagree with the content.
  if (basename(path, ".json") !== companyId) fail(`companyId "${companyId}" does not match the file name`);

  return Object.entries(bots).map(([botId, config]) => {
    const result = parseCompanyConfig(config, DEMO_URL_RULES);
    if (!result.ok) fail(`bots.${botId}: ${result.reason}`);
    // `id` is the bot's own id; a copy-pasted bot with a stale id would confuse the widget's logs.
    if (config.id !== botId) fail(`bots.${botId}.id: must equal the bot id "${botId}"`);
    return { companyId, botId, config: JSON.stringify(config) };
  });
}
