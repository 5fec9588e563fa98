import { z } from "zod";

type Json = Record<string, unknown>;

/** Converts zod schemas, moving any shared definitions ($defs) into components.schemas. */
export class SchemaConverter {
  constructor(private readonly components: Record<string, Json>) {}

  convert(schema: z.ZodType, io: "input" | "output"): Json {
    const out = z.toJSONSchema(schema, {
      target: "draft-2020-12",
      io,
      // A transform's output, a custom check: described as "any value" rather than refused.
      unrepresentable: "any",
      override: ({ zodSchema, jsonSchema }) => {
        // A Date travels as its ISO 8601 text (JSON.stringify), and is read from one.
        if (zodSchema._zod.def.type === "date") {
          jsonSchema.type = "string";
          jsonSchema.format = "date-time";
        }
      },
    }) as Json;
    delete out.$schema;
    const defs = (out.$defs ?? {}) as Record<string, Json>;
    delete out.$defs;
    const renamed = new Map<string, string>();
    for (const [name, definition] of Object.entries(defs)) {
      renamed.set(name, this.place(name, definition, io));
    }
    const selfRef = { found: false };
    const rewrite = (node: unknown): unknown => {
      if (Array.isArray(node)) return node.map(rewrite);
      if (typeof node !== "object" || node === null) return node;
      const copy: Json = {};
      for (const [key, value] of Object.entries(node)) {
        if (key === "$ref" && typeof value === "string") {
          if (value === "#") selfRef.found = true;
          const def = value.startsWith("#/$defs/") ? value.slice("#/$defs/".length) : null;
          copy[key] = def ? `#/components/schemas/${renamed.get(def) ?? def}` : value;
        } else copy[key] = rewrite(value);
      }
      return copy;
    };
    for (const name of renamed.values())
      this.components[name] = rewrite(this.components[name]) as Json;
    const result = rewrite(out) as Json;
    if (!selfRef.found) return result;
    // A recursive root refers to itself as "#": it becomes a component of its own.
    const name = this.place("Recursive", result, io);
    const withRef = JSON.parse(
      JSON.stringify(result).replaceAll('"$ref":"#"', `"$ref":"#/components/schemas/${name}"`),
    ) as Json;
    this.components[name] = withRef;
    return { $ref: `#/components/schemas/${name}` };
  }

  /** A free name for a definition: its own id if unused (or used by the same schema). */
  private place(name: string, definition: Json, io: "input" | "output"): string {
    const base = (name.startsWith("__") ? "Schema" : name) + (io === "input" ? "Input" : "");
    let candidate = base;
    for (let n = 2; candidate in this.components; n++) {
      if (JSON.stringify(this.components[candidate]) === JSON.stringify(definition))
        return candidate;
      candidate = `${base}${n}`;
    }
    this.components[candidate] = definition;
    return candidate;
  }
}
