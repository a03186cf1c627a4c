package io.eragate.netty.cli;

import io.eragate.core.mcp.ProtocolVersions;
import picocli.CommandLine;

/** Reports the jar's version and the protocol versions it speaks. */
final class VersionProvider implements CommandLine.IVersionProvider {

    @Override
    public String[] getVersion() {
        String version = Main.class.getPackage().getImplementationVersion();
        return new String[] {
            "eragate " + (version == null ? "development build" : version),
            "modern protocol versions: " + String.join(", ", ProtocolVersions.MODERN),
            "legacy protocol versions: " + String.join(", ", ProtocolVersions.LEGACY)
        };
    }
}
