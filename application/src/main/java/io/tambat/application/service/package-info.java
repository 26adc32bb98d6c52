/**
 * Application services. Transactions are declared here and nowhere else; no remote call happens inside
 * one.
 */
package io.tambat.application.service;
