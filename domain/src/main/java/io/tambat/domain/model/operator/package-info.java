/** What operators did: the audit trail of every action that changes work or trust. */
package io.tambat.domain.model.operator;
