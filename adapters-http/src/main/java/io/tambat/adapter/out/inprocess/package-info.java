/** The default event publisher: inside the server, no broker needed. */
package io.tambat.adapter.out.inprocess;
