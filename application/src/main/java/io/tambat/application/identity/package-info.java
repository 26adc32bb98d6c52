/** Identifiers Tambat gives to what it stores. */
package io.tambat.application.identity;
