// Renders the app's icons (the web app manifest's, lib/offline/web-app-manifest.ts, and the
// apple-touch-icon) from their SVG sources in public/icons/ with the machine's Chromium
// (/usr/bin/chromium, or CHROMIUM_PATH; headless, through Playwright). The PNGs are committed;
// run it again after changing an SVG:  npx tsx scripts/render-icons.ts
import path from "node:path";
import { readFileSync } from "node:fs";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "../tests/support/chromium";

const icons = path.resolve(import.meta.dirname, "../public/icons");
const renders = [
  { source: "icon.svg", size: 192, output: "icon-192.png" },
  { source: "icon.svg", size: 512, output: "icon-512.png" },
  { source: "icon-maskable.svg", size: 512, output: "icon-maskable-512.png" },
  { source: "icon-maskable.svg", size: 180, output: "apple-touch-icon.png" },
];

const browser = await chromium.launch(chromiumLaunchOptions);
try {
  for (const { source, size, output } of renders) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const svg = readFileSync(path.join(icons, source), "utf8");
    await page.setContent(`<style>html,body{margin:0}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`);
    await page.screenshot({ path: path.join(icons, output), omitBackground: true });
    await page.close();
    console.log(`public/icons/${output}: ${size}×${size} from ${source}`);
  }
} finally {
  await browser.close();
}
