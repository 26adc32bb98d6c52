// The inbox at a glance, from GET /admin/inbox/stats.
import { get } from './api.js';
import { duration, h, status, table } from './dom.js';

export const STATUSES = ['RECEIVED', 'PROCESSING', 'PROCESSED', 'FAILED'];

export async function render() {
  const stats = await get('/admin/inbox/stats');
  const counts = stats.counts ?? {};
  const known = [...STATUSES, ...Object.keys(counts).filter((name) => !STATUSES.includes(name))];
  const failed = counts.FAILED ?? 0;
  return h('section', { 'aria-labelledby': 'overview-title' },
    h('h1', { id: 'overview-title', tabindex: -1 }, 'Overview'),
    h('div', { class: 'tiles' },
      tile('Failed events', String(failed), failed > 0
        ? h('a', { href: '#/failures' }, 'Inspect and redrive them')
        : h('span', { class: 'muted' }, 'None waiting for an operator'), failed > 0 ? 'alert' : null),
      tile('Oldest pending event', duration(stats.oldest_pending_age_seconds),
        h('span', { class: 'muted' }, 'received or being processed')),
      tile('Outbox lag', duration(stats.outbox_lag_seconds),
        h('span', { class: 'muted' }, `${stats.outbox_unpublished ?? 0} unpublished outbox rows`))),
    table('Inbox events by status', ['Status', 'Events'],
      known.map((name) => [
        h('a', { href: `#/inbox?status=${encodeURIComponent(name)}` }, status(name)),
        h('span', { class: 'number' }, String(counts[name] ?? 0)),
      ])));
}

function tile(label, value, note, tone) {
  return h('div', { class: tone ? `tile ${tone}` : 'tile' },
    h('h2', {}, label),
    h('p', { class: 'figure' }, value),
    h('p', {}, note));
}
