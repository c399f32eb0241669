// The text-message port (issue 34): follow-up texts to homeowners who left a quote. Twilio's
// Programmable Messaging first (server/adapters/twilio.ts); the demo's text sink stands in for
// it (demo-site/text-sink/). Off when not configured: then no consent box, e-mail follow-ups only.

export interface SmsMessage {
  /** E.164, "+16145550123". */
  to: string;
  body: string;
  /** Where the provider reports delivery (POST /v1/sms/twilio/status on our public origin). */
  statusCallback?: string;
  /**
   * Text the body carries that is this message's alone and the same on every attempt (a
   * follow-up's resume link): how findSent recognises an earlier attempt the provider took.
   */
  marker?: string;
}

export interface SmsPort {
  /** For the start-up log: "twilio", "demo text sink", "off". */
  readonly name: string;
  readonly live: boolean;
  /** The sender, E.164; "" when off. */
  readonly from: string;
  /** Sends one text; throws SmsSendError when the provider refuses or cannot be reached. */
  send(message: SmsMessage): Promise<{ id: string }>;
  /**
   * The provider's id of a message to `message.to` carrying `message.marker`, created since
   * `since`, or undefined when there is none. A send that timed out may still have been taken
   * (the provider has no idempotency key for texts): a retry asks this first, so the
   * homeowner never gets the text twice. Throws SmsSendError (retryable) when it cannot tell.
   * A port without it is one whose sends cannot end unknown (the demo's text sink, in process).
   */
  findSent?(message: SmsMessage, since: Date): Promise<{ id: string } | undefined>;
}

/** A refused or failed send: `retryable` for 429, 5xx and network failures; not for a bad number or an opted-out recipient. */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    /** The provider's own error code, when it gave one (Twilio 21610: recipient replied STOP). */
    readonly code?: string,
  ) {
    super(message);
    this.name = "SmsSendError";
  }
}

export const SMS_OFF: SmsPort = {
  name: "off",
  live: false,
  from: "",
  send: () => Promise.reject(new SmsSendError("texts are not configured", false)),
};
