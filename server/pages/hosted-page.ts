// The hosted page of SPEC §2 'Route' (widget origin): the widget alone, full page. The
// element carries no company/bot attributes on purpose: the widget reads the pair from
// the path (or uses the built-in default pair) and its flags from the query string.
import { html, type SafeHtml } from "./html.ts";

/**
 * Lets the widget accept http://localhost URLs in a configuration (the demo's stand-ins). Only
 * the demo's pages carry it; a company's hosted page never does.
 */
export const DEV_ORIGINS_META = html`<meta name="quote-assistant-dev-origins" content="loopback">`;

export function renderHostedPage({ title, devOrigins = false }: { title: string; devOrigins?: boolean }): SafeHtml {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
${devOrigins ? DEV_ORIGINS_META : ""}
<title>${title}</title>
<style>html,body{margin:0;height:100%}quote-assistant{display:block;height:100vh;height:100dvh;--qa-radius:0}</style>
<script async src="/dist/quote-assistant.js"></script>
</head>
<body>
<quote-assistant mode="inline"></quote-assistant>
</body>
</html>
`;
}
