// The front page of a stand-in origin (measuring tool, card vault, CRM payment frame):
// says what third party it replaces, so a developer who opens it knows where they are.
import { html, type SafeHtml } from "../../server/pages/html.ts";

export interface StandIn {
  /** Short role used in URLs and health answers: measure, vault, crm. */
  role: string;
  title: string;
  description: string;
}

export function renderStandInPage(standIn: StandIn): SafeHtml {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${standIn.title} (demo stand-in)</title>
</head>
<body>
<h1>${standIn.title}</h1>
<p>${standIn.description}</p>
<p>This origin is a local stand-in for a third-party service, running on its own port so
that the widget talks to it across origins exactly as it would in production.</p>
</body>
</html>
`;
}
