package io.tambat.domain.port.out.forwarding;

import io.tambat.domain.model.forwarding.StateChangeNotice;

/**
 * Renders a state change as the body every kind of destination receives ({@code application/json}).
 * Implemented at the edge, which owns the representation.
 */
public interface StateChangeRenderingPort {

    byte[] render(StateChangeNotice notice);
}
