package io.eragate.core.era;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eragate.core.jsonrpc.JsonRpcErrorCodes;
import io.eragate.core.mcp.ProtocolVersions;
import io.eragate.core.sse.SseEvent;
import io.eragate.core.sse.SseLimitExceededException;
import io.eragate.core.sse.SseParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Turns the answer to a {@code server/discover} probe into an era verdict. Pure and thread-safe.
 *
 * <p>The rules follow spec digest §5.2 and the TypeScript SDK's probe classifier, which real peers were checked
 * against (real-peers §8): only positive evidence makes an upstream modern, anything else that is a real answer
 * makes it legacy, and answers that say nothing about the era are inconclusive.
 * <ul>
 *   <li><b>Modern</b>: a 2xx whose JSON-RPC response (plain JSON, or the first response carried by an SSE
 *       {@code message} event) is a valid {@code DiscoverResult} sharing a version with ours; or a -32022 error
 *       (any status) whose {@code data.supported} names a version we speak.</li>
 *   <li><b>Inconclusive</b> (502/503/504, never cached): no answer (connect failure, reset, timeout), 5xx,
 *       401/403/407 (our upstream credentials), 408, 429, 1xx and 3xx, and a -32022 that offers only modern
 *       versions we do not speak (a version mismatch, not an era).</li>
 *   <li><b>Legacy</b>: everything else, notably any other JSON-RPC error (TS SDK v1: 400 -32000 "Server not
 *       initialized"; -32601 in a 200 SSE stream), a 4xx whose body is not a JSON-RPC error (the Java SDK's serialized
 *       exception), a 2xx that is not a valid {@code DiscoverResult}, a {@code DiscoverResult} sharing no version with
 *       ours, and a -32022 listing only legacy versions. -32020/-32021 are deliberately not modern evidence: 2025
 *       servers overload nearby codes (digest §9.5).</li>
 * </ul>
 * The {@code DiscoverResult} check is lenient on fields a sloppy modern server might omit ({@code resultType},
 * {@code ttlMs}, {@code cacheScope}) but rejects them when present with the wrong type, because wrongly calling a
 * modern-only server legacy breaks every request to it.
 */
public final class ProbeClassifier {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern DATE_VERSION = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");
    private static final Set<String> CACHE_SCOPES = Set.of("public", "private");
    private static final int SNIPPET_CHARS = 160;

    private ProbeClassifier() {
    }

    /**
     * Classifies one probe answer.
     *
     * @param answer what the upstream answered
     * @param ourModernVersions the modern versions the gateway can speak toward the upstream, never empty
     */
    public static ProbeVerdict classify(ProbeAnswer answer, List<String> ourModernVersions) {
        Objects.requireNonNull(answer, "answer");
        Objects.requireNonNull(ourModernVersions, "ourModernVersions");
        if (ourModernVersions.isEmpty()) {
            throw new IllegalArgumentException("ourModernVersions must not be empty");
        }
        if (answer.failure() != null) {
            return switch (answer.failure()) {
                case CONNECT_FAILED -> new ProbeVerdict.Inconclusive("could not connect to the upstream", 502);
                case RESET -> new ProbeVerdict.Inconclusive("the upstream closed the connection before answering", 502);
                case TIMEOUT -> new ProbeVerdict.Inconclusive("the upstream did not answer the probe in time", 504);
            };
        }
        int status = answer.httpStatus();
        ProbeVerdict.Inconclusive noEvidence = inconclusiveStatus(status);
        if (noEvidence != null) {
            return noEvidence;
        }
        String source = "HTTP " + status;
        JsonNode response = readResponse(answer);
        JsonNode error = response == null ? null : response.get("error");
        if (isJsonRpcError(error)) {
            return classifyError(source, error, ourModernVersions);
        }
        if (status >= 400) {
            return new ProbeVerdict.Legacy(source + " without a JSON-RPC error: " + snippet(answer));
        }
        if (response == null || !response.has("result")) {
            return new ProbeVerdict.Legacy(source + " without a JSON-RPC response: " + snippet(answer));
        }
        return classifyResult(source, response.get("result"), ourModernVersions);
    }

    /**
     * Classifies the answer to a {@code server/discover} probe sent on stdio (spec digest §2.2), where silence is
     * itself an answer: legacy stdio servers may ignore an unknown pre-{@code initialize} request or exit on it.
     *
     * @param responseLine the JSON-RPC response line the process wrote for the probe, or {@code null} when none came
     *     before the probe timeout or the process exited
     * @param ourModernVersions the modern versions the gateway can speak toward the upstream, never empty
     */
    public static ProbeVerdict classifyStdio(String responseLine, List<String> ourModernVersions) {
        Objects.requireNonNull(ourModernVersions, "ourModernVersions");
        if (ourModernVersions.isEmpty()) {
            throw new IllegalArgumentException("ourModernVersions must not be empty");
        }
        if (responseLine == null) {
            return new ProbeVerdict.Legacy(
                    "stdio: no answer to server/discover (a legacy server may ignore it or exit)");
        }
        JsonNode response = parseJson(responseLine.getBytes(StandardCharsets.UTF_8));
        JsonNode error = response == null ? null : response.get("error");
        if (isJsonRpcError(error)) {
            return classifyError("stdio", error, ourModernVersions);
        }
        if (response == null || !response.isObject() || !response.has("result")) {
            return new ProbeVerdict.Legacy("stdio: the answer is not a JSON-RPC response: " + truncate(responseLine));
        }
        return classifyResult("stdio", response.get("result"), ourModernVersions);
    }

    private static ProbeVerdict.Inconclusive inconclusiveStatus(int status) {
        if (status == 401 || status == 403 || status == 407) {
            return new ProbeVerdict.Inconclusive(
                    "HTTP " + status + ": the upstream refused the gateway's credentials", 502);
        }
        if (status == 408) {
            return new ProbeVerdict.Inconclusive("HTTP 408: the upstream timed out reading the probe", 504);
        }
        if (status == 429) {
            return new ProbeVerdict.Inconclusive("HTTP 429: the upstream is rate limiting the gateway", 503);
        }
        if (status >= 500) {
            int suggested = status == 503 || status == 504 ? status : 502;
            return new ProbeVerdict.Inconclusive("HTTP " + status + " from the upstream", suggested);
        }
        if (status < 200 || status >= 300 && status < 400) {
            return new ProbeVerdict.Inconclusive(
                    "HTTP " + status + ": redirects are not followed; configure the upstream's final URL", 502);
        }
        return null;
    }

    private static ProbeVerdict classifyError(String source, JsonNode error, List<String> ours) {
        int code = error.get("code").intValue();
        String described = source + " with JSON-RPC error " + code + " " + quote(error.path("message"));
        if (code != JsonRpcErrorCodes.UNSUPPORTED_PROTOCOL_VERSION) {
            return new ProbeVerdict.Legacy(described);
        }
        List<String> supported = stringList(error.path("data").path("supported"));
        if (supported == null) {
            return new ProbeVerdict.Legacy(described + " without a valid data.supported");
        }
        if (ours.stream().anyMatch(supported::contains)) {
            return new ProbeVerdict.Modern(supported, null);
        }
        List<String> modern = supported.stream().filter(version -> !isLegacyVersion(version)).toList();
        if (!modern.isEmpty()) {
            return new ProbeVerdict.Inconclusive(
                    "the upstream speaks only modern versions " + modern + ", none of ours " + ours, 502);
        }
        return new ProbeVerdict.Legacy(described + " listing only legacy versions " + supported);
    }

    private static ProbeVerdict classifyResult(String source, JsonNode result, List<String> ours) {
        String invalid = discoverResultProblem(result);
        if (invalid != null) {
            return new ProbeVerdict.Legacy(source + " with a result that is not a DiscoverResult: " + invalid);
        }
        List<String> supported = stringList(result.get("supportedVersions"));
        if (ours.stream().noneMatch(supported::contains)) {
            return new ProbeVerdict.Legacy("DiscoverResult lists " + supported + ", none of ours " + ours);
        }
        return new ProbeVerdict.Modern(supported, result);
    }

    /** Why {@code result} is not a valid DiscoverResult, or {@code null} when it is one. */
    private static String discoverResultProblem(JsonNode result) {
        if (result == null || !result.isObject()) {
            return "result is not an object";
        }
        if (stringList(result.get("supportedVersions")) == null) {
            return "supportedVersions is not a non-empty list of strings";
        }
        if (!result.path("capabilities").isObject()) {
            return "capabilities is not an object";
        }
        JsonNode resultType = result.get("resultType");
        if (resultType != null && !"complete".equals(resultType.textValue())) {
            return "resultType is " + resultType + ", not \"complete\"";
        }
        JsonNode ttlMs = result.get("ttlMs");
        if (ttlMs != null && !(ttlMs.isNumber() && ttlMs.doubleValue() >= 0)) {
            return "ttlMs is " + ttlMs + ", not a non-negative number";
        }
        JsonNode cacheScope = result.get("cacheScope");
        if (cacheScope != null && !CACHE_SCOPES.contains(cacheScope.textValue())) {
            return "cacheScope is " + cacheScope + ", not \"public\" or \"private\"";
        }
        return null;
    }

    /**
     * Whether {@code version} is a 2025-11-25-or-earlier revision: one we know, or any date-shaped version before
     * the first modern one. Everything else (later dates, or names we cannot read) counts as modern.
     */
    static boolean isLegacyVersion(String version) {
        return ProtocolVersions.LEGACY.contains(version)
                || DATE_VERSION.matcher(version).matches() && version.compareTo(ProtocolVersions.V2026_07_28) < 0;
    }

    /** The JSON-RPC response in the body: plain JSON, or the first response an SSE message event carries. */
    private static JsonNode readResponse(ProbeAnswer answer) {
        byte[] body = answer.body();
        if (body == null || body.length == 0) {
            return null;
        }
        String mediaType = mediaType(answer.contentType());
        boolean json = mediaType == null ? startsLikeJson(body) : isJsonMediaType(mediaType);
        if (json) {
            JsonNode node = parseJson(body);
            return node != null && node.isObject() ? node : null;
        }
        if (mediaType == null || "text/event-stream".equals(mediaType)) {
            return firstResponseEvent(body);
        }
        return null;
    }

    private static JsonNode firstResponseEvent(byte[] body) {
        List<SseEvent> events = new ArrayList<>();
        try {
            new SseParser(body.length, body.length).feed(body, 0, body.length, events::add);
        } catch (SseLimitExceededException e) {
            return null;
        }
        for (SseEvent event : events) {
            if (!event.isMessage() || event.data().isEmpty()) {
                continue;
            }
            JsonNode node = parseJson(event.data().getBytes(StandardCharsets.UTF_8));
            if (node != null && node.isObject() && (node.has("result") || node.has("error"))) {
                return node;
            }
        }
        return null;
    }

    private static boolean isJsonRpcError(JsonNode error) {
        return error != null && error.isObject() && error.path("code").canConvertToInt()
                && error.path("code").isIntegralNumber();
    }

    private static List<String> stringList(JsonNode node) {
        if (node == null || !node.isArray() || node.isEmpty()) {
            return null;
        }
        List<String> values = new ArrayList<>(node.size());
        for (JsonNode element : node) {
            if (!element.isTextual()) {
                return null;
            }
            values.add(element.textValue());
        }
        return List.copyOf(values);
    }

    private static JsonNode parseJson(byte[] bytes) {
        try {
            return JSON.readTree(bytes);
        } catch (IOException e) {
            return null;
        }
    }

    private static String mediaType(String contentType) {
        if (contentType == null || contentType.isBlank()) {
            return null;
        }
        int semicolon = contentType.indexOf(';');
        String bare = semicolon < 0 ? contentType : contentType.substring(0, semicolon);
        return bare.trim().toLowerCase(Locale.ROOT);
    }

    private static boolean isJsonMediaType(String mediaType) {
        return "application/json".equals(mediaType) || mediaType.endsWith("+json");
    }

    private static boolean startsLikeJson(byte[] body) {
        for (byte b : body) {
            if (b != ' ' && b != '\t' && b != '\r' && b != '\n') {
                return b == '{' || b == '[';
            }
        }
        return false;
    }

    private static String quote(JsonNode message) {
        return message.isTextual() ? "\"" + truncate(message.textValue()) + "\"" : "(no message)";
    }

    private static String snippet(ProbeAnswer answer) {
        byte[] body = answer.body();
        if (body == null || body.length == 0) {
            return "empty body";
        }
        String text = new String(body, 0, Math.min(body.length, SNIPPET_CHARS * 4), StandardCharsets.UTF_8);
        return (answer.contentType() == null ? "" : answer.contentType() + " ") + truncate(text);
    }

    private static String truncate(String text) {
        String oneLine = text.replaceAll("[\\p{Cntrl}]+", " ").strip();
        return oneLine.length() <= SNIPPET_CHARS ? oneLine : oneLine.substring(0, SNIPPET_CHARS) + "…";
    }
}
