package io.eragate.core.config;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The container files in docker/ (no cluster here): the Kubernetes manifests parse and hold what an operator
 * relies on, their probes point at the admin port of the configuration they mount, and every Eragate
 * configuration shipped for containers validates as {@code validate-config} would.
 */
class DockerFilesTest {
    private static final YAMLMapper YAML = new YAMLMapper();
    private static final Map<String, JsonNode> BY_KIND = new HashMap<>();
    private static final List<JsonNode> DOCUMENTS = new ArrayList<>();

    @BeforeAll
    static void readManifests() throws IOException {
        try (var files = Files.list(RepositoryFiles.root().resolve("docker/k8s"))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList()) {
                try (MappingIterator<JsonNode> documents = YAML.readerFor(JsonNode.class).readValues(file.toFile())) {
                    while (documents.hasNext()) {
                        JsonNode document = documents.next();
                        assertThat(document.path("apiVersion").isTextual()).as("%s has apiVersion", file).isTrue();
                        assertThat(document.path("metadata").path("name").isTextual()).as("%s is named", file)
                                .isTrue();
                        DOCUMENTS.add(document);
                        BY_KIND.putIfAbsent(document.path("kind").asText(), document);
                    }
                }
            }
        }
    }

    @Test
    void everyKindAnOperatorNeedsIsThere() {
        assertThat(BY_KIND).containsKeys("ConfigMap", "Secret", "Deployment", "Service", "PodDisruptionBudget");
        assertThat(BY_KIND.get("PodDisruptionBudget").path("apiVersion").asText()).isEqualTo("policy/v1");
        assertThat(BY_KIND.get("Deployment").path("apiVersion").asText()).isEqualTo("apps/v1");
    }

    @Test
    void theDeploymentRunsSeveralNonRootReplicasProbedOnTheAdminPort() throws Exception {
        JsonNode deployment = BY_KIND.get("Deployment");
        JsonNode pod = deployment.path("spec").path("template");
        JsonNode container = pod.path("spec").path("containers").get(0);
        GatewayConfig config = configMapConfig();

        assertThat(deployment.path("spec").path("replicas").asInt()).isGreaterThanOrEqualTo(2);
        assertThat(pod.path("spec").path("securityContext").path("runAsNonRoot").asBoolean()).isTrue();
        assertThat(container.path("readinessProbe").path("httpGet").path("path").asText()).isEqualTo("/readyz");
        assertThat(container.path("livenessProbe").path("httpGet").path("path").asText()).isEqualTo("/healthz");
        Map<String, Integer> ports = new HashMap<>();
        container.path("ports").forEach(port -> ports.put(port.path("name").asText(),
                port.path("containerPort").asInt()));
        assertThat(container.path("readinessProbe").path("httpGet").path("port").asText()).isEqualTo("admin");
        assertThat(container.path("livenessProbe").path("httpGet").path("port").asText()).isEqualTo("admin");
        assertThat(ports).containsEntry("admin", config.admin().port()).containsEntry("mcp", config.listen().port());
        assertThat(container.path("args").toString()).contains("/etc/eragate/eragate.yaml");
        assertThat(pod.path("spec").path("volumes").toString()).contains("\"name\":\"eragate-config\"");
    }

    @Test
    void servicesAndTheBudgetSelectTheDeploymentsPods() {
        JsonNode labels = BY_KIND.get("Deployment").path("spec").path("template").path("metadata").path("labels");
        JsonNode selector = BY_KIND.get("Deployment").path("spec").path("selector").path("matchLabels");
        assertThat(selector).isEqualTo(labels);
        List<JsonNode> services = DOCUMENTS.stream().filter(d -> d.path("kind").asText().equals("Service")).toList();
        assertThat(services).hasSize(2);
        services.forEach(service -> assertThat(service.path("spec").path("selector")).isEqualTo(labels));
        assertThat(BY_KIND.get("PodDisruptionBudget").path("spec").path("selector").path("matchLabels"))
                .isEqualTo(labels);
        assertThat(services.get(0).path("spec").path("sessionAffinity").asText()).isEqualTo("ClientIP");
    }

    @Test
    void theSecretIsMountedWhereTheConfigurationReadsEveryKeyOfIt() {
        JsonNode secret = BY_KIND.get("Secret");
        JsonNode podSpec = BY_KIND.get("Deployment").path("spec").path("template").path("spec");
        String volume = null;
        for (JsonNode candidate : podSpec.path("volumes")) {
            if (candidate.path("secret").path("secretName").asText().equals(
                    secret.path("metadata").path("name").asText())) {
                volume = candidate.path("name").asText();
            }
        }
        assertThat(volume).as("a volume of the Secret").isNotNull();
        String mountPath = null;
        for (JsonNode mount : podSpec.path("containers").get(0).path("volumeMounts")) {
            if (mount.path("name").asText().equals(volume)) {
                mountPath = mount.path("mountPath").asText();
            }
        }
        assertThat(mountPath).as("the Secret's mount").isNotNull();
        String yaml = BY_KIND.get("ConfigMap").path("data").path("eragate.yaml").asText();
        List<String> keys = new ArrayList<>();
        secret.path("stringData").fieldNames().forEachRemaining(keys::add);
        assertThat(keys).isNotEmpty();
        for (String key : keys) {
            assertThat(yaml).contains("${file:" + mountPath + "/" + key + "}");
        }
    }

    @Test
    void theContainerConfigurationsValidate() throws Exception {
        configMapConfig();
        ConfigLoader.load(RepositoryFiles.root().resolve("docker/eragate.yaml"));
        GatewayConfig compose = ConfigLoader.load(RepositoryFiles.root().resolve("docker/compose-eragate.yaml"));
        assertThat(compose.routes()).extracting(RouteConfig::path).containsExactly("/legacy", "/modern");
    }

    /**
     * The ConfigMap's eragate.yaml, validated. Its {@code security.secrets} line names the Secret's values; a build
     * whose configuration has no {@code security.secrets} yet validates the rest.
     */
    private static GatewayConfig configMapConfig() throws ConfigException {
        String yaml = BY_KIND.get("ConfigMap").path("data").path("eragate.yaml").asText();
        assertThat(yaml).contains("secrets:");
        boolean hasSecrets = Arrays.stream(SecurityConfig.class.getRecordComponents())
                .map(RecordComponent::getName).anyMatch("secrets"::equals);
        String checked = hasSecrets ? yaml : yaml.lines().filter(line -> !line.trim().startsWith("secrets:"))
                .reduce("", (all, line) -> all + line + "\n");
        return ConfigLoader.parse(checked, "docker/k8s/configmap.yaml");
    }
}
