// The console's shell: sign-in, sign-out and the views behind the hash routes (#/overview, #/inbox?...,
// #/event/<inbox id>, #/object/<provider>/<type>/<id>?endpoint=, #/failures, #/secrets[/<endpoint>],
// #/orders[/<order or operation id>], #/destinations[/<id>]). A route names what is shown, never who is asking.
import { get, UNAUTHORIZED } from './api.js';
import { announce, failure, h } from './dom.js';
import { forget, isOperator, keep, operatorName, token } from './session.js';
import * as destinations from './destinations.js';
import * as event from './event.js';
import * as failures from './failures.js';
import * as inbox from './inbox.js';
import * as object from './object.js';
import * as orders from './orders.js';
import * as overview from './overview.js';
import * as secrets from './secrets.js';

const NOT_OPERATOR = "This token is neither an operator's nor a viewer's (its groups claim holds neither operator"
  + ' nor viewer)';
const INVALID = 'This token is invalid or expired';

const VIEWS = { overview, inbox, event, object, failures, secrets, orders, destinations };
// The navigation entry each view belongs to.
const SECTION = { overview: 'overview', inbox: 'inbox', event: 'inbox', object: 'inbox', failures: 'failures',
  secrets: 'secrets', orders: 'orders', destinations: 'destinations' };

const page = {
  signIn: document.getElementById('sign-in'),
  form: document.getElementById('sign-in-form'),
  input: document.getElementById('token'),
  error: document.getElementById('sign-in-error'),
  nav: document.getElementById('nav'),
  who: document.getElementById('who'),
  signOut: document.getElementById('sign-out'),
  view: document.getElementById('view'),
};

let shown = 0;
let leave = null;

function parse(hash) {
  const [path, search] = hash.replace(/^#\/?/, '').split('?');
  const [name, ...rest] = path.split('/');
  const params = rest.filter(Boolean).map(decodeURIComponent);
  return { name: VIEWS[name] ? name : 'overview', param: params[0] ?? null, params,
    query: new URLSearchParams(search ?? '') };
}

async function show() {
  if (!token()) {
    return;
  }
  if (leave) {
    leave();
    leave = null;
  }
  const route = parse(location.hash);
  const mine = ++shown;
  const context = {
    current: () => mine === shown,
    onLeave: (cleanup) => { leave = cleanup; },
  };
  for (const link of page.nav.querySelectorAll('a')) {
    if (link.getAttribute('href') === `#/${SECTION[route.name]}`) {
      link.setAttribute('aria-current', 'page');
    } else {
      link.removeAttribute('aria-current');
    }
  }
  page.view.replaceChildren(h('p', { class: 'muted' }, 'Loading…'));
  let node;
  try {
    node = await VIEWS[route.name].render(route.param, route.query, context, route.params);
  } catch (error) {
    node = h('section', {}, h('h1', { tabindex: -1 }, 'Something went wrong'), failure(error));
  }
  if (context.current() && token()) {
    page.view.replaceChildren(node);
    // The new view's heading takes the focus, so keyboard and screen reader users start at its top.
    node.querySelector('h1')?.focus();
  }
}

function enter() {
  const name = operatorName(token());
  // A viewer reads everything and changes nothing: the body's class hides every control marked operator-only
  // (console.css), so no button is offered that the server would refuse with 403.
  const readOnly = !isOperator(token());
  document.body.classList.toggle('read-only', readOnly);
  page.who.textContent = (name ? `Signed in as ${name}` : 'Signed in') + (readOnly ? ' (read only)' : '');
  page.signIn.hidden = true;
  for (const part of [page.nav, page.who, page.signOut, page.view]) {
    part.hidden = false;
  }
  if (!location.hash.startsWith('#/')) {
    location.hash = '#/overview';
  } else {
    show();
  }
}

function signOut(message) {
  forget();
  shown++;
  if (leave) {
    leave();
    leave = null;
  }
  page.view.replaceChildren();
  for (const part of [page.nav, page.who, page.signOut, page.view]) {
    part.hidden = true;
  }
  page.who.textContent = '';
  document.body.classList.remove('read-only');
  page.signIn.hidden = false;
  page.error.textContent = message;
  page.input.focus();
}

page.form.addEventListener('submit', async (submitted) => {
  submitted.preventDefault();
  // A JWT has no whitespace; a pasted one often ends with a line break.
  const value = page.input.value.replace(/\s+/g, '');
  page.input.value = '';
  page.error.textContent = '';
  if (!value) {
    page.error.textContent = 'Paste a token first.';
    page.input.focus();
    return;
  }
  // Three base64url parts; anything else could not even be sent as a header.
  if (!/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(value)) {
    page.error.textContent = INVALID;
    page.input.focus();
    return;
  }
  const button = page.form.querySelector('button');
  button.disabled = true;
  try {
    await get('/admin/inbox/stats', value);
    keep(value);
    enter();
    announce('Signed in');
  } catch (refused) {
    page.error.textContent = refused.status === 403 ? NOT_OPERATOR
      : refused.status === 401 ? INVALID : refused.message;
    page.input.focus();
  } finally {
    button.disabled = false;
  }
});

page.signOut.addEventListener('click', () => {
  history.replaceState(null, '', '/console/');
  signOut('');
  announce('Signed out');
});

document.getElementById('skip').addEventListener('click', (skip) => {
  // The hash belongs to the routes: move the focus without changing it.
  skip.preventDefault();
  document.getElementById('main').focus();
});

window.addEventListener(UNAUTHORIZED, () => signOut(`${INVALID}: sign in again.`));
window.addEventListener('hashchange', show);

if (token()) {
  enter();
} else {
  page.input.focus();
}
