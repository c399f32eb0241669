// The console's shell: sign-in, the header with its pages (pages.tsx) and the hash routing.
import { useEffect, useState } from "react";
import { CONSOLE_WORDS } from "../../i18n/console-words.ts";
import type { Me } from "../../contract/console.ts";
import { languageOf, type Language } from "../../i18n/language-tags.ts";
import { AcceptedSchema, MeSchema } from "../../contract/console.ts";
import { call } from "../api/client.ts";
import { forgetCsrfToken, keepCsrfToken } from "../api/csrf.ts";
import { LangPicker } from "../shared/common.tsx";
import { SignIn } from "./sign-in.tsx";
import { LeadPage } from "../leads/lead-page.tsx";
import { pageFor, pages } from "./pages.tsx";

function useHashRoute(): string {
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const changed = () => setHash(location.hash);
    addEventListener("hashchange", changed);
    return () => removeEventListener("hashchange", changed);
  }, []);
  return hash;
}

export function App() {
  const [lang, setLang] = useState<Language>(() => languageOf(sessionStorage.getItem("console-lang") ?? navigator.language) ?? "en");
  const words = CONSOLE_WORDS[lang];
  const t = words.console;
  const [me, setMe] = useState<Me | null | undefined>(undefined);
  const [linkFailed, setLinkFailed] = useState(false);
  const route = useHashRoute();

  useEffect(() => {
    document.documentElement.lang = lang;
    sessionStorage.setItem("console-lang", lang);
  }, [lang]);

  // A sign-in link's token, on arrival or when the link is opened in a tab already on the console.
  const token = /^#sign-in=([\w-]+)$/.exec(route)?.[1];
  useEffect(() => {
    const signedIn = (who: Me) => {
      keepCsrfToken(who.csrfToken);
      setLinkFailed(false);
      setMe(who);
    };
    if (token) {
      // The token leaves the address bar before anything else happens.
      history.replaceState(null, "", "/console/#/");
      call(MeSchema, "session", { json: { token }, signedOut: true })
        .then(signedIn)
        .catch(() => {
          setLinkFailed(true);
          setMe(null);
        });
      return;
    }
    if (me !== undefined) return;
    call(MeSchema, "me")
      .then(signedIn)
      .catch(() => setMe(null));
  }, [token]);

  useEffect(() => {
    document.title = `${me ? `${me.companyName} · ` : ""}${t.title}`;
  }, [me, t]);

  if (me === undefined) return <p className="loading">{t.loading}</p>;
  if (me === null) return <SignIn t={t} linkFailed={linkFailed} lang={lang} setLang={setLang} />;

  const signOut = async (everywhere: boolean) => {
    await call(AcceptedSchema, everywhere ? "sign-out-everywhere" : "sign-out", { json: {} }).catch(() => undefined);
    forgetCsrfToken();
    setMe(null);
  };
  const leadId = /^#\/leads\/([^/]+)$/.exec(route)?.[1];
  const current = leadId ? pages[0]! : pageFor(route);
  const owner = me.role === "owner";
  const Page = current.component;
  return (
    <>
      <a className="skip" href="#main">
        {t.skipToContent}
      </a>
      <header className="top">
        <p className="brand">
          <strong>{me.companyName}</strong> <span className="who">{me.email}</span>
        </p>
        <nav aria-label={t.title}>
          {pages
            .filter((page) => owner || !page.ownerOnly)
            .map((page) => (
              <a key={page.hash} href={page.hash} aria-current={page === current ? "page" : undefined}>
                {page.label(words)}
              </a>
            ))}
        </nav>
        <div className="account">
          <LangPicker lang={lang} setLang={setLang} t={t} />
          <button type="button" onClick={() => void signOut(false)}>
            {t.signOut}
          </button>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {leadId ? (
          <LeadPage t={t} lang={lang} quoteId={decodeURIComponent(leadId)} />
        ) : current.ownerOnly && !owner ? (
          <p role="alert">{t.ownersOnly}</p>
        ) : (
          <Page t={t} lang={lang} me={me} route={route} signOut={(everywhere) => void signOut(everywhere)} />
        )}
      </main>
    </>
  );
}
