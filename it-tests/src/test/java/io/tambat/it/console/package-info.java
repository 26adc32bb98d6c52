/**
 * The operator console in a real browser: Debian's headless chromium, driven through its chromium-driver by
 * Selenium, against the runnable jar. The tests do what an operator does on the page and check what the page
 * never shows (payloads, secrets) and never keeps (the token, once signed out).
 */
package io.tambat.it.console;
