// One inbox event, from GET /admin/inbox/{id}: its fields, its status history, its redacted last error and the
// business object its processing changed. The payload is shown only when the operator asks for it
// (POST /admin/inbox/{id}/payload, audited), and only until the view is left. While the event is due or being
// processed the view follows it until it settles.
import { ApiError, get, post } from './api.js';
import { announce, failure, fields, h, status, table, when } from './dom.js';

const UNSETTLED = ['RECEIVED', 'PROCESSING'];
const FOLLOW_EVERY_MS = 1000;

export async function render(id, query, context) {
  if (!id) {
    throw new ApiError(404, null, 'No event named: open one from the inbox.');
  }
  const path = `/admin/inbox/${encodeURIComponent(id)}`;
  const body = h('div', {});
  const section = h('section', { 'aria-labelledby': 'event-title' },
    h('p', {}, h('a', { href: '#/inbox' }, '← Inbox')),
    h('h1', { id: 'event-title', tabindex: -1 }, 'Event'),
    body);
  let timer = null;
  let shown = null;
  context.onLeave(() => window.clearTimeout(timer));

  const refresh = async () => {
    window.clearTimeout(timer);
    let detail;
    try {
      detail = await get(path);
    } catch (error) {
      body.replaceChildren(failure(error));
      return;
    }
    if (!context.current()) {
      return;
    }
    // Redrawn only when something changed, so following an event never takes the keyboard focus away.
    const seen = JSON.stringify(detail);
    if (seen !== shown) {
      const before = shown === null ? null : JSON.parse(shown).status;
      shown = seen;
      section.querySelector('h1').textContent = `Event ${detail.provider_event_id}`;
      body.replaceChildren(...view(detail, refresh, redrive, reveal));
      if (before && before !== detail.status) {
        announce(`The event is now ${detail.status}`);
      }
    }
    if (UNSETTLED.includes(detail.status)) {
      timer = window.setTimeout(refresh, FOLLOW_EVERY_MS);
    }
  };

  const redrive = async (button) => {
    button.disabled = true;
    try {
      await post(`${path}/redrive`);
    } catch (error) {
      button.disabled = false;
      button.parentElement.append(failure(error));
      return;
    }
    announce('Redriven: the event is back to work');
    await refresh();
    // The button went with the FAILED status: the focus goes to the status it changed.
    body.querySelector('.state')?.focus();
  };

  // The revealed payload lives in this view's nodes only: leaving the view, or a redraw, drops it.
  const reveal = async (button) => {
    const place = button.closest('dd');
    button.disabled = true;
    let answer;
    try {
      answer = await post(`${path}/payload`);
    } catch (error) {
      button.disabled = false;
      place.append(failure(error));
      return;
    }
    const shown = h('pre', { class: 'payload', tabindex: 0, 'aria-label': 'Payload as received' }, answer.payload);
    place.replaceChildren(
      h('p', { class: 'help' }, `${answer.bytes} bytes as received${answer.encoding === 'base64'
        ? ', shown in base64 (not UTF-8 text)' : ''}; this reveal is in the audit trail.`),
      shown,
      h('button', { type: 'button', class: 'secondary', onclick: () => {
        place.replaceChildren(hiddenPayload(reveal));
        place.querySelector('button').focus();
      } }, 'Hide the payload'));
    shown.focus();
    announce('Payload shown; the reveal is audited');
  };

  await refresh();
  return section;
}

// The reveal is an operator's action: a viewer reads "stored encrypted; not shown unless you ask." and no more,
// so the space before the button goes with it.
function hiddenPayload(reveal) {
  return h('span', {}, 'stored encrypted; not shown unless you ask.',
    h('span', { class: 'operator-only' }, ' ',
      h('button', { type: 'button', class: 'secondary operator-only', id: 'reveal-payload',
        onclick: (clicked) => reveal(clicked.currentTarget) }, 'Reveal the payload (audited)')));
}

/** The object the event's processing changed, linked to the state processing derived for it. */
function businessObject(detail) {
  const mutation = detail.mutation;
  if (mutation) {
    const href = `#/object/${encodeURIComponent(detail.provider)}/${encodeURIComponent(mutation.object_type)}/`
      + `${encodeURIComponent(mutation.object_id)}?endpoint=${encodeURIComponent(detail.endpoint_id)}`;
    return h('span', {}, h('a', { href, id: 'business-object' }, `${mutation.object_type} ${mutation.object_id}`),
      ` set to ${mutation.state}${mutation.version === null ? '' : ` (version ${mutation.version})`} at `,
      when(mutation.applied_at));
  }
  if (detail.object_id) {
    return h('span', {}, `${detail.object_id}${detail.object_version === null ? ''
      : ` (version ${detail.object_version})`}`, h('span', { class: 'muted' },
      detail.status === 'PROCESSED' ? ' — this event changed nothing (an older version, or a repeat)'
        : ' — not changed yet'));
  }
  return h('span', { class: 'muted' }, 'none recorded');
}

function view(detail, refresh, redrive, reveal) {
  const actions = h('div', { class: 'actions' },
    detail.status === 'FAILED'
      ? h('button', { type: 'button', class: 'operator-only', id: 'redrive-event',
        onclick: (clicked) => redrive(clicked.currentTarget) }, 'Redrive this event')
      : null,
    h('button', { type: 'button', class: 'secondary', onclick: refresh }, 'Refresh'));
  return [
    h('p', { class: 'state', tabindex: -1 }, 'Status ', status(detail.status),
      UNSETTLED.includes(detail.status) ? h('span', { class: 'muted' }, ' — following until it settles') : null),
    actions,
    fields([
      ['Provider', detail.provider],
      ['Endpoint', detail.endpoint_id],
      ['Event type', detail.event_type],
      ['Provider event id', h('code', {}, detail.provider_event_id)],
      ['Inbox id', h('code', {}, detail.inbox_id)],
      ['Received', when(detail.received_at)],
      ['Attempts', String(detail.attempt_count)],
      ['Next attempt', UNSETTLED.includes(detail.status) ? when(detail.next_attempt_at)
        : h('span', { class: 'muted' }, 'none: settled')],
      ['Verified with secret version', detail.matched_secret_version],
      ['Business object', businessObject(detail)],
      ['Last error', detail.last_error ? h('code', { class: 'reason' }, detail.last_error)
        : h('span', { class: 'muted' }, 'none')],
      ['Payload', detail.payload_retained ? hiddenPayload(reveal) : 'purged by retention'],
    ]),
    table('Status history, oldest first', ['Status', 'At'],
      detail.history.map((change) => [status(change.status), when(change.at)])),
  ];
}
