package io.eragate.netty.interop;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The Kubernetes and Envoy snippets of docs/replicas.md parse as YAML and say what the page says they do: affinity
 * by client address and by the {@code Mcp-Session-Id} hash. (No cluster and no Envoy run here; the nginx snippet is
 * run for real by {@code NginxReplicasIT}.)
 */
class DeploymentSnippetsTest {
    private static final YAMLMapper YAML = new YAMLMapper();

    private static List<String> yamlBlocks() throws IOException {
        Matcher matcher = Pattern.compile("```yaml\n(.*?)```", Pattern.DOTALL)
                .matcher(Files.readString(Path.of("..", "docs", "replicas.md")));
        List<String> blocks = new ArrayList<>();
        while (matcher.find()) {
            blocks.add(matcher.group(1));
        }
        assertThat(blocks).as("a Kubernetes block, then an Envoy block").hasSize(2);
        return blocks;
    }

    @Test
    void theKubernetesSnippetIsAServiceWithClientIpAffinityAndAnIngressHashingOnTheSession() throws IOException {
        List<JsonNode> documents = YAML.readerFor(JsonNode.class).<JsonNode>readValues(yamlBlocks().get(0)).readAll();

        assertThat(documents).extracting(d -> d.path("kind").asText()).containsExactly("Service", "Ingress");
        JsonNode service = documents.get(0);
        assertThat(service.path("apiVersion").asText()).isEqualTo("v1");
        assertThat(service.at("/spec/sessionAffinity").asText()).isEqualTo("ClientIP");
        assertThat(service.at("/spec/ports/0/port").asInt()).isEqualTo(8080);
        JsonNode ingress = documents.get(1);
        assertThat(ingress.path("apiVersion").asText()).isEqualTo("networking.k8s.io/v1");
        assertThat(ingress.at("/metadata/annotations").path("nginx.ingress.kubernetes.io/upstream-hash-by").asText())
                .isEqualTo("$http_mcp_session_id");
        JsonNode backend = ingress.at("/spec/rules/0/http/paths/0/backend/service");
        assertThat(backend.path("name").asText()).isEqualTo(service.at("/metadata/name").asText());
        assertThat(backend.at("/port/number").asInt()).isEqualTo(8080);
    }

    @Test
    void theEnvoySnippetHashesOnTheSessionHeaderThenTheClientAddressOverARingHashCluster() throws IOException {
        JsonNode envoy = YAML.readTree(yamlBlocks().get(1));

        JsonNode cluster = envoy.at("/static_resources/clusters/0");
        assertThat(cluster.path("lb_policy").asText()).isEqualTo("RING_HASH");
        assertThat(cluster.at("/load_assignment/endpoints/0/lb_endpoints")).hasSize(2);
        JsonNode manager = envoy.at("/static_resources/listeners/0/filter_chains/0/filters/0/typed_config");
        assertThat(manager.path("@type").asText()).endsWith("http_connection_manager.v3.HttpConnectionManager");
        JsonNode route = manager.at("/route_config/virtual_hosts/0/routes/0/route");
        assertThat(route.path("cluster").asText()).isEqualTo(cluster.path("name").asText());
        assertThat(route.at("/hash_policy/0/header/header_name").asText()).isEqualTo("mcp-session-id");
        assertThat(route.at("/hash_policy/1/connection_properties/source_ip").asBoolean()).isTrue();
        assertThat(route.path("timeout").asText()).as("streams are not cut by a route timeout").isEqualTo("0s");
    }
}
