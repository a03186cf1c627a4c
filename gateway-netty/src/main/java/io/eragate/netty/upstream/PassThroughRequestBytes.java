package io.eragate.netty.upstream;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import io.netty.handler.codec.http.HttpHeaders;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.Map;

/**
 * The upstream request of a modern pass-through written straight as HTTP/1.1 bytes, head and body in one buffer,
 * instead of a request object with a header map that the client codec encodes field by field. The fields are the
 * same as the request object's ({@link ModernExchange}): the fixed ones ({@code host}, {@code content-type},
 * {@code accept}) are pre-encoded where they do not depend on the target, the client's passed headers follow, then
 * the MCP headers derived from the body, {@code X-Forwarded-For} and {@code Forwarded}, and {@code content-length}.
 * The names are constants and the values either constants, values derived from the validated body, or header values
 * the server codec validated on the way in (so none holds a CR or LF); each character is written as one byte the way
 * Netty's encoder writes it ({@link ByteBufUtil#writeAscii}).
 *
 * <p>Written below the client codec ({@link UpstreamCall#startEncoded}), so only for targets without credentials of
 * the gateway's own, which are added to a request object.
 */
public final class PassThroughRequestBytes {
    private static final byte[] POST = ascii("POST ");
    private static final byte[] VERSION_AND_HOST = ascii(" HTTP/1.1\r\nhost: ");
    private static final byte[] FIXED = ascii("\r\ncontent-type: application/json\r\n"
            + "accept: application/json, text/event-stream\r\n");
    private static final byte[] CONTENT_LENGTH = ascii("content-length: ");
    private static final byte[] COLON = ascii(": ");
    private static final byte[] CRLF = ascii("\r\n");
    /** Room for the head beyond its variable values; the buffer grows if a head is larger. */
    private static final int HEAD_ESTIMATE = 512;

    private PassThroughRequestBytes() {
    }

    /**
     * The whole request: {@code POST} to the target with the headers described above and {@code body}.
     *
     * @param passed client headers passed on unchanged (their names never collide with the ones set here)
     * @param mcpHeaders the MCP headers derived from the body
     * @param clientAddress the client's address, or {@code null} when unknown (then no forwarding headers)
     */
    public static ByteBuf encode(ByteBufAllocator alloc, UpstreamTarget target, HttpHeaders passed,
            Map<String, String> mcpHeaders, String clientAddress, String clientHost, byte[] body) {
        ByteBuf out = alloc.directBuffer(HEAD_ESTIMATE + body.length);
        out.writeBytes(POST);
        ByteBufUtil.writeAscii(out, target.pathAndQuery());
        out.writeBytes(VERSION_AND_HOST);
        ByteBufUtil.writeAscii(out, target.hostHeader());
        out.writeBytes(FIXED);
        Iterator<Map.Entry<CharSequence, CharSequence>> fields = passed.iteratorCharSequence();
        while (fields.hasNext()) {
            Map.Entry<CharSequence, CharSequence> field = fields.next();
            field(out, field.getKey(), field.getValue());
        }
        for (Map.Entry<String, String> field : mcpHeaders.entrySet()) {
            field(out, field.getKey(), field.getValue());
        }
        if (clientAddress != null) {
            field(out, TrustedHeaders.X_FORWARDED_FOR, clientAddress);
            field(out, TrustedHeaders.FORWARDED, TrustedHeaders.forwarded(clientAddress, clientHost));
        }
        out.writeBytes(CONTENT_LENGTH);
        ByteBufUtil.writeAscii(out, Integer.toString(body.length));
        out.writeBytes(CRLF).writeBytes(CRLF);
        out.writeBytes(body);
        return out;
    }

    private static void field(ByteBuf out, CharSequence name, CharSequence value) {
        ByteBufUtil.writeAscii(out, name);
        out.writeBytes(COLON);
        ByteBufUtil.writeAscii(out, value);
        out.writeBytes(CRLF);
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }
}
