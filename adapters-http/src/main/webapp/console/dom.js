// Building the page from data. Text always goes in as text nodes, never as markup: an event type or an error
// reason that holds markup is shown, not run.

/** An element with attributes (a function for an on* name is a listener) and children (nodes or text). */
export function h(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) {
      continue;
    }
    if (typeof value === 'function') {
      node.addEventListener(name.slice(2), value);
    } else if (name === 'class') {
      node.className = value;
    } else {
      node.setAttribute(name, value === true ? '' : String(value));
    }
  }
  return append(node, children);
}

function append(node, children) {
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) {
      node.append(child instanceof Node ? child : String(child));
    }
  }
  return node;
}

const SVG = 'http://www.w3.org/2000/svg';

/** An SVG element with attributes and children, for charts: the same rules as {@link h}, in the SVG namespace. */
export function svg(tag, attributes = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== null && value !== undefined && value !== false) {
      node.setAttribute(name, String(value));
    }
  }
  return append(node, children);
}

/** An instant as a <time>, in UTC to the second, as the server and its logs state it. */
export function when(iso) {
  if (!iso) {
    return h('span', { class: 'muted' }, '—');
  }
  const at = new Date(iso);
  const text = Number.isNaN(at.getTime()) ? iso : `${at.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
  return h('time', { datetime: iso }, text);
}

/** A number of seconds as a person reads it. */
export function duration(seconds) {
  const s = Math.max(0, Math.round(Number(seconds) || 0));
  if (s < 60) {
    return `${s} s`;
  }
  if (s < 3600) {
    return `${Math.floor(s / 60)} min ${s % 60} s`;
  }
  if (s < 86400) {
    return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
  }
  return `${Math.floor(s / 86400)} d ${Math.floor((s % 86400) / 3600)} h`;
}

/** A status as a word in a badge: the word carries the meaning, the colour only repeats it. */
export function status(value) {
  return h('span', { class: `badge status-${String(value).toLowerCase()}` }, value);
}

/**
 * A table with a caption and column headers; rows are arrays of cells (nodes or text). A column given as
 * {@code { label, class }} rather than its label puts that class on its header and on every cell under it, so a
 * column of action buttons can go as a whole (operator-only) instead of leaving an empty one behind.
 */
export function table(caption, columns, rows) {
  const specs = columns.map((column) => (typeof column === 'object' && column !== null && !(column instanceof Node)
    ? column : { label: column }));
  return h('table', {},
    h('caption', {}, caption),
    h('thead', {}, h('tr', {}, specs.map((spec) => h('th', { scope: 'col', class: spec.class }, spec.label)))),
    h('tbody', {}, rows.map((cells) => h('tr', {},
      cells.map((cell, index) => h('td', { class: specs[index]?.class }, cell))))));
}

/** A description list of label and value pairs. */
export function fields(pairs) {
  return h('dl', { class: 'fields' }, pairs.flatMap(([label, value]) => [h('dt', {}, label), h('dd', {}, value)]));
}

/** Tells screen readers what just happened, without moving their focus. */
export function announce(text) {
  const region = document.getElementById('announce');
  region.textContent = '';
  // A fresh text node after clearing, so the same message twice is announced twice.
  window.setTimeout(() => { region.textContent = text; }, 50);
}

/** The message of a failed call, as a paragraph the page shows where the data would have been. */
export function failure(error) {
  return h('p', { class: 'error', role: 'alert' }, error.message);
}

/**
 * A confirmation dialog: a title, a text, the action's button and Cancel, which has the focus when it opens. Its
 * parts are named after it: {@code <id>-title}, {@code <id>-text}, {@code <id>-run}, {@code <id>-cancel}. It is
 * operator-only: it confirms a change, and only an operator may make one.
 */
export function confirmation(id) {
  return h('dialog', { id, class: 'operator-only', 'aria-labelledby': `${id}-title`, 'aria-describedby': `${id}-text` },
    h('h2', { id: `${id}-title` }, ''),
    h('p', { id: `${id}-text` }, ''),
    h('div', { class: 'actions' },
      h('button', { type: 'button', id: `${id}-run` }, ''),
      h('button', { type: 'button', class: 'secondary', id: `${id}-cancel`, autofocus: true }, 'Cancel')));
}

/**
 * Asks in a {@link confirmation} dialog, and calls {@code run} once confirmed. Cancel, Escape and the confirmation
 * all close it; unless it was confirmed, the focus goes back to {@code opener}.
 */
export function confirm(dialog, opener, { title, text, action }, run) {
  dialog.querySelector(`#${dialog.id}-title`).textContent = title;
  dialog.querySelector(`#${dialog.id}-text`).textContent = text;
  const button = dialog.querySelector(`#${dialog.id}-run`);
  button.textContent = action;
  const cancel = dialog.querySelector(`#${dialog.id}-cancel`);
  let confirmed = false;
  dialog.addEventListener('close', () => {
    button.onclick = null;
    cancel.onclick = null;
    if (!confirmed) {
      opener.focus();
    }
  }, { once: true });
  cancel.onclick = () => dialog.close();
  button.onclick = () => {
    confirmed = true;
    dialog.close();
    run();
  };
  dialog.showModal();
}
