// A tiny HTTP client over node:http. The unit-test setup installs happy-dom's window as the
// global scope, whose fetch applies browser CORS rules; these tests need raw responses.
import { request } from "node:http";

export interface RawResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string | undefined>;
  body: string;
}

export interface RequestInit {
  method?: string;
  headers?: Record<string, string>;
  /** Sent as is. */
  body?: string;
}

export function httpRequest(url: string, init: RequestInit = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method ?? "GET", headers: init.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const headers: Record<string, string | undefined> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          headers[name] = Array.isArray(value) ? value.join(", ") : value;
        }
        resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString("utf8") });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(init.body);
  });
}

export async function getJson(url: string): Promise<{ status: number; headers: RawResponse["headers"]; json: unknown }> {
  const response = await httpRequest(url);
  return { status: response.status, headers: response.headers, json: JSON.parse(response.body) as unknown };
}

/** POSTs `body` as JSON (a string is sent as is, to test malformed bodies) and parses the answer. */
export async function postJson(url: string, body: unknown): Promise<{ status: number; headers: RawResponse["headers"]; json: unknown }> {
  const response = await httpRequest(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, json: JSON.parse(response.body) as unknown };
}
