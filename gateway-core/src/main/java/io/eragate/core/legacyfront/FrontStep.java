package io.eragate.core.legacyfront;

import io.eragate.core.bridge.LogLevel;
import io.eragate.core.frontdoor.Rejection;
import io.eragate.core.jsonrpc.JsonRpcMessage;
import io.eragate.core.jsonrpc.JsonRpcRequest;

/** What the legacy client front does with one HTTP request of a legacy client ({@link LegacyFrontPlan#plan}). */
public sealed interface FrontStep {

    /** Whether the step belongs to an open session, so that its {@code Mcp-Session-Id} must open first. */
    default boolean needsSession() {
        return true;
    }

    /** {@code initialize}: the gateway answers it and issues a new session. */
    record Initialize(JsonRpcRequest request) implements FrontStep {
        @Override
        public boolean needsSession() {
            return false;
        }
    }

    /** {@code ping}: answered by the gateway with an empty result. */
    record Ping(JsonRpcRequest request) implements FrontStep {
    }

    /** {@code logging/setLevel}: kept for the session in this replica, answered with an empty result. */
    record SetLevel(JsonRpcRequest request, LogLevel level) implements FrontStep {
    }

    /** Any other request: served as one modern request by the back routing chose, its answer translated back. */
    record Forward(JsonRpcRequest request) implements FrontStep {
    }

    /**
     * A notification, or the client's answer to a server request: accepted with 202 and no body.
     *
     * @param message the message, for the relays (an answer awaited, a cancellation)
     * @param inSession whether it came with a session (else it is accepted as the modern ladder accepts a
     *     notification, which carries no envelope in either era and so cannot be told apart)
     */
    record Accept(JsonRpcMessage message, boolean inSession) implements FrontStep {
        @Override
        public boolean needsSession() {
            return inSession;
        }
    }

    /** {@code DELETE} with a session: the session ends. */
    record End() implements FrontStep {
    }

    /** {@code GET} with a session: the client's standalone stream. */
    record OpenStream() implements FrontStep {
    }

    /** Refused before any session is looked at. */
    record Refuse(Rejection rejection) implements FrontStep {
        @Override
        public boolean needsSession() {
            return false;
        }
    }
}
