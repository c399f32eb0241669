// The free time windows of a day, worked out from the catalog's technicians, the standing
// bookings and the bookings made through the API. Pure: the date and what is booked are
// passed in, and nothing depends on the clock.
import { weekdayOf, type Weekday } from "../../src/flow/scheduling.ts";
import type { ServmanSlot } from "../../src/contract/servman-schedule.ts";
import type { ServmanCatalog, ServiceWindow } from "./catalog.ts";

export interface BookedWindow {
  employeeId: number;
  serviceWindowId: number;
}

/** Days from 0001-01-01 to 1970-01-01 (proleptic Gregorian), for .NET ticks. */
const DAYS_TO_EPOCH = 719_162n;
const TICKS_PER_MINUTE = 600_000_000n;

/** .NET ticks (100 ns since 0001-01-01) of a window's start on a day, as the slot carries them. */
export function ticksFor(date: string, startMinutes: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const utc = new Date(0);
  utc.setUTCFullYear(year, month - 1, day);
  const days = BigInt(Math.round(utc.getTime() / 86_400_000)) + DAYS_TO_EPOCH;
  return String((days * 1440n + BigInt(startMinutes)) * TICKS_PER_MINUTE);
}

function isStanding(catalog: ServmanCatalog, date: string, day: Weekday, employeeId: number, windowId: number): boolean {
  if (catalog.standing.fullDaysOfMonth.includes(Number(date.slice(8, 10)))) return true;
  return catalog.standing.weekly.some((b) => b.day === day && b.employeeId === employeeId && b.windowId === windowId);
}

/** Whether a technician works a window on a day and nobody has it yet. */
export function isWindowFree(catalog: ServmanCatalog, date: string, employeeId: number, windowId: number, booked: readonly BookedWindow[]): boolean {
  const day = weekdayOf(date);
  const technician = catalog.technicians.find((t) => t.id === employeeId);
  if (!technician?.windows[day]?.includes(windowId)) return false;
  if (isStanding(catalog, date, day, employeeId, windowId)) return false;
  return !booked.some((b) => b.employeeId === employeeId && b.serviceWindowId === windowId);
}

export function findWindow(catalog: ServmanCatalog, windowId: number): ServiceWindow | undefined {
  return catalog.windows.find((w) => w.id === windowId);
}

/**
 * Every free slot of the day, by window start then technician. A window two technicians
 * have free appears twice (as ServMan answers); the widget shows it once.
 */
export function freeSlots(catalog: ServmanCatalog, date: string, booked: readonly BookedWindow[]): ServmanSlot[] {
  const day = weekdayOf(date);
  const slots: ServmanSlot[] = [];
  for (const window of [...catalog.windows].sort((a, b) => a.startMinutes - b.startMinutes)) {
    for (const technician of [...catalog.technicians].sort((a, b) => a.id - b.id)) {
      if (!isWindowFree(catalog, date, technician.id, window.id, booked)) continue;
      slots.push({
        employee_id: technician.id,
        service_window_id: window.id,
        service_window_desc: window.description,
        datetime_ticks: ticksFor(date, window.startMinutes),
        date,
        day,
      });
    }
  }
  return slots;
}

/** The day a slot's ticks fall on, and the minutes after midnight. */
export function readTicks(ticks: string): { date: string; minutes: number } | null {
  const value = BigInt(ticks);
  if (value % TICKS_PER_MINUTE !== 0n) return null;
  const totalMinutes = value / TICKS_PER_MINUTE;
  const days = totalMinutes / 1440n - DAYS_TO_EPOCH;
  const date = new Date(Number(days) * 86_400_000);
  if (Number.isNaN(date.getTime())) return null;
  const iso = `${String(date.getUTCFullYear()).padStart(4, "0")}-${String(date.getUTCMonth() + 1).padStart(2, "0")}-${String(date.getUTCDate()).padStart(2, "0")}`;
  return { date: iso, minutes: Number(totalMinutes % 1440n) };
}
