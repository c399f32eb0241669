// An HTML page with extra headers, as a plain Response. Through @hono/node-server,
// c.html(body, status, headers) and c.header() + c.html() both send a second Content-Type
// (text/plain), and Chromium then shows the page as text.
export function htmlPage(body: string, headers: Record<string, string>): Response {
  return new Response(body, { status: 200, headers: { ...headers, "content-type": "text/html; charset=UTF-8" } });
}
