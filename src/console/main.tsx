// The company's console (issue 24): its own app and entry (dist/console.js, a row of
// shipped-files.mjs), never part of the widget. Sign-in by e-mailed link, then the inbox (polled
// every 10 s), a lead's page, the funnel, the settings and the pages of shell/pages.tsx. Hash
// routes (#/, #/leads/<id>, #/funnel, #/settings) keep the page one file the server serves under
// a strict CSP. Organised by feature: shell/ (sign-in, header, routes), inbox/, leads/, funnel/,
// settings/, bot/, builder/; shared/ (formats, small pieces) and api/ (the one client of
// /console/api/*, reading every answer through src/contract's schemas, and the CSRF token).
// Words: src/i18n/<lang>/console*.ts. This file only mounts the shell (shell/app.tsx).
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./shell/app.tsx";

const root = document.getElementById("console-root");
if (root) {
  root.textContent = "";
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}