// The state processing derived for one provider object on one endpoint, from
// GET /admin/objects/{provider}/{type}/{id}?endpoint=, with the event that last changed it.
import { ApiError, get } from './api.js';
import { fields, h, when } from './dom.js';

export async function render(param, query, context, params) {
  const [provider, type, id] = params;
  if (!provider || !type || !id) {
    throw new ApiError(404, null, 'No object named: open one from an event.');
  }
  const endpoint = query.get('endpoint');
  const path = `/admin/objects/${[provider, type, id].map(encodeURIComponent).join('/')}`
    + (endpoint ? `?endpoint=${encodeURIComponent(endpoint)}` : '');
  const state = await get(path);
  return h('section', { 'aria-labelledby': 'object-title' },
    h('p', {}, h('a', { href: `#/event/${encodeURIComponent(state.last_inbox_id)}` }, '← The event that last changed it')),
    h('h1', { id: 'object-title', tabindex: -1 }, `${type} ${id}`),
    fields([
      ['Provider', provider],
      ['Endpoint', state.endpoint_id],
      ['State', h('strong', { id: 'object-state' }, state.state)],
      ['Version', state.version === null ? h('span', { class: 'muted' }, 'none: the provider sends none') : String(state.version)],
      ['Last changed by', h('a', { href: `#/event/${encodeURIComponent(state.last_inbox_id)}` },
        h('code', {}, state.last_inbox_id))],
      ['Updated', when(state.updated_at)],
    ]),
    h('p', { class: 'help' }, 'The state is derived from the endpoint\'s events in version order, whatever order '
      + 'they arrived in; an older or repeated event changes nothing.'));
}
