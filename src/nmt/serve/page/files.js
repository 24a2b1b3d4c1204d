// The page's file translation: a document chosen or dropped goes to
// POST /translate_file with the pair chosen above (the upload's progress,
// then "Translating"), and the translated file is offered from the URL the
// answer gives. Server text only ever goes in through textContent.
'use strict';

(() => {
  const $ = (id) => document.getElementById(id);
  const ui = {
    section: $('files'), drop: $('drop'), input: $('file'), formats: $('file-formats'),
    progress: $('file-progress'), status: $('file-status'), download: $('file-download'),
    source: $('source-lang'), target: $('target-lang'), key: $('api-key'),
  };
  let formats = [];
  let busy = false;

  function setStatus(message, isError = false) {
    ui.status.textContent = message;
    ui.status.classList.toggle('error', isError);
  }

  const extensionOf = (name) => {
    const dot = name.lastIndexOf('.');
    return dot > 0 ? name.slice(dot).toLowerCase() : '';
  };

  function finish() {
    busy = false;
    ui.section.classList.remove('busy');
    ui.progress.hidden = true;
  }

  function translateFile(file) {
    if (busy) return;
    ui.download.hidden = true;
    if (!formats.includes(extensionOf(file.name))) {
      setStatus(`${file.name}: this server translates ${formats.join(' ')} files.`, true);
      return;
    }
    const form = new FormData();
    form.append('file', file, file.name);
    form.append('source', ui.source.value);
    form.append('target', ui.target.value);
    if (ui.key && ui.key.value) form.append('api_key', ui.key.value);
    const targetName = ui.target.selectedOptions[0] ? ui.target.selectedOptions[0].textContent : ui.target.value;

    // XMLHttpRequest rather than fetch: it reports the upload's progress.
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/translate_file');
    busy = true;
    ui.section.classList.add('busy');
    ui.progress.hidden = false;
    ui.progress.max = 1;
    ui.progress.value = 0;
    setStatus(`Uploading ${file.name}…`);
    xhr.upload.onprogress = (e) => {
      if (!e.lengthComputable) return;
      ui.progress.max = e.total;
      ui.progress.value = e.loaded;
      setStatus(`Uploading ${file.name}: ${Math.round((100 * e.loaded) / e.total)}%`);
    };
    xhr.upload.onload = () => {
      ui.progress.removeAttribute('value');   // indeterminate while the server translates
      setStatus(`Translating ${file.name}…`);
    };
    xhr.onload = () => {
      finish();
      let body = null;
      try { body = JSON.parse(xhr.responseText); } catch (_) { /* reported below */ }
      if (xhr.status !== 200 || !body || !body.translatedFileUrl) {
        const why = body && body.error ? body.error : `${xhr.status} ${xhr.statusText}`;
        setStatus(`Translating ${file.name} failed: ${why}`, true);
        return;
      }
      // The path only: the same origin as the page, whatever host name the server saw.
      ui.download.href = new URL(body.translatedFileUrl, window.location.href).pathname;
      ui.download.download = file.name;
      ui.download.textContent = `Download ${file.name} in ${targetName}`;
      ui.download.hidden = false;
      setStatus(`Translated ${file.name}.`);
    };
    xhr.onerror = () => {
      finish();
      setStatus(`Translating ${file.name} failed: the connection was lost.`, true);
    };
    xhr.send(form);
  }

  ui.input.addEventListener('change', () => {
    const file = ui.input.files[0];
    ui.input.value = '';   // choosing the same file again translates it again
    if (file) translateFile(file);
  });
  ui.drop.addEventListener('dragover', (e) => {
    e.preventDefault();
    ui.drop.classList.add('over');
  });
  ui.drop.addEventListener('dragleave', () => ui.drop.classList.remove('over'));
  ui.drop.addEventListener('drop', (e) => {
    e.preventDefault();
    ui.drop.classList.remove('over');
    const file = e.dataTransfer && e.dataTransfer.files[0];
    if (file) translateFile(file);
  });

  fetch('/frontend/settings').then((r) => r.json()).then((settings) => {
    if (!settings.filesTranslation) return;
    formats = settings.supportedFilesFormat || [];
    ui.input.accept = formats.join(',');
    ui.formats.textContent = formats.join(' ');
    ui.section.hidden = false;
    document.documentElement.dataset.filesReady = 'true';   // for tests
  }, () => { /* the text translator reports a server it cannot reach */ });
})();
