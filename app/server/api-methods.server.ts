import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import * as messages from "~/messages";
import { isRule, METHODS, ruleFor, type Access } from "./access";
import { apiRefuse } from "./refusal.server";

/**
 * The methods an /api resource answers, for its `Allow` header: the ones its `access` declares,
 * HEAD with GET (a HEAD is a GET without the body), and OPTIONS, which every resource answers.
 */
export function allowedMethods(access: Access): string[] {
  const declared = METHODS.filter((method) => ruleFor(access, method) !== undefined);
  const allowed: string[] = [];
  for (const method of declared) {
    allowed.push(method);
    if (method === "GET") allowed.push("HEAD");
  }
  return [...allowed, "OPTIONS"];
}

/** 405 in the envelope, with `Allow` when the resource's declaration is known. */
export function methodRefusal(access?: Access): Response {
  const response = apiRefuse("method_not_allowed", messages.api.methodNotAllowed);
  if (access) response.headers.set("Allow", allowedMethods(access).join(", "));
  return response;
}

type RouteModule = ServerBuild["routes"][string]["module"];
type Handler = NonNullable<RouteModule["loader"]>;
type HandlerArgs = Parameters<Handler>[0];

/**
 * The one gate of an /api resource's methods, in front of its loader and action: a method its
 * `access` does not declare is a 405 with `Allow` before any of its code runs, and OPTIONS is a
 * 204 with `Allow` (no CORS headers: the API is same-origin or bearer-token, ADR 0015).
 * Without it Remix answers a method a module has no handler for (DELETE on a loader-only route)
 * with its own `{"message":"Unexpected Server Error"}`, and OPTIONS runs the loader.
 */
function gated(module: RouteModule, access: Access): RouteModule {
  const gate =
    (handler: Handler | undefined): Handler =>
    (args: HandlerArgs) => {
      const { method } = args.request;
      if (method === "OPTIONS")
        return new Response(null, {
          status: 204,
          headers: { Allow: allowedMethods(access).join(", ") },
        });
      if (ruleFor(access, method) === undefined || !handler) return methodRefusal(access);
      return handler(args);
    };
  return { ...module, loader: gate(module.loader), action: gate(module.action) };
}

/** The methods a resource route without an action answers (robots.txt, the favicon, receipts). */
const READ_ONLY_METHODS = "GET, HEAD";

/**
 * A resource route outside /api that only reads: any other method is a 405 in pt-BR with
 * `Allow`. Without it Remix answers `{"message":"Unexpected Server Error"}` to a same-origin
 * POST to /robots.txt, and reports it as a server error.
 */
function readOnly(module: RouteModule): RouteModule {
  return {
    ...module,
    action: () =>
      new Response(messages.api.methodNotAllowed, {
        status: 405,
        headers: { Allow: READ_ONLY_METHODS, "Content-Type": "text/plain; charset=utf-8" },
      }),
  };
}

/** A route's URL pattern, from its own segment and its parents'. */
function fullPath(routes: ServerBuild["routes"], id: string): string {
  const segments: string[] = [];
  let route: ServerBuild["routes"][string] | undefined = routes[id];
  for (; route; route = route.parentId ? routes[route.parentId] : undefined)
    if (route.path) segments.unshift(route.path);
  return `/${segments.join("/")}`;
}

/**
 * The build every request handler of the app serves (the edge's and the tests'): each /api
 * resource that declares its methods one by one behind the method gate, and each other resource
 * route that only reads behind `readOnly`. A screen, or a catch-all declared by one rule
 * (`api.$`), is served as it is.
 */
export function withMethodGates(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const { module } = route;
    const access = (module as { access?: Access }).access;
    const isApi = fullPath(build.routes, id).startsWith("/api/");
    const isResource = !module.default;
    if (isApi && access && !isRule(access) && isResource)
      routes[id] = { ...route, module: gated(module, access) };
    else if (!isApi && isResource && module.loader && !module.action)
      routes[id] = { ...route, module: readOnly(module) };
    else routes[id] = route;
  }
  return { ...build, routes };
}

/** Remix's request handler for the app's build, behind the method gates: the edge's, and the tests'. */
export function appRequestHandler(build: ServerBuild, mode?: string) {
  return createRequestHandler(withMethodGates(build), mode);
}
