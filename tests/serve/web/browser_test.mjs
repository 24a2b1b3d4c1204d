// The page at / of a running nmt serve, in Debian's chromium driven by
// playwright-core, as a user would use it: pick the pair, type, read the
// translation and its heat map, hover, swap, copy, keyboard only, phone width.
//   NMT_SERVE_URL=http://127.0.0.1:PORT [CHROMIUM=/usr/bin/chromium]
//   [NMT_SCREENSHOT=docs/serve-page.png] node --test browser_test.mjs
// Every check compares the page with the /translate answer it received (or
// with /languages), so it holds for any model, however poorly trained.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { chromium } from 'playwright-core';

const base = process.env.NMT_SERVE_URL;
assert.ok(base, 'set NMT_SERVE_URL to the server, e.g. http://127.0.0.1:5000');
const executablePath = process.env.CHROMIUM || '/usr/bin/chromium';
const sentence = process.env.NMT_WEB_SENTENCE || 'In the beginning God created the heavens and the earth.';

let browser;
const pageErrors = [];

before(async () => {
  assert.ok(fs.existsSync(executablePath), `no browser at ${executablePath} (bash scripts/install.sh installs chromium)`);
  browser = await chromium.launch({ executablePath, headless: true });
});
after(async () => { if (browser) await browser.close(); });

async function openPage(viewport = { width: 960, height: 900 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.on('pageerror', (e) => pageErrors.push(String(e)));
  page.on('requestfailed', (r) => {
    if (r.failure()?.errorText !== 'net::ERR_ABORTED') pageErrors.push(`${r.url()}: ${r.failure()?.errorText}`);
  });
  await page.goto(`${base}/`);
  await page.waitForSelector('html[data-ready="true"]');
  return { context, page };
}

// Resolves with the JSON of the /translate answer to q, once the page shows it.
async function answerShown(page, q, source) {
  const res = await page.waitForResponse((r) => {
    if (!r.url().endsWith('/translate') || r.request().method() !== 'POST') return false;
    const sent = JSON.parse(r.request().postData() || '{}');
    return sent.q === q && (source === undefined || sent.source === source);
  });
  assert.equal(res.status(), 200, `POST /translate answered ${res.status()}: ${await res.text()}`);
  const body = await res.json();
  await page.waitForFunction((t) => document.getElementById('result').textContent === t, body.translatedText);
  return body;
}

async function typeSentence(page, text, source) {
  const shown = answerShown(page, text, source);
  await page.locator('#source-text').fill('');
  await page.locator('#source-text').pressSequentially(text, { delay: 10 });
  return shown;
}

const argmax = (row) => row.reduce((best, w, i) => (w > row[best] ? i : best), 0);

async function languages() {
  const res = await fetch(`${base}/languages`);
  assert.equal(res.status, 200);
  return res.json();
}

test('the page and its assets are served with their content types', async () => {
  for (const [path, type] of [['/', 'text/html'], ['/static/app.js', 'javascript'], ['/static/style.css', 'text/css']]) {
    const res = await fetch(`${base}${path}`);
    assert.equal(res.status, 200, path);
    assert.match(res.headers.get('content-type') || '', new RegExp(type), path);
    assert.ok((await res.text()).length > 100, `${path} is nearly empty`);
  }
});

test('the selects offer the pairs of /languages', async () => {
  const langs = await languages();
  const { context, page } = await openPage();
  const sources = await page.$$eval('#source-lang option', (os) => os.map((o) => o.value));
  assert.deepEqual(sources, ['auto', ...langs.filter((l) => l.targets.length).map((l) => l.code)]);
  for (const l of langs.filter((x) => x.targets.length)) {
    await page.selectOption('#source-lang', l.code);
    const targets = await page.$$eval('#target-lang option', (os) => os.map((o) => o.value));
    assert.deepEqual(targets, l.targets, `targets of ${l.code}`);
  }
  await context.close();
});

test('typing shows the translation and a heat map with one cell per (source piece, target piece)', async () => {
  const { context, page } = await openPage();
  await page.selectOption('#source-lang', 'en');
  await page.selectOption('#target-lang', 'es');
  const body = await typeSentence(page, sentence);
  assert.ok(body.translatedText.length > 0, 'empty translation');
  assert.ok(Array.isArray(body.attention) && body.attention.length >= 1, 'no attention in the answer');

  const tables = await page.$$('#heatmaps table');
  assert.equal(tables.length, body.attention.length, 'one heat map per sentence');
  for (const [i, a] of body.attention.entries()) {
    assert.equal(a.weights.length, a.target.length, `sentence ${i}: one row of weights per target piece`);
    const table = `#heatmaps table[data-sentence="${i}"]`;
    const cells = await page.$$eval(`${table} td[data-t][data-s]`,
      (tds) => tds.map((td) => [Number(td.dataset.t), Number(td.dataset.s), td.dataset.w]));
    assert.equal(cells.length, a.source.length * a.target.length,
      `sentence ${i}: ${cells.length} cells for ${a.source.length} source x ${a.target.length} target pieces`);
    for (const [t, s, w] of cells) assert.equal(w, a.weights[t][s].toFixed(4), `cell (${t}, ${s})`);
    const heads = await page.$$eval(`${table} th.src`, (ths) => ths.map((th) => th.querySelector('.piece').title));
    assert.deepEqual(heads, a.source, 'column headers are the source pieces');
    const rows = await page.$$eval(`${table} th.tgt`, (ths) => ths.map((th) => th.querySelector('.piece').title));
    assert.deepEqual(rows, a.target, 'row headers are the target pieces');
  }
  assert.equal(await page.isVisible('#attention'), true);
  await context.close();
});

test('hovering or focusing a target piece highlights the source pieces it attends to', async () => {
  const { context, page } = await openPage();
  await page.selectOption('#source-lang', 'en');
  await page.selectOption('#target-lang', 'es');
  const body = await typeSentence(page, sentence);
  const a = body.attention[0];
  assert.equal(a.weights.length, a.target.length, 'one row of weights per target piece');
  const table = '#heatmaps table[data-sentence="0"]';
  const highlighted = () => page.$eval(table, (el) => ({
    row: el.querySelector('tr.active')?.dataset.t,
    top: [...el.querySelectorAll('th.src.top')].map((th) => th.dataset.s),
    shades: [...el.querySelectorAll('th.src')].map((th) => th.style.getPropertyValue('--a')),
  }));

  for (let t = 0; t < a.target.length; t++) {
    await page.hover(`${table} th.tgt[data-t="${t}"]`);
    const h = await highlighted();
    assert.equal(h.row, String(t), `hovering target piece ${t}`);
    assert.deepEqual(h.top, [String(argmax(a.weights[t]))], `source piece most attended by target piece ${t}`);
    assert.deepEqual(h.shades, a.weights[t].map((w) => w.toFixed(4)), `source shades for target piece ${t}`);
  }
  // A cell highlights its row too.
  await page.hover(`${table} td[data-t="0"][data-s="0"]`);
  assert.equal((await highlighted()).row, '0');

  // Keyboard: the first target piece is the table's tab stop; arrows move.
  await page.mouse.move(0, 0);
  await page.focus(`${table} th.tgt[data-t="0"]`);
  assert.equal((await highlighted()).row, '0');
  if (a.target.length > 1) {
    await page.keyboard.press('ArrowDown');
    const h = await highlighted();
    assert.equal(h.row, '1', 'ArrowDown moves to the next target piece');
    assert.deepEqual(h.top, [String(argmax(a.weights[1]))]);
    assert.equal(await page.evaluate(() => document.activeElement.dataset.t), '1');
    await page.keyboard.press('End');
    assert.equal((await highlighted()).row, String(a.target.length - 1), 'End moves to the last');
  }

  const shot = process.env.NMT_SCREENSHOT;
  if (shot) {
    // The target piece (not </s>) that attends most sharply: the clearest picture.
    const rows = a.target.map((piece, i) => i).filter((i) => a.target[i] !== '</s>');
    const t = rows.reduce((best, i) => (Math.max(...a.weights[i]) > Math.max(...a.weights[best]) ? i : best), rows[0] ?? 0);
    await page.evaluate(() => document.activeElement.blur());
    await page.hover(`${table} th.tgt[data-t="${t}"]`);
    await page.screenshot({ path: shot, fullPage: true });
    console.log(`# screenshot: ${shot}`);
  }
  await context.close();
});

test('keyboard only: tab to the text, type, Ctrl+Enter, tab to Copy, Enter', async () => {
  const { context, page } = await openPage();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  const order = [];
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    const id = await page.evaluate(() => document.activeElement.id);
    order.push(id);
    if (id === 'source-text') break;
  }
  assert.ok(order.includes('source-lang') && order.includes('target-lang'), `tab order ${order}`);
  assert.ok(order.indexOf('source-lang') < order.indexOf('target-lang'), `tab order ${order}`);
  assert.equal(order.at(-1), 'source-text', `tab order ${order}`);

  const shown = answerShown(page, sentence);
  await page.keyboard.type(sentence);
  await page.keyboard.press('Control+Enter');
  const body = await shown;

  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'copy');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /Copied/.test(document.getElementById('status').textContent));
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), body.translatedText);
  await context.close();
});

test('swap is offered only where the reverse model is loaded, and translates back', async () => {
  const langs = await languages();
  const { context, page } = await openPage();
  await page.selectOption('#source-lang', 'en');
  await page.selectOption('#target-lang', 'es');
  const reverse = (langs.find((l) => l.code === 'es')?.targets || []).includes('en');
  assert.equal(await page.isDisabled('#swap'), !reverse);
  if (!reverse) { await context.close(); return; }

  const first = await typeSentence(page, sentence);
  const back = answerShown(page, first.translatedText, 'es');
  await page.click('#swap');
  await back;
  assert.equal(await page.inputValue('#source-lang'), 'es');
  assert.equal(await page.inputValue('#target-lang'), 'en');
  assert.equal(await page.inputValue('#source-text'), first.translatedText);
  await page.selectOption('#source-lang', 'auto');
  assert.equal(await page.isDisabled('#swap'), true, 'no swap from "Detect language"');
  await context.close();
});

test('"Detect language" shows the language the server detected', async () => {
  const { context, page } = await openPage();
  await page.selectOption('#source-lang', 'auto');
  await page.selectOption('#target-lang', 'es');
  const body = await typeSentence(page, sentence, 'auto');
  const langs = await languages();
  const name = langs.find((l) => l.code === body.detectedLanguage.language)?.name || body.detectedLanguage.language;
  assert.match(await page.textContent('#detected'), new RegExp(`Detected: ${name}`));
  await context.close();
});

test('at 360 px wide the page does not scroll sideways, heat map included', async () => {
  const { context, page } = await openPage({ width: 360, height: 780 });
  await page.selectOption('#source-lang', 'en');
  await page.selectOption('#target-lang', 'es');
  const long = `${sentence} ${sentence}`;
  await typeSentence(page, long);
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    view: document.documentElement.clientWidth,
    table: document.querySelector('#heatmaps table').scrollWidth,
  }));
  assert.ok(widths.page <= widths.view, `page is ${widths.page} px wide in a ${widths.view} px viewport`);
  assert.ok(widths.table > 0);
  for (const id of ['source-lang', 'target-lang', 'source-text', 'copy']) {
    const box = await page.locator(`#${id}`).boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= widths.view, `#${id} sticks out: ${JSON.stringify(box)}`);
  }
  await context.close();
});

test('a file chosen or dropped comes back translated, with progress and a download', async () => {
  const { context, page } = await openPage();
  await page.waitForSelector('html[data-files-ready="true"]');
  assert.equal(await page.isVisible('#files'), true);
  await page.selectOption('#source-lang', 'en');
  await page.selectOption('#target-lang', 'es');
  const answered = page.waitForResponse((r) => r.url().endsWith('/translate_file'));
  await page.setInputFiles('#file', { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from(`${sentence}\n`) });
  assert.equal((await answered).status(), 200);
  await page.waitForSelector('#file-download:not([hidden])');
  assert.match(await page.getAttribute('#file-download', 'href'), /^\/download_file\/[0-9a-f]{32}\.notes\.txt$/);
  assert.equal(await page.isVisible('#file-progress'), false, 'the progress bar goes once the file is back');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#file-download')]);
  assert.equal(download.suggestedFilename(), 'notes.txt');
  const plain = await (await fetch(`${base}/translate`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ q: sentence, source: 'en', target: 'es' }),
  })).json();
  assert.equal(fs.readFileSync(await download.path(), 'utf8'), `${plain.translatedText}\n`);

  // Dropped on the zone: a DataTransfer holding a Markdown file.
  const dropped = page.waitForResponse((r) => r.url().endsWith('/translate_file'));
  const transfer = await page.evaluateHandle((text) => {
    const dt = new DataTransfer();
    dt.items.add(new File([text], 'dropped.md', { type: 'text/markdown' }));
    return dt;
  }, `# ${sentence}\n`);
  await page.dispatchEvent('#drop', 'drop', { dataTransfer: transfer });
  assert.equal((await dropped).status(), 200);
  await page.waitForFunction(() => /dropped\.md$/.test(document.getElementById('file-download').getAttribute('href')));

  // A format the server does not take: said on the page, nothing sent.
  await page.setInputFiles('#file', { name: 'notes.rtf', mimeType: 'application/rtf', buffer: Buffer.from('{\\rtf1}') });
  await page.waitForFunction(() => /notes\.rtf: this server translates \.txt/.test(document.getElementById('file-status').textContent));
  assert.equal(await page.isVisible('#file-download'), false);
  await context.close();
});

test('/docs lists every endpoint of /spec with its fields', async () => {
  const spec = await (await fetch(`${base}/spec`)).json();
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on('pageerror', (e) => pageErrors.push(String(e)));
  await page.goto(`${base}/docs`);
  await page.waitForSelector('html[data-ready="true"]');
  const headings = await page.$$eval('#endpoints h2', (hs) => hs.map((h) => h.textContent));
  const expected = Object.entries(spec.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`));
  assert.deepEqual(headings, expected);
  const fileFields = await page.$$eval('#post--translate-file table.api tbody th', (ths) => ths.map((th) => th.textContent));
  assert.deepEqual(fileFields.slice(0, 4), ['file', 'source', 'target', 'api_key']);
  await context.close();
});

test('no script errors or failed requests on the page', () => {
  assert.deepEqual(pageErrors, []);
});
