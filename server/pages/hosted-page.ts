// The hosted page of SPEC §2 'Route' (widget origin): the widget alone, full page. The
// element carries no company/bot attributes on purpose: the widget reads the pair from
// the path (or uses the built-in default pair) and its flags from the query string.
import { html, type SafeHtml } from "./html.ts";
import { DEV_ORIGINS_META } from "../../demo-site/pages/host-pages.ts";

export function renderHostedPage({ title }: { title: string }): SafeHtml {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
${DEV_ORIGINS_META}
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
