import { Form, Link, useNavigation, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import * as messages from "~/messages";
import type { CodeTeaser as TeaserView } from "~/schemas/search/teaser";

const m = messages.landing;

/** The query parameter the box sends: `/?teste=<code>`. */
export const TEST_PARAM = "teste";
/** The landing's index route, whose loader answers the box (ADR 0057). */
export const TEASER_ROUTE = "routes/_landing._index";

export type TeaserData = { teaser: TeaserView | null };

/** Sign-up that comes back to searching the code: the list the teaser leaves out. */
function signUpHref(code?: string) {
  if (!code) return "/register";
  const search = `/search?${new URLSearchParams({ q: code, type: "code" })}`;
  return `/register?${new URLSearchParams({ redirectTo: search })}`;
}

function SignUpLink({ code }: { code?: string }) {
  return (
    <Link to={signUpHref(code)} className="mt-2 inline-block font-semibold underline">
      {m.testCta}
    </Link>
  );
}

function TeaserAnswer({ teaser }: { teaser: TeaserView }) {
  if (teaser.status === "found")
    return (
      <div
        role="status"
        className="rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-left text-sm text-emerald-950"
        data-testid="teaser-found"
      >
        <p>{m.testFound(teaser.code)}</p>
        <p className="mt-1 text-base font-bold">
          {teaser.partName}
          {teaser.viaAlternative && (
            <span className="ml-1 text-sm font-normal">({m.testViaAlternative})</span>
          )}
        </p>
        <p>{m.testCategory(teaser.categoryName)}</p>
        <p className="font-semibold">{m.testVehicles(teaser.vehicleCount)}</p>
        {teaser.otherParts > 0 && <p>{m.testOtherParts(teaser.otherParts)}</p>}
        <p className="mt-2">{m.testSignUpList}</p>
        <SignUpLink code={teaser.code} />
      </div>
    );
  if (teaser.status === "not_found")
    return (
      <div
        role="status"
        className="rounded-lg border border-sky-300 bg-sky-50 px-4 py-3 text-sm text-sky-900"
      >
        <p>{m.testNotFound(teaser.code)}</p>
        <SignUpLink />
      </div>
    );
  const text =
    teaser.status === "throttled"
      ? m.testThrottled(teaser.retryAfterSeconds)
      : teaser.status === "too_long"
        ? m.testTooLong(teaser.maxLength)
        : m.testEmpty;
  return (
    <div
      role="alert"
      className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <p>{text}</p>
      {teaser.status === "throttled" && <SignUpLink />}
    </div>
  );
}

/**
 * The hero's "Testar" box: a GET form to `/?teste=<code>`. JavaScript off, the whole page comes
 * back with the answer; with JavaScript it is a client navigation that keeps the scroll, so the
 * page neither reloads nor jumps. Not a fetcher: `useFetcher` would put ~0.3 KB gzip into the chunk
 * every page loads (the 100 KB budget). The field is cleared once sent, as the spec asks.
 */
export function CodeTeaser() {
  const page = useRouteLoaderData<TeaserData>(TEASER_ROUTE);
  const navigation = useNavigation();
  const form = useRef<HTMLFormElement>(null);
  const teaser = page?.teaser ?? null;
  const sending =
    navigation.state === "loading" &&
    new URLSearchParams(navigation.location.search).has(TEST_PARAM);
  useEffect(() => {
    if (sending) form.current?.reset();
  }, [sending]);
  return (
    <div id="testar" className="mx-auto mt-8 max-w-lg">
      <Form
        ref={form}
        method="get"
        action="/"
        preventScrollReset
        className="flex flex-col gap-2 sm:flex-row"
      >
        <label htmlFor="test-code" className="sr-only">
          {m.testLabel}
        </label>
        <input
          id="test-code"
          name={TEST_PARAM}
          className="input flex-1"
          placeholder={m.testPlaceholder}
          autoComplete="off"
          enterKeyHint="search"
          defaultValue=""
        />
        <button type="submit" className="btn-primary">
          {m.testButton}
        </button>
      </Form>
      <p className="mt-2 text-sm text-slate-600">{m.testFree}</p>
      <div aria-live="polite" className="mt-4">
        {teaser && <TeaserAnswer teaser={teaser} />}
      </div>
    </div>
  );
}
