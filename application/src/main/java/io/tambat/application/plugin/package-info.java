/** Provider plug-ins (adapters, interpreters, state clients), found through {@link java.util.ServiceLoader}. */
package io.tambat.application.plugin;
