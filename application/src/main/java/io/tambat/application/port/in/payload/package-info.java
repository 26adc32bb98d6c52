/** What operators do with stored payloads: see where they are, and move them to where new ones go. */
package io.tambat.application.port.in.payload;
