/** Strict JSON reading shared by every adapter that parses JSON sent from outside. */
package io.tambat.adapter.json;
