// The sign-in page: an e-mailed link, single use, 15 minutes.
import { useState, type FormEvent } from "react";
import type { ConsoleWords } from "../../i18n/console-words.ts";
import type { Language } from "../../i18n/language-tags.ts";
import { AcceptedSchema } from "../../contract/console.ts";
import { call } from "../api/client.ts";
import { LangPicker } from "../shared/common.tsx";

export function SignIn({ t, linkFailed, lang, setLang }: { t: ConsoleWords; linkFailed: boolean; lang: Language; setLang: (lang: Language) => void }) {
  const [email, setEmail] = useState("");
  const [state, setState] = useState<"idle" | "sending" | "sent" | "failed">("idle");
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setState("sending");
    try {
      await call(AcceptedSchema, "sign-in", { json: { email, lang }, signedOut: true });
      setState("sent");
    } catch {
      setState("failed");
    }
  };
  return (
    <main id="main" className="sign-in">
      <LangPicker lang={lang} setLang={setLang} t={t} />
      <h1>{t.signInTitle}</h1>
      {linkFailed && <p role="alert">{t.linkFailed}</p>}
      <p>{t.signInHelp}</p>
      <form onSubmit={(event) => void submit(event)}>
        <label htmlFor="sign-in-email">{t.email}</label>
        <input id="sign-in-email" type="email" autoComplete="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
        <button type="submit" disabled={state === "sending"}>
          {t.sendLink}
        </button>
      </form>
      <p role="status">{state === "sent" ? t.linkSent : state === "failed" ? t.failed : ""}</p>
    </main>
  );
}
