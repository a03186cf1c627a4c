package io.eragate.netty.testing;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;
import java.util.zip.GZIPInputStream;

/**
 * A collector for tests: an HTTP server on loopback that takes OTLP/HTTP trace exports ({@code POST /v1/traces},
 * protobuf, optionally gzip) and decodes the spans with a minimal reader of the protobuf wire format, enough for
 * ids, names, kinds and string or integer attributes.
 */
public final class OtlpReceiver implements AutoCloseable {
    private final HttpServer server;
    private final List<ReceivedSpan> spans = new CopyOnWriteArrayList<>();
    private final List<String> paths = new CopyOnWriteArrayList<>();

    /** A span as exported: hex ids ({@code parentSpanId} empty for a root), name, kind, attributes. */
    public record ReceivedSpan(String traceId, String spanId, String parentSpanId, String name, int kind,
            Map<String, String> attributes, String serviceName) {
        /** OTLP's SPAN_KIND_SERVER. */
        public static final int SERVER = 2;
        /** OTLP's SPAN_KIND_CLIENT. */
        public static final int CLIENT = 3;
    }

    private OtlpReceiver(HttpServer server) {
        this.server = server;
    }

    /** Starts a receiver on a free loopback port. */
    public static OtlpReceiver start() {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
            OtlpReceiver receiver = new OtlpReceiver(server);
            server.createContext("/", exchange -> {
                receiver.paths.add(exchange.getRequestURI().getPath());
                byte[] body;
                try (InputStream in = exchange.getRequestBody()) {
                    body = in.readAllBytes();
                }
                if ("gzip".equalsIgnoreCase(exchange.getRequestHeaders().getFirst("Content-Encoding"))) {
                    try (InputStream in = new GZIPInputStream(new java.io.ByteArrayInputStream(body))) {
                        body = in.readAllBytes();
                    }
                }
                receiver.spans.addAll(decode(body));
                exchange.getResponseHeaders().set("Content-Type", "application/x-protobuf");
                exchange.sendResponseHeaders(200, -1);
                exchange.close();
            });
            server.start();
            return receiver;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The base URL to configure as {@code telemetry.otlp.endpoint}. */
    public String endpoint() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** Every span received so far. */
    public List<ReceivedSpan> spans() {
        return List.copyOf(spans);
    }

    /** The paths exports were POSTed to. */
    public List<String> paths() {
        return List.copyOf(paths);
    }

    /** Waits (bounded) until a received span matches {@code wanted}, and returns it. */
    public ReceivedSpan await(Predicate<ReceivedSpan> wanted, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            for (ReceivedSpan span : spans) {
                if (wanted.test(span)) {
                    return span;
                }
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no matching span within " + timeout + "; received " + spans);
    }

    @Override
    public void close() {
        server.stop(0);
    }

    static List<ReceivedSpan> decode(byte[] request) {
        List<ReceivedSpan> out = new ArrayList<>();
        for (Wire resourceSpans : new Wire(request).all(1)) {
            String service = null;
            for (Wire resource : resourceSpans.all(1)) {
                service = attributes(resource.all(1)).get("service.name");
            }
            for (Wire scopeSpans : resourceSpans.all(2)) {
                for (Wire span : scopeSpans.all(2)) {
                    out.add(new ReceivedSpan(span.hex(1), span.hex(2), span.hex(4), span.text(5),
                            (int) span.varint(6), attributes(span.all(9)), service));
                }
            }
        }
        return out;
    }

    private static Map<String, String> attributes(List<Wire> keyValues) {
        Map<String, String> attributes = new LinkedHashMap<>();
        for (Wire keyValue : keyValues) {
            List<Wire> values = keyValue.all(2);
            if (values.isEmpty()) {
                continue;
            }
            Wire value = values.get(0);
            String text = value.has(1) ? value.text(1) : value.has(3) ? Long.toString(value.varint(3)) : "?";
            attributes.put(keyValue.text(1), text);
        }
        return attributes;
    }

    /** The fields of one protobuf message: length-delimited ones as bytes, varints as numbers. */
    private static final class Wire {
        private final Map<Integer, List<Object>> fields = new LinkedHashMap<>();

        Wire(byte[] bytes) {
            int[] at = {0};
            while (at[0] < bytes.length) {
                long tag = readVarint(bytes, at);
                int field = (int) (tag >>> 3);
                int type = (int) (tag & 7);
                Object value = switch (type) {
                    case 0 -> readVarint(bytes, at);
                    case 1 -> skip(bytes, at, 8);
                    case 2 -> {
                        int length = (int) readVarint(bytes, at);
                        yield skip(bytes, at, length);
                    }
                    case 5 -> skip(bytes, at, 4);
                    default -> throw new IllegalArgumentException("wire type " + type);
                };
                fields.computeIfAbsent(field, f -> new ArrayList<>()).add(value);
            }
        }

        List<Wire> all(int field) {
            return fields.getOrDefault(field, List.of()).stream().map(bytes -> new Wire((byte[]) bytes)).toList();
        }

        boolean has(int field) {
            return fields.containsKey(field);
        }

        String text(int field) {
            List<Object> values = fields.get(field);
            return values == null ? "" : new String((byte[]) values.get(0), StandardCharsets.UTF_8);
        }

        String hex(int field) {
            List<Object> values = fields.get(field);
            return values == null ? "" : HexFormat.of().formatHex((byte[]) values.get(0));
        }

        long varint(int field) {
            List<Object> values = fields.get(field);
            return values == null ? 0 : (Long) values.get(0);
        }

        private static long readVarint(byte[] bytes, int[] at) {
            long value = 0;
            for (int shift = 0; ; shift += 7) {
                byte b = bytes[at[0]++];
                value |= (long) (b & 0x7f) << shift;
                if ((b & 0x80) == 0) {
                    return value;
                }
            }
        }

        private static byte[] skip(byte[] bytes, int[] at, int length) {
            byte[] value = java.util.Arrays.copyOfRange(bytes, at[0], at[0] + length);
            at[0] += length;
            return value;
        }
    }
}
