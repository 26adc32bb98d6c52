// The inbox at a glance: counts and ages from GET /admin/inbox/stats, deliveries per minute by outcome over the
// last hour from GET /admin/deliveries, and the secret versions that verified deliveries recently from
// GET /admin/endpoints.
import { get } from './api.js';
import { duration, failure, h, status, svg, table, when } from './dom.js';

export const STATUSES = ['RECEIVED', 'PROCESSING', 'PROCESSED', 'FAILED'];

const RECENT_MATCH_HOURS = 24;

export async function render() {
  const [stats, deliveries, endpoints] = await Promise.allSettled([
    get('/admin/inbox/stats'), get('/admin/deliveries?minutes=60'), get('/admin/endpoints')]);
  if (stats.status === 'rejected') {
    throw stats.reason;
  }
  return h('section', { 'aria-labelledby': 'overview-title' },
    h('h1', { id: 'overview-title', tabindex: -1 }, 'Overview'),
    inbox(stats.value),
    h('h2', {}, 'Deliveries per minute, last hour'),
    deliveries.status === 'fulfilled' ? chart(deliveries.value) : failure(deliveries.reason),
    h('h2', {}, `Secret versions matched in the last ${RECENT_MATCH_HOURS} hours`),
    endpoints.status === 'fulfilled' ? matches(endpoints.value.items) : failure(endpoints.reason));
}

function inbox(stats) {
  const counts = stats.counts ?? {};
  const known = [...STATUSES, ...Object.keys(counts).filter((name) => !STATUSES.includes(name))];
  const failed = counts.FAILED ?? 0;
  return h('div', {},
    h('div', { class: 'tiles' },
      // A viewer may inspect failed events but not redrive them: for a viewer the link reads "Inspect them".
      tile('Failed events', String(failed), failed > 0
        ? h('a', { href: '#/failures' }, 'Inspect', h('span', { class: 'operator-only' }, ' and redrive'), ' them')
        : h('span', { class: 'muted' }, 'None waiting for an operator'), failed > 0 ? 'alert' : null),
      tile('Oldest pending event', duration(stats.oldest_pending_age_seconds),
        h('span', { class: 'muted' }, 'received or being processed')),
      tile('Forwarding lag', duration(stats.outbox_lag_seconds),
        h('span', { class: 'muted' }, `${stats.outbox_unpublished ?? 0} deliveries waiting to be forwarded`))),
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

// What a delivery was answered: the stored outcomes first, in green and blue; every refusal in a warm colour.
const OUTCOME_COLOURS = { accepted: '#1e6b34', duplicate: '#0b5394', ignored: '#4a5360', answered: '#5b3f99' };
const REFUSAL_COLOURS = ['#a3161b', '#b45309', '#be185d', '#7c2d12', '#9d174d', '#854d0e'];

const WIDTH = 720;
const HEIGHT = 160;
const AXIS = 36;

/** A stacked bar per minute, a legend with each outcome's total, and the same figures as a table. */
function chart(answer) {
  const outcomes = Object.keys(answer.totals).sort((a, b) => order(a) - order(b) || a.localeCompare(b));
  const colours = new Map();
  let refusals = 0;
  for (const outcome of outcomes) {
    colours.set(outcome, OUTCOME_COLOURS[outcome] ?? REFUSAL_COLOURS[refusals++ % REFUSAL_COLOURS.length]);
  }
  const minutes = answer.minutes;
  const total = outcomes.reduce((sum, outcome) => sum + answer.totals[outcome], 0);
  const peak = Math.max(1, ...minutes.map((minute) => Object.values(minute.outcomes).reduce((a, b) => a + b, 0)));
  const slot = (WIDTH - AXIS) / minutes.length;
  const bars = minutes.flatMap((minute, index) => {
    let top = HEIGHT;
    return outcomes.filter((outcome) => minute.outcomes[outcome]).map((outcome) => {
      const height = (minute.outcomes[outcome] / peak) * (HEIGHT - 10);
      top -= height;
      return svg('rect', { x: (AXIS + index * slot + 1).toFixed(1), y: top.toFixed(1),
        width: Math.max(1, slot - 2).toFixed(1), height: height.toFixed(1), fill: colours.get(outcome) },
      svg('title', {}, `${clock(minute.minute)} UTC: ${minute.outcomes[outcome]} ${outcome}`));
    });
  });
  const summary = total === 0 ? 'No delivery in the last hour.'
    : `${total} deliveries in the last hour: ${outcomes.map((o) => `${answer.totals[o]} ${o}`).join(', ')}.`;
  const busy = minutes.filter((minute) => Object.keys(minute.outcomes).length > 0);
  return h('figure', { class: 'chart' },
    svg('svg', { viewBox: `0 0 ${WIDTH} ${HEIGHT + 22}`, role: 'img', 'aria-label': summary, id: 'deliveries-chart' },
      svg('line', { x1: AXIS, y1: HEIGHT, x2: WIDTH, y2: HEIGHT, stroke: '#4a5360' }),
      svg('text', { x: AXIS - 6, y: 14, 'text-anchor': 'end', class: 'axis' }, String(peak)),
      svg('text', { x: AXIS - 6, y: HEIGHT, 'text-anchor': 'end', class: 'axis' }, '0'),
      svg('text', { x: AXIS, y: HEIGHT + 18, class: 'axis' }, `${clock(minutes[0].minute)} UTC`),
      svg('text', { x: WIDTH, y: HEIGHT + 18, 'text-anchor': 'end', class: 'axis' }, 'now'),
      bars),
    h('figcaption', {},
      h('p', { class: 'legend' }, total === 0 ? h('span', { class: 'muted' }, summary)
        : outcomes.map((outcome) => h('span', { class: 'key' },
          svg('svg', { class: 'swatch', viewBox: '0 0 12 12', 'aria-hidden': 'true' },
            svg('rect', { width: 12, height: 12, fill: colours.get(outcome) })),
          `${outcome} ${answer.totals[outcome]}`))),
      busy.length === 0 ? null : h('details', {}, h('summary', {}, 'The same figures as a table'),
        table('Deliveries per minute by outcome (minutes without deliveries left out)',
          ['Minute (UTC)', ...outcomes],
          busy.map((minute) => [clock(minute.minute),
            ...outcomes.map((outcome) => h('span', { class: 'number' }, String(minute.outcomes[outcome] ?? 0)))])))));
}

function order(outcome) {
  const stored = Object.keys(OUTCOME_COLOURS).indexOf(outcome);
  return stored === -1 ? Object.keys(OUTCOME_COLOURS).length : stored;
}

function clock(iso) {
  return iso.slice(11, 16);
}

/** The versions that verified a stored delivery recently, most recent first; secrets are never in the answer. */
function matches(endpoints) {
  const since = Date.now() - RECENT_MATCH_HOURS * 3600 * 1000;
  const rows = endpoints.flatMap((endpoint) => endpoint.versions
    .filter((version) => version.last_matched_at && Date.parse(version.last_matched_at) >= since)
    .map((version) => ({ endpoint, version })))
    .sort((a, b) => Date.parse(b.version.last_matched_at) - Date.parse(a.version.last_matched_at));
  if (rows.length === 0) {
    return h('p', { class: 'empty' }, `No stored delivery was verified in the last ${RECENT_MATCH_HOURS} hours.`);
  }
  return table('Secret versions by their last match', ['Endpoint', 'Provider', 'Version', 'Status', 'Last matched'],
    rows.map(({ endpoint, version }) => [
      h('a', { href: `#/secrets/${encodeURIComponent(endpoint.endpoint_id)}` }, endpoint.endpoint_id),
      endpoint.provider,
      h('code', {}, version.version),
      version.status,
      when(version.last_matched_at),
    ]));
}
