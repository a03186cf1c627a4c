package io.eragate.netty.auth;

import io.eragate.core.auth.Principal;
import io.eragate.core.frontdoor.Rejection;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;

/**
 * A client request after authentication: the same request (its content is handed over, not copied) with the principal
 * it was authenticated as, or the refusal to answer it with in its turn (so that pipelined responses stay in order).
 */
public final class AuthenticatedRequest extends DefaultFullHttpRequest {

    private final Principal principal;
    private final Rejection refusal;

    private AuthenticatedRequest(FullHttpRequest request, Principal principal, Rejection refusal) {
        super(request.protocolVersion(), request.method(), request.uri(), request.content(), request.headers(),
                request.trailingHeaders());
        setDecoderResult(request.decoderResult());
        this.principal = principal;
        this.refusal = refusal;
    }

    /** {@code request} authenticated as {@code principal}; takes over the request's content. */
    public static AuthenticatedRequest of(FullHttpRequest request, Principal principal) {
        return new AuthenticatedRequest(request, principal, null);
    }

    /** {@code request} to be answered with {@code refusal}; takes over the request's content. */
    public static AuthenticatedRequest refused(FullHttpRequest request, Rejection refusal) {
        return new AuthenticatedRequest(request, Principal.ANONYMOUS, refusal);
    }

    /** The principal of any request: its authenticated one, or {@code anonymous} where authentication is off. */
    public static Principal principalOf(FullHttpRequest request) {
        return request instanceof AuthenticatedRequest authenticated ? authenticated.principal : Principal.ANONYMOUS;
    }

    /** The refusal a request carries, or null when it may proceed. */
    public static Rejection refusalOf(FullHttpRequest request) {
        return request instanceof AuthenticatedRequest authenticated ? authenticated.refusal : null;
    }
}
