// The card vault provider's browser API, as the widget uses it (SPEC §7: the provider script,
// loaded from its production or sandbox host, tokenizes card fields it renders in its own
// iframes and returns a transactionId or an error). The demo's stand-in implements exactly this.

/** What one secure field reports; never its value. */
export interface SecureFieldState {
  valid: boolean;
  empty: boolean;
}

export interface SecureFieldsState {
  number: SecureFieldState;
  cvv: SecureFieldState;
}

export type VaultTokenizeResult = { transactionId: string } | { error: string };

export interface SecureFields {
  /** Sends the card (inside the provider's frames) with our expiry; resolves with the vault's answer. */
  tokenize(details: { expiryMonth: number; expiryYear: number }): Promise<VaultTokenizeResult>;
  /** Removes the provider's iframes and listeners. */
  destroy(): void;
}

export interface SecureFieldsOptions {
  /** The merchant id: the company's live one on the production host, its test one on the sandbox. */
  merchantId: string;
  /** Elements the provider fills with its iframes (the card number, the cvv). */
  containers: { number: HTMLElement; cvv: HTMLElement };
  /** Accessible names for the provider's frames. */
  labels?: { number: string; cvv: string };
  onChange(state: SecureFieldsState): void;
  onReady?(): void;
  /** The provider's own error text (an unknown merchant, a frame that failed to load). */
  onError?(message: string): void;
}

export interface CardVaultApi {
  createSecureFields(options: SecureFieldsOptions): SecureFields;
}

declare global {
  interface Window {
    CardVault?: CardVaultApi;
  }
}
