package io.eragate.core.era;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.mcp.Era;
import java.util.List;
import java.util.Objects;

/** What a probe answer says about an upstream origin's era. */
public sealed interface ProbeVerdict {

    /** The era this verdict establishes, or {@code null} when it establishes none. */
    Era era();

    /** A short human-readable reason, for logs and the era report. */
    String why();

    /**
     * The upstream speaks 2026-07-28 (or a later modern revision) and shares a version with the gateway.
     *
     * @param supportedVersions the versions the upstream offers, as it listed them
     * @param discoverResult the {@code DiscoverResult} it sent, or {@code null} when the verdict came from a -32022
     *     error whose {@code data.supported} named a version the gateway speaks
     */
    record Modern(List<String> supportedVersions, JsonNode discoverResult) implements ProbeVerdict {

        public Modern {
            supportedVersions = List.copyOf(supportedVersions);
        }

        @Override
        public Era era() {
            return Era.MODERN;
        }

        @Override
        public String why() {
            return (discoverResult != null ? "DiscoverResult" : "-32022 data.supported") + " lists "
                    + supportedVersions;
        }
    }

    /**
     * The upstream speaks 2026-07-28 and also answered a 2025-11-25 {@code initialize} (a dual-era server): legacy
     * clients' traffic passes through to it unchanged.
     *
     * @param modern the modern verdict of its {@code server/discover}
     */
    record DualEra(Modern modern) implements ProbeVerdict {

        public DualEra {
            Objects.requireNonNull(modern, "modern");
        }

        @Override
        public Era era() {
            return Era.MODERN;
        }

        @Override
        public String why() {
            return modern.why() + ", and it answers a 2025-11-25 initialize (dual-era)";
        }
    }

    /**
     * The upstream is legacy: it answered, and not with modern evidence.
     *
     * @param why what it answered
     */
    record Legacy(String why) implements ProbeVerdict {

        public Legacy {
            Objects.requireNonNull(why, "why");
        }

        @Override
        public Era era() {
            return Era.LEGACY;
        }
    }

    /**
     * The answer says nothing about the era (authentication, overload, outage). Never cached.
     *
     * @param why what went wrong
     * @param suggestedHttpStatus the status to answer the client with: 502, 503 or 504
     */
    record Inconclusive(String why, int suggestedHttpStatus) implements ProbeVerdict {

        public Inconclusive {
            Objects.requireNonNull(why, "why");
            if (suggestedHttpStatus != 502 && suggestedHttpStatus != 503 && suggestedHttpStatus != 504) {
                throw new IllegalArgumentException("suggested status is 502, 503 or 504, not " + suggestedHttpStatus);
            }
        }

        @Override
        public Era era() {
            return null;
        }
    }
}
