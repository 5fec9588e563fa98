import * as messages from "~/messages";

const texts = messages.contractDocument;
const refusalTexts = texts.refusals;

/** The OpenAPI document's shared parts (ADR 0052): the envelope, the schemes, the common refusals. */
export type Json = Record<string, unknown>;
export type OpenApiDocument = Json & {
  openapi: string;
  paths: Record<string, Record<string, Json>>;
  components: {
    schemas: Record<string, Json>;
    responses: Record<string, Json>;
    parameters: Record<string, Json>;
    headers: Record<string, Json>;
    securitySchemes: Record<string, Json>;
  };
};

export const ERROR_ENVELOPE = "#/components/schemas/ErrorEnvelope";
export const JSON_MEDIA = "application/json";
const FIELD_ERRORS = "#/components/schemas/FieldErrors";

/** The envelope around `data`, with the fields an answer carries beside it (`extra`). */
export function envelopeSchema(success: boolean, data: Json | null, extra?: Json): Json {
  const extraProperties = (extra?.properties ?? {}) as Record<string, Json>;
  const extraRequired = (extra?.required ?? []) as string[];
  return {
    type: "object",
    required: ["success", "data", "message", ...extraRequired],
    properties: {
      success: { type: "boolean", const: success },
      data: data ?? { type: "null" },
      message: { type: "string" },
      ...(success ? {} : { errors: { $ref: FIELD_ERRORS } }),
      ...extraProperties,
    },
  };
}

function refusalExample(text: {
  message: string;
  errors?: Readonly<Record<string, readonly string[]>>;
}) {
  return {
    success: false,
    data: null,
    message: text.message,
    ...(text.errors ? { errors: text.errors } : {}),
  };
}

/** One reusable refusal: the error envelope, an example, and headers when it has some. */
function refusalResponse(
  text: {
    description: string;
    message: string;
    errors?: Readonly<Record<string, readonly string[]>>;
  },
  headers?: Record<string, Json>,
): Json {
  return {
    description: text.description,
    ...(headers ? { headers } : {}),
    content: {
      [JSON_MEDIA]: {
        schema: { $ref: ERROR_ENVELOPE },
        examples: { recusa: { value: refusalExample(text) } },
      },
    },
  };
}

export const header = (name: string) => ({ $ref: `#/components/headers/${name}` });

export function components(): OpenApiDocument["components"] {
  return {
    schemas: {
      FieldErrors: {
        type: "object",
        description: refusalTexts.badRequest.description,
        additionalProperties: { type: "array", items: { type: "string" } },
      },
      Envelope: {
        type: "object",
        required: ["success", "data", "message"],
        properties: {
          success: { type: "boolean" },
          data: {},
          message: { type: "string" },
          errors: { $ref: FIELD_ERRORS },
        },
      },
      ErrorEnvelope: envelopeSchema(false, null),
    },
    securitySchemes: {
      sessionToken: {
        type: "http",
        scheme: "bearer",
        description: texts.security.sessionToken,
      },
      apiKey: {
        type: "http",
        scheme: "bearer",
        bearerFormat: "enc_live_…",
        description: texts.security.apiKey,
      },
    },
    parameters: {
      IdempotencyKey: {
        name: "Idempotency-Key",
        in: "header",
        required: false,
        description: messages.apiIdempotency.headerDescription,
        schema: { type: "string", minLength: 1, maxLength: 255 },
      },
    },
    headers: {
      RetryAfter: {
        description: texts.headers.retryAfter,
        schema: { type: "integer", minimum: 0 },
      },
      RateLimit: { description: texts.headers.rateLimit, schema: { type: "string" } },
      RateLimitPolicy: { description: texts.headers.rateLimitPolicy, schema: { type: "string" } },
      IdempotentReplayed: {
        description: messages.apiIdempotency.replayedDescription,
        schema: { type: "string", enum: ["true"] },
      },
    },
    responses: {
      BadRequest: refusalResponse(refusalTexts.badRequest),
      Unauthorized: refusalResponse(refusalTexts.unauthorized),
      Forbidden: refusalResponse(refusalTexts.forbidden),
      NotFound: refusalResponse(refusalTexts.notFound),
      MethodNotAllowed: refusalResponse(refusalTexts.methodNotAllowed, {
        Allow: { schema: { type: "string" } },
      }),
      PayloadTooLarge: refusalResponse(refusalTexts.tooLarge),
      UnsupportedMediaType: refusalResponse(refusalTexts.unsupportedMediaType),
      IdempotencyInProgress: refusalResponse(
        {
          description: messages.apiIdempotency.conflictDescription,
          message: messages.apiIdempotency.inProgress,
        },
        { "Retry-After": header("RetryAfter") },
      ),
      IdempotencyMismatch: refusalResponse({
        description: messages.apiIdempotency.mismatchDescription,
        message: messages.apiIdempotency.keyReused,
      }),
      TooManyRequests: refusalResponse(refusalTexts.tooManyRequests, {
        "Retry-After": header("RetryAfter"),
        RateLimit: header("RateLimit"),
        "RateLimit-Policy": header("RateLimitPolicy"),
      }),
    },
  };
}
