// Calls to the operator API, each with the bearer token; nothing is cached, nothing sent but the token.
import { token } from './session.js';

/** An answer other than 2xx, or no answer at all (status 0). */
export class ApiError extends Error {
  constructor(status, problem, message) {
    super(message);
    this.status = status;
    this.code = problem && typeof problem.code === 'string' ? problem.code : null;
  }
}

/** Raised on the window when a call's token is refused, so the page can sign out. */
export const UNAUTHORIZED = 'tambat-unauthorized';

export function get(path, bearer) {
  return call('GET', path, undefined, bearer);
}

export function post(path, body) {
  return call('POST', path, body);
}

export function remove(path) {
  return call('DELETE', path);
}

async function call(method, path, body, bearer) {
  const headers = { Accept: 'application/json', Authorization: `Bearer ${bearer ?? token()}` };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
  }
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
      credentials: 'omit',
      redirect: 'error',
      referrerPolicy: 'no-referrer',
    });
  } catch (unreachable) {
    throw new ApiError(0, null, 'Tambat did not answer; check that the server is running and try again.');
  }
  const text = await response.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch (notJson) {
    json = null;
  }
  if (response.ok) {
    return json;
  }
  // A call made with an explicit token is the sign-in check, which answers its caller itself.
  if (response.status === 401 && bearer === undefined) {
    window.dispatchEvent(new CustomEvent(UNAUTHORIZED));
  }
  throw new ApiError(response.status, json, describe(response.status, json));
}

function describe(status, problem) {
  if (problem && typeof problem.code === 'string') {
    return `Tambat answered ${status} ${problem.code}${problem.detail ? `: ${problem.detail}` : ''}`;
  }
  return `Tambat answered ${status}`;
}
