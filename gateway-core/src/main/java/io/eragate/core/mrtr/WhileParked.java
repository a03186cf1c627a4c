package io.eragate.core.mrtr;

import io.eragate.core.jsonrpc.JsonRpcMessage;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.mcp.Methods;

/**
 * What a call parked for input does with a message its upstream sends before the client's retry comes: a
 * {@code ping} is answered at once (the upstream must not think the session dead), anything else is held for the
 * retry, up to a bound past which it is dropped.
 */
public enum WhileParked {
    /** Answer the upstream's ping now. */
    ANSWER_PING,
    /** Keep the message for the retry. */
    HOLD,
    /** The bound is reached: drop the message. */
    DROP;

    /**
     * Decides for one message.
     *
     * @param held messages held so far
     * @param maxHeld the bound on held messages
     */
    public static WhileParked of(JsonRpcMessage message, int held, int maxHeld) {
        if (message instanceof JsonRpcRequest ping && Methods.PING.equals(ping.method())) {
            return ANSWER_PING;
        }
        return held < maxHeld ? HOLD : DROP;
    }
}
