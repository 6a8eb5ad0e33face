// Runs Lighthouse on several pages with one Chromium (TestLighthouse):
// starting Node, Lighthouse and a browser for each page cost more than
// the audits. Each page is audited as `lighthouse URL` would: in a new
// tab, only the accessibility and SEO categories (robots.txt read from the page).
//
//	node lighthouse.mjs NODE_MODULES CHROMIUM PROFILE_DIR [--perf=mobile|--perf=desktop] URL...
//
// With --perf (TestLighthouseBudgets), the performance category instead,
// on Lighthouse's mobile profile (its default: a mid-range phone, 4× CPU
// slowdown, slow 4G, simulated) or its desktop one (--preset=desktop):
// only its audits are read there (accessibility and SEO are
// TestLighthouse's, on the same kinds of pages), and the other three
// categories' gatherers (axe, the links' listeners, the console and
// issues) took a quarter of the CPU of each page.
//
// Prints a JSON array of the reports (Lighthouse's lhr), one per URL in
// order, and the time each took on stderr; exits 1 on the first page Lighthouse cannot audit.
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {createRequire} from 'node:module';

const [modules, chromePath, profile, ...urls] = process.argv.slice(2);
// remember replaces obj[name], a pure function, by one that keeps its
// answer for each key(...args) (copy, if given, copies it for the caller).
function remember(obj, name, key, copy = (v) => v) {
  const fn = obj[name], kept = new Map();
  obj[name] = function (...args) {
    const k = key(...args);
    if (!kept.has(k)) {
      kept.set(k, fn.apply(this, args));
    }
    return copy(kept.get(k));
  };
}
// Lighthouse formats each string it makes (each audit's title and
// description, at config validation and in each report) with a new
// IntlMessageFormat, which asks ICU for the supported locales, makes a new
// Intl.Locale and parses its ICU message again, for a few hundred distinct
// messages. In profiles of four pages (node --cpu-prof), the locales asked
// of ICU were 2.0 of 13.5 s of this process's CPU, and once they were
// kept, the Intl.Locale and parsing were 5.2 of 20.4 s. The answers cannot change within the process:
// the same locales give the same list (copied: an array), the same
// Intl.Locale (immutable), and the same message the same syntax tree,
// which formatting only reads. The class is the one Lighthouse's
// format.js imports (the same CommonJS module).
remember(Intl.NumberFormat, 'supportedLocalesOf', (locales, options) => JSON.stringify([locales, options]), (a) => a.slice());
{
  const imf = createRequire(path.join(modules, 'lighthouse', 'package.json'))('intl-messageformat');
  const IMF = imf.IntlMessageFormat || imf.default || imf;
  remember(IMF, 'resolveLocale', (locales) => JSON.stringify(locales));
  remember(IMF, '__parse', (message, opts) => JSON.stringify([message, {...opts, locale: String(opts && opts.locale)}]));
}
const load = (p) => import(pathToFileURL(path.join(modules, p)).href);
const {default: lighthouse} = await load('lighthouse/core/index.js');
const chromeLauncher = await load('chrome-launcher/dist/index.js');
// Lighthouse measures the machine on every run (BenchmarkIndex: a second
// of busy loops in the page, a sixth of an accessibility run's CPU). Only
// the report's environment section and the slow-machine warning of the
// lighthouse command read it, no audit (the performance metrics are
// simulated with the throttling settings): it is not measured here.
const {pageFunctions} = await load('lighthouse/core/lib/page-functions.js');
pageFunctions.computeBenchmarkIndex = function computeBenchmarkIndex() { return -1; };
let perf = '', config;
if (urls.length && urls[0].startsWith('--perf=')) {
  perf = urls.shift().slice('--perf='.length);
  if (perf === 'desktop') {
    config = (await load('lighthouse/core/config/desktop-config.js')).default;
  } else if (perf !== 'mobile') {
    console.error(`lighthouse.mjs: --perf=${perf}: want mobile or desktop`);
    process.exit(2);
  }
}

const chrome = await chromeLauncher.launch({
  chromePath,
  userDataDir: profile,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
const reports = [];
let failed = false;
try {
  for (const url of urls) {
    const start = Date.now();
    const r = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: perf ? ['performance'] : ['accessibility', 'seo'],
      // The report's picture of the whole page: no audit of these
      // categories reads it, and it took a fifth of each page's time.
      disableFullPageScreenshot: true,
    }, config);
    if (!r || r.lhr.runtimeError) {
      console.error(`lighthouse ${url}: ${r ? r.lhr.runtimeError.code + ' ' + r.lhr.runtimeError.message : 'no result'}`);
      failed = true;
      break;
    }
    reports.push(r.lhr);
    console.error(`${perf ? perf + ' ' : ''}${url}: ${Date.now() - start} ms`);
  }
} finally {
  await chrome.kill();
}
if (failed) {
  process.exit(1);
}
process.stdout.write(JSON.stringify(reports));
