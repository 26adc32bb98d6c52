// Destinations: every forwarding destination with its state and backlog (#/destinations), and one of them
// (#/destinations/<id>) with its FAILED deliveries (redrive, skip), the keys they hold under per-object
// ordering, the replay or redrive of a received range, and pause/resume; a destination removed from the
// configuration with unfinished deliveries left, its discard. Every action is audited by the server, and
// operator-only: a viewer sees the same page without its action controls.
import { get, post } from './api.js';
import { announce, confirm, confirmation, duration, failure, fields, h, status, table, when } from './dom.js';

// GET /admin/destinations/{id}/deliveries allows at most this many rows.
const MAX_LIMIT = 500;

export async function render(id, query, context) {
  return id ? one(id, context) : all(context);
}

async function all(context) {
  const list = h('div', {});
  const section = h('section', { 'aria-labelledby': 'destinations-title' },
    h('h1', { id: 'destinations-title', tabindex: -1 }, 'Destinations'),
    h('p', { class: 'help' }, 'Where verified events and state changes are forwarded. Messages of a destination '
      + 'that is failing or paused wait and retry; nothing is dropped.'),
    list);
  const answer = await get('/admin/destinations');
  if (context.current()) {
    list.replaceChildren(answer.items.length === 0
      ? h('p', { class: 'empty' }, 'No destination is configured (tambat.forwarding.destinations).')
      : table(`${answer.items.length} ${answer.items.length === 1 ? 'destination' : 'destinations'}`,
        ['Destination', 'Kind', 'State', 'Pending', 'Oldest pending', 'FAILED', 'Held keys', 'Last delivered',
          'Last error'],
        answer.items.map((destination) => [
          h('a', { href: `#/destinations/${encodeURIComponent(destination.destination_id)}` },
            destination.destination_id),
          kind(destination.kind),
          status(destination.state),
          number(destination.pending),
          duration(destination.oldest_pending_age_seconds),
          number(destination.failed),
          number(destination.held_keys),
          when(destination.last_delivered_at),
          reason(destination.last_error),
        ])));
  }
  return section;
}

async function one(id, context) {
  const summary = h('div', {});
  const outcome = h('div', { class: 'outcome' });
  const failed = h('div', {});
  const held = h('div', {});
  const range = rangeForm(id, outcome, () => reload());
  const failedPart = h('div', {}, h('h2', {}, 'FAILED deliveries'), failed);
  const heldPart = h('div', {}, h('h2', {}, 'Held keys'), held);
  const section = h('section', { 'aria-labelledby': 'destination-title' },
    h('p', {}, h('a', { href: '#/destinations' }, 'All destinations')),
    h('h1', { id: 'destination-title', tabindex: -1 }, 'Destination ', h('code', {}, id)),
    summary,
    outcome,
    range,
    failedPart,
    heldPart,
    confirmation('confirm-destination'));
  const path = `/admin/destinations/${encodeURIComponent(id)}`;
  const reload = async () => {
    let destination;
    let deliveries;
    let keys;
    try {
      const listed = await get('/admin/destinations');
      destination = listed.items.find((item) => item.destination_id === id);
      if (!destination) {
        summary.replaceChildren(h('p', { class: 'error', role: 'alert' }, `No destination has the id ${id}: `
          + 'none is configured so, nor are any of its deliveries left unsent.'));
        [range, failedPart, heldPart].forEach((part) => { part.hidden = true; });
        return;
      }
      [deliveries, keys] = await Promise.all([get(`${path}/deliveries?status=FAILED&limit=${MAX_LIMIT}`),
        get(`${path}/held-keys`)]);
    } catch (error) {
      summary.replaceChildren(failure(error));
      return;
    }
    if (!context.current()) {
      return;
    }
    summary.replaceChildren(state(destination, section, outcome, reload));
    // Nothing sends a removed destination's deliveries: a replay or redrive of a range has nowhere to go.
    range.hidden = destination.state === 'removed';
    failed.replaceChildren(failedList(id, deliveries.items, section, outcome, reload));
    held.replaceChildren(keys.items.length === 0
      ? h('p', { class: 'empty' }, 'No key is held.')
      : table(`${keys.items.length} held ${keys.items.length === 1 ? 'key' : 'keys'}, longest held first`,
        ['Ordering key', 'FAILED delivery', 'Failed', 'Waiting behind it'],
        keys.items.map((key) => [h('code', {}, key.ordering_key), number(key.delivery_id), when(key.failed_at),
          number(key.waiting)])));
  };
  await reload();
  return section;
}

function state(destination, section, outcome, reload) {
  return h('div', {},
    fields([['Kind', kind(destination.kind)], ['State', status(destination.state)],
      ['Pending', number(destination.pending)],
      ['Oldest pending', duration(destination.oldest_pending_age_seconds)], ['FAILED', number(destination.failed)],
      ['Consecutive failures', number(destination.consecutive_failures)],
      ['Last delivered', when(destination.last_delivered_at)], ['Last error', reason(destination.last_error)]]),
    h('div', { class: 'actions operator-only' }, destination.state === 'removed'
      ? discard(destination, section, outcome, reload) : pauseOrResume(destination, outcome, reload)));
}

/** A removed destination's unfinished deliveries end SKIPPED: nothing sends them while it is not configured. */
function discard(destination, section, outcome, reload) {
  const id = destination.destination_id;
  const unfinished = destination.pending + destination.failed;
  return h('button', {
    type: 'button',
    class: 'secondary operator-only',
    id: 'discard',
    onclick: (clicked) => ask(section, clicked.currentTarget, `Discard what ${id} left?`,
      `${id} is no longer configured. Its ${unfinished} unfinished ${unfinished === 1 ? 'delivery ends' : 'deliveries end'}`
        + ' SKIPPED and is never sent; configured again, it would have them no more.', 'Discard',
      async () => {
        await act(outcome, async () => {
          const done = await post(`/admin/destinations/${encodeURIComponent(id)}/discard`);
          return done.state === 'running' ? runsOn(done)
            : `${done.discarded} ${done.discarded === 1 ? 'delivery' : 'deliveries'} discarded.`;
        });
        await reload();
      }),
  }, 'Discard…');
}

/** A bulk action the server stopped waiting for (202) goes on; the audit trail shows its count as it grows. */
function runsOn(done) {
  return `Still running in the background as action ${done.action_id}; the audit trail shows how far it got.`;
}

function pauseOrResume(destination, outcome, reload) {
  const paused = destination.state === 'paused';
  return h('button', {
    type: 'button',
    class: 'secondary operator-only',
    id: paused ? 'resume' : 'pause',
    onclick: async (clicked) => {
      clicked.currentTarget.disabled = true;
      await act(outcome, () => post(`/admin/destinations/${encodeURIComponent(destination.destination_id)}/`
        + (paused ? 'resume' : 'pause')),
      paused ? `Destination ${destination.destination_id} resumed: its messages are sent again.`
        : `Destination ${destination.destination_id} paused: its messages wait until it is resumed.`);
      await reload();
    },
  }, paused ? 'Resume' : 'Pause');
}

function rangeForm(id, outcome, reload) {
  const input = (name, label) => h('div', { class: 'field' }, h('label', { for: name }, label),
    h('input', { id: name, name, type: 'datetime-local', step: 1, required: true }));
  const form = h('form', { class: 'filters', 'aria-label': 'A received range' },
    input('range-from', 'Received from (UTC)'),
    input('range-to', 'Received to (UTC)'),
    h('div', { class: 'actions' },
      h('button', { type: 'button', id: 'replay-range', onclick: () => ranged('replay') }, 'Replay…'),
      h('button', { type: 'button', class: 'secondary', id: 'redrive-range', onclick: () => ranged('redrive') },
        'Redrive FAILED…')));
  const ranged = (action) => {
    const from = utc(form.querySelector('#range-from').value);
    const to = utc(form.querySelector('#range-to').value);
    if (!from || !to || from >= to) {
      outcome.replaceChildren(h('p', { class: 'error', role: 'alert', tabindex: -1 },
        'Give a range whose start is before its end.'));
      outcome.querySelector('p').focus();
      return;
    }
    const section = form.closest('section');
    const what = action === 'replay' ? 'Replay' : 'Redrive the FAILED deliveries of';
    ask(section, form.querySelector(`#${action}-range`), `${what} ${from} to ${to}?`,
      action === 'replay'
        ? `Every message of the events received in this range goes to ${id} again, with its message id.`
        : `Every FAILED delivery to ${id} of the events received in this range goes back to work.`,
      action === 'replay' ? 'Replay' : 'Redrive', async () => {
        await act(outcome, async () => {
          const done = await post(`/admin/destinations/${encodeURIComponent(id)}/${action}`,
            { received_from: from, received_to: to });
          return done.state === 'running' ? runsOn(done)
            : `${done.scheduled} ${done.scheduled === 1 ? 'delivery' : 'deliveries'} scheduled.`;
        });
        await reload();
      });
  };
  // All of it is the replay or redrive of a range: a viewer has nothing to do with it.
  return h('div', { class: 'operator-only' },
    h('h2', {}, 'A received range'),
    h('p', { class: 'help' }, 'Replay sends the messages of the events received in the range again, with their '
      + 'message ids; Redrive FAILED sends the range’s FAILED deliveries again.'),
    form);
}

function failedList(id, items, section, outcome, reload) {
  if (items.length === 0) {
    return h('p', { class: 'empty' }, 'No delivery is FAILED.');
  }
  const caption = `${items.length} FAILED ${items.length === 1 ? 'delivery' : 'deliveries'}, newest first`;
  const path = (row, action) => `/admin/destinations/${encodeURIComponent(id)}/deliveries/`
    + `${encodeURIComponent(row.delivery_id)}/${action}`;
  return table(caption, ['Delivery', 'Message', 'Type', 'Attempts', 'Last answer', 'Last error', 'Created',
    { label: 'Action', class: 'operator-only' }],
    items.map((row) => [
      number(row.delivery_id),
      h('a', { href: `#/event/${encodeURIComponent(row.inbox_id)}` }, h('code', {}, row.message_id)),
      row.message_type,
      number(row.attempt_count),
      row.last_status === undefined ? h('span', { class: 'muted' }, 'none') : String(row.last_status),
      reason(row.last_error),
      when(row.created_at),
      h('div', { class: 'actions' },
        h('button', {
          type: 'button',
          class: 'secondary operator-only',
          'aria-label': `Redrive delivery ${row.delivery_id}`,
          onclick: (clicked) => ask(section, clicked.currentTarget, `Redrive delivery ${row.delivery_id}?`,
            `Message ${row.message_id} goes to ${id} again now, with the same message id.`, 'Redrive',
            async () => {
              await act(outcome, () => post(path(row, 'redrive')), `Delivery ${row.delivery_id} redriven.`);
              await reload();
            }),
        }, 'Redrive…'),
        h('button', {
          type: 'button',
          class: 'secondary operator-only',
          'aria-label': `Skip delivery ${row.delivery_id}`,
          onclick: (clicked) => ask(section, clicked.currentTarget, `Skip delivery ${row.delivery_id}?`,
            `Message ${row.message_id} is never sent to ${id}; the later messages of its object go on.`, 'Skip',
            async () => {
              await act(outcome, () => post(path(row, 'skip')), `Delivery ${row.delivery_id} skipped.`);
              await reload();
            }),
        }, 'Skip…')),
    ]));
}

/** Runs an action and says how it went; {@code said} is the text, or the action answers it. */
async function act(outcome, action, said) {
  let text;
  let refused = false;
  try {
    const answered = await action();
    text = said ?? answered;
  } catch (error) {
    refused = true;
    text = `Nothing was changed. ${error.message}`;
  }
  outcome.replaceChildren(h('p', { class: refused ? 'error' : 'success', tabindex: -1,
    role: refused ? 'alert' : null }, text));
  announce(text);
}

/** Asks before an action, saying that it is audited; once it ran, the outcome it reported has the focus. */
function ask(section, opener, title, text, action, run) {
  confirm(section.querySelector('#confirm-destination'), opener,
    { title, text: `${text} It is recorded in the audit trail.`, action }, async () => {
      await run();
      section.querySelector('.outcome p')?.focus();
    });
}

/** A datetime-local value read as UTC, as an ISO-8601 instant; null when empty. */
function utc(value) {
  if (!value) {
    return null;
  }
  const withSeconds = value.length === 16 ? `${value}:00` : value;
  return `${withSeconds}Z`;
}

const number = (value) => h('span', { class: 'number' }, String(value));

// A removed destination's kind is no longer known.
const kind = (value) => value ?? h('span', { class: 'muted' }, 'unknown');

const reason = (text) => (text ? h('code', { class: 'reason' }, text) : h('span', { class: 'muted' }, 'none'));
