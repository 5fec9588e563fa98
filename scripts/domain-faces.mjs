// One-off: write each model domain's face (index.server.ts) and point the request layer at it.
import fs from "node:fs";
import path from "node:path";

const models = "app/models";
const domains = fs.readdirSync(models, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const isModule = (f) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.startsWith("index.");
function modulesOf(dir, prefix = ".") {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (e.isDirectory()) out.push(...modulesOf(path.join(dir, e.name), `${prefix}/${e.name}`));
    else if (isModule(e.name)) out.push(`${prefix}/${e.name.replace(/\.tsx?$/, "")}`);
  }
  return out;
}
for (const domain of domains) {
  const face = path.join(models, domain, "index.server.ts");
  const lines = modulesOf(path.join(models, domain)).map((m) => `export * from "${m}";`);
  fs.writeFileSync(face, `/** The ${domain} domain's public face: the request layer imports this, not the files. */\n${lines.join("\n")}\n`);
}

const IMPORT = /import\s+(type\s+)?\{([^}]*)\}\s*from\s*"~\/models\/([a-z-]+)\/[^"]*\.server"\s*;?\n/g;
const targets = ["app/routes", "app/server", "app/jobs", "app/api"];
function walk(dir, out = []) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) walk(full, out);
    else if (/\.tsx?$/.test(e.name)) out.push(full);
  }
  return out;
}
let changed = 0;
for (const file of [...targets.flatMap((t) => walk(t)), "app/root.tsx", "app/entry.server.tsx"]) {
  const source = fs.readFileSync(file, "utf8");
  const byDomain = new Map();
  let first = -1;
  const stripped = source.replace(IMPORT, (whole, typeOnly, names, domain, offset) => {
    const list = byDomain.get(domain) ?? [];
    for (const raw of names.split(",").map((n) => n.trim()).filter(Boolean)) {
      list.push(typeOnly && !raw.startsWith("type ") ? `type ${raw}` : raw);
    }
    byDomain.set(domain, list);
    if (first < 0) first = offset;
    return `\u0000${domain}\u0000`;
  });
  if (!byDomain.size) continue;
  const emitted = new Set();
  const next = stripped.replace(/\u0000([a-z-]+)\u0000/g, (_, domain) => {
    if (emitted.has(domain)) return "";
    emitted.add(domain);
    const names = [...new Set(byDomain.get(domain))].sort((a, b) => a.replace(/^type /, "").localeCompare(b.replace(/^type /, "")));
    const allTypes = names.every((n) => n.startsWith("type "));
    const body = allTypes ? names.map((n) => n.slice(5)) : names;
    return `import ${allTypes ? "type " : ""}{ ${body.join(", ")} } from "~/models/${domain}/index.server";\n`;
  });
  fs.writeFileSync(file, next);
  changed++;
}
console.log(`faces: ${domains.join(", ")}; request-layer files rewritten: ${changed}`);
