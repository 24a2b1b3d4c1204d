// The page at / of nmt serve: pick a pair from /languages, translate as the
// user types (debounced, older requests aborted), swap, copy, and draw the
// cross-attention of the last translation as one heat map per sentence.
// Plain DOM, no build step; server text only ever goes in through textContent.
'use strict';

(() => {
  const $ = (id) => document.getElementById(id);
  const ui = {
    form: $('translator'), source: $('source-lang'), target: $('target-lang'), swap: $('swap'),
    text: $('source-text'), count: $('char-count'), result: $('result'), copy: $('copy'),
    detected: $('detected'), status: $('status'), attention: $('attention'), heatmaps: $('heatmaps'),
    keyField: $('api-key-field'), key: $('api-key'),
  };
  const state = {
    languages: [],          // /languages: [{code, name, targets}]
    names: new Map(),       // code -> name
    charLimit: -1,
    debounceMs: 500,
    timer: 0,
    seq: 0,                 // the newest request; answers to older ones are dropped
    controller: null,
  };

  async function getJSON(url, init) {
    const res = await fetch(url, init);
    let body = null;
    try { body = await res.json(); } catch (_) { /* not JSON: reported by status below */ }
    if (!res.ok) throw new Error(body && body.error ? body.error : `${res.status} ${res.statusText}`);
    return body;
  }

  function setStatus(message, isError = false) {
    ui.status.textContent = message;
    ui.status.classList.toggle('error', isError);
  }

  const nameOf = (code) => state.names.get(code) || code;

  function option(value, label) {
    const o = document.createElement('option');
    o.value = value;
    o.textContent = label;
    return o;
  }

  function targetsOf(source) {
    if (source === 'auto') {
      return [...new Set(state.languages.flatMap((l) => l.targets))];
    }
    const lang = state.languages.find((l) => l.code === source);
    return lang ? lang.targets : [];
  }

  function fillSources(preferred) {
    const sources = state.languages.filter((l) => l.targets.length > 0);
    ui.source.replaceChildren(option('auto', 'Detect language'),
      ...sources.map((l) => option(l.code, l.name)));
    const pick = sources.find((l) => l.code === preferred) || sources[0];
    if (pick) ui.source.value = pick.code;
  }

  function fillTargets(preferred) {
    const keep = ui.target.value || preferred;
    const targets = targetsOf(ui.source.value);
    ui.target.replaceChildren(...targets.map((c) => option(c, nameOf(c))));
    if (targets.includes(keep)) ui.target.value = keep;
    else if (targets.includes(preferred)) ui.target.value = preferred;
  }

  // Swapping needs the reverse model: the target must translate back into the source.
  function updateSwap() {
    const s = ui.source.value, t = ui.target.value;
    ui.swap.disabled = !(s !== 'auto' && t && targetsOf(t).includes(s));
    ui.swap.title = ui.swap.disabled && s !== 'auto'
      ? `No ${nameOf(t)} → ${nameOf(s)} model is loaded` : 'Swap languages';
  }

  function updateCount() {
    const n = [...ui.text.value].length;   // code points, as the server counts
    ui.count.textContent = state.charLimit > 0 ? `${n} / ${state.charLimit}` : `${n}`;
    ui.count.classList.toggle('over', state.charLimit > 0 && n > state.charLimit);
    return n;
  }

  function clearResult() {
    ui.result.textContent = '';
    ui.detected.textContent = '';
    ui.copy.disabled = true;
    renderAttention(null);
  }

  function setBusy(busy) {
    ui.form.classList.toggle('busy', busy);
    if (busy) ui.result.setAttribute('aria-busy', 'true');
    else ui.result.removeAttribute('aria-busy');
  }

  function schedule() {
    clearTimeout(state.timer);
    updateCount();
    state.timer = setTimeout(translateNow, state.debounceMs);
  }

  async function translateNow() {
    clearTimeout(state.timer);
    if (state.controller) state.controller.abort();
    const q = ui.text.value;
    const n = updateCount();
    const seq = ++state.seq;
    setBusy(false);
    if (!q.trim()) {
      clearResult();
      setStatus('');
      return;
    }
    if (state.charLimit > 0 && n > state.charLimit) {
      setStatus(`The text has ${n} characters; this server takes at most ${state.charLimit}.`, true);
      return;
    }
    const controller = new AbortController();
    state.controller = controller;
    const request = { q, source: ui.source.value, target: ui.target.value, format: 'text', attention: true };
    if (ui.key && ui.key.value) request.api_key = ui.key.value;
    setBusy(true);
    try {
      const body = await getJSON('/translate', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(request),
        signal: controller.signal,
      });
      if (seq !== state.seq) return;
      showResult(body);
      setStatus('');
    } catch (e) {
      if (seq !== state.seq || e.name === 'AbortError') return;
      setStatus(`Translation failed: ${e.message}`, true);
    } finally {
      if (seq === state.seq) setBusy(false);
    }
  }

  function showResult(body) {
    ui.result.textContent = body.translatedText;
    ui.copy.disabled = !body.translatedText;
    const d = body.detectedLanguage;
    ui.detected.textContent = d ? `Detected: ${nameOf(d.language)} (${Math.round(d.confidence)}%)` : '';
    renderAttention(body.attention);
  }

  async function copyResult() {
    const text = ui.result.textContent;
    try {
      await navigator.clipboard.writeText(text);
    } catch (_) {
      // No async clipboard outside secure contexts (plain http on a LAN address).
      const area = document.createElement('textarea');
      area.value = text;
      area.setAttribute('readonly', '');
      area.className = 'offscreen';
      document.body.append(area);
      area.select();
      const ok = document.execCommand('copy');
      area.remove();
      if (!ok) { setStatus('Copying failed: select the translation and copy it by hand.', true); return; }
    }
    setStatus('Copied the translation.');
  }

  function swap() {
    if (ui.swap.disabled) return;
    const s = ui.source.value, t = ui.target.value;
    const translated = ui.result.textContent;
    ui.source.value = t;
    ui.target.value = '';
    fillTargets(s);
    updateSwap();
    if (translated) ui.text.value = translated;
    translateNow();
  }

  // ---- the heat map ---------------------------------------------------------

  // A SentencePiece piece as shown: the word-start mark becomes a left rule (CSS).
  function pieceLabel(piece) {
    const span = document.createElement('span');
    span.className = 'piece';
    const wordStart = piece.startsWith('\u2581');
    const text = wordStart ? piece.slice(1) : piece;
    span.textContent = text || '\u2423';
    if (wordStart) span.classList.add('word');
    span.title = piece;
    return span;
  }

  function renderAttention(sentences) {
    ui.heatmaps.replaceChildren();
    const list = Array.isArray(sentences) ? sentences.filter((a) => a && a.source && a.target) : [];
    ui.attention.hidden = list.length === 0;
    list.forEach((a, i) => ui.heatmaps.append(heatmap(a, i, list.length)));
  }

  // One table: a row per target piece (row header = the piece, focusable), a
  // column per source piece; cell (t, s) is shaded by weights[t][s].
  function heatmap(a, index, count) {
    const figure = document.createElement('figure');
    figure.className = 'heatmap';
    const caption = document.createElement('figcaption');
    caption.textContent = count > 1 ? `Sentence ${index + 1} of ${count}` : 'Sentence';
    caption.id = `heatmap-caption-${index}`;
    const scroller = document.createElement('div');
    scroller.className = 'scroller';
    scroller.tabIndex = 0;     // wide tables scroll inside, reachable by keyboard
    scroller.setAttribute('role', 'region');
    scroller.setAttribute('aria-labelledby', caption.id);

    const table = document.createElement('table');
    table.dataset.sentence = String(index);
    const head = table.createTHead().insertRow();
    const corner = document.createElement('th');
    corner.className = 'corner';
    corner.innerHTML = '<span>target ↓</span> <span>source →</span>';
    head.append(corner);
    a.source.forEach((piece, s) => {
      const th = document.createElement('th');
      th.scope = 'col';
      th.className = 'src';
      th.dataset.s = String(s);
      th.append(pieceLabel(piece));
      head.append(th);
    });

    const body = table.createTBody();
    a.target.forEach((piece, t) => {
      const row = body.insertRow();
      row.dataset.t = String(t);
      const th = document.createElement('th');
      th.scope = 'row';
      th.className = 'tgt';
      th.dataset.t = String(t);
      th.tabIndex = t === 0 ? 0 : -1;   // one tab stop per table; arrows move within
      th.append(pieceLabel(piece));
      row.append(th);
      const weights = a.weights[t] || [];
      a.source.forEach((_, s) => {
        const w = Number(weights[s]) || 0;
        const td = row.insertCell();
        td.dataset.t = String(t);
        td.dataset.s = String(s);
        td.dataset.w = w.toFixed(4);
        td.style.setProperty('--w', w.toFixed(4));
        const hidden = document.createElement('span');
        hidden.className = 'offscreen';
        hidden.textContent = `${Math.round(w * 100)}%`;
        td.append(hidden);
      });
    });

    const sourceHeads = [...head.querySelectorAll('th.src')];
    const highlight = (t) => {
      table.querySelectorAll('tr.active').forEach((r) => r.classList.remove('active'));
      sourceHeads.forEach((th) => { th.classList.remove('top'); th.style.removeProperty('--a'); });
      if (t < 0) return;
      body.rows[t].classList.add('active');
      const weights = a.weights[t] || [];
      let top = 0;
      sourceHeads.forEach((th, s) => {
        th.style.setProperty('--a', (Number(weights[s]) || 0).toFixed(4));
        if ((weights[s] || 0) > (weights[top] || 0)) top = s;
      });
      if (sourceHeads[top]) sourceHeads[top].classList.add('top');
    };
    const rowOf = (node) => {
      const cell = node.closest && node.closest('[data-t]');
      return cell && table.contains(cell) ? Number(cell.dataset.t) : -1;
    };
    table.addEventListener('mouseover', (e) => { const t = rowOf(e.target); if (t >= 0) highlight(t); });
    table.addEventListener('mouseleave', () => {
      const focused = table.querySelector('th.tgt:focus');
      highlight(focused ? Number(focused.dataset.t) : -1);
    });
    table.addEventListener('focusin', (e) => highlight(rowOf(e.target)));
    table.addEventListener('keydown', (e) => {
      const current = rowOf(e.target);
      if (current < 0) return;
      const last = a.target.length - 1;
      const next = { ArrowDown: current + 1, ArrowUp: current - 1, Home: 0, End: last }[e.key];
      if (next === undefined) return;
      e.preventDefault();
      const t = Math.max(0, Math.min(last, next));
      const heads = table.querySelectorAll('th.tgt');
      heads.forEach((th) => { th.tabIndex = -1; });
      heads[t].tabIndex = 0;
      heads[t].focus();
    });

    scroller.append(table);
    figure.append(caption, scroller);
    return figure;
  }

  // ---- start -----------------------------------------------------------------

  async function start() {
    let settings;
    try {
      [settings, state.languages] = await Promise.all([getJSON('/frontend/settings'), getJSON('/languages')]);
    } catch (e) {
      setStatus(`Cannot load the languages: ${e.message}`, true);
      return;
    }
    state.languages.forEach((l) => state.names.set(l.code, l.name));
    state.charLimit = Number(settings.charLimit) || -1;
    if (Number(settings.frontendTimeout) > 0) state.debounceMs = Number(settings.frontendTimeout);
    if (state.charLimit > 0) ui.text.maxLength = state.charLimit;
    if (settings.apiKeys && ui.keyField) {
      ui.keyField.hidden = false;
      ui.key.required = Boolean(settings.keyRequired);
    }
    const defaults = settings.language || {};
    fillSources(defaults.source && defaults.source.code);
    fillTargets(defaults.target && defaults.target.code);
    updateSwap();
    updateCount();
    if (!state.languages.some((l) => l.targets.length)) setStatus('This server has no models loaded.', true);
    document.documentElement.dataset.ready = 'true';   // for tests: the selects are filled
    if (ui.text.value.trim()) translateNow();
  }

  ui.source.addEventListener('change', () => { fillTargets(ui.target.value); updateSwap(); translateNow(); });
  ui.target.addEventListener('change', () => { updateSwap(); translateNow(); });
  ui.text.addEventListener('input', schedule);
  ui.text.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); translateNow(); }
  });
  ui.swap.addEventListener('click', swap);
  ui.copy.addEventListener('click', copyResult);
  ui.form.addEventListener('submit', (e) => { e.preventDefault(); translateNow(); });
  if (ui.key) ui.key.addEventListener('change', translateNow);
  start();
})();
