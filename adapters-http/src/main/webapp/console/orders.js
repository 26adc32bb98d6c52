// Orders: the look-up of one order or long operation by id, whichever tenant it belongs to, and the order
// deliveries to payments and inventory that ended FAILED, each with its redrive. The id looked up lives in the
// route (#/orders/<id>), so a look-up can be bookmarked and a delivery's order is one link away.
import { get, post } from './api.js';
import { announce, confirm, confirmation, failure, fields, h, status, table, when } from './dom.js';

// GET /admin/order-deliveries allows at most this many rows.
const MAX_LIMIT = 500;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function render(id, query, context) {
  const found = h('div', { class: 'lookup-result' });
  const outcome = h('div', { class: 'outcome' });
  const deliveries = h('div', {});
  const section = h('section', { 'aria-labelledby': 'orders-title' },
    h('h1', { id: 'orders-title', tabindex: -1 }, 'Orders'),
    lookUpForm(id, found, context),
    found,
    h('h2', { id: 'deliveries-title' }, 'Failed deliveries to payments and inventory'),
    outcome,
    deliveries,
    confirmation('confirm-delivery'));
  const reload = async () => {
    let answer;
    try {
      answer = await get(`/admin/order-deliveries?status=FAILED&limit=${MAX_LIMIT}`);
    } catch (error) {
      deliveries.replaceChildren(failure(error));
      return;
    }
    if (context.current()) {
      deliveries.replaceChildren(list(answer.items, section, outcome, reload));
    }
  };
  await Promise.all([id ? show(id, found, context) : null, reload()]);
  return section;
}

function lookUpForm(id, found, context) {
  const input = h('input', { id: 'lookup-id', name: 'id', value: id ?? '', autocomplete: 'off', spellcheck: 'false',
    autocapitalize: 'off', 'aria-describedby': 'lookup-help' });
  const submitted = (event) => {
    event.preventDefault();
    const wanted = input.value.trim();
    if (!wanted) {
      found.replaceChildren(h('p', { class: 'error', role: 'alert' }, 'Type an order or operation id first.'));
      input.focus();
      return;
    }
    const next = `#/orders/${encodeURIComponent(wanted)}`;
    if (location.hash === next) {
      // The same route again: no hashchange, so look it up in place.
      show(wanted, found, context);
    } else {
      location.hash = next;
    }
  };
  return h('form', { class: 'filters lookup', 'aria-label': 'Look up an order or an operation', onsubmit: submitted },
    h('div', { class: 'field' }, h('label', { for: 'lookup-id' }, 'Order or operation id'), input),
    h('div', { class: 'actions' }, h('button', { type: 'submit' }, 'Look up')),
    h('p', { id: 'lookup-help', class: 'help' },
      'The id of an order, or of the long operation a request with Prefer: respond-async started (the end of its '
      + 'Location, /orders/operations/<id>). Any tenant’s.'));
}

/** An id is looked up as an order first, then as an operation: ids are UUIDs, and no two things share one. */
async function show(id, found, context) {
  found.replaceChildren(h('p', { class: 'muted' }, 'Looking up…'));
  let shown;
  try {
    shown = await lookUp(id);
  } catch (error) {
    shown = failure(error);
  }
  if (context.current()) {
    found.replaceChildren(shown);
    // A refusal is an alert of its own; what was found is announced by its heading.
    const heading = found.querySelector('h2');
    if (heading) {
      announce(`Found: ${heading.textContent}`);
    }
  }
}

async function lookUp(id) {
  if (!UUID.test(id)) {
    return h('p', { class: 'error', role: 'alert' },
      `${id} is no order or operation id: those are UUIDs, such as 01a23372-15ef-7b65-9bcd-270a40e3b3b0.`);
  }
  const path = encodeURIComponent(id);
  const order = await orNotFound(() => get(`/admin/orders/${path}`));
  if (order) {
    return orderView(order);
  }
  const operation = await orNotFound(() => get(`/admin/order-operations/${path}`));
  if (operation) {
    return operationView(operation);
  }
  return h('p', { class: 'error', role: 'alert' }, `No order and no operation has the id ${id}.`);
}

async function orNotFound(call) {
  try {
    return await call();
  } catch (error) {
    if (error.status === 404) {
      return null;
    }
    throw error;
  }
}

function orderView(order) {
  const none = (text) => h('span', { class: 'muted' }, text);
  return h('section', { class: 'found', 'aria-labelledby': 'found-title' },
    h('h2', { id: 'found-title' }, 'Order ', h('code', {}, order.id)),
    fields([
      ['Tenant', order.tenant_id],
      ['Status', status(order.status)],
      ['Checkout id', order.checkout_id ?? none('none')],
      ['Coupon', order.coupon ?? none('none')],
      ['Total', money(order.total_minor, order.currency)],
      ['Created', when(order.created_at)],
    ]),
    table(`Lines of order ${order.id}`, ['SKU', 'Quantity', 'Unit price', 'Line total'],
      order.items.map((line) => [
        h('code', {}, line.sku),
        h('span', { class: 'number' }, String(line.quantity)),
        money(line.unit_price_minor, order.currency),
        money(line.unit_price_minor * line.quantity, order.currency),
      ])));
}

function operationView(operation) {
  const outcome = operation.outcome;
  return h('section', { class: 'found', 'aria-labelledby': 'found-title' },
    h('h2', { id: 'found-title' }, 'Operation ', h('code', {}, operation.operation_id)),
    fields([
      ['Tenant', operation.tenant_id],
      ['Status', status(operation.status)],
      ['Requested', when(operation.created_at)],
      ['Answer', outcome
        ? `${outcome.status} ${outcome.code ?? 'created'}`
        : h('span', { class: 'muted' }, 'none yet: the operation is still in progress')],
      ['Order', operation.order_id
        ? h('a', { href: `#/orders/${encodeURIComponent(operation.order_id)}` }, operation.order_id)
        : h('span', { class: 'muted' }, 'none')],
    ]));
}

/** An amount in minor units, in its currency's own decimals (2 for EUR, 0 for JPY). */
function money(minor, currency) {
  const amount = h('span', { class: 'number' });
  try {
    const format = new Intl.NumberFormat('en', { style: 'currency', currency });
    const decimals = format.resolvedOptions().maximumFractionDigits;
    amount.textContent = format.format(Number(minor) / 10 ** decimals);
  } catch (unknownCurrency) {
    amount.textContent = `${minor} ${currency} (minor units)`;
  }
  return amount;
}

const yesNo = (done) => (done ? 'yes' : 'no');
// The Action column holds only the redrive, which a viewer may not do: it goes as a whole for a viewer.
const COLUMNS = ['Failed', 'Delivery', 'Order', 'Attempts', 'Charged', 'Reserved', 'Last error', 'Created',
  { label: 'Action', class: 'operator-only' }];

function list(items, section, outcome, reload) {
  if (items.length === 0) {
    return h('p', { class: 'empty' }, 'No order delivery is FAILED.');
  }
  const caption = `${items.length} FAILED ${items.length === 1 ? 'delivery' : 'deliveries'}, newest first`;
  return h('div', {},
    items.length === MAX_LIMIT
      ? h('p', { class: 'help' }, `These are the newest ${MAX_LIMIT}; older ones are listed once these are redriven.`)
      : null,
    table(caption, COLUMNS, items.map((row) => [
      when(row.failed_at),
      h('span', { class: 'number' }, String(row.delivery_id)),
      h('a', { href: `#/orders/${encodeURIComponent(row.order_id)}`, 'aria-label': `Order ${row.order_id}` },
        h('code', {}, row.order_id)),
      h('span', { class: 'number' }, String(row.attempt_count)),
      yesNo(row.charged),
      yesNo(row.reserved),
      row.last_error ? h('code', { class: 'reason' }, row.last_error) : h('span', { class: 'muted' }, 'none'),
      when(row.created_at),
      h('button', {
        type: 'button',
        class: 'secondary operator-only',
        'aria-label': `Redrive delivery ${row.delivery_id} of order ${row.order_id}`,
        'data-delivery': row.delivery_id,
        onclick: (clicked) => confirmRedrive(section, clicked.currentTarget, row, outcome, reload),
      }, 'Redrive…'),
    ])));
}

function confirmRedrive(section, opener, row, outcome, reload) {
  const done = [row.charged ? 'charged' : null, row.reserved ? 'reserved' : null].filter(Boolean);
  confirm(section.querySelector('#confirm-delivery'), opener, {
    title: `Redrive delivery ${row.delivery_id}?`,
    text: `The delivery of order ${row.order_id} goes back to work now, in the audit trail. `
      + (done.length ? `What is done stays done (${done.join(' and ')}); ` : 'Nothing was charged or reserved yet; ')
      + 'payments and inventory get the same idempotency keys as before, so nothing is applied twice.',
    action: `Redrive delivery ${row.delivery_id}`,
  }, async () => {
    opener.disabled = true;
    let text;
    let refused = false;
    try {
      await post(`/admin/order-deliveries/${encodeURIComponent(row.delivery_id)}/redrive`);
      text = `Delivery ${row.delivery_id} of order ${row.order_id} redriven: it is back to work.`;
    } catch (error) {
      refused = error.status !== 404;
      text = refused ? `Delivery ${row.delivery_id} was not redriven. ${error.message}`
        : `Delivery ${row.delivery_id} is no longer FAILED; nothing was changed.`;
    }
    outcome.replaceChildren(h('p', { class: refused ? 'error' : 'success', tabindex: -1,
      role: refused ? 'alert' : null }, text));
    announce(text);
    await reload();
    outcome.querySelector('p')?.focus();
  });
}
