// Inbox rows, newest first, filtered as GET /admin/inbox filters them. The filters live in the route, so a
// search can be bookmarked, shared and gone back to.
import { get } from './api.js';
import { failure, h, status, table, when } from './dom.js';
import { STATUSES } from './overview.js';

const FILTERS = ['status', 'provider', 'endpoint', 'event_id'];
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

  const section = h('section', { 'aria-labelledby': 'inbox-title' },
    h('h1', { id: 'inbox-title', tabindex: -1 }, 'Inbox'),
    form(wanted));
  try {
    const answer = await get(`/admin/inbox?${wanted}`);
    section.append(rows(answer.items, Number(wanted.get('limit')), wanted));
  } catch (error) {
    section.append(failure(error));
  }
  return section;
}

function form(wanted) {
  const field = (name, label, control) => h('div', { class: 'field' }, h('label', { for: `filter-${name}` }, label),
    control);
  const text = (name, extra = {}) => h('input', { id: `filter-${name}`, name, value: wanted.get(name) ?? '',
    autocomplete: 'off', spellcheck: 'false', ...extra });
  const statusSelect = h('select', { id: 'filter-status', name: 'status' },
    h('option', { value: '' }, 'Any'),
    STATUSES.map((value) => h('option', { value, selected: wanted.get('status') === value }, value)));
  const searched = (submitted) => {
    submitted.preventDefault();
    const next = new URLSearchParams();
    for (const [name, value] of new FormData(submitted.target)) {
      if (String(value).trim()) {
        next.set(name, String(value).trim());
      }
    }
    location.hash = `#/inbox?${next}`;
  };
  return h('form', { class: 'filters', 'aria-label': 'Filter the inbox', onsubmit: searched },
    field('status', 'Status', statusSelect),
    field('provider', 'Provider', text('provider', { list: 'known-providers' })),
    h('datalist', { id: 'known-providers' }, PROVIDERS.map((value) => h('option', { value }))),
    field('endpoint', 'Endpoint', text('endpoint')),
    field('event_id', 'Event id', text('event_id')),
    field('limit', 'At most', text('limit', { type: 'number', min: 1, max: MAX_LIMIT, inputmode: 'numeric' })),
    h('div', { class: 'actions' }, h('button', { type: 'submit' }, 'Search'),
      h('a', { href: '#/inbox', class: 'button secondary' }, 'Clear')));
}

const LABELS = { status: 'status', provider: 'provider', endpoint: 'endpoint', event_id: 'event id' };

function rows(items, limit, wanted) {
  if (items.length === 0) {
    return h('p', { class: 'empty' }, 'No inbox event matches these filters.');
  }
  // The caption says what the table holds, filters included, for whoever reads it without the form in view.
  const filters = FILTERS.filter((name) => wanted.has(name)).map((name) => `${LABELS[name]} ${wanted.get(name)}`);
  const caption = `${items.length} ${items.length === 1 ? 'event' : 'events'}, newest first`
    + (filters.length ? `; filtered by ${filters.join(', ')}` : '');
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
    items.length === limit
      ? h('p', { class: 'help' }, `More events may match: narrow the filters, or raise "At most" (up to ${MAX_LIMIT}).`)
      : null);
}
