// The settings: alert e-mails (owner only), the team and invitations, sign-out everywhere.
import { useEffect, useState, type FormEvent } from "react";
import type { ConsoleWords } from "../../i18n/console-words.ts";
import type { Me } from "../../contract/console.ts";
import type { Language } from "../../i18n/language-tags.ts";
import { AcceptedSchema, AlertSettingsSchema, StaffListSchema } from "../../contract/console.ts";
import { call } from "../api/client.ts";
import { Section } from "../shared/common.tsx";

const EVENTS = ["lead", "objection", "purchase", "booking"] as const;

export function Settings({ t, lang, me, onSignOutEverywhere }: { t: ConsoleWords; lang: Language; me: Me; onSignOutEverywhere: () => void }) {
  const [emails, setEmails] = useState("");
  const [events, setEvents] = useState<string[]>([]);
  const [staff, setStaff] = useState<Array<{ id: string; email: string; role: string }>>([]);
  const [invite, setInvite] = useState({ email: "", role: "staff" });
  const [said, setSaid] = useState("");
  const owner = me.role === "owner";
  const loadStaff = () => call(StaffListSchema, "staff").then((answer) => setStaff(answer.staff));
  useEffect(() => {
    void call(AlertSettingsSchema, "settings").then((settings) => {
      setEmails(settings.alertEmails.join("\n"));
      setEvents(settings.alertEvents);
    });
    void loadStaff();
  }, []);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const alertEmails = emails.split(/[\s,;]+/).filter(Boolean);
    await call(AcceptedSchema, "settings", { json: { alertEmails, alertEvents: events } }).then(
      () => setSaid(t.saved),
      () => setSaid(t.failed),
    );
  };
  const sendInvite = async (event: FormEvent) => {
    event.preventDefault();
    await call(AcceptedSchema, "staff", { json: { ...invite, lang } }).then(
      async () => {
        setInvite({ email: "", role: "staff" });
        setSaid(t.invited);
        await loadStaff();
      },
      () => setSaid(t.failed),
    );
  };
  const remove = async (id: string) => {
    await call(AcceptedSchema, `staff/${encodeURIComponent(id)}/remove`, { json: {} }).then(loadStaff, () => setSaid(t.failed));
  };
  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title">{t.settings}</h1>
      <p role="status">{said}</p>
      <Section title={t.alerts}>
        {!owner && <p>{t.ownersOnly}</p>}
        <form onSubmit={(event) => void save(event)}>
          <label htmlFor="alert-emails">{t.alertAddresses}</label>
          <textarea id="alert-emails" rows={3} value={emails} disabled={!owner} onChange={(event) => setEmails(event.target.value)} />
          <fieldset disabled={!owner}>
            <legend>{t.alertEvents}</legend>
            {EVENTS.map((name) => (
              <label key={name} className="check">
                <input
                  type="checkbox"
                  checked={events.includes(name)}
                  onChange={(event) => setEvents((list) => (event.target.checked ? [...list, name] : list.filter((item) => item !== name)))}
                />
                {t[`event_${name}`]}
              </label>
            ))}
          </fieldset>
          <button type="submit" disabled={!owner}>
            {t.save}
          </button>
        </form>
      </Section>
      <Section title={t.team}>
        <ul className="team">
          {staff.map((member) => (
            <li key={member.id}>
              {member.email} · {member.role === "owner" ? t.role_owner : t.role_staff}
              {owner && member.email !== me.email && (
                <button type="button" className="link" onClick={() => void remove(member.id)}>
                  {t.remove} <span className="sr-only">{member.email}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
        {owner && (
          <form className="inline-form" onSubmit={(event) => void sendInvite(event)}>
            <label htmlFor="invite-email">{t.email}</label>
            <input id="invite-email" type="email" required value={invite.email} onChange={(event) => setInvite((i) => ({ ...i, email: event.target.value }))} />
            <label htmlFor="invite-role">{t.role}</label>
            <select id="invite-role" value={invite.role} onChange={(event) => setInvite((i) => ({ ...i, role: event.target.value }))}>
              <option value="staff">{t.role_staff}</option>
              <option value="owner">{t.role_owner}</option>
            </select>
            <button type="submit">{t.invite}</button>
          </form>
        )}
      </Section>
      <p>
        <button type="button" onClick={onSignOutEverywhere}>
          {t.signOutEverywhere}
        </button>
      </p>
    </section>
  );
}
