import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { CodeTeaser } from "~/components/code-teaser";
import { PricingGrid, publicPlan, type PublicPlan } from "~/components/pricing";
import { UserMenu } from "~/components/user-menu";
import { publicCompany } from "~/models/company/index.server";
import { catalogueSize } from "~/models/dashboard/index.server";
import { listPlans } from "~/models/payments/index.server";
import { getOptionalUser } from "~/server/auth.server";
import { formatInteger } from "~/utils/format";
import { useSeo } from "~/components/hooks";
import { LogoMark } from "~/components/logo-mark";
import { StructuredData } from "~/components/structured-data";
import type { loader as rootLoader } from "~/root";
import * as messages from "~/messages";
import type { Access } from "~/server/access";

export const access: Access = "public";
/** A repeat visit gets a 304 (entry.server, ADR 0024). */
export const handle = { etag: true };

const m = messages.landing;

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
  return {
    // The catalogue's size, not its traffic: what tells a visitor whether the part is likely there.
    catalogue: catalogueSize(),
    ...loadPlans(),
    user: user && { name: user.name, email: user.email, role: user.role },
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
  const { catalogue, plans, failed, user, year, company } = useLoaderData<typeof loader>();
  const sections = company ? [...PAGE_SECTIONS, CONTACT_SECTION] : PAGE_SECTIONS;
  const seo = useSeo();
  const stats = [
    { label: m.stats.parts, value: catalogue.totalParts },
    { label: m.stats.vehicles, value: catalogue.totalVehicles },
    { label: m.stats.alternativeCodes, value: catalogue.totalAlternativeCodes },
  ];
  // The JSON-LD of the landing and the plan pages (ADR 0058) is written here, not by the root
  // layout, so the sign-in and signed-in pages do not carry its component (the 100 KB budget).
  const seoHead = useRouteLoaderData<typeof rootLoader>("root")?.seoHead;
  return (
    <>
      <StructuredData head={seoHead} />
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center gap-4 px-4 py-3">
          <Link to="/" className="flex items-center gap-2">
            <LogoMark />
            <span className="leading-tight">
              <span className="block font-bold">{seo.siteName}</span>
              {/* A phone's top bar has room for the name only; wider, two lines of the description at most. */}
              <span className="hidden max-w-xs text-xs text-slate-600 sm:line-clamp-2">
                {seo.siteDescription}
              </span>
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
            <CodeTeaser />
          </div>
          {/* An empty catalogue says nothing worth a figure: the row waits for the first parts. */}
          {catalogue.totalParts > 0 && (
            <div className="mx-auto max-w-5xl px-4 pb-12">
              <h2 className="sr-only">{m.statsLabel}</h2>
              <dl className="grid grid-cols-3 gap-2 sm:gap-4">
                {stats.map((stat) => (
                  <div key={stat.label} className="card px-2 py-4 text-center sm:p-4">
                    <dt className="text-xs text-slate-600 sm:text-sm">{stat.label}</dt>
                    <dd
                      className="mt-1 text-xl font-bold text-slate-900 sm:text-2xl"
                      data-testid="overview-counter"
                    >
                      {formatInteger(stat.value)}
                    </dd>
                  </div>
                ))}
              </dl>
            </div>
          )}
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
