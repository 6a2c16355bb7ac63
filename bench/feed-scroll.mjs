// The news feed in Chromium with ≥ 5,000 headlines loaded: long tasks and frame times while the
// mouse wheel scrolls through them (bench/news.mjs). Target: no long task over 50 ms.
import { chromium } from '@playwright/test';
import { percentile, logInPage } from './lib.mjs';

const round = (ms) => Math.round(ms * 10) / 10;

/** Long tasks (buffered, so none is missed) and every animation frame's time since the one before. */
function observeMainThread() {
  const w = /** @type {any} */ (window);
  w.__benchLongTasks = [];
  w.__benchFrames = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.__benchLongTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  let last = 0;
  const frame = (/** @type {number} */ now) => {
    if (last) w.__benchFrames.push({ at: now, delta: now - last });
    last = now;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/**
 * Signs in, opens /news/feed and wheels down until `items` headlines are loaded (infinite scroll,
 * pages of 200 with a (ts, id) cursor). Then the measured pass: back to the top, and wheel events of
 * `step` px, one after the other (each waits for the browser to take the one before: ≈ 70 ms here),
 * to the bottom of what was loaded and back up, collecting the
 * long tasks and frame times of that pass. The loading phase's long tasks (pages appended while
 * wheeling down in big steps) are reported apart; the page load before it is not counted.
 */
export async function feedScroll(
  base,
  { email = 'trader@example.com', password = 'meridian-demo', items = 5000, step = 400 } = {},
) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.addInitScript(observeMainThread);
    await logInPage(page, base, email, password);
    await page.goto(`${base}/news/feed`);
    await page.getByTestId('news-row').first().waitFor();
    const scroller = page.getByTestId('news-scroll');
    const feed = page.getByTestId('news-feed');
    const box = await scroller.boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const position = () => scroller.evaluate((el) => ({ top: el.scrollTop, bottom: el.scrollHeight - el.clientHeight }));
    const loadedCount = async () => Number(await feed.getAttribute('data-items'));

    const loadFrom = await page.evaluate(() => performance.now());
    const loadStart = Date.now();
    let loaded = await loadedCount();
    while (loaded < items) {
      if (Date.now() - loadStart > 300_000) throw new Error(`only ${loaded} headlines after 5 minutes`);
      await page.mouse.wheel(0, 5000);
      await page.waitForTimeout(50);
      loaded = await loadedCount();
    }
    const loadSeconds = (Date.now() - loadStart) / 1000;
    const loadTo = await page.evaluate(() => performance.now());

    for (let { top } = await position(); top > 0; { top } = await position()) await page.mouse.wheel(0, -50_000);
    await page.waitForTimeout(1000);
    const { bottom } = await position();
    const from = await page.evaluate(() => performance.now());
    const started = Date.now();
    let top = 0;
    for (let i = 1; top < bottom - 1; i++) {
      await page.mouse.wheel(0, step);
      if (i % 10 === 0) ({ top } = await position());
    }
    for (let i = 1; top > 0; i++) {
      await page.mouse.wheel(0, -step);
      if (i % 10 === 0) ({ top } = await position());
    }
    await page.waitForTimeout(500);
    const seconds = (Date.now() - started) / 1000;
    const to = await page.evaluate(() => performance.now());
    const { tasks, frames } = await page.evaluate(() => {
      const w = /** @type {any} */ (window);
      return { tasks: w.__benchLongTasks, frames: w.__benchFrames };
    });
    const during = tasks.filter((t) => t.start >= from && t.start <= to).map((t) => t.duration);
    const loading = tasks.filter((t) => t.start >= loadFrom && t.start <= loadTo).map((t) => t.duration);
    const deltas = frames
      .filter((f) => f.at >= from && f.at <= to)
      .map((f) => f.delta)
      .sort((a, b) => a - b);
    return {
      items: loaded,
      itemsAfter: await loadedCount(),
      loadSeconds,
      loadLongTasks: loading.length,
      loadLongest: round(Math.max(0, ...loading)),
      px: Math.round(bottom),
      step,
      seconds,
      longTasks: during.length,
      longest: round(Math.max(0, ...during)),
      frames: deltas.length,
      frameP50: round(percentile(deltas, 50)),
      frameP99: round(percentile(deltas, 99)),
    };
  } finally {
    await browser.close();
  }
}
