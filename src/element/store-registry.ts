// One Jotai store per <quote-assistant> element, so two elements on a page never share state.
// Created with the element, before React mounts, so host commands can land at any time.
import { createStore } from "jotai/vanilla";
import type { Store } from "../state/conversation.ts";

const stores = new WeakMap<Element, Store>();

export function storeFor(element: Element): Store {
  let store = stores.get(element);
  if (!store) {
    store = createStore();
    stores.set(element, store);
  }
  return store;
}
