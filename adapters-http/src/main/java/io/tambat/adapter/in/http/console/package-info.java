/**
 * The operator console: static pages under {@code /console} (the WAR's {@code console/} folder), served without
 * a token and with the headers a page that handles an operator's token needs. Every figure on them comes from the
 * operator API, called by the page with the operator's bearer token.
 */
package io.tambat.adapter.in.http.console;
