// Serves one Hono app as one HTTP server on 127.0.0.1 (one origin, one port).
import { getRequestListener } from "@hono/node-server";
import { createServer, type Server } from "node:http";
import type { Hono } from "hono";

export class PortInUseError extends Error {
  override name = "PortInUseError";
  constructor(readonly port: number) {
    super(`port ${port} is in use`);
  }
}

export function listen(app: Hono, port: number): Promise<Server> {
  const server = createServer(getRequestListener(app.fetch));
  return new Promise((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      reject(error.code === "EADDRINUSE" ? new PortInUseError(port) : error);
    });
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}

/** Stops accepting and drops open connections (a browser keeps idle ones alive for minutes). */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}
