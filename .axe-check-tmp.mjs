import { chromium } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless","--no-sandbox"] });
const context = await browser.newContext({ javaScriptEnabled: false });
const page = await context.newPage();
await page.setContent("<html lang='pt-BR'><body><main><h1>Oi</h1><img src='x.png'></main></body></html>");
console.log(await page.evaluate("1+1"));
console.log(await page.evaluate("new Promise(r => setTimeout(() => r(5), 10))").catch(e => "ERR " + e.message));
try {
const r = await new AxeBuilder({ page }).withTags(["wcag2a","wcag2aa"]).setLegacyMode(true).analyze();
console.log("legacy", r.violations.map(v=>v.id+":"+v.impact));
} catch (e) { console.log("legacy err", e.message); }
await browser.close();
