/**
 * The provider adapter kit: {@link io.tambat.kit.ProviderAdapterConformance}, the suite an adapter's test extends
 * to be held to every check the built-in adapters are, and {@link io.tambat.kit.JsonMutation} for the mutations an
 * adapter's own tests add. Depends on the domain's SPI alone.
 */
package io.tambat.kit;
