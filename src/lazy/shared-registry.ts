// The page-wide registry through which a lazily loaded chunk reaches the main bundle: the
// bundle's own React, react-dom, ky, valibot... (one instance each, or hooks and instanceof
// break), and the function a chunk calls once it has run. build.mjs links the chunk to it.
const REGISTRY_KEY = Symbol.for("quote-assistant.shared");

export interface SharedRegistry {
  /** Which build filled it: a chunk built with another one must not run against it. */
  readonly linkId: string;
  /** Module exports by key: a package name ("react") or a source path ("src/pricing/currency.ts"). */
  readonly modules: Readonly<Record<string, unknown>>;
  /** Called by a chunk's script as it runs, with what it offers. */
  register(name: string, exports: unknown): void;
}

type RegistryHolder = { [REGISTRY_KEY]?: SharedRegistry };

const registered = new Map<string, unknown>();

/**
 * Fills the registry (main bundle, at start). The first copy of the bundle on a page keeps it:
 * that copy is the one whose element is defined, so its chunks must share its modules.
 */
export function installSharedRegistry(linkId: string, modules: Readonly<Record<string, unknown>>, holder: object = globalThis): boolean {
  if ((holder as RegistryHolder)[REGISTRY_KEY]) return false;
  const registry: SharedRegistry = {
    linkId,
    modules,
    register: (name, exports) => void registered.set(name, exports),
  };
  // Not enumerable, not writable: invisible to the host page's globals scans, and kept.
  Object.defineProperty(holder, REGISTRY_KEY, { value: Object.freeze(registry) });
  return true;
}

/** What a chunk registered under this name, once its script has run. */
export function registeredChunk(name: string): unknown {
  return registered.get(name);
}

/** The registry, for a chunk; throws when it is missing or was filled by another build. */
export function readSharedRegistry(linkId?: string, holder: object = globalThis): SharedRegistry {
  const registry = (holder as RegistryHolder)[REGISTRY_KEY];
  if (!registry) throw new Error("[quote-assistant] the widget bundle has not started: no shared modules");
  if (linkId !== undefined && registry.linkId !== linkId) {
    throw new Error(`[quote-assistant] this chunk was built for widget build ${linkId}, the page runs ${registry.linkId}`);
  }
  return registry;
}

/** Called by a chunk's entry: hands its exports to the bundle that loaded it. */
export function registerChunk(name: string, exports: unknown, holder: object = globalThis): void {
  readSharedRegistry(undefined, holder).register(name, exports);
}
