/** Events of the service's own life cycle that the application reacts to. */
package io.tambat.domain.model.lifecycle;
