package io.eragate.netty.legacyfront;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.frontdoor.Rejection;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcResponse;
import io.eragate.netty.server.ClientResponses;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.HttpResponseStatus;

/** The answers the legacy client front writes itself. */
final class FrontResponses {

    private FrontResponses() {
    }

    /** A JSON-RPC result for {@code id}, with 200. */
    static void result(ChannelHandlerContext ctx, JsonRpcId id, ObjectNode result, boolean keepAlive) {
        message(ctx, JsonRpcCodec.encode(JsonRpcResponse.success(id, result)), keepAlive);
    }

    /** One JSON-RPC message (a result, or an in-band error for a request id), with 200. */
    static void message(ChannelHandlerContext ctx, byte[] body, boolean keepAlive) {
        ClientResponses.writeJson(ctx, HttpResponseStatus.OK, body, keepAlive);
    }

    /** 202 Accepted without a body: a notification or an answer to a server request. */
    static void accepted(ChannelHandlerContext ctx, boolean keepAlive) {
        ClientResponses.writeEmpty(ctx, HttpResponseStatus.ACCEPTED, keepAlive);
    }

    /** 200 without a body: a session ended. */
    static void empty(ChannelHandlerContext ctx, boolean keepAlive) {
        ClientResponses.writeEmpty(ctx, HttpResponseStatus.OK, keepAlive);
    }

    /** A refusal with its status and JSON-RPC error. */
    static void rejection(ChannelHandlerContext ctx, Rejection rejection, boolean keepAlive) {
        ClientResponses.writeRejection(ctx, rejection, keepAlive);
    }
}
