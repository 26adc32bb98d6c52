/** The operator audit trail: every action that changes work or trust, recorded with the change it made. */
package io.tambat.application.operator;
