package io.eragate.netty.server;

/** The running jar's version, as its manifest states it. */
public final class GatewayVersion {
    private static final String VERSION = detect();

    private GatewayVersion() {
    }

    /** The version, or {@code "dev"} when not running from the packaged jar. */
    public static String current() {
        return VERSION;
    }

    private static String detect() {
        String version = GatewayVersion.class.getPackage().getImplementationVersion();
        return version == null ? "dev" : version;
    }
}
