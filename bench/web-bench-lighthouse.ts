/**
 * The web bench's Lighthouse runs (bench/web-bench.ts): one cold load of a page, desktop or a
 * phone (Lighthouse's default 4× CPU, or that slowdown calibrated to the host), over HTTP/2 or
 * HTTP/1.1, and its scores, timings, protocols and the host's benchmarkIndex.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import * as lighthouseConstants from 'lighthouse/core/config/constants.js';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { chromium } from 'playwright-core';
import { calibratedSlowdown } from './lighthouse-calibration.ts';
import { median } from './bench-support.ts';
import { CHROMIUM, FLAGS, signIn, type Target } from './web-bench-browser.ts';

/** What Lighthouse empties before each load: its own defaults and the origin's web storage; never the cookies (the session). */
const COLD_STORAGE: ('file_systems' | 'shader_cache' | 'service_workers' | 'cache_storage' | 'local_storage' | 'indexeddb' | 'websql')[] = [
  'file_systems',
  'shader_cache',
  'service_workers',
  'cache_storage',
  'local_storage',
  'indexeddb',
  'websql',
];

/** How the browser talks to the server: HTTP/2 (what it picks over HTTPS), or HTTP/1.1 with HTTP/2 switched off in the browser. */
export type Transport = 'h2' | 'http/1.1';
/** Desktop; a phone as Lighthouse's default makes it (the observed tasks 4× slower, whatever the host); or a phone with that slowdown calibrated to the host. */
export type Form = 'desktop' | 'mobile' | 'mobile-calibrated';

/** One cold load of `target` in a Chromium of its own, as `form` over `transport`: its scores, timings and protocols, and the host's benchmarkIndex. */
async function lighthouseScores(url: string, target: Target, form: Form, transport: Transport) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: transport === 'h2' ? FLAGS : [...FLAGS, '--disable-http2'] });
  try {
    let slowdown = form === 'desktop' ? 1 : 4;
    if (target.signedIn || form === 'mobile-calibrated') {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const page = await browser.contexts()[0]!.newPage();
      if (target.signedIn) await signIn(page, url);
      // The host's speed right before the load, measured as Lighthouse measures it (its benchmarkIndex, in a page of this
      // browser; the median of three, each about a second, as one alone swings with the other work of a shared machine).
      if (form === 'mobile-calibrated') {
        const indexes = [];
        for (let i = 0; i < 3; i++) indexes.push(await page.evaluate(pageFunctions.computeBenchmarkIndex));
        slowdown = calibratedSlowdown(median(indexes));
      }
      await page.close();
      await browser.close();
    }
    const throttling = form === 'mobile-calibrated' ? { throttling: { ...lighthouseConstants.throttling.mobileSlow4G, cpuSlowdownMultiplier: slowdown } } : {};
    // A cold first visit, signed in or not: Lighthouse empties the browser's HTTP cache and the
    // origin's storage before it loads the page (its storage reset), and keeps the cookies, which
    // its default clearStorageTypes leave alone: a signed-in page keeps its session cookie and
    // nothing else. (Skipping the reset, as this bench once did, served some 20 of the 31 scripts
    // of the booking list from the cache that signing in had filled.)
    const result = await lighthouse(
      `${url}${target.path}`,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: false, clearStorageTypes: COLD_STORAGE, ...throttling },
      form === 'desktop' ? desktopConfig : undefined,
    );
    // The scripts that came without a transfer (from a cache): none on a cold load (a column of the table).
    const requests = result!.lhr.audits['network-requests']?.details;
    const fromCache = requests?.type === 'table' ? requests.items.filter((r) => r.resourceType === 'Script' && String(r.url).startsWith('http') && (r.transferSize as number) === 0).length : 0;
    // The protocols the page's own requests went over (a column of the table: proof of the transport).
    const protocols = requests?.type === 'table' ? [...new Set(requests.items.filter((r) => String(r.url).startsWith(url)).map((r) => String(r.protocol)))] : [];
    // WEB_BENCH_LH_DIR=dir keeps each Lighthouse report (JSON) there, to see what a score is made of.
    if (process.env.WEB_BENCH_LH_DIR) writeFileSync(join(process.env.WEB_BENCH_LH_DIR, `${target.name.replaceAll(' ', '-')}-${form}-${transport.replace('/', '')}-${Date.now()}.json`), JSON.stringify(result!.lhr));
    const categories = result!.lhr.categories;
    const audits = result!.lhr.audits;
    return {
      version: result!.lhr.lighthouseVersion,
      slowdown,
      runtimeError: result!.lhr.runtimeError?.code,
      // Lighthouse's own measure of the machine's speed during the run (a Pixel 5 is about 1,000).
      benchmarkIndex: result!.lhr.environment.benchmarkIndex,
      performance: categories.performance?.score ?? 0,
      accessibility: categories.accessibility?.score ?? 0,
      fcp: audits['first-contentful-paint']?.numericValue ?? 0,
      lcp: audits['largest-contentful-paint']?.numericValue ?? 0,
      tbt: audits['total-blocking-time']?.numericValue ?? 0,
      fromCache,
      protocols,
      failing: Object.values(audits)
        .filter((a) => a.score !== null && a.score < 1 && (categories.accessibility?.auditRefs ?? []).some((r) => r.id === a.id && r.weight > 0))
        .map((a) => a.id),
    };
  } finally {
    chrome.kill();
  }
}

/** One run of lighthouseScores; a run whose trace Lighthouse could not record (NO_NAVSTART, NO_FCP under load) is run again, as its message asks, twice at most. */
export async function lighthouseRun(url: string, target: Target, form: Form, transport: Transport) {
  let run = await lighthouseScores(url, target, form, transport);
  for (let retry = 0; run.runtimeError && retry < 2; retry++) {
    console.log(`${target.name} ${form}: Lighthouse ${run.runtimeError}, running again`);
    run = await lighthouseScores(url, target, form, transport);
  }
  return run;
}

/** The machine's benchmarkIndex over the runs of one row: median (min–max). */
export function benchmarkIndexOf(runs: { benchmarkIndex: number }[]): string {
  const values = runs.map((r) => r.benchmarkIndex).sort((a, b) => a - b);
  return `${median(values).toFixed(0)} (${values[0]!.toFixed(0)}–${values.at(-1)!.toFixed(0)})`;
}
