// The demo's simulated ServMan account per demo company (the CRM port's servmanAccount,
// demo-site/crm/simulated-crm.ts): branches, service categories and their problems (some
// booked online, some followed up by the office, one category with none), and technicians
// with their service windows per weekday.
import type { ServiceWindow, ServmanCatalog } from "../../server/servman/catalog.ts";

const WINDOWS: ServiceWindow[] = [
  { id: 1, description: "8:00 AM - 10:00 AM", startMinutes: 8 * 60 },
  { id: 2, description: "10:00 AM - 12:00 PM", startMinutes: 10 * 60 },
  { id: 3, description: "1:00 PM - 3:00 PM", startMinutes: 13 * 60 },
  { id: 4, description: "3:00 PM - 5:00 PM", startMinutes: 15 * 60 },
];

const WEEKDAY_WINDOWS = [1, 2, 3, 4];

const CATALOGS: Record<string, ServmanCatalog> = {
  "bugbusters-pest": {
    branches: ["SM-BR1"],
    categories: [
      {
        id: 1,
        name: "Ants",
        problems: [
          { id: 101, name: "Ants in the kitchen or bathroom", allowScheduling: true, contract: "any" },
          { id: 102, name: "Fire ant mounds in the yard", allowScheduling: true, contract: "any" },
          { id: 103, name: "Carpenter ants (inspection first)", allowScheduling: false, contract: "any" },
        ],
      },
      {
        id: 2,
        name: "Rodents",
        problems: [
          { id: 201, name: "Mice or rats inside the home", allowScheduling: true, contract: "any" },
          { id: 202, name: "Sealing entry points", allowScheduling: false, contract: "any" },
        ],
      },
      {
        id: 3,
        name: "Stinging insects",
        problems: [
          { id: 301, name: "Wasp or hornet nest", allowScheduling: true, contract: "any" },
          { id: 302, name: "Bees inside a wall", allowScheduling: false, contract: "any" },
        ],
      },
      // Termite work starts with an inspection the office arranges: nothing to choose online.
      { id: 4, name: "Termites", problems: [] },
      {
        id: 5,
        name: "My service agreement",
        problems: [
          { id: 501, name: "Pests are back since my last treatment", allowScheduling: true, contract: "agreement" },
          { id: 502, name: "Add a service to my agreement", allowScheduling: false, contract: "agreement" },
        ],
      },
    ],
    windows: WINDOWS,
    technicians: [
      {
        id: 7,
        name: "Maria Lopez",
        windows: { Monday: WEEKDAY_WINDOWS, Tuesday: WEEKDAY_WINDOWS, Wednesday: WEEKDAY_WINDOWS, Thursday: WEEKDAY_WINDOWS, Friday: WEEKDAY_WINDOWS },
      },
      { id: 8, name: "Dev Patel", windows: { Monday: [1, 2, 3], Wednesday: [1, 2, 3], Friday: [1, 2, 3], Saturday: [1, 2] } },
    ],
    standing: {
      // Quarterly route days: every window of every technician is taken.
      fullDaysOfMonth: [10, 20, 30],
      // Maria's early window on Tuesdays and Thursdays belongs to a standing commercial client.
      weekly: [
        { employeeId: 7, windowId: 1, day: "Tuesday" },
        { employeeId: 7, windowId: 1, day: "Thursday" },
      ],
    },
  },
};

/** The simulated ServMan account of a company, or undefined when it has none. */
export function findServmanCatalog(companyId: string): ServmanCatalog | undefined {
  return Object.hasOwn(CATALOGS, companyId) ? CATALOGS[companyId] : undefined;
}
