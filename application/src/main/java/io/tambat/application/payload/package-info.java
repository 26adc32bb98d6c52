/**
 * Where inbox payloads are kept: sealed in their rows, or sealed in an object store that the rows name; opened from
 * wherever they are, and their objects deleted once no row names them.
 */
package io.tambat.application.payload;
