// /docs: the server's OpenAPI document (/spec) as a page: each endpoint with
// its fields (type, required, description) and its answers. Plain DOM; the
// spec's text only ever goes in through textContent.
'use strict';

(() => {
  const $ = (id) => document.getElementById(id);

  function element(tag, text, className) {
    const e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;
    if (className) e.className = className;
    return e;
  }

  const typeOf = (schema) => {
    if (!schema) return '';
    if (schema.$ref) return schema.$ref.split('/').pop();
    if (schema.type === 'array') return `array of ${typeOf(schema.items) || 'any'}`;
    const types = schema.oneOf ? schema.oneOf.map(typeOf).join(' | ') : schema.type || '';
    return schema.format ? `${types} (${schema.format})` : types;
  };

  // The fields of an operation: path and query parameters, then the body's.
  function fieldsOf(operation) {
    const rows = (operation.parameters || []).map((p) => [p.name, `${typeOf(p.schema)}, in ${p.in}`, p.required, p.description]);
    const content = operation.requestBody && operation.requestBody.content;
    if (content) {
      const [type, media] = Object.entries(content)[0];
      const schema = media.schema || {};
      const required = new Set(schema.required || []);
      for (const [name, field] of Object.entries(schema.properties || {})) {
        rows.push([name, typeOf(field), required.has(name), field.description || '']);
      }
      rows.kinds = Object.keys(content).join(', ') || type;
    }
    return rows;
  }

  function table(headers, rows) {
    const t = element('table', undefined, 'api');
    const head = t.createTHead().insertRow();
    headers.forEach((h) => { const th = element('th', h); th.scope = 'col'; head.append(th); });
    const body = t.createTBody();
    rows.forEach((cells) => {
      const row = body.insertRow();
      cells.forEach((c, i) => {
        const cell = i === 0 ? element('th', String(c)) : element('td', typeof c === 'boolean' ? (c ? 'yes' : '') : String(c || ''));
        if (i === 0) cell.scope = 'row';
        row.append(cell);
      });
    });
    return t;
  }

  function endpoint(path, method, operation) {
    const section = element('section', undefined, 'endpoint');
    section.id = `${method}-${path}`.replace(/[^a-z0-9-]/gi, '-');
    section.append(element('h2', `${method.toUpperCase()} ${path}`));
    if (operation.summary) section.append(element('p', operation.summary));
    const fields = fieldsOf(operation);
    if (fields.length) {
      if (fields.kinds) section.append(element('p', `Body: ${fields.kinds}`, 'hint'));
      section.append(table(['Field', 'Type', 'Required', 'Description'], fields));
    }
    const answers = Object.entries(operation.responses || {}).map(([status, r]) => [status, r.description || '']);
    if (answers.length) section.append(table(['Status', 'Meaning'], answers));
    return section;
  }

  fetch('/spec').then((r) => r.json()).then((spec) => {
    document.title = `${spec.info.title} · API`;
    if (spec.info.description) $('intro').prepend(element('span', `${spec.info.description} `));
    const list = $('endpoints');
    for (const [path, item] of Object.entries(spec.paths || {})) {
      for (const [method, operation] of Object.entries(item)) list.append(endpoint(path, method, operation));
    }
    document.documentElement.dataset.ready = 'true';
  }).catch((e) => {
    $('docs-status').textContent = `Cannot load /spec: ${e.message}`;
    $('docs-status').classList.add('error');
  });
})();
