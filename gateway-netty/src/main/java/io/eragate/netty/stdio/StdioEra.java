package io.eragate.netty.stdio;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.bridge.LegacyReplyReader;
import io.eragate.core.config.UpstreamConfig;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcMessage;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.jsonrpc.JsonRpcResponse;
import io.eragate.core.mcp.Era;
import io.eragate.core.mcp.MetaKeys;
import io.eragate.core.mcp.Methods;
import io.eragate.core.mcp.ProtocolVersions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The era of one stdio upstream and how it was learned: pinned by configuration, or probed with
 * {@code server/discover} on a throw-away process (spec digest §2.2: some legacy servers exit on an unknown first
 * request). What the probe's answer means is the upstream's to decide.
 *
 * <p>Threading: {@link #era()} may be read from any thread; everything else runs on the supervisor thread.
 */
final class StdioEra {
    private final UpstreamConfig config;
    private final StdioRuntime runtime;
    private final List<StdioProcess> probes = new ArrayList<>();
    private volatile Era era;
    private volatile String learnedBy;
    private volatile String detail;
    private volatile Instant learnedAt;
    private boolean probing;
    private long probeSeq;

    StdioEra(UpstreamConfig config, StdioRuntime runtime) {
        this.config = config;
        this.runtime = runtime;
        config.era().pinnedEra().ifPresent(pinned -> learn(pinned, "config", "era: " + config.era().yamlName()));
    }

    /** The era, once pinned or probed; {@code null} before. */
    Era era() {
        return era;
    }

    /** True while a probe runs. */
    boolean isProbing() {
        return probing;
    }

    void learn(Era learned, String by, String why) {
        era = learned;
        learnedBy = by;
        detail = why;
        learnedAt = Instant.now();
    }

    /** The era learned was wrong: it is probed again. */
    void forget(String why) {
        era = null;
        detail = why;
    }

    /**
     * Sends {@code server/discover} to a throw-away process. {@code onAnswer} gets, on the supervisor thread once the
     * process is stopping, the line that answered it, or {@code null} when none did (an exit, a line too long, no
     * answer within {@code eras.probeTimeout}); {@code onCannotStart} gets why the process could not be started.
     */
    void probe(Consumer<String> onAnswer, Consumer<IOException> onCannotStart) {
        probing = true;
        String probeId = "eragate-discover-probe-" + (++probeSeq);
        StdioProcess process;
        try {
            process = StdioProcess.spawn(config, config.name() + "#probe", 4);
        } catch (IOException e) {
            probing = false;
            onCannotStart.accept(e);
            return;
        }
        probes.add(process);
        CompletableFuture<String> answer = new CompletableFuture<>();
        process.startIo(new StdioProcess.Listener() {
            @Override
            public void onLine(String line) {
                for (JsonRpcMessage message : LegacyReplyReader.messages("application/json",
                        line.getBytes(StandardCharsets.UTF_8))) {
                    if (message instanceof JsonRpcResponse response && response.id() != null
                            && probeId.equals(response.id().node().asText())) {
                        answer.complete(line);
                    }
                }
            }

            @Override
            public void onLineTooLong(int maxLineBytes) {
                answer.complete(null);
            }

            @Override
            public void onExited(int exitCode) {
                answer.complete(null);
            }
        });
        process.send(JsonRpcCodec.encode(discoverRequest(probeId)));
        answer.completeOnTimeout(null, runtime.probeTimeout().toMillis(), TimeUnit.MILLISECONDS)
                .whenCompleteAsync((line, failure) -> {
                    probes.remove(process);
                    runtime.stopAsync(process);
                    probing = false;
                    onAnswer.accept(line);
                }, runtime.onSupervisor());
    }

    private JsonRpcRequest discoverRequest(String id) {
        ObjectNode params = JsonNodeFactory.instance.objectNode();
        ObjectNode meta = params.putObject(MetaKeys.META);
        meta.put(MetaKeys.PROTOCOL_VERSION, ProtocolVersions.V2026_07_28);
        meta.putObject(MetaKeys.CLIENT_CAPABILITIES);
        meta.set(MetaKeys.CLIENT_INFO, runtime.client().initializeParams().get("clientInfo"));
        return new JsonRpcRequest(JsonRpcId.of(id), Methods.SERVER_DISCOVER, params);
    }

    /** Stops the probes in flight, adding each stop to {@code stops}. */
    void stopProbes(List<CompletableFuture<Void>> stops) {
        probes.forEach(probe -> stops.add(runtime.stopAsync(probe)));
    }

    /** The era as the era report shows it. */
    void describeInto(ObjectNode line) {
        Era known = era;
        line.put("era", known == null ? null : known.name().toLowerCase(Locale.ROOT));
        line.put("learnedBy", learnedBy);
        line.put("learnedAt", learnedAt == null ? null : learnedAt.toString());
        line.put("detail", detail);
    }
}
