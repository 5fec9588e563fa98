import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, Outlet, useLoaderData } from "@remix-run/react";
import { PricingGrid, publicPlan, type PublicPlan } from "~/components/pricing";
import { UserMenu } from "~/components/user-menu";
import { publicCompany } from "~/models/company/index.server";
import { publicOverview } from "~/models/dashboard/index.server";
import { listPlans } from "~/models/payments/index.server";
import { getOptionalUser } from "~/server/auth.server";
import { formatInteger } from "~/utils/format";
import { useSeo } from "~/components/hooks";
import { LogoMark } from "~/components/logo-mark";
import * as messages from "~/messages";
import type { Access } from "~/server/access";

export const access: Access = "public";
/** A repeat visit gets a 304 (entry.server, ADR 0024). */
export const handle = { etag: true };

const m = messages.landing;
export const TEST_PARAM = "teste";

function loadPlans(): { plans: PublicPlan[]; failed: boolean } {
  try {
    const plans = listPlans({ status: "active" }).map((plan) => publicPlan(plan));
    return { plans, failed: false };
  } catch (error) {
    console.error(error);
    return { plans: [], failed: true };
  }
}

/** The footer's company identity (ADR 0045), its lines written here; null while none is kept. */
function footerCompany() {
  const company = publicCompany();
  if (!company) return null;
  return {
    name: messages.company.nameLine(company.legalName, company.cnpj),
    address: company.address,
    email: company.email,
    whatsapp: company.whatsapp && {
      label: messages.company.whatsappLabel(company.whatsapp),
      url: company.whatsappUrl!,
    },
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  const url = new URL(request.url);
  const tested = url.searchParams.get(TEST_PARAM);
  return {
    overview: publicOverview(),
    ...loadPlans(),
    user: user && { name: user.name, email: user.email, role: user.role },
    test: tested === null ? null : { code: tested.trim().slice(0, 60) },
    year: new Date().getFullYear(),
    company: footerCompany(),
  };
}

/** The header's jumps to the page's own sections ("Contato" only while a company is kept). */
const PAGE_SECTIONS = [
  { href: "#recursos", label: m.features },
  { href: "#precos", label: m.pricing },
];
const CONTACT_SECTION = { href: "#contato", label: m.contact };

export default function Landing() {
  const { overview, plans, failed, user, test, year, company } = useLoaderData<typeof loader>();
  const sections = company ? [...PAGE_SECTIONS, CONTACT_SECTION] : PAGE_SECTIONS;
  const seo = useSeo();
  const stats = [
    { label: m.stats.parts, value: overview.totalParts },
    { label: m.stats.vehicles, value: overview.totalVehicles },
    { label: m.stats.dailySearches, value: overview.dailySearches },
    { label: m.stats.activeUsers, value: overview.activeUsers },
  ];
  return (
    <>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center gap-4 px-4 py-3">
          <Link to="/" className="flex items-center gap-2">
            <LogoMark initials={seo.logoInitials} />
            <span className="leading-tight">
              <span className="block font-bold">{seo.siteName}</span>
              <span className="block text-xs text-slate-600">{seo.siteDescription}</span>
            </span>
          </Link>
          <nav
            aria-label={m.sectionsLabel}
            className="ml-auto hidden gap-6 text-sm font-medium text-slate-700 md:flex"
          >
            {sections.map((section) => (
              <a key={section.href} href={section.href} className="hover:text-brand-700">
                {section.label}
              </a>
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-2 md:ml-6">
            {user ? (
              <>
                <Link to="/home" className="btn-secondary hidden sm:inline-flex">
                  {m.goToApp}
                </Link>
                <UserMenu user={user} />
              </>
            ) : (
              <>
                <Link to="/login" className="btn-ghost">
                  {messages.auth.signIn}
                </Link>
                <Link to="/register" className="btn-primary">
                  {messages.auth.createAccount}
                </Link>
              </>
            )}
          </div>
        </div>
      </header>

      <main id="main">
        <section className="bg-gradient-to-b from-brand-50 to-slate-50">
          <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:py-20">
            <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
              {m.heroTitle}
            </h1>
            <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-700">{m.heroText}</p>
            <Form
              method="get"
              action="/"
              preventScrollReset
              className="mx-auto mt-8 flex max-w-lg flex-col gap-2 sm:flex-row"
              id="testar"
            >
              <label htmlFor="test-code" className="sr-only">
                {m.testLabel}
              </label>
              <input
                key={test?.code ?? ""}
                id="test-code"
                name={TEST_PARAM}
                className="input flex-1"
                placeholder={m.testPlaceholder}
                autoComplete="off"
                defaultValue=""
              />
              <button type="submit" className="btn-primary">
                {m.testButton}
              </button>
            </Form>
            {test && (
              <div
                role={test.code ? "status" : "alert"}
                className={`mx-auto mt-4 max-w-lg rounded-lg border px-4 py-3 text-sm ${
                  test.code
                    ? "border-sky-300 bg-sky-50 text-sky-900"
                    : "border-amber-300 bg-amber-50 text-amber-900"
                }`}
              >
                {test.code ? (
                  <>
                    <p>{m.testNotice(test.code)}</p>
                    <Link to="/register" className="mt-2 inline-block font-semibold underline">
                      {m.testCta}
                    </Link>
                  </>
                ) : (
                  <p>{m.testEmpty}</p>
                )}
              </div>
            )}
          </div>
          <div className="mx-auto max-w-5xl px-4 pb-12">
            <dl className="grid grid-cols-2 gap-4 md:grid-cols-4">
              {stats.map((stat) => (
                <div key={stat.label} className="card p-4 text-center">
                  <dt className="text-sm text-slate-600">{stat.label}</dt>
                  <dd
                    className="mt-1 text-2xl font-bold text-slate-900"
                    data-testid="overview-counter"
                  >
                    {formatInteger(stat.value)}
                  </dd>
                </div>
              ))}
            </dl>
          </div>
        </section>

        <section id="recursos" className="mx-auto max-w-6xl px-4 py-16">
          <h2 className="text-center text-2xl font-bold sm:text-3xl">{m.features}</h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {m.featureCards.map((card) => (
              <li key={card.title} className="card p-6">
                <h3 className="font-semibold">{card.title}</h3>
                <p className="mt-2 text-sm text-slate-600">{card.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section id="precos" className="bg-white py-16">
          <div className="mx-auto max-w-6xl px-4">
            <h2 className="text-center text-2xl font-bold sm:text-3xl">{m.pricingTitle}</h2>
            <p className="mx-auto mt-2 max-w-xl text-center text-slate-600">{m.pricingText}</p>
            <div className="mt-10">
              <PricingGrid plans={plans} failed={failed} />
            </div>
          </div>
        </section>

        <section className="mx-auto max-w-4xl px-4 py-16 text-center">
          <h2 className="text-2xl font-bold sm:text-3xl">{m.ctaTitle}</h2>
          <p className="mt-2 text-slate-600">{m.ctaText}</p>
          <Link to={user ? "/home" : "/register"} className="btn-primary mt-6">
            {user ? m.goToApp : m.testCta}
          </Link>
        </section>
      </main>

      <footer id="contato" className="border-t border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-8 text-sm text-slate-600 sm:flex-row sm:justify-between">
          <p>{m.footer(year, seo.siteName)}</p>
          {company && (
            <address className="not-italic sm:text-right" data-testid="company-identity">
              <span className="block">{company.name}</span>
              {company.address && <span className="block">{company.address}</span>}
              {(company.email || company.whatsapp) && (
                <span className="block space-x-3">
                  {company.email && (
                    <a href={`mailto:${company.email}`} className="underline hover:text-brand-700">
                      {company.email}
                    </a>
                  )}
                  {company.whatsapp && (
                    <a
                      href={company.whatsapp.url}
                      className="underline hover:text-brand-700"
                      rel="noopener noreferrer"
                    >
                      {company.whatsapp.label}
                    </a>
                  )}
                </span>
              )}
            </address>
          )}
        </div>
      </footer>
      <Outlet />
    </>
  );
}
