import { z } from "zod";
import { overviewViewSchema, seoViewSchema } from "~/api/views/public";
import * as messages from "~/messages";
import { endpoint, type Endpoint } from "./endpoint";

const m = messages.contractSite;
const tag = m.tag;
const at = "2026-11-20T13:45:00.000Z";

/** GET /api/ping's data. */
const pongSchema = z.object({ status: z.literal("ok"), time: z.iso.datetime() });

/** The site's own operations: ping, the landing's public data, this reference. */
export const siteEndpoints: Endpoint[] = [
  endpoint({
    method: "get",
    path: "/api/ping",
    tag,
    summary: m.ping,
    description: m.pingDescription,
    access: "public",
    answers: {
      200: {
        description: m.pingAnswer,
        data: pongSchema,
        example: { success: true, data: { status: "ok", time: at }, message: messages.api.pong },
      },
    },
  }),
  endpoint({
    method: "get",
    path: "/api/public/overview",
    tag,
    summary: m.overview,
    description: m.overviewDescription,
    access: "public",
    answers: {
      200: {
        description: m.overviewAnswer,
        data: overviewViewSchema,
        example: {
          success: true,
          data: {
            total_parts: 1250,
            total_vehicles: 480,
            total_alternative_codes: 3100,
            daily_searches: 312,
            active_users: 57,
          },
          message: messages.api.emptySuccess,
        },
      },
    },
  }),
  endpoint({
    method: "get",
    path: "/api/public/seo",
    tag,
    summary: m.seo,
    description: m.seoDescription,
    access: "public",
    answers: {
      200: {
        description: m.seoAnswer,
        data: seoViewSchema,
        example: {
          success: true,
          data: {
            site_name: messages.app.defaultSiteName,
            site_description: messages.app.defaultSiteDescription,
            logo_initials: messages.app.defaultLogoInitials,
            site_title: messages.app.defaultSiteName,
            favicon_url: null,
            og_site_name: null,
            og_image_url: null,
            twitter_card: "summary_large_image",
            twitter_site: null,
            canonical_url: "https://encaixa.com.br",
          },
          message: messages.api.emptySuccess,
        },
      },
    },
  }),
  endpoint({
    method: "get",
    path: "/api/openapi.json",
    tag,
    summary: m.openapi,
    description: m.openapiDescription,
    access: "public",
    answers: { 200: { description: m.openapiAnswer, mediaType: "application/json" } },
  }),
  endpoint({
    method: "get",
    path: "/api/docs",
    tag,
    summary: m.docs,
    description: m.docsDescription,
    access: "public",
    answers: { 200: { description: m.docsAnswer, mediaType: "text/html" } },
  }),
];
