// The operator's token lives in this tab's sessionStorage only: never in localStorage (it would outlive the
// tab and reach every other tab), never in a URL (it would land in history, logs and referrers).
const KEY = 'tambat.console.token';

export function token() {
  return sessionStorage.getItem(KEY);
}

export function keep(value) {
  sessionStorage.setItem(KEY, value);
}

export function forget() {
  sessionStorage.removeItem(KEY);
}

/**
 * Who the token names, for the header only: read from the token's claims without verifying them, which is
 * the server's job on every call.
 */
export function operatorName(value) {
  const json = claims(value);
  return typeof json?.upn === 'string' ? json.upn : typeof json?.sub === 'string' ? json.sub : null;
}

/**
 * Whether the token's groups claim holds operator, so the page offers the actions only to whoever may take them.
 * For display only: the server refuses a viewer's action (403) whatever the page shows. A groups claim that is
 * missing or not a list of strings, or a token that cannot be read, counts as not an operator's.
 */
export function isOperator(value) {
  const groups = claims(value)?.groups;
  return Array.isArray(groups) && groups.includes('operator');
}

/** The token's middle part, base64url JSON, as an object; null when it is not one. */
function claims(value) {
  try {
    const part = value.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(part.padEnd(part.length + (4 - part.length % 4) % 4, '=')),
      (char) => char.charCodeAt(0));
    const json = JSON.parse(new TextDecoder().decode(bytes));
    return json !== null && typeof json === 'object' ? json : null;
  } catch (unreadable) {
    return null;
  }
}
