// SPEC §3 'Selected-services record kept locally': which services the visitor switched on or
// off in the proposal, per quote, so a reload (or a refetch of prices) keeps the choice.
import { readRecord, writeRecord, type KeyValueStore } from "./safe-storage.ts";

const VERSION = 1;

export interface SelectedService {
  id: string;
  isUpsell: boolean;
  selected: boolean;
  serviceName: string;
  serviceType: string;
}

const isRecord = (data: unknown): data is SelectedService[] =>
  Array.isArray(data) &&
  data.every(
    (s) =>
      s && typeof s === "object" && typeof s.id === "string" && typeof s.selected === "boolean" && typeof s.serviceType === "string",
  );

export interface SelectedServicesStore {
  load(quoteId: string): SelectedService[];
  save(quoteId: string, services: SelectedService[]): void;
}

export function createSelectedServicesStore(store: KeyValueStore, companyId: string): SelectedServicesStore {
  const key = (quoteId: string) => `qa:selected:${companyId}:${quoteId}`;
  return {
    load: (quoteId) => readRecord(store, key(quoteId), VERSION, isRecord, true) ?? [],
    save: (quoteId, services) => writeRecord(store, key(quoteId), VERSION, services),
  };
}
