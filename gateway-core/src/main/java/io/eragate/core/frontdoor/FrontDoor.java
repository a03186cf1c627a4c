package io.eragate.core.frontdoor;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.Decoded;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcError;
import io.eragate.core.jsonrpc.JsonRpcErrorCodes;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcMessage;
import io.eragate.core.jsonrpc.JsonRpcNotification;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.jsonrpc.JsonRpcResponse;
import io.eragate.core.mcp.McpHeaders;
import io.eragate.core.mcp.MetaKeys;
import io.eragate.core.mcp.Methods;
import io.eragate.core.mcp.ProtocolVersions;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The 2026-07-28 validation ladder for one inbound request. The first rung that fails answers; a request that fails
 * two rungs gets the earlier one's answer. The order reproduces every status/code pair the conformance suite checks
 * (see {@code mcp-spec-digest.md} §1.6):
 *
 * <ol>
 *   <li>Route and HTTP method: unrouted path → 404; not POST → 405 with {@code Allow: POST}.</li>
 *   <li>Origin, then Host → 403.</li>
 *   <li>{@code Accept} must admit JSON and SSE → 406; {@code Content-Type} must be JSON → 415.</li>
 *   <li>Body: not JSON → 400/-32700; not exactly one request or notification → 400/-32600.</li>
 *   <li>A notification is accepted here, without header checks (the revision leaves them undefined).</li>
 *   <li>A legacy {@code initialize} (no envelope claim) → 400/-32022 naming the supported versions, as a modern-only
 *       server SHOULD answer a handshake.</li>
 *   <li>{@code MCP-Protocol-Version} present → else 400/-32020; the {@code params._meta} envelope complete → else
 *       400/-32602; header equals body version → else 400/-32020; version supported → else 400/-32022.</li>
 *   <li>{@code Mcp-Method} equals the method → else 400/-32020; for tools/call, prompts/get and resources/read the
 *       name field is a string → else 400/-32602, and {@code Mcp-Name} (sentinel-decoded) equals it → else
 *       400/-32020; no two {@code Mcp-Param-*} fields of one name disagree → else 400/-32020.</li>
 *   <li>Method removed in 2026-07-28 or unknown → 404/-32601.</li>
 * </ol>
 *
 * Every MCP header is read the same way: surrounding spaces and tabs trimmed, repeated identical fields counted once,
 * disagreeing repeats or control characters refused with -32020. {@code Mcp-Session-Id} and {@code Last-Event-ID} are
 * ignored. Rungs 1–3 use only the request line and headers, so the HTTP layer may run them through
 * {@link #checkBeforeBody} before aggregating a body.
 *
 * <p>The body is read once. A request whose envelope and name are complete is read with a streaming scan
 * ({@link EnvelopeScan}) that builds no tree; the tree is parsed later only if a caller needs the message (see
 * {@link ValidatedRequest#message()}). Every other body, and so every rejection of its shape, takes the tree path.
 * Both paths feed the same rungs, which decide alike whatever the source of the fields. The accepted path throws
 * nothing.
 */
public final class FrontDoor {

    private static final String POST = "POST";
    private static final String ORIGIN = "Origin";
    private static final String HOST = "Host";
    private static final String ACCEPT = "Accept";
    private static final String CONTENT_TYPE = "Content-Type";
    private static final String PARAM_PREFIX_LOWER = McpHeaders.PARAM_PREFIX.toLowerCase(Locale.ROOT);
    private static final String[] ENVELOPE_KEYS = {MetaKeys.PROTOCOL_VERSION, MetaKeys.CLIENT_CAPABILITIES};

    private final FrontDoorPolicy policy;
    private final String supportedList;
    private final boolean scanning;

    /** A front door enforcing {@code policy}. */
    public FrontDoor(FrontDoorPolicy policy) {
        this(policy, true);
    }

    private FrontDoor(FrontDoorPolicy policy, boolean scanning) {
        this.policy = Objects.requireNonNull(policy, "policy");
        this.supportedList = String.join(", ", policy.supportedVersions());
        this.scanning = scanning;
    }

    /**
     * A front door that reads every body into a tree, never with the streaming scan: the reference the scanning
     * front door must agree with on every input (tests and benchmarks).
     */
    public static FrontDoor treeOnly(FrontDoorPolicy policy) {
        return new FrontDoor(policy, false);
    }

    /** The policy this front door enforces. */
    public FrontDoorPolicy policy() {
        return policy;
    }

    /**
     * Runs every rung. Never throws for any input; a rejection keeps the request id whenever the body lets it be read,
     * a 403 for a refused Origin or Host included: the body is only parsed for its id, never acted on.
     */
    public Verdict check(InboundRequest request) {
        Objects.requireNonNull(request, "request");
        Rejection early = beforeBody(request.httpMethod(), request.pathWithoutQuery(), request.headers());
        if (early != null) {
            return new Verdict.Rejected(withReadableId(early, request.body()));
        }
        return checkBody(request);
    }

    /**
     * Rungs 1–3 only (route, HTTP method, Origin, Host, Accept, Content-Type), for the HTTP layer to refuse a request
     * before reading its body. These rejections carry no id, since no body has been read.
     *
     * @param path the request path; a query string is ignored
     */
    public Optional<Rejection> checkBeforeBody(String httpMethod, String path, HeaderView headers) {
        Objects.requireNonNull(httpMethod, "httpMethod");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(headers, "headers");
        int query = path.indexOf('?');
        return Optional.ofNullable(beforeBody(httpMethod, query < 0 ? path : path.substring(0, query), headers));
    }

    /**
     * The checks a legacy-era request (see {@link LegacyTraffic}) passes before it goes through to a legacy upstream:
     * the route (404), then Origin and Host (403), which guard against DNS rebinding whatever the era, then a body
     * that is not UTF-8 (400/-32700). The upstream judges the rest by its own revision's rules. A 403 keeps the id of a
     * single request when the body lets it be read.
     */
    public Optional<Rejection> checkLegacy(InboundRequest request) {
        Objects.requireNonNull(request, "request");
        if (policy.routes().match(request.pathWithoutQuery()).isEmpty()) {
            return Optional.of(Rejections.unknownPath(request.pathWithoutQuery()));
        }
        Optional<String> origin = policy.originPolicy().checkOrigin(request.headers().all(ORIGIN));
        if (origin.isPresent()) {
            return Optional.of(withReadableId(Rejections.forbiddenOrigin(origin.get()), request.body()));
        }
        Optional<String> host = policy.originPolicy().checkHost(request.headers().all(HOST));
        if (host.isPresent()) {
            return Optional.of(withReadableId(Rejections.forbiddenHost(host.get()), request.body()));
        }
        return HttpFraming.utf8Problem(request.body()).map(FramingRejections::bodyNotUtf8);
    }

    private Rejection beforeBody(String httpMethod, String path, HeaderView headers) {
        if (policy.routes().match(path).isEmpty()) {
            return Rejections.unknownPath(path);
        }
        if (!POST.equals(httpMethod)) {
            return Rejections.methodNotAllowed(httpMethod);
        }
        Optional<String> origin = policy.originPolicy().checkOrigin(headers.all(ORIGIN));
        if (origin.isPresent()) {
            return Rejections.forbiddenOrigin(origin.get());
        }
        Optional<String> host = policy.originPolicy().checkHost(headers.all(HOST));
        if (host.isPresent()) {
            return Rejections.forbiddenHost(host.get());
        }
        List<String> accept = headers.all(ACCEPT);
        if (!MediaTypes.acceptsJsonAndEventStream(accept)) {
            return Rejections.notAcceptable(accept);
        }
        List<String> contentType = headers.all(CONTENT_TYPE);
        if (!MediaTypes.isJson(contentType)) {
            return Rejections.unsupportedMediaType(contentType);
        }
        return null;
    }

    /** {@code rejection} answering the request whose id {@code body} lets be read, if any. */
    public static Rejection withReadableId(Rejection rejection, byte[] body) {
        if (body.length == 0) {
            return rejection;
        }
        Decoded decoded = JsonRpcCodec.decode(body);
        JsonRpcId id = null;
        if (decoded instanceof Decoded.Message message && message.message() instanceof JsonRpcRequest request) {
            id = request.id();
        } else if (decoded instanceof Decoded.Invalid invalid) {
            id = invalid.idOrNull();
        }
        return id == null ? rejection : rejection.withId(id);
    }

    private Verdict checkBody(InboundRequest request) {
        Optional<String> notUtf8 = HttpFraming.utf8Problem(request.body());
        if (notUtf8.isPresent()) {
            return rejected(FramingRejections.bodyNotUtf8(notUtf8.get()));
        }
        if (scanning) {
            EnvelopeScan scan = EnvelopeScan.of(request.body());
            if (scan != null) {
                return checkHeaders(new RequestBody(scan.id(), scan.method(), scan.protocolVersion(), null,
                        Methods.nameField(scan.method()), scan.name(), null), request, null);
            }
        }
        Decoded decoded = JsonRpcCodec.decode(request.body());
        if (decoded instanceof Decoded.Malformed malformed) {
            return rejected(Rejections.parseError(malformed.error()));
        }
        if (decoded instanceof Decoded.Invalid invalid) {
            return rejected(Rejections.invalidRequest(invalid.idOrNull(), invalid.error()));
        }
        JsonRpcMessage message = ((Decoded.Message) decoded).message();
        if (message instanceof JsonRpcNotification notification) {
            return new Verdict.Accepted(new ValidatedRequest(notification, request.body(), null,
                    notification.method(), null, null));
        }
        if (message instanceof JsonRpcResponse response) {
            return rejected(Rejections.invalidRequest(response.id(), JsonRpcError.of(JsonRpcErrorCodes.INVALID_REQUEST,
                    "Invalid Request: a JSON-RPC response cannot be posted; in 2026-07-28 servers send no requests "
                            + "that a client could answer")));
        }
        return checkRequest((JsonRpcRequest) message, request);
    }

    /**
     * What the rungs after the body's shape read from a request: from its tree, or from a scan of a body whose
     * envelope and name are complete (then {@code envelopeProblem} and {@code nameProblem} are {@code null}).
     *
     * @param claimedVersion the envelope's protocol version when it is a string, else {@code null}
     * @param envelopeProblem why the envelope is unusable, or {@code null}
     * @param nameField {@code name} or {@code uri} for a method that has one, else {@code null}
     * @param name that field's string, or {@code null}
     * @param nameProblem why that field is unusable, or {@code null}
     */
    private record RequestBody(JsonRpcId id, String method, String claimedVersion, String envelopeProblem,
            String nameField, String name, String nameProblem) {
    }

    private Verdict checkRequest(JsonRpcRequest request, InboundRequest inbound) {
        JsonRpcId id = request.id();
        String method = request.method();
        ObjectNode params = request.params();
        JsonNode meta = params == null ? null : params.get(MetaKeys.META);

        if (Methods.INITIALIZE.equals(method) && (meta == null || !meta.has(MetaKeys.PROTOCOL_VERSION))) {
            return rejected(legacyHandshake(id, params, inbound.headers()));
        }
        JsonNode claimed = meta == null ? null : meta.get(MetaKeys.PROTOCOL_VERSION);
        String nameField = Methods.nameField(method);
        JsonNode bodyName = nameField == null || params == null ? null : params.get(nameField);
        boolean nameUsable = bodyName != null && bodyName.isTextual();
        String nameProblem = nameField == null || nameUsable ? null : method + " requires params." + nameField
                + ", a string" + (bodyName == null ? "" : ", not " + JsonRpcCodec.describeType(bodyName));
        return checkHeaders(new RequestBody(id, method, claimed != null && claimed.isTextual() ? claimed.textValue()
                : null, envelopeProblem(params, meta), nameField, nameUsable ? bodyName.textValue() : null,
                nameProblem), inbound, request);
    }

    /** The rungs from the protocol version on; {@code tree} is {@code null} for a scanned body. */
    private Verdict checkHeaders(RequestBody body, InboundRequest inbound, JsonRpcRequest tree) {
        JsonRpcId id = body.id();
        String method = body.method();
        HeaderView headers = inbound.headers();

        // Protocol version: header present, envelope complete, header equals body, version supported.
        HeaderField versionHeader = HeaderField.read(headers, McpHeaders.PROTOCOL_VERSION);
        Rejection bad = malformedField(id, McpHeaders.PROTOCOL_VERSION, versionHeader);
        if (bad != null) {
            return rejected(bad);
        }
        if (versionHeader instanceof HeaderField.Absent) {
            String bodyVersion = body.claimedVersion();
            return rejected(Rejections.headerMismatch(id, McpHeaders.PROTOCOL_VERSION, null, bodyVersion,
                    "the " + McpHeaders.PROTOCOL_VERSION + " header is missing; it is required on every request"
                            + (bodyVersion == null ? "" : " and must equal the body's protocol version "
                            + Rejections.quote(bodyVersion))));
        }
        if (body.envelopeProblem() != null) {
            return rejected(Rejections.invalidParams(id, body.envelopeProblem()));
        }
        String headerVersion = ((HeaderField.Value) versionHeader).value();
        String bodyVersion = body.claimedVersion();
        if (!headerVersion.equals(bodyVersion)) {
            return rejected(Rejections.headerMismatch(id, McpHeaders.PROTOCOL_VERSION, headerVersion, bodyVersion,
                    McpHeaders.PROTOCOL_VERSION + " header " + Rejections.quote(headerVersion)
                            + " does not match body protocol version " + Rejections.quote(bodyVersion)));
        }
        if (!policy.supportedVersions().contains(bodyVersion)) {
            return rejected(Rejections.unsupportedVersion(id, bodyVersion, policy.supportedVersions(),
                    "Unsupported protocol version " + Rejections.quote(bodyVersion) + "; supported: "
                            + supportedList));
        }

        // Mirrored method and name headers.
        HeaderField methodHeader = HeaderField.read(headers, McpHeaders.METHOD);
        bad = mirroredMethodProblem(id, method, methodHeader);
        if (bad != null) {
            return rejected(bad);
        }
        HeaderField nameHeader = HeaderField.read(headers, McpHeaders.NAME);
        bad = malformedField(id, McpHeaders.NAME, nameHeader);
        if (bad != null) {
            return rejected(bad);
        }
        String name = null;
        String nameField = body.nameField();
        if (nameField != null) {
            if (body.nameProblem() != null) {
                return rejected(Rejections.invalidParams(id, body.nameProblem()));
            }
            name = body.name();
            bad = mirroredNameProblem(id, method, nameField, name, nameHeader);
            if (bad != null) {
                return rejected(bad);
            }
        }
        bad = paramHeaderProblem(id, headers);
        if (bad != null) {
            return rejected(bad);
        }

        // Method inventory.
        if (Methods.REMOVED_IN_MODERN.contains(method)) {
            return rejected(Rejections.methodNotFound(id, method, "(removed in protocol version "
                    + ProtocolVersions.V2026_07_28 + ")"));
        }
        if (!policy.knownMethods().contains(method)) {
            return rejected(Rejections.methodNotFound(id, method, null));
        }
        return new Verdict.Accepted(tree != null
                ? new ValidatedRequest(tree, inbound.body(), bodyVersion, method, name, id)
                : ValidatedRequest.scanned(inbound.body(), new EnvelopeScan(id, method, bodyVersion, name)));
    }

    private Rejection legacyHandshake(JsonRpcId id, ObjectNode params, HeaderView headers) {
        JsonNode asked = params == null ? null : params.get("protocolVersion");
        String requested;
        if (asked != null && asked.isTextual()) {
            requested = asked.textValue();
        } else if (HeaderField.read(headers, McpHeaders.PROTOCOL_VERSION) instanceof HeaderField.Value value) {
            requested = value.value();
        } else {
            requested = "";
        }
        return Rejections.unsupportedVersion(id, requested, policy.supportedVersions(),
                "Unsupported protocol version " + Rejections.quote(requested) + ": this endpoint speaks "
                        + supportedList + ", which has no initialize handshake; send each request with "
                        + "params._meta instead");
    }

    /** Why the {@code params._meta} envelope is unusable, or {@code null} when it is complete. */
    private static String envelopeProblem(ObjectNode params, JsonNode meta) {
        String required = "\"" + MetaKeys.PROTOCOL_VERSION + "\" (a string) and \"" + MetaKeys.CLIENT_CAPABILITIES
                + "\" (an object)";
        if (params == null) {
            return "params is missing; every request needs params._meta with " + required;
        }
        if (meta == null) {
            return "params._meta is missing; every request needs params._meta with " + required;
        }
        if (!meta.isObject()) {
            return "params._meta must be an object with " + required;
        }
        JsonNode version = meta.get(MetaKeys.PROTOCOL_VERSION);
        JsonNode capabilities = meta.get(MetaKeys.CLIENT_CAPABILITIES);
        if (version != null && version.isTextual() && capabilities != null && capabilities.isObject()) {
            return null;
        }
        List<String> problems = new ArrayList<>(2);
        for (String key : ENVELOPE_KEYS) {
            JsonNode value = meta.get(key);
            boolean wantString = key.equals(MetaKeys.PROTOCOL_VERSION);
            if (value == null) {
                problems.add("lacks \"" + key + "\"");
            } else if (wantString ? !value.isTextual() : !value.isObject()) {
                problems.add("\"" + key + "\" must be " + (wantString ? "a string" : "an object") + ", not "
                        + JsonRpcCodec.describeType(value));
            }
        }
        return "params._meta " + String.join(" and ", problems);
    }

    private static Rejection mirroredMethodProblem(JsonRpcId id, String method, HeaderField header) {
        Rejection bad = malformedField(id, McpHeaders.METHOD, header);
        if (bad != null) {
            return bad;
        }
        if (header instanceof HeaderField.Absent) {
            return Rejections.headerMismatch(id, McpHeaders.METHOD, null, method, "the " + McpHeaders.METHOD
                    + " header is missing; it must repeat the body method " + Rejections.quote(method));
        }
        String value = ((HeaderField.Value) header).value();
        if (!value.equals(method)) {
            return Rejections.headerMismatch(id, McpHeaders.METHOD, value, method, McpHeaders.METHOD + " header "
                    + Rejections.quote(value) + " does not match body method " + Rejections.quote(method));
        }
        return null;
    }

    private static Rejection mirroredNameProblem(JsonRpcId id, String method, String nameField, String bodyName,
            HeaderField header) {
        if (header instanceof HeaderField.Absent) {
            return Rejections.headerMismatch(id, McpHeaders.NAME, null, bodyName, "the " + McpHeaders.NAME
                    + " header is missing; " + method + " requires it to repeat params." + nameField + " "
                    + Rejections.quote(bodyName));
        }
        String raw = ((HeaderField.Value) header).value();
        HeaderSentinel.DecodeResult decoded = HeaderSentinel.decode(raw);
        if (decoded instanceof HeaderSentinel.DecodeResult.Invalid invalid) {
            return Rejections.headerMismatch(id, McpHeaders.NAME, raw, bodyName, McpHeaders.NAME + " header "
                    + Rejections.quote(raw) + " is not a valid Base64 sentinel: " + invalid.reason());
        }
        String value = decoded.valueOrNull();
        if (!value.equals(bodyName)) {
            String shown = decoded instanceof HeaderSentinel.DecodeResult.FromBase64
                    ? Rejections.quote(raw) + " (decoded " + Rejections.quote(value) + ")" : Rejections.quote(raw);
            return Rejections.headerMismatch(id, McpHeaders.NAME, raw, bodyName, McpHeaders.NAME + " header " + shown
                    + " does not match params." + nameField + " " + Rejections.quote(bodyName));
        }
        return null;
    }

    /** Checks every {@code Mcp-Param-*} field for disagreeing repeats and control characters. */
    private static Rejection paramHeaderProblem(JsonRpcId id, HeaderView headers) {
        if (!headers.hasNameStartingWith(PARAM_PREFIX_LOWER)) {
            return null;
        }
        Set<String> seen = null;
        for (String name : headers.names()) {
            if (!name.regionMatches(true, 0, PARAM_PREFIX_LOWER, 0, PARAM_PREFIX_LOWER.length())) {
                continue;
            }
            if (seen == null) {
                seen = new HashSet<>();
            }
            if (!seen.add(name.toLowerCase(Locale.ROOT))) {
                continue;
            }
            Rejection bad = malformedField(id, name, HeaderField.read(headers, name));
            if (bad != null) {
                return bad;
            }
        }
        return null;
    }

    /** The -32020 rejection for repeated fields that disagree or a control character, else {@code null}. */
    private static Rejection malformedField(JsonRpcId id, String headerName, HeaderField field) {
        if (field instanceof HeaderField.Conflicting conflicting) {
            List<String> quoted = new ArrayList<>(conflicting.values().size());
            conflicting.values().forEach(v -> quoted.add(Rejections.quote(v)));
            return Rejections.headerInvalid(id, headerName, headerName + " is sent in several fields that disagree ("
                    + String.join(", ", quoted) + ")");
        }
        if (field instanceof HeaderField.ControlCharacter control) {
            return Rejections.headerInvalid(id, headerName, "the " + headerName + " header contains the control "
                    + "character 0x" + String.format(Locale.ROOT, "%02X", (int) control.character()) + " at position "
                    + control.position());
        }
        return null;
    }

    private static Verdict rejected(Rejection rejection) {
        return new Verdict.Rejected(rejection);
    }
}
