// Ties one element's store to the outside world: loads the configuration, starts the
// conversation when the chat first opens, and tells the host page what happened.
import { createApiClient } from "../api/client.ts";
import type { QueryFlags } from "../config/query-flags.ts";
import { configStatusAtom, customerAtom, openAtom, queryFlagsAtom } from "./atoms.ts";
import type { Clock } from "./clock.ts";
import { createConversation, type Conversation, type Store } from "./conversation.ts";
import { loadConfig } from "./load-config.ts";

export type WidgetMode = "bubble" | "inline";

export interface WidgetSetup {
  store: Store;
  host: HTMLElement;
  company: string;
  bot: string;
  apiBase: string;
  mode: WidgetMode;
  flags: QueryFlags;
  clock: Clock;
}

export type HostEventName = "ready" | "open" | "close";

export interface WidgetController {
  conversation: Conversation;
  setOpen(open: boolean): void;
  /** Runs once the view has painted: loads the configuration, wires events. Returns a cleanup. */
  connect(): () => void;
  emit(name: HostEventName, detail?: Record<string, unknown>): void;
}

export function createWidgetController(setup: WidgetSetup): WidgetController {
  const { store, host, flags } = setup;
  const conversation = createConversation(store, setup.clock);
  const api = createApiClient({ baseUrl: setup.apiBase, preview: flags.preview, onboarding: flags.onboarding });

  store.set(queryFlagsAtom, flags);
  // Query flags first; a host page's prefill (already in the store) wins over them.
  store.set(customerAtom, (prefilled) => ({ ...flags.customer, ...prefilled }));

  const emit: WidgetController["emit"] = (name, detail = {}) => {
    host.dispatchEvent(
      new CustomEvent(`quote-assistant:${name}`, {
        bubbles: true,
        composed: true,
        detail: { company: setup.company, bot: setup.bot, ...detail },
      }),
    );
  };

  const startWhenReady = () => {
    const visible = setup.mode === "inline" || store.get(openAtom);
    if (visible && store.get(configStatusAtom).status === "ready") conversation.start();
  };

  return {
    conversation,
    emit,
    setOpen(open) {
      store.set(openAtom, open);
    },
    connect() {
      let lastOpen = store.get(openAtom);
      const unsubscribeOpen = store.sub(openAtom, () => {
        const open = store.get(openAtom);
        if (open !== lastOpen) emit(open ? "open" : "close");
        lastOpen = open;
        startWhenReady();
      });
      const unsubscribeConfig = store.sub(configStatusAtom, startWhenReady);
      void loadConfig(store, api, { company: setup.company, bot: setup.bot, onboarding: flags.onboarding });
      emit("ready");
      if (lastOpen) emit("open");
      return () => {
        unsubscribeOpen();
        unsubscribeConfig();
      };
    },
  };
}
