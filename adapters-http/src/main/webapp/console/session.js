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
  try {
    const claims = value.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(claims.padEnd(claims.length + (4 - claims.length % 4) % 4, '=')),
      (char) => char.charCodeAt(0));
    const json = JSON.parse(new TextDecoder().decode(bytes));
    return typeof json.upn === 'string' ? json.upn : typeof json.sub === 'string' ? json.sub : null;
  } catch (unreadable) {
    return null;
  }
}
