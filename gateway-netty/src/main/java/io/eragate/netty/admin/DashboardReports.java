package io.eragate.netty.admin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.config.UpstreamConfig;
import io.eragate.core.era.OriginKey;
import io.eragate.core.health.Availability;
import io.eragate.core.health.UpstreamStatus;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.mcp.ProtocolVersions;
import io.eragate.core.reload.ReloadReport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/** The JSON of the dashboard's admin endpoints: {@code /admin/upstreams} and {@code /admin/reload}. */
public final class DashboardReports {

    private DashboardReports() {
    }

    /**
     * Every configured upstream: {@code name}, {@code kind} ({@code http}/{@code stdio}), {@code target} (origin or
     * program file name), {@code era} ({@code modern}/{@code legacy}/null), {@code protocolVersion} (the version
     * the gateway speaks with it), {@code learnedBy} ({@code config}, {@code probe}, ...), {@code health} and
     * {@code healthDetail}, {@code pooledSessions}, and for stdio upstreams {@code processes}.
     */
    public static ObjectNode upstreamsJson(UpstreamFacts facts) {
        Map<String, JsonNode> origins = byField(parse(facts.erasReportJson()).path("origins"), "origin");
        Map<String, JsonNode> processes = byField(facts.stdioReport(), "upstream");
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        ArrayNode list = json.putArray("upstreams");
        for (UpstreamConfig upstream : facts.upstreams()) {
            ObjectNode line = list.addObject();
            line.put("name", upstream.name());
            line.put("kind", upstream.isStdio() ? "stdio" : "http");
            JsonNode era;
            if (upstream.isStdio()) {
                era = processes.getOrDefault(upstream.name(), JsonNodeFactory.instance.objectNode());
                // The program's file name only: its directory says nothing useful, and arguments may hold secrets.
                Path program = Path.of(upstream.command().get(0)).getFileName();
                line.put("target", program == null ? upstream.command().get(0) : program.toString());
            } else {
                String origin = OriginKey.of(upstream.url()).toString();
                era = origins.getOrDefault(origin, JsonNodeFactory.instance.objectNode());
                line.put("target", origin);
            }
            String eraWord = era.path("era").isTextual() ? era.path("era").asText() : null;
            line.put("era", eraWord);
            line.put("protocolVersion", protocolVersion(eraWord, facts.speaksHttpSse().test(upstream.name())));
            line.put("learnedBy", era.path("learnedBy").asText(null));
            line.put("learnedAt", era.path("learnedAt").asText(null));
            UpstreamStatus status = facts.statuses().getOrDefault(upstream.name(),
                    new UpstreamStatus(upstream.name(), Availability.UNTRIED, null));
            line.put("health", status.availability().word());
            line.put("healthDetail", status.detail());
            line.put("pooledSessions", facts.pooledSessions().getOrDefault(upstream.name(), 0));
            if (upstream.isStdio()) {
                line.set("processes", era.path("instances").deepCopy());
            }
        }
        return json;
    }

    /** The last reload: {@code at}, {@code trigger}, {@code result}, {@code summary}, {@code problems}. */
    public static ObjectNode reloadJson(ReloadReport report) {
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        if (report == null) {
            json.putNull("lastReload");
            return json;
        }
        ObjectNode last = json.putObject("lastReload");
        last.put("at", report.at().toString());
        last.put("trigger", report.trigger());
        last.put("result", report.result().word());
        last.put("summary", report.summary());
        ArrayNode problems = last.putArray("problems");
        report.problems().forEach(problems::add);
        return json;
    }

    private static String protocolVersion(String era, boolean httpSse) {
        if (era == null) {
            return null;
        }
        if (era.equals("modern")) {
            return ProtocolVersions.V2026_07_28;
        }
        return httpSse ? ProtocolVersions.V2024_11_05 : ProtocolVersions.V2025_11_25;
    }

    private static Map<String, JsonNode> byField(JsonNode array, String field) {
        Map<String, JsonNode> byField = new HashMap<>();
        for (JsonNode entry : array) {
            byField.put(entry.path(field).asText(), entry);
        }
        return byField;
    }

    private static JsonNode parse(String json) {
        try {
            return JsonRpcCodec.mapper().readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException("the era report is JSON", e);
        }
    }
}
