// The widget's call (ky). The wire's schemas and types: src/contract/servman-problems.ts, shared with the server.
import { v } from "../flow/shared-pure.ts";
import type { ApiClient } from "./client.ts";
import { type ServmanProblem, type ServmanProblemsBody, ServmanProblemsSchema } from "../contract/servman-problems.ts";

/** The problems, or an empty list when the backend says there are none (404). */
export async function fetchServiceProblems(api: ApiClient, body: ServmanProblemsBody): Promise<ServmanProblem[]> {
  const response = await api.post("v1/servman/problems", { json: body, throwHttpErrors: false });
  if (response.status === 404) return [];
  if (!response.ok) throw new Error(`servman problems failed with HTTP ${response.status}`);
  return v.parse(ServmanProblemsSchema, await response.json()).data;
}
