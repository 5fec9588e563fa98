type Handler = (args: {
  request: Request;
  params: Record<string, string>;
  context: Record<string, unknown>;
}) => unknown;

/** Calls a loader or action as Remix would, turning a thrown Response into the answer. */
export async function call(
  handler: Handler,
  path: string,
  init: {
    method?: string;
    json?: unknown;
    body?: string;
    token?: string;
    cookie?: string;
    ip?: string;
    params?: Record<string, string>;
    /** Extra request headers (Origin, Sec-Fetch-Site, Content-Type…); set after the others. */
    headers?: Record<string, string>;
  } = {},
): Promise<Response> {
  const headers = new Headers();
  if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
  if (init.cookie) headers.set("Cookie", init.cookie);
  let body: string | undefined = init.body;
  if (init.json !== undefined) {
    body = JSON.stringify(init.json);
    headers.set("Content-Type", "application/json");
  }
  for (const [name, value] of Object.entries(init.headers ?? {})) headers.set(name, value);
  const request = new Request(`http://localhost${path}`, {
    method: init.method ?? "GET",
    headers,
    body,
  });
  let response: Response;
  try {
    const result = await handler({
      request,
      params: init.params ?? {},
      context: { clientIp: init.ip ?? "127.0.0.1" },
    });
    response = result instanceof Response ? result : Response.json(result);
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    response = thrown;
  }
  // Every /api answer is checked against the OpenAPI document (ADR 0052).
  if (path.startsWith("/api/"))
    await (await import("./contract")).checkAgainstContract(request.method, path, response);
  return response;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever shape each endpoint returns
type AnyData = any;

export async function envelope(response: Response) {
  return (await response.json()) as {
    success: boolean;
    data: AnyData;
    message: string;
    errors?: Record<string, string[]>;
  };
}
