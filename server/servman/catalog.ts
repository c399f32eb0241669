// A ServMan account as the server schedules with it (the CRM port's servmanAccount,
// server/ports/crm.ts): branches, service categories and their problems (some booked online,
// some followed up by the office), and technicians with their service windows per weekday.
import type { Weekday } from "../../src/flow/scheduling.ts";

export interface ServiceWindow {
  id: number;
  /** What the visitor sees; two technicians' slots in the same window are one choice. */
  description: string;
  /** Minutes after midnight, company local time. */
  startMinutes: number;
}

export interface CatalogProblem {
  id: number;
  name: string;
  /** Booked online (a time window); otherwise the office follows the order up. */
  allowScheduling: boolean;
  /** Who may ask for it: agreement customers only, one-time customers only, or anyone. */
  contract: "agreement" | "one-time" | "any";
}

export interface CatalogCategory {
  id: number;
  name: string;
  problems: CatalogProblem[];
}

export interface Technician {
  id: number;
  name: string;
  /** Window ids the technician works, per weekday; a day not listed is a day off. */
  windows: Partial<Record<Weekday, number[]>>;
}

export interface ServmanCatalog {
  branches: string[];
  categories: CatalogCategory[];
  windows: ServiceWindow[];
  technicians: Technician[];
  /**
   * Standing bookings (regular customers' visits), by rule so any day of any year has them:
   * days of the month that are fully booked, and windows a technician always has taken on a
   * weekday.
   */
  standing: { fullDaysOfMonth: number[]; weekly: Array<{ employeeId: number; windowId: number; day: Weekday }> };
}

export function findProblem(catalog: ServmanCatalog, problemId: number): CatalogProblem | undefined {
  for (const category of catalog.categories) {
    const problem = category.problems.find((p) => p.id === problemId);
    if (problem) return problem;
  }
  return undefined;
}

/** The problems of a category that this customer may ask for (SPEC §7 contractRelated). */
export function problemsFor(category: CatalogCategory, contractRelated: boolean): CatalogProblem[] {
  return category.problems.filter((p) => p.contract === "any" || p.contract === (contractRelated ? "agreement" : "one-time"));
}
