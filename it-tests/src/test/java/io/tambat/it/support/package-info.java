/**
 * What the integration tests share: the archive under test, a raw HTTP client, test-side signers written
 * independently of the product's verifiers, operator tokens, and direct JDBC access to assert on rows.
 */
package io.tambat.it.support;
