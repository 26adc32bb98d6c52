/** Request bodies read through a streaming cap, on every route that takes one. */
package io.tambat.adapter.in.http.body;
