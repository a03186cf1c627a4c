package io.eragate.netty.telemetry;

import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Keeps every exported span in memory, for tests. */
final class CollectingExporter implements SpanExporter {
    private final List<SpanData> spans = new CopyOnWriteArrayList<>();

    @Override
    public CompletableResultCode export(Collection<SpanData> batch) {
        spans.addAll(batch);
        return CompletableResultCode.ofSuccess();
    }

    @Override
    public CompletableResultCode flush() {
        return CompletableResultCode.ofSuccess();
    }

    @Override
    public CompletableResultCode shutdown() {
        return CompletableResultCode.ofSuccess();
    }

    List<SpanData> spans() {
        return List.copyOf(spans);
    }

    SpanData named(String name) {
        return spans.stream().filter(span -> span.getName().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no span " + name + " in " + spans));
    }

    SpanData server(String name) {
        return spans.stream().filter(span -> span.getName().equals(name))
                .filter(span -> span.getKind() == io.opentelemetry.api.trace.SpanKind.SERVER).findFirst()
                .orElseThrow(() -> new AssertionError("no span " + name + " in " + spans));
    }
}
