/** Hostile and malformed input from outside: every route answers it with its contract's 4xx and stores nothing. */
package io.tambat.it.hostile;
