/**
 * The web app's speed as a browser sees it (issue 20, "Fast"): the JavaScript a page loads, its
 * Lighthouse scores, and the worst interaction delay (INP) of the heaviest screens.
 *
 * It builds the app, starts it on a fresh embedded database with the demo data (as the e2e setup
 * does), adds bookings up to 1,000 and a confirmed round trip to seat (web-bench-app.ts), then measures:
 *   - initial JS (gzip) of the login page and signed-in screens, against an empty Vite React app
 *     built in the same run, then of every signed-in screen of the menu one by one (WEB_BENCH_SKIP=screens leaves that out): here;
 *   - Lighthouse performance and accessibility, desktop and mobile (and mobile with the CPU
 *     slowdown calibrated to the host), median of WEB_BENCH_RUNS (the heading names the version
 *     that ran, from its report): web-bench-lighthouse.ts;
 *   - INP under 4× CPU throttling (Event Timing API, worst interaction), median of WEB_BENCH_RUNS: web-bench-inp.ts.
 * The Chromium and signing in they share are in web-bench-browser.ts, the median in bench-support.ts. This file runs
 * them and writes the "## Web" section of bench/RESULTS.md.
 *
 *   npm run bench:web                       (WEB_BENCH_RUNS=3 by default)
 *   WEB_BENCH_RUNS=1 WEB_BENCH_SKIP=lighthouse npm run bench:web    (a quick look)
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContext } from 'playwright-core';
import { median, readResultsSection, writeResultsSection } from './bench-support.ts';
import { apiClient, BOOKINGS, buildApp, DIST, seed, startServer } from './web-bench-app.ts';
import { CHROMIUM, FLAGS, signIn, type Target } from './web-bench-browser.ts';
import { inpCases, inpOf } from './web-bench-inp.ts';
import { benchmarkIndexOf, lighthouseRun } from './web-bench-lighthouse.ts';

const root = new URL('..', import.meta.url).pathname;
const RUNS = Number(process.env.WEB_BENCH_RUNS ?? 3);
const SKIP = new Set((process.env.WEB_BENCH_SKIP ?? '').split(',').filter(Boolean));
const COMMAND = 'npm run bench:web';

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/**
 * A part of the "## Web" section (`earlier`, as an earlier run wrote it) for a part this run leaves
 * out (WEB_BENCH_SKIP): from the line starting with `heading` to the next heading or the closing
 * load line, with the run it comes from named under its heading (kept if it already says so).
 * Nothing when the earlier section has no such part.
 */
export function earlierPart(earlier: string, heading: string): string[] {
  const section = earlier.split('\n');
  const at = section.findIndex((l) => l.startsWith(heading));
  if (at < 0) return [];
  const stop = section.findIndex((l, i) => i > at && (/^#{2,4} /.test(l) || l.startsWith('Load average when the measuring ended')));
  const part = section.slice(at, stop < 0 ? undefined : stop);
  while (part.at(-1) === '') part.pop();
  if (part.some((l) => l.startsWith('From the run of '))) return part;
  const measured = section.find((l) => l.startsWith('Measured '));
  const when = /^Measured (\S+)/.exec(measured ?? '')?.[1] ?? 'an earlier date';
  const how = /Command: (`[^`]+`) \((WEB_BENCH_RUNS=\d+)/.exec(measured ?? '');
  return [part[0]!, '', `From the run of ${when}${how ? ` (${how[1]}, ${how[2]})` : ''}.`, ...part.slice(1)];
}

const gzipSize = (data: Buffer) => gzipSync(data, { level: 9 }).length;

// ---------------------------------------------------------------- baseline

async function emptyAppJsGzip(): Promise<number> {
  const { build } = await import('vite');
  // Inside the repository so that `react` resolves from its node_modules.
  const cache = join(root, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'empty-react-'));
  try {
    writeFileSync(join(dir, 'index.html'), '<!doctype html><html><body><div id="root"></div><script type="module" src="./main.js"></script></body></html>');
    writeFileSync(
      join(dir, 'main.js'),
      "import { createElement } from 'react';\nimport { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')).render(createElement('h1', null, 'Hello'));\n",
    );
    await build({ root: dir, configFile: false, logLevel: 'warn', build: { outDir: join(dir, 'dist'), emptyOutDir: true } });
    const assets = join(dir, 'dist/assets');
    return readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .reduce((sum, f) => sum + gzipSize(readFileSync(join(assets, f))), 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- initial JS

interface PageLoad {
  files: number;
  gzip: number;
  consoleErrors: string[];
}

/** The JS files a page loads up to network idle, and the gzip size of each as served from dist. */
async function jsOfPage(context: BrowserContext, url: string): Promise<PageLoad> {
  const page = await context.newPage();
  const js = new Set<string>();
  const consoleErrors: string[] = [];
  page.on('response', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.endsWith('.js')) js.add(path);
  });
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.close();
  const sizes = [...js].map((path) => ({ path, gzip: gzipSize(readFileSync(join(DIST, path))) }));
  // WEB_BENCH_FILES=1 lists each page's files, largest first: where a budget's bytes come from.
  if (process.env.WEB_BENCH_FILES) for (const f of sizes.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${url.replace(/^https?:\/\/[^/]+/, '')} ${kib(f.gzip)} ${f.path}`);
  return { files: js.size, gzip: sizes.reduce((sum, f) => sum + f.gzip, 0), consoleErrors };
}

async function measureJs(url: string, targets: Target[]) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  const out: (Target & PageLoad)[] = [];
  const guest = await browser.newContext({ locale: 'ja-JP' });
  const staff = await browser.newContext({ locale: 'ja-JP' });
  const page = await staff.newPage();
  await signIn(page, url);
  await page.close();
  for (const target of targets) out.push({ ...target, ...(await jsOfPage(target.signedIn ? staff : guest, `${url}${target.path}`)) });
  await browser.close();
  return out;
}

/**
 * Every signed-in screen of the menu (the administrator sees them all; the agent portal's own
 * screens as an agent's administrator), each loaded on its own as a first visit after signing in:
 * the "any signed-in screen ≤ 5×" budget, screen by screen.
 */
async function measureScreens(url: string, roundTrip: string): Promise<(PageLoad & { path: string; who: string })[]> {
  const operator = ['/dashboard', '/notifications', '/bookings', '/bookings/create', `/bookings/${roundTrip}`, `/bookings/${roundTrip}/histories`, `/bookings/${roundTrip}/assign-seats`, `/bookings/${roundTrip}/cancel`,
    '/agents', '/agents/create', '/search-allotments', '/payments', '/monthly-report', '/sales', '/inventory-arrangements', '/suspended', '/bulk-operation', '/report', '/operation-logs', '/mails', '/jobs', '/users',
    '/services', '/pattern-calendar', '/special-days', '/arrangement-application', '/arrangement-pattern', '/free-count-plans', '/group-pricing-plans', '/basic-info', '/bank-accounts',
    '/cancellation-policy', '/group-schedules', '/special-contract-terms', '/approvals', '/two-factor', '/change-password'];
  const agent = ['/staff', '/api-keys'];
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  const out: (PageLoad & { path: string; who: string })[] = [];
  for (const [who, paths] of [['admin@example.com', operator], ['agent-free@example.com', agent]] as const) {
    const context = await browser.newContext({ locale: 'ja-JP' });
    const page = await context.newPage();
    await signIn(page, url, who);
    await page.close();
    for (const path of paths) out.push({ path, who, ...(await jsOfPage(context, `${url}${path}`)) });
    await context.close();
  }
  await browser.close();
  return out.sort((a, b) => b.gzip - a.gzip);
}

async function main() {
  const started = new Date();
  const earlier = readResultsSection('## Web');
  buildApp();
  const baseline = await emptyAppJsGzip();
  const server = await startServer();
  const lines: string[] = [];
  try {
    const api = await apiClient(server.url);
    const { roundTrip, token } = await seed(api);
    const allTargets: Target[] = [
      { name: 'login', path: '/login', signedIn: false },
      { name: 'booking list', path: '/bookings', signedIn: true },
      { name: 'booking detail', path: `/bookings/${roundTrip}`, signedIn: true },
      { name: 'customer page', path: `/customer/bookings/${roundTrip}?token=${encodeURIComponent(token)}`, signedIn: false },
    ];
    // WEB_BENCH_PAGES=login,booking list: only these pages (a quick look; the section is then partial).
    const only = process.env.WEB_BENCH_PAGES?.split(',');
    const targets = only ? allTargets.filter((t) => only.includes(t.name)) : allTargets;

    lines.push(`## Web`, '', `Measured ${started.toISOString().slice(0, 16)}Z on ${cpus().length} cores (shared; load average ${loadavg().map((l) => l.toFixed(1)).join(' / ')} over 1 / 5 / 15 minutes when the measuring began), Chromium ${CHROMIUM}, the production build served by the app on a fresh embedded database with the demo data and ${BOOKINGS} bookings. Command: \`${COMMAND}\` (WEB_BENCH_RUNS=${RUNS}${SKIP.size ? `, WEB_BENCH_SKIP=${[...SKIP].join(',')}: the parts left out keep their figures from an earlier run, each under its own date` : ''}).`, '');

    // Initial JS
    const js = await measureJs(server.url, targets);
    lines.push('### Initial JS (gzip), up to network idle', '', `Baseline: an empty Vite React app (react + react-dom) built in the same run: **${kib(baseline)}**.`, '');
    lines.push('| page | JS files | gzip | × baseline | goal | console errors |', '|---|---:|---:|---:|---|---:|');
    for (const r of js) {
      const goal = r.name === 'login' ? 3 : 5;
      const ratio = r.gzip / baseline;
      lines.push(`| ${r.name} | ${r.files} | ${kib(r.gzip)} | ${ratio.toFixed(2)}× | ≤ ${goal}× ${ratio <= goal ? '✓' : '✗'} | ${r.consoleErrors.length} |`);
      console.log(lines.at(-1));
      for (const e of r.consoleErrors) console.log(`console error on ${r.name}: ${e}`);
    }
    lines.push('');

    // Every signed-in screen
    if (!SKIP.has('screens')) {
      const screens = await measureScreens(server.url, roundTrip);
      const over = screens.filter((r) => r.gzip / baseline > 5);
      lines.push(
        `#### Every signed-in screen (${screens.length}), largest first`,
        '',
        `Each screen opened on its own right after signing in (the administrator; /staff and /api-keys as an agent's administrator), up to network idle. Goal ≤ 5×: ${over.length === 0 ? 'every screen ✓' : `${over.length} over (${over.map((r) => r.path.replace(roundTrip, '{id}')).join(', ')})`}.`,
        '',
        '| screen | JS files | gzip | × baseline | goal | console errors |',
        '|---|---:|---:|---:|---|---:|',
      );
      for (const r of screens) {
        const ratio = r.gzip / baseline;
        lines.push(`| ${r.path.replace(roundTrip, '{id}')} | ${r.files} | ${kib(r.gzip)} | ${ratio.toFixed(2)}× | ≤ 5× ${ratio <= 5 ? '✓' : '✗'} | ${r.consoleErrors.length} |`);
        for (const e of r.consoleErrors) console.log(`console error on ${r.path}: ${e}`);
      }
      console.log(lines.slice(-screens.length - 6).join('\n'));
      lines.push('');
    } else lines.push(...earlierPart(earlier, '#### Every signed-in screen'), '');

    // Lighthouse
    if (!SKIP.has('lighthouse')) {
      // The heading is filled in once a report says which Lighthouse ran.
      const heading = lines.push('') - 1;
      const versions = new Set<string>();
      lines.push('', 'Goals: performance and accessibility ≥ 0.95 desktop, ≥ 0.90 mobile (default mobile config: simulated 4× CPU, slow 4G).', '');
      lines.push(
        "Cold cache: each run is a new Chromium; for a signed-in page the bench signs in through the page first, then Lighthouse's storage reset empties the HTTP cache and the origin's storage (file systems, service workers, cache storage, local storage, IndexedDB) and keeps only the cookies, so the page loads with its session cookie and nothing else; the last column counts the scripts that came without a transfer (from a cache) in the worst run: 0 on a cold load.",
        '',
      );
      lines.push(
        "The simulated throttling slows the page's observed tasks by a fixed 4× (mobile), so a slower machine scores lower: the last column is Lighthouse's benchmarkIndex of this machine in those runs (median and range; it measures the host, not the page). Lighthouse's fixed 4× turns a host of benchmarkIndex about 1,533 into a mid-tier phone; its documentation (docs/throttling.md, \"Calibrating the CPU slowdown\") asks for a smaller slowdown on a slower host and a larger one on a faster host, computed by its CPU throttling calculator. The calibrated row does that: right before each load it measures the host as Lighthouse does (its benchmarkIndex, in a page of the same browser) and slows the page's tasks by the calculator's multiplier (2.6× at 1,100, 4× at 1,533, 6× at 2,000), so that the phone it measures is the same whatever the host.",
        '',
      );
      lines.push(
        "Transport: the server is measured as it is deployed, over HTTPS, where browsers speak HTTP/2 (the goal's rows). The mobile form is measured once more with HTTP/2 switched off in the browser (HTTP/1.1 over the same HTTPS, as a client behind an old proxy, or near `npm start`'s plain HTTP on this machine), for reference: there a page's forty-odd files take turns on six connections, which Lighthouse's simulated slow 4G charges a round trip each. The protocol column is what the page's own requests went over, read from the reports.",
        '',
      );
      lines.push('| page | form | protocol | performance | accessibility | FCP | LCP | TBT | goal | benchmarkIndex | scripts from cache |', '|---|---|---|---:|---:|---:|---:|---:|---|---:|---:|');
      const rows = [
        { form: 'desktop', transport: 'h2' },
        { form: 'mobile', transport: 'h2' },
        { form: 'mobile', transport: 'http/1.1' },
        { form: 'mobile-calibrated', transport: 'h2' },
      ] as const;
      for (const target of targets) {
        for (const { form, transport } of rows) {
          const runs = [];
          for (let i = 0; i < RUNS; i++) {
            const run = await lighthouseRun(server.url, target, form, transport);
            runs.push(run);
            versions.add(run.version);
          }
          const perf = median(runs.map((r) => r.performance));
          const a11y = median(runs.map((r) => r.accessibility));
          const goal = form === 'desktop' ? 0.95 : 0.9;
          const formCell = form === 'mobile-calibrated' ? `mobile, CPU ${median(runs.map((r) => r.slowdown)).toFixed(1)}× (calibrated)` : form;
          const goalCell = transport !== 'h2' ? '(reference)' : `≥ ${goal} ${perf >= goal && a11y >= goal ? '✓' : '✗'}${form === 'mobile-calibrated' ? ' (calibrated)' : ''}`;
          const protocols = [...new Set(runs.flatMap((r) => r.protocols))].join(', ');
          const failing = [...new Set(runs.flatMap((r) => r.failing))];
          if (failing.length) console.log(`${target.name} ${form}: accessibility audits not passed: ${failing.join(', ')}`);
          lines.push(
            `| ${target.name} | ${formCell} | ${protocols} | ${perf.toFixed(2)} | ${a11y.toFixed(2)} | ${median(runs.map((r) => r.fcp)).toFixed(0)} ms | ${median(runs.map((r) => r.lcp)).toFixed(0)} ms | ${median(runs.map((r) => r.tbt)).toFixed(0)} ms | ${goalCell} | ${benchmarkIndexOf(runs)} | ${Math.max(...runs.map((r) => r.fromCache))} |`,
          );
          console.log(lines.at(-1));
        }
      }
      lines[heading] = `### Lighthouse ${[...versions].join(', ')} (median of ${RUNS})`;
      lines.push('');
    } else lines.push(...earlierPart(earlier, '### Lighthouse'), '');

    // INP
    if (!SKIP.has('inp')) {
      const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
      const cases = inpCases(roundTrip);
      lines.push(`### INP with 4× CPU throttling (worst interaction, median of ${RUNS})`, '', 'Event Timing API (interactionId entries, durationThreshold 16 ms) observed from page start; the throttling (CDP Emulation.setCPUThrottlingRate 4) is set once the screen has loaded. Goal ≤ 200 ms.', '');
      lines.push('| screen | INP runs | median | goal |', '|---|---|---:|---|');
      // WEB_BENCH_INP_CASES=assign: only the cases whose name holds one of these words.
      const wanted = process.env.WEB_BENCH_INP_CASES?.split(',');
      for (const c of cases.filter((x) => !wanted || wanted.some((w) => x.name.includes(w)))) {
        const runs: number[] = [];
        try {
          for (let i = 0; i < RUNS; i++) runs.push(await inpOf(browser, server.url, c.path, c.ready, c.interact));
        } catch (error) {
          // One case's script failing (a label changed) leaves the others' figures written.
          lines.push(`| ${c.name} | failed: ${String(error).split('\n')[0]} | — | ✗ |`);
          console.log(lines.at(-1));
          continue;
        }
        const m = median(runs);
        lines.push(`| ${c.name} | ${runs.map((r) => `${r.toFixed(0)}`).join(', ')} ms | ${m.toFixed(0)} ms | ≤ 200 ms ${m <= 200 ? '✓' : '✗'} |`);
        console.log(lines.at(-1));
      }
      await browser.close();
      lines.push('');
    } else lines.push(...earlierPart(earlier, '### INP'), '');
    lines.push(`Load average when the measuring ended: ${loadavg().map((l) => l.toFixed(1)).join(' / ')} (1 / 5 / 15 minutes).`, '');
  } finally {
    await server.stop();
  }
  writeResultsSection('## Web', `${lines.join('\n')}\n`);
}

// Only when run (npm run bench:web): importing the file, as a check that it loads, builds and measures nothing.
if (import.meta.main) await main();
