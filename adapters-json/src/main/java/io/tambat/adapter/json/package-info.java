/**
 * JSON Processing as every adapter uses it: the implementation looked up once ({@link JsonProviders}), strict
 * reading of JSON sent from outside ({@link StrictJson}), and sets of JSON Pointers ({@link JsonPointers}).
 */
package io.tambat.adapter.json;
