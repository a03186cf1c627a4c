package io.eragate.netty.admin;

import com.fasterxml.jackson.databind.node.ArrayNode;
import io.eragate.core.config.UpstreamConfig;
import io.eragate.core.health.UpstreamStatus;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * What the dashboard shows of the upstreams, gathered from the running gateway at one moment.
 *
 * @param upstreams the configured upstreams, in configuration order
 * @param erasReportJson the era report of HTTP origins ({@code /admin/eras} without {@code stdio})
 * @param stdioReport the stdio upstreams with their processes, as {@code /admin/eras} shows them
 * @param pooledSessions bridge sessions held per upstream name
 * @param statuses what each upstream can do now, by name
 * @param speaksHttpSse whether an upstream (by name) was found to speak only 2024-11-05 HTTP+SSE
 */
public record UpstreamFacts(List<UpstreamConfig> upstreams, String erasReportJson, ArrayNode stdioReport,
        Map<String, Integer> pooledSessions, Map<String, UpstreamStatus> statuses, Predicate<String> speaksHttpSse) {
}
