/** Transaction machinery every capability may use: group commit of short writes on the request path. */
package io.tambat.application.transaction;
