// FAILED events grouped by their redacted reason, with redrive of one event or of a whole group.
//
// A group is redriven event by event (POST /admin/inbox/{id}/redrive), not by the bulk selection of
// POST /admin/inbox/redrive: that selection knows provider, endpoint, event type and a time range but not the
// reason, so any filter wide enough to hold a group would also take the FAILED events of other reasons received
// in the same range, and events that failed after the count was confirmed. One call per event redrives exactly
// the events the operator counted and confirmed, each in the audit trail; one that stopped being FAILED
// meanwhile answers 409 and is counted as skipped.
import { get, post } from './api.js';
import { announce, confirm, confirmation, failure, h, table, when } from './dom.js';
import { MAX_LIMIT } from './inbox.js';

const NO_REASON = '(no reason recorded)';

export async function render(param, query, context) {
  const section = h('section', { 'aria-labelledby': 'failures-title' },
    h('h1', { id: 'failures-title', tabindex: -1 }, 'Failures'));
  const outcome = h('div', { class: 'outcome' });
  const groups = h('div', {});
  section.append(outcome, groups, confirmation('confirm-group'));
  const reload = async () => {
    let answer;
    try {
      answer = await get(`/admin/inbox?status=FAILED&limit=${MAX_LIMIT}`);
    } catch (error) {
      groups.replaceChildren(failure(error));
      return;
    }
    if (context.current()) {
      groups.replaceChildren(...list(answer.items, section, outcome, reload));
    }
  };
  await reload();
  return section;
}

function list(items, section, outcome, reload) {
  if (items.length === 0) {
    return [h('p', { class: 'empty' }, 'No event is FAILED.')];
  }
  const byReason = new Map();
  for (const row of items) {
    const reason = row.last_error || NO_REASON;
    byReason.set(reason, [...(byReason.get(reason) ?? []), row]);
  }
  const nodes = [...byReason.entries()]
    .sort(([, a], [, b]) => b.length - a.length)
    .map(([reason, rows], index) => group(reason, rows, index, section, outcome, reload));
  if (items.length === MAX_LIMIT) {
    nodes.unshift(h('p', { class: 'help' },
      `These are the newest ${MAX_LIMIT} FAILED events; older ones are listed once these are redriven.`));
  }
  return nodes;
}

function group(reason, rows, index, section, outcome, reload) {
  const titleId = `reason-${index}`;
  const count = rows.length;
  const events = count === 1 ? '1 event' : `${count} events`;
  return h('section', { class: 'group', 'aria-labelledby': titleId },
    h('h2', { id: titleId }, h('span', { class: 'visually-hidden' }, 'Reason: '),
      h('code', { class: 'reason' }, reason)),
    h('p', { class: 'group-actions' }, h('span', {}, `${events} FAILED with this reason`),
      h('button', {
        type: 'button',
        class: 'operator-only',
        'aria-label': `Redrive all ${events} whose reason is ${reason}`,
        onclick: (clicked) => confirmGroup(section, clicked.currentTarget, reason, rows, outcome, reload),
      }, `Redrive all ${count}…`)),
    table(`FAILED events whose reason is ${reason}`,
      ['Received', 'Provider', 'Endpoint', 'Event type', 'Event id', 'Attempts',
        { label: 'Action', class: 'operator-only' }],
      rows.map((row) => [
        when(row.received_at),
        row.provider,
        row.endpoint_id,
        row.event_type,
        h('a', { href: `#/event/${encodeURIComponent(row.inbox_id)}` }, row.provider_event_id),
        h('span', { class: 'number' }, String(row.attempt_count)),
        h('button', {
          type: 'button',
          class: 'secondary operator-only',
          'aria-label': `Redrive event ${row.provider_event_id}`,
          onclick: (clicked) => redriveOne(clicked.currentTarget, row),
        }, 'Redrive'),
      ])));
}

async function redriveOne(button, row) {
  button.disabled = true;
  const result = await redrive(row);
  const text = result === 'redriven' ? 'Redriven' : result === 'skipped' ? 'No longer FAILED' : 'Refused';
  const note = h('span', { class: `done ${result}` }, text);
  button.replaceWith(note);
  announce(`${row.provider_event_id}: ${text}`);
}

/** One event's redrive: 'redriven', 'skipped' when it is no longer FAILED (409, or gone: 404), or 'refused'. */
async function redrive(row) {
  try {
    await post(`/admin/inbox/${encodeURIComponent(row.inbox_id)}/redrive`);
    return 'redriven';
  } catch (error) {
    return error.status === 409 || error.status === 404 ? 'skipped' : 'refused';
  }
}

function confirmGroup(section, opener, reason, rows, outcome, reload) {
  const count = rows.length;
  const events = count === 1 ? '1 event' : `${count} events`;
  confirm(section.querySelector('#confirm-group'), opener, {
    title: `Redrive ${events}?`,
    text: `${count} FAILED ${count === 1 ? 'event' : 'events'} whose reason is “${reason}” go back to work now, `
      + 'one redrive each, each in the audit trail. An event that stopped being FAILED since this page was loaded '
      + 'is skipped.',
    action: `Redrive ${events}`,
  }, async () => {
    opener.disabled = true;
    const results = [];
    // One at a time: a large group must not take every request thread of the server at once.
    for (const row of rows) {
      results.push(await redrive(row));
    }
    const done = results.filter((result) => result === 'redriven').length;
    const skipped = results.filter((result) => result === 'skipped').length;
    const refused = results.length - done - skipped;
    const text = `Redrove ${done} of ${count} events whose reason is “${reason}”`
      + (skipped ? `; ${skipped} no longer FAILED` : '') + (refused ? `; ${refused} refused` : '') + '.';
    outcome.replaceChildren(h('p', { class: refused ? 'error' : 'success' }, text));
    announce(text);
    await reload();
    outcome.querySelector('p').setAttribute('tabindex', '-1');
    outcome.querySelector('p').focus();
  });
}
