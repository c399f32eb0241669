// One ky instance per widget: base URL from the element (default: where the bundle came from),
// GETs retried, test traffic marked, no credentials (the API is public, CORS `*`).
import ky, { type KyInstance } from "ky";

export interface ApiClientOptions {
  baseUrl: string;
  /** Preview and onboarding visits are test traffic: every call says so. */
  preview: boolean;
  onboarding: boolean;
  timeoutMs?: number;
}

export type ApiClient = KyInstance;

export function createApiClient(options: ApiClientOptions): ApiClient {
  const searchParams: Record<string, string> = {};
  if (options.preview) searchParams.preview = "true";
  if (options.onboarding) searchParams.onboarding = "true";
  return ky.create({
    prefixUrl: options.baseUrl.replace(/\/+$/, ""),
    timeout: options.timeoutMs ?? 15_000,
    credentials: "omit",
    retry: { limit: 2, methods: ["get"], statusCodes: [408, 429, 500, 502, 503, 504] },
    searchParams,
  });
}

/** Why a call failed, in words for the console (never shown raw to the visitor). */
export async function describeFailure(error: unknown): Promise<string> {
  if (error && typeof error === "object" && "response" in error) {
    const response = (error as { response: Response }).response;
    let detail = "";
    try {
      const body = (await response.clone().json()) as { message?: unknown };
      if (typeof body.message === "string") detail = `: ${body.message}`;
    } catch {
      // Not JSON: the status says enough.
    }
    return `HTTP ${response.status} from ${response.url}${detail}`;
  }
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
