// Stripe Elements refuse to mount inside a shadow root (stripe-js issues 399 and 662): the
// field mounts in a light-DOM child of the <quote-assistant> host, and a <slot> of that name
// in our shadow DOM shows it where the form wants it.
let counter = 0;

export interface LightDomSlot {
  /** The light-DOM element to mount into. */
  element: HTMLElement;
  remove(): void;
}

/** Without a host (no shadow root) the container itself is used. */
export function createLightDomSlot(host: HTMLElement | null, container: HTMLElement, prefix: string): LightDomSlot {
  if (!host || !host.shadowRoot || !host.shadowRoot.contains(container)) {
    const element = container.ownerDocument.createElement("div");
    container.appendChild(element);
    return { element, remove: () => element.remove() };
  }
  const name = `${prefix}-${++counter}`;
  const element = host.ownerDocument.createElement("div");
  element.slot = name;
  element.className = "qa-light-slot";
  host.appendChild(element);
  const slot = container.ownerDocument.createElement("slot");
  slot.name = name;
  container.appendChild(slot);
  return {
    element,
    remove: () => {
      element.remove();
      slot.remove();
    },
  };
}
