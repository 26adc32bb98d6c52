// Each endpoint's signing secret versions, from GET /admin/endpoints: when each was created, retired and last
// verified a stored delivery. A version is added with POST /admin/endpoints/{id}/secrets and retired with
// DELETE /admin/endpoints/{id}/secrets/{version}, after a confirmation that says what becomes of deliveries
// still signed with it. A secret is written once and never read back: no answer holds one, and the field is
// emptied as soon as it is sent. Adding and retiring are an operator's: a viewer sees the versions only.
import { get, post, remove } from './api.js';
import { announce, duration, failure, h, table, when } from './dom.js';

export async function render(param, query, context) {
  const section = h('section', { 'aria-labelledby': 'secrets-title' },
    h('h1', { id: 'secrets-title', tabindex: -1 }, param ? `Secrets of ${param}` : 'Secrets'));
  const outcome = h('div', { class: 'outcome', role: 'status' });
  const list = h('div', {});
  // append() writes a null as the text "null": the link back is left out by leaving it out.
  if (param) {
    section.append(h('p', {}, h('a', { href: '#/secrets' }, '← Every endpoint')));
  }
  section.append(outcome, list, confirmation());
  const reload = async () => {
    let answer;
    try {
      answer = await get('/admin/endpoints');
    } catch (error) {
      list.replaceChildren(failure(error));
      return;
    }
    if (!context.current()) {
      return;
    }
    const shown = answer.items.filter((endpoint) => !param || endpoint.endpoint_id === param);
    list.replaceChildren(...(shown.length === 0
      ? [h('p', { class: 'empty' }, param ? `No endpoint ${param} is configured.` : 'No endpoint is configured.')]
      : shown.map((endpoint) => endpointSection(endpoint, section, outcome, reload))));
  };
  await reload();
  return section;
}

function endpointSection(endpoint, section, outcome, reload) {
  const id = endpoint.endpoint_id;
  const titleId = `endpoint-${id}`;
  const trusted = endpoint.versions.filter((version) => version.status === 'trusted');
  return h('section', { class: 'group', 'aria-labelledby': titleId, 'data-endpoint': id },
    h('h2', { id: titleId }, h('code', {}, id), h('span', { class: 'muted' }, ` ${endpoint.provider}`)),
    table(`Secret versions of ${id}, oldest first`, ['Version', 'Status', 'Created', 'Retired', 'Last matched',
      { label: 'Action', class: 'operator-only' }],
      endpoint.versions.map((version) => [
        h('code', {}, version.version),
        version.status,
        when(version.created_at),
        when(version.retired_at),
        version.last_matched_at ? when(version.last_matched_at) : h('span', { class: 'muted' }, 'never'),
        version.status === 'trusted'
          ? h('button', { type: 'button', class: 'secondary operator-only',
            'aria-label': `Retire version ${version.version} of ${id}`,
            onclick: (clicked) => confirmRetire(section, clicked.currentTarget, endpoint, version, trusted.length,
              outcome, reload) }, 'Retire…')
          : h('span', { class: 'muted' }, '—'),
      ])),
    addForm(endpoint, outcome, reload));
}

function addForm(endpoint, outcome, reload) {
  const id = endpoint.endpoint_id;
  const versionInput = h('input', { id: `new-version-${id}`, name: 'version', autocomplete: 'off', spellcheck: 'false',
    required: true, 'aria-describedby': `new-version-help-${id}` });
  // A password field without a name the browser could save it under; it is emptied the moment it is sent.
  const secretInput = h('input', { id: `new-secret-${id}`, type: 'password', autocomplete: 'off', spellcheck: 'false',
    required: true, 'aria-describedby': `new-secret-help-${id}` });
  const error = h('p', { class: 'error', role: 'alert' });
  const added = async (submitted) => {
    submitted.preventDefault();
    const version = versionInput.value.trim();
    const secret = secretInput.value;
    secretInput.value = '';
    error.textContent = '';
    if (!version || !secret) {
      error.textContent = 'Give both a version name and the secret.';
      (version ? secretInput : versionInput).focus();
      return;
    }
    const button = submitted.target.querySelector('button');
    button.disabled = true;
    try {
      await post(`/admin/endpoints/${encodeURIComponent(id)}/secrets`, { version, secret });
    } catch (refused) {
      button.disabled = false;
      error.textContent = refused.message;
      secretInput.focus();
      return;
    }
    const text = `Version ${version} of ${id} is trusted now; deliveries signed with it are accepted.`;
    await reload();
    outcome.replaceChildren(h('p', { class: 'success', tabindex: -1 }, text));
    outcome.querySelector('p').focus();
    announce(text);
  };
  return h('form', { class: 'add-version operator-only', 'aria-label': `Add a secret version to ${id}`,
    onsubmit: added },
    h('h3', {}, 'Add a version'),
    h('div', { class: 'field' }, h('label', { for: `new-version-${id}` }, 'Version name'), versionInput,
      h('p', { class: 'help', id: `new-version-help-${id}` }, 'For example v3: letters, digits, - and _.')),
    h('div', { class: 'field' }, h('label', { for: `new-secret-${id}` }, 'Secret'), secretInput,
      h('p', { class: 'help', id: `new-secret-help-${id}` },
        'As the provider shows it. It is stored encrypted and never shown again, here or anywhere.')),
    error,
    h('div', { class: 'actions' }, h('button', { type: 'submit' }, 'Trust this version')));
}

function confirmation() {
  return h('dialog', { id: 'confirm-retire', class: 'operator-only', 'aria-labelledby': 'retire-title',
    'aria-describedby': 'retire-text' },
    h('h2', { id: 'retire-title' }, ''),
    h('p', { id: 'retire-text' }, ''),
    h('p', { id: 'retire-last', class: 'error' }, ''),
    h('div', { class: 'actions' },
      h('button', { type: 'button', id: 'retire-run' }, ''),
      h('button', { type: 'button', class: 'secondary', id: 'retire-cancel', autofocus: true }, 'Cancel')));
}

function confirmRetire(section, opener, endpoint, version, trustedCount, outcome, reload) {
  const dialog = section.querySelector('#confirm-retire');
  const id = endpoint.endpoint_id;
  const name = version.version;
  const matched = version.last_matched_at
    ? `It last verified a delivery ${duration((Date.now() - Date.parse(version.last_matched_at)) / 1000)} ago.`
    : 'It has not verified a stored delivery.';
  dialog.querySelector('#retire-title').textContent = `Retire version ${name} of ${id}?`;
  dialog.querySelector('#retire-text').textContent = `From now on (on every instance within a second), a delivery to `
    + `${id} signed only with ${name} is refused with 401 signature_invalid and is not stored; ${endpoint.provider} `
    + `keeps retrying it, and it is accepted once it is signed with a version still trusted. Deliveries already `
    + `stored are not affected. ${matched}`;
  dialog.querySelector('#retire-last').textContent = trustedCount === 1
    ? `${name} is the only trusted version of ${id}: every delivery to it will be refused until a version is added.`
    : '';
  const run = dialog.querySelector('#retire-run');
  run.textContent = `Retire ${name}`;
  const cancel = dialog.querySelector('#retire-cancel');
  const close = () => {
    dialog.close();
    run.onclick = null;
    cancel.onclick = null;
  };
  cancel.onclick = () => {
    close();
    opener.focus();
  };
  run.onclick = async () => {
    close();
    let text;
    let tone = 'success';
    try {
      await remove(`/admin/endpoints/${encodeURIComponent(id)}/secrets/${encodeURIComponent(name)}`);
      text = `Version ${name} of ${id} is retired; deliveries signed only with it are refused.`;
    } catch (error) {
      text = error.status === 404 ? `Version ${name} of ${id} was retired already.` : error.message;
      tone = error.status === 404 ? 'success' : 'error';
    }
    await reload();
    outcome.replaceChildren(h('p', { class: tone, tabindex: -1 }, text));
    outcome.querySelector('p').focus();
    announce(text);
  };
  dialog.showModal();
}
