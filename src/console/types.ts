// The console's shapes, as /console/api/* answers them.
import type { LawnOutline } from "../contract/lawn-outline.ts";
export interface Me {
  email: string;
  role: "owner" | "staff";
  companyId: string;
  companyName: string;
  csrfToken: string;
}
export type Status = "started" | "priced" | "checkout" | "paid" | "booked" | "thinking" | "stopped";
export interface Lead {
  quoteId: string;
  createdAt: string;
  status: Status;
  lastStepId: string | null;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  email: string | null;
  address: string;
  serviceTypes: string[];
  amount: { value: string; currency: string; paid: boolean } | null;
  source: string;
  attribution: Record<string, string> | null;
  staffStatus: "new" | "contacted" | "won" | "lost";
  resumeUrl: string | null;
}
export interface LeadDetail {
  lead: Lead;
  answers: Record<string, string>;
  conversation: { transcript: Array<{ id: number; from: "bot" | "visitor"; text: string }> } | null;
  prices: Array<{ id: string; serviceName: string; serviceType: string }>;
  payments: Array<{ status: string; amount: string; currency: string; paymentMethod: string; term: string; createdAt: string }>;
  objection: { reason: string | null; comments: string | null } | null;
  booking: { date: string; orderId: number } | null;
  /** The measuring tool's figure and the picture of the drawing, when the homeowner measured. */
  measurement: { value: number; units: string; image: string | null; outline: LawnOutline | null } | null;
  deliveries: Array<{ channel: string; to: string; eventType: string; state: string; attempts: number; lastError: string | null }>;
  notes: Array<{ id: number; author: string; body: string; createdAt: string }>;
  /** Texts and e-mails with the resume link (issue 34), by step; never their recipient. */
  followUps: FollowUp[];
}
export interface FollowUp {
  step: number;
  channel: "sms" | "email";
  state: "pending" | "sent" | "stopped" | "failed";
  dueAt: string;
  sentAt: string | null;
  /** The text's delivery as the provider reported it (Twilio: queued, sent, delivered, undelivered, failed). */
  deliveryStatus: string | null;
  /** Why it stopped or failed, in the server's words. */
  outcome: string | null;
}
export interface FunnelRow {
  source: string;
  opened: number;
  started: number;
  priced: number;
  checkout: number;
  won: number;
  stoppedAt: Array<{ stepId: string; count: number }>;
  /** Sales made after a follow-up of the quote was sent. */
  recovered: number;
  /** Their amount in `currency`, a decimal string (summed exactly). */
  recoveredAmount: string;
  currency: string;
}

