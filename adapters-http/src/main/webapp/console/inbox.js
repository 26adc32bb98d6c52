// Inbox rows, newest first, filtered as GET /admin/inbox filters them, a page at a time. The filters and the
// page live in the route, so a search can be bookmarked, shared and gone back to with the browser's Back.
import { get } from './api.js';
import { failure, h, status, table, when } from './dom.js';
import { STATUSES } from './overview.js';

const TEXT_FILTERS = ['status', 'provider', 'endpoint', 'event_type', 'event_id'];
const TIME_FILTERS = ['received_from', 'received_to'];
const FILTERS = [...TEXT_FILTERS, ...TIME_FILTERS];
const PROVIDERS = ['stripe', 'github', 'standard', 'shopify', 'slack', 'twilio', 'paddle', 'gitlab', 'adyen'];
const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 500;

export async function render(param, query) {
  const wanted = new URLSearchParams();
  for (const name of FILTERS) {
    const value = (query.get(name) ?? '').trim();
    if (value) {
      wanted.set(name, value);
    }
  }
  const limit = Number.parseInt(query.get('limit') ?? '', 10);
  wanted.set('limit', String(limit >= 1 && limit <= MAX_LIMIT ? limit : DEFAULT_LIMIT));
  const after = (query.get('starting_after') ?? '').trim();

  const section = h('section', { 'aria-labelledby': 'inbox-title' },
    h('h1', { id: 'inbox-title', tabindex: -1 }, 'Inbox'),
    form(wanted));
  try {
    const page = new URLSearchParams(wanted);
    if (after) {
      page.set('starting_after', after);
    }
    const answer = await get(`/admin/inbox?${page}`);
    section.append(rows(answer, wanted, Boolean(after)));
  } catch (error) {
    section.append(failure(error));
  }
  return section;
}

function form(wanted) {
  const field = (name, label, control, help) => h('div', { class: 'field' },
    h('label', { for: `filter-${name}` }, label), control, help ? h('p', { class: 'help', id: `help-${name}` }, help)
      : null);
  const text = (name, extra = {}) => h('input', { id: `filter-${name}`, name, value: wanted.get(name) ?? '',
    autocomplete: 'off', spellcheck: 'false', ...extra });
  // The page states every time in UTC, as the server and its logs do; the picker's value is read as UTC too.
  const time = (name) => text(name, { type: 'datetime-local', step: 1, value: local(wanted.get(name)),
    'aria-describedby': `help-${name}` });
  const statusSelect = h('select', { id: 'filter-status', name: 'status' },
    h('option', { value: '' }, 'Any'),
    STATUSES.map((value) => h('option', { value, selected: wanted.get('status') === value }, value)));
  const searched = (submitted) => {
    submitted.preventDefault();
    const next = new URLSearchParams();
    for (const [name, value] of new FormData(submitted.target)) {
      const given = String(value).trim();
      if (given) {
        next.set(name, TIME_FILTERS.includes(name) ? utc(given) : given);
      }
    }
    location.hash = `#/inbox?${next}`;
  };
  return h('form', { class: 'filters', 'aria-label': 'Filter the inbox', onsubmit: searched },
    field('status', 'Status', statusSelect),
    field('provider', 'Provider', text('provider', { list: 'known-providers' })),
    h('datalist', { id: 'known-providers' }, PROVIDERS.map((value) => h('option', { value }))),
    field('endpoint', 'Endpoint', text('endpoint')),
    field('event_type', 'Event type', text('event_type')),
    field('event_id', 'Event id', text('event_id')),
    field('received_from', 'Received from (UTC)', time('received_from'), 'included'),
    field('received_to', 'Received before (UTC)', time('received_to'), 'excluded'),
    field('limit', 'Per page', text('limit', { type: 'number', min: 1, max: MAX_LIMIT, inputmode: 'numeric' })),
    h('div', { class: 'actions' }, h('button', { type: 'submit' }, 'Search'),
      h('a', { href: '#/inbox', class: 'button secondary' }, 'Clear')));
}

/** An ISO instant as a datetime-local value, in UTC. */
function local(iso) {
  return iso ? iso.replace(/Z$/, '').slice(0, 19) : '';
}

/** A datetime-local value, read as UTC, as an ISO instant. */
function utc(value) {
  return /T\d\d:\d\d$/.test(value) ? `${value}:00Z` : `${value.replace(/Z$/, '')}Z`;
}

const LABELS = { status: 'status', provider: 'provider', endpoint: 'endpoint', event_type: 'event type',
  event_id: 'event id', received_from: 'received from', received_to: 'received before' };

function rows(answer, wanted, later) {
  const items = answer.items;
  if (items.length === 0) {
    return h('p', { class: 'empty' }, later ? 'No more events match these filters.'
      : 'No inbox event matches these filters.');
  }
  // The caption says what the table holds, filters included, for whoever reads it without the form in view.
  const filters = FILTERS.filter((name) => wanted.has(name)).map((name) => `${LABELS[name]} ${wanted.get(name)}`);
  const caption = `${items.length} ${items.length === 1 ? 'event' : 'events'}, newest first`
    + (later ? ', after the previous page' : '') + (filters.length ? `; filtered by ${filters.join(', ')}` : '');
  const next = new URLSearchParams(wanted);
  next.set('starting_after', items[items.length - 1].inbox_id);
  return h('div', {},
    table(caption, ['Received', 'Status', 'Provider', 'Endpoint', 'Event type', 'Event id', 'Attempts'],
      items.map((row) => [
        when(row.received_at),
        status(row.status),
        row.provider,
        row.endpoint_id,
        row.event_type,
        h('a', { href: `#/event/${encodeURIComponent(row.inbox_id)}` }, row.provider_event_id),
        h('span', { class: 'number' }, String(row.attempt_count)),
      ])),
    h('nav', { class: 'actions', 'aria-label': 'Pages' },
      later ? h('a', { href: `#/inbox?${wanted}`, class: 'button secondary' }, 'First page') : null,
      answer.has_more ? h('a', { href: `#/inbox?${next}`, class: 'button', id: 'next-page' }, 'Next page') : null,
      answer.has_more ? null : h('span', { class: 'muted' }, 'No older events match.')));
}
