// One thin driver over the three browser engines a player uses: Chromium
// (Playwright, Debian's chromium), Firefox (puppeteer-core over WebDriver
// BiDi, Debian's firefox-esr) and WebKit (selenium-webdriver over
// WebKitWebDriver, Debian's webkit2gtk-driver, under xvfb-run). A test
// written against it runs in each: pages are driven by CSS selectors, real
// clicks and keys, and scripts run in the page.
//
// `init` (Chromium, Firefox) runs before each document's own scripts; WebKit
// has no such hook over classic WebDriver.
//
//   const browser = await launch('firefox');
//   const page = await browser.newPage({ width: 390, height: 844 });
//   await page.goto(url); await page.click('nav button'); ...
//
// ENGINES (comma-separated) picks the engines; all three by default.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { chromium } from 'playwright-core';
import { launchOptions } from './browser.mjs';

export const ENGINES = (process.env.ENGINES ?? 'chromium,firefox,webkit').split(',').filter(Boolean);

const FIREFOX = process.env.FIREFOX ?? '/usr/bin/firefox-esr';
const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER ?? '/usr/bin/WebKitWebDriver';
const MINIBROWSER = process.env.MINIBROWSER ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
// (MiniBrowser keeps its window at least 447 px wide: narrower sizes are 447 there.)

/** Polls `fn(arg)` in the page until it is truthy; its value. */
async function poll(evaluate, fn, arg, { timeout = 30000, interval = 50 } = {}) {
  const until = Date.now() + timeout;
  let last;
  for (;;) {
    try {
      last = await evaluate(fn, arg);
      if (last) return last;
    } catch (e) {
      // A page between two documents (a reload) answers nothing for a moment.
      if (Date.now() > until) throw e;
    }
    if (Date.now() > until) throw new Error(`timed out after ${timeout} ms waiting for ${fn}`);
    await new Promise((r) => setTimeout(r, interval));
  }
}

/** Records the page's own errors (those a driver cannot hear itself). */
const LISTEN = `(() => {
  if (window.__engineErrors) return;
  window.__engineErrors = [];
  addEventListener('error', (e) => window.__engineErrors.push('page error: ' + e.message));
  addEventListener('unhandledrejection', (e) => window.__engineErrors.push('unhandled rejection: ' + e.reason));
  const error = console.error.bind(console);
  console.error = (...a) => { window.__engineErrors.push('console error: ' + a.join(' ')); error(...a); };
})()`;

async function chromiumEngine() {
  const browser = await chromium.launch(launchOptions);
  return {
    name: 'chromium',
    version: browser.version(),
    async newPage({ width = 1280, height = 800, locale = 'en', init = null } = {}) {
      const context = await browser.newContext({ viewport: { width, height }, locale });
      if (init) await context.addInitScript(init);
      const page = await context.newPage();
      const problems = [];
      page.on('console', (m) => { if (m.type() === 'error') problems.push(`console error: ${m.text()}`); });
      page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
      const evaluate = (fn, arg) => page.evaluate(fn, arg);
      return {
        problems,
        goto: (url) => page.goto(url),
        evaluate,
        click: (css) => page.locator(css).first().click(),
        press: (key) => page.keyboard.press(key),
        fill: (css, text) => page.locator(css).first().fill(text),
        waitFor: (fn, arg, o) => poll(evaluate, fn, arg, o),
        screenshot: (path) => page.screenshot({ path }),
        close: () => context.close(),
      };
    },
    close: () => browser.close(),
  };
}

async function firefoxEngine() {
  const puppeteer = (await import('puppeteer-core')).default;
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    extraPrefsFirefox: { 'intl.accept_languages': 'en' },
  });
  return {
    name: 'firefox',
    version: await browser.version(),
    async newPage({ width = 1280, height = 800, init = null } = {}) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ width, height });
      if (init) await page.evaluateOnNewDocument(init);
      const problems = [];
      page.on('console', (m) => { if (m.type() === 'error') problems.push(`console error: ${m.text()}`); });
      page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
      const evaluate = (fn, arg) => page.evaluate(fn, arg);
      return {
        problems,
        goto: (url) => page.goto(url),
        evaluate,
        click: async (css) => {
          await page.waitForSelector(css, { visible: true });
          await page.click(css);
        },
        press: async (key) => {
          const [mod, k] = key.includes('+') ? key.split('+') : [null, key];
          if (mod) await page.keyboard.down(mod);
          await page.keyboard.press(k);
          if (mod) await page.keyboard.up(mod);
        },
        fill: async (css, text) => {
          await page.$eval(css, (e) => { e.value = ''; });
          await page.type(css, text);
        },
        waitFor: (fn, arg, o) => poll(evaluate, fn, arg, o),
        screenshot: (path) => page.screenshot({ path }),
        close: () => context.close(),
      };
    },
    close: () => browser.close(),
  };
}

/** A free TCP port on this machine. */
function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
    s.on('error', reject);
  });
}

async function webkitEngine() {
  const { Builder, By, Key } = await import('selenium-webdriver');
  const port = await freePort();
  const server = spawn('xvfb-run', ['-a', WEBKIT_DRIVER, `--port=${port}`], { stdio: 'ignore', detached: true });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try { if ((await fetch(`${url}/status`)).ok) break; } catch { /* not yet */ }
    if (i > 100) throw new Error('WebKitWebDriver did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const sessions = [];
  const keys = { Enter: Key.ENTER, Tab: Key.TAB, Escape: Key.ESCAPE, Shift: Key.SHIFT, ArrowLeft: Key.ARROW_LEFT, ArrowRight: Key.ARROW_RIGHT, Home: Key.HOME, End: Key.END };
  return {
    name: 'webkit',
    version: 'WebKitGTK',
    async newPage({ width = 1280, height = 800 } = {}) {
      const driver = await new Builder().usingServer(url).withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
      }).build();
      sessions.push(driver);
      await driver.manage().window().setRect({ width, height });
      const version = (await driver.getCapabilities()).get('browserVersion');
      this.version = `WebKitGTK ${version}`;
      const evaluate = (fn, arg) => driver.executeAsyncScript(
        `const done = arguments[arguments.length - 1];
         Promise.resolve((${fn})(arguments[0])).then(done, (e) => done({ __error: String(e) }));`, arg,
      ).then((v) => { if (v && v.__error) throw new Error(v.__error); return v; });
      const problems = [];
      const page = {
        problems,
        async goto(to) {
          await driver.get(to);
          await driver.executeScript(LISTEN);
        },
        evaluate,
        // As Playwright does, a click waits (up to 5 s) while something
        // else still covers the element (a menu closing, a form growing as
        // it comes in, which leaves the element under the form's sticky
        // buttons): it brings the element to the middle again and retries.
        async click(css) {
          const until = Date.now() + 5000;
          for (;;) {
            try {
              await (await driver.findElement(By.css(css))).click();
              return;
            } catch (e) {
              if (e.name !== 'ElementClickInterceptedError') throw e;
              const over = await driver.executeScript(`const e = document.querySelector(arguments[0]);
                e?.scrollIntoView({ block: 'center' });
                const r = e?.getBoundingClientRect();
                return r && document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)?.outerHTML.slice(0, 200);`, css);
              if (Date.now() > until) throw new Error(`${css} stays covered by ${over}`);
              await new Promise((r) => setTimeout(r, 100));
            }
          }
        },
        async press(key) {
          const [mod, k] = key.includes('+') ? key.split('+') : [null, key];
          const actions = driver.actions();
          if (mod) actions.keyDown(keys[mod]);
          actions.sendKeys(keys[k] ?? k);
          if (mod) actions.keyUp(keys[mod]);
          await actions.perform();
        },
        async fill(css, text) {
          const e = await driver.findElement(By.css(css));
          await e.clear();
          await e.sendKeys(text);
        },
        waitFor: (fn, arg, o) => poll(evaluate, fn, arg, o),
        async screenshot(path) {
          const { writeFile } = await import('node:fs/promises');
          await writeFile(path, Buffer.from(await driver.takeScreenshot(), 'base64'));
        },
        async close() {
          problems.push(...(await driver.executeScript('return window.__engineErrors ?? []').catch(() => [])));
          await driver.quit();
          sessions.splice(sessions.indexOf(driver), 1);
        },
      };
      return page;
    },
    async close() {
      for (const d of sessions) await d.quit().catch(() => {});
      try { process.kill(-server.pid); } catch { /* gone */ }
    },
  };
}

/** Starts `engine` ('chromium', 'firefox' or 'webkit'). */
export async function launch(engine) {
  switch (engine) {
    case 'chromium': return chromiumEngine();
    case 'firefox': return firefoxEngine();
    case 'webkit': return webkitEngine();
    default: throw new Error(`no engine named ${engine}: chromium, firefox or webkit`);
  }
}
