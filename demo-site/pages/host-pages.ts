// Host pages: a company's own website embedding the widget from the widget origin, as a
// company would paste it. Nothing inline (no <style>, no style=, no inline script) so the
// same markup runs under the strict CSP of /csp.html.
import { html, type SafeHtml } from "../../server/pages/html.ts";
// The demo's companies use stand-ins on this machine (http://localhost:PORT); its pages let the
// widget use them with this tag. A real company's page never has it (README 'Strict CSP').
import { DEV_ORIGINS_META } from "../../server/pages/hosted-page.ts";
import { landingCopyFor } from "./landing-copy.ts";

/** What a company's website knows about itself; undefined fields are simply left out. */
export interface HostCompany {
  companyId: string;
  botId: string;
  name: string;
  tagLine?: string | undefined;
  /** Written for the company's country, with its tel: link (src/config/phone-format.ts, as the widget does). */
  phone?: { text: string; href: string } | undefined;
  logo?: string | undefined;
  /** Serviced zips; a null entry means any zip. */
  zipCodes: (string | null)[];
  botType: "pest" | "other";
  /** The company's brand colour, for the snippet's `data-color`. */
  brandColor?: string | undefined;
}

export interface CompanyLink {
  companyId: string;
  botId: string;
  name: string;
}

/** How the page embeds the widget: the loader facade (bubble) or the bundle with an inline element. */
export type Embed = "loader" | "inline";

export interface LandingPageOptions {
  company: HostCompany;
  widgetOrigin: string;
  embed: Embed;
  /** The page's own query string (with "?", or ""), carried over by the navigation links. */
  search: string;
  /** Extra stylesheets after /site.css, e.g. the hostile reset of /reset.html. */
  stylesheets?: string[];
  /** All companies, for the switcher in the footer. */
  companies: CompanyLink[];
  /** The CSP nonce of this response, carried by the widget's script tag (/csp-strict.html). */
  nonce?: string;
  /** The visitor's language for the widget (`?lang=es`): the snippet's `data-lang`, the element's `lang`. */
  lang?: string;
}

const TEST_PAGES: { path: string; label: string; what: string }[] = [
  { path: "/", label: "Loader", what: "the loader snippet paints a bubble; the widget loads on intent" },
  { path: "/inline.html", label: "Inline", what: "the bundle with an inline element in a content column" },
  { path: "/reset.html", label: "Hostile CSS", what: "an aggressive global reset and odd fonts that must not reach the widget" },
  { path: "/themed.html", label: "Agency theme", what: "the widget themed by the page: --qa-brand, --qa-font, --qa-radius and ::part()" },
  { path: "/csp.html", label: "Strict CSP", what: "served with a Content-Security-Policy without unsafe-inline" },
  {
    path: "/csp-strict.html",
    label: "Nonce CSP",
    what: "a nonce-based CSP with 'strict-dynamic' that requires Trusted Types (trusted-types quote-assistant)",
  },
  { path: "/csp-nonce.html", label: "Nonce only", what: "the same without 'strict-dynamic': every script the widget adds must carry the nonce" },
  { path: "/blank.html", label: "Blank", what: "only the loader tag (used by the benchmark)" },
  { path: "/tag-manager.html", label: "Tag Manager", what: "the snippet in a Google Tag Manager Custom HTML tag, fired after the page has loaded" },
  { path: "/copies.html", label: "Pasted twice", what: "the snippet three times and the bundle's tag twice (?loaders=&bundles=&order=bundle-first)" },
];

function head(title: string, stylesheets: string[]): SafeHtml {
  return html`<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${DEV_ORIGINS_META}
<link rel="icon" href="data:,">
<title>${title}</title>
${stylesheets.map((href) => html`<link rel="stylesheet" href="${href}">\n`)}`;
}

function hostedPageUrl(widgetOrigin: string, company: HostCompany): string {
  return `${widgetOrigin}/${encodeURIComponent(company.companyId)}/${encodeURIComponent(company.botId)}`;
}

/**
 * The snippet a company pastes; `data-name` lets the chat window's first frame say the
 * company's name, `data-color` paint the bubble in the company's colour.
 */
function loaderTag(
  widgetOrigin: string,
  company: { companyId: string; botId: string; name?: string; brandColor?: string | undefined },
  nonce?: string,
  lang?: string,
): SafeHtml {
  const nonceAttribute = nonce && html` nonce="${nonce}"`;
  const nameAttribute = company.name && html` data-name="${company.name}"`;
  const colorAttribute = company.brandColor && html` data-color="${company.brandColor}"`;
  const langAttribute = lang && html` data-lang="${lang}"`;
  return html`<script async src="${widgetOrigin}/dist/loader.js"${nonceAttribute} data-company="${company.companyId}" data-bot="${company.botId}"${nameAttribute}${colorAttribute}${langAttribute}></script>`;
}

export function renderLandingPage(options: LandingPageOptions): SafeHtml {
  const { company, widgetOrigin, embed, search } = options;
  const copy = landingCopyFor(company.botType);
  const zips = company.zipCodes.filter((zip): zip is string => zip !== null);
  const quoteUrl = hostedPageUrl(widgetOrigin, company);

  const quoteBox =
    embed === "inline"
      ? html`<div class="quote-box">
<quote-assistant mode="inline" company="${company.companyId}" bot="${company.botId}"${options.lang ? html` lang="${options.lang}"` : ""}></quote-assistant>
</div>`
      : "";

  return html`<!doctype html>
<html lang="en">
<head>
${head(company.tagLine ? `${company.name}: ${company.tagLine}` : company.name, ["/site.css", ...(options.stylesheets ?? [])])}
</head>
<body>
<header class="site-header">
<div class="wrap">
<a class="brand" href="/${search}">${company.logo ? html`<img src="${company.logo}" alt="" width="40" height="40">` : ""}<span>${company.name}</span></a>
<nav aria-label="Demo pages">
${TEST_PAGES.map((page) => html`<a href="${page.path}${search}">${page.label}</a>\n`)}
</nav>
</div>
</header>
<main>
<section class="hero${embed === "inline" ? " with-quote" : ""}">
<div class="wrap">
<div class="hero-text">
<h1>${copy.headline}</h1>
<p class="lede">${company.tagLine ?? copy.lede}</p>
${company.tagLine ? html`<p>${copy.lede}</p>` : ""}
<p class="actions"><a class="button" href="${quoteUrl}">Get an instant quote</a>${
    company.phone ? html` <a class="button secondary" href="${company.phone.href}">Call ${company.phone.text}</a>` : ""
  }</p>
</div>
${quoteBox}
</div>
</section>
<section class="services">
<div class="wrap">
<h2>What we do</h2>
<ul class="cards">
${copy.services.map((s) => html`<li><h3>${s.name}</h3><p>${s.text}</p></li>\n`)}
</ul>
</div>
</section>
<section class="how">
<div class="wrap">
<h2>How it works</h2>
<ol class="steps">
${copy.steps.map((step) => html`<li>${step}</li>\n`)}
</ol>
</div>
</section>
<section class="area">
<div class="wrap">
<h2>Where we work</h2>
${
    zips.length > 0
      ? html`<p>We currently serve these postal codes:</p><ul class="zips">${zips.map((zip) => html`<li>${zip}</li>`)}</ul>`
      : html`<p>We serve the whole metro area and the towns around it.</p>`
  }
</div>
</section>
<section class="reviews">
<div class="wrap">
<h2>What our customers say</h2>
${copy.reviews.map((r) => html`<blockquote><p>${r.quote}</p><footer>${r.who}</footer></blockquote>\n`)}
</div>
</section>
<section class="faq">
<div class="wrap">
<h2>Questions</h2>
${copy.faq.map((f) => html`<details><summary>${f.question}</summary><p>${f.answer}</p></details>\n`)}
</div>
</section>
</main>
<footer class="site-footer">
<div class="wrap">
<p>${company.name}${company.phone ? html` · <a href="${company.phone.href}">${company.phone.text}</a>` : ""}</p>
<p>A demo host page for the Quote Assistant widget. Other pages for this company:</p>
<ul>
${TEST_PAGES.map((page) => html`<li><a href="${page.path}${search}">${page.label}</a>: ${page.what}</li>\n`)}
<li><a href="${quoteUrl}">Hosted page</a>: the widget alone, full page, on the widget origin</li>
</ul>
<p>Other companies:</p>
<ul class="companies">
${options.companies.map(
    (c) => html`<li><a href="?company=${encodeURIComponent(c.companyId)}&amp;bot=${encodeURIComponent(c.botId)}">${c.name}</a></li>\n`,
  )}
</ul>
</div>
</footer>
${embed === "inline" ? html`<script async src="${widgetOrigin}/dist/quote-assistant.js"></script>` : loaderTag(widgetOrigin, company, options.nonce, options.lang)}
</body>
</html>
`;
}

/**
 * A page assembled the way real sites often are: the snippet pasted several times (a theme and a
 * plugin each add it) and the bundle's own tag besides, in either order. One widget must result.
 */
export function renderCopiesPage(options: {
  company: { companyId: string; botId: string };
  widgetOrigin: string;
  loaders: number;
  bundles: number;
  bundleFirst: boolean;
}): SafeHtml {
  const loaders = Array.from({ length: options.loaders }, () => loaderTag(options.widgetOrigin, options.company));
  const bundles = Array.from(
    { length: options.bundles },
    () => html`<script async src="${options.widgetOrigin}/dist/quote-assistant.js"></script>\n`,
  );
  return html`<!doctype html>
<html lang="en">
<head>
${head("A page with the widget pasted more than once", [])}
</head>
<body>
<h1>Lawn care</h1>
${options.bundleFirst ? [...bundles, ...loaders] : [...loaders, ...bundles]}
</body>
</html>
`;
}

/** Only the loader tag: the benchmark's baseline page, where nothing but the widget costs time. */
export function renderBlankPage(options: { company: { companyId: string; botId: string }; widgetOrigin: string }): SafeHtml {
  return html`<!doctype html>
<html lang="en">
<head>
${head("Blank host page", [])}
</head>
<body>
${loaderTag(options.widgetOrigin, options.company)}
</body>
</html>
`;
}

/**
 * The snippet delivered by a tag manager: the page has no widget tag of its own, only a
 * container script (/tag-manager.js, a stand-in for Google Tag Manager) that fires a Custom
 * HTML tag holding the snippet after the page's load event, as GTM does.
 */
export function renderTagManagerPage(options: {
  company: { companyId: string; botId: string; name?: string; brandColor?: string | undefined };
  widgetOrigin: string;
}): SafeHtml {
  return html`<!doctype html>
<html lang="en">
<head>
${head("A page that adds the widget through Tag Manager", ["/site.css"])}
<script async src="/tag-manager.js"></script>
</head>
<body>
<h1>Lawn care, with the widget added by Tag Manager</h1>
<p>This page's markup has no widget tag: the tag manager adds it after the page has loaded.</p>
<template id="gtm-custom-html">
${loaderTag(options.widgetOrigin, options.company)}
</template>
</body>
</html>
`;
}
