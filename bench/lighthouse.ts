// Lighthouse mobile (its default: a mid-range phone, simulated slow 4G and CPU) in Debian's
// Chromium, started here with the flags these machines need; the median of `runs` per metric.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';

export interface LighthouseRow {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** The element Lighthouse saw paint largest (first run), as a short snippet. */
  lcpElement: string | null;
}

const CHROMIUM = '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The first DOM snippet anywhere in an audit's details (their shape differs between audits). */
function findSnippet(value: unknown): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const snippet = (value as { snippet?: unknown }).snippet;
  if (typeof snippet === 'string') return snippet;
  for (const v of Object.values(value)) {
    const found = findSnippet(v);
    if (found) return found;
  }
  return undefined;
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

async function startChromium(port: number, profile: string) {
  fs.rmSync(profile, { recursive: true, force: true });
  const child = spawn(
    CHROMIUM,
    [...FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    {
      stdio: 'ignore',
    },
  );
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`chromium exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('chromium did not open its debugging port');
}

/**
 * `reportDir` (the bench's BENCH_LIGHTHOUSE_DIR) keeps each run's whole report there as JSON, to read
 * which audits lose points and the LCP breakdown (TTFB, load delay, load time, render delay).
 */
export async function runLighthouse(
  url: string,
  {
    runs,
    port,
    cookie,
    workDir,
    reportDir,
  }: { runs: number; port: number; cookie?: string; workDir: string; reportDir?: string },
): Promise<LighthouseRow> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing (apt-get install -y chromium)`);
  const chrome = await startChromium(port, path.join(workDir, 'chromium-profile'));
  try {
    const results: LighthouseRow[] = [];
    // A run whose trace failed (NO_NAVSTART and the like) is tried again, twice at most in all.
    let failures = 0;
    while (results.length < runs) {
      const result = await lighthouse(url, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        extraHeaders: cookie ? { Cookie: cookie } : undefined,
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error('Lighthouse returned no result');
      if (lhr.runtimeError) {
        failures += 1;
        if (failures > 2) throw new Error(lhr.runtimeError.message);
        continue;
      }
      if (reportDir) {
        fs.mkdirSync(reportDir, { recursive: true });
        const slug = new URL(url).pathname.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
        const name = `${slug}${cookie ? '-cookie' : ''}-${results.length + 1}.json`;
        fs.writeFileSync(path.join(reportDir, name), JSON.stringify(lhr));
      }
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const lcpAudit = lhr.audits['lcp-breakdown-insight'] ?? lhr.audits['largest-contentful-paint-element'];
      results.push({
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        fcp: audit('first-contentful-paint'),
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        lcpElement: findSnippet(lcpAudit?.details)?.slice(0, 200) ?? null,
      });
    }
    return {
      performance: median(results.map((r) => r.performance)),
      accessibility: median(results.map((r) => r.accessibility)),
      fcp: median(results.map((r) => r.fcp)),
      lcp: median(results.map((r) => r.lcp)),
      tbt: median(results.map((r) => r.tbt)),
      cls: median(results.map((r) => r.cls)),
      lcpElement: results[0]?.lcpElement ?? null,
    };
  } finally {
    const exited = new Promise((r) => chrome.once('exit', r));
    chrome.kill('SIGTERM');
    await exited;
  }
}
