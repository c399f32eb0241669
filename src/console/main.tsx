// The company's console (issue 24): its own entry (dist/console.js), never part of the widget.
// Sign-in by e-mailed link, then the inbox (polled every 10 s), a lead's page, the funnel, the
// settings and the pages of pages.tsx. Hash routes (#/, #/leads/<id>, #/funnel, #/settings) keep
// the page one file the server serves under a strict CSP; every write sends the session's CSRF
// token (api.ts). This file only mounts the shell (app.tsx).
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app.tsx";

const root = document.getElementById("console-root");
if (root) {
  root.textContent = "";
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}