package io.eragate.core.config;

import java.time.Duration;
import java.util.Objects;

/**
 * Hot reload of the configuration file. SIGHUP reloads whatever these say. Defaults and ranges are set in {@code
 * ConfigReader#reload} and listed in {@code docs/configuration.md}.
 *
 * @param watch    whether a change of the file starts a reload (default true)
 * @param debounce how long the file must stay unchanged before it is read, so that an editor's several writes make
 *                 one reload (default 500ms, 0..1m)
 */
public record ReloadConfig(boolean watch, Duration debounce) {

    public ReloadConfig {
        Objects.requireNonNull(debounce, "debounce");
    }

    /** Every key at its default. */
    public static ReloadConfig defaults() {
        return ConfigReader.DEFAULT_RELOAD;
    }
}
