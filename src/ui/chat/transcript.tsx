// The conversation so far: the company splash, then the messages in a log region so screen
// readers announce each new bot message, then the typing indicator.
import { useAtomValue } from "jotai/react";
import { useLayoutEffect, useRef, type ReactNode } from "react";
import type { CompanyConfig } from "../../config/company-config.ts";
import { phoneLink } from "../../config/phone-format.ts";
import { flowStateAtom, runningTaskAtom, transcriptAtom, typingAtom } from "../../state/atoms.ts";
import { needsSquareFootage } from "../../flow/programs.ts";
import { programTypesAtom } from "../../state/quote-atoms.ts";
import { Calculating, calculatingVariant } from "./calculating.tsx";
import { AboutVideo } from "./about-video.tsx";
import { useWords } from "../shared/use-words.ts";

export function Transcript({ config }: { config: CompanyConfig }) {
  const w = useWords();
  const entries = useAtomValue(transcriptAtom);
  const typing = useAtomValue(typingAtom);
  const calculating = useAtomValue(runningTaskAtom) === "calculateQuote";
  const answers = useAtomValue(flowStateAtom)?.answers;
  const programs = useAtomValue(programTypesAtom);
  const scrollRef = useRef<HTMLDivElement>(null);
  const phone = phoneLink(config.companyPhone, config.currency);

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const toEnd = () => (el.scrollTop = el.scrollHeight);
    // At the end in the frame that shows the change: a ResizeObserver's first call comes after
    // that frame's layout (reading the height here forced one in the click that opens the chat,
    // about 30 ms at 4x CPU, issue 35). Then the log shrinks when a phone's keyboard opens (or the
    // answer area grows): the question being answered stays in view.
    const resized = new ResizeObserver(toEnd);
    resized.observe(el);
    return () => resized.disconnect();
  }, [entries.length, typing, calculating]);

  return (
    // The log itself scrolls, and is focusable so keyboard users can scroll back through it.
    <div className="qa-log" ref={scrollRef} role="log" aria-live="polite" aria-label={w.conversation} tabIndex={0}>
      <div className="qa-splash">
        {config.companyLogo && <img src={config.companyLogo} alt={`${config.companyName} logo`} />}
        <p className="qa-splash-name">{config.companyName}</p>
        {config.tagLine && <p className="qa-splash-tag">{config.tagLine}</p>}
      </div>
      <div className="qa-log-entries">
        {entries.map((entry, index) => {
          // The company's video only from its configuration, never a URL a saved transcript names.
          if (entry.image?.video) return entry.image.src === config.aboutUsVideo && <AboutVideo key={entry.id} src={entry.image.src} title={entry.image.alt} />;
          if (entry.image) return <img key={entry.id} className="qa-msg-image" src={entry.image.src} alt={entry.image.alt} />;
          const message = (
            <p key={entry.id} className={`qa-msg qa-msg-${entry.from}`}>
              <span className="qa-visually-hidden">{entry.from === "bot" ? `${config.botName}: ` : "You: "}</span>
              {entry.from === "bot" ? withCallLinks(entry.text, phone) : entry.text}
            </p>
          );
          if (entry.from !== "bot" || !config.companyAvatar) return message;
          // The company's avatar beside the first of the bot's messages in a row; the others
          // keep its room, so the run lines up.
          const first = entries[index - 1]?.from !== "bot";
          return (
            <div key={entry.id} className="qa-msg-row">
              {first ? <img className="qa-avatar" src={config.companyAvatar} alt="" /> : <span className="qa-avatar" />}
              {message}
            </div>
          );
        })}
      </div>
      {calculating && <Calculating config={config} variant={calculatingVariant(config, needsSquareFootage(answers ?? {}, programs))} />}
      {typing && !calculating && (
        <div className="qa-typing" aria-hidden="true" data-testid="typing">
          <span />
          <span />
          <span />
        </div>
      )}
    </div>
  );
}

/** The company's phone in a bot message ("Please call us at (614) 555-0100") as a call link. */
function withCallLinks(text: string, phone: { text: string; href: string } | null): ReactNode {
  if (!phone || !text.includes(phone.text)) return text;
  return text.split(phone.text).flatMap((part, index) =>
    index === 0
      ? [part]
      : [
          <a key={index} className="qa-msg-call" href={phone.href}>
            {phone.text}
          </a>,
          part,
        ],
  );
}
