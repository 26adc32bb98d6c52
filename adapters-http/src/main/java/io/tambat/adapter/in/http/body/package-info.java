/**
 * Request bodies read through a streaming cap, on every route that takes one; a webhook body, which is read
 * before it can be verified, is bounded by its endpoint's cap and by the server's budget of unverified bytes.
 */
package io.tambat.adapter.in.http.body;
